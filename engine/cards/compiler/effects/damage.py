"""Damage sentences (CR 119): "SELF deals N damage to ...", divided damage, damage equal to a
quantity, and one creature dealing damage equal to its power to another.
"""
from __future__ import annotations

import re
from typing import Any

from engine.cards.abilities import Effect, TargetSpec
from engine.cards.compiler.effects.amounts import amount_of, bind_x, equal_to, scaled
from engine.cards.compiler.effects.context import SRC, Ctx, Reader, reader, source_ref
from engine.cards.compiler.quantities import quantity
from engine.cards.compiler.targets import parse_noun


@reader(rf"^{SRC} deals (\d+|x|that much) damage to (.+?)(?:, where x is (.+))?$")
def _damage(m: re.Match, c: Ctx) -> list[Effect] | None:
    src = source_ref(m.group(1), c)
    if not bind_x(m.group(4), c):
        return None
    tail = m.group(3)
    each = re.fullmatch(r"((?:target|each) (?:player|opponent)|you|(?:target|each) [a-z ]*?creature|any target) "
                        r"for each (.+)", tail)
    if each and not re.search(r"\b(?:it|that creature|that player|them)\b", each.group(2)):
        # "it deals 1 damage to target opponent for each creature card in your graveyard": N times that number,
        # counted as it resolves (608.2c, 107.1); "... to target tapped creature for each card you've drawn this
        # turn" (Niko Aris)
        n = scaled(m.group(2), each.group(2), c)
        tail = each.group(1)
    else:
        n = amount_of(m.group(2), c)
    if src is None or n is None:
        return None
    if m.group(1) == "it" and re.fullmatch(r"that (?:creature|permanent|planeswalker)", tail) and c.ref(tail) == src:
        # "SELF deals 2 damage to target creature. It deals 4 damage to that creature instead if ..." (Cinder Strike):
        # "it" is the subject the sentence before had, the spell (608.2c), not the creature dealt the damage
        src = "self"
    return _damage_to(tail, n, src, c)


def _damage_to(tail: str, n: Any, src: Any, c: Ctx) -> list[Effect] | None:
    # "1 damage to that player or a planeswalker that player controls" (Curse of the Pierced Heart, an Oracle wording
    # of older text): damage to that player, which the source's controller may redirect to a planeswalker that player
    # controls (306.7 of the 2016 rules, engine/ops/damage.py)
    tail = re.sub(r"^(that player|that opponent|target player|target opponent) or a planeswalker (?:that player|they|"
                  r"that opponent) controls?$", r"\1", tail)
    # "1 damage to each of up to two target creatures": that much to each one chosen (115.1, 119.1)
    each = re.fullmatch(r"each of ((?:up to )?(?:one|two|three|four|five) (?:targets|target .+))", tail)
    if each:
        tail = each.group(1)
    # "target creature and 2 damage to that creature's controller", "each creature and each player"
    m = re.fullmatch(r"(.+?) and (\d+|x) damage to (.+)", tail)
    if m:
        a = c.ref(m.group(1))
        b = src if m.group(3) == "itself" else c.ref(m.group(3))  # "... and 1 damage to itself": the source
        n2 = amount_of(m.group(2), c)
        if a is None or b is None or n2 is None:
            return None
        return [_dmg(n, a, src), _dmg(n2, b, src)]
    m = re.fullmatch(r"(.+?) and each (.+)", tail)
    if m and not tail.startswith("each") or (m and tail.startswith("each") and " and each " in tail):
        m2 = re.fullmatch(r"(.+?) and (each .+)", tail)
        if m2:
            a = c.ref(m2.group(1))
            b = c.ref(m2.group(2))
            if a is not None and b is not None:
                return [_dmg(n, a, src), _dmg(n, b, src)]
    if tail in ("itself", "himself", "herself"):  # "SELF deals 2 damage to itself" (Goblin Bangchuckers, Stuffy
        return [_dmg(n, src, src)]  # Doll): the source is dealt the damage it deals (119.1, 120.3)
    to = c.ref(tail)
    if to is None:
        m = re.fullmatch(r"divided as you choose among (one or two|one, two, or three|any number of|two|three) "
                         r"(targets|target creatures and/or planeswalkers(?: .+)?|target .+)", tail)
        if m:
            cnt = {"one or two": 2, "one, two, or three": 3, "any number of": 99, "two": 2, "three": 3}[m.group(1)]
            f: dict[str, Any] | None = {"any": True}
            if m.group(2).startswith("target creatures and/or planeswalkers"):  # "... your opponents control"
                rest = parse_noun("creatures" + m.group(2)[len("target creatures and/or planeswalkers"):])
                f = None if rest is None else {**rest, "types": ["Creature", "Planeswalker"]}
            elif m.group(2) != "targets":  # "one, two, or three target creatures with flying" (601.2d)
                f = parse_noun(m.group(2)[len("target "):])
            if f is None or f.get("player") or f.get("zone") not in (None, "battlefield") \
                    or f.get("_needs_player_target"):
                return None
            r = c.add_target(TargetSpec(f, tail, count=cnt, min=1))
            return [Effect("damage", {"amount": n, "to": r, "source": src, "divided": True})]
        return None
    return [_dmg(n, to, src)]


def _dmg(n: Any, to: Any, src: Any) -> Effect:
    args: dict[str, Any] = {"amount": n, "to": to}
    if src != "self":
        args["source"] = src
    return Effect("damage", args)


@reader(rf"^{SRC} deals (\d+|x) damage divided evenly, rounded down, among any number of targets$")
def _damage_evenly(m: re.Match, c: Ctx) -> list[Effect] | None:
    """Fireball: one or more targets chosen (601.2c), each dealt the amount over their number, rounded down
    (107.1a); the number is of the targets chosen, a target gone illegal still counting (608.2b)."""
    src = source_ref(m.group(1), c)
    n = amount_of(m.group(2), c)
    if src is None or n is None:
        return None
    r = c.add_target(TargetSpec({"any": True}, "any number of targets", count=99, min=1))
    return [_dmg({"per_target": n, "slot": r["target"]}, r, src)]


@reader(rf"^{SRC} deals (\d+|x) damage divided as you choose among (.+?)(?:, where x is (.+?) as you (?:activate "
        r"this ability|cast this spell))?$")
def _damage_div(m: re.Match, c: Ctx) -> list[Effect] | None:
    """601.2d: damage divided as its controller chooses as it is cast or activated; "where X is the greatest power
    among creatures you control as you activate this ability" (Lukka, Bound to Ruin): X counted then, with the
    division (engine/targets.py division)."""
    src = source_ref(m.group(1), c)
    n = amount_of(m.group(2), c) if not m.group(4) else quantity(m.group(4)) if m.group(2) == "x" else None
    if src is None or n is None:
        return None
    return _damage_to("divided as you choose among " + m.group(3), n, src, c)


@reader(rf"^{SRC} deals damage equal to (.+?) to (.+)$")
def _damage_eq(m: re.Match, c: Ctx) -> list[Effect] | None:
    src = source_ref(m.group(1), c)
    if src is None:
        return None
    if "target player's" in m.group(2) and m.group(3) == "that player":
        # Tibalt: "damage equal to the number of cards in target player's hand to that player" is
        # "damage to target player equal to the number of cards in that player's hand"
        amt = m.group(2).replace("target player's", "that player's")
        again = _damage_eq2.pattern.match(f"{m.group(1)} deals damage to target player equal to {amt}")
        return None if again is None else _damage_eq2(again, c)
    q_amt = equal_to(m.group(2), its=src if m.group(2) in ("its power", "its toughness") else None, c=c)
    if q_amt is None:
        return None
    return _damage_to(m.group(3), q_amt, src, c)


@reader(rf"^{SRC} deals damage to (.+?) equal to (.+)$")
def _damage_eq2(m: re.Match, c: Ctx) -> list[Effect] | None:
    src = source_ref(m.group(1), c)
    if src is None:
        return None
    to = c.ref(m.group(2))
    q_amt = equal_to(m.group(3), its=src if m.group(3) in ("its power", "its toughness") else None, c=c)
    if q_amt is None or to is None:
        return None
    return [_dmg(q_amt, to, src)]


@reader(r"^(.+?) (deals|each deal) damage equal to (its|their) power to (.+)$")
def _bite(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Target creature you control deals damage equal to its power to target creature"; "up to two target
    creatures you control each deal damage equal to their power to another target creature" (Band Together): each
    one a source of its own, dealing its own power, all at once (119.1, 608.2c; engine/ops/damage.py)."""
    before = c.last
    src = c.ref(m.group(1))
    if src is None:
        return None
    if m.group(2) == "each deal" and not (isinstance(src, dict) and "target" in src
                                          and c.targets[src["target"]].count > 1):
        return None  # "each deal": several objects of one target slot ("they each deal": the ones named before)
    if isinstance(src, dict) and "target" not in src and "each" not in src:
        return None
    if isinstance(src, dict) and "each" in src:
        c.last = before  # "each creature you control deals damage equal to its power to that creature": the one
        # named before (Moonlight Hunt's target), not the group
    to = c.ref(m.group(4))
    if to is None or to == src:  # "each of those creatures deals damage ... to that creature": not itself
        return None
    if isinstance(to, dict) and (to.get("each") or {}).get("other") and src != "self":
        return None  # "target creature deals damage ... to each other creature": other than that one, not SELF
    return [_dmg({"power_of": src}, to, src)]


@reader(r"^(each .+?) deals (\d+|x) damage to (.+)$")
def _each_deals(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Each Dragon you control deals 1 damage to that creature" (Sarkhan the Masterless), "Each creature you
    control deals 1 damage to that creature" (Case of the Gateway Express): each one a source of its own (119.1,
    engine/ops/damage.py), all dealt at once."""
    before = c.last
    src = c.ref(m.group(1))
    n = amount_of(m.group(2), c)
    if not isinstance(src, dict) or "each" not in src or n is None:
        return None
    c.last = before  # "that creature": the one named before, not the group
    to = c.ref(m.group(3))
    if to is None or to == src or isinstance(to, dict) and "each" in to:
        return None  # "each creature deals 1 damage to each other creature": not read (which pairs)
    return [_dmg(n, to, src)]


@reader(r"^(.+?) deals damage to itself equal to its (power|toughness)$")
def _self_damage(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Target creature deals damage to itself equal to its power" (119.1: the creature is the source)."""
    what = c.ref(m.group(1))
    if what is None:
        return None
    return [_dmg({f"{m.group(2)}_of": what}, what, what)]


#: this family's readers, in the order they are tried
READERS: tuple[Reader, ...] = (_self_damage, _damage, _damage_evenly, _damage_div, _damage_eq, _damage_eq2, _bite,
                               _each_deals)
