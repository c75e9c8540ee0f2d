"""The AI's search in its own process (issue 18): the GUI thread never waits for it.

A thread that searches holds the interpreter most of the time, so the GUI thread of the
same process waits for it at every redraw. ``AIWorker`` runs the seat's ``AIPlayer`` in a
child process (its own interpreter): the table sends it a copy of the game (pickled, under
a millisecond) and gets the answer back through a pipe; only the waiting thread of the app
blocks, and blocking on a pipe releases the interpreter. The child is started with
``spawn`` (a fork of a process running Qt threads is not safe) and keeps its AIPlayer from
decision to decision (its random generator goes on, as in one process). The child sees only
the copy it is sent, which the AI reads through determinized copies as always
(engine/ai/determinize.py).
"""
from __future__ import annotations

import multiprocessing
import pickle
import threading
import time
from multiprocessing.connection import Connection
from typing import Any

START_TIMEOUT_S = 60.0  # the child imports the engine before its first answer


def serve(conn: Connection, seat: str, level: str, think_ms: int | None, seed: int) -> None:
    """The child's loop: a pickled game in, ``(True, answer, seconds)`` or ``(False, error, 0)``
    out, until ``None`` or the pipe closes."""
    # imported here: the child's own import, after spawn, not the parent's (which has Qt loaded)
    from engine.ai.player import AIPlayer  # noqa: PLC0415
    ai = AIPlayer(seat, level, think_ms, seed)
    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError):
            return
        if msg is None:
            return
        try:
            g = pickle.loads(msg)
            t0 = time.perf_counter()
            a = ai.decide(g, g.pending)
            conn.send((True, a, time.perf_counter() - t0))
        except Exception as e:  # noqa: BLE001 - reported to the seat, which answers a fallback
            conn.send((False, f"{type(e).__name__}: {e}", 0.0))


class AIWorker:
    """One seat's AI in a child process; ``decide(game)`` answers ``game.pending``."""

    def __init__(self, seat: str, level: str, think_ms: int | None, seed: int) -> None:
        ctx = multiprocessing.get_context("spawn")
        self._conn, child = ctx.Pipe()
        self._proc = ctx.Process(target=serve, args=(child, seat, level, think_ms, seed), daemon=True,
                                 name=f"ai-{seat}")
        self._proc.start()
        child.close()
        self._lock = threading.Lock()
        self.closed = False

    @property
    def pid(self) -> int | None:
        return self._proc.pid

    def decide(self, game: Any) -> tuple[Any, float]:
        """The answer to ``game.pending`` and the seconds the child took; RuntimeError when the
        child failed or is gone."""
        with self._lock:
            if self.closed:
                raise RuntimeError("the AI process is closed")
            try:
                self._conn.send(pickle.dumps(game))
                if not self._conn.poll(START_TIMEOUT_S):
                    raise RuntimeError("the AI process did not answer")
                ok, a, secs = self._conn.recv()
            except (EOFError, OSError) as e:
                raise RuntimeError(f"the AI process is gone: {e}") from None
        if not ok:
            raise RuntimeError(a)
        return a, secs

    def close(self) -> None:
        """Ends the child: at once when idle (it is told to stop), or by terminating it when a
        search is running (its answer would be thrown away); idempotent, never blocks long."""
        if self.closed:
            return
        self.closed = True
        if self._lock.acquire(blocking=False):
            try:
                self._conn.send(None)
            except (OSError, ValueError):
                pass
            finally:
                self._lock.release()
            self._proc.join(timeout=2.0)
        if self._proc.is_alive():
            self._proc.terminate()
            self._proc.join(timeout=2.0)
