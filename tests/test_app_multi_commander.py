"""Commander at the table (issue 17, item 4 with 903): the new-game dialog's Commander variant
starts a game of commander decks; the command zone shows each commander; a commander is
cast from it by dragging it onto the battlefield, and its tax and the commander damage
each player took show by each player. Real mouse and keyboard events, the real engine."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import Qt, QTimer  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication, QDialogButtonBox  # noqa: E402
from table_mouse import double_click, drag, space  # noqa: E402
from test_app_multi_newgame import choose, set_seats  # noqa: E402

from app.application import MainWindow  # noqa: E402
from app.lobby.newgame import TableDialog  # noqa: E402
from app.table.widget import TableWidget  # noqa: E402
from engine.session import LocalSession  # noqa: E402
from engine.setup import from_setup  # noqa: E402

KEEP = []
LIB = ["Mountain"] * 10


def test_the_commander_variant_offers_commander_decks_and_starts_a_commander_game(qtbot):
    win = MainWindow()
    KEEP.append(win)
    qtbot.addWidget(win)
    win.show()
    seen = {}

    def fill() -> None:
        dlg = next(w for w in QApplication.topLevelWidgets() if isinstance(w, TableDialog) and w.isVisible())
        set_seats(dlg, 4)
        choose(dlg.variant, "Commander")
        decks = [dlg.rows[i][3].currentText() for i in range(4)]
        seen["decks"] = decks
        seen["offered"] = [dlg.rows[0][3].itemText(i) for i in range(dlg.rows[0][3].count())]
        for i in (2, 3):
            choose(dlg.rows[i][2], "bot: random")
        QTest.mouseClick(dlg.buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)

    QTimer.singleShot(0, fill)
    win.menu_actions["table"].trigger()
    assert all(label.startswith("Commander: ") for label in seen["offered"] if not label.startswith("⚠")), seen
    assert len(set(seen["decks"])) == 4, "four different commander decks by default"
    t = win.table
    assert t is not None and win.last_game["format"] == "commander"
    g = t.ctl.session.game
    assert all(g.players[s].life == 40 for s in g.order), "903.7"
    if t.curtain.isVisible():
        QTest.mouseClick(t.curtain.button, Qt.MouseButton.LeftButton)
    v = t.ctl.view()
    for seat in v["order"]:
        cmd = v["players"][seat]["command"]
        assert " and ".join(sorted(c["name"] for c in cmd)) == v["players"][seat]["commander"] or len(cmd) > 1
        for c in cmd:      # one commander, or each of two partners (a later rule)
            it = t.scene.cards[c["id"]]
            assert it.zone == "command" and it.face_up
            assert t.scene.boxes[seat].area.contains(it.sceneBoundingRect().center())
        assert t.scene.players[seat].toolTip().count("commander tax") == len(cmd)


def commander_table(qtbot):
    g = from_setup({"seats": ["alice", "bob", "carol"], "format": "commander", "active": "alice", "step": "main1",
                    "players": {
                        "alice": {"commander": "Krenko, Mob Boss", "command": ["Krenko, Mob Boss"],
                                  "commander_casts": 1, "battlefield": ["Mountain"] * 7, "hand": ["Mountain"],
                                  "library": LIB},
                        "bob": {"library": LIB, "commander_damage": {"alice": 12, "carol": 4}},
                        "carol": {"library": LIB}}})
    w = TableWidget(LocalSession(g), ["alice", "bob", "carol"], modal_errors=False)
    KEEP.append(w)
    qtbot.addWidget(w)
    w.resize(1500, 920)
    w.show()
    return g, w


def test_a_commander_is_cast_from_the_command_zone_by_drag_with_its_tax(qtbot):
    g, w = commander_table(qtbot)
    krenko = g.players["alice"].command[0]
    it = w.scene.cards[krenko]
    assert it.zone == "command" and it.highlight == "playable"
    tip = w.scene.players["alice"].toolTip()
    assert "cast 1 time" in tip and "costs {2} more" in tip
    assert "12 from alice's commander" in w.scene.players["bob"].toolTip()
    drag(w, it.sceneBoundingRect().center(), w.scene.zones[("creatures", "alice")].rect.center())
    cast = [e for e in g.events if e.get("type") == "cast"]
    assert cast and cast[-1].get("card") == "Krenko, Mob Boss", cast[-1:]
    lands = [i for i in g.battlefield if g.objects[i].card.name == "Mountain"]
    assert sum(g.objects[i].tapped for i in lands) == 6, "{2}{R}{R} and {2} of tax (903.8)"
    for _ in range(6):
        if w.curtain.isVisible() and w.scene.hide_hands:
            QTest.mouseClick(w.curtain.button, Qt.MouseButton.LeftButton)
        if not g.stack:
            break
        space(w)
    assert any(g.objects[i].card.name == "Krenko, Mob Boss" for i in g.battlefield)
    assert g.players["alice"].commander_casts == 2
    assert "cast 2 times" in w.scene.players["alice"].toolTip()
    assert not w.scene.players["alice"].toolTip().count("costs {2} more")


def test_a_commander_cannot_be_cast_without_the_mana_and_says_so(qtbot):
    g, w = commander_table(qtbot)
    for i in list(g.battlefield)[:3]:   # four lands left: not enough for {2}{R}{R} and the tax
        g.objects[i].tapped = True
    w.refresh()
    krenko = g.players["alice"].command[0]
    double_click(w, w.scene.cards[krenko].sceneBoundingRect().center())
    assert not g.stack and krenko in g.players["alice"].command
    assert w.status.text(), "a reason is shown"
