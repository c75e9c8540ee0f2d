"""Power/toughness changes and granted abilities until a duration ends (CR 611.2a; layer 7c,
613.3c; abilities, layer 6, 613.1f), and quoted abilities granted (611.2).
"""
from __future__ import annotations

import re
from typing import Any

from engine.cards.abilities import Effect
from engine.cards.compiler.effects.amounts import bind_x, ctx_quantity, pt_value
from engine.cards.compiler.effects.context import (
    DURATIONS,
    TAPPED_DURATIONS,
    Ctx,
    Reader,
    keyword_list,
    reader,
)
from engine.cards.compiler.subtypes import CREATURE_TYPES

_ALL_TYPES = re.compile(r"(?:^|,? (?:and )?(?:gains? )?)all creature types(?=$|,| and)")


def _all_types(kw: str) -> tuple[str | None, bool]:
    """"gains all creature types" among what is gained (205.3m): the rest of the phrase (None when nothing else is
    gained) and whether it was there ("gets +1/+1 and gains all creature types", "gains all creature types and
    flying")."""
    if "all creature types" not in kw:
        return kw, False
    rest = _ALL_TYPES.sub("", kw, count=1).strip(" ,")
    rest = re.sub(r"^(?:and |gains? )+", "", rest).strip(" ,")
    return (rest or None), True


def _lose_types_effect(what: Any, dur: str) -> Effect:
    """The creature has no creature type for that long (205.3m: "loses all creature types"; 613.1d layer 4); its
    other subtypes stay."""
    return Effect("animate", {"what": what, "lose_creature_types": True, **({"duration": dur} if dur != "eot" else {})})


@reader(r"^(target creature|self|it|that creature) loses all creature types (until end of turn|until your next turn)$")
def _lose_types(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Target creature loses all creature types until end of turn" (Amoeboid Changeling): 205.3m, 613.1d."""
    what = c.ref(m.group(1))
    return None if what is None else [_lose_types_effect(what, DURATIONS.get(m.group(2), "eot"))]


def _types_effect(what: Any, dur: str) -> Effect:
    """The creature becomes every creature type for that long (205.3m, 613.1d layer 4)."""
    args: dict[str, Any] = {"what": what, "subtypes": sorted(CREATURE_TYPES), "keep_types": True,
                            "in_addition": True}
    if dur != "eot":
        args["duration"] = dur
    return Effect("animate", args)


@reader(
    r"^(.+?) (?:each )?gets? (?:an additional )?([+-]\w+)/([+-]\w+)(?:,? and (?:gains?|has|have) (.+?))?( until end "
    r"of turn| until end of combat| until your next turn| " + TAPPED_DURATIONS + r")?(?: for each (.+?))?(?:, where x "
    r"is (.+))?$"
)
def _pump(m: re.Match, c: Ctx) -> list[Effect] | None:
    if not m.group(5):
        return None
    return _pump_common(m.group(1), m.group(2), m.group(3), m.group(4), m.group(5).strip(), m.group(6), m.group(7), c)


@reader(r"^(.+?) (?:each )?gets? ([+-]\w+)/([+-]\w+) and loses? ([a-z, ]+?) (until end of turn|until your next turn)$")
def _pump_loses(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Target creature defending player controls gets -2/-0 and loses flying until your next turn" (Fear of Falling):
    the pump (613.3c) and the keywords it loses (613.1f), both for that duration (611.2a)."""
    out = _pump_common(m.group(1), m.group(2), m.group(3), None, m.group(5), None, None, c)
    if out is not None and len(out) == 1 and m.group(4) == "all creature types":  # "Target creature gets +3/-3 and
        # loses all creature types until end of turn" (Nameless Inversion): the pump and the types lost (205.3m, 613.1d)
        return out + [_lose_types_effect(out[0].args["what"], out[0].args.get("duration", "eot"))]
    kws = keyword_list(m.group(4))
    if out is None or not kws or len(out) != 1:
        return None
    g: dict[str, Any] = {"what": out[0].args["what"], "keywords": [], "lose": kws}
    if "duration" in out[0].args:
        g["duration"] = out[0].args["duration"]
    return out + [Effect("grant", g)]


@reader(r"^double (?:(its|self's|that creature's|target [^']+?'s) (power and toughness|power)|the (power and toughness"
        r"|power) of (it|self|target .+?|each .+?)) until end of turn$")
def _double_pt(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Double its power and toughness until end of turn", "double the power of each other creature you control
    until end of turn" (a later keyword action): each one gets +X/+0 (+X/+Y), X and Y its own power and toughness as
    the instruction is carried out (608.2h; layer 7c, 613.3c)."""
    who = m.group(1) or m.group(4)
    both = (m.group(2) or m.group(3)) == "power and toughness"
    who = {"its": "it", "self's": "self", "that creature's": "that creature"}.get(who, re.sub(r"'s$", "", who))
    what = c.ref(who)
    if what is None:
        return None
    if isinstance(what, dict) and "each" in what:  # each one by its own power (engine/ops/continuous.py)
        return [Effect("pump", {"what": what, "power": 0, "toughness": 0, "double": "pt" if both else "power"})]
    return [Effect("pump", {"what": what, "power": {"power_of": what}, "toughness": {"toughness_of": what} if both
                            else 0})]


@reader(r"^(.+?) (?:each )?gets? ([+-]\w+)/([+-]\w+) for each (.+?) (until end of turn|until your next turn)$")
def _pump_each_then_duration(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"SELF gets +1/+0 for each card in your hand until end of turn": the count, then the duration (611.2a)."""
    return _pump_common(m.group(1), m.group(2), m.group(3), None, m.group(5), m.group(4), None, c)


def _pump_common(who: str, p: str, t: str, kw: str | None, dur: str | None, each: str | None, where: str | None,
                 c: Ctx, lose: str | None = None) -> list[Effect] | None:
    both = _and_others(who)
    if both and not each and not where and not lose:
        # "Target creature and each other creature that shares a color with it get +1/+1 until end of turn" (Wojek
        # Siren): the target, then each other creature sharing a color with it as the spell resolves (105.4)
        first = _pump_common(both[0], p, t, kw, dur, None, None, c)
        if first is None:
            return None
        c.last = first[0].args["what"]
        second = _pump_common(both[1], p, t, kw, dur, None, None, c)
        return None if second is None else first + second
    if where and re.search(r"\bthose creatures\b", where) \
            and re.fullmatch(r"(?:all |other )?[a-z ,-]*creatures [a-z ]+", who):
        # "Ally creatures you control get +X/+X until end of turn, where X is the number of colors among those
        # creatures" (General Tazri): the group the sentence affects, as it resolves (608.2c, 611.2c)
        where = re.sub(r"\bthose creatures\b", who, where)
    if who == "self" and where and c.last in (None, "self"):
        # "SELF gets +X/+X until end of turn, where X is its power" (Tarox Bladewing): SELF's, as it resolves
        where = re.sub(r"\bits (power|toughness)\b", r"self's \1", where)
    if not bind_x(where, c):
        return None
    what = c.ref(who)
    pp, tt = pt_value(p, c), pt_value(t, c)
    if what is None or pp is None or tt is None:
        return None
    args: dict[str, Any] = {"what": what, "power": pp, "toughness": tt}
    d = DURATIONS.get(dur, "eot")
    if d != "eot":
        args["duration"] = d
    if each:
        q = ctx_quantity(each, c)
        if q is None:
            return None
        if what != "self" and isinstance(q, dict) and isinstance(q.get("count"), dict) and q["count"].get("other"):
            # "it gets +1/+1 for each other creature you control" (Sigil of Valor): other than the creature
            # that gets it, not than the source (the Equipment)
            q = {**q, "count": {**{k: v for k, v in q["count"].items() if k != "other"}, "other_than": what}}
        args["per"] = q
    out = [Effect("pump", args)]
    kw, types = _all_types(kw) if kw else (kw, False)
    if types:  # "creatures you control get +1/+1 and gain all creature types until end of turn" (Volatile Claws)
        out.append(_types_effect(what, d))
    if kw:
        choice = kw.startswith("your choice of ")  # "and gains your choice of deathtouch or lifelink" (608.2d)
        kws = keyword_list(re.sub(r",? or ", ", ", kw[len("your choice of "):]) if choice else kw)
        if kws is None:
            return None
        g: dict[str, Any] = {"what": what, "keywords": kws, **({"choose": 1} if choice else {})}
        if d != "eot":
            g["duration"] = d
        out.append(Effect("grant", g))
    return out


@reader(
    r"^until (end of turn|your next turn), (.+?) gets? ([+-]\w+)/([+-]\w+)(?:,? and (gains?|loses) (.+?))?(?: for "
    r"each (.+?))?(?:, where x is (.+))?$"
)
def _pump_pre(m: re.Match, c: Ctx) -> list[Effect] | None:
    gain = m.group(6) if m.group(5) and m.group(5).startswith("gain") else None
    out = _pump_common(m.group(2), m.group(3), m.group(4), gain, "until " + m.group(1), m.group(7), m.group(8), c)
    if out is not None and m.group(5) == "loses":
        kws = keyword_list(m.group(6))
        if kws is None:
            return None
        g = {"what": out[0].args["what"], "keywords": [], "lose": kws}
        if "duration" in out[0].args:
            g["duration"] = out[0].args["duration"]
        out.append(Effect("grant", g))
    return out


@reader(r"^(.+?) (?:each )?(?:gains?|has|have) (.+?) (until end of turn|until your next turn|for as long as you "
        r"control self|" + TAPPED_DURATIONS + r")$")
def _gain_kw(m: re.Match, c: Ctx) -> list[Effect] | None:
    return _gain(m.group(1), m.group(2), DURATIONS[m.group(3)], c)


def _and_others(who: str) -> tuple[str, str] | None:
    """"Target creature and each other creature that shares a color with it" (105.4), "Enchanted creature and other
    creatures that share a creature type with it" (205.3m, the Crowns): the object, then the others sharing it."""
    m = re.fullmatch(r"(target [a-z ]+?|enchanted creature|equipped creature|self) and (?:each |all )?other "
                     r"([a-z ]+?) that shares? a (color|creature type) with (?:it|that creature)", who)
    return (m.group(1), f"each other {m.group(2)} that shares a {m.group(3)} with it") if m else None


def _gain(who: str, kw: str, dur: str, c: Ctx) -> list[Effect] | None:
    """"X gains KW [and KW] (for that long)"; "all creature types" among them (205.3m) makes X every creature type."""
    both = _and_others(who)
    if both:  # "Enchanted creature and other creatures that share a creature type with it gain flying" (the Crowns)
        first = _gain(both[0], kw, dur, c)
        if first is None:
            return None
        c.last = first[-1].args["what"]
        second = _gain(both[1], kw, dur, c)
        return None if second is None else first + second
    rest, types = _all_types(kw)
    what = c.ref(who)
    kws = keyword_list(rest) if rest else []
    if what is None or kws is None:
        return None
    out = [_types_effect(what, dur)] if types else []
    if kws:
        args: dict[str, Any] = {"what": what, "keywords": kws}
        if dur != "eot":
            args["duration"] = dur
        out.append(Effect("grant", args))
    return out or None


@reader(r"^until (end of turn|your next turn), (.+?) (?:gains?|has|have) (.+)$")
def _gain_kw_pre(m: re.Match, c: Ctx) -> list[Effect] | None:
    return _gain(m.group(2), m.group(3), DURATIONS["until " + m.group(1)], c)


@reader(r"^(.+?) (?:gains?|gain) (.+)$")
def _gain_kw_bare(m: re.Match, c: Ctx) -> list[Effect] | None:
    # "They gain haste." after a token creation: until end of turn is implied only by
    # context; oracle text always says "until end of turn" for temporary gains, so a bare
    # gain is permanent (e.g. "It gains haste" on a token that is sacrificed later).
    if m.group(2).endswith("until end of turn") or "life" in m.group(2) or "control" in m.group(2):
        return None
    if m.group(2) == "all creature types":  # "Up to one target creature gains all creature types" (Oko, Lorwyn
        return _gain(m.group(1), m.group(2), "permanent", c)  # Liege): for good (611.2a, 205.3m)
    what = c.ref(m.group(1))
    kws = keyword_list(m.group(2))
    if what is None or kws is None:
        return None
    return [Effect("grant", {"what": what, "keywords": kws, "duration": "permanent"})]


@reader(r"^(.+?) gets? ([+-](?:\d+|x))/([+-](?:\d+|x)) or ([+-](?:\d+|x))/([+-](?:\d+|x)) until end of turn"
        r"(?:, where x is (.+))?$")
def _pump_either(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"SELF gets +1/-1 or -1/+1 until end of turn": one of the two, chosen as it resolves (608.2d); "Target
    creature gets +X/+X or -X/-X until end of turn, where X is the number of Swamps you control" (Liliana of the
    Dark Realms: X counted as it resolves, 107.3)."""
    if "x" in m.group(2) + m.group(3) + m.group(4) + m.group(5) and not m.group(6):
        return None  # an X the sentence does not define
    if not bind_x(m.group(6), c):
        return None
    what = c.ref(m.group(1))
    vals = [pt_value(m.group(i), c) for i in range(2, 6)]
    if what is None or any(v is None for v in vals):
        return None
    return [Effect("pump", {"what": what, "power": vals[0], "toughness": vals[1], "or": [vals[2], vals[3]]})]


@reader(r"^(.+?) gains? your choice of (.+?) until end of turn$")
def _gain_choice(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(1))
    kws = keyword_list(re.sub(r",? or ", ", ", m.group(2)))
    if what is None or kws is None:
        return None
    return [Effect("grant", {"what": what, "keywords": kws, "choose": 1})]


@reader(r"^(.+?) loses? (.+?) until end of turn$")
def _lose_kw(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(1))
    kws = keyword_list(m.group(2))
    if what is None or kws is None:
        return None
    return [Effect("grant", {"what": what, "keywords": [], "lose": kws})]


@reader(r"^(.+?) loses? ([a-z, ]+)$")
def _lose_kw_bare(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"SELF loses flying" with no duration (Mist Dragon): for good, as a bare gain is (611.2a)."""
    what = c.ref(m.group(1))
    kws = keyword_list(m.group(2))
    if what is None or not kws:
        return None
    return [Effect("grant", {"what": what, "keywords": [], "lose": kws, "duration": "permanent"})]


@reader(r"^until end of turn, (.+?) loses (.+?) and gains (.+)$")
def _lose_gain(m: re.Match, c: Ctx) -> list[Effect] | None:
    what = c.ref(m.group(1))
    lose, gain = keyword_list(m.group(2)), keyword_list(m.group(3))
    if what is None or lose is None or gain is None:
        return None
    return [Effect("grant", {"what": what, "keywords": gain, "lose": lose})]


@reader(r"^(.+?) gains? (\".+\")( until end of turn| until your next turn)?$")
def _gain_quoted(m: re.Match, c: Ctx) -> list[Effect] | None:
    """611.2a, 613.1f: 'target land gains "{T}: Add {G}" until end of turn', 'SELF gains "{T}: Add {G}" until your
    next turn' (Wrenn and One), and with no duration, for good."""
    return _grant_quoted(m.group(1), m.group(2), c, DURATIONS[m.group(3).strip()] if m.group(3) else "permanent")


def _grant_quoted(who: str, quoted: str, c: Ctx, dur: str) -> list[Effect] | None:
    from engine.cards.compiler import compile_ability_text  # layering: cycle (compiler imports this)
    both = re.fullmatch(r"(target [a-z ]+?) and (each other [a-z ]+? that shares? a color with it)", who)
    if both:  # "Until end of turn, target creature and each other creature that shares a color with it gain "SELF
        # can't block."" (Incite Hysteria): the target, then the others sharing a color with it (105.4)
        first = _grant_quoted(both.group(1), quoted, c, dur)
        second = _grant_quoted(both.group(2), quoted, c, dur) if first is not None else None
        return None if first is None or second is None else first + second
    what = c.ref(who)
    if what is None:
        return None
    abl = []
    for q in re.findall(r'"([^"]+)"', quoted):
        ab = compile_ability_text(q)
        if ab is None:
            return None
        abl.append(ab)
    if not abl:
        return None
    return [Effect("grant", {"what": what, "keywords": [], "abilities": abl, "duration": dur})]


@reader(r"^(until end of turn|until your next turn), (.+?) (?:each )?gains? (\".+\")$|"
        r"^(.+?) (?:each )?gains? (\".+\") until end of turn$")
def _gain_quoted_pre(m: re.Match, c: Ctx) -> list[Effect] | None:
    """611.2a, 613.1f: "Until end of turn, up to two target creatures you control each gain "Whenever SELF deals
    combat damage to a player, draw a card."" (Warriors' Lesson): each has the quoted ability for that long; "Until
    your next turn, creatures you control gain "{T}: Add one mana of any color."" (Song of Freyalise, 611.2b)."""
    if m.group(1):
        return _grant_quoted(m.group(2), m.group(3), c, DURATIONS[m.group(1)])
    return _grant_quoted(m.group(4), m.group(5), c, "eot")


@reader(r"^until end of turn, (.+?) gains? ([^\"]+?),? and (\".+\")$|"
        r"^(.+?) gains? ([^\"]+?),? and (\".+\") until end of turn$")
def _gain_kw_and_quoted(m: re.Match, c: Ctx) -> list[Effect] | None:
    """611.2a, 613.1f: "Until end of turn, creatures you control gain deathtouch and "Whenever SELF deals damage to
    an opponent, that player loses the game."" (Vraska, Scheming Gorgon): the keywords and the quoted ability, one
    grant for that long."""
    who, kw_text, quoted = (m.group(1), m.group(2), m.group(3)) if m.group(1) else (m.group(4), m.group(5),
                                                                                    m.group(6))
    kws = keyword_list(kw_text)
    got = _grant_quoted(who, quoted, c, "eot") if kws else None
    if not got or len(got) != 1:
        return None
    return [Effect("grant", {**got[0].args, "keywords": kws})]


@reader(r"^(.+?) gains? ([^\"]+?),? and (\"[^\"]+\")$")
def _gain_kw_and_quoted_lasting(m: re.Match, c: Ctx) -> list[Effect] | None:
    """611.2c, 613.1f: "Target artifact ... gains vigilance, indestructible, and "This creature can't be blocked.""
    (Vronos, Masked Inquisitor): the keywords and the quoted ability, one grant with no duration (for good)."""
    kws = keyword_list(m.group(2))
    got = _grant_quoted(m.group(1), m.group(3), c, "permanent") if kws else None
    if not got or len(got) != 1:
        return None
    return [Effect("grant", {**got[0].args, "keywords": kws})]


@reader(r"^until end of turn, (.+?) gets? ([+-]\w+)/([+-]\w+) and gains (\".+\")$")
def _pump_quoted(m: re.Match, c: Ctx) -> list[Effect] | None:
    a = _pump_common(m.group(1), m.group(2), m.group(3), None, "until end of turn", None, None, c)
    if a is None:
        return None
    b = _grant_quoted("it", m.group(4), c, "eot")  # the same object: one target, named once (115.1)
    return None if b is None else a + b


#: this family's readers, in the order they are tried
@reader(r"^switch (?:(its)|(.+?)'s?|the power and toughness of (?:each of )?(.+?)) (?:power and toughness )?"
        r"until end of turn$")
def _switch_pt(m: re.Match, c: Ctx) -> list[Effect] | None:
    """613.3e: "switch target creature's power and toughness until end of turn" (layer 7e)."""
    if m.group(3) is None and not m.string.endswith("power and toughness until end of turn"):
        return None
    what = c.ref("it" if m.group(1) else m.group(2) or m.group(3))
    return None if what is None else [Effect("switch_pt", {"what": what})]


READERS: tuple[Reader, ...] = (
    _switch_pt,
    _pump_either,
    _pump,
    _pump_loses,
    _lose_types,
    _pump_each_then_duration,
    _double_pt,
    _pump_pre,
    _gain_kw,
    _gain_kw_pre,
    _gain_kw_bare,
    _gain_choice,
    _lose_kw,
    _lose_kw_bare,
    _lose_gain,
    _gain_kw_and_quoted,
    _gain_kw_and_quoted_lasting,
    _gain_quoted,
    _gain_quoted_pre,
    _pump_quoted,
)
