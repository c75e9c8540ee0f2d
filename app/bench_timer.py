"""The table's update timer and the crowded position the table benchmarks share
(app.bench, app.bench_seats, app.ai_bench): one module both import, so neither imports the other."""
from __future__ import annotations

import gc
import os
import statistics
import sys
import time
from typing import Any

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QApplication

from app.table.widget import TableWidget
from engine.session import LocalSession
from engine.setup import from_setup

SCENE_TARGET_MS = 16.0

LANDS = ["Forest", "Mountain"]
CREATURES = ["Grizzly Bears", "Raging Goblin", "Llanowar Elves", "Hill Giant", "Goblin Piker", "Craw Wurm"]


def crowded_setup(per_side: int = 60) -> dict[str, Any]:
    """A main-phase position with ``per_side`` permanents for each player, half of them lands."""
    def side(offset: int) -> list[str]:
        lands = [LANDS[(i + offset) % len(LANDS)] for i in range(per_side // 2)]
        creatures = [CREATURES[(i + offset) % len(CREATURES)] for i in range(per_side - per_side // 2)]
        return lands + creatures
    return {"active": "alice", "step": "main1", "turn": 5,
            "players": {"alice": {"battlefield": side(0), "hand": ["Lightning Bolt", "Giant Growth"],
                                      "library": ["Forest"] * 20},
                        "bob": {"battlefield": side(1), "hand": ["Forest"], "library": ["Forest"] * 20}}}


def _app() -> Any:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    return QApplication.instance() or QApplication(sys.argv[:1])


def _answer(d: Any) -> tuple[Any, str] | None:
    """The bench's answer to a decision, and what it is called in the report."""
    if d.kind == "priority":   # tap a land or an elf for mana; pass when none is left
        taps = [o for o in d.options if o.get("action") == "activate" and o.get("mana")]
        if taps:
            return {k: v for k, v in taps[0].items() if k in ("action", "card", "ability")}, "tap for mana"
        return {"action": "pass"}, "pass priority"
    if d.kind == "attackers":
        return {"attackers": {}}, "declare no attackers"
    if d.kind == "blockers":
        return {"blockers": {}}, "declare no blockers"
    if d.forced is not None:
        return d.forced, d.kind
    return None


def percentile(xs: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``xs``, nearest rank."""
    s = sorted(xs)
    return s[min(len(s) - 1, max(0, round(q * (len(s) - 1))))]


def summarize(updates: list[dict[str, Any]], key: str) -> dict[str, Any]:
    """Median, 95th percentile and maximum of ``key`` over the updates, and which update
    the maximum was."""
    xs = [u[key] for u in updates]
    worst = max(updates, key=lambda u: u[key])
    return {"median": round(statistics.median(xs), 2), "p95": round(percentile(xs, 0.95), 2),
            "max": round(worst[key], 2), "max_was": worst["kind"]}


class UpdateTimer:
    """A hotseat table of ``crowded_setup`` whose every update is timed: from the
    controller's ``changed`` signal (or a gesture, or the click that lifts the hand-over
    screen) to the end of a full synchronous repaint of the view, in wall and CPU time,
    labelled with what caused it and the step it led to."""

    def __init__(self, per_side: int = 60, step: str = "main1", session: Any = None,
                 humans: list[str] | None = None) -> None:
        """``session`` (with its ``humans``): another table than the two-player crowded one
        (app.bench_seats: more seats)."""
        self.app = _app()
        setup = {**crowded_setup(per_side), "step": step}
        names = [n for p in setup["players"].values() for zone in ("battlefield", "hand", "library") for n in p[zone]]
        if session is None:
            session, humans = LocalSession(from_setup(setup)), ["alice", "bob"]
        self.w = w = TableWidget(session, list(humans or []), modal_errors=False,
                                 deck_names=names, manage_memory=True)
        w.resize(1500, 920)
        w.show()
        if w.scene.hide_hands:
            w.reveal()
        self.app.processEvents()
        w.view.viewport().repaint()   # the first paint draws every face once (pixmap cache)
        self.updates: list[dict[str, Any]] = []
        self.gen2 = 0
        self._mark: dict[str, float] = {}
        self._label = ""
        self._orig = w.refresh
        w.ctl.changed.disconnect(w.refresh)
        w.ctl.changed.connect(self._timed_refresh)
        w.ctl.changed.connect(self._on_changed)   # after the table's own handler: runs last
        gc.callbacks.append(self._on_gc)

    def _on_gc(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start" and info.get("generation") == 2 and self._mark:
            self.gen2 += 1

    def _start(self) -> None:
        self._mark.update(t=time.perf_counter(), cpu=time.thread_time())

    def _timed_refresh(self) -> None:
        self._start()
        self._orig()

    def _on_changed(self) -> None:
        self._record(self._label)

    def _record(self, kind: str) -> None:
        w = self.w
        w.view.viewport().repaint()   # a full synchronous repaint: the worst case of what Qt repaints
        ms = (time.perf_counter() - self._mark["t"]) * 1000
        cpu = (time.thread_time() - self._mark["cpu"]) * 1000
        v = w.ctl.view()
        kind = f"{kind} -> {v['active']}'s {v['step']}" + (" (hand-over screen)" if w.scene.hide_hands else "")
        self.updates.append({"kind": kind, "ms": ms, "cpu_ms": cpu})
        self._mark.clear()
        if os.environ.get("BENCH_TRACE"):
            print(f"{kind}: {ms:.1f} ms, cpu {cpu:.1f} ms")

    def think(self) -> None:
        """The player looks at the table before acting: the event loop runs (the table's
        idle work: app.table.warm), up to half a second."""
        end = time.perf_counter() + 0.5
        self.app.processEvents()
        while self.w.warmer.busy() and time.perf_counter() < end:
            self.app.processEvents()

    def reveal_if_hidden(self) -> None:
        """The next player clicks the hand-over screen away (timed)."""
        if self.w.scene.hide_hands:
            self._start()
            self.w.reveal()
            self._record("lift the hand-over screen")
            self.think()

    def decide(self, answer: Any, label: str) -> float:
        """Answer the decision; the time of the whole answer (engine and update), in ms."""
        self._label = label
        t = time.perf_counter()
        self.w.ctl.submit(answer)
        return (time.perf_counter() - t) * 1000

    def play(self, decisions: int) -> list[tuple[float, float]]:
        """Answer up to ``decisions`` decisions as ``_answer`` would, looking at the table and
        lifting the hand-over screen before each; per decision (whole answer ms, of which the
        table's updates ms)."""
        made: list[tuple[float, float]] = []
        for _ in range(decisions * 3):
            if len(made) >= decisions:
                break
            self.think()
            self.reveal_if_hidden()
            d = self.w.ctl.decision
            a = _answer(d) if d is not None else None
            if a is None:
                break
            n = len(self.updates)
            total = self.decide(*a)
            made.append((total, sum(u["ms"] for u in self.updates[n:])))
        return made

    def press_ok(self, label: str) -> None:
        """Space: the prompt panel's answer as it stands."""
        self._label = label
        self.w.prompt.primary()

    def gesture(self, fn: Any, label: str) -> None:
        """A gesture that changes only the table (an attack or block being planned)."""
        self._start()
        fn()
        self._record(label)

    def close(self) -> None:
        gc.callbacks.remove(self._on_gc)
        gc.unfreeze()   # what the table froze (manage_memory): this process goes on without it
        w = self.w
        w.close()
        # delete the table now, while Qt and Python are both alive: left to the interpreter's
        # exit, the scene's Python-side items are collected after Qt tore them down (a crash)
        w.ctl.changed.disconnect(self._timed_refresh)
        w.ctl.changed.disconnect(self._on_changed)
        w.deleteLater()
        self.app.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        del self.w

    def report(self) -> dict[str, Any]:
        wall, cpu = summarize(self.updates, "ms"), summarize(self.updates, "cpu_ms")
        return {"updates": len(self.updates),
                "update_median_ms": wall["median"], "update_p95_ms": wall["p95"],
                "update_max_ms": wall["max"], "update_max_was": wall["max_was"],
                "update_cpu_median_ms": cpu["median"], "update_cpu_p95_ms": cpu["p95"],
                "update_cpu_max_ms": cpu["max"], "update_cpu_max_was": cpu["max_was"],
                "gc_gen2_during_updates": self.gen2}
