"""The casual variants at the table (901 Planechase, 902 Vanguard, 904 Archenemy): the new-game dialog's
"Casual cards" boxes start a game with a planar deck for each seat, an avatar each and the first seat's
scheme deck, built at random from the cards the engine plays; the table shows the face-up plane, the avatars and
the schemes in the command zone; the planar die is rolled with the panel's button (a real mouse click) and with
Ctrl+R. Real mouse and keyboard events, the real engine."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QPoint, Qt, QTimer  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication, QDialogButtonBox  # noqa: E402
from table_mouse import double_click  # noqa: E402
from test_app_multi_newgame import choose, set_seats  # noqa: E402

from app.application import MainWindow  # noqa: E402
from app.lobby.newgame import TableDialog  # noqa: E402
from app.table.widget import TableWidget  # noqa: E402
from engine.session import LocalSession  # noqa: E402
from engine.setup import from_setup  # noqa: E402

KEEP = []
PLANES = ["Fields of Summer", "Gavony", "Krosa", "Llanowar", "Murasa", "Naar Isle", "Nephalia", "Shiv", "Takenuma"]


def test_the_dialog_starts_a_planechase_vanguard_archenemy_game(qtbot):
    win = MainWindow()
    KEEP.append(win)
    qtbot.addWidget(win)
    win.show()
    seen = {}

    def fill() -> None:
        dlg = next(w for w in QApplication.topLevelWidgets() if isinstance(w, TableDialog) and w.isVisible())
        set_seats(dlg, 2)
        choose(dlg.rows[1][2], "bot: random")
        for name in ("planechase", "vanguard", "archenemy"):
            box = dlg.casual[name]
            QTest.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(8, box.height() // 2))  # its check mark
            seen[name] = box.isChecked()
        QTest.mouseClick(dlg.buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)

    QTimer.singleShot(0, fill)
    win.menu_actions["table"].trigger()
    assert seen == {"planechase": True, "vanguard": True, "archenemy": True}
    t = win.table
    assert t is not None
    casual = win.last_game["casual"]
    g = t.ctl.session.game
    alice, bob = g.order if g.order[0] == "alice" else g.order[::-1]
    assert set(casual) == {"planar", "vanguard", "schemes"} and list(casual["schemes"]) == ["alice"]
    assert g.starting == "alice", "904.6: the archenemy takes the first turn"
    for seat in ("alice", "bob"):
        deck = casual["planar"][seat]
        assert len(deck) == 10 and len(set(deck)) == 10, "901.3"
        assert [g.objects[i].card.name for i in g.players[seat].command] == [casual["vanguard"][seat]]
    assert len(g.players["alice"].schemes) == 20
    v = t.ctl.view()
    assert v["players"]["alice"]["planar_deck"] == 10 and v["players"]["alice"]["scheme_deck"] == 20
    # the avatar is in the command zone of the table, face up
    for seat in ("alice", "bob"):
        for c in v["players"][seat]["command"]:
            it = t.scene.cards[c["id"]]
            assert it.zone == "command" and it.face_up


def planar_table(qtbot, seed: int):
    g = from_setup({"active": "alice", "step": "main1", "players": {
        "alice": {"command": ["Tazeem"], "planar": PLANES, "vanguard": "Erhnam Djinn Avatar",
                  "battlefield": ["Forest", "Forest"], "library": ["Forest"] * 10},
        "bob": {"planar": ["New Argive", "Paliano", "Panopticon", "Riptide Island", "Truga Jungle", "Tember City",
                           "The Wilds", "Towashi", "Undercity Reaches", "Littjara"], "library": ["Forest"] * 10}}},
        None, seed)
    w = TableWidget(LocalSession(g), ["alice", "bob"], modal_errors=False)
    KEEP.append(w)
    qtbot.addWidget(w)
    w.resize(1500, 920)
    w.show()
    w.activateWindow()
    return g, w


def test_the_planar_die_is_rolled_with_the_button_and_with_ctrl_r(qtbot):
    g, w = planar_table(qtbot, seed=7)   # seed 7: the first roll is {CHAOS}
    tazeem = g.players["alice"].command[0]
    it = w.scene.cards[tazeem]
    assert it.zone == "command" and it.face_up and it.name == "Tazeem"
    assert w.scene.boxes["alice"].area.contains(it.sceneBoundingRect().center())
    button = w.prompt.buttons["roll_planar_die"]
    assert "{0}" in button.text()
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)
    rolls = [e for e in g.events if e.get("type") == "planar_die"]
    assert [r["face"] for r in rolls] == ["chaos"]
    triggered = [e for e in g.events if e.get("type") == "trigger"]
    assert triggered and triggered[-1]["card"] == "Tazeem", "its chaos ability (901.9b, 309.7)"
    # alice's own ability resolves as she passes (the table passes for her): a card for each land she controls
    assert not g.stack and len(g.players["alice"].hand) == 2
    assert "{1}" in w.prompt.buttons["roll_planar_die"].text(), "the second roll costs {1} (901.9)"
    QTest.keyClick(w.view, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    assert len([e for e in g.events if e.get("type") == "planar_die"]) == 2
    assert sum(g.objects[i].tapped for i in g.battlefield if g.objects[i].card.name == "Forest") == 1
    rolled = g.players["alice"].die_rolls
    assert g.pending is not None and g.pending.player == "alice" and not g.stack   # seed 7: then a blank face
    assert "roll_planar_die" not in w.prompt.buttons, "a third roll costs {2}: one Forest is left"
    QTest.keyClick(w.view, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    assert g.players["alice"].die_rolls == rolled and "901.9" in w.status.text()


def test_ctrl_r_rolls_the_planeswalker_symbol_and_planeswalks(qtbot):
    g, w = planar_table(qtbot, seed=0)   # seed 0: {PW}
    QTest.keyClick(w.view, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    triggered = [e for e in g.events if e.get("type") == "trigger"]
    assert triggered and triggered[-1]["card"] == "Planar die", "the planeswalking ability (901.8)"
    assert [g.objects[i].card.name for i in g.players["alice"].command] == ["Erhnam Djinn Avatar", "Fields of Summer"]
    w.scene.message.emit("")
    double_click(w, w.scene.cards[g.players["alice"].command[1]].sceneBoundingRect().center())
    assert "nothing to do" in w.status.text(), "a plane without activated abilities says so"



def test_the_player_panel_counts_the_planar_and_scheme_decks() -> None:
    from app.table.items import variant_decks
    assert variant_decks({"planar_deck": 9, "scheme_deck": 20}) == "planar 9 · schemes 20"
    assert variant_decks({"planar_deck": 10}) == "planar 10"
    assert variant_decks({"library": 40}) == ""   # no casual variant: nothing shown
