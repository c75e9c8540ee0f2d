"""``python -m engine.fuzz --games N [--seed S] [--jobs J]``: random games with invariants checked.

After every decision: no exception; every object in exactly one zone; the cards of
both decks conserved; state-based actions hold whenever a player has priority;
``view(p)`` never shows the other player's hand or any library order; and a replay of
the seed and the answers, kept in step with the game (a second game built from the
first ``to_json()`` that is given each answer after it went through JSON, which is what
``from_json(to_json())`` does), is equal to the game. Every ``--json-every`` decisions
(0: never) and at the end of each game, ``from_json(to_json())`` from scratch gives an
equal game; every 100 decisions and at the end, ``copy()`` is equal and independent
(playing on the copy leaves the game as it was).
"""
from __future__ import annotations

import argparse
import json
import re
import sys
import time
from typing import Any

from engine import sba
from engine import view as views
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
    # sba.check changes nothing but this bookkeeping unless an action is due, and then the
    # game fails here anyway
    kept = (g.lki, g.tokens_outside, g.__dict__.pop("_sba_clean", None))
    if sba.check(g):  # a full scan, not the engine's "nothing changed" shortcut
        raise InvariantError(f"state-based actions were due while {d.player} had priority")
    g.lki, g.tokens_outside = kept[0], kept[1]
    if kept[2] is None:
        g.__dict__.pop("_sba_clean", None)
    else:
        g._sba_clean = kept[2]


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
    public: dict[int, dict[str, Any]] = {}  # public card views shared, as the LAN server builds them
    for p in g.order:
        v = views.view(g, p, public)
        pend = v.pop("pending", None)
        seen = {int(x) for x in _ID_RE.findall(json.dumps(v, check_circular=False))}
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


def check_json(g: Game, cards: CardPool, bot: RandomBot | None = None) -> None:
    h = Game.from_json(g.to_json(), cards)
    if h != g:
        raise InvariantError("from_json(to_json()) differs")
    check_copy(g, bot)


def check_copy(g: Game, bot: RandomBot | None = None) -> None:
    key = g.state_key()
    c = g.copy()
    if c.state_key() != key:
        raise InvariantError("copy() differs")
    bot = bot or RandomBot(len(g.answers))
    for _ in range(20):  # the copy is independent: playing on it leaves the game untouched
        d = c.pending
        if d is None:
            break
        try:
            c.submit(d.player, bot.answer(d))
        except IllegalAction:
            c.submit(d.player, d.forced if d.forced is not None else {"action": "pass"})
    if g.state_key() != key:
        raise InvariantError("playing on a copy() changed the game")


def play_checked(cards: CardPool, seed: int, json_every: int = 0, max_decisions: int = 20000) -> tuple[Game, int]:
    decks = [RED, GREEN] if seed % 2 == 0 else [GREEN, RED]
    g = Game.new([("p0", decks[0]), ("p1", decks[1])], cards, seed)
    ncards = len(RED) + len(GREEN)
    bots = {"p0": RandomBot(seed * 2 + 1), "p1": RandomBot(seed * 2 + 2)}
    replay = Game.from_json(g.to_json(), cards)
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
        who, answer = json.loads(json.dumps(g.answers[-1]))  # as to_json() writes it
        replay.submit(who, answer)
        if replay.state_key() != g.state_key():
            raise InvariantError(f"the replay of the answers differs after decision {n}")
        if json_every and n % json_every == 0:
            check_json(g, cards)
        elif n % 100 == 0:
            check_copy(g)
    check_json(g, cards)
    return g, n


def _one(args: tuple[int, int]) -> dict[str, Any]:
    seed, json_every = args
    cards = _CARDS.get("pool") or _CARDS.setdefault("pool", CardPool())
    try:
        g, n = play_checked(cards, seed, json_every)
        return {"seed": seed, "decisions": n, "winner": g.winner or "none", "turns": g.turn}
    except Exception as e:  # noqa: BLE001 - every failure is reported with its seed
        return {"seed": seed, "error": f"{type(e).__name__}: {e}"}


_CARDS: dict[str, CardPool] = {}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.fuzz", description=__doc__)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json-every", type=int, default=0,
                    help="also rebuild the game from scratch with from_json every K decisions (the replay kept "
                         "in step already checks it after every decision); always done at the end of a game")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    ap.add_argument("--progress", type=int, default=0, metavar="K", help="print a line every K games")
    a = ap.parse_args(argv)
    t0 = time.perf_counter()
    failures: list[dict[str, Any]] = []
    decisions = turns = 0
    results = {"p0": 0, "p1": 0, "draw": 0, "none": 0}
    work = [(a.seed + i, a.json_every) for i in range(a.games)]
    if a.jobs > 1:
        import multiprocessing
        pool = multiprocessing.get_context("fork").Pool(a.jobs)
        it = pool.imap_unordered(_one, work, chunksize=4)
    else:
        pool = None
        it = map(_one, work)
    for done, r in enumerate(it, 1):
        if "error" in r:
            failures.append(r)
            print(f"FAIL seed {r['seed']}: {r['error']}", file=sys.stderr)
        else:
            decisions += r["decisions"]
            turns += r["turns"]
            results[r["winner"]] = results.get(r["winner"], 0) + 1
        if a.progress and done % a.progress == 0:
            print(f"{done} games, {decisions} decisions, {time.perf_counter() - t0:.0f} s, "
                  f"{len(failures)} failures", flush=True)
    if pool is not None:
        pool.close()
        pool.join()
    dt = time.perf_counter() - t0
    print(f"{a.games} games, {decisions} decisions in {dt:.1f} s; results {results}; {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
