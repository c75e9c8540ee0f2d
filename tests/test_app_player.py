"""The table as a player sees it (issue 16), driven with real mouse and key events on the
widgets (tests/table_mouse.py): arrows that follow the seats, no hidden card on screen,
responses after "pass turn", readable choices, undo of a mana tap, words."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QPointF, Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from engine.session import LocalSession  # noqa: E402
from engine.setup import from_setup  # noqa: E402

from app.table.items import ArrowLayer, CardItem  # noqa: E402
from app.table.widget import TableWidget  # noqa: E402
from table_mouse import click, double_click, drag, space, vp_point  # noqa: E402,F401

KEEP = []
LIB = ["Forest"] * 10


def table_for(qtbot, setup, humans=("alice", "bob"), size=(1500, 920)):
    g = from_setup(setup)
    w = TableWidget(LocalSession(g), list(humans), modal_errors=False)
    KEEP.append(w)
    qtbot.addWidget(w)
    w.resize(*size)
    w.show()
    w.activateWindow()
    w.view.fit()
    settle(w)
    return g, w


def settle(w) -> None:
    """Lift the hand-over screen with a click, as the next player does."""
    if w.curtain.isVisible() and w.scene.hide_hands:
        QTest.mouseClick(w.curtain.button, Qt.LeftButton)


def card_center(w, obj) -> QPointF:
    return w.scene.cards[obj].sceneBoundingRect().center()


def ids(g, name, controller, zone="battlefield"):
    objs = g.battlefield if zone == "battlefield" else g.players[controller].zone(zone)
    return [i for i in objs if g.objects[i].card.name == name and g.objects[i].controller == controller]


def arrows(w):
    layer = next(it for it in w.scene.items() if isinstance(it, ArrowLayer))
    return layer


def assert_arrows_follow(w):
    """Every arrow drawn starts and ends at the current centers of what it joins."""
    layer = arrows(w)
    assert layer.shapes, "arrows are drawn"
    for (a, b, kind, dashed), (curve, head, _, _) in layer.shapes.items():
        pa, pb = w.scene._anchor(a), w.scene._anchor(b)
        start = curve.elementAt(0)
        end = curve.elementAt(curve.elementCount() - 1)
        assert (round(start.x), round(start.y)) == (round(pa.x()), round(pa.y())), (kind, a, b)
        assert (round(end.x), round(end.y)) == (round(pb.x()), round(pb.y())), (kind, a, b)


def test_arrows_follow_the_seats_when_the_hotseat_view_turns_around(qtbot):
    g, w = table_for(qtbot, {"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Mountain", "Forest", "Raging Goblin", "Hill Giant"],
                  "hand": ["Lightning Bolt", "Giant Growth"],
                  "library": LIB},
        "bob": {"battlefield": ["Grizzly Bears", "Runeclaw Bear", "Mountain"], "hand": ["Lightning Bolt"],
                "library": LIB}}})
    bears = ids(g, "Grizzly Bears", "bob")[0]
    goblin, giant = ids(g, "Raging Goblin", "alice")[0], ids(g, "Hill Giant", "alice")[0]
    drag(w, card_center(w, ids(g, "Lightning Bolt", "alice", "hand")[0]), card_center(w, bears))
    assert w.scene.v["stack"], "the bolt is on the stack"
    settle(w)
    assert w.ctl.seat == "bob", "bob may respond"
    assert_arrows_follow(w)
    # bob answers with his own bolt at the goblin: alice, now at the bottom again, sees both arrows
    drag(w, card_center(w, ids(g, "Lightning Bolt", "bob", "hand")[0]), card_center(w, goblin))
    settle(w)
    assert w.ctl.seat == "alice" and len(w.scene.v["stack"]) == 2
    assert len(arrows(w).shapes) == 2
    assert_arrows_follow(w)
    for _ in range(8):   # both resolve; on to combat
        d = w.ctl.decision
        if d is not None and d.kind == "attackers":
            break
        space(w)
        settle(w)
    assert w.ctl.seat == "alice" and w.ctl.decision.kind == "attackers"
    drag(w, card_center(w, giant), w.scene.players["bob"].center())
    space(w)
    settle(w)
    assert w.ctl.seat == "bob" and w.ctl.decision.kind == "blockers"
    assert_arrows_follow(w)
    runeclaw = ids(g, "Runeclaw Bear", "bob")[0]
    drag(w, card_center(w, runeclaw), card_center(w, giant))
    space(w)
    settle(w)
    assert w.ctl.seat == "alice", "alice gets priority after blockers"
    kinds = sorted(k[2] for k in arrows(w).shapes)
    assert kinds == ["attack", "block"]
    assert_arrows_follow(w)
