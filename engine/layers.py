"""Continuous effects and the layer system (CR 611-613).

``compute(game)`` works out the characteristics of every permanent at once, layer by
layer (613.1): control (2), types (4), colors (5), abilities (6), then power and
toughness: characteristic-defining (7a), setting (7b), modifying (7c), counters (7d).
Within a layer effects apply in timestamp order (613.6); static abilities take the
timestamp of their permanent (613.6a... 613.6b), effects of resolved spells and
abilities the time they were created. Filters are checked against the characteristics
as they stand when that layer applies. The result is cached by the game and thrown
away on every change.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.cards.abilities import Ability

if TYPE_CHECKING:
    from engine.game import Game
    from engine.state import Obj


_BASE: dict[int, tuple] = {}  # per CardDef: its printed characteristics, shared until changed


class Chars:
    """The characteristics of an object as the rules see them now (CR 109.3).

    The sets are frozensets shared with the card's printed values; layers replace them
    rather than change them in place, so unaffected objects cost nothing to compute."""

    __slots__ = ("power", "toughness", "types", "subtypes", "supertypes", "colors", "keywords",
                 "kwargs", "abilities", "controller", "rules", "card")

    def __init__(self, o: "Obj") -> None:
        self.card = o.card
        base = _BASE.get(id(o.card))
        if base is None or base[0] is not o.card:
            c = o.card
            base = (c, _num(c.power), _num(c.toughness), frozenset(c.types), frozenset(c.subtypes),
                    frozenset(c.supertypes), frozenset(c.colors), frozenset(c.keywords), list(c.abilities))
            _BASE[id(o.card)] = base
        _, self.power, self.toughness, self.types, self.subtypes, self.supertypes, self.colors, \
            self.keywords, self.abilities = base
        self.kwargs = o.card.keyword_args
        self.controller = o.controller
        self.rules: list[dict] = []  # restriction statics that apply to this object

    def clone(self) -> "Chars":
        """A copy that layers may change without touching the cached printed values."""
        c = Chars.__new__(Chars)
        c.card, c.power, c.toughness, c.types, c.subtypes, c.supertypes, c.colors, c.keywords, \
            c.kwargs, c.abilities, c.controller = self.card, self.power, self.toughness, self.types, \
            self.subtypes, self.supertypes, self.colors, self.keywords, self.kwargs, self.abilities, \
            self.controller
        c.rules = list(self.rules)
        return c

    def is_creature(self) -> bool:
        return "Creature" in self.types


def _num(v: str | None) -> int:
    if v is None:
        return 0
    try:
        return int(v)
    except ValueError:
        try:
            return int(v.split("+")[0])
        except ValueError:
            return 0


def static_effects(game: "Game") -> list[tuple[int, int, dict[str, Any]]]:
    """(timestamp, source id, static) of every static ability of a permanent (604, 611.3)."""
    out = []
    for oid in game.battlefield:
        o = game.objects[oid]
        for ab in o.card.abilities:
            if ab.kind == "static" and ab.static is not None and ab.zone == "battlefield":
                out.append((o.timestamp, oid, ab.static))
    return out


def compute(game: "Game") -> dict[int, Chars]:
    """Characteristics of every object on the battlefield (613.1)."""
    from engine.filters import matches
    objs = game.objects
    # Printed characteristics are cached per object across changes and copied only when a
    # layer changes them (copy on write): most permanents are affected by nothing.
    printed = game.__dict__.get("_printed")
    if printed is None:
        printed = game._printed = {}
    chars: dict[int, Chars] = {}
    for oid in game.battlefield:
        o = objs[oid]
        c = printed.get(oid)
        if c is None or c.card is not o.card or c.controller != o.controller:
            c = printed[oid] = Chars(o)
        chars[oid] = c
    game._chars = chars  # partial results are visible to filters below
    mine: set[int] = set()

    def own(i: int) -> Chars:
        """chars[i], made this computation's own before a layer changes it."""
        if i in mine:
            return chars[i]
        c = chars[i] = chars[i].clone()
        mine.add(i)
        return c
    statics = static_effects(game)
    timed = sorted(game.effects, key=lambda e: e["ts"])

    def affected(src: int, st: dict[str, Any]) -> list[int]:
        a = st.get("affects", "self")
        if st.get("condition") and not game.condition(st["condition"], src):
            return []  # a conditional static ("as long as ...") applies only while it holds
        if a == "self":
            return [src] if src in chars else []
        if a == "attached":
            t = objs[src].attached_to
            return [t] if t in chars else []
        if isinstance(a, dict):
            if st.get("condition") and not game.condition(st["condition"], src):
                return []
            return [oid for oid in chars if matches(game, oid, a, src)]
        return []

    def targets_of(e: dict[str, Any]) -> list[int]:
        return [i for i in e["objects"] if i in chars]

    # layer 2: control
    for e in timed:
        if e["layer"] == "2":
            for i in targets_of(e):
                own(i).controller = e["controller"]
    # layer 4: types
    for ts, src, st in statics:
        if st.get("kind") == "add_types":
            for i in affected(src, st):
                c = own(i)
                c.subtypes = c.subtypes | set(st.get("subtypes", ()))
                c.types = c.types | set(st.get("types", ()))
    for e in timed:
        if e["layer"] == "4":
            for i in targets_of(e):
                c = own(i)
                if not e.get("in_addition"):
                    c.types = frozenset(e.get("types", ()))
                    c.subtypes = frozenset(e.get("subtypes", ()))
                else:
                    c.types = c.types | set(e.get("types", ()))
                    c.subtypes = c.subtypes | set(e.get("subtypes", ()))
    # layer 5: colors
    for e in timed:
        if e["layer"] == "5":
            for i in targets_of(e):
                own(i).colors = frozenset(e["colors"])
    # layer 6: abilities (statics and resolved effects, in timestamp order)
    layer6: list[tuple[int, list[int], dict[str, Any]]] = []
    for ts, src, st in statics:
        if st.get("kind") in ("keywords", "grant_ability", "restriction"):
            layer6.append((ts, affected(src, st), st))
    for e in timed:
        if e["layer"] == "6":
            layer6.append((e["ts"], targets_of(e), e))
    layer6.sort(key=lambda t: t[0])
    for _, ids, st in layer6:
        for i in ids:
            c = own(i)
            if st.get("kind") == "restriction":
                c.rules.append(st)
                continue
            if st.get("kind") == "grant_ability":
                c.abilities = c.abilities + [st["ability"]]
                continue
            if st.get("lose_all"):
                c.keywords = frozenset()
                c.abilities = []
            if st.get("lose"):
                c.keywords = c.keywords - set(st["lose"])
            if st.get("keywords"):
                c.keywords = c.keywords | set(st["keywords"])
    # layer 7a: characteristic-defining abilities
    for ts, src, st in statics:
        if st.get("kind") == "set_pt" and src in chars:
            c = own(src)
            if "power" in st:
                c.power = game.amount(st["power"], src)
            if "toughness" in st:
                c.toughness = game.amount(st["toughness"], src)
    # layer 7b: setting
    for e in timed:
        if e["layer"] == "7b":
            for i in targets_of(e):
                c = own(i)
                c.power, c.toughness = e["power"], e["toughness"]
    # layer 7c: modifying (statics and resolved effects in timestamp order)
    layer7c: list[tuple[int, list[int], int, int]] = []
    for ts, src, st in statics:
        if st.get("kind") == "anthem":
            per = game.amount(st["per"], src) if st.get("per") else 1
            layer7c.append((ts, affected(src, st), game.amount(st.get("power", 0), src) * per,
                            game.amount(st.get("toughness", 0), src) * per))
    for e in timed:
        if e["layer"] == "7c":
            layer7c.append((e["ts"], targets_of(e), e["power"], e["toughness"]))
    for _, ids, p, t in layer7c:
        for i in ids:
            c = own(i)
            c.power += p
            c.toughness += t
    # layer 7d: counters
    for i in list(chars):
        cs = objs[i].counters
        if cs:
            n = cs.get("+1/+1", 0) - cs.get("-1/-1", 0)
            if n:
                c = own(i)
                c.power += n
                c.toughness += n
    return chars
