"""404.3 at the table: the owner orders the cards put into their graveyard at once in the prompt panel's list (the
one the trigger and blocker orders use), dragged into order, first = top; Space confirms."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtWidgets import QListWidget  # noqa: E402
from table_mouse import settle, show_table, space  # noqa: E402

from engine.session import LocalSession  # noqa: E402
from engine.setup import from_setup  # noqa: E402


def test_the_owner_drags_the_order_of_cards_milled_at_once(qtbot):
    g = from_setup({"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Volrath's Shapeshifter", "Island"], "hand": ["Thought Scour"],
                  "library": ["Grizzly Bears", "Hill Giant"] + ["Island"] * 6},
        "bob": {"library": ["Forest"] * 6}}})
    scour = g.players["alice"].hand[0]
    g.submit("alice", {"action": "cast", "card": scour, "targets": ["alice"]})
    g.submit("alice", {"action": "pass"})
    g.submit("bob", {"action": "pass"})
    assert g.pending.kind == "choose_cards" and g.pending.data.get("ordered")
    w = show_table(qtbot, LocalSession(g), ("alice", "bob"))
    settle(w)
    lw = w.prompt.findChild(QListWidget, "order")
    assert lw is not None and lw.count() == 2
    first = lw.item(0).data(Qt.UserRole)
    lw.insertItem(0, lw.takeItem(1))  # the second card dragged to the top
    top = lw.item(0).data(Qt.UserRole)
    assert top != first
    space(w)
    pile = g.players["alice"].graveyard
    assert pile[-2] == top, "the card put first in the list lies on top of the two (the spell above them)"
