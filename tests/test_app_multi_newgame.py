"""The new-game dialog for 2 to 6 seats (issue 17, item 4), driven by keyboard and mouse:
how many seats, who plays each (a person or a bot), the decks; a game starts with the
people at the table behind the hand-over screen and the bots answering by themselves."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import Qt, QTimer  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication, QComboBox, QDialogButtonBox  # noqa: E402

from app.application import MainWindow  # noqa: E402
from app.lobby.newgame import BOTS, PERSON, TableDialog  # noqa: E402

KEEP = []


@pytest.fixture
def win(qtbot):
    w = MainWindow()
    KEEP.append(w)
    qtbot.addWidget(w)
    w.show()
    return w


def choose(combo: QComboBox, text: str) -> None:
    """Pick ``text`` in a combo box with the keyboard, as a player does (Home, then Down)."""
    combo.setFocus()
    QTest.keyClick(combo, Qt.Key.Key_Home)
    for _ in range(combo.count()):
        if combo.currentText() == text:
            return
        QTest.keyClick(combo, Qt.Key.Key_Down)
    raise AssertionError(f"{text!r} not offered in {combo.objectName()}")


def set_seats(dlg: TableDialog, n: int) -> None:
    dlg.count.setFocus()
    dlg.count.selectAll()
    QTest.keyClicks(dlg.count, str(n))
    QTest.keyClick(dlg.count, Qt.Key.Key_Tab)


def test_the_dialog_shows_a_row_per_seat_and_refuses_what_cannot_be_played(qtbot):
    dlg = TableDialog()
    qtbot.addWidget(dlg)
    dlg.show()
    set_seats(dlg, 5)
    assert dlg.seats() == 5
    assert [r[1].isVisible() for r in dlg.rows] == [True] * 5 + [False]
    ok = dlg.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert not ok.isEnabled() and "At most 4 people" in dlg.warning.text(), "five people at one screen"
    choose(dlg.rows[4][2], "bot: AI easy")
    assert ok.isEnabled() and not dlg.warning.isVisible()
    for row in dlg.rows[:5]:
        choose(row[2], "bot: random")
    assert not ok.isEnabled() and "At least one seat" in dlg.warning.text()
    choose(dlg.rows[0][2], PERSON)
    # an illegal deck is said by name and keeps OK disabled
    illegal = [i for i in range(dlg.rows[1][3].count()) if dlg.rows[1][3].itemText(i).startswith("⚠")]
    if illegal:
        choose(dlg.rows[1][3], dlg.rows[1][3].itemText(illegal[0]))
        assert not ok.isEnabled() and "bob's deck is not legal" in dlg.warning.text()
        choose(dlg.rows[1][3], dlg.rows[0][3].currentText())
    assert ok.isEnabled()
    dlg.rows[2][1].selectAll()
    QTest.keyClicks(dlg.rows[2][1], "bob")   # a name taken twice is told apart; the who-starts list follows
    assert [dlg.first.itemText(i) for i in range(dlg.first.count())] == ["random", "alice", "bob", "bob 2", "dave",
                                                                         "erin"]
    choose(dlg.rows[4][2], "bot: AI hard")
    cfg = dlg.result_config()
    assert [s.bot for s in cfg["seats"]] == [None, "random", "random", "random", "hard"]
    assert len(cfg["seats"]) == 5 and all(len(s.deck) >= 40 for s in cfg["seats"])
    assert cfg["play_first"] is None and cfg["seed"] > 0
    assert set(BOTS.values()) == {"random", "easy", "medium", "hard"}


def test_a_three_seat_game_starts_from_the_menu_with_two_people_and_a_bot(win):
    seen = {}

    def fill() -> None:
        dlg = next(w for w in QApplication.topLevelWidgets() if isinstance(w, TableDialog) and w.isVisible())
        set_seats(dlg, 3)
        dlg.rows[0][1].selectAll()
        QTest.keyClicks(dlg.rows[0][1], "ann")
        choose(dlg.rows[2][2], "bot: random")
        choose(dlg.first, "bob")
        dlg.seed.setFocus()
        dlg.seed.selectAll()
        QTest.keyClicks(dlg.seed, "21")
        seen["names"] = dlg.names()
        QTest.mouseClick(dlg.buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)

    QTimer.singleShot(0, fill)
    win.menu_actions["table"].trigger()
    assert seen["names"] == ["ann", "bob", "carol"]
    assert win.state == "table"
    t = win.table
    assert sorted(t.ctl.seats()) == ["ann", "bob", "carol"]
    assert t.ctl.humans == ["ann", "bob"] and "carol" in t.ctl.session.bots
    assert win.last_game["seed"] == 21 and win.last_game["play_first"] == "bob"
    # 806.3: the three are seated at random (with the seed), and the table's log says how
    (seating,) = [e for e in t.ctl.session.game.events if e["type"] == "seating"]
    assert sorted(seating["order"]) == ["ann", "bob", "carol"]
    # bob decides first: the table waits behind the hand-over screen for him
    assert t.ctl.seat == "bob" and t.curtain.isVisible() and t.scene.hide_hands
    QTest.mouseClick(t.curtain.button, Qt.MouseButton.LeftButton)
    assert not t.curtain.isVisible()
    assert set(t.scene.boxes) == {"ann", "bob", "carol"} and t.scene.boxes["bob"].bottom
    # clockwise from bob's left: the next player in turn order, then the one after
    order = t.ctl.seats()
    after = [order[(order.index("bob") + k) % 3] for k in (1, 2)]
    assert t.scene.boxes[after[0]].area.center().x() < t.scene.boxes[after[1]].area.center().x()


def test_conceding_at_a_table_of_three_says_the_others_play_on(win):
    from PySide6.QtWidgets import QMessageBox

    from app.lobby.newgame import SeatConfig, start_seats
    from engine.bench import GREEN, RED
    t = start_seats(win, [SeatConfig("alice", tuple(RED)), SeatConfig("bob", tuple(GREEN)),
                          SeatConfig("carol", tuple(RED), "random")], 8, "alice", modal_errors=False)
    seen = {}

    def answer() -> None:
        box = next(w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox) and w.isVisible())
        seen["text"] = box.text()
        seen["buttons"] = sorted(b.text() for b in box.buttons())
        QTest.mouseClick(next(b for b in box.buttons() if b.text() == "bob concedes"), Qt.MouseButton.LeftButton)

    QTimer.singleShot(0, answer)
    win.menu_actions["concede"].trigger()
    assert "the others play on" in seen["text"], seen
    assert seen["buttons"] == ["Keep playing", "alice concedes", "bob concedes"], "only the people here"
    assert t.ctl.view()["players"]["bob"]["lost"]


def test_a_two_headed_giant_game_from_the_dialog_seats_the_teams_together(win, qtbot):
    """810: the variant is chosen by mouse; the players' box then offers 4 or 6, each row says
    its team (the first half team 1, the second team 2: teammates sit together, 810.3); OK
    starts a game of two teams, 30 life each (810.9a), your teammate in the row beside your
    half of the table, their hand face up (810.5), the other team across the top."""
    from table_mouse import pick
    seen = {}

    def fill() -> None:
        dlg = next(w for w in QApplication.topLevelWidgets() if isinstance(w, TableDialog) and w.isVisible())
        pick(qtbot, dlg.variant, "Two-Headed Giant")
        seen["seats"] = dlg.seats()
        set_seats(dlg, 5)                                      # not a Two-Headed Giant table
        seen["five"] = (dlg.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled(), dlg.warning.text())
        set_seats(dlg, 4)
        seen["teams"] = [lab.text() for lab in dlg.team_labels if lab.isVisible()]
        pick(qtbot, dlg.rows[2][2], "bot: random")
        pick(qtbot, dlg.rows[3][2], "bot: random")
        pick(qtbot, dlg.first, "alice")
        QTest.mouseClick(dlg.buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)

    QTimer.singleShot(0, fill)
    win.menu_actions["table"].trigger()
    assert seen["seats"] == 4 and not seen["five"][0] and "4 or 6 players" in seen["five"][1], seen
    assert seen["teams"] == ["team 1", "team 1", "team 2", "team 2"]
    t = win.table
    v = t.ctl.view()
    assert v["variant"] == "two_headed_giant" and v["teams"] == [["alice", "bob"], ["carol", "dave"]]
    assert {p["life"] for p in v["players"].values()} == {30}
    assert win.last_game["variant"] == "two_headed_giant"
    if t.curtain.isVisible():
        QTest.mouseClick(t.curtain.button, Qt.MouseButton.LeftButton)
    boxes = t.scene.boxes
    me = t.ctl.seat
    mate = {"alice": "bob", "bob": "alice"}[me]
    assert boxes[me].bottom and boxes[mate].mate and not boxes["carol"].mate
    # the teammate's box sits between the other team's and yours, on your side of the table
    assert boxes["carol"].area.bottom() <= boxes[mate].area.top() + 1
    assert boxes[mate].area.bottom() <= boxes[me].area.top() + 1
    assert {s: b.team for s, b in boxes.items()} == {"alice": 1, "bob": 1, "carol": 2, "dave": 2}
