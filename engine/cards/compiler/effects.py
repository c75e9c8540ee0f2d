"""Effect sentences (CR 608.2c: an ability's instructions, in order) to effect primitives.

Each reader takes one sentence and a Ctx collecting target slots; it returns the
effects, or None when the sentence is not understood (then the card is unsupported).
Object references in effects are: "self", "you", "opponent", {"target": i},
{"each": filter}, "it" (the object the ability's trigger refers to), "each_player",
"each_opponent".
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable

from engine.cards.abilities import Effect, TargetSpec
from engine.cards.compiler.targets import KEYWORDS, number, parse_noun, parse_target
from engine.mana import parse_cost


@dataclass
class Ctx:
    """What a sentence may refer to: the target slots chosen so far in this ability."""

    targets: list[TargetSpec] = field(default_factory=list)
    last: Any = None  # the last object reference, for "it" / "that creature"

    def ref(self, phrase: str) -> Any:
        """An object or player phrase to a reference, adding a target slot if targeted."""
        p = phrase.strip().lower()
        if p in ("self", "it", "that creature", "that permanent", "this", "that player"):
            if p == "that player" and self.last is None:
                return None
            if p in ("it", "that creature", "that permanent", "that player") and self.last is not None:
                return self.last
            return "self" if p in ("self", "this") else "it"
        if p in ("you",):
            return "you"
        if p in ("each opponent", "each of your opponents"):
            return "each_opponent"
        if p in ("each player",):
            return "each_player"
        if "target" in p:
            spec = parse_target(p)
            if spec is None:
                return None
            self.targets.append(spec)
            r: Any = {"target": len(self.targets) - 1}
            self.last = r
            return r
        m = re.fullmatch(r"(each|all) (.+)", p)
        if m:
            f = parse_noun(m.group(2))
            if f is None:
                return None
            return {"each": f}
        if p in ("equipped creature", "enchanted creature"):
            return "attached"
        return None


Reader = Callable[[re.Match, Ctx], "list[Effect] | None"]
_READERS: list[tuple[re.Pattern, Reader]] = []


def reader(pattern: str) -> Callable[[Reader], Reader]:
    def deco(fn: Reader) -> Reader:
        _READERS.append((re.compile(pattern, re.I), fn))
        return fn
    return deco


def amount(word: str) -> Any:
    if word.upper() == "X":
        return {"x": True}
    return number(word)


OBJ = r"(self|it|that creature|you|each opponent|each player|(?:up to \w+ )?(?:another )?target [^.,]+?|any target|(?:each|all) [^.,]+?|equipped creature|enchanted creature)"


@reader(rf"^(?:self|it) deals (\d+|x) damage to {OBJ}$")
def _damage(m: re.Match, c: Ctx) -> list[Effect] | None:
    to = c.ref(m.group(2))
    n = amount(m.group(1))
    if to is None or n is None:
        return None
    return [Effect("damage", {"amount": n, "to": to})]


@reader(rf"^(?:self|it) deals (\d+|x) damage to {OBJ} and (\d+|x) damage to {OBJ}$")
def _damage2(m: re.Match, c: Ctx) -> list[Effect] | None:
    a = c.ref(m.group(2))
    b = c.ref(m.group(4))
    if a is None or b is None:
        return None
    return [Effect("damage", {"amount": amount(m.group(1)), "to": a}),
            Effect("damage", {"amount": amount(m.group(3)), "to": b})]


def _pt(s: str) -> int | dict | None:
    s = s.strip()
    if s.lower() in ("+x", "x"):
        return {"x": True}
    if s.lower() == "-x":
        return {"x": True, "negate": True}
    try:
        return int(s)
    except ValueError:
        return None


def _keywords(text: str) -> list[str] | None:
    parts = [p.strip() for p in re.split(r",\s*(?:and\s+)?|\s+and\s+", text.lower()) if p.strip()]
    out = []
    for p in parts:
        if p not in KEYWORDS:
            return None
        out.append(p.capitalize())
    return out


@reader(rf"^{OBJ} gets? ([+-]\w+)/([+-]\w+)(?: and gains? ([a-z ,]+?))? until end of turn$")
def _pump(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(1))
    p, t = _pt(m.group(2)), _pt(m.group(3))
    if what is None or p is None or t is None:
        return None
    out = [Effect("pump", {"what": what, "power": p, "toughness": t})]
    if m.group(4):
        kws = _keywords(m.group(4))
        if kws is None:
            return None
        out.append(Effect("grant", {"what": what, "keywords": kws}))
    return out


@reader(rf"^{OBJ} gains? ([a-z ,]+?) until end of turn$")
def _gain_kw(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(1))
    kws = _keywords(m.group(2))
    if what is None or kws is None:
        return None
    return [Effect("grant", {"what": what, "keywords": kws})]


@reader(rf"^(destroy|exile) {OBJ}(\. it can't be regenerated)?$")
def _destroy(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(2))
    if what is None:
        return None
    return [Effect(m.group(1).lower(), {"what": what, **({"no_regen": True} if m.group(3) else {})})]


@reader(rf"^return {OBJ} to (?:its|their) owner's hand$")
def _bounce(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(1))
    return None if what is None else [Effect("bounce", {"what": what})]


@reader(rf"^(tap|untap) {OBJ}$")
def _tap(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(2))
    return None if what is None else [Effect(m.group(1).lower(), {"what": what})]


@reader(r"^(?:(you|target player|target opponent|each player|each opponent) )?draws? (a|one|two|three|four|five|x|\d+) cards?$")
def _draw(m: re.Match, c: Ctx) -> list[Effect] | None:
    who = c.ref(m.group(1) or "you")
    n = amount(m.group(2))
    return None if who is None or n is None else [Effect("draw", {"who": who, "amount": n})]


@reader(r"^(you|target player|target opponent|each player|each opponent) (gain|lose)s? (\d+|x) life$")
def _life(m: re.Match, c: Ctx) -> list[Effect] | None:
    who = c.ref(m.group(1))
    n = amount(m.group(3))
    if who is None or n is None:
        return None
    return [Effect("gain_life" if m.group(2).lower() == "gain" else "lose_life", {"who": who, "amount": n})]


@reader(r"^(target player|target opponent|each player|each opponent) discards (a|one|two|three|\d+) cards?$")
def _discard(m: re.Match, c: Ctx) -> list[Effect] | None:
    who = c.ref(m.group(1))
    n = amount(m.group(2))
    return None if who is None or n is None else [Effect("discard", {"who": who, "amount": n})]


@reader(r"^(you|target player|target opponent|each player|each opponent) mills? (a|one|two|three|four|five|\d+) cards?$")
def _mill(m: re.Match, c: Ctx) -> list[Effect] | None:
    who = c.ref(m.group(1))
    n = amount(m.group(2))
    return None if who is None or n is None else [Effect("mill", {"who": who, "amount": n})]


@reader(r"^scry (\d+)$")
def _scry(m: re.Match, c: Ctx) -> list[Effect] | None:
    return [Effect("scry", {"amount": int(m.group(1))})]


@reader(r"^counter target (spell|creature spell|noncreature spell|instant or sorcery spell|instant spell|sorcery spell)$")
def _counter(m: re.Match, c: Ctx) -> list[Effect] | None:
    kind = m.group(1).lower()
    f: dict[str, Any] = {"zone": "stack"}
    if kind == "creature spell":
        f["types"] = ["Creature"]
    elif kind == "noncreature spell":
        f["not_types"] = ["Creature"]
    elif kind == "instant or sorcery spell":
        f["types"] = ["Instant", "Sorcery"]
    elif kind in ("instant spell", "sorcery spell"):
        f["types"] = [kind.split()[0].capitalize()]
    c.targets.append(TargetSpec(f, "target " + kind))
    return [Effect("counter", {"what": {"target": len(c.targets) - 1}})]


@reader(rf"^put (a|an|one|two|three|four|five|x|\d+) ([+-]1/[+-]1) counters? on {OBJ}$")
def _counters(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(3))
    n = amount(m.group(1))
    return None if what is None or n is None else [Effect("counters", {"what": what, "kind": m.group(2), "amount": n})]


_TOKEN = re.compile(
    r"^create (a|an|one|two|three|four|five|x|\d+) (\d+)/(\d+) ((?:(?:white|blue|black|red|green|colorless)(?:(?:,)? and | )?)+)([A-Za-z ]+?) (?:artifact )?creature tokens?(?: with ([a-z ,]+))?$",
    re.I)


@reader(_TOKEN.pattern)
def _token(m: re.Match, c: Ctx) -> list[Effect] | None:
    n = amount(m.group(1))
    colors = [w for w in re.split(r"[ ,]+(?:and )?", m.group(4).lower().strip()) if w and w != "and"]
    cmap = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G", "colorless": None}
    if any(w not in cmap for w in colors):
        return None
    kws: list[str] = []
    if m.group(6):
        kw = _keywords(m.group(6))
        if kw is None:
            return None
        kws = kw
    subtypes = [s.capitalize() if s.islower() else s for s in m.group(5).split()]
    return [Effect("token", {"amount": n, "power": int(m.group(2)), "toughness": int(m.group(3)),
                             "colors": [cmap[w] for w in colors if cmap[w]], "subtypes": subtypes,
                             "keywords": kws})]


@reader(r"^add ((?:\{[wubrgc]\})+)$")
def _add_mana(m: re.Match, c: Ctx) -> list[Effect] | None:
    return [Effect("add_mana", {"mana": list(parse_cost(m.group(1)))})]


@reader(r"^add (\{[wubrgc]\}) or (\{[wubrgc]\})$")
def _add_mana_or(m: re.Match, c: Ctx) -> list[Effect] | None:
    return [Effect("add_mana", {"choice": [parse_cost(m.group(1))[0], parse_cost(m.group(2))[0]]})]


@reader(r"^add (\{[wubrgc]\}), (\{[wubrgc]\}), or (\{[wubrgc]\})$")
def _add_mana_or3(m: re.Match, c: Ctx) -> list[Effect] | None:
    return [Effect("add_mana", {"choice": [parse_cost(m.group(i))[0] for i in (1, 2, 3)]})]


@reader(r"^add one mana of any color$")
def _add_any(m: re.Match, c: Ctx) -> list[Effect] | None:
    return [Effect("add_mana", {"choice": list("WUBRG")})]


@reader(rf"^{OBJ} fights {OBJ}$")
def _fight(m: re.Match, c: Ctx) -> list[Effect] | None:
    a, b = c.ref(m.group(1)), c.ref(m.group(2))
    return None if a is None or b is None else [Effect("fight", {"a": a, "b": b})]


@reader(r"^you may draw a card$")
def _may_draw(m: re.Match, c: Ctx) -> list[Effect] | None:
    return [Effect("may", {"effects": [Effect("draw", {"who": "you", "amount": 1})]})]


def parse_sentence(sentence: str, ctx: Ctx) -> list[Effect] | None:
    """One imperative sentence to effects, or None."""
    s = sentence.strip().rstrip(".").strip()
    s = re.sub(r"^then,? ", "", s, flags=re.I)
    # "A and B" compound imperatives with a shared subject are split by their readers;
    # two independent clauses joined by ", then" or " and " are tried as two sentences.
    for pattern, fn in _READERS:
        m = pattern.match(s)
        if m:
            out = fn(m, ctx)
            if out is not None:
                return out
    for joiner in (", then ", " and "):
        if joiner in s:
            left, right = s.split(joiner, 1)
            a = parse_sentence(left, ctx)
            if a is not None:
                b = parse_sentence(right, ctx)
                if b is not None:
                    return a + b
    return None


def parse_effects(text: str, ctx: Ctx) -> list[Effect] | None:
    """Several sentences in order; None if any is not understood."""
    from engine.cards.compiler.text import sentences

    out: list[Effect] = []
    for sent in sentences(text):
        effs = parse_sentence(sent, ctx)
        if effs is None:
            return None
        out.extend(effs)
    return out
