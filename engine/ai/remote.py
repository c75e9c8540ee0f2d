"""The AI for a seat it reaches only through views (issue 18): the LAN bot's AI.

A network client holds no Game: only its seat's view (DESIGN: hidden information) and its
decision. ``ViewAI`` rebuilds a game from that view (engine/setup.py: the public zones as
they are, its own hand, its own library drawn from its own deck minus the cards it has seen,
the opponent's hidden cards drawn from the cards that opponent has shown), so it cannot
cheat: there is nothing else to read. Where the rebuilt game asks the same decision (a
priority decision of the active player on an empty stack, or declaring attackers: the
positions a setup can start from), the level's search answers it there; otherwise the cheap
policy answers on the rebuilt position, with the decision's objects translated. Answers are
translated back to the server's object ids and seat names.
"""
from __future__ import annotations

import random
from collections import Counter
from typing import Any

from engine.ai.levels import level
from engine.ai.player import AIPlayer
from engine.ai.policy import QuickPolicy
from engine.ai.random_bot import RandomBot
from engine.cardpool import CardPool
from engine.mana import format_pool
from engine.position import NOT_START, PLAYERS, SetupError
from engine.setup import from_setup
from engine.state import Decision

BASICS = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}


class Rebuilt:
    """A game rebuilt from a view, with the id and name maps both ways."""

    def __init__(self, game: Any, ids: dict[int, int], names: dict[str, str]) -> None:
        self.game = game
        self.to_local = ids
        self.to_view = {v: k for k, v in ids.items()}
        self.names = names                       # view seat -> alice/bob
        self.seats = {v: k for k, v in names.items()}

    def local(self, x: Any) -> Any:
        if isinstance(x, str):
            return self.names.get(x, x)
        return self.to_local.get(x, x)

    def remote(self, x: Any) -> Any:
        if isinstance(x, str):
            return self.seats.get(x, x)
        return self.to_view.get(x, x)


def _cards_seen(view: dict[str, Any], owner: str) -> list[str]:
    out = [c["name"] for c in view.get("battlefield", []) if c.get("owner") == owner and not c.get("token")]
    p = view["players"][owner]
    out += [c["name"] for c in p.get("graveyard", []) + p.get("exile", [])]
    if p.get("hand"):
        out += [c["name"] for c in p["hand"]]
    return out


def rebuild(view: dict[str, Any], seat: str, deck: list[str], cards: CardPool, rng: random.Random,
            step: str | None = None) -> Rebuilt:
    """The position of ``view`` as a game (two seats), hidden cards drawn as the module says.
    Raises SetupError where a setup cannot hold the position."""
    order = list(view["players"])
    if len(order) != 2:
        raise SetupError("the rebuilt game holds two seats")
    names = dict(zip(order, PLAYERS))
    players: dict[str, Any] = {}
    handles: list[tuple[str, int]] = []
    for n in order:
        p = view["players"][n]
        ps: dict[str, Any] = {"life": p["life"], "poison": p.get("poison", 0),
                              "mana_pool": format_pool(p.get("mana_pool") or {}),
                              "lands_played": p.get("lands_played", 0)}
        bf = []
        for c in view.get("battlefield", []):
            if c.get("controller") != n:
                continue
            e = {"name": c["name"], "id": f"v{c['id']}", "tapped": bool(c.get("tapped")), "sick": bool(c.get("sick")),
                 "damage": c.get("damage") or 0, "counters": dict(c.get("counters") or {}),
                 "token": bool(c.get("token")), "owner": names.get(c.get("owner"), names[n])}
            if c.get("attached_to") is not None:
                e["attached_to"] = f"v{c['attached_to']}"
            bf.append(e)
            handles.append((f"v{c['id']}", c["id"]))
        ps["battlefield"] = bf
        for z in ("graveyard", "exile"):
            ps[z] = []
            for c in p.get(z) or []:
                ps[z].append({"name": c["name"], "id": f"v{c['id']}"})
                handles.append((f"v{c['id']}", c["id"]))
        if n == seat:
            ps["hand"] = [{"name": c["name"], "id": f"v{c['id']}"} for c in p.get("hand") or []]
            handles += [(f"v{c['id']}", c["id"]) for c in p.get("hand") or []]
            left = Counter(deck)
            left.subtract(Counter(_cards_seen(view, n)))
            pool = sorted(left.elements())
        else:
            seen = _cards_seen(view, n)
            colors = Counter(k for s in seen for k in cards.definition(s).colors) if seen else Counter()
            land = BASICS.get(colors.most_common(1)[0][0], "Plains") if colors else "Plains"
            spells = sorted(s for s in seen if "Land" not in cards.definition(s).types)
            pool = (spells * 3 + [land] * max(len(spells) * 2, 1)) if spells else [land]
            ps["hand"] = [rng.choice(pool) for _ in range(p.get("hand_count", 0))]
            pool = sorted(pool)
        rng.shuffle(pool)
        n_lib = p.get("library", 0)
        while len(pool) < n_lib:
            pool.append(pool[len(pool) % max(1, len(pool))] if pool else "Plains")
        ps["library"] = pool[:n_lib]
        players[names[n]] = ps
    st = step or view["step"]
    if st in NOT_START or view.get("stack"):
        raise SetupError(f"a setup cannot start in {st} with a stack")
    setup = {"active": names[view["active"]], "step": st, "turn": view.get("turn", 3), "players": players}
    g = from_setup(setup, cards, rng.randrange(2 ** 31))
    by_uid = {o.uid: o.id for o in g.objects.values()}
    kept: dict[str, int] = getattr(g, "handles", {})  # setup ids -> physical cards (engine/setup.py)
    ids = {vid: by_uid[kept[h]] for h, vid in handles if h in kept}
    return Rebuilt(g, ids, names)


def _map(x: Any, f: Any) -> Any:
    """Objects and seats inside decision data, through ``f``; other numbers left alone."""
    if isinstance(x, list):
        return [_map(y, f) for y in x]
    if isinstance(x, dict):
        return {f(k) if isinstance(k, (int, str)) else k: _map(v, f) for k, v in x.items()}
    return f(x)


def translate_decision(d: Decision, f: Any) -> Decision:
    """The decision with its object ids and seat names mapped (per kind: only the fields that
    name objects or players)."""
    k = d.kind
    o = d.options
    if k == "attackers" or k == "blockers":
        o = {key: (_map(v, f) if key in ("attackers", "targets", "must", "not_alone", "max_one", "blockers") else v)
             for key, v in o.items()}
    elif k in ("order_blockers", "order_attackers", "choose_cards", "discard_to_hand_size", "legend_rule"):
        o = [f(x) for x in o]
    elif k == "assign_damage":
        o = {"recipients": [f(x) for x in o["recipients"]], "power": o["power"],
             "lethal": {f(int(a)) if str(a).isdigit() else f(a): v for a, v in o.get("lethal", {}).items()},
             **({"as_unblocked": f(o["as_unblocked"])} if o.get("as_unblocked") is not None else {})}
    elif k == "trigger_targets":
        o = {"targets": _map(o["targets"], f), "target_counts": o["target_counts"]}
    elif k == "priority":
        o = [{**opt, **({"card": f(opt["card"])} if "card" in opt else {}),
              **({"targets": _map(opt["targets"], f)} if "targets" in opt else {}),
              **({"mode_targets": [None if m is None else {**m, "targets": _map(m["targets"], f)}
                                   for m in opt["mode_targets"]]} if opt.get("mode_targets") else {})}
             for opt in o]
    return Decision(f(d.player), k, d.prompt, o, d.data, None)


def translate_answer(kind: str, a: Any, f: Any) -> Any:
    if not isinstance(a, dict):
        return a
    out = dict(a)
    for key in ("card", "targets", "cards", "order"):
        if key in out and not (kind == "order_triggers" and key == "order"):
            out[key] = _map(out[key], f)
    if "attackers" in out:
        out["attackers"] = {f(k): f(v) for k, v in out["attackers"].items()}
    if "blockers" in out:
        out["blockers"] = {f(k): [f(x) for x in v] for k, v in out["blockers"].items()}
    if "assign" in out:
        out["assign"] = {f(k): v for k, v in out["assign"].items()}
    if "player" in out:
        out["player"] = f(out["player"])
    return out


class ViewAI:
    """An AI that sees only a seat's view and decision (a LAN seat)."""

    def __init__(self, seat: str, deck: list[str], level: str = "medium", think_ms: int | None = None,
                 seed: int = 0, cards: CardPool | None = None) -> None:
        self.seat = seat
        self.deck = list(deck)
        self.level = level
        self.think_ms = think_ms
        self.rng = random.Random(seed)
        self.cards = cards or CardPool()
        self.fallback = RandomBot(seed)
        self.searched = 0
        self.quick = 0

    def decide(self, view: dict[str, Any], d: Decision) -> Any:
        if d.forced is not None:
            return d.forced
        try:
            rb = rebuild(view, d.player, self.deck, self.cards, self.rng)
        except SetupError:
            rb = None
        if rb is not None:
            g = rb.game
            p = g.pending
            if p is not None and p.kind == d.kind and p.player == rb.local(d.player):
                ai = AIPlayer(p.player, self.level, self.think_ms, self.rng.randrange(2 ** 31))
                self.searched += 1
                return translate_answer(d.kind, ai.decide(g, p), rb.remote)
        try:
            if rb is None:
                rb = rebuild(view, d.player, self.deck, self.cards, self.rng, step="main1")
            g = rb.game
            for c in view.get("battlefield", []):  # combat as the view shows it (506.4)
                if c.get("attacking") is not None and c["id"] in rb.to_local:
                    g.objects[rb.to_local[c["id"]]].attacking = rb.local(c["attacking"])
            local = translate_decision(d, rb.local)
            a = QuickPolicy(self.rng.randrange(2 ** 31), reads=level(self.level).reads).answer(g, local)
            self.quick += 1
            return translate_answer(d.kind, a, rb.remote)
        except (SetupError, KeyError, ValueError, TypeError, IndexError, AttributeError):
            return self.fallback.answer(d)


class ViewBot:
    """``answer(decision)`` for a client session (engine.net.bot): the view comes from
    ``view_of()``, the seat's view at the moment of the decision."""

    def __init__(self, view_of: Any, seat_of: Any, deck: list[str], level: str, think_ms: int | None = None,
                 seed: int = 0) -> None:
        self.view_of = view_of
        self.seat_of = seat_of
        self.deck = deck
        self.level = level
        self.think_ms = think_ms
        self.seed = seed
        self.ai: ViewAI | None = None

    def answer(self, d: Decision) -> Any:
        if self.ai is None:
            self.ai = ViewAI(self.seat_of(), self.deck, self.level, self.think_ms, self.seed)
        return self.ai.decide(self.view_of(), d)
