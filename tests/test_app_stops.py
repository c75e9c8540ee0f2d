"""Each player's stops (the stops strip) are saved in the settings and restored at the
next game, clicked on the strip with real mouse events (issue 5)."""
from __future__ import annotations

import json

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QPointF, Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402

from engine.session import LocalSession  # noqa: E402
from engine.setup import from_setup  # noqa: E402

from app import settings  # noqa: E402
from app.table.controller import STOPS_ACTIVE, STOPS_OTHER  # noqa: E402
from app.table.items import StopItem  # noqa: E402
from table_mouse import settle, show_table  # noqa: E402

LIB = ["Forest"] * 10
SETUP = {"active": "alice", "step": "main2", "players": {
    "alice": {"battlefield": ["Forest", "Grizzly Bears"], "hand": ["Giant Growth"], "library": LIB},
    "bob": {"library": LIB}}}


@pytest.fixture(autouse=True)
def settings_file(tmp_path, monkeypatch):
    path = tmp_path / "settings.json"
    monkeypatch.setattr(settings, "settings_path", lambda: path)
    return path


def table(qtbot, remember=True):
    g = from_setup(SETUP)
    w = show_table(qtbot, LocalSession(g), ["alice", "bob"], remember_stops=remember)
    settle(w)
    return g, w


def row(w, step: str) -> StopItem:
    return next(it for it in w.scene.items() if isinstance(it, StopItem) and it.step == step)


def click_toggle(w, step: str, whose: str) -> None:
    """A real click on the strip: the "their turn" or "yours" dot of a step's row."""
    r = row(w, step)
    x = r.W - 54 if whose == "theirs" else r.W - 18
    at = w.view.mapFromScene(r.mapToScene(QPointF(x, r.H / 2)))
    QTest.mouseClick(w.view.viewport(), Qt.LeftButton, Qt.NoModifier, at)


def test_stops_clicked_on_the_strip_are_restored_in_the_next_game(qtbot, settings_file):
    g, w = table(qtbot)
    assert w.ctl.seat == "alice"
    click_toggle(w, "end", "mine")          # stop in my own end step
    click_toggle(w, "upkeep", "theirs")     # stop in bob's upkeep
    click_toggle(w, "declare_blockers", "theirs")  # no longer stop when bob's blockers are declared
    saved = json.loads(settings_file.read_text())["stops"]
    assert saved["alice"] == {"mine": sorted(STOPS_ACTIVE | {"end"}),
                              "theirs": sorted((STOPS_OTHER | {"upkeep"}) - {"declare_blockers"})}
    assert "bob" not in saved, "only the player who clicked"
    w.close()

    g2, w2 = table(qtbot)                   # the next game
    mine, theirs = w2.ctl.stops["alice"]
    assert "end" in mine and "upkeep" in theirs and "declare_blockers" not in theirs
    assert w2.ctl.stops["bob"] == (set(STOPS_ACTIVE), set(STOPS_OTHER)), "bob keeps the defaults"
    assert row(w2, "end").state[1] and row(w2, "upkeep").state[0], "the strip shows the restored stops lit"
    assert not row(w2, "declare_blockers").state[0]
    QTest.keyClick(w2.view, Qt.Key_Space)   # pass in main 2: the restored stop holds in the end step
    assert w2.ctl.view()["step"] == "end" and w2.ctl.decision.player == "alice"


def test_a_table_that_does_not_remember_leaves_the_settings_alone(qtbot, settings_file):
    g, w = table(qtbot, remember=False)
    click_toggle(w, "end", "mine")
    assert "end" in w.ctl.stops_active
    assert not settings_file.exists()


def test_broken_saved_stops_fall_back_to_the_defaults(qtbot, settings_file):
    settings_file.write_text(json.dumps({"stops": {"alice": {"mine": "end", "theirs": [1, 2]}}}))
    assert settings.saved_stops("alice") is None
    g, w = table(qtbot)
    assert w.ctl.stops["alice"] == (set(STOPS_ACTIVE), set(STOPS_OTHER))


def test_toggling_a_stop_names_whose_turn():
    from app.table.controller import TableController
    ctl = TableController(LocalSession(from_setup(SETUP)), ["alice"])
    with pytest.raises(ValueError, match="mine"):
        ctl.toggle_stop("end", "yours")
