"""The AI's search in its own process (issue 18): the GUI thread never waits for it.

A thread that searches holds the interpreter most of the time, so the GUI thread of the
same process waits for it at every redraw. ``AIWorker`` runs the seat's ``AIPlayer`` in a
child process (its own interpreter): the table sends it a copy of the game (pickled, under
a millisecond) and gets the answer back through a pipe; only the waiting thread of the app
blocks, and blocking on a pipe releases the interpreter. The child is started with
``spawn`` (a fork of a process running Qt threads is not safe) and keeps its AIPlayer from
decision to decision (its random generator goes on, as in one process). The child sees only
the copy it is sent, which the AI reads through determinized copies as always
(engine/ai/determinize.py). The game's card pool (which may hold a database connection) is
not sent: the child opens its own (``default_pool``), and the copy it gets uses that one.
"""
from __future__ import annotations

import io
import multiprocessing
import pickle
import threading
import time
from multiprocessing.connection import Connection
from typing import Any

from engine.ai.player import AIPlayer
from engine.cardpool import CardPool, default_pool

START_TIMEOUT_S = 60.0  # the child imports the engine before its first answer


class _Pickler(pickle.Pickler):
    def persistent_id(self, obj: Any) -> Any:
        return "pool" if isinstance(obj, CardPool) else None


class _Unpickler(pickle.Unpickler):
    def __init__(self, data: bytes, pool: CardPool) -> None:
        super().__init__(io.BytesIO(data))
        self.pool = pool

    def persistent_load(self, pid: Any) -> Any:
        if pid == "pool":
            return self.pool
        raise pickle.UnpicklingError(f"unknown persistent id {pid!r}")


def dumps(game: Any) -> bytes:
    """The game pickled without its card pool."""
    buf = io.BytesIO()
    _Pickler(buf, protocol=pickle.HIGHEST_PROTOCOL).dump(game)
    return buf.getvalue()


def loads(data: bytes, pool: CardPool) -> Any:
    """A game pickled by ``dumps``, with ``pool`` for its card pool."""
    return _Unpickler(data, pool).load()


def serve(conn: Connection, seat: str, level: str, think_ms: int | None, seed: int) -> None:
    """The child's loop: a game pickled by ``dumps`` in, ``(True, answer, seconds)`` or
    ``(False, error, 0)`` out, until an empty message or the pipe closes."""
    ai = AIPlayer(seat, level, think_ms, seed)
    pool = default_pool()
    while True:
        try:
            msg = conn.recv_bytes()
        except (EOFError, OSError):
            return
        if not msg:
            return
        try:
            g = loads(msg, pool)
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
                self._conn.send_bytes(dumps(game))
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
                self._conn.send_bytes(b"")
            except (OSError, ValueError):
                pass
            finally:
                self._lock.release()
            self._proc.join(timeout=2.0)
        if self._proc.is_alive():
            self._proc.terminate()
            self._proc.join(timeout=2.0)
