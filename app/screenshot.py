"""``python -m app.screenshot --demo --moves N --out FILE.png`` (issue 5).

Starts a hotseat game of the two sample decks offscreen, lets the random bot make N
decisions through the table's controller, and saves a picture of the main window.
"""
from __future__ import annotations

import argparse
import os
import sys


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m app.screenshot", description=__doc__)
    ap.add_argument("--demo", action="store_true", help="a hotseat game of the two sample decks")
    ap.add_argument("--moves", type=int, default=40, help="decisions the random bot makes first")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--size", default="1500x920", help="window size, WxH")
    ap.add_argument("--out", default="manatable.png")
    a = ap.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from engine.ai.random_bot import RandomBot
    from engine.bench import GREEN, RED

    from app.application import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    win = MainWindow()
    w, h = (int(x) for x in a.size.split("x"))
    win.resize(w, h)
    win.show()
    table = win.start_game([("alice", RED), ("bob", GREEN)], a.seed, None, vs_bot=False, modal_errors=False)
    bot = RandomBot(a.seed)
    for _ in range(a.moves):
        d = table.ctl.decision
        if d is None or table.ctl.finished:
            break
        table.ctl.submit(bot.answer(d))
    if table.curtain.isVisible() and table.scene.hide_hands:
        table.reveal()
    app.processEvents()
    ok = win.grab().save(a.out)
    print(f"{a.out}: turn {table.ctl.view()['turn']}, {table.ctl.view()['step']}" if ok else "could not save")
    sys.stdout.flush()
    os._exit(0 if ok else 1)  # skip Qt's teardown: nothing left to save


if __name__ == "__main__":
    raise SystemExit(main())
