"""The AI seat of the app (issue 18): it thinks off the GUI thread and answers through the session."""
from __future__ import annotations

import os

import pytest
from PySide6.QtCore import QTimer
from table_mouse import space

from app.ai_process import START_TIMEOUT_S
from app.ai_seat import AISeat
from engine.ai.random_bot import RandomBot
from engine.bench import GREEN, RED
from engine.cardpool import CardPool
from engine.errors import IllegalAction
from engine.game import Game
from engine.session import LocalSession


@pytest.mark.parametrize("process", [True, False])
def test_ai_seat_plays_a_whole_game_without_freezing_the_gui(qtbot, process):
    session = LocalSession(Game.new([("you", RED), ("ai", GREEN)], CardPool(), 5))
    seat = AISeat(session, "ai", "hard", think_ms=60, process=process)
    assert (seat.worker is not None) == process
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
    if process:  # the search ran in a child process, which ends with the seat
        pid = seat.worker.pid
        assert pid is not None and pid != os.getpid()
        seat.stop()
        assert not seat.worker._proc.is_alive()


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

    # the AI's child process imports the engine before its first answer (app.ai_process.START_TIMEOUT_S,
    # 60 s): on a loaded machine that alone took more than the 30 s this wait used to allow
    qtbot.waitUntil(play_on, timeout=int((START_TIMEOUT_S + 60) * 1000))
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


def _frames(qtbot, view, until, interval_ms: int = 16) -> dict[str, list[float]]:
    """A timer at ``interval_ms`` repaints the table's view at each tick (a frame) until
    ``until()`` holds: the ticks' intervals and each frame's time, in ms."""
    import time
    ticks: list[float] = []
    frames: list[float] = []

    def tick() -> None:
        ticks.append(time.perf_counter())
        view.viewport().repaint()
        frames.append((time.perf_counter() - ticks[-1]) * 1000)

    timer = QTimer()
    timer.setInterval(interval_ms)
    timer.timeout.connect(tick)
    timer.start()
    qtbot.waitUntil(lambda: until(len(ticks)), timeout=60000)
    timer.stop()
    return {"intervals": [(b - a) * 1000 for a, b in zip(ticks, ticks[1:])], "frames": frames}


def test_the_table_keeps_its_frame_rate_while_the_ai_thinks(qtbot):
    """The event loop keeps processing events while the AI searches in its worker thread: a
    16 ms timer that redraws the table keeps firing all through the search, and its intervals
    while the AI thinks stay within what the same timer shows with the AI idle (measured just
    before and just after, so a shared machine's load shows in both), plus twice the
    interpreter's switch interval (the longest the GUI thread waits for a running worker)."""
    import statistics
    import sys

    from app.table.widget import TableWidget
    from engine.cardpool import default_pool
    from engine.setup import from_setup

    game = from_setup({"active": "bob", "step": "main1", "players": {
        "alice": {"battlefield": ["Forest"] * 5 + ["Grizzly Bears", "Centaur Courser", "Craw Wurm"],
                  "hand": ["Giant Growth"] * 3, "library": ["Forest"] * 10},
        "bob": {"battlefield": ["Mountain"] * 6 + ["Hill Giant", "Gray Ogre", "Raging Goblin"],
                "hand": ["Lightning Bolt", "Shock", "Canyon Minotaur", "Hill Giant", "Lava Axe"],
                "library": ["Mountain"] * 10}}}, default_pool(), 0)
    session = LocalSession(game)
    w = TableWidget(session, ["alice"], modal_errors=False)
    qtbot.addWidget(w)
    w.resize(1500, 920)
    w.show()
    qtbot.waitExposed(w)
    before = _frames(qtbot, w.view, lambda n: n >= 40)
    seat = AISeat(session, "bob", "hard", think_ms=1500, seed=1)
    qtbot.waitUntil(lambda: seat.busy or bool(seat.errors), timeout=5000)
    assert seat.errors == []
    busy = _frames(qtbot, w.view, lambda n: not seat.busy and n >= 3)
    seat.stop()
    after = _frames(qtbot, w.view, lambda n: n >= 40)
    assert seat.errors == [] and len(seat.ai.times) >= 1
    thought_ms = seat.ai.times[0] * 1000
    assert thought_ms > 200  # a real search: it had time to be in the way

    def p95(xs: list[float]) -> float:
        return sorted(xs)[int(0.95 * (len(xs) - 1))]

    # the idle timer's usual interval and its spread on this machine now (the worse of the two)
    idle = max((before, after), key=lambda m: p95(m["intervals"]))
    m0 = statistics.median(idle["intervals"])
    tolerance = p95(idle["intervals"]) - m0 + 2 * sys.getswitchinterval() * 1000
    mb = statistics.median(busy["intervals"])
    # the loop kept running: ticks all through the search, at about the idle rate
    assert len(busy["intervals"]) >= thought_ms / (m0 + tolerance) / 2, (len(busy["intervals"]), thought_ms)
    assert mb <= m0 + tolerance, (m0, tolerance, mb)
    f0 = statistics.median(idle["frames"])
    # a frame drawn while the search holds the interpreter now and then takes longer than an idle
    # one (it waits for its turn): it must still fit a 60 Hz frame, or the idle time and spread
    frame_budget = max(f0 + tolerance, 1000 / 60)
    assert statistics.median(busy["frames"]) <= frame_budget, (idle["frames"], busy["frames"])
    print(f"timer interval idle median {m0:.1f} ms (p95 {p95(idle['intervals']):.1f}), thinking median {mb:.1f} ms "
          f"(p95 {p95(busy['intervals']):.1f}); frame idle median {f0:.2f} ms, thinking median "
          f"{statistics.median(busy['frames']):.2f} ms, p95 {p95(busy['frames']):.2f}, "
          f"max {max(busy['frames']):.2f} ms; "
          f"AI thought {thought_ms:.0f} ms")


def test_a_game_goes_to_the_ai_process_without_its_card_pool():
    """The game's pool may hold a database connection (default_pool), which cannot be pickled:
    the child gets the game with its own pool in its place, and the same position."""
    from app.ai_process import dumps, loads
    from engine.cardpool import default_pool

    g = Game.new([("you", RED), ("ai", GREEN)], default_pool(), 4)
    other = CardPool()
    h = loads(dumps(g), other)
    assert h.cards is other and h is not g
    assert h.pending.kind == g.pending.kind and h.pending.player == g.pending.player
    assert {p: [h.objects[i].card.name for i in h.players[p].hand] for p in h.order} == \
        {p: [g.objects[i].card.name for i in g.players[p].hand] for p in g.order}
