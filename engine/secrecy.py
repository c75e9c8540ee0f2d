"""Secrecy checks: no player is shown a card they may not know (400.2, 701.13a, 701.15a, 707.5).

The rule is the audience model of engine/knowledge.py, not a list of exceptions: a player
may know the cards of public zones, their own hand, and the hidden cards in ``Game.shown``
for them. ``check_views`` fails when a view (with the player's pending decision) carries the
id of any other card; ``audit`` fails, at the moment an event is logged, when the event as
a player receives it names a card of a hidden zone that player does not know.

``python -m engine.secrecy --games N [--seed S] [--json]`` plays random games between decks
drawn from the supported cards that look at, reveal, search or peek (found by their
compiled effects) or that are cast or put onto the battlefield face down (morph, manifest: 707),
with both checks on every decision and every event; a face-down card is named to its
controller alone, until it is revealed (707.5, 707.9).
"""
from __future__ import annotations

import argparse
import contextlib
import json
import random
import re
import sys
import time
from typing import Any, Iterator

from engine import facedown, knowledge
from engine import view as views
from engine.ai.random_bot import RandomBot
from engine.bench import play_out
from engine.cardpool import CardPool, corpus
from engine.game import Game
from engine.state import COMMAND_CARDS
from engine.support import unsupported_reasons


class SecrecyError(AssertionError):
    """A player was shown a card they may not know."""


_ID_RE = re.compile(r'"(?:id|card|attached_to|source)": (\d+)')
ID_KEYS = {"id", "card", "attached_to", "source"}
ID_LISTS = {"options", "attackers", "targets", "recipients", "objects", "blocking", "hand", "objs"}


def _ids(x: Any, out: set[int], key: str = "") -> None:
    """Every object id in a decision: values of id-like keys and ints in id lists."""
    if isinstance(x, dict):
        for k, v in x.items():
            if k in ID_KEYS and isinstance(v, int) and not isinstance(v, bool):
                out.add(v)
            else:
                _ids(v, out, k)
    elif isinstance(x, (list, tuple)):
        for v in x:
            if key in ID_LISTS and isinstance(v, int) and not isinstance(v, bool):
                out.add(v)
            else:
                _ids(v, out, key)


def unknown_ids(g: Game, player: str, ids: set[int]) -> list[int]:
    """The ids among ``ids`` of cards in hidden zones that ``player`` may not know."""
    return sorted(i for i in ids if i in g.objects and g.objects[i].zone in ("library", "hand")
                  and not knowledge.knows(g, player, i))


def check_views(g: Game) -> None:
    """Each player's view and pending decision show only cards that player may know."""
    public: dict[int, dict[str, Any]] = {}  # public card views shared, as the LAN server builds them
    for p in g.order:
        v = views.view(g, p, public)
        pend = v.pop("pending", None)
        seen = {int(x) for x in _ID_RE.findall(json.dumps(v, check_circular=False))}
        if isinstance(pend, dict) and pend.get("kind") == "choose_number":  # its options are numbers, not objects
            pend = {k: ({j: y for j, y in x.items() if j not in ("options", "min", "max")} if isinstance(x, dict)
                        else x) for k, x in pend.items() if k != "options"}
        _ids(pend, seen)
        leak = unknown_ids(g, p, seen)
        if leak:
            raise SecrecyError(f"view({p}) shows hidden objects {leak}")
        named = [d["id"] for d in v["battlefield"] + v["stack"]
                 if d.get("face_down_card") is not None and not facedown.known_to(g, d["id"], p)]
        named += [d["id"] for d in v["battlefield"] + v["stack"] if d["id"] in g.objects
                  and facedown.is_face_down(g.objects[d["id"]]) and d.get("name")]
        if named:
            raise SecrecyError(f"view({p}) names face-down objects {named} it may not look at (707.5)")


def check_event(g: Game, event: dict[str, Any]) -> None:
    """An event just logged names, to each player who receives its cards, only cards they know.

    An event that names cards of a hidden zone must say which objects (``obj``/``objs``):
    otherwise nobody could tell a reveal from a leak."""
    for p in g.order:
        r = knowledge.redact(event, p)
        if "cards" not in r and "card" not in r:
            continue
        ids: set[int] = set()
        if isinstance(r.get("obj"), int):
            ids.add(r["obj"])
        ids.update(i for i in r.get("objs") or () if isinstance(i, int))
        leak = unknown_ids(g, p, ids)
        if r.get("type") != "reveal" and r.get("card"):  # 707.5, 707.9: named only as it is revealed
            leak += [i for i in ids if not facedown.known_to(g, i, p)]
        if leak:
            raise SecrecyError(f"event {event.get('type')} shows {p} hidden objects {leak}: {event}")
        if "cards" in r and not ids and r["cards"]:
            raise SecrecyError(f"event {event.get('type')} names cards without their objects: {event}")


@contextlib.contextmanager
def audit() -> Iterator[None]:
    """Check every event of every game at the moment it is logged (``check_event``)."""
    original = Game.log

    def checked(self: Game, kind: str, **data: Any) -> None:
        original(self, kind, **data)
        check_event(self, self.events[-1])

    Game.log = checked  # type: ignore[method-assign]
    try:
        yield
    finally:
        Game.log = original  # type: ignore[method-assign]


# ------------------------------------------------------------------ the secrecy fuzz
SECRET_OPS = {"dig", "scry", "search", "reveal", "reveal_until", "fateseal", "explore", "action"}
_WORDS = re.compile(r"\b(look at|reveal|search|scry|surveil|fateseal|explore)", re.I)
_FACE_DOWN = re.compile(r"\b(morph|megamorph|manifest)", re.I)


def _ops(x: Any, out: set[str]) -> None:
    if hasattr(x, "op") and hasattr(x, "args"):
        out.add(x.op if x.op != "action" else f"action:{x.args.get('name')}")
        _ops(x.args, out)
    elif hasattr(x, "effects"):
        for e in x.effects:
            _ops(e, out)
        for m in getattr(x, "modes", ()) or ():
            _ops(m, out)
    elif isinstance(x, dict):
        for v in x.values():
            _ops(v, out)
    elif isinstance(x, (list, tuple)):
        for v in x:
            _ops(v, out)


def secret_cards(limit: int | None = None) -> list[str]:
    """Supported cards whose compiled effects look at, reveal, search or peek, by name."""
    pool = CardPool()
    out = []
    for rec in corpus().values():
        name = rec.get("name", "")
        text = rec.get("text") or rec.get("oracle_text") or ""
        if " // " in name or name.startswith("A-") or not (_WORDS.search(text) or _FACE_DOWN.search(text)):
            continue
        try:
            card = pool.definition(name)
        except Exception:  # noqa: BLE001 - a card the compiler cannot read is simply not used
            continue
        if card.unsupported or unsupported_reasons(card) or "Land" in card.types or COMMAND_CARDS & set(card.types):
            continue
        found: set[str] = set()
        for ab in card.abilities:
            _ops(ab, found)
        if found & (SECRET_OPS | {"action:fateseal", "action:explore"}) or facedown.can_cast_face_down(card) \
                or "manifest" in found:  # face-down cards (707.5)
            out.append(card.name)
    out = sorted(set(out))
    return out[:limit] if limit else out


BASICS = ["Plains", "Island", "Swamp", "Mountain", "Forest"]


def deck(rng: random.Random, names: list[str], spells: int = 36) -> list[str]:
    """A 60-card deck: ``spells`` cards drawn from ``names`` (at most 4 of each), basics for the rest."""
    picks = [rng.choice(names) for _ in range(spells)]
    return picks + [BASICS[i % 5] for i in range(60 - spells)]


def play(seed: int, names: list[str], max_decisions: int = 3000, players: int = 2, teams: bool = False) -> int:
    """One game of ``players`` secret decks and random players, every check on; returns its
    decisions. ``teams``: Two-Headed Giant (810), the first half of the seats one team, where
    teammates see each other's hands (810.5) and no one else's."""
    rng = random.Random(seed)
    seats = [f"p{i}" for i in range(players)]
    kw: dict[str, Any] = {"teams": [seats[:players // 2], seats[players // 2:]]} if teams else {}
    g = Game.new([(p, deck(rng, names)) for p in seats], CardPool(), seed, **kw)
    bots = {p: RandomBot(seed * 2 + i) for i, p in enumerate(g.order)}
    with audit():
        return play_out(g, bots, max_decisions, after=check_views)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.secrecy", description=__doc__)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--players", type=int, default=2, choices=range(2, 7), metavar="2..6",
                    help="seats per game (a Free-for-All beyond two)")
    ap.add_argument("--teams", action="store_true", help="Two-Headed Giant (810): two teams, --players 4 or 6")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    if a.teams and a.players not in (4, 6):
        ap.error("--teams is Two-Headed Giant: --players 4 or 6 (810.1, 810.11)")
    t0 = time.perf_counter()
    names = secret_cards()
    failures = []
    decisions = 0
    for s in range(a.seed, a.seed + a.games):
        try:
            decisions += play(s, names, players=a.players, teams=a.teams)
        except SecrecyError as e:
            failures.append({"seed": s, "kind": "leak", "error": str(e)[:500]})
            print(f"LEAK seed {s}: {e}", file=sys.stderr)
        except Exception as e:  # noqa: BLE001 - a game that breaks is reported, the run goes on
            failures.append({"seed": s, "kind": "fault", "error": f"{type(e).__name__}: {e}"[:500]})
            print(f"FAIL seed {s}: {type(e).__name__}: {e}", file=sys.stderr)
    out = {"games": a.games, "players": a.players, "teams": a.teams, "decisions": decisions, "cards": len(names),
           "leaks": sum(1 for f in failures if f["kind"] == "leak"),
           "failures": failures, "seconds": round(time.perf_counter() - t0, 1)}
    print(json.dumps(out) if a.json else f"{a.games} games, {decisions} decisions, {len(names)} cards, "
          f"{len(failures)} failures in {out['seconds']} s")
    return 1 if out["leaks"] else 0


if __name__ == "__main__":
    sys.exit(main())
