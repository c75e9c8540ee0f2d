"""``python -m engine.fuzz --games N [--seed S]``: random games with invariants checked.

After every decision: no exception; every object in exactly one zone; the cards of
both decks conserved; state-based actions hold whenever a player has priority;
``view(p)`` never shows the other player's hand or any library order. Every
``--json-every`` decisions and at the end of each game: ``from_json(to_json())`` and a
replay of the seed and the answers give an equal game, and ``copy()`` is equal and
independent.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
import time
from typing import Any

from engine.ai.random_bot import RandomBot
from engine.bench import GREEN, RED
from engine.cardpool import CardPool
from engine.errors import IllegalAction
from engine.game import Game


class InvariantError(AssertionError):
    """An invariant of the game state does not hold."""


def check_zones(g: Game, cards: int) -> None:
    seen: dict[int, str] = {}
    lists = [("battlefield", g.battlefield), ("stack", g.stack)]
    for p in g.order:
        for z in ("library", "hand", "graveyard", "exile", "command"):
            lists.append((z, g.players[p].zone(z)))
    for z, ids in lists:
        for i in ids:
            if i in seen:
                raise InvariantError(f"object {i} is in {seen[i]} and {z}")
            seen[i] = z
            o = g.objects.get(i)
            if o is None:
                raise InvariantError(f"{z} lists a missing object {i}")
            if o.zone != z:
                raise InvariantError(f"{o} is listed in {z}")
    for i, o in g.objects.items():
        if i not in seen:
            raise InvariantError(f"{o} is in no zone")
    n = sum(1 for o in g.objects.values() if not o.token and o.ability is None)
    if n != cards:
        raise InvariantError(f"{n} cards in the game, expected {cards}")


def check_sba(g: Game) -> None:
    d = g.pending
    if d is None or d.kind != "priority":
        return
    from engine import sba
    snap = g._snapshot()  # a dry run: check, then put everything back
    g.__dict__.pop("_sba_clean", None)  # a full scan, not the engine's "nothing changed" shortcut
    try:
        due = sba.check(g)
    finally:
        g._restore(snap)
    if due:
        raise InvariantError(f"state-based actions were due while {d.player} had priority")


ID_KEYS = {"id", "card", "attached_to", "source"}
_ID_RE = re.compile(r'"(?:id|card|attached_to|source)": (\d+)')
ID_LISTS = {"options", "attackers", "targets", "recipients", "objects", "blocking", "hand"}


def _ids(x: Any, out: set, key: str = "") -> None:
    """Every object id anywhere in a view: values of id-like keys and ints in id lists."""
    if isinstance(x, dict):
        for k, v in x.items():
            if k in ID_KEYS and isinstance(v, int) and not isinstance(v, bool):
                out.add(v)
            else:
                _ids(v, out, k)
    elif isinstance(x, (list, tuple)):
        for v in x:
            if isinstance(v, int) and not isinstance(v, bool):
                if key in ID_LISTS:
                    out.add(v)
            else:
                _ids(v, out, key)


def check_views(g: Game) -> None:
    for p in g.order:
        v = g.view(p)
        pend = v.pop("pending", None)
        seen = {int(x) for x in _ID_RE.findall(json.dumps(v))}
        _ids(pend, seen)
        other = g.other(p)
        hidden = set(g.players[other].hand) | set(g.players[other].library)
        hidden |= set(g.players[p].library) - set(_revealed(g, p))
        leak = seen & hidden
        if leak:
            raise InvariantError(f"view({p}) shows hidden objects {sorted(leak)}")


def _revealed(g: Game, p: str) -> list[int]:
    """Library cards a decision of p's own may show them (a search, a scry, a dig)."""
    d = g.pending
    if d is not None and d.player == p and isinstance(d.options, list):
        return [x for x in d.options if isinstance(x, int)]
    return []


def check_json(g: Game, cards: CardPool) -> None:
    h = Game.from_json(g.to_json(), cards)
    if h != g:
        raise InvariantError("from_json(to_json()) differs")
    c = g.copy()
    if c != g:
        raise InvariantError("copy() differs")


def play_checked(cards: CardPool, seed: int, json_every: int = 200, max_decisions: int = 20000) -> tuple[Game, int]:
    decks = [RED, GREEN] if seed % 2 == 0 else [GREEN, RED]
    g = Game.new([("p0", decks[0]), ("p1", decks[1])], cards, seed)
    ncards = len(RED) + len(GREEN)
    bots = {"p0": RandomBot(seed * 2 + 1), "p1": RandomBot(seed * 2 + 2)}
    n = 0
    while g.pending is not None and n < max_decisions:
        d = g.pending
        try:
            g.submit(d.player, bots[d.player].answer(d))
        except IllegalAction:
            g.submit(d.player, d.forced if d.forced is not None else {"action": "pass"})
        n += 1
        check_zones(g, ncards)
        check_sba(g)
        check_views(g)
        if json_every and n % json_every == 0:
            check_json(g, cards)
    check_json(g, cards)
    return g, n


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.fuzz", description=__doc__)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json-every", type=int, default=200)
    a = ap.parse_args(argv)
    cards = CardPool()
    t0 = time.perf_counter()
    failures: list[dict[str, Any]] = []
    decisions = 0
    results = {"p0": 0, "p1": 0, "draw": 0, "none": 0}
    for i in range(a.games):
        seed = a.seed + i
        try:
            g, n = play_checked(cards, seed, a.json_every)
            decisions += n
            results[g.winner or "none"] += 1
        except Exception as e:  # noqa: BLE001 - every failure is reported with its seed
            failures.append({"seed": seed, "error": f"{type(e).__name__}: {e}"})
            print(f"FAIL seed {seed}: {type(e).__name__}: {e}", file=sys.stderr)
    dt = time.perf_counter() - t0
    print(f"{a.games} games, {decisions} decisions in {dt:.1f} s; results {results}; {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
