"""``python -m engine.fuzz --games N [--seed S] [--start K] [--jobs J] [--decks random|bench|FILE...]
[--cards FILE] [--players N] [--format commander] [--wire] [--json]``: random games with invariants checked.

Game i of a run is seeded with S+i, so a run is reproducible in parts: ``--start K`` plays
games K to K+N-1 of run S (the seeds S+K...), and the games of one part do not depend on the
others. The run's first line (standard error) names its seed, its first game and the command
that plays the rest; each ``--progress`` line names the part still to play. A run stopped at
any point is resumed by that command and adds up to the run played at once.

The decks are the two bench decks, seeded random 60-card decks of every supported card
(``--decks random``; with ``--cards FILE`` their spells are only the cards that file lists, one
a line: the cards a branch made supported, where new faults come from), or deck files; with
``--format commander`` (903) each seat plays one of the sample Commander decks
(assets/decks/commander, in turn from the seed), its commander in the command zone. With
``--wire`` each bot reads its decision as a network seat does: after the JSON round trip of
``Decision.to_dict`` that the LAN server sends (engine/net/server_core.py), so its answers are
built from what a remote client sees (string keys, lists for tuples). After
every decision: no exception; every object in exactly one zone; the cards of both decks
conserved; no ended effect in the state; state-based actions hold whenever a player has
priority; ``view(p)`` shows no card that p may not know (engine/secrecy.py); a decision
within ``--decision-s`` and a game within ``--game-s``; and a replay of the seed and the
answers, kept in step with the game (a second game built from the first ``to_json()`` that
is given each answer after it went through JSON, which is what ``from_json(to_json())``
does), is equal to the game (compared every 10 decisions and at the end: the whole-state key
is costly). Every ``--json-every`` decisions (0: never) and at the end of each game,
``from_json(to_json())`` from scratch gives an equal game; every 100 decisions and at the
end, ``copy()`` is equal and independent (playing on the copy leaves the game as it was).
Each failure prints the command that replays it.
"""
from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
import time
from collections.abc import Iterator
from typing import Any

from engine import commander, layers, sba
from engine.ai.random_bot import RandomBot
from engine.bench import GREEN, RED, commander_decks, random_pair
from engine.cardpool import CardPool
from engine.decks.files import DeckFileError, read_deck
from engine.errors import IllegalAction
from engine.game import Game
from engine.layers import Chars
from engine.randomdeck import CASUAL_VARIANTS, casual_type, playable, random_casual
from engine.secrecy import check_views as check_views  # the view check, by the audience model
from engine.state import Decision


class InvariantError(AssertionError):
    """An invariant of the game state does not hold."""


def check_zones(g: Game, cards: int) -> None:
    """Every object in exactly one zone's list and its own zone that one; a phased-out
    permanent (702.25, engine/phasing.py) is in ``Game.phased``; the cards of the decks all
    there."""
    seen: dict[int, str] = {}
    lists = [("battlefield", g.battlefield), ("stack", g.stack), ("phased_out", g.phased)]
    for p in g.order:
        for z in ("library", "hand", "graveyard", "exile", "command", "planar", "schemes"):
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
    # a copy of a spell (706.10) is no card: it ceases to exist when it leaves the stack
    n = sum(1 for o in g.objects.values() if not o.token and o.ability is None and not o.chosen.get("spell_copy"))
    # the other cards of a merged permanent (mutate, a later keyword: engine/mutate.py) are part of its object
    n += sum(1 for i in (*g.battlefield, *g.phased) for p in g.objects[i].chosen.get("merged") or ()
             if not p.get("self") and not p["token"])
    if n != cards:
        raise InvariantError(f"{n} cards in the game, expected {cards}")


def check_effects(g: Game) -> None:
    """No effect that has ended stays in the state: one whose locked-in objects (611.2c) are
    all gone (400.7) applies to nothing again (engine/until.py ``object_left``)."""
    for e in g.effects:
        objs = e.get("objects")
        if objs and not any(i in g.objects for i in objs):
            raise InvariantError(f"an ended effect is still in the state: {e}")


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


#: the derived data ``layers.compute`` leaves on the game, put back after a fresh computation
_DERIVED = ("_chars", "_chars_plain", "_chars_zone_free", "_chars_by_turn", "_activated", "_everywhere", "_msrc_kept")


def check_chars(g: Game) -> None:
    """The characteristics the game keeps between changes (613; thrown away by ``changed`` and
    kept by ``turn_state_changed``) are those a computation from scratch gives now: no change
    that matters to them went without forgetting them."""
    kept = g._chars
    if kept is None:
        return
    saved = {k: g.__dict__[k] for k in _DERIVED if k in g.__dict__}
    fresh = layers.compute(g)
    try:
        if set(fresh) != set(kept):
            raise InvariantError(f"the kept characteristics cover {sorted(set(kept) ^ set(fresh))} wrongly")
        for oid, c in fresh.items():
            k = kept[oid]
            for slot in Chars.__slots__:
                if getattr(k, slot) != getattr(c, slot):
                    raise InvariantError(f"the kept {slot} of {g.objects[oid]} is {getattr(k, slot)!r}, "
                                         f"not {getattr(c, slot)!r}")
    finally:
        for name in _DERIVED:
            g.__dict__.pop(name, None)
        g.__dict__.update(saved)


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


REPLAY_EVERY = 10


class SlowError(AssertionError):
    """A decision or a game took longer than its guard: a hang, or cost that grows."""


def game_decks(seed: int, cards: CardPool, decks: str | list[list[str]] = "bench",
               only: frozenset[str] | None = None) -> list[list[str]]:
    """The two decks of game ``seed``: the bench decks, seeded random decks of supported
    cards (engine/randomdeck.py; ``only``: of those cards), or two of the given deck lists in turn."""
    if decks == "bench":
        return [RED, GREEN] if seed % 2 == 0 else [GREEN, RED]
    if decks == "random":
        return random_pair(seed, cards, tuple(sorted(only)) if only else None)
    assert isinstance(decks, list) and decks
    return [decks[seed % len(decks)], decks[(seed + 1) % len(decks)]]


class Progress:
    """Where a game is: the decision being made (for the failure report)."""
    decision = 0


def play_checked(cards: CardPool, seed: int, json_every: int = 0, max_decisions: int = 20000,
                 decks: str | list[list[str]] = "bench", decision_s: float = 0.0, game_s: float = 0.0,
                 progress: Progress | None = None, players: int = 2, teams: bool = False,
                 only: frozenset[str] | None = None, format: str | None = None,
                 wire: bool = False, casual: tuple[str, ...] = ()) -> tuple[Game, int]:
    """One random game with every invariant checked after every decision. ``decision_s`` and
    ``game_s`` (0: off) are time guards: a decision or a game over them fails with SlowError,
    and so does a game whose last 500 decisions take 20 times as long as its first 500. They
    measure this process's CPU time, so a machine busy with other work does not fail a game
    (seed 2178 did, at 28 times under a load of 13 on two cores; 11 times in CPU time).
    ``players`` (2-6) seats that many, the two decks in turn (a Free-for-All beyond two): the
    cards of a player who left the game (800.4a) are no longer counted. ``teams``: Two-Headed
    Giant (810), the first half of the seats against the second. ``only``: the random decks'
    spells are of these cards. ``format="commander"``: each seat plays a sample Commander deck
    (903), the seed picking the first. ``wire``: the bots answer the decision as a LAN client
    reads it, after a JSON round trip of ``Decision.to_dict``. ``casual``: the casual variants played besides
    (``planechase``, ``archenemy``, ``vanguard``: 901, 904, 902), their cards drawn at random, by the seed, from the
    supported ones (of ``only`` when it names some)."""
    names = [f"p{i}" for i in range(players)]
    commanders: dict[str, str | list[str]] | None = None
    if format == "commander":
        pool = commander_decks()
        picked = {n: pool[(seed + i) % len(pool)] for i, n in enumerate(names)}
        commanders = {n: c for n, (c, _) in picked.items()}
        seat_decks = {n: d for n, (_, d) in picked.items()}
    else:  # the nontraditional cards of ``only`` are the casual variants' (casual_setup), never a deck's (108.5)
        spells = frozenset(n for n in only if not _type_of(cards, n)) if only and casual else only
        pair = game_decks(seed, cards, decks, spells or None)
        seat_decks = {n: pair[i % 2] for i, n in enumerate(names)}
    halves = [names[: players // 2], names[players // 2:]] if teams else None
    setup = casual_setup(seed, names, cards, casual, only) if casual else None
    g = Game.new([(n, seat_decks[n]) for n in names], cards, seed, teams=halves, format=format,
                 commanders=commanders, casual=setup)
    # each commander (903.6; or each of two partners, a later rule) is a card of its owner's beside the deck
    extra = {p: len(commander.names((commanders or {}).get(p))) + sum(
        len(v[p]) if isinstance(v[p], list) else 1 for v in (setup or {}).values() if p in v) for p in names}
    bots = {n: RandomBot(seed * players + i + 1) for i, n in enumerate(names)}
    replay = Game.from_json(g.to_json(), cards)
    n = 0
    clock = time.process_time  # this process's CPU time: the engine's cost, not the machine's load
    start = clock()
    first = last = 0.0
    while g.pending is not None and n < max_decisions:
        d = g.pending
        if progress is not None:
            progress.decision = n + 1
        t = clock()
        seen = Decision(**json.loads(json.dumps(d.to_dict()))) if wire else d
        try:
            g.submit(d.player, bots[d.player].answer(seen))
        except IllegalAction:
            g.submit(d.player, seen.forced if seen.forced is not None else {"action": "pass"})
        took = clock() - t
        n += 1
        if decision_s and took > decision_s:
            raise SlowError(f"decision {n} ({d.kind}) took {took:.1f} s")
        if game_s and clock() - start > game_s:
            raise SlowError(f"the game took more than {game_s:.0f} s (at decision {n})")
        if n <= 500:
            first += took
        else:
            last += took
            if n % 500 == 0:
                if decision_s and last > 20 * max(first, 0.05):
                    raise SlowError(f"decisions {n - 499}-{n} took {last:.1f} s, the first 500 {first:.1f} s")
                last = 0.0
        check_zones(g, sum(len(seat_decks[p]) + extra[p] for p in names if p not in g.gone))
        check_sba(g)
        check_effects(g)
        check_chars(g)
        check_views(g)
        who, answer = json.loads(json.dumps(g.answers[-1]))  # as to_json() writes it
        replay.submit(who, answer)
        # the whole-state key is costly: compared every REPLAY_EVERY decisions and at the end (a
        # difference persists, so it is still found, a few decisions later at most)
        if (n % REPLAY_EVERY == 0 or g.pending is None) and replay.state_key() != g.state_key():
            raise InvariantError(f"the replay of the answers differs at decision {n}")
        if json_every and n % json_every == 0:
            check_json(g, cards)
        elif n % 100 == 0:
            check_copy(g)
    check_json(g, cards)
    return g, n


#: the casual variants ``--casual`` plays (engine/randomdeck.py random_casual)
CASUAL_TYPES = CASUAL_VARIANTS


def _type_of(cards: CardPool, name: str) -> str | None:
    return casual_type(cards, name)


def casual_setup(seed: int, names: list[str], cards: CardPool, variants: tuple[str, ...],
                 only: frozenset[str] | None = None) -> dict[str, Any]:
    """Game.new's ``casual`` for one fuzz game (engine/randomdeck.py random_casual), seeded by the game's seed."""
    return random_casual(random.Random(seed), names, cards, variants, only)


def _one(args: tuple[int, int, Any, float, float, int, frozenset[str] | None, str | None, bool,
                     tuple[str, ...]]) -> dict[str, Any]:
    seed, json_every, decks, decision_s, game_s, players, only, format, wire, casual = args
    cards = _CARDS.get("pool") or _CARDS.setdefault("pool", CardPool())
    at = Progress()
    try:
        g, n = play_checked(cards, seed, json_every, decks=decks, decision_s=decision_s, game_s=game_s,
                            progress=at, players=players, only=only, format=format, wire=wire, casual=casual,
                            max_decisions=20000 * max(1, players // 2))  # as engine.bench.play
        return {"seed": seed, "decisions": n, "winner": g.winner or "none", "turns": g.turn}
    except Exception as e:  # noqa: BLE001 - every failure is reported with its seed
        return {"seed": seed, "decision": at.decision, "error": f"{type(e).__name__}: {e}"[:1000]}


_CARDS: dict[str, CardPool] = {}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.fuzz", description=__doc__)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0, help="the run's seed: game i is seeded with SEED+i")
    ap.add_argument("--start", type=int, default=0, metavar="K",
                    help="play games K to K+GAMES-1 of the run (a part: the seeds SEED+K ...)")
    ap.add_argument("--json-every", type=int, default=0,
                    help="also rebuild the game from scratch with from_json every K decisions (the replay kept "
                         "in step already checks it after every decision); always done at the end of a game")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    ap.add_argument("--progress", type=int, default=0, metavar="K", help="print a line every K games")
    ap.add_argument("--decks", nargs="+", default=["bench"], metavar="random|bench|FILE",
                    help="'bench': the two bench decks (default); 'random': seeded random 60-card decks of "
                         "supported cards for each game; or deck files, paired in turn")
    ap.add_argument("--cards", metavar="FILE", default=None,
                    help="with --decks random: the decks' spells are only the supported cards this file lists, "
                         "one a line")
    ap.add_argument("--decision-s", type=float, default=5.0, help="fail a decision slower than this (0: off)")
    ap.add_argument("--game-s", type=float, default=300.0, help="fail a game slower than this (0: off)")
    ap.add_argument("--players", type=int, default=2, choices=range(2, 7), metavar="2..6",
                    help="seats per game (a Free-for-All beyond two)")
    ap.add_argument("--format", choices=["commander"], default=None,
                    help="commander: each seat plays a sample Commander deck (903; with the bench decks only)")
    ap.add_argument("--casual", nargs="+", choices=sorted(CASUAL_TYPES), default=[], metavar="VARIANT",
                    help="casual variants played besides: planechase (901), archenemy (904), vanguard (902), "
                         "conspiracy (905.4: a conspiracy each); "
                         "their cards drawn from the supported ones (of --cards when it names some)")
    ap.add_argument("--wire", action="store_true",
                    help="the bots read each decision after the JSON round trip a LAN client gets")
    ap.add_argument("--json", action="store_true", help="print the result as JSON on the last line")
    a = ap.parse_args(argv)
    decks: Any = a.decks[0] if a.decks in (["bench"], ["random"]) else _deck_files(a.decks)
    only = _card_list(a.cards) if a.cards else None
    if only and not a.casual and all(casual_type(_CARDS.get("pool") or CardPool(), n) for n in only):
        a.casual = sorted(CASUAL_TYPES)  # a list of planes, schemes, vanguards, conspiracies: played as such
    if only is not None and decks != "random":
        ap.error("--cards chooses the cards of --decks random")
    if a.format and decks != "bench":
        ap.error("--format commander plays the sample Commander decks: no --decks")
    t0 = time.perf_counter()
    failures: list[dict[str, Any]] = []
    decisions = turns = 0
    results = {"p0": 0, "p1": 0, "draw": 0, "none": 0}
    if a.start < 0:
        ap.error("--start is a game number (0 or more)")
    first = a.start
    work = [(a.seed + first + i, a.json_every, decks, a.decision_s, a.game_s, a.players, only, a.format, a.wire,
             tuple(a.casual)) for i in range(a.games)]
    base = ["python -m engine.fuzz", *(["--format", a.format] if a.format else ["--decks", *a.decks]),
            *(["--cards", a.cards] if a.cards else []),
            *(["--players", str(a.players)] if a.players != 2 else []), *(["--wire"] if a.wire else []),
            *(["--casual", *a.casual] if a.casual else [])]

    def rest(k: int) -> str:
        """The command that plays the games of this part from game k of the run on."""
        return " ".join([*base, "--seed", str(a.seed), "--start", str(k), "--games", str(first + a.games - k)])

    print(f"run seed {a.seed}: games {first} to {first + a.games - 1} (seeds {a.seed + first} to "
          f"{a.seed + first + a.games - 1})", file=sys.stderr, flush=True)
    finished: set[int] = set()  # the games of this part that ended (in any order with --jobs)
    upto = first  # every game before this one ended: the part resumes here
    it: Iterator[dict[str, Any]]
    if a.jobs > 1:
        pool = multiprocessing.get_context("fork").Pool(a.jobs)
        it = pool.imap_unordered(_one, work, chunksize=4)
    else:
        pool = None
        it = map(_one, work)
    for done, r in enumerate(it, 1):
        finished.add(r["seed"] - a.seed)
        while upto in finished:
            upto += 1
        if "error" in r:
            r["replay"] = " ".join([*base, "--seed", str(r["seed"]), "--games", "1"])
            failures.append(r)
            print(f"FAIL seed {r['seed']} decision {r.get('decision')}: {r['error']}\n  replay: {r['replay']}",
                  file=sys.stderr)
        else:
            decisions += r["decisions"]
            turns += r["turns"]
            results[r["winner"]] = results.get(r["winner"], 0) + 1
        if a.progress and done % a.progress == 0:
            left = f"; the rest: {rest(upto)}" if upto < first + a.games else ""
            print(f"{done} games, {decisions} decisions, {time.perf_counter() - t0:.0f} s, "
                  f"{len(failures)} failures{left}", flush=True)
    if pool is not None:
        pool.close()
        pool.join()
    dt = time.perf_counter() - t0
    print(f"{a.games} games, {decisions} decisions in {dt:.1f} s; results {results}; {len(failures)} failures")
    if a.json:
        print(json.dumps({"games": a.games, "seed": a.seed, "start": first, "decisions": decisions,
                          "seconds": round(dt, 1),
                          "failures": [{k: f[k] for k in ("seed", "decision", "error", "replay") if k in f}
                                       for f in failures]}))
    return 1 if failures else 0


def _card_list(path: str) -> frozenset[str]:
    """The names of a ``--cards`` file, one a line (blank lines skipped); each must be a card the
    engine plays by its text, or the run would quietly leave it out."""
    try:
        with open(path, encoding="utf-8") as f:
            names = [line.strip() for line in f if line.strip()]
    except OSError as e:
        raise SystemExit(f"engine.fuzz: {path}: {e.strerror}") from None
    pool = _CARDS.get("pool") or _CARDS.setdefault("pool", CardPool())
    bad = [n for n in names if not playable(pool, n)]
    if bad or not names:
        raise SystemExit(f"engine.fuzz: {path}: not supported or unknown: {', '.join(map(repr, bad)) or 'no cards'}")
    return frozenset(names)


def _deck_files(paths: list[str]) -> list[list[str]]:
    out = []
    for p in paths:
        try:
            d = read_deck(p)
        except DeckFileError as e:
            raise SystemExit(f"engine.fuzz: {e}") from None
        pool = _CARDS.get("pool") or _CARDS.setdefault("pool", CardPool())
        for n in d.main:
            try:
                pool.definition(n)
            except KeyError:
                raise SystemExit(f"engine.fuzz: {p}: unknown card {n!r}") from None
        out.append([n for n, c in d.main.items() for _ in range(c)])
    return out


if __name__ == "__main__":
    sys.exit(main())
