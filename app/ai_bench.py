"""``python -m app.ai_bench [--level L] [--decisions N] [--json]``: the table's updates in a
game against the AI (issue 18: every scene update within 16 ms while the AI thinks).

A table (app.table.widget) of a game between "you" (answered at once by the random bot, as
a fast player would) and an AI seat (app.ai_seat: it searches in a child process, or with
``--thread`` in a worker thread of the app's process). Each table
update is timed like app.bench times them: from the controller's ``changed`` signal to the
end of a full synchronous repaint, in wall time and in the GUI thread's CPU time. The AI's
thread competes with the GUI thread for the interpreter while an update runs: the wall time
shows it (and, on a shared machine, other processes too). Runs offscreen.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from app.ai_seat import AISeat
from app.bench_timer import SCENE_TARGET_MS, _app, summarize
from app.table.widget import TableWidget
from engine.ai.random_bot import RandomBot
from engine.bench import GREEN, RED
from engine.game import Game
from engine.session import LocalSession


def run(level: str = "hard", decisions: int = 150, seed: int = 1, think_ms: int | None = None,
        process: bool = True) -> dict[str, Any]:
    app = _app()
    session = LocalSession(Game.new([("you", RED), ("ai", GREEN)], None, seed))
    w = TableWidget(session, ["you"], modal_errors=False, deck_names=RED)
    seat = AISeat(session, "ai", level, think_ms, seed, after=lambda: w.ctl.advance(), process=process)
    w.resize(1500, 920)
    w.show()
    app.processEvents()
    w.view.viewport().repaint()
    updates: list[dict[str, Any]] = []
    mark: dict[str, float] = {}
    orig = w.refresh

    def timed() -> None:
        mark.update(t=time.perf_counter(), cpu=time.thread_time())
        orig()

    def record() -> None:
        w.view.viewport().repaint()
        updates.append({"kind": f"{'AI thinking' if seat.busy else 'AI idle'} -> {session.game.step}",
                        "ms": (time.perf_counter() - mark["t"]) * 1000,
                        "cpu_ms": (time.thread_time() - mark["cpu"]) * 1000})

    w.ctl.changed.disconnect(w.refresh)
    w.ctl.changed.connect(timed)
    w.ctl.changed.connect(record)
    rb = RandomBot(seed)
    mine = 0
    end = time.perf_counter() + 600
    try:
        while mine < decisions and session.game.winner is None and time.perf_counter() < end:
            app.processEvents()
            d = w.ctl.decision if session.pending("you") is not None else None
            if d is None:
                time.sleep(0.001)
                continue
            if not w.ctl.submit(rb.answer(d)):  # as the table's gestures answer
                w.ctl.submit(d.forced if d.forced is not None else {"action": "pass"})
            mine += 1
    finally:
        seat.stop()
        w.close()
    wall, cpu = summarize(updates, "ms"), summarize(updates, "cpu_ms")
    return {"level": level, "search": "process" if process else "thread",
            "updates": len(updates), "your_decisions": mine, "ai_decisions": len(seat.ai.times),
            "update_median_ms": wall["median"], "update_p95_ms": wall["p95"], "update_max_ms": wall["max"],
            "update_cpu_median_ms": cpu["median"], "update_cpu_p95_ms": cpu["p95"], "update_cpu_max_ms": cpu["max"],
            "target_ms": SCENE_TARGET_MS, "every_update_ok": cpu["max"] <= SCENE_TARGET_MS}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m app.ai_bench", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--level", default="hard", choices=["easy", "medium", "hard"])
    ap.add_argument("--decisions", type=int, default=150, help="decisions of the fast human player")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--thread", action="store_true", help="search in a thread of the app's process "
                    "(the default: in a child process, app/ai_process.py)")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    r = run(a.level, a.decisions, a.seed, process=not a.thread)
    if a.json:
        print(json.dumps(r))
    else:
        for k, v in r.items():
            print(f"{k}: {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
