"""``python -m engine.bench [--games N] [--seed S] [--players P] [--json]``: random bots play
whole games.

Game i is seeded with S+i; seat 0 plays the red deck in even games and the green deck
in odd ones (issue 3), the other seats alternating; with more than two players
(``--players 3..6``) the game is a Free-for-All (806) that attacks multiple players (802).
Card loading is outside the timing; shuffles, mulligans and every decision are inside.
"""
from __future__ import annotations

import argparse
import json
import resource
import sys
import time
from typing import Any

from engine.ai.random_bot import RandomBot
from engine.cardpool import CardPool
from engine.errors import IllegalAction
from engine.game import Game

RED = ["Mountain"] * 17 + ["Lightning Bolt"] * 4 + ["Shock"] * 4 + ["Raging Goblin"] * 4 + \
      ["Gray Ogre"] * 4 + ["Hill Giant"] * 4 + ["Canyon Minotaur"] * 3
GREEN = ["Forest"] * 17 + ["Llanowar Elves"] * 4 + ["Giant Growth"] * 4 + ["Grizzly Bears"] * 6 + \
        ["Centaur Courser"] * 3 + ["Trained Armodon"] * 3 + ["Craw Wurm"] * 3


def play(cards: CardPool, seed: int, max_decisions: int = 20000, players: int = 2) -> tuple[Game, int]:
    """One whole game between random bots; returns the game and its number of decisions."""
    decks = [RED, GREEN] if seed % 2 == 0 else [GREEN, RED]
    names = [f"p{i}" for i in range(players)]
    g = Game.new([(n, decks[i % 2]) for i, n in enumerate(names)], cards, seed)
    bots = {n: RandomBot(seed * players + i + 1) for i, n in enumerate(names)}
    max_decisions *= max(1, players // 2)
    n = 0
    while g.pending is not None and n < max_decisions:
        d = g.pending
        try:
            g.submit(d.player, bots[d.player].answer(d))
        except IllegalAction:
            g.submit(d.player, d.forced if d.forced is not None else {"action": "pass"})
        n += 1
    return g, n


def run(games: int, seed: int, players: int = 2) -> dict[str, Any]:
    cards = CardPool()
    for name in set(RED + GREEN):
        cards.definition(name)  # card loading stays outside the timing
    t0 = time.perf_counter()
    decisions = turns = 0
    for i in range(games):
        g, n = play(cards, seed + i, players=players)
        decisions += n
        turns += g.turn
    dt = time.perf_counter() - t0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # peak RSS of the process (Linux: KiB)
    return {"games": games, "seconds": round(dt, 3), "games_per_second": round(games / dt, 2),
            "decisions_per_second": round(decisions / dt, 1), "mean_turns": round(turns / games, 2),
            "peak_memory_mb": round(peak / 2 ** 20, 1)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.bench", description=__doc__)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--players", type=int, default=2, choices=range(2, 7), metavar="2..6")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    r = run(a.games, a.seed, a.players)
    if a.json:
        print(json.dumps({k: r[k] for k in ("games_per_second", "decisions_per_second", "mean_turns",
                                            "peak_memory_mb")}))
    else:
        print(f"{r['games']} games in {r['seconds']} s: {r['games_per_second']} games/s, "
              f"{r['decisions_per_second']} decisions/s, {r['mean_turns']} turns/game, "
              f"peak memory {r['peak_memory_mb']} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
