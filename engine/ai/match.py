"""``python -m engine.ai.match --a hard --b random --games N [--decks A B] [--think MS] [--json]``

Plays N games between two players (levels ``easy``, ``medium``, ``hard`` or ``random``),
alternating seats and who plays first (103.2), and prints wins, draws, mean turns and the
time per decision (median, p95, max) of each side; with ``--json`` the last line is
``{"games": N, "draws": D, "a": {"wins": W, "decision_ms": {...}}, "b": {...}, "mean_turns": T}``.
With ``--duplicate`` every deal (seed, decks by seat, first player) is played twice, the sides
swapped, as in duplicate bridge: the shuffles favour neither side, so the count measures play.
With ``--record DIR`` each game is written to DIR (``gameNNN_SEAT_LEVEL.json``: side a's seat and
level; ``Game.from_json`` replays it). With ``--clock cpu`` the budget counts the deciding thread's
CPU time instead of wall time: on a shared machine the neighbours' load then does not cut the searches short.
Time per decision is wall-clock time; the text lines add the CPU time of the deciding
thread, which on a shared machine tells a budget overrun from time the core was taken away, and
how many decisions took longer than the AI's budget on the clock it counts.

Decks: ``bench`` (the red and green decks of engine.bench, the default), ``samples``
(game i takes two of the sample decks of assets/decks in turn), or two deck files or
sample names (``red-aggro``).
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from engine.ai.player import AIPlayer
from engine.ai.random_bot import RandomBot
from engine.bench import GREEN, RED
from engine.cardpool import CardPool, default_pool
from engine.decks.files import read_deck
from engine.errors import IllegalAction
from engine.game import Game

SAMPLES = Path(__file__).resolve().parents[2] / "assets" / "decks"


def load_deck(spec: str) -> list[str]:
    """A deck by sample name (assets/decks/NAME.txt), by the bench names red/green, or a file."""
    if spec == "red":
        return list(RED)
    if spec == "green":
        return list(GREEN)
    p = Path(spec)
    if not p.exists():
        p = SAMPLES / f"{spec}.txt"
    deck = read_deck(p)
    out: list[str] = []
    for name, n in deck.main.items():
        out += [name] * n
    return out


def deck_pairs(decks: list[str] | None, games: int) -> list[tuple[list[str], list[str]]]:
    """The pair of decks of each game (seat a's first)."""
    if not decks or decks == ["bench"]:
        pair = (list(RED), list(GREEN))
        return [pair if i % 4 < 2 else (pair[1], pair[0]) for i in range(games)]
    if decks == ["samples"]:
        names = sorted(p.stem for p in SAMPLES.glob("*.txt"))
        loaded = {n: load_deck(n) for n in names}
        out = []
        for i in range(games):
            x, y = names[i % len(names)], names[(i + 1 + i // len(names)) % len(names)]
            if x == y:
                y = names[(names.index(y) + 1) % len(names)]
            out.append((loaded[x], loaded[y]) if (i // 2) % 2 == 0 else (loaded[y], loaded[x]))
        return out
    if len(decks) != 2:
        raise SystemExit("--decks takes two decks, or bench, or samples")
    a, b = load_deck(decks[0]), load_deck(decks[1])
    return [(a, b) if i % 4 < 2 else (b, a) for i in range(games)]


class Side:
    """One player of the match: a level name and, per game, the bot that plays it."""

    def __init__(self, kind: str, think: int | None, clock: str = "wall") -> None:
        self.kind = kind
        self.think = think
        self.clock = clock
        self.times: list[float] = []
        self.cpu: list[float] = []
        self.over: list[float] = []  # the decisions over the budget (ms on the budget's clock)
        self.budget_ms: int | None = None
        self.wins = 0

    def bot(self, seat: str, seed: int) -> Any:
        if self.kind == "random":
            return _Random(seed, self.times)
        ai = AIPlayer(seat, self.kind, self.think, seed, self.clock)
        ai.times = self.times
        ai.cpu = self.cpu
        ai.over = self.over
        self.budget_ms = ai.think_ms
        return ai


class _Random:
    def __init__(self, seed: int, times: list[float]) -> None:
        self.r = RandomBot(seed)
        self.times = times

    def decide(self, game: Game, d: Any) -> Any:
        t0 = time.perf_counter()
        a = self.r.answer(d)
        self.times.append(time.perf_counter() - t0)
        return a


def play_game(cards: CardPool, bots: dict[str, Any], decks: dict[str, list[str]], first: str, seed: int,
              max_decisions: int = 20000) -> Game:
    g = Game.new([(n, decks[n]) for n in sorted(decks)], cards, seed, play_first=first)
    n = 0
    while g.pending is not None and g.winner is None and n < max_decisions:
        d = g.pending
        try:
            g.submit(d.player, bots[d.player].decide(g, d))
        except IllegalAction:
            bots[d.player].illegal = getattr(bots[d.player], "illegal", 0) + 1
            fallback(g, d, n)
        n += 1
    return g


def fallback(g: Game, d: Any, seed: int) -> None:
    """After an illegal answer (the random bot's, often): the forced answer, no action, or
    random answers until one is legal."""
    first: list[Any] = [d.forced] if d.forced is not None else [{"action": "pass"}] if d.kind == "priority" else \
        [{"attackers": {}}] if d.kind == "attackers" else [{"blockers": {}}] if d.kind == "blockers" else []
    rb = RandomBot(seed)
    for a in first + [None] * 50:
        try:
            g.submit(d.player, a if a is not None else rb.answer(d))
            return
        except IllegalAction:
            continue
    raise IllegalAction(f"no legal answer found for {d.kind}")


def ms_stats(times: list[float]) -> dict[str, float]:
    if not times:
        return {"median": 0.0, "p95": 0.0, "max": 0.0}
    s = sorted(times)
    return {"median": round(statistics.median(s) * 1000, 3), "p95": round(s[int(0.95 * (len(s) - 1))] * 1000, 3),
            "max": round(s[-1] * 1000, 3)}


def deal(i: int, seed: int, pairs: list[tuple[list[str], list[str]]],
         duplicate: bool) -> tuple[str, str, dict[str, list[str]], int]:
    """Game ``i``'s seat of side a, first player, decks by seat and game seed. Seats alternate
    every game. Plain: who plays first every two games, a fresh seed each game, the decks of
    ``pairs[i]`` (side a's first). Duplicate: games 2j and 2j+1 are one deal (the same seed,
    so the same shuffles, the same decks in the same seats, the same first player) with the
    sides swapped, so the luck of the deal cancels out; first player every deal."""
    seat_a = "p1" if i % 2 == 0 else "p2"
    seat_b = "p2" if seat_a == "p1" else "p1"
    if not duplicate:
        return seat_a, "p1" if (i // 2) % 2 == 0 else "p2", {seat_a: pairs[i][0], seat_b: pairs[i][1]}, seed + i
    j = i // 2
    return seat_a, "p1" if j % 2 == 0 else "p2", {"p1": pairs[j][0], "p2": pairs[j][1]}, seed + j


def run(a: str, b: str, games: int, decks: list[str] | None = None, think: int | None = None, seed: int = 0,
        log: Any = None, duplicate: bool = False, clock: str = "wall", record: Path | None = None) -> dict[str, Any]:
    cards = default_pool()
    pairs = deck_pairs(decks, (games + 1) // 2 if duplicate else games)
    A, B = Side(a, think, clock), Side(b, think, clock)
    draws = turns = 0
    won: list[str] = []  # per game: "a", "b" or "draw"
    for i in range(games):
        seat_a, first, by_seat, s = deal(i, seed, pairs, duplicate)
        seat_b = "p2" if seat_a == "p1" else "p1"
        bots = {seat_a: A.bot(seat_a, (seed + i) * 2 + 1), seat_b: B.bot(seat_b, (seed + i) * 2 + 2)}
        g = play_game(cards, bots, by_seat, first, s)
        if record is not None:  # the game's origin and every answer: Game.from_json replays it
            record.mkdir(parents=True, exist_ok=True)
            (record / f"game{i + 1:03d}_{seat_a}_{a}.json").write_text(g.to_json(), encoding="utf-8")
        turns += g.turn
        won.append("a" if g.winner == seat_a else "b" if g.winner == seat_b else "draw")
        if g.winner == seat_a:
            A.wins += 1
        elif g.winner == seat_b:
            B.wins += 1
        else:
            draws += 1
        if log is not None:
            print(f"game {i + 1}: {a if g.winner == seat_a else b if g.winner == seat_b else 'draw'}"
                  f" wins in {g.turn} turns", file=log, flush=True)
    out: dict[str, Any] = {"games": games, "draws": draws,
            "a": {"level": a, "wins": A.wins, "decision_ms": ms_stats(A.times), "decisions": len(A.times),
                  "cpu_ms": ms_stats(A.cpu),
                  "budget_ms": A.budget_ms, "over_budget": len(A.over)},
            "b": {"level": b, "wins": B.wins, "decision_ms": ms_stats(B.times), "decisions": len(B.times),
                  "cpu_ms": ms_stats(B.cpu),
                  "budget_ms": B.budget_ms, "over_budget": len(B.over)},
            "mean_turns": round(turns / games, 2) if games else 0.0}
    if duplicate:
        out["deals"] = deal_outcomes(won)
    return out


def deal_outcomes(won: list[str]) -> dict[str, int]:
    """In a duplicate match, the deals each side won from both seats (its play decided them)
    and the deals split between the sides (the deal decided them)."""
    pairs = [(won[i], won[i + 1]) for i in range(0, len(won) - 1, 2)]
    return {"a": sum(1 for p in pairs if p == ("a", "a")), "b": sum(1 for p in pairs if p == ("b", "b")),
            "split": sum(1 for p in pairs if p[0] != p[1] or p[0] == "draw")}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.ai.match", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    kinds = ["easy", "medium", "hard", "random"]
    ap.add_argument("--a", default="hard", choices=kinds)
    ap.add_argument("--b", default="random", choices=kinds)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--decks", nargs="+", default=None, help="bench | samples | DECK DECK")
    ap.add_argument("--think", type=int, default=None, help="ms per decision (default: the level's)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--duplicate", action="store_true",
                    help="play every deal twice, the sides swapped (the luck of the deal cancels out)")
    ap.add_argument("--clock", default="wall", choices=["wall", "cpu"],
                    help="what the AI's budget counts: wall time (default) or its thread's CPU time "
                         "(a shared machine: the other processes' load does not cut the search)")
    ap.add_argument("--record", type=Path, default=None,
                    help="write each game (origin and answers, Game.from_json replays it) to this folder")
    args = ap.parse_args(argv)
    if args.games < 1:
        ap.error("--games must be at least 1")
    try:
        r = run(args.a, args.b, args.games, args.decks, args.think, args.seed, log=sys.stdout,
                duplicate=args.duplicate, clock=args.clock, record=args.record)
    except (OSError, ValueError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    for side in ("a", "b"):
        x = r[side]
        m = x["decision_ms"]
        c = x["cpu_ms"]
        print(
            f"{side} ({x['level']}): {x['wins']} wins; {x['decisions']} decisions, ms per decision "
            f"median {m['median']}, p95 {m['p95']}, max {m['max']}"
            + (
                f" (CPU of its thread: median {c['median']}, p95 {c['p95']}, max {c['max']})"
                if x["cpu_ms"]["max"]
                else ""
            )
            + (f"; {x['over_budget']} over its budget of {x['budget_ms']} ms ({args.clock} clock)"
               if x["budget_ms"] is not None else "")
        )
    print(f"{r['games']} games, {r['draws']} draws, {r['mean_turns']} turns on average")
    if "deals" in r:
        dl = r["deals"]
        print(f"deals won from both seats: a {dl['a']}, b {dl['b']}; split {dl['split']}")
    if args.json:
        print(
            json.dumps(
                {
                    "games": r["games"],
                    "draws": r["draws"],
                    "a": {k: r["a"][k] for k in ("wins", "decision_ms")},
                    "b": {k: r["b"][k] for k in ("wins", "decision_ms")},
                    "mean_turns": r["mean_turns"],
                }
            )
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
