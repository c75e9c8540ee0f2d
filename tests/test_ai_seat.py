"""The AI seat of the app (issue 18): it thinks off the GUI thread and answers through the session."""
from __future__ import annotations

from PySide6.QtCore import QTimer
from table_mouse import space

from app.ai_seat import AISeat
from engine.ai.random_bot import RandomBot
from engine.bench import GREEN, RED
from engine.cardpool import CardPool
from engine.errors import IllegalAction
from engine.game import Game
from engine.session import LocalSession


def test_ai_seat_plays_a_whole_game_without_freezing_the_gui(qtbot):
    session = LocalSession(Game.new([("you", RED), ("ai", GREEN)], CardPool(), 5))
    seat = AISeat(session, "ai", "hard", think_ms=60)
    shown: list[bool] = []
    seat.thinking.connect(shown.append)
    ticks = [0]
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.__setitem__(0, ticks[0] + 1))
    timer.start(5)
    rb = RandomBot(3)
    you = 0

    def step() -> bool:
        nonlocal you
        d = session.pending("you")
        if d is not None:
            you += 1
            try:
                session.submit("you", rb.answer(d))
            except IllegalAction:
                session.submit("you", d.forced if d.forced is not None else {"action": "pass"})
        return session.game.winner is not None

    qtbot.waitUntil(lambda: step(), timeout=120000)
    timer.stop()
    assert seat.errors == []
    assert len(seat.ai.times) > 20 and you > 20
    assert True in shown and False in shown
    # the GUI's event loop kept running while the AI thought (a 5 ms timer kept firing)
    assert ticks[0] > len(seat.ai.times) // 4


def test_ai_seat_stops_answering_when_stopped(qtbot):
    session = LocalSession(Game.new([("you", RED), ("ai", GREEN)], CardPool(), 6, play_first="you"))
    seat = AISeat(session, "ai", "easy")
    seat.stop()
    qtbot.wait(50)
    assert seat.ai.times == []


def test_new_game_vs_bot_dialog_offers_the_ai_level(qtbot, tmp_path):
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication, QComboBox, QDialog, QDialogButtonBox

    from app.application import MainWindow
    win = MainWindow()
    qtbot.addWidget(win)
    win.show()
    seen = {}

    def fill() -> None:
        dlg = next(w for w in QApplication.topLevelWidgets() if isinstance(w, QDialog) and w.isVisible())
        box = dlg.findChild(QComboBox, "aiLevel")
        seen["levels"] = [box.itemText(i) for i in range(box.count())]
        box.setFocus()
        QTest.keyClick(box, Qt.Key_Down)  # medium -> hard, with the keyboard
        dlg.grab().save(str(tmp_path / "new_game_vs_ai.png"))
        seen["shot"] = tmp_path / "new_game_vs_ai.png"
        QTest.mouseClick(dlg.ui.buttons.button(QDialogButtonBox.Ok), Qt.LeftButton)

    QTimer.singleShot(0, fill)
    win.menu_actions["vsbot"].trigger()
    assert seen["levels"] == ["medium", "hard", "easy", "random"]
    assert win.state == "table" and win.last_game["ai_level"] == "hard"
    seat = win.ai_seat
    assert seat.ai.level.name == "hard" and win.session.bots == {}
    # the human answers with Space (the prompt's answer as it stands: keep, play first, pass);
    # the AI answers its own decisions, and the table moves on to the human's next decision
    # after each, as it does after a bot's answer
    you = win.last_game["decks"][0][0]

    def play_on() -> bool:
        if win.table.ctl.decision is not None:
            space(win.table)
        return len(seat.ai.times) >= 3 and win.table.ctl.decision is not None

    qtbot.waitUntil(play_on, timeout=30000)
    assert seat.errors == []
    assert win.session.pending(you) is win.table.ctl.decision
    win.grab().save(str(tmp_path / "table_vs_ai.png"))
    seat.stop()
    assert seen["shot"].stat().st_size > 0


def test_a_saved_game_against_the_ai_resumes_with_the_ai(qtbot, tmp_path):
    import json

    from app.application import MainWindow
    win = MainWindow()
    qtbot.addWidget(win)
    win.show()
    win.start_game([("alice", RED), ("bob", GREEN)], 12, "alice", vs_bot=True, modal_errors=False, ai_level="easy")
    assert win.session.bots == {} and win.ai_seat.seat == "bob"
    path = win.save_game(tmp_path / "vs_ai.json")
    assert json.loads(path.read_text())["ai"] == {"bob": "easy"}
    old = win.ai_seat
    win.resume_game(path)
    assert old.stopped and win.ai_seat is not old
    assert win.ai_seat.session is win.session and win.ai_seat.ai.level.name == "easy"
    win.ai_seat.stop()
