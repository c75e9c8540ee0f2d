"""``python -m engine.ai.puzzle PATH... [--level LEVEL] [--seed S] [--think MS] [--clock wall|cpu]``

Runs AI puzzles (the section "Puzzles" of ../shared/scenarios/FORMAT.md): a scenario setup,
the seat the AI plays, how the other seats play (``ai``, ``pass``, ``random``), a goal
(``win``, ``survive``, or ``expect`` with the scenario's checkpoint) and a deadline
(``end_of_turn`` or ``{turns: N}``). Prints ``PASS name`` or ``FAIL name: reason`` per
puzzle and ``N passed, M failed`` last; exits 0 only when nothing failed. ``--clock cpu`` counts
the AI's budget in the CPU time of its thread (as ``engine.ai.match --clock cpu``): on a shared
machine the neighbours' load then does not cut the searches short and fail a puzzle.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import yaml

from engine.ai.match import fallback
from engine.ai.player import AIPlayer
from engine.ai.random_bot import RandomBot
from engine.cardpool import CardPool, UnknownCard, default_pool
from engine.errors import IllegalAction
from engine.game import Game
from engine.scenario import Fail, Runner
from engine.setup import SetupError, from_setup
from engine.state import Decision
from engine.support import unsupported_reasons

OTHERS = ("ai", "pass", "random")
GOALS = ("win", "survive", "expect")


class Passer:
    """A seat that passes priority and declines every choice it can."""

    def decide(self, game: Game, d: Decision) -> Any:
        if d.forced is not None:
            return d.forced
        k = d.kind
        if k == "priority":
            return {"action": "pass"}
        if k == "attackers":
            return {"attackers": {a: d.options["targets"][0] for a in d.options.get("must", ())}}
        if k == "blockers":
            return {"blockers": {b: [As[0]] for b, As in d.options.get("must", {}).items()}}
        if k == "choose_option":
            return {"option": "no" if "no" in d.options else d.options[0]}
        if k == "choose_cards":
            return {"cards": list(d.options)[:d.data.get("min", 0)]}
        if k == "mulligan":
            return {"option": "keep"}
        return RandomBot(0).answer(d)


class _Random:
    def __init__(self, seed: int) -> None:
        self.r = RandomBot(seed)

    def decide(self, game: Game, d: Decision) -> Any:
        return self.r.answer(d)


def check_puzzle(sc: dict[str, Any]) -> tuple[str, str, str, int]:
    """The puzzle's seat, others, goal and number of turns; raises Fail on a bad puzzle."""
    pz = sc.get("puzzle")
    if not isinstance(pz, dict):
        raise Fail("a puzzle needs a `puzzle` mapping")
    ai = pz.get("ai")
    setup = sc.get("setup") or {}
    seats = [str(n) for n in (setup.get("seats") or (setup.get("players") or {}).keys())] or ["alice", "bob"]
    if not isinstance(ai, str) or ai not in seats:
        raise Fail(f"puzzle.ai must be a seat of the setup ({', '.join(map(str, seats))}), not {ai!r}")
    others = pz.get("others", "ai")
    if others not in OTHERS:
        raise Fail(f"puzzle.others must be one of {', '.join(OTHERS)}, not {others!r}")
    goal = pz.get("goal", "win")
    if goal not in GOALS:
        raise Fail(f"puzzle.goal must be one of {', '.join(GOALS)}, not {goal!r}")
    if goal == "expect" and not isinstance(sc.get("expect"), dict):
        raise Fail("goal expect needs an `expect` checkpoint")
    by = pz.get("by", "end_of_turn")
    if by == "end_of_turn":
        turns = 1
    elif isinstance(by, dict) and isinstance(by.get("turns"), int) and by["turns"] >= 1:
        turns = by["turns"]
    else:
        raise Fail(f"puzzle.by must be end_of_turn or {{turns: N}}, not {by!r}")
    return ai, others, goal, turns


def run_puzzle(sc: dict[str, Any], cards: CardPool, level: str = "hard", seed: int = 0,
               think: int | None = None, max_decisions: int = 5000, clock: str = "wall") -> None:
    """Play the puzzle; raises Fail with the reason when the goal is not met."""
    ai, others, goal, turns = check_puzzle(sc)
    setup = sc.get("setup") or {}
    for ps in (setup.get("players") or {}).values():
        for zone in ("battlefield", "hand", "library", "graveyard", "exile"):
            for e in (ps or {}).get(zone) or []:
                n = str(e if isinstance(e, str) else (e or {}).get("name"))
                try:
                    cd = cards.definition(n)
                except UnknownCard:
                    raise Fail(f"unknown card: {n}") from None
                if unsupported_reasons(cd):
                    raise Fail(f"unsupported card: {n}")
    try:
        g = from_setup(setup, cards, int(sc.get("seed", 0)))
    except (SetupError, UnknownCard) as e:
        raise Fail(f"bad setup: {e}") from None
    seats: dict[str, Any] = {ai: AIPlayer(ai, level, think, seed, clock)}
    for k, other in enumerate(x for x in g.order if x != ai):
        seats[other] = AIPlayer(other, level, think, seed + 1 + k, clock) if others == "ai" else \
            Passer() if others == "pass" else _Random(seed + 1 + k)
    last = g.turn + turns - 1
    steps = 0
    while g.winner is None and g.pending is not None and g.turn <= last:
        steps += 1
        if steps > max_decisions:
            raise Fail(f"no end after {max_decisions} decisions")
        d = g.pending
        try:
            g.submit(d.player, seats[d.player].decide(g, d))
        except IllegalAction as e:
            if d.player == ai:
                raise Fail(f"the AI gave an illegal answer to {d.kind}: {e}") from None
            fallback(g, d, steps)
    lost = g.players[ai].lost or (g.winner is not None and g.winner != ai)
    if goal == "win" and g.winner != ai:
        raise Fail(f"{ai} did not win (life {', '.join(f'{n} {g.players[n].life}' for n in g.order)})")
    if goal == "survive" and lost:
        raise Fail(f"{ai} lost")
    if goal == "expect":
        r = Runner(sc, cards)
        r.g = g
        r.check(sc["expect"])


def run_file(path: Path, cards: CardPool, level: str, seed: int, think: int | None,
             clock: str = "wall") -> list[tuple[str, str | None]]:
    try:
        docs = [d for d in yaml.safe_load_all(path.read_text(encoding="utf-8")) if d]
    except (yaml.YAMLError, OSError, UnicodeDecodeError) as e:
        return [(str(path), f"unreadable puzzle file: {e}")]
    out: list[tuple[str, str | None]] = []
    for sc in docs:
        if not isinstance(sc, dict):
            out.append((path.stem, "a puzzle is a mapping"))
            continue
        name = str(sc.get("name", path.stem))
        try:
            run_puzzle(sc, cards, level, seed, think, clock=clock)
            out.append((name, None))
        except Fail as e:
            out.append((name, str(e)))
        except Exception as e:  # noqa: BLE001 - a crash fails the puzzle, with its cause
            out.append((name, f"engine error: {type(e).__name__}: {e}"))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.ai.puzzle", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("paths", nargs="+", type=Path)
    ap.add_argument("--level", default="hard", choices=["easy", "medium", "hard"])
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--think", type=int, default=None, help="ms per decision (default: the level's)")
    ap.add_argument("--clock", default="wall", choices=["wall", "cpu"],
                    help="what the AI's budget counts: wall time (default) or its thread's CPU time")
    args = ap.parse_args(argv)
    files: list[Path] = []
    for p in args.paths:
        if p.is_dir():
            files += sorted(p.rglob("*.yaml"))
        elif p.exists():
            files.append(p)
        else:
            print(f"no such file: {p}", file=sys.stderr)
            return 2
    cards = default_pool()
    passed = failed = 0
    for f in files:
        for name, reason in run_file(f, cards, args.level, args.seed, args.think, args.clock):
            if reason is None:
                passed += 1
                print(f"PASS {name}")
            else:
                failed += 1
                print(f"FAIL {name}: {reason}")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
