"""Amounts (CR 107.1, 107.3): the one place a sentence's number is read.

A number word, X, "that many"/"that much" (the amount the event or the previous
instruction names), "N ... for each Q" (N times the number of Q), "equal to Q" (its power,
the number of ..., your life total, ...), and ", where X is Q" (X bound for the whole
sentence). Quantities Q themselves are read by engine.cards.compiler.quantities.
"""
from __future__ import annotations

import re
from typing import Any

from engine.cards.compiler.effects.context import Ctx
from engine.cards.compiler.quantities import amount, difference, quantity
from engine.cards.compiler.targets import parse_noun

#: the pattern fragments readers put at the end of a sentence (each one capture group)
FOR_EACH = r"(?: for each (.+?))?"
WHERE_X = r"(?:, where x is (.+))?"

_OF = {"power": "power_of", "toughness": "toughness_of", "mana value": "mv_of"}


def amount_of(word: str, c: Ctx) -> Any:
    """A number word, X (the sentence's bound X if any) or "that many"; None if not a number."""
    a = amount(word)
    if isinstance(a, dict) and a.get("x") and c.x is not None:
        return c.x
    if isinstance(a, dict) and "plus" in a and c.x is not None:  # "X plus 1 ..., where X is ..." (An-Havva Inn)
        return {"plus": [c.x if isinstance(p, dict) and p.get("x") else p for p in a["plus"]]}
    return a


def bind_x(where: str | None, c: Ctx) -> bool:
    """", where X is Q": X is Q for the whole sentence (107.3); False if Q is not understood."""
    if not where:
        return True
    c.x = ctx_quantity(where, c)
    return c.x is not None


_POSSESSIVE = re.compile(r"(that spell|that card|that creature|that permanent|that artifact|that enchantment|that land|"
                         r"that planeswalker)'s (power|toughness|mana value)")


def back_ref(noun: str, c: Ctx) -> Any:
    """The object a back-reference names, when the sentence before bound it (608.2c); None if
    nothing was: "that spell" is the spell a cast trigger names (603.2) or the target spell before
    it (115.1); "that card", "that creature", "that permanent" the object named last."""
    last = c.last
    if noun == "that spell":
        if c.cast_trigger:
            return "it"
        if isinstance(last, dict) and "target" in last and c.targets[last["target"]].filter.get("zone") == "stack":
            return last
        return None
    return last if last not in (None, "self") else None


def ctx_quantity(phrase: str, c: Ctx) -> Any:
    """A quantity (quantities.quantity) read where the sentence's references are known: "that
    spell's mana value" (202.3), "that card's power" are of the object named before."""
    p = c.self_it(phrase.strip().lower())
    m = re.fullmatch(r"(?:the number of )?creatures? blocking (?:it|that creature)", p)
    if m and c.last not in (None, "self"):  # "for each creature blocking it": it is the object named before
        return {"count": {"types": ["Creature"], "blocking_ref": c.last}}
    if c.last == "self":  # "the number of charge counters on it": on SELF, the object "it" names (121.1)
        p = re.sub(r"^((?:the number of )?(?:[+\-]\d+/[+\-]\d+ |[a-z]+ )?counters? on) it$", r"\1 self", p)
    m = re.fullmatch(r"the (?:total )?amount of mana (?:you )?spent to cast (that spell|self|this spell|it)", p)
    if m:  # "where X is the amount of mana spent to cast that spell" (601.2h: what paid its total cost)
        who = m.group(1)
        ref = "self" if who in ("self", "this spell") or who == "it" and c.last == "self" else back_ref(
            "that spell", c) if who == "that spell" else None
        return None if ref is None else {"mana_spent_on": ref}
    m = re.fullmatch(r"the (power|toughness|mana value) of the (?:card|creature|permanent) "
                     r"(?:returned|exiled) this way", p)
    if m:  # "... equal to the power of the card returned this way" (Morgue Burst): the target the instruction before
        # it moved, where it went or as it last existed (608.2c, 608.2h)
        return {_OF[m.group(1)]: c.last} if isinstance(c.last, dict) and set(c.last) == {"target"} else None
    m = re.fullmatch(r"the total mana value of (?:those cards|those permanents|them)", p)
    if m:  # "SELF deals damage to you equal to the total mana value of those cards" (Command the Dreadhorde): the
        # targets named before, their mana values added (202.3; one gone, as it last existed: 608.2h)
        return {"mv_of": c.last} if isinstance(c.last, dict) and set(c.last) == {"target"} else None
    m = re.fullmatch(r"the number of ([a-z ]+? )?cards? in (target (?:player|opponent))'s graveyard", p)
    if m:  # "X is the number of creature cards in target player's graveyard" (Corpse Augur): that player a target,
        # the cards counted as it resolves (404.2: a graveyard is its owner's)
        f = parse_noun((m.group(1) or "") + "card")
        who = c.player(m.group(2))
        if f is None or f.get("player") or f.get("controller") or f.get("owner") or f.pop("zone", "any_card") \
                != "any_card" or not (isinstance(who, dict) and "target" in who):
            return None
        return {"count": {**f, "zone": "graveyard", "owner": who}}
    m = re.fullmatch(r"(?:the number of )?([a-z/ ]+? )?cards? in that player's hand", p)
    if m and m.group(1) and isinstance(c.last_player, dict) and set(c.last_player) == {"target"}:
        # "Target opponent reveals their hand. You draw a card for each Mountain and/or red card in that player's
        # hand" (Baleful Stare): the player named before, a target (608.2c), their hand counted as it resolves
        f = parse_noun(m.group(1) + "card")
        if f is None or f.get("player") or f.get("controller") or f.get("owner") \
                or f.pop("zone", "any_card") != "any_card":
            return None
        return {"count": {**f, "zone": "hand", "owner": c.last_player}}
    m = re.fullmatch(r"(?:the number of )?cards? in (target (?:player|opponent))'s hand", p)
    if m:  # "draw cards equal to the number of cards in target opponent's hand" (Recurring Insight), "for each card in
        # target opponent's hand" (Gerrard Capashen): that player is a target (115.1), their hand counted as it resolves
        who = c.player(m.group(1))
        return None if not (isinstance(who, dict) and "target" in who) else {"hand_of": who}
    m = re.fullmatch(r"(target .+?)'s (power|toughness|mana value)", p)
    if m:  # "you gain life equal to target creature's power": a target of the ability (115.1)
        ref = c.ref(m.group(1))
        return None if not (isinstance(ref, dict) and "target" in ref) else {_OF[m.group(2)]: ref}
    m = re.fullmatch(r"its (power|toughness|mana value)", p)
    if m and c.last == "attached":  # "sacrifices it unless they pay {X}, where X is its mana value" (Soul Tithe): of
        # the enchanted permanent the sentence named (608.2h)
        return {_OF[m.group(1)]: "attached"}
    m = _POSSESSIVE.fullmatch(p)
    if m:
        ref = back_ref(m.group(1), c)
        if ref is None:
            return None if m.group(1) == "that spell" else quantity(p)
        return {_OF[m.group(2)]: ref}
    q = quantity(p)
    if c.last == "attached" and isinstance(q, dict) and len(q) == 1 and q.get("mv_of", q.get(
            "power_of", q.get("toughness_of"))) == "it":
        return {next(iter(q)): "attached"}  # "its mana value" where "it" is the permanent the Aura enchants (303.4)
    return q


def scaled(word: str, for_each: str | None, c: Ctx) -> Any:
    """"N ... for each Q": N times the number of Q (just that number when N is 1); None if unread."""
    n = amount_of(word, c)
    if n is None or not for_each:
        return n
    q = ctx_quantity(for_each, c)
    m = re.search(r"\btarget (player|opponent) controls$", for_each)
    if q is None and m:
        # "draw a card for each tapped creature target player controls": the player is a target of the
        # ability (115.1) and the count is of what that player controls as it resolves (608.2c)
        q = quantity(for_each[:m.start()] + "that player controls")
        if q is None:
            return None
        c.player("target " + m.group(1))
    if q is None:
        return None
    return q if n == 1 else {"times": n, "of": q}


def equal_to(phrase: str, its: Any = None, that_creature: Any = None, c: Ctx | None = None) -> Any:
    """"equal to Q": "its power" is the power of `its` (the source, or what the sentence names),
    "that creature's power" that of `that_creature` when given; any other Q is a quantity (read
    with the sentence's references when ``c`` is given: ctx_quantity)."""
    p = phrase.strip().lower()
    m = re.fullmatch(r"(its|that creature's|the card's) (power|toughness|mana value)", p)
    if m and m.group(1) == "its" and its is not None:
        return {_OF[m.group(2)]: its}
    if m and m.group(1) != "its" and that_creature is not None:
        return {_OF[m.group(2)]: that_creature}
    return quantity(p) if c is None else ctx_quantity(p, c)


def pt_value(s: str, c: Ctx | None = None) -> int | dict | None:
    """A power or toughness change ("+2", "-X") as an amount; X as the sentence binds it."""
    s = s.strip().lower()
    if s in ("+x", "x"):
        return c.x if c is not None and c.x is not None else {"x": True}
    if s == "-x":
        if c is not None and c.x is not None:
            return {"times": -1, "of": c.x}
        return {"x": True, "negate": True}
    try:
        return int(s)
    except ValueError:
        return None


def bind_difference(cond: str, body: str, c: Ctx, d: Any = None) -> str | None:
    """"If COND, draw cards equal to the difference": "the difference" is the amount COND compares
    (quantities.difference, or ``d`` when the caller read it), bound as the sentence's X (107.3); the body with
    it read as X ("draw x cards", "they exile x cards from their hand", "they get x poison counters"), the body
    unchanged when it says no such thing, None when the difference is not understood."""
    if "the difference" not in body.lower():
        return body
    d = difference(cond) if d is None else d
    if d is None or c.x is not None:
        return None
    out = body.rstrip(". ")
    out = re.sub(r"\b(cards|life) equal to the difference$", r"x \1", out, flags=re.I)
    out = re.sub(r"\ba number of (\S+ )?(cards|counters|tokens) equal to the difference$", r"x \1\2", out,
                 flags=re.I)
    out = re.sub(r"\bcards (from (?:their|his or her|your) hand) equal to the difference$", r"x cards \1", out,
                 flags=re.I)
    if "difference" in out.lower():
        return None
    c.x = d
    return out
