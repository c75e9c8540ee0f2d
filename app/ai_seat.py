"""An AI seat at the table (issue 18): the AI thinks off the GUI thread and answers through
the Session, like a player at the table would.

``AISeat(session, seat, level)`` watches a LocalSession (its listeners). When the seat has a
decision, it copies the game (a cheap branch, on the GUI thread), lets the AI decide on that
copy in a worker thread, and submits the answer back on the GUI thread, if the decision is
still the one it thought about. ``thinking(bool)`` tells the window to show or hide an
indicator. The AI reads the game only through determinized copies (engine/ai/determinize.py).

The search runs in a child process (``process=True``, the default; app/ai_process.py): the
worker thread only sends the copy and waits on a pipe, which releases the interpreter, so
the GUI thread never waits for the search. With ``process=False`` the search runs in the
worker thread itself: it is pure Python and holds the interpreter while it searches, and the
GUI thread gets it back when the worker must yield, after ``sys.getswitchinterval()`` (5 ms
by default, several times per frame); an AI seat lowers that interval to ``GUI_WAIT_S``
(1 ms), so a redraw or a timer waits at most about that long for the interpreter. (A lower
CPU priority for the worker would hurt: a worker descheduled while it holds the interpreter
keeps the GUI waiting; measured once under load: a frame median of 12.5 ms against 1.9 ms.)
"""
from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QComboBox, QLabel

from app.ai_process import AIWorker
from engine.ai.player import AIPlayer
from engine.ai.random_bot import RandomBot
from engine.errors import IllegalAction

GUI_WAIT_S = 0.001   # the longest the GUI thread waits for the interpreter while the AI thinks


class AISeat(QObject):
    thinking = Signal(bool)
    _answered = Signal(object, object)  # (the decision thought about, the answer or the exception)

    def __init__(self, session: Any, seat: str, level: str = "medium", think_ms: int | None = None,
                 seed: int = 0, parent: QObject | None = None, after: Callable[[], None] | None = None,
                 process: bool = True) -> None:
        """``after`` runs on the GUI thread after each answer of the AI: the table's controller
        advances there (it answers the human's automatic passes and redraws), as it does after
        a LocalSession's own bots, which answer inside ``submit``."""
        super().__init__(parent)
        self.after = after
        self.session = session
        self.seat = seat
        self.ai = AIPlayer(seat, level, think_ms, seed)  # in this process: its level, its times
        # the search itself: in a child process, or (process=False) in the worker thread
        self.worker = AIWorker(seat, level, think_ms, seed) if process else None
        self.busy = False
        self.stopped = False
        self.errors: list[str] = []
        self._answered.connect(self._answer)
        if not process and sys.getswitchinterval() > GUI_WAIT_S:
            sys.setswitchinterval(GUI_WAIT_S)
        session.listeners.append(self.poke)
        QTimer.singleShot(0, self.poke)  # the AI may have the first decision (mulligan, play first)

    def stop(self) -> None:
        """Answer nothing more (the table closes); a running search ends within its budget."""
        self.stopped = True
        if self.worker is not None:
            self.worker.close()
        if self.poke in self.session.listeners:
            self.session.listeners.remove(self.poke)

    def poke(self) -> None:
        """Start thinking if the seat has a decision and no search is running."""
        if self.busy or self.stopped:
            return
        d = self.session.pending(self.seat)
        if d is None:
            return
        self.busy = True
        self.thinking.emit(True)
        branch = self.session.game.copy()  # the worker never touches the live game
        threading.Thread(target=self._think, args=(branch, d), daemon=True, name=f"ai-{self.seat}").start()

    def _think(self, branch: Any, d: Any) -> None:
        try:
            a: Any
            if self.worker is not None:
                a, secs = self.worker.decide(branch)
                self.ai.times.append(secs)
            else:
                a = self.ai.decide(branch, d)
        except Exception as e:  # noqa: BLE001 - reported on the GUI thread, the game goes on
            a = e
        self._answered.emit(d, a)  # queued to the GUI thread

    def _answer(self, d: Any, a: Any) -> None:
        self.busy = False
        self.thinking.emit(False)
        if self.stopped:
            return
        now = self.session.pending(self.seat)
        if now is not d:  # the game moved on (a concession): think again about what is asked now
            self.poke()
            return
        if isinstance(a, Exception):
            self.errors.append(f"{type(a).__name__}: {a}")
            a = None
        try:
            if a is None:
                raise IllegalAction("no answer")
            self.session.submit(self.seat, a)
        except IllegalAction as e:
            self.errors.append(str(e))
            fb = d.forced if d.forced is not None else \
                ({"action": "pass"} if d.kind == "priority" else RandomBot(len(self.errors)).answer(d))
            self.session.submit(self.seat, fb)
        if self.after is not None:
            self.after()


LEVELS = ("medium", "hard", "easy", "random")


def level_box(dialog: Any) -> Any:
    """The level chooser added to the "New game vs bot" dialog (medium first)."""
    box = QComboBox(dialog)
    box.setObjectName("aiLevel")
    box.addItems(list(LEVELS))
    box.setToolTip("easy: a beginner; medium: searches each decision to the end of the turn;\n"
                   "hard: searches to the end of the next turn, about a second a decision;\n"
                   "random: picks any legal answer")
    lay = dialog.layout()
    label = QLabel("AI level", dialog)
    if hasattr(lay, "insertRow"):
        lay.insertRow(max(0, lay.rowCount() - 1), label, box)
    else:
        lay.insertWidget(max(0, lay.count() - 1), label)
        lay.insertWidget(max(0, lay.count() - 1), box)
    return box


def attach(window: Any, session: Any, seat: str, level: str, seed: int) -> AISeat:
    """An AI seat for a window's game; its thinking shows in the window's status bar, and the
    previous game's AI seat stops."""
    old = getattr(window, "ai_seat", None)
    if old is not None:
        old.stop()
    def advance() -> None:
        table = getattr(window, "table", None)
        if table is not None and table.ctl.session is session:
            table.ctl.advance()

    ai = window.ai_seat = AISeat(session, seat, level, seed=seed, parent=window, after=advance)
    bar = window.statusBar()
    ai.thinking.connect(lambda on: bar.showMessage(f"{seat} ({level} AI) is thinking…") if on
                        else bar.clearMessage())
    return ai
