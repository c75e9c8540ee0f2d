"""``python -m app.bench_start [--warm]``: app.bench's (b) in this process: from the start to
the main window, then "new game" until the table's first paint; prints one JSON object.

app.bench runs it in a fresh process. This module imports nothing of Qt or of the app at its
top, so what it times includes those imports, as a real start does.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Any

NEW_GAME_TARGET_S = 2.0


def bench_new_game_here(warm: bool = False) -> dict[str, Any]:
    """(b) in this process: main window up, then "new game" until the table's first paint.
    With ``warm`` the app's start-up warm-up (``app.application.warm_up``, a thread in the
    real app) has finished first: "new game" clicked a few seconds after start."""
    t_start = time.perf_counter()
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QEvent, QObject  # timed: a start imports Qt (see the module's docstring)
    from PySide6.QtWidgets import QApplication  # timed, as above

    from app import application  # layering: timed, importing the app is part of its start
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(sys.argv[:1])
    if application.ensure_card_db(app) is not None:
        raise SystemExit("the card database could not be built")
    win = application.MainWindow()
    win.resize(1500, 920)
    win.show()
    app.processEvents()
    t_window = time.perf_counter()
    if warm:
        application.warm_up()
        application.warm_up_qt()
    painted: list[float] = []

    class FirstPaint(QObject):
        def eventFilter(self, obj: Any, ev: Any) -> bool:
            if ev.type() == QEvent.Type.Paint and not painted:
                painted.append(-1.0)  # mark: the paint runs now; timed when it returns
            return False

    decks = list(application.SAMPLE_DECKS.items())
    t0 = time.perf_counter()
    table = win.start_game([("alice", decks[0][1]), ("bob", decks[1][1])], 7, "alice", vs_bot=False,
                           modal_errors=False)
    filt = FirstPaint()
    table.view.viewport().installEventFilter(filt)
    deadline = t0 + 30
    while not painted and time.perf_counter() < deadline:
        app.processEvents()
    t1 = time.perf_counter()
    return {
        "new_game_to_first_paint_s": round(t1 - t0, 3),
        "window_up_s": round(t_window - t_start, 3),
        "painted": bool(painted),
        "target_s": NEW_GAME_TARGET_S,
        "ok": bool(painted) and t1 - t0 <= NEW_GAME_TARGET_S,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m app.bench_start", description=__doc__.split("\n\n")[0])
    ap.add_argument("--warm", action="store_true", help="after the start-up warm-up")
    a = ap.parse_args(argv)
    print(json.dumps(bench_new_game_here(a.warm)))
    sys.stdout.flush()
    os._exit(0)  # skip Qt's teardown


if __name__ == "__main__":
    raise SystemExit(main())
