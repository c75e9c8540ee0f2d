"""Objects that become something else until a duration ends: creatures from lands and
artifacts, base P/T, colors, lost abilities (CR 613 layers 4-7, 205.1b).
"""
from __future__ import annotations

import re
from typing import Any

from engine.cards.abilities import Ability, Effect
from engine.cards.compiler.costs import parse_cost_text
from engine.cards.compiler.effects.amounts import bind_x, pt_value
from engine.cards.compiler.effects.context import Ctx, Reader, keyword_list, reader
from engine.cards.compiler.effects.tokens import copy_exceptions
from engine.cards.compiler.keywords import parse_keyword_line
from engine.cards.compiler.quantities import quantity
from engine.cards.compiler.subtypes import CREATURE_TYPES, subtype
from engine.cards.compiler.targets import COLORS, parse_noun


@reader(
    r"^(?:until (?:end of turn|your next turn), )?(.+?) becomes? (?:an? )?((?:legendary |snow )*)(?:(\d+|x)/(\d+|x) )?"
    r"((?:[a-z][a-z-]* )*?)creatures?"
    r"(?: with (.+?))?( in addition to its other types| that's still an? (?:land|planeswalker)| that are still lands)?"
    r"( until end of turn| until your next turn)?(?:, where x is (.+))?$"
)
def _animate(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Target land becomes a 3/3 creature", "they become 6/6 Elemental creatures" (Nissa, Sage Animist),
    Gideon's "SELF becomes a 5/5 Human Soldier Ally creature
    with indestructible that's still a planeswalker", "... become 3/3 Wolf creatures with haste that are still lands"
    (Primal Adversary) (205.1b: "that's still a planeswalker" keeps
    its other card types and subtypes, as "in addition to its other types" does; 613.1d-f)."""
    if (m.group(3) == "x") != (m.group(4) == "x") or m.group(9) and m.group(3) != "x" or not bind_x(m.group(9), c):
        return None
    what = c.ref(m.group(1))
    if what is None:
        return None
    words = (m.group(5) or "").split()
    colors, subs, types = [], [], []
    supertypes = [w.capitalize() for w in (m.group(2) or "").split()]  # "a legendary 4/4 ... creature" (205.4b)
    for i, w in enumerate(words):
        if w == "and" and 0 < i < len(words) - 1 and words[i - 1] in COLORS and words[i + 1] in COLORS:
            continue  # "a 2/3 white and black Elemental creature": both colors (105.1)
        if w in COLORS:
            colors.append(COLORS[w])
        elif w in ("legendary", "snow"):
            supertypes.append(w.capitalize())
        elif w in ("artifact", "enchantment", "colorless"):
            types.append(w.capitalize())
        elif subtype(w):
            subs.append(subtype(w))
        else:
            return None
    kws: list[str] = []
    abilities: list[Any] = []
    power: Any = int(m.group(3)) if m.group(3) and m.group(3) != "x" else None
    toughness: Any = int(m.group(4)) if m.group(4) and m.group(4) != "x" else None
    if m.group(3) == "x":  # "becomes an X/X Construct artifact creature" (Chimeric Staff: the X paid, 107.3), "...,
        # where X is SELF's power" (Obuun): the number as the effect begins, its P/T then fixed (608.2h, 613.3b)
        power = toughness = c.x if c.x is not None else {"x": True}
    rest = m.group(6)
    each = re.fullmatch(r"(?:base )?power and toughness each equal to (.+?)(?: and (.+))?", rest or "")
    if each and power is None:
        # "SELF becomes a Human Soldier creature with power and toughness each equal to the number of loyalty
        # counters on him" (Gideon, Champion of Justice): counted once, as the effect begins (608.2h, 613.3b)
        q = quantity(re.sub(r"\b(?:him|her)$", "self", each.group(1)))
        if q is None:
            return None
        power = toughness = q
        rest = each.group(2)
    if power is None:
        return None  # a creature with no power and toughness named: another reader's
    if rest and re.match(r"all creature types(?: and |$)", rest):  # Mutavault: every creature type
        subs = [*sorted(CREATURE_TYPES)]  # (205.3m; as changeling, 702.72a)
        rest = rest[len("all creature types"):].removeprefix(" and ").strip() or None
    if rest:
        k, abilities = _with_abilities(rest)
        if k is None:
            return None
        kws = k
    # 205.1b: "in addition to its other types", and an "artifact creature", keep its prior types and subtypes
    args = {"what": what, "power": power, "toughness": toughness, "types": types + ["Creature"],
            "subtypes": subs, "colors": colors, "keywords": kws,
            "duration": "eot" if m.group(8) else "permanent",
            "in_addition": bool(m.group(7)) or bool(words) and words[-1] == "artifact"}
    if supertypes:
        args["supertypes"] = supertypes
    if abilities:
        args["abilities"] = abilities
    if m.group(0).startswith("until your next turn") or (m.group(8) and "next turn" in m.group(8)):
        args["duration"] = "your_next_turn"
    elif m.group(0).startswith("until end of turn"):
        args["duration"] = "eot"
    return [Effect("animate", args)]


def _with_abilities(text: str) -> tuple[list[str] | None, list[Any]]:
    """"with flying", "with \"Whenever SELF attacks, put a +1/+1 counter on it.\"", or both: the keywords,
    and the abilities in quotation marks, each compiled as printed (a manland's, 613.1f); (None, []) when
    a part is not read."""
    quoted = re.findall(r'"([^"]+)"', text)
    rest = re.sub(r'"[^"]+"', "", text).strip().removesuffix(" and").removesuffix(",").strip()
    abilities = []
    ward = re.search(r"(?:(?:,? and |, )|^)ward ((?:\{[^}]+\})+)$", rest)
    if ward:  # "becomes a 7/7 blue Giant creature with ward {3}" (Hall of Storm Giants): ward's triggered ability
        # (a later keyword, engine/cards/compiler/keywords.py), the others keywords as printed
        got = parse_keyword_line("Ward " + ward.group(1))
        if got is None or len(got[2]) != 1:
            return None, []
        abilities.append(got[2][0])
        rest = rest[:ward.start()].strip()
    kws = keyword_list(rest) if rest else []
    if kws is None:
        return None, []
    if quoted:
        from engine.cards.compiler import compile_ability_text  # layering: cycle (the compiler imports this)
        for q in quoted:
            ab = compile_ability_text(q)
            if ab is None:
                return None, []
            abilities.append(ab)
    return kws, abilities


#: "a colorless Food artifact with "..." and loses all other card types and abilities": the new types, then what
#: goes (Vraska, Betrayal's Sting; Sugar Coat; Enchantmentize)
SET_TYPES = re.compile(r"an? ((?:colorless )?)((?:[a-z-]+ )*?)(artifact|enchantment|land|creature)(?: with (.+?))? and "
                       r"(?:it )?loses all other card types( and abilities)?")


def set_types_parts(text: str) -> dict[str, Any] | None:
    """205.1a, 613.1d-f: "a Treasure artifact with "{T}, Sacrifice SELF: Add one mana of any color" and loses all
    other card types and abilities": its card types and subtypes only the new ones (layer 4; supertypes stay),
    colorless when it says so (layer 5), and, with "and abilities", only the abilities it gives (layer 6, after the
    loss); the parts of the becoming effect, None when a word is not read."""
    m = SET_TYPES.fullmatch(text)
    if m is None:
        return None
    subs = [subtype(w) for w in m.group(2).split()]
    if not all(subs):
        return None
    out: dict[str, Any] = {"types": [m.group(3).capitalize()], "subtypes": subs}
    if m.group(1):
        out["colors"] = []
    if m.group(4):
        kws, abilities = _with_abilities(m.group(4))
        if kws is None or (kws or abilities) and not m.group(5):
            return None  # (what it is given beside abilities it keeps: not read)
        out.update(keywords=kws, abilities=abilities)
    if m.group(5):
        out["lose_all"] = True
    return out


@reader(r"^(.+?) becomes? (an? .+ and (?:it )?loses all other card types(?: and abilities)?)$")
def _become_set_types(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Target creature becomes a Treasure artifact with '{T}, Sacrifice SELF: Add one mana of any color' and loses
    all other card types and abilities" (Vraska, Betrayal's Sting): for good (611.2a: no duration), set_types_parts."""
    parts = set_types_parts(m.group(2))
    what = c.ref(m.group(1)) if parts is not None else None
    if what is None or parts is None:
        return None
    args: dict[str, Any] = {"what": what, **parts, "duration": "permanent"}
    if args.get("colors") == []:
        args["colorless"] = True
    return [Effect("animate", args)]


def become_parts(text: str) -> dict[str, Any] | None:
    """'is/becomes a blue Frog [creature] [with base power and toughness 1/1]' or 'has base
    power and toughness 0/1' as the parts of a becoming effect (205.1b, 613.1d-f)."""
    m = re.fullmatch(r"(?:has|have) base power and toughness (\d+)/(\d+)", text)
    if m:
        return {"power": int(m.group(1)), "toughness": int(m.group(2))}
    m = re.fullmatch(r"(?:is|are|becomes?) an? (.+?)(?: with base power and toughness (\d+)/(\d+))?", text)
    if m is None:
        return None
    colors, subs, types = [], [], []
    colorless = False
    for w in m.group(1).split():
        if w in COLORS:
            colors.append(COLORS[w])
        elif w == "colorless" and not colorless:  # "is a colorless Noggle" (Noggle the Mind): no color (105.2c)
            colorless = True
        elif w in ("creature", "artifact"):
            types.append(w.capitalize())
        elif w != "and" and subtype(w):
            subs.append(subtype(w))
        elif w != "and":
            return None
    out: dict[str, Any] = {"subtypes": subs, "keep_types": True}
    if types:
        out["types"] = types
    if colors and colorless:
        return None
    if colors or colorless:
        out["colors"] = colors
    if m.group(2):
        out["power"], out["toughness"] = int(m.group(2)), int(m.group(3))
    return out


@reader(
    r"^(.+?) becomes? (?:an? )?(artifact )?creatures? with base power and toughness (\d+)/(\d+)( until end of turn| "
    r"for as long as self remains on the battlefield)?$"
)
def _animate_base(m: re.Match, c: Ctx) -> list[Effect] | None:
    """Skilled Animator: 'target artifact you control becomes an artifact creature with base
    power and toughness 5/5 for as long as SELF remains on the battlefield'; Tezzeret's 'Artifacts
    you control become artifact creatures with base power and toughness 5/5 until end of turn', and
    with no duration, for good (613.1d, 613.3b, 611.2c)."""
    what = c.ref(m.group(1))
    if what is None:
        return None
    types = (["Artifact"] if m.group(2) else []) + ["Creature"]
    dur = "permanent" if not m.group(5) else "eot" if "end of turn" in m.group(5) else "while_source_on_battlefield"
    return [Effect("animate", {"what": what, "types": types, "in_addition": True, "power": int(m.group(3)),
                               "toughness": int(m.group(4)), "duration": dur})]


@reader(r"^(until end of turn, |until your next turn, )?(.+?) (?:each )?(?:has|have) base power and toughness "
        r"(\d+|x)/(\d+|x)( until end of turn| until your next turn)?(?:, where x is (.+))?"
        r"( and gains? all creature types)?$")
def _base_pt(m: re.Match, c: Ctx) -> list[Effect] | None:
    """613.3b (layer 7b): "Target creature other than SELF has base power and toughness 0/2 until end of
    turn" (Sorceress Queen), "Until end of turn, creatures you control have base power and toughness
    X/X" (Mirror Entity): their power and toughness set for that long (611.2c: the objects fixed as it
    resolves)."""
    dur_text = (m.group(1) or "").strip(", ") or (m.group(5) or "").strip()
    if not dur_text and m.group(2) == "self" and not m.group(6) and not m.group(7):
        dur_text = "permanent"  # "{X}: This creature has base power and toughness X/X." (Gigantoplasm): no duration
        # stated, so until the game ends (611.2a), for this object (400.7)
    if not dur_text or m.group(1) and m.group(5) or not bind_x(m.group(6), c):
        return None
    what = c.ref(m.group(2))
    p, t = pt_value(m.group(3), c), pt_value(m.group(4), c)
    if what is None or p is None or t is None or m.group(7) and (m.group(5) or m.group(6)):
        return None
    dur = "eot" if "end of turn" in dur_text else "permanent" if dur_text == "permanent" else "your_next_turn"
    args: dict[str, Any] = {"what": what, "power": p, "toughness": t, "duration": dur}
    if m.group(7):  # "... have base power and toughness X/X and gain all creature types" (Mirror Entity, 205.3m)
        args.update(subtypes=sorted(CREATURE_TYPES), keep_types=True, in_addition=True)
    return [Effect("animate", args)]


@reader(r"^()(.+?) (?:each )?(?:has|have) base power (\d+|x)( until end of turn)"
        r"(?:, where x is (.+))?$")
def _base_power(m: re.Match, c: Ctx) -> list[Effect] | None:
    """613.3b (layer 7b): "SELF has base power 8 until end of turn" (Crater Elemental), "Target attacking
    creature has base power 0 until end of turn" (Singing Tree): its power set, its toughness kept. (Not "Until
    end of turn, SELF has base power 4 and gains trample": the leading duration would not reach the second part.)"""
    if bool(m.group(1)) == bool(m.group(4)) or not bind_x(m.group(5), c):
        return None
    what = c.ref(m.group(2))
    p = pt_value(m.group(3), c)
    if what is None or p is None:
        return None
    return [Effect("animate", {"what": what, "power": p, "duration": "eot"})]
@reader(r"^change (.+?)'s base power and toughness to (.+?)'s power and toughness until end of turn$")
def _base_pt_of(m: re.Match, c: Ctx) -> list[Effect] | None:
    """613.3b (layer 7b): "change SELF's base power and toughness to that creature's power and toughness until
    end of turn" (Eldrazi Mimic): the numbers that creature has as the effect resolves (608.2h), locked in."""
    what = c.ref(m.group(1))
    of = c.ref(m.group(2))
    if what is None or of is None or not (of in ("it", "self") or isinstance(of, dict) and "target" in of):
        return None
    return [Effect("animate", {"what": what, "power": {"power_of": of}, "toughness": {"toughness_of": of},
                               "duration": "eot"})]


@reader(r"^(.+?) (?:becomes? an artifact creature|become artifact creatures)( until end of turn)?$")
def _artifact_creature(m: re.Match, c: Ctx) -> list[Effect] | None:
    """Crew's 'SELF becomes an artifact creature until end of turn': it keeps its other types and
    subtypes (205.1b) and its printed power and toughness; "Vehicles you control become artifact creatures until
    end of turn" (Start Your Engines): each of them so, those there are as it resolves (611.2c)."""
    what = c.ref(m.group(1))
    if what is None:
        return None
    return [Effect("animate", {"what": what, "types": ["Artifact", "Creature"], "subtypes": [], "colors": [],
                               "keywords": [], "duration": "eot" if m.group(2) else "permanent",
                               "in_addition": True})]


@reader(r"^(.+?) becomes? an artifact creature and gets? ([+-]\d+)/([+-]\d+) until end of turn$")
def _artifact_creature_pump(m: re.Match, c: Ctx) -> list[Effect] | None:
    """Mizzium Tank: 'SELF becomes an artifact creature and gets +1/+1 until end of turn': one subject and
    one duration for both (205.1b, 611.2a; layers 4 and 7c)."""
    what = c.ref(m.group(1))
    if what is None:
        return None
    return [Effect("animate", {"what": what, "types": ["Artifact", "Creature"], "subtypes": [], "colors": [],
                               "keywords": [], "duration": "eot", "in_addition": True}),
            Effect("pump", {"what": what, "power": int(m.group(2)), "toughness": int(m.group(3)), "duration": "eot"})]


_COLOR_LETTER = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


@reader(r"^(.+?) (?:becomes?|become) (white|blue|black|red|green|colorless|all colors)(?: and (white|blue|black|red|"
        r"green))?( until end of turn)?$")
def _become_color(m: re.Match, c: Ctx) -> list[Effect] | None:
    """105.3, 613.1e: "Target permanent becomes white until end of turn" (Aurora Griffin), "SELF becomes colorless
    until end of turn" (Ancient Kavu), "One or more target creatures become red until end of turn" (Dwarven Song):
    its colors are only those (layer 5) until the turn ends (611.2a)."""
    what = c.ref(m.group(1))
    if what is None or m.group(2) == "colorless" and m.group(3) \
            or not m.group(4) and not (isinstance(what, dict) and "target" in what):  # (a target's, indefinitely)
        return None
    if m.group(2) == "all colors" and m.group(3):
        return None
    # "SELF becomes all colors until end of turn" (Scrapbasket): each of the five colors (105.1)
    colors = list("WUBRG") if m.group(2) == "all colors" else \
        [_COLOR_LETTER[w] for w in (m.group(2), m.group(3)) if w and w != "colorless"]
    # without a duration ("Target spell or permanent becomes black", Deathlace) it lasts indefinitely (611.2a; a spell
    # that resolves into a permanent keeps it, 400.7a)
    return [Effect("color", {"what": what, "set": colors, "duration": "eot" if m.group(4) else "permanent"})]


@reader(r"^(.+?) (?:becomes?|gets? ([+-]\d+)/([+-]\d+) and becomes) the (color|color or colors) of your choice "
        r"until end of turn$")
def _color_choice(m: re.Match, c: Ctx) -> list[Effect] | None:
    """Scuttlemutt: the controller chooses one or more colors as it resolves (105.3, 613.1e); "the color
    of your choice": one color (Spiritmonger, Tidal Visionary); "gets +1/+1 and becomes the color of your
    choice" (Wild Mongrel): one subject and one duration for both (611.2a)."""
    what = c.ref(m.group(1))
    if what is None:
        return None
    args: dict[str, Any] = {"what": what, "choose": True, "duration": "eot"}
    if m.group(4) == "color":
        args["one"] = True
    out = [Effect("color", args)]
    if m.group(2):
        out.insert(0, Effect("pump", {"what": what, "power": int(m.group(2)), "toughness": int(m.group(3)),
                                      "duration": "eot"}))
    return out


@reader(r"^(.+?) gets? ([+-]\d+)/([+-]\d+) and becomes an? ([a-z ]+?) until end of turn$")
def _pump_become(m: re.Match, c: Ctx) -> list[Effect] | None:
    """Ursine Champion: '+3/+3 and becomes a Bear Berserker until end of turn' (layers 7c and 4)."""
    what = c.ref(m.group(1))
    more = become_parts("becomes a " + m.group(4))
    if what is None or more is None or set(more) - {"subtypes", "keep_types"} or not more["subtypes"]:
        return None
    return [Effect("pump", {"what": what, "power": int(m.group(2)), "toughness": int(m.group(3)), "duration": "eot"}),
            Effect("animate", {"what": what, **more, "duration": "eot"})]


@reader(r"^(until end of turn, |until your next turn, )?(.+?) becomes? (an? [a-z ]+?) with base power and toughness "
        r"(\d+)/(\d+)(?:(?:,| and) (.+?))?( until end of turn)?$")
def _become_base(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Until end of turn, target creature you control becomes a blue Dragon Illusion with base power and toughness
    4/4, loses all abilities, and gains flying" (Dance of the Skywise), "SELF becomes a Kithkin Spirit with base
    power and toughness 4/4" (Figure of Destiny): its color and creature types set (205.1a, layers 4-5), its base
    power and toughness (7b), the abilities it loses, then those it gains (613.1f, in that order)."""
    what = c.ref(m.group(2))
    parts = become_parts(f"becomes {m.group(3)} with base power and toughness {m.group(4)}/{m.group(5)}")
    if what is None or parts is None:
        return None
    args: dict[str, Any] = {"what": what, **parts,
                            "duration": "eot" if m.group(7) or m.group(1) == "until end of turn, " else
                            "your_next_turn" if m.group(1) else "permanent"}
    kws: list[str] = []
    for part in re.sub(r",? and ", ", ", m.group(6) or "").split(", ") if m.group(6) else []:
        part = part.strip()
        if part == "loses all abilities":
            args["lose_all"] = True
            continue
        got = keyword_list(re.sub(r"^gains? ", "", part))
        if got is None:
            return None
        kws += got
    if kws:
        args["keywords"] = kws
    return [Effect("animate", args)]


@reader(r"^(until end of turn, |until your next turn, )?(.+?) (?:loses|lose) all abilities(?: and (.+?))?"
        r"( until end of turn| until your next turn)?$")
def _lose_all(m: re.Match, c: Ctx) -> list[Effect] | None:
    """Turn to Frog, Ovinize: loses all abilities (613.1f) and perhaps becomes something; "until your next turn"
    (611.2a: the effect lasts until its controller's next turn begins)."""
    what = c.ref(m.group(2))
    if what is None:
        return None
    dur = (m.group(1) or "") + (m.group(4) or "")
    args: dict[str, Any] = {"what": what, "lose_all": True,
                            "duration": "your_next_turn" if "next" in dur else "eot" if dur else "permanent"}
    if m.group(3):
        more = become_parts(m.group(3))
        if more is None:
            return None
        args.update(more)
    return [Effect("animate", args)]


#: basic land types: an added one brings its mana ability (305.7), which this reader does not add
_BASIC_LAND_TYPES = frozenset({"Plains", "Island", "Swamp", "Mountain", "Forest"})


@reader(r"^(until end of turn, )?(.+?) becomes? an? ([a-z][a-z ]*?) in addition to (?:its|their) other "
        r"(?:creature )?types(?: and gains? (.+?))?( until end of turn)?$")
def _add_types(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"That creature becomes a Vampire in addition to its other types" (Olivia Voldaren), "target
    permanent becomes an artifact in addition to its other types until end of turn" (Liquimetal Coating),
    "it becomes an Angel in addition to its other types and gains flying" (Gideon Blackblade's -2 style):
    the subtypes and card types are added, the others kept (205.1b, 613.1d); "a blue Crab" also sets
    its color (613.1e); the keywords are granted (layer 6), for good or until end of turn (611.2a)."""
    what = c.ref(m.group(2))
    more = become_parts("becomes a " + m.group(3))
    dur = "eot" if m.group(1) or m.group(5) else "permanent"
    if what is not None and more is not None and len(more["subtypes"]) == 1 and more["subtypes"][0] in _LAND_MANA \
            and not m.group(4) and set(more) <= {"subtypes", "keep_types"} and isinstance(what, dict) \
            and "target" in what and c.targets[what["target"]].filter.get("types") == ["Land"]:
        # "target land becomes an Island in addition to its other types" (Sealock Monster): the basic land type
        # and its mana ability are added (305.6), the land's others kept
        st = more["subtypes"][0]
        sym = _LAND_MANA[st]
        mana = Ability("mana", f"({{T}}: Add {{{sym}}}.)", effects=(Effect("add_mana", {"mana": [sym]}),),
                       cost=parse_cost_text("{T}"))
        return [Effect("animate", {"what": what, "subtypes": [st], "land_mana": [mana], "in_addition": True,
                                   "duration": dur})]
    if what is None or more is None or _BASIC_LAND_TYPES & set(more["subtypes"]) or "power" in more \
            or not (more["subtypes"] or more.get("types")):
        return None
    args: dict[str, Any] = {"what": what, "types": more.get("types", []), "subtypes": more["subtypes"],
                            "in_addition": True, "keep_types": True, "duration": dur}
    if more.get("colors"):
        args["colors"] = more["colors"]
    out = [Effect("animate", args)]
    if m.group(4):
        kws = keyword_list(m.group(4))
        if kws is None:
            return None
        out.append(Effect("animate", {"what": what, "keywords": kws, "duration": dur}))
    return out


_LAND_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


@reader(r"^(.+?) (?:loses ([a-z ]+?) and )?becomes? an? ([a-z]+(?: [a-z]+)?)( until end of turn)?$")
def _become_type(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Target land becomes an Island until end of turn" (Streambed Aquitects): its land types are only that
    basic land type, it loses its rules-text abilities and has that type's mana ability (305.7); "SELF becomes a
    Human until end of turn" (Wishful Merfolk, which "loses defender and" first: layer 6): its creature types
    are only the new one (205.1b); "target creature that player controls becomes a Coward" (Gornog), "SELF becomes
    a Werewolf" (Mild-Mannered Librarian): with no duration, for good (611.2a). Layer 4 (613.1d), until the turn
    ends (611.2a)."""
    what = c.ref(m.group(1))
    st = subtype(m.group(3))
    lost = keyword_list(m.group(2)) if m.group(2) else []
    if what is None or st is None or lost is None:
        return None
    dur = "eot" if m.group(4) else "permanent"
    out = [Effect("grant", {"what": what, "keywords": [], "lose": lost})] if lost else []
    if st in _LAND_MANA:
        if not (isinstance(what, dict) and "target" in what
                and c.targets[what["target"]].filter.get("types") == ["Land"]):
            return None  # only a land is told to become one here (another object would also need its card type)
        sym = _LAND_MANA[st]
        mana = Ability("mana", f"({{T}}: Add {{{sym}}}.)", effects=(Effect("add_mana", {"mana": [sym]}),),
                       cost=parse_cost_text("{T}"))
        return [*out, Effect("animate", {"what": what, "subtypes": [st], "land_mana": [mana], "duration": dur})]
    more = become_parts("becomes a " + m.group(3))
    if more is None or set(more) - {"subtypes", "keep_types"} or more.get("subtypes") != [st]:
        return None
    return [*out, Effect("animate", {"what": what, "subtypes": [st], "keep_types": True, "duration": dur})]


@reader(r"^(?:(until end of turn), )?(target land(?: you control)?|each land you control) becomes the basic land "
        r"type of your choice"
        r"( in addition to its other types)?( until end of turn)?$")
def _become_chosen_land_type(m: re.Match, c: Ctx) -> list[Effect] | None:
    """305.7: "Target land becomes the basic land type of your choice until end of turn" (Reef Shaman): the type
    chosen as it resolves (608.2d); its land types are only that one and it has that type's mana ability instead
    of its other abilities. "... in addition to its other types" (Navigator's Compass; 305.6): that type and its
    mana ability are added."""
    if bool(m.group(1)) == bool(m.group(4)):
        return None
    what = c.ref(m.group(2))
    if what is None:
        return None
    choices = {t: [Ability("mana", f"({{T}}: Add {{{sym}}}.)", effects=(Effect("add_mana", {"mana": [sym]}),),
                           cost=parse_cost_text("{T}"))] for t, sym in _LAND_MANA.items()}
    return [Effect("animate", {"what": what, "subtypes": [], "land_choice": choices,
                               "in_addition": bool(m.group(3)), "duration": "eot"})]


@reader(r"^(.+?) becomes? the creature type of your choice until end of turn$")
def _become_chosen_type(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"SELF becomes the creature type of your choice until end of turn" (Mistform Dreamer, Greater Morphling):
    the type chosen as it resolves (608.2d, 205.3m); its creature types are only that one (205.1b), layer 4."""
    what = c.ref(m.group(1))
    return None if what is None else [Effect("animate", {"what": what, "subtypes": [], "keep_types": True,
                                                         "type_choice": True, "duration": "eot"})]


#: this family's readers, in the order they are tried
_WORD_KINDS = {"color word": "color", "basic land type": "land", "creature type": "creature"}


@reader(
    r"^change the text of (target spell or permanent|target permanent|target spell) by replacing all instances of "
    r"one (color word|basic land type|creature type) with another(?: or one (color word|basic land type) with "
    r"another)?( until end of turn)?$"
)
def _change_text(m: re.Match, c: Ctx) -> list[Effect] | None:
    """612.1, 613.1c: a text-changing effect (Sleight of Mind, Magical Hack, Mind Bend, Crystal
    Spray); the words are chosen as it resolves (engine/ops/continuous.py)."""
    what = c.ref(m.group(1))
    kinds = {_WORD_KINDS[m.group(2)]} | ({_WORD_KINDS[m.group(3)]} if m.group(3) else set())
    kind = "color_or_land" if kinds == {"color", "land"} else kinds.pop() if len(kinds) == 1 else None
    if what is None or kind is None:
        return None
    return [Effect("change_text", {"what": what, "words": kind,
                                   "duration": "eot" if m.group(4) else "permanent"})]


#: the words that name an object chosen or found by an earlier instruction (608.2c)
_ANAPHORS = ("that creature", "that permanent", "it", "that artifact")


@reader(r"^choose an? ((?:non[a-z]+ )?(?:creature|permanent|artifact)) on the battlefield$")
def _choose_on_battlefield(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Choose a nonlegendary creature on the battlefield." (Cytoshape, Polymorphous Rush): an
    object chosen as the spell resolves, not targeted (114.9), that the next instruction names
    "that creature"; it is chosen where that instruction is carried out (608.2c-d)."""
    f = parse_noun(m.group(1))
    if f is None:
        return None
    c.last = {"choose": f}
    return []


@reader(r"^(until end of turn, |until your next turn, )?(.+?) (?:becomes?|each become) a copy of (.+?)"
        r"(?:,? except (.+?))?( until end of turn| until your next turn)?"
        r"(?:,? except (.+))?$")
def _become_copy(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Target creature becomes a copy of that creature until end of turn" (Cytoshape), "you may have
    SELF become a copy of another target creature, except it has this ability" (Cryptoplasm), "... until end of
    turn, except its name is SELF, it's 4/4, and it has flying and this ability" (Hulkling, Young Avenger): a
    copy effect (706.2, 613.1a) on permanents that stay on the battlefield (706.4), with the exceptions it names
    (706.9a-c: copy_exceptions, the object's own name and this ability included); with no duration it lasts
    indefinitely (611.2a)."""
    if m.group(4) and m.group(6):
        return None
    before = c.last
    what = c.ref(m.group(2))
    of = before if m.group(3) in _ANAPHORS and before is not None else c.ref(m.group(3))
    if what is None or of is None or of == what:
        return None
    if m.group(2).startswith("each other ") and isinstance(what, dict) and isinstance(what.get("each"), dict) \
            and isinstance(of, dict) and set(of) == {"target"}:
        # "Choose target artifact you control. Each other artifact you control becomes a copy of that artifact until
        # end of turn." (Masterful Replication): "other" than that target, not than the spell (608.2c)
        what = {"each": {**{k: v for k, v in what["each"].items() if k != "other"}, "other_than": of}}
    when = (m.group(5) or "") or (" " + m.group(1).rstrip(", ") if m.group(1) else "")  # "Until end of turn, SELF
    # becomes a copy of ..." (Oko, the Trickster): the leading duration (611.2a)
    dur = {" until end of turn": "eot", " until your next turn": "your_next_turn"}.get(when, "permanent")
    args: dict[str, Any] = {"what": what, "of": of, "duration": dur}
    exc = m.group(4) or m.group(6)
    if exc:
        change = copy_exceptions(exc, own=True)
        if change is None:
            return None
        if change.pop("this_ability", False):
            args["keep_ability"] = True
        if change.pop("own_name", False):
            args["own_name"] = True
        if change:
            args["copy_except"] = change
    return [Effect("become_copy", args)]


READERS: tuple[Reader, ...] = (_choose_on_battlefield, _become_copy, _become_set_types, _add_types, _animate,
                               _animate_base, _base_pt, _base_power, _base_pt_of, _artifact_creature_pump,
                               _artifact_creature, _color_choice,
                               _pump_become, _become_base, _lose_all, _change_text, _become_type,
                               _become_chosen_type, _become_chosen_land_type, _become_color)
