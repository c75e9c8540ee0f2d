"""Special actions (115.2) from the table, with real mouse events: a card in hand is suspended (702.61a) and a
face-down creature is turned face up (702.36e) by double-clicking it and choosing the action in the panel."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402

from engine.session import LocalSession  # noqa: E402
from engine.setup import from_setup  # noqa: E402

from app.table.prompt import choice_label  # noqa: E402
from table_mouse import card_center, double_click, settle, show_table  # noqa: E402

LIB = ["Island"] * 10


def table_for(qtbot, alice):
    g = from_setup({"active": "alice", "step": "main1", "players": {
        "alice": {"library": LIB, **alice}, "bob": {"library": LIB}}}, seed=1)
    w = show_table(qtbot, LocalSession(g), ("alice", "bob"))
    settle(w)
    return g, w


def obj(g, name, zone):
    (i,) = [i for i in g.objects if g.objects[i].card.name == name and g.objects[i].zone == zone]
    return i


def press(w, label: str) -> None:
    """Click the panel's button with these words."""
    b = w.prompt.buttons.get(label)
    assert b is not None, sorted(w.prompt.buttons)
    QTest.mouseClick(b, Qt.MouseButton.LeftButton)


def test_a_card_in_hand_is_suspended_from_the_panel(qtbot):
    g, w = table_for(qtbot, {"hand": ["Rift Bolt"], "battlefield": ["Mountain"] * 3})
    bolt = obj(g, "Rift Bolt", "hand")
    double_click(w, card_center(w, bolt))
    labels = [choice_label(o) for o in w.scene.choices]
    assert labels == ["cast Rift Bolt", "suspend Rift Bolt"], labels
    press(w, "suspend Rift Bolt")
    (ex,) = g.players["alice"].exile
    assert g.objects[ex].card.name == "Rift Bolt" and g.objects[ex].counters.get("time") == 1  # Suspend 1
    assert [g.objects[i].tapped for i in g.battlefield].count(True) == 1, "its suspend cost {R} paid"


def test_a_face_down_creature_is_turned_face_up_by_a_double_click(qtbot):
    g, w = table_for(qtbot, {"hand": ["Exalted Angel"], "battlefield": ["Plains"] * 7})
    angel = obj(g, "Exalted Angel", "hand")
    down = next(o for o in g.pending.options if o.get("card") == angel and o.get("alt") == "morph")
    assert w.ctl.submit({k: down[k] for k in ("action", "card", "alt")})   # cast face down for {3} (702.36b)
    w.ctl.submit({"action": "pass"})   # bob passes: it resolves, and alice has priority again
    settle(w)                          # the hand-over screen of hotseat lifted by her click
    (fd,) = [i for i in g.battlefield if "face_down" in g.objects[i].chosen]
    assert g.chars(fd).power == 2
    assert [o["action"] for o in w.scene.special_options(fd)] == ["turn_face_up"]
    double_click(w, card_center(w, fd))
    assert "face_down" not in g.objects[fd].chosen, "turned face up for its morph cost {2}{W}{W} (702.36e)"
    assert g.objects[fd].card.name == "Exalted Angel" and g.chars(fd).power == 4
    assert [g.objects[i].tapped for i in g.battlefield].count(True) == 7
