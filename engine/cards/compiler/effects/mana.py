"""Mana abilities' effects (CR 106): add mana, and what the mana may be spent on.
"""
from __future__ import annotations

import re
from itertools import combinations
from typing import Any

from engine.cards.abilities import Effect
from engine.cards.compiler.effects.amounts import WHERE_X, amount_of, bind_x, ctx_quantity
from engine.cards.compiler.effects.context import Ctx, Reader, reader
from engine.cards.compiler.quantities import quantity
from engine.cards.compiler.targets import number, parse_noun
from engine.mana import CHOSEN, parse_cost


@reader(r"^add ((?:\{[wubrgc]\})+)$")
def _add_mana(m: re.Match, c: Ctx) -> list[Effect] | None:
    return [Effect("add_mana", {"mana": list(parse_cost(m.group(1)))})]


@reader(r"^double the amount of each type of unspent mana you have$")
def _double_pool(m: re.Match, c: Ctx) -> list[Effect] | None:
    """106.4, 106.1: "{3}, {T}: Double the amount of each type of unspent mana you have." (Doubling Cube): as much
    more of each type (a color or colorless) as the pool holds, plain mana (no restriction or rider of the mana it
    counts: it is this ability's mana)."""
    return [Effect("add_mana", {"double_pool": True})]


@reader(r"^that player adds ((?:\{[wubrgc]\})+)$")
def _player_adds(m: re.Match, c: Ctx) -> list[Effect] | None:
    """106.4: "At the beginning of each player's first main phase, that player adds {G}{G}" (Eladamri's Vineyard):
    the mana goes to the player whose phase it is (the trigger's player), not to the ability's controller."""
    who = c.player("that player")
    return [Effect("add_mana", {"mana": list(parse_cost(m.group(1))), "who": who})] if who == "trigger_player" \
        else None


@reader(r"^add (two|three|four|five|six|seven|eight|nine|ten) (\{[wubrgc]\})$")
def _add_n_of(m: re.Match, c: Ctx) -> list[Effect] | None:
    """106.1, 605.1a: "Add seven {R}" (Irencrag Feat), "Add six {G}" (Castle Garenbrig): that many of the symbol."""
    n = number(m.group(1))
    return None if not n else [Effect("add_mana", {"mana": list(parse_cost(m.group(2))) * n})]


@reader(r"^spend this mana only to cast (?:an? )?(.+?) spells?$")
def _mana_only(m: re.Match, c: Ctx) -> list[Effect] | None:
    f = parse_noun(m.group(1) + " spell")
    if f is None:
        return None
    f.pop("zone", None)
    return [Effect("mana_restriction", {"spells": f})]


@reader(r"^add ((?:\{[wubrgc]\})+)(?:, ((?:\{[wubrgc]\})+))*,? or ((?:\{[wubrgc]\})+|one mana of the chosen color)$")
def _add_mana_or(m: re.Match, c: Ctx) -> list[Effect] | None:
    """106.4: "Add {R} or {G}": one of those, named as it is activated (605.3a); "Add {R} or one mana of the chosen
    color" (the Thriving lands): the color chosen as it entered (614.12; engine/mana.py choice_options)."""
    opts: list[list[str]] = [list(parse_cost(o)) for o in re.findall(r"((?:\{[wubrgc]\})+)", m.group(0), re.I)]
    if m.group(0).endswith("the chosen color"):
        opts.append([CHOSEN])
    return [Effect("add_mana", {"choice": opts})]


@reader(r"^add (one|two|three|four|five|six|seven|eight|nine|ten|x|\d+) mana of any (one )?color" + WHERE_X + "$")
def _add_any(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Add three mana of any one color"; "Add X mana of any one color, where X is SELF's power" (107.3: the
    amount counted as the ability resolves, 605.3a)."""
    if not bind_x(m.group(3), c):
        return None
    n = amount_of(m.group(1), c)
    args: dict[str, Any] = {"any": n}
    if m.group(2) or n == 1:
        args["same"] = True
    return [Effect("add_mana", args)]


@reader(r"^add (two|three|four|five) mana of different colors$")
def _add_different(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Add two mana of different colors" (106.1a: the five colors): a choice among the sets of that many
    distinct colors, each option the whole mana of one activation (106.4, 605.3a)."""
    n = amount_of(m.group(1), c)
    return [Effect("add_mana", {"choice": [list(o) for o in combinations("WUBRG", n)]})]


@reader(r"^add (two|three|four|five|six|seven|eight|nine|ten|x|\d+|that much) mana in any combination of "
        r"(colors|(?:\{[wubrg]\}, )*\{[wubrg]\},? and/or \{[wubrg]\})" + WHERE_X + "$")
def _add_combo(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Add X mana in any combination of colors, where X is the number of creatures you control with defender"
    (Axebane Guardian), "Add three mana in any combination of {R} and/or {G}" (Orcish Lumberjack), "Add X mana
    in any combination of {R} and/or {G}, where X is the number of creatures you control" (Xenagos, the
    Reveler), "add that much mana in any combination of {R} and/or {G}" (Grand Warlord Radha: the number of
    creatures of the trigger's batch, 603.2c): each mana's color chosen among the colors named (106.1a, 106.4)."""
    if not bind_x(m.group(3), c):
        return None
    n = amount_of(m.group(1), c)
    if n is None:
        return None
    args: dict[str, Any] = {"any": n}
    if m.group(2) != "colors":
        args["colors"] = [s.upper() for s in re.findall(r"\{([wubrg])\}", m.group(2))]
    return [Effect("add_mana", args)]


@reader(r"^add an additional (one|two|three) mana (of any color|in any combination of colors)$")
def _add_additional_any(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Whenever enchanted land is tapped for mana, its controller adds an additional one mana of any color" (Fertile
    Ground), "... two mana in any combination of colors" (Market Festival): a triggered mana ability (605.1b) whose
    mana's colors its controller chooses as it resolves (106.1a; engine/player_statics.py tapped_for_mana)."""
    n = number(m.group(1))
    if not n or m.group(2) == "of any color" and n != 1:
        return None
    return [Effect("add_mana", {"any": n})]


@reader(r"^for each color among (.+?), add one mana of that color$")
def _add_each_color(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"{T}: For each color among permanents you control, add one mana of that color" (Faeburrow Elder, Bloom
    Tender): one mana of each color those permanents have now (105.2; none when they are colorless, 106.5)."""
    f = parse_noun(m.group(1))
    if f is None or f.get("player") or f.get("zone") not in (None, "battlefield") or f.get("_needs_player_target"):
        return None
    f.pop("zone", None)
    return [Effect("add_mana", {"each_color_among": f})]


@reader(r"^add (\{[wubrgc]\}) for each (.+)$")
def _add_per(m: re.Match, c: Ctx) -> list[Effect] | None:
    q = quantity(m.group(2))
    return None if q is None else [Effect("add_mana", {"mana": list(parse_cost(m.group(1))), "per": q})]


@reader(r"^add that much (\{[wubrgc]\})$")
def _add_that_much(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"... draw that many cards and add that much {R}" (Neheb, Dreadhorde Champion): an amount named before; bound
    by the paragraph (sequence.that_many_done) or the card is not supported (the swallow check)."""
    return [Effect("add_mana", {"mana": list(parse_cost(m.group(1))), "per": {"that_much": True}})]


@reader(r"^add an amount of (\{[wubrgc]\}) equal to (.+)$")
def _add_eq(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Add an amount of {C} equal to that spell's mana value" (Mana Drain): the quantity is read with the
    sentence's references (ctx_quantity: "that spell" is the target countered before, 202.3)."""
    q = ctx_quantity(m.group(2), c)
    return None if q is None else [Effect("add_mana", {"mana": list(parse_cost(m.group(1))), "per": q})]


@reader(r"^add an additional ((?:\{[wubrgc]\})+)(?: for each (.+))?$")
def _add_additional(m: re.Match, c: Ctx) -> list[Effect] | None:
    """"Add {B}, then add an additional {B} for each charge counter removed this way" (the mana batteries)."""
    if m.group(2) is None:
        return [Effect("add_mana", {"mana": list(parse_cost(m.group(1)))})]
    q = quantity(m.group(2))
    return None if q is None else [Effect("add_mana", {"mana": list(parse_cost(m.group(1))), "per": q})]


@reader(r"^add (one|two|three) mana of any type that land produced$")
def _add_produced(m: re.Match, c: Ctx) -> list[Effect] | None:
    """605.1b, 106.4: "add one mana of any type that land produced" (Mana Flare, Mirari's Wake): a triggered
    mana ability of a land being tapped adds mana of a kind that land's mana ability just made."""
    n = {"one": 1, "two": 2, "three": 3}[m.group(1)]
    return [Effect("add_mana", {"produced": n})]


@reader(r"^spend this mana only to cast artifact spells or activate abilities of artifacts$")
def _mana_only_artifacts(m: re.Match, c: Ctx) -> list[Effect] | None:
    return [Effect("mana_restriction", {"spells": {"types": ["Artifact"], "or_abilities_of": {"types": ["Artifact"]}}})]


#: where a spell this mana pays for is cast from (601.2a: engine/filters.py cast_from)
_CAST_FROM = {"your graveyard": ["graveyard"], "exile": ["exile"],
              "anywhere other than your hand": ["graveyard", "exile", "library", "command"]}


#: a filter no object matches, wherever it is: the spells a mana "only to activate abilities" pays for
NO_SPELL: dict[str, Any] = {"not": {"zone": "any_card"}}


def _unzoned(f: Any) -> Any:
    """A filter without its zone keys (the spell or the source is wherever it is as the mana is spent)."""
    if isinstance(f, dict):
        return {k: _unzoned(v) for k, v in f.items() if k not in ("zone", "source")}
    if isinstance(f, list):
        return [_unzoned(v) for v in f]
    return f


def _either(fs: list[dict[str, Any]]) -> dict[str, Any]:
    return fs[0] if len(fs) == 1 else {"or": fs}


@reader(r"^spend this mana only to ((?:cast|activate) .+?)(, and that spell can't be countered)?$")
def _mana_only_for(m: re.Match, c: Ctx) -> list[Effect] | None:
    """106.6: "Spend this mana only to cast a Cleric, Rogue, Warrior, or Wizard spell or to activate an ability
    of a Cleric, Rogue, Warrior, or Wizard", "... only to activate abilities", "... only to cast an artifact
    spell or activate an ability": the spells it may pay for, and the sources whose abilities it may (any,
    for "an ability" alone); a mana that pays for no spell has a spell filter nothing matches (NO_SPELL).
    "... a creature spell of the chosen type" (the type chosen for the source as it entered, 614.12, fixed as
    the mana is made: engine/mana.py bound_restriction); ", and that spell can't be countered" (Cavern of Souls,
    101.1): a spell this mana paid for can't be countered (engine/casting.py)."""
    spells: list[dict[str, Any]] = []
    sources: list[dict[str, Any]] = []
    for part in re.split(r",? or (?:to )?(?=(?:cast|activate) )", m.group(1)):
        frm = re.search(r" from (your graveyard|exile|anywhere other than your hand)$", part)
        if frm:  # "Spend this mana only to cast spells from your graveyard" (Rootcoil Creeper), "... from exile"
            # (Interdimensional Web Watch): the zone the spell is cast from (601.2a; engine/filters.py cast_from), a
            # card of your graveyard being one you own (404.2)
            part = part[:frm.start()]
        if mm := re.fullmatch(r"cast (?:an? )?(?:(.+?) )?spells?( with .+| of the chosen type)?", part):
            # "a colorless spell", "a spell with devoid" (702.113a: a keyword the spell has)
            f = parse_noun((mm.group(1) + " " if mm.group(1) else "") + "spell" + (mm.group(2) or ""))
            if f is None or " from " in part or frm and "cast_from" in f:
                return None  # "spells with flashback from a graveyard": where it is cast from is not kept here
            f = _unzoned(f)
            if frm:
                f["cast_from"] = _CAST_FROM[frm.group(1)]
                if frm.group(1) == "your graveyard":
                    f["owner"] = "you"
            spells.append(f)
        elif re.fullmatch(r"activate (?:an ability|abilities)", part):
            sources.append({})
        elif mm := re.fullmatch(r"activate (?:an ability|abilities) of (?:an? )?(.+?)(?: sources?)?", part):
            f = parse_noun(mm.group(1))
            if f is None or f.get("_needs_player_target"):
                return None
            sources.append(_unzoned(f))
        else:
            return None
    rule: dict[str, Any] = dict(_either(spells)) if spells else dict(NO_SPELL)
    if m.group(2):
        if not spells:
            return None
        rule["uncounterable"] = True
    if sources:  # the sources whose abilities it pays for ride along with the spells (engine/payment.py usable)
        rule["or_abilities_of"] = {} if {} in sources else _either(sources)
    return [Effect("mana_restriction", {"spells": rule})]


@reader(r"^this mana can't be spent to cast (?:a |an )?"
        r"non(artifact|creature|land|enchantment|instant|sorcery) spells?$")
def _mana_not_for(m: re.Match, c: Ctx) -> list[Effect] | None:
    """106.6: "This mana can't be spent to cast a nonartifact spell" (Powerstone): it pays for
    spells of that type and for any ability (an empty filter of abilities' sources)."""
    return [Effect("mana_restriction", {"spells": {"types": [m.group(1).capitalize()], "or_abilities_of": {}}})]


@reader(r"^add one mana of any (color|type) that an? (.+? (?:you|an opponent) controls?) could produce$")
def _add_could_produce(m: re.Match, c: Ctx) -> list[Effect] | None:
    """106.7: Exotic Orchard, Reflecting Pool ("a land you control"), Plaza of Harmony ("a Gate you
    control"), Star Compass ("a basic land you control"): what those permanents' mana abilities would
    make now."""
    f = parse_noun(m.group(2))
    if f is None or f.get("_needs_player_target") or "controller" not in f:
        return None
    return [Effect("add_mana", {"could_produce": f, "colors_only": m.group(1) == "color"})]


@reader(r"^add one mana of any color in your commanders?'s? color identity$")
def _add_identity(m: re.Match, c: Ctx) -> list[Effect] | None:
    """903.4, 106.1a: "Add one mana of any color in your commander's color identity" (Command Tower, Arcane
    Signet): one of the colors of the identity of the commander (or two partners) its controller owns, read as
    the mana is added; none when that player has no commander, or one with a colorless identity (106.5)."""
    return [Effect("add_mana", {"could_produce": {}, "identity": True, "colors_only": True})]


@reader(r"^add one mana of any color among (.+)$")
def _add_color_among(m: re.Match, c: Ctx) -> list[Effect] | None:
    """106.1a, 105.2: "Add one mana of any color among legendary creatures and planeswalkers you control" (Mox
    Amber), "... among legendary creature cards in your graveyard" (The Grey Havens): one of the colors those
    objects have now; none when none has a color (106.5)."""
    f = parse_noun(m.group(1))
    if f is None or f.get("_needs_player_target") or f.get("player") or not ({"controller", "owner"} & set(f)) \
            or f.get("zone") not in (None, "battlefield", "graveyard"):
        return None
    return [Effect("add_mana", {"could_produce": f, "colors_only": True, "among": True})]


@reader(r"^add one mana of any of the exiled card's colors$")
def _add_exiled_colors(m: re.Match, c: Ctx) -> list[Effect] | None:
    """106.1a, 607.2a: "Add one mana of any of the exiled card's colors" (Chrome Mox): a color of the card its imprint
    ability exiled, the card exiled with it; none when there is none or it is colorless (106.5)."""
    return [Effect("add_mana", {"could_produce": {"exiled_with_self": True, "zone": "exile"}, "colors_only": True,
                                "among": True})]


@reader(r"^add (?:an additional )?one mana of the chosen color$")
def _add_chosen(m: re.Match, c: Ctx) -> list[Effect] | None:
    return [Effect("add_mana", {"any": 1, "chosen_color": True})]


#: this family's readers, in the order they are tried
READERS: tuple[Reader, ...] = (
    _add_mana, _player_adds, _double_pool,
    _add_n_of,
    _add_could_produce,
    _add_identity,
    _add_color_among,
    _add_exiled_colors,
    _add_additional_any,
    _add_each_color,
    _mana_only,
    _add_mana_or,
    _add_any,
    _add_combo,
    _add_different,
    _add_per,
    _add_that_much,
    _add_eq,
    _add_additional,
    _add_produced,
    _mana_only_artifacts,
    _mana_only_for,
    _mana_not_for,
    _add_chosen,
)
