"""``python -m app.screenshot [--moves N] [--until KIND] [--setup crowded] --out FILE.png``

A picture of the main window with a game on the table, drawn offscreen: a hotseat game of
the two sample decks in which the random bot makes up to N decisions for whoever decides
(stopping early at the first decision of KIND with ``--until``), or, with ``--setup
crowded``, a main phase with 60 permanents a side. The hand-over screen is lifted before
the picture, so it shows the table as the deciding player sees it.
"""
from __future__ import annotations

import argparse
import os
import sys

from PySide6.QtWidgets import QApplication

from app.application import MainWindow
from app.bench import crowded_setup
from app.lobby.newgame import SeatConfig, commander_offers, start_seats
from engine.ai.random_bot import RandomBot
from engine.bench import GREEN, RED
from engine.session import LocalSession
from engine.setup import from_setup


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m app.screenshot", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--moves", type=int, default=40, help="decisions the random bot makes first (default 40)")
    ap.add_argument("--until", metavar="KIND", default="",
                    help="stop at the first decision of this kind (priority, attackers, blockers, mulligan...)")
    ap.add_argument("--setup", choices=("crowded",), help="a prepared position instead of a new game")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--format", choices=("commander",), help="a Commander game of the sample commander decks")
    ap.add_argument("--seats", type=int, default=2, choices=range(2, 7), metavar="N",
                    help="players at the table, 2 to 6 (default 2)")
    ap.add_argument("--variant", choices=("two_headed_giant",),
                    help="Two-Headed Giant (810): --seats 4 or 6, the first half of the seats one team")
    ap.add_argument("--size", default="1500x920", help="window size, WxH (default 1500x920)")
    ap.add_argument("--out", default="manatable.png")
    a = ap.parse_args(argv)
    try:
        w, h = (int(x) for x in a.size.lower().split("x"))
    except ValueError:
        ap.error(f"--size is WxH, e.g. 1920x1080, not {a.size!r}")
    if a.variant and a.seats not in (4, 6):
        ap.error("Two-Headed Giant seats 4 or 6 (--seats)")
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

    app = QApplication.instance() or QApplication(sys.argv[:1])
    win = MainWindow()
    win.resize(w, h)
    win.show()
    names = ["alice", "bob", "carol", "dave", "erin", "frank"][:a.seats]
    if a.setup == "crowded":
        per_side = 60 if a.seats == 2 else 30
        setup = crowded_setup(per_side)
        if a.seats > 2:
            setup = {**setup, "seats": names, "players": {
                n: dict(setup["players"]["alice" if i == 0 else "bob"]) for i, n in enumerate(names)}}
        table = win._open_table(LocalSession(from_setup(setup, seed=a.seed)), names, modal_errors=False)
    elif a.format == "commander":
        offers = [o for o in commander_offers() if not o.problem]
        table = start_seats(win, [SeatConfig(n, offers[i % len(offers)].cards, None, offers[i % len(offers)].commander)
                                  for i, n in enumerate(names)], a.seed, None, format="commander", modal_errors=False)
    elif a.seats > 2:
        half = a.seats // 2
        table = start_seats(win, [SeatConfig(n, tuple(RED if i % 2 == 0 else GREEN),
                                             team=(1 + (i >= half)) if a.variant else None)
                                  for i, n in enumerate(names)], a.seed, None, modal_errors=False, variant=a.variant)
    else:
        table = win.start_game([("alice", RED), ("bob", GREEN)], a.seed, None, vs_bot=False, modal_errors=False)
    bot = RandomBot(a.seed)
    for _ in range(a.moves):
        d = table.ctl.decision
        if d is None or table.ctl.finished or (a.until and d.kind == a.until):
            break
        table.ctl.submit(bot.answer(d))
    if table.curtain.isVisible() and table.scene.hide_hands:
        table.reveal()
    app.processEvents()
    ok = win.grab().save(a.out)
    v = table.ctl.view()
    d = table.ctl.decision
    print(f"{a.out}: turn {v['turn']}, {v['step']}, {d.kind if d else 'no decision'}" if ok else "could not save")
    sys.stdout.flush()
    os._exit(0 if ok else 1)  # skip Qt's teardown: nothing left to save


if __name__ == "__main__":
    raise SystemExit(main())
