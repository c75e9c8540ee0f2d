"""``python -m engine.bench [--games N] [--seed S] [--players N] [--format commander] [--json]``:
random bots play whole games.

Game i is seeded with S+i; seat 0 plays the red deck in even games and the green deck
in odd ones (issue 3), the other seats alternating; with more than two players
(``--players 3..6``) the game is a Free-for-All (806) that attacks multiple players (802).
With ``--format commander`` the seats play the Commander decks of assets/decks/commander/
(903), rotated by one seat each game. With ``--decks random`` the two decks of game i are
the seeded random 60-card decks of supported cards that ``engine.fuzz --decks random`` deals
for seed S+i (engine/randomdeck.py), so the cost on real cards is measured beside the bench
decks' (issue 21). Card loading is outside the timing; shuffles, mulligans and every
decision are inside.
"""
from __future__ import annotations

import argparse
import json
import pathlib
import random
import resource
import sys
import time
from typing import Any, Callable

from engine.ai.random_bot import RandomBot
from engine.cardpool import CardPool
from engine.decks.files import read_deck
from engine.errors import IllegalAction
from engine.game import Game
from engine.randomdeck import random_deck

RED = ["Mountain"] * 17 + ["Lightning Bolt"] * 4 + ["Shock"] * 4 + ["Raging Goblin"] * 4 + \
      ["Gray Ogre"] * 4 + ["Hill Giant"] * 4 + ["Canyon Minotaur"] * 3
GREEN = ["Forest"] * 17 + ["Llanowar Elves"] * 4 + ["Giant Growth"] * 4 + ["Grizzly Bears"] * 6 + \
        ["Centaur Courser"] * 3 + ["Trained Armodon"] * 3 + ["Craw Wurm"] * 3


COMMANDER_DECKS = pathlib.Path(__file__).resolve().parent.parent / "assets" / "decks" / "commander"


def commander_decks() -> list[tuple[str | list[str], list[str]]]:
    """The Commander sample decks: (commander, the other 99 cards) each, by file name; the commander is a
    list of two for a deck led by two partners (a later rule), and the other cards are then 98."""
    out = []
    for path in sorted(COMMANDER_DECKS.glob("*.txt")):
        deck = read_deck(path)
        leader = deck.leader()
        if leader:
            out.append((leader, [n for n, c in deck.main.items() for _ in range(c)]))
    return out


def random_pair(seed: int, cards: CardPool, among: tuple[str, ...] | None = None) -> list[list[str]]:
    """The two seeded random decks of game ``seed`` (the ones engine.fuzz deals); ``among``: of
    these cards only (``engine.fuzz --cards FILE``)."""
    rng = random.Random(f"fuzz-decks-{seed}")
    return [random_deck(rng, cards, among=among), random_deck(rng, cards, among=among)]


def play(cards: CardPool, seed: int, max_decisions: int = 20000, format: str | None = None,
         players: int = 2, pair: list[list[str]] | None = None) -> tuple[Game, int]:
    """One whole game between random bots (``pair``: the two decks, else the bench decks);
    returns the game and its number of decisions."""
    names = [f"p{i}" for i in range(players)]
    if format == "commander":
        pool = commander_decks()
        picked = [pool[(seed + i) % len(pool)] for i in range(players)]
        g = Game.new([(n, d) for n, (_, d) in zip(names, picked)], cards, seed, format=format,
                     commanders={n: c for n, (c, _) in zip(names, picked)})
    else:
        decks = pair or ([RED, GREEN] if seed % 2 == 0 else [GREEN, RED])
        g = Game.new([(n, decks[i % 2]) for i, n in enumerate(names)], cards, seed)
    bots = {n: RandomBot(seed * players + i + 1) for i, n in enumerate(names)}
    return g, play_out(g, bots, max_decisions * max(1, players // 2))


def play_out(g: Game, bots: dict[str, RandomBot], max_decisions: int,
             after: Callable[[Game], None] | None = None) -> int:
    """Let ``bots`` answer every decision until the game ends or ``max_decisions`` were made;
    an answer the engine refuses is replaced by the decision's forced answer or a pass.
    ``after`` looks at the game after each decision. Returns the decisions made."""
    n = 0
    while g.pending is not None and n < max_decisions:
        d = g.pending
        try:
            g.submit(d.player, bots[d.player].answer(d))
        except IllegalAction:
            g.submit(d.player, d.forced if d.forced is not None else {"action": "pass"})
        n += 1
        if after is not None:
            after(g)
    return n


def run(games: int, seed: int, format: str | None = None, players: int = 2,
        max_decisions: int = 20000, random_decks: bool = False) -> dict[str, Any]:
    cards = CardPool()
    pairs = [random_pair(seed + i, cards) if random_decks else None for i in range(games)]
    names = set(RED + GREEN) if format is None else \
        {n for c, d in commander_decks() for n in [*([c] if isinstance(c, str) else c), *d]}
    names |= {n for pair in pairs for d in pair or () for n in d}
    for name in names:
        cards.definition(name)  # card loading stays outside the timing
    t0 = time.perf_counter()
    c0 = time.process_time()
    decisions = turns = finished = 0
    for i in range(games):
        g, n = play(cards, seed + i, max_decisions, format=format, players=players, pair=pairs[i])
        decisions += n
        turns += g.turn
        finished += g.winner is not None
    dt = time.perf_counter() - t0
    cpu = time.process_time() - c0  # this process's CPU time: steadier than wall time on a loaded machine
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # peak RSS of the process (Linux: KiB)
    return {"games": games, "seconds": round(dt, 3), "games_per_second": round(games / dt, 2),
            "decisions_per_second": round(decisions / dt, 1), "mean_turns": round(turns / games, 2),
            "cpu_seconds": round(cpu, 3), "cpu_games_per_second": round(games / cpu, 3),
            "cpu_decisions_per_second": round(decisions / cpu, 1), "decisions": decisions, "finished": finished,
            "peak_memory_mb": round(peak / 2 ** 20, 1)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.bench", description=__doc__)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--players", type=int, default=2, choices=range(2, 7), metavar="2..6",
                    help="seats at the table (a Free-for-All game beyond two, 806)")
    ap.add_argument("--format", choices=["commander"], default=None,
                    help="commander: the Commander decks of assets/decks/commander (903)")
    ap.add_argument("--max-decisions", type=int, default=20000,
                    help="a game stops unfinished after this many decisions")
    ap.add_argument("--decks", choices=["bench", "random"], default="bench",
                    help="random: the seeded random decks of supported cards of engine.fuzz --decks random")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    if a.decks == "random" and a.format is not None:
        ap.error("--decks random plays no format")
    r = run(a.games, a.seed, a.format, a.players, a.max_decisions, random_decks=a.decks == "random")
    if a.json:
        print(json.dumps({k: r[k] for k in ("games_per_second", "decisions_per_second", "mean_turns",
                                            "peak_memory_mb", "cpu_games_per_second", "cpu_decisions_per_second",
                                            "games", "finished")}))
    else:
        print(f"{r['games']} games in {r['seconds']} s: {r['games_per_second']} games/s, "
              f"{r['decisions_per_second']} decisions/s, {r['mean_turns']} turns/game, "
              f"peak memory {r['peak_memory_mb']} MB; CPU {r['cpu_seconds']} s: {r['cpu_games_per_second']} games/s, "
              f"{r['cpu_decisions_per_second']} decisions/s; {r['finished']} of {r['games']} games ended")
    return 0


if __name__ == "__main__":
    sys.exit(main())
