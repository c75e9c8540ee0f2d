"""Static abilities (CR 604, 611.3, 613, 614) to the continuous effects they generate.

Each static is a dict with "kind" (the list is in engine/cards/abilities.py). "affects"
is "self", "attached" (the enchanted/equipped object) or an object filter. Any static
may carry "condition" (CR 611.3b: "as long as ...", "during your turn").
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Any, Callable

from engine.cards.abilities import Ability, Cost, Effect
from engine.cards.compiler.costs import parse_cost_text
from engine.cards.compiler.effects import (
    become_parts,
    copy_exceptions,
    keyword_list,
    parse_effects,
    pt_value,
    set_types_parts,
)
from engine.cards.compiler.effects.context import STATIC_READERS, Ctx, bands_with_other
from engine.cards.compiler.effects.restrictions import SPELL_KINDS
from engine.cards.compiler.keywords import parse_keyword_line
from engine.cards.compiler.quantities import amount, parse_condition, quantity
from engine.cards.compiler.subtypes import CREATURE_TYPES, subtype
from engine.cards.compiler.targets import COLORS, attached_noun, number, parse_noun
from engine.cards.compiler.text import sentences
from engine.cards.compiler.timing import combat_timing
from engine.mana import parse_cost

_RESTRICT = {
    "can't block": "cant_block",
    "can't attack": "cant_attack",
    "can't attack or block": "cant_attack_or_block",
    "can't be blocked": "cant_be_blocked",
    "attacks each combat if able": "must_attack",
    "blocks each combat if able": "must_block",
    "block each combat if able": "must_block",
    "attack each combat if able": "must_attack",
    "can't attack or block alone": "cant_attack_or_block_alone",
    "can't block alone": "cant_block_alone",
    "can't attack alone": "cant_attack_alone",
    "can't be blocked by more than one creature": "max_one_blocker",
    "can block an additional creature each combat": "extra_block",
    "assigns combat damage equal to its toughness rather than its power": "damage_by_toughness",
    "assign combat damage equal to their toughness rather than their power": "damage_by_toughness",
    "can attack as though it didn't have defender": "attack_despite_defender",
    "can attack as though they didn't have defender": "attack_despite_defender",
    "can block any number of creatures": "block_any_number",
    "doesn't untap during your untap step": "doesnt_untap",
    # 702.11b, 702.18a: what hexproof and shroud mean, written out (no keyword is granted)
    "can't be the target of spells or abilities your opponents control": "untargetable_by_opponents",
    "can't be the target of spells or abilities": "untargetable",
    "doesn't untap during its controller's untap step": "doesnt_untap",
    "don't untap during their controllers' untap steps": "doesnt_untap",
    "can block only creatures with flying": "block_only_flying",
    # 302.6: it may attack as though it had haste (not activate {T} abilities: it doesn't have haste)
    "can attack as though it had haste": "attack_as_haste",
    "can attack as though they had haste": "attack_as_haste",
    # 702.27b: it may block an attacker with shadow (it doesn't have shadow: it can still block others)
    "can block creatures with shadow as though it had shadow": "block_as_shadow",
    "can block creatures with shadow as though they had shadow": "block_as_shadow",
    # "... as though they didn't have shadow" (Aetherflame Wall): the same permission (702.27b)
    "can block creatures with shadow as though they didn't have shadow": "block_as_shadow",
    "can't be countered": "cant_be_countered",
    "can't be sacrificed": "cant_be_sacrificed",
    "can't transform": "cant_transform",
    "must be blocked if able": "must_be_blocked",
    "can't attack unless defending player controls an island": "cant_attack_unless_island",
    "attacks or blocks each combat if able": "must_attack_or_block",
    "can't attack or block unless you control another creature": "cant_attack_block_unless_other",
}


def _affects(phrase: str) -> Any:
    p = phrase.strip().lower()
    p = re.sub(r"^(?:each|all|every) ", "", p)
    if p in ("self", "it"):
        return "self"
    if p in ("of those creatures", "both creatures"):  # a soulbond pair: SELF and the creature paired with it
        return {"paired_group": True}                     # (702.94b)
    if attached_noun(p):  # "enchanted creature", "fortified land", an Aura's "enchanted Forest" (303.4)
        return "attached"
    f = parse_noun(p)
    if f is None or f.get("player") or f.get("_needs_player_target") or f.get("zone") not in (None,):
        return None
    return f


def _pump_static(who: str, p: str, t: str, rest: str | None) -> list[dict[str, Any]] | None:
    m = re.fullmatch(r"self and (.+)", who.strip().lower())
    if m:  # "SELF and land creatures you control get +2/+2": SELF, and the others of that kind (once each)
        group = _affects(m.group(1))
        if not isinstance(group, dict):
            return None
        one, others = _pump_static("self", p, t, rest), _pump_static(m.group(1), p, t, rest)
        if one is None or others is None:
            return None
        return one + [{**st, "affects": {**st["affects"], "other": True}} if isinstance(st.get("affects"), dict)
                      else st for st in others]
    aff = _affects(who)
    pp, tt = pt_value(p), pt_value(t)
    if aff is None or pp is None or tt is None or isinstance(pp, dict) or isinstance(tt, dict):
        return None
    return _and_rest({"kind": "anthem", "affects": aff, "power": pp, "toughness": tt}, aff, rest)


def _and_rest(anthem: dict[str, Any], aff: Any, rest: str | None) -> list[dict[str, Any]] | None:
    """The anthem and the statics its sentence adds for the same objects ("..., and has flying",
    _rest_clauses); None when one of them is not understood."""
    more = _rest_clauses(aff, rest) if rest else []
    return None if more is None else [anthem, *more]


def _rest_clauses(aff: Any, rest: str) -> list[dict[str, Any]] | None:
    """', has flying, and is a Knight' / 'and can't block' / 'and has "..."'."""
    out: list[dict[str, Any]] = []
    tail = re.fullmatch(r"(.*?)(?:,? and |^)its activated abilities can't be activated", rest.strip())
    if tail:  # "Enchanted creature gets -1/-1, and its activated abilities can't be activated" (Viper's Kiss, 602.5)
        rest = tail.group(1)
        out.append({"kind": "restriction", "affects": aff, "rule": "no_activated_abilities"})
        if not rest.strip():
            return out
    quoted = re.findall(r'"[^"]*"', rest)  # a quoted ability is one part: its words split nothing ("SELF attacks")
    held = re.sub(r'"[^"]*"', lambda q: f"\x00{quoted.index(q.group(0))}\x00", rest)
    # "... and can attack as though it didn't have defender" (Colossus of Akros): its "have" starts no clause
    held = held.replace("didn't have", "didn't_have")
    parts = [
        re.sub(r"\x00(\d+)\x00", lambda q: quoted[int(q.group(1))], x.strip()).replace("didn't_have", "didn't have")
        for x in re.split(r",?\s*(?:\band\s+)?(?=\b(?:has|have|can|can't|is|are|loses|lose|assigns|doesn't|attacks|"
                          r"blocks)\b)", held)
        if x.strip()
    ]
    for part in parts:
        part = re.sub(r"^and ", "", part).rstrip(", ")
        m = re.fullmatch(r"(?:has|have) (.+)", part)
        if m:
            q = m.group(1)
            bwo = [bands_with_other(x) for x in re.findall(r'"([^"]+)"', q)] if q.startswith('"') else []
            if q.startswith('"') and q.endswith('"') and bwo and all(bwo):  # 702.21b: 'have "bands with other
                out.append({"kind": "keywords", "affects": aff, "keywords": bwo})  # legendary creatures."'
                continue
            if q.startswith('"') and q.endswith('"'):
                from engine.cards.compiler import compile_abilities_text  # layering: cycle (compiler imports this)
                abl = []
                for qq in re.findall(r'"([^"]+)"', q):
                    quoted_abs = compile_abilities_text(qq)  # (a static of two parts: both, 'has "Equipped creature
                    if not quoted_abs:  # gets +1/+0 and has haste."')
                        return None
                    abl += quoted_abs
                out += [{"kind": "grant_ability", "affects": aff, "ability": ab} for ab in abl]
                continue
            m2 = re.fullmatch(r'([^"]+?),? and (".+")', q)
            if m2:  # 'has flying and "Whenever SELF attacks, draw a card."' (Take Flight): both, layer 6 (613.1f)
                kst, granted = _keyword_statics(aff, m2.group(1)), _granted(aff, m2.group(2))
                if kst is None or granted is None:
                    return None
                out += [*kst, *granted]
                continue
            if _WARD.fullmatch(q):  # "Enchanted creature gets +1/+1 and has ward {1}" (Royal Role)
                ward = _ward(aff, q)
                if ward is None:
                    return None
                out += ward
                continue
            kst = _keyword_statics(aff, q)  # "has haste and ward {1}" (Lavaspur Boots): ward's ability too
            if kst is None:
                return None
            out += kst
            continue
        m = re.fullmatch(r"(?:loses|lose) (.+)", part)
        if m:
            kws = keyword_list(m.group(1))
            if kws is None:
                return None
            out.append({"kind": "keywords", "affects": aff, "keywords": [], "lose": kws})
            continue
        if part in _RESTRICT:
            out.append({"kind": "restriction", "affects": aff, "rule": _RESTRICT[part]})
            continue
        mm = re.fullmatch(r"can't be the targets? of (?:([a-z, ]+?) )?spells", part)
        if mm and isinstance(aff, (str, dict)):  # "Enchanted creature gets +0/+2 and can't be the target of spells"
            # (Spectral Shield): as _untargetable_by_spells reads it alone
            alone = f"self {part.replace('targets', 'target')}"
            whole = re.fullmatch(r"(.+?) can't be the target of (?:([a-z, ]+?) )?spells( your opponents control)?",
                                 alone)
            got = _untargetable_by_spells(whole) if whole is not None else None
            if got is None:
                return None
            out += [dict(st, affects=aff) for st in got]
            continue
        mm = re.fullmatch(r"can block an additional (two|three|four|five|six|seven|eight|nine|ten|ninety-nine) "
                          r"creatures each combat", part)
        if mm:  # "it has reach and can block an additional ninety-nine creatures each combat" (509.1a)
            n = 99 if mm.group(1) == "ninety-nine" else number(mm.group(1)) or 0
            out += [{"kind": "restriction", "affects": aff, "rule": "extra_block"}] * n
            continue
        mm = re.fullmatch(r"(can't|cannot) be blocked except by (.+)", part)
        if mm:
            f = parse_noun(mm.group(2))
            if f is None:
                return None
            out.append({"kind": "restriction", "affects": aff, "rule": "cant_be_blocked", "except": f})
            continue
        if part in ("is every creature type", "are every creature type"):  # "Equipped creature gets +1/+0 and is
            # every creature type" (Amorphous Axe): all the creature types (205.3m, 613.1d layer 4)
            out.append({"kind": "add_types", "affects": aff, "subtypes": sorted(CREATURE_TYPES)})
            continue
        got = _is_kind(aff, part)
        if got is not None:
            out += got
            continue
        return None
    return out


#: card types a static may add ("is an artifact in addition to its other types", 205.1b)
_ADDED_CARD_TYPES = {"artifact": "Artifact", "enchantment": "Enchantment", "creature": "Creature"}
_COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def _is_kind(aff: Any, part: str) -> list[dict[str, Any]] | None:
    """205.1b, 613.1d-e: "is a Zombie / an artifact in addition to its other types", "are Slivers in addition to their
    other creature types" (Hivestone): those types added (layer 4); "is a Demon Spirit" (Oni Possession), "is a black
    Zombie" (Nim Deathmantle): its creature types become those (the card types stay) and its colors that color."""
    mm = re.fullmatch(r"(?:is|are) (?:an? )?([a-z -]+?)( in addition to (?:its|their) other (?:creature )?types)?",
                      part)
    if mm is None:
        return None
    colors: list[str] = []
    types: list[str] = []
    subs: list[str] = []
    for w in mm.group(1).split():
        if w in _COLOR_WORDS and not types and not subs:
            colors.append(_COLOR_WORDS[w])
        elif w in _ADDED_CARD_TYPES:
            types.append(_ADDED_CARD_TYPES[w])
        else:
            st = subtype(w) or (subtype(w[:-1]) if w.endswith("s") else None)
            if st is None:
                return None
            subs.append(st)
    if mm.group(2):  # in addition: nothing is taken away
        if colors or not (types or subs):
            return None
        return [{"kind": "add_types", "affects": aff, **({"subtypes": subs} if subs else {}),
                 **({"types": types} if types else {})}]
    if types or not subs:  # "is an artifact" without "in addition" (a new card type): not read here
        return None
    return [{"kind": "become", "affects": aff, "subtypes": subs, **({"colors": colors} if colors else {})}]




_Static = Callable[[re.Match], "list[dict[str, Any]] | None"]
_STATICS: list[tuple[re.Pattern, _Static]] = []


def static(pattern: str) -> Callable[[_Static], _Static]:
    def deco(fn: _Static) -> _Static:
        _STATICS.append((re.compile(pattern, re.I), fn))
        return fn
    return deco


@static(
    r"^(.+?) ((?:assigns|assign) combat damage equal to (?:its|their) toughness rather than (?:its|their) power(?: "
    r"and .+)?)$"
)
def _damage_by_toughness(m: re.Match) -> list[dict[str, Any]] | None:
    """Arcades, the Strategist: 'assigns combat damage equal to its toughness ...' (510.1a)."""
    aff = _affects(m.group(1))
    if aff is None:
        return None
    out = []
    for part in re.split(r" and (?=can attack as though)", m.group(2)):
        rule = _RESTRICT.get(part)
        if rule is None:
            return None
        out.append({"kind": "restriction", "affects": aff, "rule": rule})
    return out


@static(r"^(.+?) (?:is|are) colorless$")
def _colorless(m: re.Match) -> list[dict[str, Any]] | None:
    """"SELF is colorless" (devoid, 702.113a; Ghostfire): a color-setting effect (layer 5, 613.1e);
    for the card itself it is a characteristic-defining ability, which the compiler also
    writes into the card's colors so it holds in every zone (604.3)."""
    aff = _affects(m.group(1))
    return None if aff is None else [{"kind": "become", "affects": aff, "colors": []}]


@static(r"^(enchanted creature|equipped creature|enchanted permanent|enchanted land) (?:gets ([+-]\d+)/([+-]\d+) and )?"
        r"is (white|blue|black|red|green)$")
def _attached_is_color(m: re.Match) -> list[dict[str, Any]] | None:
    """"Enchanted creature gets +3/-1 and is black." (Grave Servitude): the P/T change (layer 7c) and the object's
    new color, instead of its others (layer 5, 105.3, 613.1e)."""
    out = _pump_static(m.group(1), m.group(2), m.group(3), None) if m.group(2) else []
    if out is None:
        return None
    return out + [{"kind": "become", "affects": "attached", "colors": [COLORS[m.group(4)]]}]


@static(r"^(.+?) (?:is|are) (white|blue|black|red|green|the chosen color)$")
def _group_is_color(m: re.Match) -> list[dict[str, Any]] | None:
    """105.3, 613.1e: "All creatures are black" (Darkest Hour), "All nonland permanents are the chosen color" (Shifting
    Sky: chosen as its source entered, 614.12): the objects' new color instead of their others (layer 5). Not SELF
    (its own color would be a characteristic-defining ability, 604.3) nor what an Aura enchants (_attached_is_color)."""
    aff = _affects(m.group(1))
    if not isinstance(aff, dict):
        return None
    if m.group(2) == "the chosen color":
        return [{"kind": "become", "affects": aff, "chosen_color": True}]
    return [{"kind": "become", "affects": aff, "colors": [COLORS[m.group(2)]]}]


#: the kinds of statics whose effect may also reach spells and cards outside the battlefield ("The same is true for
#: ..."): types (layer 4), colors (layer 5), keywords (layer 6)
_ELSEWHERE_KINDS = ("add_types", "become", "keywords")


def _elsewhere_part(p: str) -> tuple[str, dict[str, Any]] | None:
    """One place of "The same is true for creature spells you control and creature cards you own that aren't on the
    battlefield": ("spells", filter) or ("cards", filter); the filter reads card types only."""
    m = re.fullmatch(r"(creature |permanent |)spells you control", p)
    if m:
        return "spells", _elsewhere_kind(m.group(1).strip())
    m = re.fullmatch(r"(creature |nonland |nonland permanent |land |)cards you own that aren't on the battlefield", p)
    if m:
        return "cards", _elsewhere_kind(m.group(1).strip())
    return None


def _elsewhere_kind(word: str) -> dict[str, Any]:
    kinds: dict[str, dict[str, Any]] = {"": {}, "creature": {"types": ["Creature"]}, "permanent": {"permanent": True},
            "land": {"types": ["Land"]}, "nonland": {"not_types": ["Land"]},
            "nonland permanent": {"permanent": True, "not_types": ["Land"]}}
    return kinds[word]


@static(r"^(.+?)\. the same is true for (.+?)(?: and (.+))?$")
def _same_is_true(m: re.Match) -> list[dict[str, Any]] | None:
    """611.3a, 613.1d-f, 400.1: "Creatures you control are the chosen type in addition to their other types. The same
    is true for creature spells you control and creature cards you own that aren't on the battlefield" (Arcane
    Adaptation, Maskwood Nexus, Celestial Dawn): the static's effect on permanents, and the same change of types,
    colors or keywords to those spells and cards (engine/layers.py everywhere)."""
    first = parse_static(m.group(1))
    if not first or len(first) != 1 or first[0].get("kind") not in _ELSEWHERE_KINDS:
        return None
    st = first[0]
    aff = st.get("affects")
    if not isinstance(aff, dict) or aff.get("controller") != "you" or "everywhere" in st:
        return None
    if st["kind"] == "become" and set(st) - {"kind", "affects", "colors", "chosen_color", "in_addition"}:
        return None  # a color only (layer 5: engine/layers.py everywhere reads "become" as a color change)
    where: dict[str, Any] = {}
    for part in [m.group(2)] + ([m.group(3)] if m.group(3) else []):
        got = _elsewhere_part(part)
        if got is None or got[0] in where:
            return None
        where[got[0]] = {**got[1], "who": "you"}
    return [dict(st, everywhere=where)]


@static(r"^all cards that aren't on the battlefield, spells, and permanents are (the chosen color in addition to "
        r"their other colors|colorless)$")
def _all_objects_color(m: re.Match) -> list[dict[str, Any]] | None:
    """105.2, 613.1e, 400.1: "All cards that aren't on the battlefield, spells, and permanents are the chosen color in
    addition to their other colors" (Painter's Servant), "... are colorless" (Mycosynth Lattice): permanents in
    layer 5, and spells and cards in every other zone the same (engine/layers.py everywhere)."""
    color: dict[str, Any] = {"chosen_color": True, "in_addition": True} if m.group(1) != "colorless" else {"colors": []}
    return [{"kind": "become", "affects": {"permanent": True}, **color,
             "everywhere": {"spells": {"who": "any"}, "cards": {"who": "any"}}}]


@static(r"^(creature|nonland) cards you own that aren't on the battlefield have (flash)$")
def _cards_elsewhere_have(m: re.Match) -> list[dict[str, Any]] | None:
    """702.8a, 400.1: "Creature cards you own that aren't on the battlefield have flash" (Teferi, Mage of Zhalfir):
    those cards in every zone but the battlefield (engine/layers.py everywhere), no permanent."""
    return [{"kind": "keywords", "affects": "elsewhere", "keywords": [m.group(2).capitalize()],
             "everywhere": {"cards": {**_elsewhere_kind(m.group(1)), "who": "you"}}}]


@static(r"^(.+?) are (artifacts) in addition to their other types$")
def _group_also_card_type(m: re.Match) -> list[dict[str, Any]] | None:
    """205.1a, 613.1d: "Nonland permanents you control are artifacts in addition to their other types" (Encroaching
    Mycosynth), "All permanents are artifacts ..." (Mycosynth Lattice): a card type added in layer 4."""
    aff = _affects(m.group(1))
    if not isinstance(aff, dict):
        return None
    return [{"kind": "add_types", "affects": aff, "types": [m.group(2)[:-1].capitalize()]}]


@static(r"^(.+?) (?:is|are) all colors$")
def _all_colors(m: re.Match) -> list[dict[str, Any]] | None:
    """"SELF is all colors" (Sphinx of the Guildpact, Transguild Courier; 105.1, 105.2): a color-setting effect
    (layer 5, 613.1e); for the card itself a characteristic-defining ability, which the compiler also writes
    into the card's colors so it holds in every zone (604.3)."""
    aff = _affects(m.group(1))
    return None if aff is None else [{"kind": "become", "affects": aff, "colors": ["W", "U", "B", "R", "G"]}]


_BASIC = {"plains": "Plains", "island": "Island", "swamp": "Swamp", "mountain": "Mountain", "forest": "Forest"}


@static(r"^if an? (nontoken )?creature would enter and it wasn't cast, exile it instead$")
def _enter_exile(m: re.Match) -> list[dict[str, Any]] | None:
    """614.1a: "If a nontoken creature would enter and it wasn't cast, exile it instead" (Containment Priest): any
    creature entering other than as a resolving spell (engine/player_statics.py enters_exiled)."""
    f: dict[str, Any] = {"types": ["Creature"], "zone": "any_card"}
    if m.group(1):
        f["token"] = False
    return [{"kind": "enter_exile", "filter": f}]


@static(r"^if self would enter, you may discard an? (.+?) instead\. if you do, put self onto the battlefield\. if you "
        r"don't, put (?:it|self) into its owner's graveyard$")
def _enter_discard(m: re.Match) -> list[dict[str, Any]] | None:
    """614.1a, 614.15: "If SELF would enter, you may discard a land card instead. If you do, put SELF onto the
    battlefield. If you don't, put it into its owner's graveyard." (Mox Diamond): a self-replacement effect of its
    entering, from any zone; the player who would control it chooses the card or none (engine/game.py move)."""
    f = parse_noun(m.group(1))
    if f is None or f.get("player") or f.get("zone", "any_card") not in ("any_card", "hand"):
        return None
    f.pop("zone", None)
    return [{"kind": "enter_discard", "filter": f}]


@static(r"^as self enters, exile (an?|any number of) (.+?) from your graveyard$")
def _exile_on_enter(m: re.Match) -> list[dict[str, Any]] | None:
    """614.12: "As SELF enters, exile an instant or sorcery card from your graveyard" (Living Lore), "... exile any
    number of creature cards from your graveyard" (Sutured Ghoul): its controller chooses them as it enters; they
    are the cards "exiled with" it, its linked "the exiled card(s)" (607.2a: engine/entering.py answer_exile)."""
    f = parse_noun(m.group(2))
    if f is None or f.get("player") or f.pop("zone", "any_card") != "any_card" or "owner" in f or "controller" in f:
        return None
    one = m.group(1) != "any number of"
    return [{"kind": "exile_on_enter", "filter": f, "min": 1 if one else 0, "max": 1 if one else 99}]


@static(r"^self is also an? ([a-z' -]+(?:, [a-z' -]+)*,? and [a-z' -]+|[a-z' -]+)$")
def _also_types(m: re.Match) -> list[dict[str, Any]] | None:
    """"SELF is also a Cleric, Rogue, Warrior, and Wizard" (Tajuru Paragon): creature types it has in addition to its
    own, a characteristic-defining ability (604.3; engine/cards/compiler gives them to the card itself, so they hold in
    every zone, as changeling's, 702.72a)."""
    words = [w.strip() for w in re.split(r",? and |, ", m.group(1)) if w.strip()]
    subs = [subtype(w) for w in words]
    if not subs or not all(s in CREATURE_TYPES for s in subs):
        return None
    return [{"kind": "add_types", "affects": "self", "subtypes": [s for s in subs if s], "cda": True}]


@static(r"^(.+?) (?:is|are) the chosen type( in addition to (?:its|their) other types)?$")
def _chosen_type(m: re.Match) -> list[dict[str, Any]] | None:
    """205.3m, 613.1d: "As SELF enters, choose a creature type. SELF is the chosen type in addition to its other
    types" (Adaptive Automaton, Metallic Mimic); "As SELF enters, choose a basic land type. Enchanted land is the
    chosen type" (Convincing Mirage: 305.7, its land types replaced, the type's mana ability) or "Lands you control
    are the chosen type in addition to their other types" (Realmwright: 305.6). In layer 4 the type its source chose
    as it entered (614.12, engine/layers.py); none while nothing was chosen. Without "in addition" only a land's
    type (a creature type replacing the others is not read)."""
    aff = _affects(m.group(1))
    if aff is None:
        return None
    land = aff == "attached" and "land" in m.group(1).lower() or isinstance(aff, dict) and "Land" in aff.get(
        "types", ())
    if not m.group(2) and not land:
        return None
    mana = {t: [Ability("mana", f"({{T}}: Add {{{sym}}}.)", effects=(Effect("add_mana", {"mana": [sym]}),),
                        cost=parse_cost_text("{T}"))]
            for t, sym in (("Plains", "W"), ("Island", "U"), ("Swamp", "B"), ("Mountain", "R"), ("Forest", "G"))}
    return [{"kind": "add_types", "affects": aff, "chosen_subtype": True, "land_mana_of": mana,
             "set_land_types": not m.group(2)}]


@static(r"^(.+?) (?:is|are) every basic land type in addition to (?:its|their) other types$")
def _every_basic_type(m: re.Match) -> list[dict[str, Any]] | None:
    """305.6, 613.1d (layer 4): "Lands you control are every basic land type in addition to their other types"
    (Prismatic Omen, Dryad of the Ilysian Grove): each of the five basic land types, with its mana ability."""
    aff = _affects(m.group(1))
    if aff is None or (isinstance(aff, dict) and "Land" not in aff.get("types", ())):
        return None
    mana = [Ability("mana", f"({{T}}: Add {{{sym}}}.)", effects=(Effect("add_mana", {"mana": [sym]}),),
                    cost=parse_cost_text("{T}")) for sym in "WUBRG"]
    return [{"kind": "add_types", "affects": aff, "subtypes": ["Plains", "Island", "Swamp", "Mountain", "Forest"],
             "land_mana": mana, "set_land_types": False}]


@static(r"^(enchanted land) is an? ((?:plains|island|swamp|mountain|forest), "
        r"(?:(?:plains|island|swamp|mountain|forest), )*and (?:plains|island|swamp|mountain|forest))$")
def _basic_land_types(m: re.Match) -> list[dict[str, Any]] | None:
    """305.7, 613.1d: "Enchanted land is a Mountain, Forest, and Plains" (Lush Growth): its land types become those
    basic land types, with the mana ability of each (305.6), and it loses its rules-text abilities."""
    words = re.split(r",? and |, ", m.group(2))
    lands = [_BASIC[w] for w in words]
    if len(set(lands)) != len(lands):
        return None
    mana = [Ability("mana", f"({{T}}: Add {{{sym}}}.)", effects=(Effect("add_mana", {"mana": [sym]}),),
                    cost=parse_cost_text("{T}"))
            for sym in ({"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}[x] for x in lands)]
    return [{"kind": "add_types", "affects": "attached", "subtypes": lands, "land_mana": mana, "set_land_types": True}]


@static(r"^(.+?) (?:is|are) (?:an? )?(plains|islands?|swamps?|mountains?|forests?)"
        r"( in addition to (?:its|their) other (?:land )?types)?$")
def _basic_land_type(m: re.Match) -> list[dict[str, Any]] | None:
    """"Enchanted land is an Island" (Spreading Seas), "Nonbasic lands are Mountains" (Blood
    Moon): the land's land types become that basic land type, it loses its rules-text abilities
    and has that type's mana ability (305.7); "in addition to its other land types" (Urborg)
    adds the type and its mana ability (305.6). Type-changing: layer 4 (613.1d)."""
    aff = _affects(m.group(1))
    # "All Mountains are Plains" (Conversion): objects of a basic land type are lands (205.3i)
    of_land_type = isinstance(aff, dict) and bool(aff.get("subtypes")) and set(aff["subtypes"]) <= set(_BASIC.values())
    if aff is None or (isinstance(aff, dict) and "Land" not in aff.get("types", ()) and not of_land_type):
        if aff != "attached" or "land" not in m.group(1).lower():
            return None
    land = _BASIC[m.group(2).rstrip("s") if m.group(2) != "plains" else "plains"]
    sym = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}[land]
    mana = Ability("mana", f"({{T}}: Add {{{sym}}}.)", effects=(Effect("add_mana", {"mana": [sym]}),),
                   cost=parse_cost_text("{T}"))
    return [{"kind": "add_types", "affects": aff, "subtypes": [land], "land_mana": [mana],
             "set_land_types": not m.group(3)}]


@static(r"^(.+?) (?:loses|lose) all abilities(?: and (.+))?$")
def _lose_all(m: re.Match) -> list[dict[str, Any]] | None:
    """Frogify, Humility: lose all abilities (613.1f), maybe become something (205.1b, 613.1d, 613.3b)."""
    return _become(m.group(1), m.group(2))


@static(r"^self enters under the control of an opponent of your choice$")
def _enters_under_opponent(m: re.Match) -> list[dict[str, Any]] | None:
    """"SELF enters under the control of an opponent of your choice" (Captive Audience): a replacement of how it
    enters (614.1d), read by engine/game.py as it moves onto the battlefield."""
    return [{"kind": "enters_under_opponent"}]


@static(r"^(.+?) (?:loses|lose) all abilities except mana abilities$")
def _lose_all_but_mana(m: re.Match) -> list[dict[str, Any]] | None:
    """"All lands lose all abilities except mana abilities" (Blood Sun): every ability but the mana abilities
    (605.1a) of those objects, printed or granted before it, is lost (613.1f)."""
    got = _become(m.group(1), None)
    return None if got is None else [{**got[0], "keep_mana": True}]


@static(r"^you may look at an additional (one|two|three|\d+) cards? each time you surveil$")
def _surveil_extra(m: re.Match) -> list[dict[str, Any]] | None:
    """Surveil (a later keyword action, Guilds of Ravnica) changed by a rule (101.1): "You may look at an additional
    two cards each time you surveil" (Enhanced Surveillance)."""
    n = number(m.group(1))
    return None if not n else [{"kind": "surveil_extra", "who": "you", "amount": n}]


@static(r"^if you would roll one or more dice, instead roll that many dice plus one and ignore the lowest roll$")
def _extra_die(m: re.Match) -> list[dict[str, Any]] | None:
    """Rolling dice (a later rule, Adventures in the Forgotten Realms) changed by a replacement effect (614.1a):
    "If you would roll one or more dice, instead roll that many dice plus one and ignore the lowest roll" (Pixie
    Guide, Barbarian Class): the roll keeps the highest results (engine/player_statics.py extra_dice)."""
    return [{"kind": "extra_die", "who": "you"}]


@static(r"^self (?:saddles mounts and crews vehicles|crews vehicles|saddles mounts) as though its power were (\d+) "
        r"greater$")
def _crew_power(m: re.Match) -> list[dict[str, Any]] | None:
    """Crew and saddle (later keywords): "SELF saddles Mounts and crews Vehicles as though its power were 2 greater"
    (Cloudspire Captain, the Pilot tokens): its power counts N more toward their "total power" costs."""
    return [{"kind": "crew_power", "affects": "self", "amount": int(m.group(1))}]


@static(r"^(.+?) gets? ([+-]\d+)/([+-]\d+) and (?:loses|lose) all abilities$")
def _pump_lose_all(m: re.Match) -> list[dict[str, Any]] | None:
    """"Enchanted creature gets -2/-2 and loses all abilities" (Mystic Subdual, Fresh Start): two effects of one
    static ability, in their layers (613.1f: abilities; 613.3c: power and toughness)."""
    aff = _affects(m.group(1))
    if aff is None:
        return None
    return [{"kind": "anthem", "affects": aff, "power": int(m.group(2)), "toughness": int(m.group(3))},
            {"kind": "become", "affects": aff, "lose_all": True}]


@static(r"^(.+?) (?:has|have) base power and toughness (\d+)/(\d+)$")
def _base_pt(m: re.Match) -> list[dict[str, Any]] | None:
    """613.3b (layer 7b): "Enchanted creature has base power and toughness 0/2" (Illusory Wrappings):
    its power and toughness are set to those values; effects of layer 7c still apply after it."""
    aff = _affects(m.group(1))
    if aff is None:
        return None
    return [{"kind": "become", "affects": aff, "power": int(m.group(2)), "toughness": int(m.group(3))}]


def _creature_words(words: str) -> tuple[list[str], list[str], list[str]] | None:
    """The colors, card types and creature types of "a 4/4 red Beast creature", "a Toy artifact creature"."""
    colors: list[str] = []
    types: list[str] = []
    subs: list[str] = []
    for w in words.split():
        sub = subtype(w) if w != "and" else None
        if w in COLORS:
            colors.append(COLORS[w])
        elif w == "artifact":
            types.append("Artifact")
        elif sub:
            subs.append(sub)
        elif w != "and":
            return None
    return colors, types, subs


@static(r"^(.+?) (?:is|are) an? (artifact )?creature(?: in addition to its other types)? (?:and has|with) "
        r"(?:base )?power and (?:base )?toughness each equal to its mana value$")
def _creature_mv(m: re.Match) -> list[dict[str, Any]] | None:
    """205.1b, 613.1d, 613.3b: "Each other non-Aura enchantment is a creature in addition to its other types and has
    base power and base toughness each equal to its mana value" (Opalescence, Starfield of Nyx): each object affected
    becomes a creature (layer 4) whose base power and toughness are its own mana value (layer 7b, engine/layers.py
    "own_mv")."""
    aff = _affects(m.group(1))
    if aff is None or aff == "self" or isinstance(aff, dict) and "Creature" in aff.get("not_types", ()):
        return None  # "each noncreature artifact" (March of the Machines): the set of objects fixed in layer 4 for
        # the later layers (613.6) is not carried out; not read
    return [{"kind": "become", "affects": aff, "types": ["Creature"], "subtypes": None, "in_addition": True,
             "power": "own_mv", "toughness": "own_mv"}]


@static(r"^(.+?) is an? (?:(\d+)/(\d+) )?((?:[a-z]+ )*?)creature(?: with base power and toughness (\d+)/(\d+))?"
        r"(?: with ([a-z ,]+?))?(?: in addition to its other types|\. it's still an? (land|artifact))$")
def _is_a_creature(m: re.Match) -> list[dict[str, Any]] | None:
    """205.1b, 613.1d: "Enchanted artifact is a creature with base power and toughness 5/5 in addition to its other
    types" (Ensoul Artifact), "Enchanted land is a 4/4 red Beast creature with trample. It's still a land" (Crusher
    Zendikon): it keeps its card types, supertypes and subtypes and becomes a creature of those creature types
    (layer 4), of that color (5), with those keywords (6) and that base power and toughness (7b)."""
    # "Enchanted Mountain is a 7/7 red Giant creature" (Awaken the Ancient): the one it enchants (303.4)
    aff = "attached" if re.fullmatch(r"enchanted [a-z]+", m.group(1)) else _affects(m.group(1))
    got = _creature_words(m.group(4) or "")
    pt = (m.group(2), m.group(3)) if m.group(2) else (m.group(5), m.group(6))
    if aff is None or got is None or pt[0] is None or (m.group(2) is None) == (m.group(5) is None):
        return None
    colors, types, subs = got
    st: dict[str, Any] = {"kind": "become", "affects": aff, "types": types + ["Creature"], "subtypes": subs,
                          "in_addition": True, "power": int(pt[0]), "toughness": int(pt[1])}
    if colors:
        st["colors"] = colors
    out = [st]
    if m.group(7):
        kws = keyword_list(m.group(7))
        if kws is None:
            return None
        out.append({"kind": "keywords", "affects": aff, "keywords": kws})
    return out


@static(r"^(.+?) (?:is an?|are) (\d+)/(\d+) ((?:[a-z]+ )*?)creatures?(?: with ([a-z ,]+?))?(?: that's still an? "
        r"(?:land|artifact)| that are still (?:lands|artifacts)|\. (?:it's|they're) still (?:an? )?"
        r"(?:lands?|artifacts?))$")
def _are_creatures_still(m: re.Match) -> list[dict[str, Any]] | None:
    """205.1b, 613.1d: "All Forests are 1/1 creatures that are still lands" (Living Lands), "All Swamps are 1/1 black
    creatures that are still lands" (Kormus Bell), "Forests you control are 1/1 green Elf creatures that are still
    lands" (Ambush Commander), "Lands you control are 2/2 creatures with first strike. They're still lands."
    (Natural Emergence), "Enchanted land is a 5/6 green Treefolk creature that's still a land" (Living Terrain): as
    _is_a_creature, said of each object affected."""
    return _creature_become(m.group(1), m.group(4) or "", (m.group(2), m.group(3)), m.group(5))


def _creature_become(who: str, words: str, pt: tuple[str, str], kw_text: str | None) -> list[dict[str, Any]] | None:
    """The statics of "X is a P/T [color] [type] creature [with keywords]" keeping X's types (205.1b)."""
    aff = "attached" if re.fullmatch(r"enchanted [a-z]+", who) else _affects(who)
    got = _creature_words(words)
    if aff is None or got is None or aff == "self":
        return None
    colors, types, subs = got
    st: dict[str, Any] = {"kind": "become", "affects": aff, "types": types + ["Creature"], "subtypes": subs,
                          "in_addition": True, "power": int(pt[0]), "toughness": int(pt[1])}
    if colors:
        st["colors"] = colors
    out = [st]
    if kw_text:
        kws = keyword_list(kw_text)
        if kws is None:
            return None
        out.append({"kind": "keywords", "affects": aff, "keywords": kws})
    return out


@static(r"^(.+?) (?:has|have) base power and toughness (\d+)/(\d+) and (?:is|are) (?:an? )?((?:[a-z]+ )*?[a-z]+) "
        r"in addition to (?:its|their) other (?:creature )?types$")
def _base_pt_and_types(m: re.Match) -> list[dict[str, Any]] | None:
    """"Other creatures have base power and toughness 2/2 and are Bears in addition to their other types" (Kudo,
    King Among Bears): one effect in two layers, the creature types added (layer 4, 613.1d) and the base power and
    toughness set (7b, 613.3b); begun in layer 4, it goes on in 7b even if its source lost the ability (613.5)."""
    aff = _affects(m.group(1))
    subs = [subtype(w) for w in m.group(4).split() if w != "and"]
    if aff is None or not subs or not all(subs):
        return None
    return [{"kind": "become", "affects": aff, "subtypes": subs, "in_addition": True,
             "power": int(m.group(2)), "toughness": int(m.group(3))}]


@static(r"^(.+?) (?:is|are) (an? .+ and (?:it )?loses all other card types(?: and abilities)?)$")
def _is_set_types(m: re.Match) -> list[dict[str, Any]] | None:
    """205.1a, 613.1d-f: "Enchanted permanent is a colorless Food artifact with '{2}, {T}, Sacrifice SELF: You gain 3
    life' and loses all other card types and abilities" (Sugar Coat), "Enchanted permanent is an enchantment and
    loses all other card types" (Enchantmentize): its card types and subtypes only those (layer 4), colorless when
    it says so (5), only the abilities given (6, after the loss); effects/become.py set_types_parts."""
    aff = _affects(m.group(1))
    parts = set_types_parts(m.group(2))
    if aff is None or parts is None:
        return None
    return [{"kind": "become", "affects": aff, "set_types": True, **parts}]


@static(r"^(.+?) (?:is|are) (an? .+?) and (?:loses|lose) all abilities$")
def _become_then_lose_all(m: re.Match) -> list[dict[str, Any]] | None:
    return _become(m.group(1), "is " + m.group(2))


def _become(who: str, rest: str | None) -> list[dict[str, Any]] | None:
    aff = _affects(who)
    if aff is None:
        return None
    st: dict[str, Any] = {"kind": "become", "affects": aff, "lose_all": True}
    if rest:
        more = become_parts(rest)
        if more is None:
            return None
        st.update(more)
    return [st]


@static(r"^(.+?) (?:gets?|get) ([+-]\w+)/([+-]\w+)(?:,? (and .+|has .+|have .+))?$")
def _anthem(m: re.Match) -> list[dict[str, Any]] | None:
    if " for each " in m.group(0):
        return None
    rest = m.group(4)
    if rest:
        rest = re.sub(r"^and ", "", rest)
    return _pump_static(m.group(1), m.group(2), m.group(3), rest)


def _anthem_unless_in_combat(m: re.Match) -> list[dict[str, Any]] | None:
    """611.3a: "Each untapped creature you control gets +0/+2 as long as it's not attacking" (Arcades Sabboth): of
    the creatures it names, each one that isn't attacking (blocking) now, checked for each creature (506.4)."""
    got = _pump_static(m.group(1), m.group(2), m.group(3), None)
    if not got or len(got) != 1 or not isinstance(got[0].get("affects"), dict) or m.group(4) in got[0]["affects"]:
        return None
    key = "attacking" if m.group(4) == "attacking" else "blocking"
    if key == "blocking":
        return None  # (no filter of "not blocking" here)
    return [{**got[0], "affects": {**got[0]["affects"], key: False}}]


@static(r'^(.+?) (has|have) ([^"]+?),? and (gets?|get) ([+-]\w+/[+-]\w+.*)$')
def _has_and_gets(m: re.Match) -> list[dict[str, Any]] | None:
    """"Equipped creature has first strike and gets +X/+0, where X is the number of instant and sorcery cards in
    your graveyard" (Runechanter's Pike), "... and gets +1/+0 for each ..." (Glamdring): the keyword grant
    (613.1f, layer 6) and the pump (613.3c, layer 7c) of one subject, each read as its own sentence."""
    grant, pump = _parse_plain(f"{m.group(1)} {m.group(2)} {m.group(3)}"), \
        _parse_plain(f"{m.group(1)} {m.group(4)} {m.group(5)}")
    if grant is None or pump is None or any(
            isinstance(st.get("affects"), dict) and isinstance((st.get("per") or {}).get("count"), dict)
            and st["per"]["count"].get("other") for st in pump):
        return None  # "each Skeleton ... gets +X/+0, where X is the number of other Skeletons": other than each one
    return pump + grant


@static(r"^(.+?) (?:gets?|get) ([+-])(x|\d+)/([+-])(x|\d+), where x is (.+)$")
def _anthem_x(m: re.Match) -> list[dict[str, Any]] | None:
    """613.3c (layer 7c): "SELF gets -X/-X, where X is your life total" (Death's Shadow), "Equipped creature
    gets +X/+1, where X is the number of artifacts you control" (Cranial Ram): the amount counted as the
    characteristics are (611.3a: a static ability's effect changes as the count does); a fixed part beside X
    is a second modification of the same layer."""
    aff = _affects(m.group(1))
    q = _of_subject(quantity(m.group(6)), aff)
    if aff is None or q is None or "x" not in (m.group(3), m.group(5)) or _each_its_own(aff, m.group(6), q):
        return None
    p_sign, t_sign = int(m.group(2) + "1"), int(m.group(4) + "1")
    px, tx = m.group(3) == "x", m.group(5) == "x"
    out: list[dict[str, Any]] = [{"kind": "anthem", "affects": aff, "power": p_sign if px else 0,
                                  "toughness": t_sign if tx else 0, "per": q}]
    fixed_p = 0 if px else p_sign * int(m.group(3))
    fixed_t = 0 if tx else t_sign * int(m.group(5))
    if fixed_p or fixed_t:
        out.append({"kind": "anthem", "affects": aff, "power": fixed_p, "toughness": fixed_t})
    return out


@static(r"^(.+?) (?:gets?|get) ([+-]\w+)/([+-]\w+) for each (.+)$")
def _anthem_per(m: re.Match) -> list[dict[str, Any]] | None:
    aff = _affects(m.group(1))
    per, rest = m.group(4), None
    q = quantity(per)
    if q is None:  # "gets +1/+1 for each enchantment you control and has first strike" (Ethereal Armor)
        cut = re.match(r"^(.+?),? and ((?:has|have|is|are|can't) .+)$", per)
        if cut:
            per, rest = cut.group(1), cut.group(2)
            q = quantity(per)
    pp, tt = pt_value(m.group(2)), pt_value(m.group(3))
    q = _of_subject(q, aff)
    if aff is None or q is None or pp is None or tt is None or _each_its_own(aff, per, q):
        return None
    return _and_rest({"kind": "anthem", "affects": aff, "power": pp, "toughness": tt, "per": q}, aff, rest)


def _each_its_own(aff: Any, words: str, q: dict[str, Any]) -> bool:
    """"Each creature you control gets +1/+1 for each +1/+1 counter on it": "it" is each creature the anthem affects,
    counted for each one (611.3a), which the layer system reads only for a shared creature type (Coat of Arms); any
    other count of "it" over a group is left unread rather than read as the source's own."""
    return isinstance(aff, dict) and re.search(r"\bits?\b", words) is not None \
        and (q.get("count") or {}).get("shares_type_with") != "affected"


def _of_subject(q: dict[str, Any] | None, aff: Any) -> dict[str, Any] | None:
    """An anthem's amount with the words that name its subject bound (611.3a): "Equipped creature gets +X/+X,
    where X is its mana value" reads the equipped creature; "Enchanted creature gets +1/+1 for each other
    creature you control" counts every creature but the enchanted one ("other" names the subject when the
    subject is of the kind counted, else the source: "for each other enchantment" of an Aura)."""
    if q is not None and q.get("hand_of") == "it_controller":  # "for each card in its controller's hand": the
        # subject's controller (the source's own controller when the subject is SELF)
        if aff not in ("attached", "self"):
            return None
        q = {**q, "hand_of": "you" if aff == "self" else {"controller_of": aff}}
    if q is not None and isinstance(aff, dict) and isinstance(q.get("count"), dict) \
            and q["count"].get("shares_type_with") == "it" and set(q) == {"count"}:
        # "Each creature gets +1/+1 for each other creature on the battlefield that shares a creature type with it"
        # (Coat of Arms): "it" is each creature the anthem affects, counted for each (engine/layers.py)
        return {"count": {**q["count"], "shares_type_with": "affected"}}
    if q is None or aff not in ("attached", "self"):
        return q
    q = dict(q)
    for key in ("mv_of", "power_of", "toughness_of", "counters_on", "colors_of"):
        if q.get(key) == "it":
            q[key] = aff
    for key in ("count", "counters_among"):
        f = q.get(key)
        if isinstance(f, dict) and f.get("shares_type_with") == "it":  # "that shares a creature type with it"
            f = q[key] = {**f, "shares_type_with": aff}
        if aff == "attached" and isinstance(f, dict) and f.get("other") and "Creature" in f.get("types", ()):
            q[key] = {**{k: v for k, v in f.items() if k != "other"}, "other_than": "attached"}
    return q


@static(r"^(.+?) (?:loses|lose) (?!all abilities)([a-z ,]+)$")
def _lose_keywords(m: re.Match) -> list[dict[str, Any]] | None:
    """613.1f (layer 6): "Creatures your opponents control lose infect" (Melira, Sylvok Outcast), "Creatures
    lose flying": the keywords are removed from those objects."""
    aff = _affects(m.group(1))
    kws = keyword_list(m.group(2))
    if aff is None or not kws or " and can't " in m.group(2):
        return None
    return [{"kind": "keywords", "affects": aff, "keywords": [], "lose": kws}]


@static(r"^(.+?) (?:loses|lose) (.+?) and can't have or gain (.+)$")
def _lose_cant_have(m: re.Match) -> list[dict[str, Any]] | None:
    """112.11: "Creatures your opponents control lose flying and can't have or gain flying" (the
    Archetypes): they lose it, and no effect can give it back while this applies."""
    aff = _affects(m.group(1))
    kws, bar = keyword_list(m.group(2)), keyword_list(m.group(3))
    if aff is None or not kws or kws != bar:
        return None
    return [{"kind": "keywords", "affects": aff, "keywords": [], "lose": kws},
            {"kind": "restriction", "affects": aff, "rule": "cant_have", "keywords": kws}]


@static(r"^(.+?) (?:has|have) (.+)$")
def _has(m: re.Match) -> list[dict[str, Any]] | None:
    aff = _affects(m.group(1))
    if aff is None:
        return None
    q = m.group(2)
    if _WARD.fullmatch(q):
        return _ward(aff, q)
    if q.startswith('"') and q.endswith('"'):
        return _granted(aff, q)
    m2 = re.fullmatch(r'([^"]+?),? and (".+")', q)
    if m2:  # "Creatures you control have haste and "{T}: ..."" (Arlinn, Embraced by the Moon's emblem); "has ward {2}
        # and "{T}: Add ..."" (Leyline Immersion)
        kst = _keyword_statics(aff, m2.group(1))
        granted = _granted(aff, m2.group(2))
        if kst is None or granted is None:
            return None
        return [*kst, *granted]
    return _rest_clauses(aff, "has " + q)


_WARD = re.compile(r'ward ((?:\{[^}]+\})+)|"ward—([^"]+?)\.?"')


def _ward(aff: Any, q: str) -> list[dict[str, Any]] | None:
    """"Other creatures you control have ward {1}", 'have "Ward—Pay 2 life."' (a later keyword): its triggered
    ability (engine/cards/compiler/keywords.py KEYWORD_TEXT), granted (613.1f, layer 6)."""
    w = _WARD.fullmatch(q)
    if not w:
        return None
    got = parse_keyword_line(f"Ward {w.group(1)}" if w.group(1) else f"Ward—{w.group(2)}")
    abl = got[2] if got is not None else []
    return [{"kind": "grant_ability", "affects": aff, "ability": ab} for ab in abl] if len(abl) == 1 else None


def _keyword_statics(aff: Any, q: str) -> list[dict[str, Any]] | None:
    """A list of keywords the affected objects have, ward among them ("has haste and ward {1}", Lavaspur Boots;
    "have trample and ward {2}", Giant Ankheg): the plain keywords (layer 6, 613.1f) and ward's triggered ability
    granted (a later keyword, as _ward reads it alone); None when a part is not read."""
    kws = keyword_list(q)
    if kws is not None:
        return [{"kind": "keywords", "affects": aff, "keywords": kws}]
    m = re.fullmatch(r"(?:(.+?),? and )?(ward (?:\{[^}]+\})+)", q)
    if not m:
        return None
    ward = _ward(aff, m.group(2))
    if ward is None:
        return None
    if m.group(1) is None:
        return ward
    kws = keyword_list(m.group(1))
    return None if kws is None else [{"kind": "keywords", "affects": aff, "keywords": kws}, *ward]


def _granted(aff: Any, q: str) -> list[dict[str, Any]] | None:
    """A quoted ability the affected objects have (613.1f, layer 6), or None when it is not read."""
    from engine.cards.compiler import compile_abilities_text  # layering: cycle (compiler imports this)
    bwo = bands_with_other(q.strip('"'))
    if bwo is not None:  # 702.21b: 'have "bands with other legendary creatures."': that keyword (engine/combat.py)
        return [{"kind": "keywords", "affects": aff, "keywords": [bwo]}]
    # 'has "Equipped creature gets +1/+0 and has haste."' (Rune of Speed): a static of two parts is both of them
    abl = compile_abilities_text(q.strip('"'))
    return [{"kind": "grant_ability", "affects": aff, "ability": ab} for ab in abl] if abl else None


@static(
    r"^(.+?) (can't block|can't attack|can't attack or block|can't be blocked|attacks each combat if able|"
    r"blocks each combat if able|attack each combat if able|block each combat if able|can't attack or block alone|"
    r"can't block alone|"
    r"can't attack alone|can't be blocked by more than one creature|can block an additional creature each combat|"
    r"can block any number of creatures|doesn't untap during your untap step|doesn't untap during its controller's "
    r"untap step|"
    r"don't untap during their controllers' untap steps|can block only creatures with flying|can't be countered|"
    r"can block creatures with shadow as though (?:it|they) had shadow|"
    r"can block creatures with shadow as though they didn't have shadow|can attack as though (?:it|they) had haste|"
    r"can't be sacrificed|must be blocked if able|attacks or blocks each combat if able|"
    r"can't attack or block unless you control another creature|can't transform|can't attack, block, or transform|"
    r"can't attack, block, or crew vehicles|"
    r"can't be the target of spells or abilities(?: your opponents control)?)((?:,? and |, )(?:has|have) .+)?$"
)
def _restriction(m: re.Match) -> list[dict[str, Any]] | None:
    aff = _affects(m.group(1))
    if aff is None:
        return None
    first = _restriction_of(aff, m.group(2))
    if m.group(3):  # "Equipped creature can't be blocked and has shroud" (Whispersilk Cloak): each clause its own
        # static, the restriction and the keywords (613.1f)
        more = _rest_clauses(aff, m.group(3))
        return None if more is None else [*first, *more]
    return first


@static(r"^(.+?) (can't attack|can't block|can't attack or block) during extra turns$")
def _restriction_extra_turns(m: re.Match) -> list[dict[str, Any]] | None:
    """"SELF can't attack during extra turns" (Medomai the Ageless): the restriction while the turn is an extra turn
    (500.7: engine/values.py condition extra_turn)."""
    aff = _affects(m.group(1))
    if aff is None:
        return None
    return [{**st, "condition": {"extra_turn": True}} for st in _restriction_of(aff, m.group(2))]


def _restriction_of(aff: Any, phrase: str) -> list[dict[str, Any]]:
    """The static of one restriction or requirement phrase on the objects ``aff`` names (508.1c-d, 509.1b-c)."""
    if phrase == "can't attack, block, or transform":  # Bound by Moonsilver: three restrictions (101.2)
        return [{"kind": "restriction", "affects": aff, "rule": r} for r in ("cant_attack_or_block", "cant_transform")]
    if phrase == "can't attack, block, or crew vehicles":  # Revoke Privileges: not tapped to pay a crew cost either
        return [{"kind": "restriction", "affects": aff, "rule": r} for r in ("cant_attack_or_block", "cant_crew")]
    rule = _RESTRICT[phrase]
    if rule == "cant_be_countered":
        return [{"kind": "cant_be_countered", "affects": aff}]
    if rule == "cant_attack" and isinstance(aff, dict) and any(k.startswith(("power_", "toughness_")) for k in aff):
        # "Creatures with power greater than the number of cards in your hand can't attack" (Ensnaring Bridge): the
        # power as attackers are declared, after every layer (508.1c; engine/combat.py), not as layer 6 applies
        return [{"kind": "attack_forbid", "affects": aff, "anyone": True}]
    return [{"kind": "restriction", "affects": aff, "rule": rule}]


@static(r"^(your opponents|each opponent|you) can't (block|attack) with (creatures .+)$")
def _cant_block_with(m: re.Match) -> list[dict[str, Any]] | None:
    """509.1b, 508.1c: "Your opponents can't block with creatures with even mana values" (Void Winnower): the
    restriction on each creature of that kind the player controls."""
    aff = _affects(m.group(3))
    if not isinstance(aff, dict) or "controller" in aff:
        return None
    rule = "cant_block" if m.group(2) == "block" else "cant_attack"
    return [{"kind": "restriction", "affects": {**aff, "controller": "you" if m.group(1) == "you" else "opponent"},
             "rule": rule}]


@static(r"^(.+?) can block an additional (two|three|four|five|six|seven|eight|nine|ten|ninety-nine) creatures each "
        r"combat$")
def _extra_blocks(m: re.Match) -> list[dict[str, Any]] | None:
    """"SELF can block an additional seven creatures each combat" (509.1a): one more each (engine/combat.py
    counts the extra_block rules); "ninety-nine" (Hundred-Handed One)."""
    aff = _affects(m.group(1))
    n = 99 if m.group(2) == "ninety-nine" else number(m.group(2))
    return None if aff is None or not n else [{"kind": "restriction", "affects": aff, "rule": "extra_block"}] * n


@static(r"^(.+?) can't be blocked (?:by (.+?)|except by (.+?))$")
def _evasion(m: re.Match) -> list[dict[str, Any]] | None:
    aff = _affects(m.group(1))
    f = parse_noun(m.group(2) or m.group(3))
    if aff is None or f is None:
        return None
    return [{"kind": "restriction", "affects": aff, "rule": "cant_be_blocked", ("by" if m.group(2) else "except"): f}]


@static(r"^(.+?) can't block (.+?)$")
def _cant_block_x(m: re.Match) -> list[dict[str, Any]] | None:
    aff = _affects(m.group(1))
    f = parse_noun(m.group(2))
    if aff is None or f is None:
        return None
    return [{"kind": "restriction", "affects": aff, "rule": "cant_block", "what": f}]


@static(r"^self enters tapped and (.+)$")
def _etb_tapped_and(m: re.Match) -> list[dict[str, Any]] | None:
    """"SELF enters tapped and doesn't untap during your untap step" (Grimgrin, Traxos): two statics,
    614.1c (it enters tapped) and an effect that keeps it tapped in the untap step (502.2)."""
    rest = _parse_plain("self " + m.group(1))
    return None if rest is None else [{"kind": "enters_tapped"}, *rest]


@static(r"^self enters tapped (?:and )?(with .+ counters? on it)$")
def _etb_tapped_with(m: re.Match) -> list[dict[str, Any]] | None:
    """"SELF enters tapped with nine stun counters on it" (The Watcher in the Water, Baloth Prime): two replacement
    effects of 614.1c, it enters tapped and it enters with those counters (read as "SELF enters with ...")."""
    rest = _parse_plain("self enters " + m.group(1))
    if rest is None or [r.get("kind") for r in rest] != ["enters_with_counters"]:
        return None
    return [{"kind": "enters_tapped"}, *rest]


@static(r"^self enters prepared$")
def _etb_prepared(m: re.Match) -> list[dict[str, Any]] | None:
    """"This creature enters prepared" (a later mechanic, Secrets of Strixhaven, 2026): the permanent has the
    prepared designation as it enters (614.1c's kind of replacement; engine/prepare.py)."""
    return [{"kind": "enters_prepared"}]


@static(r"^self enters tapped$")
def _etb_tapped(m: re.Match) -> list[dict[str, Any]] | None:
    return [{"kind": "enters_tapped"}]


@static(r"^you may choose not to untap self during your untap step$")
def _may_not_untap(m: re.Match) -> list[dict[str, Any]] | None:
    """502.2: "You may choose not to untap SELF during your untap step": its controller chooses as
    the untap step untaps permanents (engine/game.py)."""
    return [{"kind": "may_not_untap", "affects": "self"}]


@static(r"^self enters tapped unless (.+)$")
def _etb_tapped_unless(m: re.Match) -> list[dict[str, Any]] | None:
    cond = parse_condition(m.group(1))
    return None if cond is None else [{"kind": "enters_tapped", "unless": cond}]


@static(r"^if (.+), self enters tapped$|^self enters tapped if (.+)$")
def _etb_tapped_if(m: re.Match) -> list[dict[str, Any]] | None:
    """614.1c: "If you control two or more other lands, SELF enters tapped" (the Adventures in the Forgotten Realms
    creature lands): tapped when the condition holds as it enters, that is unless it does not."""
    cond = parse_condition(m.group(1) or m.group(2))
    return None if cond is None else [{"kind": "enters_tapped", "unless": {"not": cond}}]


@static(r"^self enters with your choice of an? ([a-z][a-z ]*?|[+-]\d+/[+-]\d+) counter or "
        r"an? ([a-z][a-z ]*?|[+-]\d+/[+-]\d+) counter on it$")
def _etb_counter_choice(m: re.Match) -> list[dict[str, Any]] | None:
    """614.1c, 614.12: "SELF enters with your choice of a flying counter or a first strike counter on it" (the keyword
    counters of Ikoria, a later rule): its controller chooses the kind as it enters (engine/entering.py)."""
    kinds = [m.group(1), m.group(2)]
    if kinds[0] == kinds[1]:
        return None
    return [{"kind": "enters_with_counters", "choice": kinds, "amount": 1}]


@static(
    r"^self enters with (a|an|one|two|three|four|five|six|seven|eight|nine|ten|x|\d+|a number of) ([+\-\w/]+) "
    r"counters? on (?:it|him|her)(?: for each (.+)| equal to (.+)|, where x is (.+))?$"
)
def _etb_counters(m: re.Match) -> list[dict[str, Any]] | None:
    """614.1c: "SELF enters with N +1/+1 counters on it", "... for each Q", "X ..., where X is Q", "a
    number of ... equal to Q" (the amount counted as it enters)."""
    word, each, equal, where = m.group(1), m.group(3), m.group(4), m.group(5)
    if (word == "a number of") != bool(equal) or where and word != "x":
        return None
    n = amount(word) if word != "a number of" else 1
    q = quantity(each or equal or where) if each or equal or where else None
    if (each or equal or where) and q is None:
        return None
    if each:
        n = q if n == 1 else {"times": n, "of": q}
    elif equal or where:
        n = q
    return None if n is None else [{"kind": "enters_with_counters", "counter": m.group(2), "amount": n}]


@static(
    r"^(.+?) spells(?: (with [^ ]+(?: [^ ]+)?))? (you|your opponents) cast(?: (with .+?|of the chosen type))? "
    r"cost (\{\d+\}|"
    r"\{[wubrg]\}) (less|more) to cast(?: for each (.+))?$"
)
def _cost_change(m: re.Match) -> list[dict[str, Any]] | None:
    noun = m.group(1) + " spell"
    if m.group(2) or m.group(4):
        noun += " " + (m.group(2) or m.group(4))
    f = parse_noun(noun)
    if f is None:
        return None
    f.pop("zone", None)
    sym = parse_cost(m.group(5))[0]
    n = int(sym) if sym.isdigit() else 1
    out = {"kind": "cost_change", "spells": f, "who": "you" if m.group(3) == "you" else "opponent",
           "amount": -n if m.group(6) == "less" else n}
    if not sym.isdigit():
        out["mana"] = sym  # "cost {W} more": a colored symbol, not generic mana (601.2f)
    if m.group(7):  # "Creature spells you cast cost {1} less to cast for each 1 life your opponents have lost this
        # turn" (Rakdos, Lord of Riots): that much for each, counted as the total cost is determined (601.2f)
        q = quantity(m.group(7))
        if q is None or not sym.isdigit():
            return None
        out["per"] = q
    return [out]


@static(r"^(.+?) spells (you|your opponents) cast cost \{x\} (less|more) to cast, where x is (.+)$")
def _cost_change_x(m: re.Match) -> list[dict[str, Any]] | None:
    """601.2f: "Noncreature spells you cast cost {X} less to cast, where X is your speed" (Samut, the Driving Force):
    {1} for each, X counted as the total cost is determined."""
    f = parse_noun(m.group(1) + " spell")
    q = quantity(m.group(4))
    if f is None or q is None:
        return None
    f.pop("zone", None)
    return [{"kind": "cost_change", "spells": f, "who": "you" if m.group(2) == "you" else "opponent",
             "amount": -1 if m.group(3) == "less" else 1, "per": q}]


@static(r"^the first ((?:[a-z]+ )*?)spell you cast each turn costs (\{\d+\}) less to cast$")
def _first_spell_cheaper(m: re.Match) -> list[dict[str, Any]] | None:
    """601.2f: "The first creature spell you cast each turn costs {2} less to cast" (Conduit of Ruin): a
    reduction while its controller has cast no spell of that kind this turn (the one being cast is counted
    only once it becomes cast, 601.2i)."""
    f = parse_noun(m.group(1) + "spell")
    if f is None or f.pop("zone", None) != "stack":
        return None
    return [{"kind": "cost_change", "spells": f, "who": "you", "amount": -int(parse_cost(m.group(2))[0]),
             "condition": {"not": {"cast_kind_this_turn": f}}}]


@static(r"^(you|players) may spend mana as though it were mana of any color(?: to (?:activate abilities of (.+?)|"
        r"pay the activation costs of (self)'s abilities))?$")
def _spend_any_color_all(m: re.Match) -> list[dict[str, Any]] | None:
    """609.4: "You may spend mana as though it were mana of any color" (Chromatic Orrery), "Players may ..."
    (Mycosynth Lattice: each player, their own payments): every spell's and activated ability's cost is paid with
    mana of any type for its colored part (engine/costs.py as_any_color); "... to activate abilities of creatures you
    control" (Agatha's Soul Cauldron), "... to pay the activation costs of SELF's abilities" (Manascape Refractor):
    those abilities' costs only."""
    who = "you" if m.group(1) == "you" else "any"
    if m.group(3):
        return [{"kind": "cost_change", "spells": None, "abilities": "self", "who": who, "any_color": True}]
    if m.group(2):
        f = parse_noun(m.group(2))
        if f is None or f.get("player") or f.get("zone") not in (None, "battlefield"):
            return None
        f.pop("zone", None)
        return [{"kind": "cost_change", "spells": None, "abilities": f, "who": who, "any_color": True}]
    return [{"kind": "cost_change", "spells": {}, "abilities": {}, "who": who, "any_color": True}]


@static(r"^you may spend mana as though it were mana of any color to cast (.+?) spells$")
def _spend_any_color(m: re.Match) -> list[dict[str, Any]] | None:
    """"You may spend mana as though it were mana of any color to cast planeswalker spells" (Oath of
    Nissa): the colored part of those spells' total cost is paid with mana of any type (engine/costs.py)."""
    f = parse_noun(m.group(1) + " spell")
    if f is None:
        return None
    f.pop("zone", None)
    return [{"kind": "cost_change", "spells": f, "who": "you", "any_color": True}]


#: where a spell was cast from, as a cost change names it (601.2a)
_CAST_FROM = {" from your graveyard": ["graveyard"], " from exile": ["exile"],
              " from your graveyard or from exile": ["graveyard", "exile"],
              " from anywhere other than your hand": ["graveyard", "exile", "library", "command"]}


@static(r"^spells (you|your opponents) cast( of the chosen type| from your graveyard(?: or from exile)?| from exile|"
        r" from anywhere other than your hand)? cost (\{\d+\}) (less|more) to cast$")
def _cost_change_all(m: re.Match) -> list[dict[str, Any]] | None:
    """601.2f: "Spells you cast cost {1} less"; "Spells you cast of the chosen type cost {1} less"
    (Herald's Horn: of the creature type chosen as SELF entered, 614.12); "Spells you cast from your graveyard /
    from anywhere other than your hand cost {1} less" (the zone each was cast from, 601.2a)."""
    n = int(parse_cost(m.group(3))[0])
    spells: dict[str, Any] = {}
    if m.group(2) == " of the chosen type":
        spells = {"chosen_type": True}
    elif m.group(2):
        spells = {"cast_from": _CAST_FROM[m.group(2)]}
    return [{"kind": "cost_change", "spells": spells,
             "who": "you" if m.group(1) == "you" else "opponent", "amount": -n if m.group(4) == "less" else n}]


@static(r"^spells (you|your opponents) cast that target (self|enchanted player|an? .+?) cost (\{\d+\}) (less|more) "
        r"to cast$")
def _cost_change_targeting(m: re.Match) -> list[dict[str, Any]] | None:
    """601.2f: "Spells your opponents cast that target a creature or planeswalker you control cost {2} more to
    cast" (Kasmina), "Spells you cast that target SELF cost {1} less to cast": known once the spell's targets
    are chosen (601.2c comes first)."""
    if m.group(2) == "self":
        tg: Any = "self"
    elif m.group(2) == "enchanted player":  # "Spells you cast that target enchanted player cost {1} less" (a Curse)
        tg = {"player": True, "enchanted_by_source": True}
    else:
        tg = parse_noun(re.sub(r"^an? ", "", m.group(2)))
        if tg is None or tg.get("player") or tg.get("_needs_player_target") or tg.get("zone"):
            return None
    n = int(parse_cost(m.group(3))[0])
    return [{"kind": "cost_change", "spells": {"targets": tg}, "who": "you" if m.group(1) == "you" else "opponent",
             "amount": -n if m.group(4) == "less" else n}]


@static(r"^you may cast self from your graveyard if you pay (\{\d+\}) more to cast it for each (.+)$")
def _cast_from_graveyard_paying_more(m: re.Match) -> list[dict[str, Any]] | None:
    """"You may cast SELF from your graveyard if you pay {1} more to cast it for each other creature card in your
    graveyard" (Risen Executioner): the permission (601.2a) and, for that cast only, the increase (601.2f)."""
    more = _self_cost(re.match(r"^self costs (\{\d+\}) (more) to cast (?:for each (.+)|if (.+))$",
                               f"self costs {m.group(1)} more to cast for each {m.group(2)}"))  # type: ignore[arg-type]
    return None if more is None else [{"kind": "cast_self_from", "zones": ["graveyard"]},
                                      {**more[0], "cast_from": "graveyard"}]


@static(r"^self costs (\{\d+\}) (less|more) to cast (?:for each (.+)|if (.+))$")
def _self_cost(m: re.Match) -> list[dict[str, Any]] | None:
    n = int(parse_cost(m.group(1))[0])
    out: dict[str, Any] = {"kind": "cost_change", "spells": "self", "amount": -n if m.group(2) == "less" else n}
    if m.group(3):
        q = quantity(m.group(3))
        if q is None:
            return None
        out["per"] = q
    else:
        t = re.fullmatch(r"it targets (?:an? )?(.+)", m.group(4))
        if t:  # "costs {3} less to cast if it targets a tapped creature": known once targets are chosen (601.2f)
            f = parse_noun(t.group(1))
            if f is None or f.get("player") or f.get("_needs_player_target") \
                    or f.get("zone") not in (None, "stack", "graveyard"):
                return None  # (a spell, 114.1a; a card in a graveyard, 114.1: the targets are objects there)
            out["targets"] = f
            return [out]
        cond = before_its_cast(parse_condition(m.group(4)))
        if cond is None:
            return None
        out["condition"] = cond
    return [out]


@static(r"^self costs \{x\} less to cast, where x is (.+)$")
def _self_cost_where(m: re.Match) -> list[dict[str, Any]] | None:
    """601.2f: "SELF costs {X} less to cast, where X is the greatest power among creatures you control"
    (Ghalta's kind): one generic mana less for each, read as the total cost is determined."""
    q = quantity(m.group(1))
    return None if q is None else [{"kind": "cost_change", "spells": "self", "amount": -1, "per": q}]


@static(r"^self costs ((?:\{[^}]+\})+) more to cast for each target beyond the first$")
def _strive(m: re.Match) -> list[dict[str, Any]] | None:
    """601.2f (strive, an ability word): "SELF costs {2}{U} more to cast for each target beyond the first":
    the increase, generic and colored, once for each target chosen after the first (601.2c comes first)."""
    syms = parse_cost(m.group(1))
    if any(not (x.isdigit() or x in ("W", "U", "B", "R", "G")) for x in syms):
        return None
    out: dict[str, Any] = {"kind": "cost_change", "spells": "self", "amount": sum(int(x) for x in syms if x.isdigit()),
                           "per_extra_target": True}
    if any(not x.isdigit() for x in syms):
        out["colored"] = [x for x in syms if not x.isdigit()]
    return [out]


@static(r"^you may cast self as though it had flash\. if you cast it any time a sorcery couldn't have been cast, the "
        r"controller of the permanent it becomes sacrifices it at the beginning of the next cleanup step$")
def _flash_self_cleanup(m: re.Match) -> list[dict[str, Any]] | None:
    """702.8a: "You may cast SELF as though it had flash. If you cast it any time a sorcery couldn't have been cast,
    the controller of the permanent it becomes sacrifices it at the beginning of the next cleanup step." (Armor of
    Thorns, Lightning Reflexes): cast so, it remembers it (307.1), and the permanent it becomes gets a delayed
    trigger at the next cleanup step (603.7, 514.3a; engine/casting.py, engine/cast_options.py after_resolve)."""
    return [{"kind": "flash_self", "cleanup_sacrifice": True}]


@static(r"^(?:if (.+?), )?you may cast self as though it had flash( if you pay ((?:\{[^}]+\})+) more to cast it)?$")
def _flash_self(m: re.Match) -> list[dict[str, Any]] | None:
    """702.8a, 601.3: "If there are two or more instant and/or sorcery cards in your graveyard, you may
    cast SELF as though it had flash" (Swift Reckoning's spell mastery): read as it would be cast. "... if you
    pay {2} more to cast it" (Harbinger of the Tides): that mana is added to its total cost when only this
    lets it be cast (601.2f; engine/casting.py flash_surcharge)."""
    out: dict[str, Any] = {"kind": "flash_self"}
    if m.group(3):
        pay = list(parse_cost(m.group(3)))
        if not pay or any(not (p.isdigit() or p in "WUBRGC") for p in pay):
            return None
        out["pay"] = pay
    if not m.group(1):
        return [out]
    cond = parse_condition(m.group(1))
    return None if cond is None else [{**out, "condition": cond}]


@static(r"^you may activate (?:the )?loyalty abilities of (planeswalkers you control|self) on any player's turn "
        r"any time you could cast an instant$|"
        r"^you may activate (?:her|his|its|self's) loyalty abilities any time you could cast an instant$")
def _loyalty_instant(m: re.Match) -> list[dict[str, Any]] | None:
    """606.3 changed by a rule (101.1): "You may activate loyalty abilities of planeswalkers you control on any
    player's turn any time you could cast an instant" (Teferi, Temporal Archmage's emblem), "... of SELF"
    (Teferi, Master of Time), "As long as SELF entered this turn, you may activate her loyalty abilities any time
    you could cast an instant" (The Wandering Emperor): still one loyalty ability of each each turn."""
    mine = m.group(1) == "planeswalkers you control"
    return [{"kind": "loyalty_instant", "who": "you",
             "walkers": {"types": ["Planeswalker"], "controller": "you"} if mine else "self"}]


@static(r"^you may activate the loyalty abilities of (planeswalkers you control|self) twice each turn rather than only "
        r"once$")
def _loyalty_twice(m: re.Match) -> list[dict[str, Any]] | None:
    """606.3 changed by a rule (101.1): "You may activate the loyalty abilities of planeswalkers you control twice each
    turn rather than only once" (Oath of Teferi), "... of SELF" (Urza, Planeswalker): two loyalty abilities of each
    such permanent each turn (the same one twice, too), still only when a sorcery could be cast."""
    mine = m.group(1) == "planeswalkers you control"
    return [{"kind": "loyalty_times", "who": "you", "times": 2,
             "walkers": {"types": ["Planeswalker"], "controller": "you"} if mine else "self"}]


@static(r"^each ((?:[a-z]+ )*?card) in your graveyard has escape\. the escape cost is equal to the card's mana cost "
        r"plus exile (\w+) other cards from your graveyard$")
def _graveyard_escape(m: re.Match) -> list[dict[str, Any]] | None:
    """Escape granted by a rule (101.1; escape is a later keyword, Theros Beyond Death): "Each nonland card in your
    graveyard has escape. The escape cost is equal to the card's mana cost plus exile three other cards from your
    graveyard." (Underworld Breach): each such card may be cast from the graveyard for its mana cost and that exile
    (engine/cast_options.py; a card with no mana cost has none to pay, 117.6)."""
    f = parse_noun(m.group(1))
    n = number(m.group(2))
    if f is None or not n or f.get("player") or f.get("zone") not in (None, "graveyard", "any_card") \
            or set(f) & {"controller", "owner"}:
        return None
    f.pop("zone", None)
    return [{"kind": "graveyard_keywords", "who": "you", "cards": f, "keywords": ["Escape"], "escape_exile": n}]


@static(r"^((?:[a-z]+ )*?(?:and |or |and/or )?(?:[a-z]+ )*?cards) in your graveyard have (retrace)$")
def _graveyard_keywords(m: re.Match) -> list[dict[str, Any]] | None:
    """702.80a granted by a rule (101.1): "Instant and sorcery cards in your graveyard have retrace" (Wrenn and
    Six's emblem), "Merfolk and Druid cards in your graveyard have retrace" (Deeproot Historian), "During your
    turn, nonland permanent cards in your graveyard have retrace" (Six): those cards may be cast from the
    graveyard by discarding a land card in addition to their other costs (engine/cast_options.py)."""
    f = parse_noun(m.group(1))
    if f is None or f.get("player") or f.get("zone") not in (None, "graveyard", "any_card") \
            or set(f) & {"controller", "owner"}:
        return None
    f.pop("zone", None)
    return [{"kind": "graveyard_keywords", "who": "you", "cards": f, "keywords": [m.group(2).capitalize()]}]


@static(r"^you may activate abilities of ((?:other )?creatures you control) as though (?:those creatures|they) had "
        r"haste$")
def _haste_activation(m: re.Match) -> list[dict[str, Any]] | None:
    """302.6 changed (101.1): "You may activate abilities of creatures you control as though those creatures had
    haste" (Tyvar, Jubilant Brawler; Thousand-Year Elixir; "other creatures": Dynaheir): their {T} abilities the
    turn they came under your control (engine/casting.py cost_payable, engine/payment.py)."""
    f = parse_noun(m.group(1))
    if f is None:
        return None
    f.pop("zone", None)
    return [{"kind": "haste_activation", "who": "you", "creatures": f}]


@static(r"^(you|each player|any player) may cast (.+?) spells(?: with mana value (\d+) or less)? "
        r"(without paying their mana costs|as though they had flash)(?: and (without paying their mana costs|as "
        r"though they had flash))?$")
def _cast_some_free_or_flash(m: re.Match) -> list[dict[str, Any]] | None:
    """117.9, 601.2a: "Any player may cast creature spells with mana value 3 or less without paying their mana
    costs and as though they had flash" (Aluren): a permission of each player it names, from their hand (117.9:
    "without paying its mana cost" is an alternative cost), and one to cast them any time they have priority."""
    f = parse_noun(m.group(2) + " spell")
    if f is None or m.group(4) == m.group(5):
        return None
    f.pop("zone", None)
    if m.group(3):
        f["mv_le"] = int(m.group(3))
    who = {} if m.group(1) == "you" else {"who": "each_player"}
    out: list[dict[str, Any]] = []
    for how in (m.group(4), m.group(5)):
        if how is None:
            continue
        out.append({"kind": "free_spells", "zone": "hand", "spells": dict(f), **who} if how.startswith("without")
                   else {"kind": "flash_spells", "spells": dict(f), **who})
    return out


@static(r"^you may cast spells as though they had flash$")
def _flash_all(m: re.Match) -> list[dict[str, Any]] | None:
    return [{"kind": "flash_spells", "spells": {}}]


@static(r"^(you|players) may cast (.+?) spells as though they had flash$")
def _flash_some(m: re.Match) -> list[dict[str, Any]] | None:
    """702.8a: "You may cast enchantment spells as though they had flash"; "Players may cast enchantment spells as
    though they had flash" (Akoum): every player may (as "each player may ... " reads)."""
    f = parse_noun(m.group(2) + " spell")
    if f is None:
        return None
    f.pop("zone", None)
    return [{"kind": "flash_spells", "spells": f, **({"who": "each_player"} if m.group(1) == "players" else {})}]


@static(r"^as (?:self|it) enters, each opponent reveals their hand\. you choose the name of a nonland card revealed "
        r"this way$")
def _choose_revealed_name(m: re.Match) -> list[dict[str, Any]] | None:
    """614.12, 201.3: the hands are revealed and one of the nonland names among them chosen (Alhammarret, High
    Arbiter; engine/choices.py on_enter)."""
    return [{"kind": "choose_on_enter", "choice": "revealed_nonland_card_name"}]


@static(
    r"^as (?:self|it) enters, choose (a color|a creature type|an opponent|a card type|a basic land type|a creature|a "
    r"player|a card name|a nonland card name|a nonbasic land card name)$"
)
def _choose_on_enter(m: re.Match) -> list[dict[str, Any]] | None:
    what = m.group(1).split(" ", 1)[1].replace(" ", "_")
    return [{"kind": "choose_on_enter", "choice": what}]


@static(r"^as (?:self|it) enters, choose a color other than (white|blue|black|red|green)$")
def _choose_other_color(m: re.Match) -> list[dict[str, Any]] | None:
    """614.12, 105.1: "As SELF enters, choose a color other than red." (the Thriving lands, the Gates of Commander
    Legends): one of the four other colors, kept as the chosen color (engine/choices.py on_enter)."""
    return [{"kind": "choose_on_enter", "choice": "color",
             "options": [c for c in ("white", "blue", "black", "red", "green") if c != m.group(1)]}]


@static(r"^as (?:self|it) enters, choose ((?:[a-z]+, )+or [a-z]+)$")
def _choose_card_type_of(m: re.Match) -> list[dict[str, Any]] | None:
    """614.12, 205.2a: "As SELF enters, choose artifact, enchantment, instant, sorcery, or planeswalker" (Archon of
    Valor's Reach): one of those card types, kept as the chosen card type (engine/choices.py on_enter)."""
    words = [w.strip() for w in re.split(r", (?:or )?", m.group(1))]
    types = [w.capitalize() for w in words]
    if len(set(types)) != len(types) or not all(w in ("artifact", "creature", "enchantment", "instant", "sorcery",
                                                      "planeswalker", "land", "battle") for w in words):
        return None
    return [{"kind": "choose_on_enter", "choice": "card_type", "options": types}]


@static(r"^as (?:self|it) enters, choose ([a-z]+) or ([a-z]+)$")
def _choose_word_on_enter(m: re.Match) -> list[dict[str, Any]] | None:
    """614.12: "As SELF enters, choose Khans or Dragons." (Fate Reforged's Sieges): its controller chooses one of
    the words, kept as ``Obj.chosen["word"]``; the abilities after "• Khans —" and "• Dragons —" are its own while
    that word is chosen (engine/cards/compiler/leveler.py split_word_modes; engine/choices.py on_enter)."""
    if m.group(1) == m.group(2) or {m.group(1), m.group(2)} & {"a", "an", "one", "two", "three"}:
        return None
    return [{"kind": "choose_on_enter", "choice": "word", "words": [m.group(1).capitalize(), m.group(2).capitalize()]}]


@static(r"^as (?:self|it) enters, (?:choose (another|an?) ([a-z ]+?)|put an? ([a-z]+) counter on (an?|another) "
        r"([a-z ]+?))$")
def _choose_object_on_enter(m: re.Match) -> list[dict[str, Any]] | None:
    """614.12: "As SELF enters, choose another creature you control" (Dauntless Bodyguard), "As SELF enters, put a
    phylactery counter on an artifact you control" (Phylactery Lich): its controller chooses one such permanent (not
    targeted) before it is on the battlefield, kept as "the chosen creature" (``Obj.chosen["object"]``); the counter,
    when the ability puts one, goes on that permanent (engine/choices.py on_enter)."""
    noun = m.group(2) or m.group(5)
    if not re.search(r"\byou control$", noun):
        return None  # "choose a creature" of any player (Metamorphic Alteration): read elsewhere, if at all
    f = parse_noun(noun)
    if f is None or f.get("player") or f.get("_needs_player_target") or f.get("zone") not in (None, "battlefield") \
            or not f.get("types"):
        return None
    f.pop("zone", None)
    if (m.group(1) or m.group(4)) == "another":
        f["other"] = True
    st: dict[str, Any] = {"kind": "choose_on_enter", "choice": "object", "filter": f}
    if m.group(3):
        st["counter"] = m.group(3)
    return [st]


@static(r"^as (?:self|it) enters, look at an opponent's hand, then choose any card name$")
def _look_then_name(m: re.Match) -> list[dict[str, Any]] | None:
    """614.12, 401.2, 201.3: "As SELF enters, look at an opponent's hand, then choose any card name" (Sorcerous
    Spyglass): its controller sees that hand (engine/choices.py on_enter), then names a card."""
    return [{"kind": "choose_on_enter", "choice": "card_name", "look_hand": "opponent"}]


@static(r"^((?:.+? )?spells)( you control| your opponents control|)( with (?:power|toughness|mana value) \d+ or "
        r"(?:greater|less))? can't be countered$")
def _spells_uncounterable(m: re.Match) -> list[dict[str, Any]] | None:
    """101.1: "Instant and sorcery spells you control can't be countered" (Sphinx of the Final
    Word), "Creature spells can't be countered": a player static over the spells it names, read
    as a spell would be countered (engine/object_statics.py); "Creature spells you control with power 5 or greater
    can't be countered" (Spellbreaker Behemoth: the spell's power, 208.3)."""
    f = parse_noun(m.group(1) + (m.group(3) or ""))
    if f is None or f.get("zone") != "stack" or {"controller", "owner", "player"} & set(f):
        return None
    who = {" you control": "you", " your opponents control": "opponent", "": "each"}[m.group(2)]
    return [{"kind": "uncounterable_spells", "spells": f, "who": who}]


@static(r"^(?:(your opponents) can't cast spells with the chosen name|spells with the chosen name can't be cast)$")
def _name_lock_cast(m: re.Match) -> list[dict[str, Any]] | None:
    """201.3: "Spells with the chosen name can't be cast" (Meddling Mage)."""
    return [{"kind": "name_lock", "lock": "cast", "who": "opponent" if m.group(1) else "each"}]


@static(r"^your opponents can't cast spells with the same name as (?:the exiled card|a card exiled with self)$")
def _name_lock_exiled(m: re.Match) -> list[dict[str, Any]] | None:
    """201.3, 607.2a: "Your opponents can't cast spells with the same name as the exiled card" (Ixalan's Binding,
    Ashiok's Erasure), "... as a card exiled with SELF" (Godsend): the names of the cards SELF's linked ability
    exiled, while they are still in exile (engine/player_statics.py _locked_names)."""
    return [{"kind": "name_lock", "lock": "cast", "who": "opponent", "names_of": "exiled"}]


@static(r"^activated abilities of sources with the chosen name can't be activated( unless they're mana abilities|)$")
def _name_lock_activate(m: re.Match) -> list[dict[str, Any]] | None:
    """201.3: "Activated abilities of sources with the chosen name can't be activated" (Pithing Needle)."""
    return [{"kind": "name_lock", "lock": "activate", "who": "each", "unless_mana": bool(m.group(1))}]


@static(r"^if you would gain life, you gain that much life plus (\d+) instead$")
def _life_plus(m: re.Match) -> list[dict[str, Any]] | None:
    return [{"kind": "life_gain_plus", "amount": int(m.group(1))}]


@static(r"^all (creatures|[a-z ]+?) able to block (self|enchanted creature|equipped creature|it) do so$")
def _lure_static(m: re.Match) -> list[dict[str, Any]] | None:
    """509.1c: "All creatures able to block SELF do so"; "... enchanted creature ..." (Lure), "... equipped
    creature ..." (Nemesis Mask): a requirement on every creature that could block it; "All creatures with flying
    able to block SELF do so" (Talruum Piper), "All Walls able to block SELF do so" (Marble Priest): on those only
    (the rule's "by", engine/combat.py lured)."""
    aff = _affects(m.group(2))
    if aff is None:
        return None
    st: dict[str, Any] = {"kind": "restriction", "affects": aff, "rule": "must_be_blocked_by_all"}
    if m.group(1) != "creatures":
        f = parse_noun(m.group(1))
        if f is None or set(f) - {"types", "subtypes", "keyword", "colors", "not_types"}:
            return None
        st["by"] = f
    return [st]


@static(r"^(?:as long as (.+?), )?you may cast self from (your graveyard|exile|your graveyard or from exile)"
        r"(?: (?:as long as|if) (.+))?$")
def _cast_self_from(m: re.Match) -> list[dict[str, Any]] | None:
    """"You may cast SELF from your graveyard" (Skaab Ruinator), "... from exile" (Misthollow Griffin),
    "... as long as you control a Zombie" (Gravecrawler): the card's own permission (601.2a), working
    from that zone (112.6) while the condition holds (611.3a); its costs and timing are the usual ones."""
    zones = [z for z in ("graveyard", "exile") if z in m.group(2)]
    st: dict[str, Any] = {"kind": "cast_self_from", "zones": zones}
    if m.group(1) or m.group(3):
        cond = parse_condition(m.group(1) or m.group(3))
        if cond is None:
            return None
        st["condition"] = cond
    return [st]


def _lands(noun: str) -> dict[str, Any] | None:
    """"lands", "Desert lands", "Forests", "snow lands": the land cards a permission names (305.1)."""
    if noun in ("lands", "land cards"):
        return {"types": ["Land"]}
    f = parse_noun(re.sub(r"s$", "", noun))
    if f is None or set(f) - {"types", "subtypes", "supertypes", "zone"} or f.get("types", ["Land"]) != ["Land"]:
        return None
    f.pop("zone", None)
    return {**f, "types": ["Land"]}


def _spells(noun: str) -> dict[str, Any] | None:
    """"spells", "creature spells", "Insect spells": the nonland cards a permission names (601.2a)."""
    if noun == "spells":
        return {}
    if noun == "permanent spells":  # 110.4a: spells of a permanent card type ("cast permanent spells", Wrenn and
        return {"permanent": True}  # Realmbreaker's emblem)
    if not noun.endswith(" spells"):
        return None
    f = parse_noun(noun[:-1])
    if f is None or "Land" in f.get("types", ()):
        return None
    f.pop("zone", None)
    return f


@static(r"^you may (?:(play) (.+?) and cast (.+?)|(play|cast) (.+?)) from (your graveyard|the top of your library)"
        r"(\. if you cast a spell this way, pay life equal to its mana value rather than pay its mana cost)?$")
def _play_from(m: re.Match) -> list[dict[str, Any]] | None:
    """"You may play lands and cast spells from the top of your library" (Future Sight), "You may play
    Forests from your graveyard" (Titania), "You may cast creature spells from the top of your library":
    permissions of the lands (305.1) and spells (601.2a) named, from that zone (the top card only). "If you cast a
    spell this way, pay life equal to its mana value rather than pay its mana cost" (Bolas's Citadel): the spells
    cast with it are paid for with that alternative cost (117.9, engine/casting.py)."""
    zone = "graveyard" if "graveyard" in m.group(6) else "library_top"
    life = {"life_mv": True} if m.group(7) else {}
    if m.group(1):
        lands, spells = _lands(m.group(2)), _spells(m.group(3))
        if lands is None or spells is None:
            return None
        return [{"kind": "play_from", "zone": zone, "filter": lands},
                {"kind": "play_from", "zone": zone, "filter": spells, **life}]
    if life and m.group(4) == "play":
        return None
    f = _lands(m.group(5)) if m.group(4) == "play" else _spells(m.group(5))
    return None if f is None else [{"kind": "play_from", "zone": zone, "filter": f, **life}]


@static(r"^once (each turn|during each of your turns), you may cast (?:a|an) (.+? )?spell((?: with| that)[^,]+?)? from "
        r"(your graveyard|the top of your library)(\. if a spell cast this way would be put into your graveyard, exile "
        r"it instead)?$")
def _play_from_once(m: re.Match) -> list[dict[str, Any]] | None:
    """601.2a: "Once during each of your turns, you may cast a Zombie creature spell from your graveyard" (Gisa and
    Geralf), "Once each turn, you may cast an instant or sorcery spell from the top of your library" (Johann): a
    permission of the spells named, from that zone, used up for the turn by the first spell cast with it (the
    permanent remembers it: engine/casting.py, engine/zones_cast.py; a new object has its own, 400.7); "during each
    of your turns" only during its controller's turn (611.3a). "If a spell cast this way would be put into your
    graveyard, exile it instead" (Kess, Dissident Mage): that spell is exiled instead (614.1a)."""
    f = parse_noun((m.group(2) or "") + "spell" + (m.group(3) or ""))
    if f is None or "Land" in f.get("types", ()) or set(f) - {"types", "subtypes", "supertypes", "colors", "or",
                                                              "zone", "power_le", "mv_le", "not_types", "permanent"}:
        return None
    f.pop("zone", None)
    st: dict[str, Any] = {"kind": "play_from", "zone": "graveyard" if "graveyard" in m.group(4) else "library_top",
                          "filter": f, "once_each_turn": True}
    if m.group(1) != "each turn":
        st["condition"] = {"your_turn": True}
    if m.group(5):
        if st["zone"] != "graveyard":
            return None
        st["exile_instead"] = True
    return [st]


@static(r"^you may (?:(play lands and cast spells)|(play lands)|(cast spells)) from among cards exiled with self"
        r"(\. you can't cast more than one spell this way each turn)?$")
def _play_exiled_with_self(m: re.Match) -> list[dict[str, Any]] | None:
    """607.2a, 601.2a, 305.1: "You may play lands and cast spells from among cards exiled with SELF" (Nightveil
    Specter), "You may play lands (cast spells) from among ..." (Hedonist's Trove): permissions for the cards its
    linked abilities exiled, while they stay exiled; "You can't cast more than one spell this way each turn" (one
    spell a turn through this permanent's permission)."""
    lands: dict[str, Any] = {"types": ["Land"]}
    out: list[dict[str, Any]] = []
    if m.group(1) or m.group(2):
        out.append({"kind": "play_from", "zone": "exiled_with_self", "filter": lands})
    if m.group(1) or m.group(3):
        out.append({"kind": "play_from", "zone": "exiled_with_self", "filter": {},
                    **({"once_each_turn": True} if m.group(4) else {})})
    return None if m.group(4) and not m.group(3) else out


@static(r"^(you may cast .+? from your graveyard)\. if a spell cast this way would be put into your graveyard, "
        r"exile it instead$")
def _play_from_exiled(m: re.Match) -> list[dict[str, Any]] | None:
    """"You may cast instant and sorcery spells from your graveyard. If a spell cast this way would be put into
    your graveyard, exile it instead" (Jaya Ballard's emblem): the permission, and the replacement of the spell's
    move to the graveyard (614.1a; engine/zones_cast.py)."""
    got = parse_static(m.group(1))
    if not got or any(st.get("kind") != "play_from" or st.get("zone") != "graveyard" for st in got):
        return None
    return [dict(st, exile_instead=True) for st in got]


@static(r"^you can't cast self unless (.+)$")
def _cant_cast_unless(m: re.Match) -> list[dict[str, Any]] | None:
    """"You can't cast SELF unless an opponent lost life this turn" (Rakdos, Lord of Riots): the same limit as "Cast
    SELF only if ..." (604.6: checked as it would be cast, 601.2)."""
    cond = parse_condition(m.group(1))
    return None if cond is None else [{"kind": "cast_only", "condition": cond}]


@static(r"^(?:cast|play) SELF only (.+)$")
def _cast_only(m: re.Match) -> list[dict[str, Any]] | None:
    """604.6, 506.6: "Cast this spell only during combat ...": a static of the card that works in
    every zone it could be cast from; it limits when the card may be cast (engine/casting.py)."""
    cond = combat_timing(m.group(1))
    steps: dict[str, dict[str, Any]] = {"during an opponent's upkeep": {"any_step": "upkeep", "your_turn": False},
             "during your upkeep": {"step": "upkeep"}, "during an opponent's turn": {"your_turn": False},
             "during your turn": {"your_turn": True},
             "during your end step": {"step": "end"},  # Necrologia (513)
             # 503.3: "after their upkeep step": once the turn's first upkeep step has ended (Reset)
             "during an opponent's turn after their upkeep step": {"your_turn": False, "after_upkeep": True},
             "during your declare attackers step": {"combat_timing": "declare_attackers", "your_turn": True}}
    if cond is None and m.group(1) in steps:  # 604.6: "Cast SELF only during an opponent's upkeep" (Festival: a
        cond = steps[m.group(1)]              # time it may be cast, 307.1 changed by the card's own rule)
    if cond is None and m.group(1).startswith("if "):  # "Cast SELF only if you've cast another spell this turn"
        # (Illusory Angel), "... only if a creature died this turn": checked as it would be cast (601.2, 604.6)
        cond = before_its_cast(parse_condition(m.group(1)[3:]))
    return None if cond is None else [{"kind": "cast_only", "condition": cond}]


@static(r"^(.+?) can't have ([+\-\w/]+) counters put on (?:it|them)$")
def _no_counters_kind(m: re.Match) -> list[dict[str, Any]] | None:
    aff = _affects(m.group(1))
    return (
        None if aff is None else [{"kind": "restriction", "affects": aff, "rule": "no_counters", "counter": m.group(2)}]
    )


@static(r"^self can't have more than (\w+) ([+\-\w/]+) counters on it$")
def _max_counters(m: re.Match) -> list[dict[str, Any]] | None:
    """121.4, 704.5s: "SELF can't have more than seven dream counters on it" (Rasputin Dreamweaver): a rule of the
    permanent; all but N of the counters of that kind are removed from it as a state-based action (engine/sba.py)."""
    n = number(m.group(1))
    return None if n is None else [{"kind": "restriction", "affects": "self", "rule": "max_counters",
                                    "counter": m.group(2), "max": n}]


@static(r"^as long as self is on the stack, spells that target (?:it|self) cost (\{\d+\}) more to cast$")
def _stack_tax(m: re.Match) -> list[dict[str, Any]] | None:
    """601.2f: "As long as SELF is on the stack, spells that target it cost {2} more to cast" (Kaervek's Torch):
    a spell's static that works while it is on the stack (engine/costs.py), for spells anyone casts."""
    n = int(parse_cost(m.group(1))[0])
    return [{"kind": "cost_change", "spells": {"targets": "self"}, "who": "any", "amount": n, "on_stack": True}]


@static(r"^spells your opponents cast that target you or (?:a|another) (.+?) cost (\{\d+\}) more to cast$")
def _protect_tax(m: re.Match) -> list[dict[str, Any]] | None:
    """601.2f: "Spells your opponents cast that target you or a permanent you control cost {2} more to cast"
    (Monastery Siege): a spell of an opponent with you or such an object among its targets (115.1)."""
    f = parse_noun(m.group(1))
    if f is None or f.get("player") or f.get("zone") not in (None, "battlefield") or f.get("_needs_player_target"):
        return None
    f.pop("zone", None)
    n = int(parse_cost(m.group(2))[0])
    return [{"kind": "cost_change", "spells": {"targets": {"you_or": f}}, "who": "opponent", "amount": n}]


@static(r"^spells your opponents cast that target self cost (\{\d+\}) more to cast$")
def _ward_tax(m: re.Match) -> list[dict[str, Any]] | None:
    n = int(parse_cost(m.group(1))[0])
    return [{"kind": "cost_change", "spells": {"targets": "self"}, "who": "opponent", "amount": n}]


_FORBID_WHO = {"players": "each", "each player": "each", "your opponents": "opponent", "each opponent": "opponent",
               "you": "you"}
_SPELL_KIND = "|".join(re.escape(k) for k in sorted(SPELL_KINDS, key=len, reverse=True) if k)


@static(r"^(?:(during your turn), )?(players|each player|your opponents|each opponent|you) can't cast (" + _SPELL_KIND
        + r"|)spells( during your turn| during combat)?(?: with (even|odd) mana values)?"
        r"( with mana value greater than the number of lands (?:that player controls|they control))?"
        r"( of the chosen color| of the chosen type)?$")
def _cast_forbid(m: re.Match) -> list[dict[str, Any]] | None:
    """101.2: "Your opponents can't cast spells during your turn" (Teferi, Time Raveler), "You can't cast
    noncreature spells" (Nikya of the Old Ways), "Players can't cast spells during combat" (Basandra)."""
    when = "your_turn" if m.group(1) or m.group(4) == " during your turn" else "combat" if m.group(4) else None
    st: dict[str, Any] = {"kind": "cast_forbid", "who": _FORBID_WHO[m.group(2)], "spells": SPELL_KINDS[m.group(3)]}
    if m.group(5):  # "Your opponents can't cast spells with even mana values" (Void Winnower, 202.3)
        st["spells"] = {**st["spells"], "mv_parity": m.group(5)}
    if m.group(7):  # "Your opponents can't cast spells of the chosen color" (Iona, Shield of Emeria), "Players can't
        # cast spells of the chosen type" (a card type chosen as SELF entered, 614.12)
        st["spells"] = {**st["spells"], ("chosen_color" if m.group(7).endswith("color") else "chosen_card_type"): True}
    if m.group(6):  # "Each opponent can't cast noncreature spells with mana value greater than the number of lands
        # that player controls" (Lavinia, Azorius Renegade): compared with the caster's lands as it is cast (202.3)
        st["spells"] = {**st["spells"], "mv_gt_lands": True}
    if when:
        st["when"] = when
    return [st]


@static(r"^(each opponent|your opponents) must attack you or a planeswalker you control with at least one creature "
        r"each combat if able$")
def _one_attacker_requirement(m: re.Match) -> list[dict[str, Any]] | None:
    """508.1d: "Each opponent must attack you or a planeswalker you control with at least one creature each combat if
    able" (Trove of Temptation): a requirement on each opponent's declaration of attackers (engine/combat.py)."""
    return [{"kind": "attack_one_requirement", "who": "opponent"}]


@static(r"^(players|each player|your opponents|each opponent|you) can't cast spells from graveyards( or libraries)?"
        r"( or activate abilities of cards in graveyards)?$")
def _graveyard_forbid(m: re.Match) -> list[dict[str, Any]] | None:
    """101.2: "Players can't cast spells from graveyards or activate abilities of cards in graveyards" (Ashes of the
    Abhorrent), "... from graveyards or libraries" (Grafdigger's Cage): a "can't" that beats any permission to cast
    from there (flashback, 702.33a) and any ability that works from a graveyard (112.6, 602.5)."""
    who = _FORBID_WHO[m.group(1)]
    out: list[dict[str, Any]] = [{"kind": "cast_forbid", "who": who, "spells": {}, "zone": z}
                                 for z in ("graveyard", "library")[:2 if m.group(2) else 1]]
    if m.group(3):
        out.append({"kind": "activate_forbid", "who": who, "zone": "graveyard"})
    return out


@static(r"^(players|each player|your opponents|each opponent|you) can't play lands"
        r"( or cast spells from (?:your|their) hands?)?$")
def _land_forbid(m: re.Match) -> list[dict[str, Any]] | None:
    """101.2, 305.1: "Players can't play lands" (Territorial Dispute), "You can't play lands or cast spells from your
    hand" (Experimental Frenzy): a "can't" that beats the land play a player has (305.2) and any permission to play
    a land from elsewhere; "... from your hand" names the lands and spells of the hand only (305.1, 601.2a), not
    those another permission lets the player play from elsewhere."""
    who = _FORBID_WHO[m.group(1)]
    if not m.group(2):
        return [{"kind": "land_forbid", "who": who}]
    return [{"kind": "land_forbid", "who": who, "zone": "hand"},
            {"kind": "cast_forbid", "who": who, "spells": {}, "zone": "hand"}]


@static(r"^if (an opponent|a player) would begin an extra turn, that player skips that turn instead$")
def _skip_extra_turn(m: re.Match) -> list[dict[str, Any]] | None:
    """614.10, 500.7: "If an opponent would begin an extra turn, that player skips that turn instead" (Stranglehold):
    the extra turn is skipped as it would begin (engine/game.py _take_next_turn)."""
    return [{"kind": "skip_extra_turn", "who": "opponent" if m.group(1) == "an opponent" else "each"}]


@static(r"^(players|your opponents|each opponent) can't search libraries$")
def _search_forbid(m: re.Match) -> list[dict[str, Any]] | None:
    """101.2, 701.15: "Players can't search libraries" (Mindlock Orb), "Your opponents can't search libraries"
    (Stranglehold): an instruction to search finds nothing; the rest of it (a shuffle) is still followed
    (engine/player_statics.py cant_cause)."""
    return [{"kind": "search_forbid", "who": _FORBID_WHO[m.group(1)]}]


#: filter keys a dying object is matched on (its types as it last existed, engine/triggers.py _cause_count)
_DYING_KEYS = frozenset({"types"})


def _trigger_cause_filter(noun: str, dying: bool) -> dict[str, Any] | None:
    f = parse_noun(re.sub(r"^an? ", "", noun))
    if f is None or f.get("_needs_player_target"):
        return None
    if dying and (set(f) - _DYING_KEYS):
        return None  # only the dying object's types are known as it last existed
    return f


@static(r"^(.+?) entering(?: the battlefield)?( or dying)? don't cause abilities( of permanents your opponents "
        r"control)? to trigger$")
def _no_trigger_cause(m: re.Match) -> list[dict[str, Any]] | None:
    """603.2 (Torpor Orb, Hushbringer, Elesh Norn): an event of a FILTER object entering (or dying) triggers
    no ability (of its controller's opponents' permanents); read by engine/triggers.py _cause_count."""
    causes = ["etb", "dies"] if m.group(2) else ["etb"]
    f = _trigger_cause_filter(m.group(1), bool(m.group(2)))
    if f is None:
        return None
    st: dict[str, Any] = {"kind": "trigger_cause", "causes": causes, "affects": f, "times": 0}
    if m.group(3):
        st["whose"] = "opponent"
    return [st]


@static(r"^if (an? .+?) (entering|dying|attacking)(?: the battlefield)? causes a triggered ability of a permanent you "
        r"control to trigger, that ability triggers an additional time$")
def _trigger_again(m: re.Match) -> list[dict[str, Any]] | None:
    """603.2 (later rules: Panharmonicon, Teysa Karlov, Yarok): an ability of a permanent you control that a FILTER
    object entering (or dying) triggers triggers once more; "If a creature (you control) attacking causes ..."
    (Isshin, Two Heavens as One; Wulfgar of Icewind Dale): the abilities that trigger on such a creature being
    declared as an attacker (508.1, 508.2a: "whenever SELF attacks", "whenever you attack"); read by
    engine/triggers.py _cause_count."""
    cause = {"entering": "etb", "dying": "dies", "attacking": "attacks"}[m.group(2)]
    f = _trigger_cause_filter(m.group(1), cause == "dies")
    if f is None or cause == "attacks" and (set(f) - {"types", "controller"} or f.get("types") != ["Creature"]):
        return None
    return [{"kind": "trigger_cause", "causes": [cause], "affects": f, "times": 2, "whose": "you"}]


@static(r"^if a triggered ability of (an? |another )(.+?) triggers, (?:that ability|it) triggers an additional time$")
def _trigger_again_of(m: re.Match) -> list[dict[str, Any]] | None:
    """603.2 (later rules: Annie Joins Up, Delney, Streetwise Lookout, Twinflame Travelers, Roaming Throne): each
    triggered ability of a permanent you control that matches FILTER ("a legendary creature you control", "a
    creature you control with power 2 or less", "another Elemental you control", "another creature you control of
    the chosen type") triggers once more, whatever its event; read by engine/triggers.py _cause_count (the
    ability's source as the event happens, or as it last existed when it left the battlefield, 603.10)."""
    noun = ("another " if m.group(1) == "another " else "") + m.group(2)
    f = parse_noun(noun)
    if f is None or f.get("_needs_player_target") or f.get("controller") != "you" or f.get("zone") not in (
            None, "battlefield"):
        return None  # "a colorless spell you control or ...": a spell's abilities are not read here
    f.pop("zone", None)
    return [{"kind": "trigger_cause", "causes": ["any"], "affects": {}, "source": f, "times": 2, "whose": "you"}]


@static(r"^damage isn't removed from (.+?) during cleanup steps$")
def _damage_stays(m: re.Match) -> list[dict[str, Any]] | None:
    """514.2 (its first sentence does not apply to them): "Damage isn't removed from SELF during cleanup steps"
    (Ancient Adamantoise), "... from creatures your opponents control ..." (Patient Zero): the damage marked on those
    permanents stays as the cleanup step's other effects end (engine/game.py _cleanup_rest)."""
    aff = _affects(m.group(1))
    if aff is None or aff == "attached" or isinstance(aff, dict) and not aff.get("types"):
        return None
    return [{"kind": "damage_stays", "affects": aff}]


_LIMIT_WHO = {"each player": "each_player", "each opponent": "opponent", "your opponents": "opponent", "you": "you"}


@static(r"^(each player|each opponent|your opponents|you) can't cast more than (one|two|three) ((?:[\w-]+ )*?)"
        r"spells? each turn$")
def _rule_of_law(m: re.Match) -> list[dict[str, Any]] | None:
    """"Each player can't cast more than one spell each turn" (Rule of Law), "... more than one noncreature spell
    each turn" (Deafening Silence), "You can't cast more than one spell each turn" (Moderation): a limit on
    casting (101.2: a "can't" beats any permission; engine/player_statics.py spell_limited)."""
    st: dict[str, Any] = {"kind": "spell_limit", "who": _LIMIT_WHO[m.group(1)], "amount": number(m.group(2))}
    if m.group(3):
        f = parse_noun(m.group(3) + "spell")
        if f is None or f.pop("zone", None) != "stack" or not f:
            return None
        st["spells"] = f
    return [st]


@static(r"^each player who has cast an? ([\w-]+) spell this turn can't cast additional \1 spells$")
def _canonist(m: re.Match) -> list[dict[str, Any]] | None:
    """"Each player who has cast a nonartifact spell this turn can't cast additional nonartifact spells"
    (Ethersworn Canonist): no more than one such spell each turn (101.2)."""
    f = parse_noun(m.group(1) + " spell")
    if f is None or f.pop("zone", None) != "stack" or not f:
        return None
    return [{"kind": "spell_limit", "who": "each_player", "amount": 1, "spells": f}]


@static(r"^(each opponent|each player|your opponents) can cast spells only any time (?:they|he or she) could cast a "
        r"sorcery$")
def _sorcery_only(m: re.Match) -> list[dict[str, Any]] | None:
    """"Each opponent can cast spells only any time they could cast a sorcery" (Teferi, Time Raveler): 307.1's
    timing for all their spells, flash or not (engine/casting.py can_cast_timing)."""
    return [{"kind": "sorcery_only", "who": "each_player" if m.group(1) == "each player" else "opponent"}]


@static(r"^(each opponent|each player|you) can't draw more than (one|two) cards? each turn$")
def _draw_limit(m: re.Match) -> list[dict[str, Any]] | None:
    """"Each opponent can't draw more than one card each turn" (Narset, Parter of Veils): a draw past the
    limit can't happen (121.2; engine/game.py draw)."""
    who = {"each opponent": "opponent", "each player": "each_player", "you": "you"}[m.group(1)]
    return [{"kind": "draw_limit", "who": who, "amount": 1 if m.group(2) == "one" else 2}]


@static(r"^creatures with (?:(plains|island|swamp|mountain|forest)walk|landwalk abilities) can be blocked as though "
        r"they didn't have (?:(plains|island|swamp|mountain|forest)walk|those abilities)$")
def _walk_ignored(m: re.Match) -> list[dict[str, Any]] | None:
    """702.14c, 509.1b: "Creatures with islandwalk can be blocked as though they didn't have islandwalk" (Undertow,
    Gosta Dirk), "Creatures with landwalk abilities can be blocked as though they didn't have those abilities" (Staff
    of the Ages): every creature's landwalk of that kind (of any kind) is ignored as blockers are declared."""
    if m.group(1) != m.group(2):
        return None
    return [{"kind": "walk_ignored", **({"walks": [m.group(1).capitalize()]} if m.group(1) else {})}]


@static(r"^lands on the battlefield and land cards in graveyards can't be the targets of spells or abilities "
        r"(your opponents control)$")
def _lands_untargetable(m: re.Match) -> list[dict[str, Any]] | None:
    """115.1, 601.2c: "Lands on the battlefield and land cards in graveyards can't be the targets of spells or
    abilities your opponents control" (Tomik, Distinguished Advokist): in each zone named, a land is no legal target
    of an opponent's spell or ability (engine/targets.py targetable)."""
    return [{"kind": "untargetable_zone", "zone": z, "types": ["Land"], "by": "opponent"}
            for z in ("battlefield", "graveyard")]


@static(r"^(players|each player|your opponents|each opponent|you) can't play land cards from graveyards$")
def _land_forbid_graveyard(m: re.Match) -> list[dict[str, Any]] | None:
    """101.2, 305.1: "Your opponents can't play land cards from graveyards" (Tomik, Distinguished Advokist): a
    "can't" that beats any permission to play a land from a graveyard (Crucible of Worlds)."""
    return [{"kind": "land_forbid", "who": _FORBID_WHO[m.group(1)], "zone": "graveyard"}]


@static(r"^cards in graveyards can't be the targets of spells or abilities$")
def _graveyard_untargetable(m: re.Match) -> list[dict[str, Any]] | None:
    """115.1, 601.2c: "Cards in graveyards can't be the targets of spells or abilities" (Ground Seal, Silent
    Gravestone): no card in any graveyard is a legal target (engine/targets.py targetable)."""
    return [{"kind": "untargetable_zone", "zone": "graveyard"}]


@static(r"^if a spell or ability an opponent controls causes you to discard self, put it onto the battlefield"
        r"(?: with (a|an|one|two|three|four|five) ([+\-]\d+/[+\-]\d+) counters? on it)? instead of putting it into "
        r"your graveyard$")
def _discard_to_battlefield(m: re.Match) -> list[dict[str, Any]] | None:
    """614.1a, 701.7a: "If a spell or ability an opponent controls causes you to discard SELF, put it onto the
    battlefield [with two +1/+1 counters on it] instead of putting it into your graveyard" (Loxodon Smiter,
    Obstinate Baloth, Dodecapod): the card's own replacement of its discard (engine/actions.py discard)."""
    st: dict[str, Any] = {"kind": "discard_to_battlefield"}
    if m.group(1):
        st["counters"] = {m.group(2): number(m.group(1))}
    return [st]


@static(r"^if (a card or token|a card|an? .+? card) would be put into (a|an opponent's|your) graveyard from anywhere, "
        r"exile it instead$")
def _rip(m: re.Match) -> list[dict[str, Any]] | None:
    """614.1a: "If a card would be put into an opponent's graveyard from anywhere, exile it instead" (Leyline of the
    Void); "If a card or token would be put into a graveyard ..." (Rest in Peace: tokens too); "If an instant or
    sorcery card would ..." (Dryad Militant): the kind of card named."""
    f: dict[str, Any] = {}
    if m.group(1) not in ("a card", "a card or token"):
        got = parse_noun(re.sub(r"^an? ", "", m.group(1)))
        if got is None or got.get("player") or set(got) - {"types", "not_types", "subtypes", "colors", "zone"}:
            return None
        f = {k: v for k, v in got.items() if k != "zone"}
    if m.group(2) != "a":
        f["owner"] = "opponent" if m.group(2) == "an opponent's" else "you"
    st: dict[str, Any] = {"kind": "graveyard_replacement", "affects": f, "to": "exile"}
    if m.group(1) == "a card or token":
        st["tokens"] = True
    return [st]


@static(r"^if self would (die|be put into a graveyard from anywhere), exile (?:it|self) instead$")
def _self_exile_instead(m: re.Match) -> list[dict[str, Any]] | None:
    """614.1a: "If SELF would die, exile it instead" (Possessed Skaab, Wildwood Escort), "If SELF would be
    put into a graveyard from anywhere, exile it instead" (disturb's back faces): the card's own
    replacement, from the battlefield only when it says "die" (700.4)."""
    st: dict[str, Any] = {"kind": "graveyard_replacement", "affects": "self", "to": "exile"}
    if m.group(1) == "die":
        st["from"] = "battlefield"  # 700.4: "dies" means put into a graveyard from the battlefield
    return [st]


@static(r"^if self would enter, sacrifice (an?|two) (untapped )?(.+?) instead\. if you do, put self onto the "
        r"battlefield\. if you don't, put it into its owner's graveyard$")
def _enter_sacrifice(m: re.Match) -> list[dict[str, Any]] | None:
    """614.1a: "If SELF would enter, sacrifice a Forest instead. If you do, put SELF onto the battlefield. If you
    don't, put it into its owner's graveyard." (Heart of Yavimaya), "... two untapped lands ..." (Lotus Vale): the
    permanents to sacrifice, chosen as it would enter (engine/entering.py sacrifice_or_graveyard)."""
    n = 2 if m.group(1) == "two" else 1
    f = parse_noun(m.group(3) if n == 1 else re.sub(r"s$", "", m.group(3)))
    if f is None or f.get("player") or f.get("controller") or f.get("zone") not in (None, "battlefield"):
        return None
    f.pop("zone", None)
    if m.group(2):
        f["tapped"] = False
    return [{"kind": "enter_sacrifice", "filter": f, "amount": n}]


@static(r"^if self would die, put it on top of its owner's library instead$")
def _self_library_top_instead(m: re.Match) -> list[dict[str, Any]] | None:
    """614.1a: "If SELF would die, put it on top of its owner's library instead" (Gravebane Zombie): the card's own
    replacement, from the battlefield only (700.4)."""
    return [{"kind": "graveyard_replacement", "affects": "self", "to": "library_top", "from": "battlefield"}]


@static(r"^if (another|an?) (.+?) would die, instead exile that card and create (.+)$")
def _dies_exile_token(m: re.Match) -> list[dict[str, Any]] | None:
    """614.1a: "If a nontoken creature an opponent controls would die, instead exile that card and create a 2/2 black
    Zombie creature token" (Kalitas, Traitor of Ghet): the card is exiled and the static's controller creates the
    token, as one replacement (engine/ops/objects.py replacement_tokens)."""
    plain = re.match(r"^if (another|an?) (.+?) would die, exile it instead$",
                     f"if {m.group(1)} {m.group(2)} would die, exile it instead")
    base = _dies_exile(plain) if plain is not None else None
    made = parse_effects(f"create {m.group(3)}.", Ctx())
    if base is None or made is None or len(made) != 1 or made[0].op != "token" or set(made[0].args) - {
            "amount", "types", "subtypes", "colors", "keywords", "power", "toughness", "tapped", "name"}:
        return None
    return [{**base[0], "link": False, "token": dict(made[0].args)}]


@static(r"^if (another|an?) (.+?) would die, exile it instead$")
def _dies_exile(m: re.Match) -> list[dict[str, Any]] | None:
    """614.1a, 614.14: "If another creature would die, exile it instead" (Void Maw: the cards it exiles are
    linked to the source's abilities that refer to cards "exiled with" it), "If a creature an opponent controls
    would die, exile it instead" (Gisa, Glorious Resurrector), "If a nontoken creature would die, ...": 700.4."""
    f = parse_noun(m.group(2))
    if f is None or f.get("player") or f.get("_needs_player_target") or f.get("zone") not in (None, "battlefield") \
            or not ({"Creature", "Artifact", "Enchantment", "Planeswalker", "Land"} & set(f.get("types", ()))
                    or f.get("permanent") or f.get("subtypes")):
        return None
    f.pop("zone", None)
    if m.group(1) == "another":
        f["other"] = True
    return [{"kind": "graveyard_replacement", "affects": f, "from": "battlefield", "to": "exile", "link": True}]


@static(
    r"^if self would be put into a graveyard from anywhere, reveal self and shuffle it into its owner's library "
    r"instead$"
)
def _nexus(m: re.Match) -> list[dict[str, Any]] | None:
    return [{"kind": "graveyard_replacement", "affects": "self", "to": "library_shuffle", "reveal": True}]


@static(r"^you may cast spells from your hand without paying their mana costs$")
def _omniscience(m: re.Match) -> list[dict[str, Any]] | None:
    return [{"kind": "free_spells", "zone": "hand", "spells": {}}]


@static(r"^you may pay ((?:\{[^}]+\})+) rather than pay the mana cost for (.*?)spells (?:that )?you cast$")
def _alternative_cost_all(m: re.Match) -> list[dict[str, Any]] | None:
    """118.9: "You may pay {W}{U}{B}{R}{G} rather than pay the mana cost for spells you cast" (Jodah, Archmage
    Eternal; Fist of Suns): an alternative cost each spell of that kind its controller casts may be cast for, read
    as it is cast (engine/costs.py usable_alternative_cost)."""
    cost = parse_cost_text(m.group(1))
    if cost is None or not cost.mana or cost != Cost(mana=cost.mana):
        return None
    f = parse_noun(m.group(2) + "spells") if m.group(2) else {}
    if f is None or f.pop("zone", "stack") != "stack" or {"controller", "owner", "player"} & set(f):
        return None
    return [{"kind": "alt_cost_spells", "who": "you", "cost": cost, "spells": f}]


@static(r"^(?:if (.+?), )?you may have self enter as a copy of (?:a|an|any) (.+?)(?: on the battlefield)?"
        r"(?:, except (.+))?$")
def _clone(m: re.Match) -> list[dict[str, Any]] | None:
    """706.5: "You may have SELF enter as a copy of any creature on the battlefield", with the exceptions
    of 706.9a and 706.9c ("except it's an artifact in addition to its other types", "except it has haste");
    "If you attacked this turn, you may have ..." (Protean Raider): only if that holds as it enters (614.12)."""
    f = parse_noun(m.group(2))
    if f is None:
        return None
    st: dict[str, Any] = {"kind": "clone", "filter": f}
    if m.group(1):
        cond = parse_condition(m.group(1))
        if cond is None:
            return None
        st["condition"] = cond
    exc = m.group(3) or ""
    per_type = []
    for one in re.finditer(r"it enters with an additional ([+\-]\d+/[+\-]\d+|loyalty) counter on it if it's an? "
                           r"(creature|planeswalker)(?:, (?:and )?|$)", exc):
        # "except it enters with an additional +1/+1 counter on it if it's a creature, it enters with an additional
        # loyalty counter on it if it's a planeswalker, and it isn't legendary" (Spark Double): each counter as the
        # copy enters, by the card type the copy has (706.9b-like, 614.1c)
        per_type.append({"counter": one.group(1), "amount": 1, "if_type": one.group(2).capitalize()})
    if per_type:
        exc = re.sub(r"it enters with an additional ([+\-]\d+/[+\-]\d+|loyalty) counter on it if it's an? "
                     r"(creature|planeswalker)(?:, (?:and )?|$)", "", exc).strip()
        st["extra_counters"] = per_type
        if exc:
            change = copy_exceptions(exc)
            if change is None:
                return None
            st["copy_except"] = change
        return [st]
    more = re.fullmatch(r"it enters with (x|an|one|two|three) additional ([+\-]\d+/[+\-]\d+) counters? on it",
                        m.group(3) or "")
    if more:  # "except it enters with X additional +1/+1 counters on it" (Altered Ego): put on it as it enters as
        # the copy (706.9b-like, 614.1c; X is the X it was cast with)
        st["extra_counters"] = {"counter": more.group(2), "amount": {"x": True} if more.group(1) == "x"
                                else number(more.group(1)) or 1}
    elif m.group(3):
        change = copy_exceptions(m.group(3))
        if change is None:
            return None
        st["copy_except"] = change
    return [st]


@static(r"^if (.+?), self can't be countered and the damage can't be prevented$")
def _banefire(m: re.Match) -> list[dict[str, Any]] | None:
    """"If X is 5 or more (if you have no cards in hand), SELF can't be countered and the damage can't
    be prevented": a spell's own statics with that condition (101.1, 615.11)."""
    cond = parse_condition(m.group(1))
    if cond is None:
        return None
    return [{"kind": "cant_be_countered", "affects": "self", "condition": cond},
            {"kind": "unpreventable", "affects": "self", "condition": cond}]


@static(r"^(.+?) can't be the target of ([a-z]+) spells or abilities from ([a-z]+) sources$")
def _untargetable_from(m: re.Match) -> list[dict[str, Any]] | None:
    """"SELF can't be the target of nongreen spells or abilities from nongreen sources" (Gaea's Revenge, 114.1a-d,
    601.2c): no spell or ability whose source has that quality may target it (its controller's included)."""
    f = parse_noun(m.group(2))
    if m.group(2) != m.group(3) or f is None or set(f) - {"colors", "not_colors"}:
        return None
    return [{"kind": "restriction", "affects": _affects(m.group(1)), "rule": "untargetable_from", "sources": f}]


@static(r"^(.+?) can't be the targets? of (?:([a-z, ]+?) )?spells( your opponents control)?$")
def _untargetable_by_spells(m: re.Match) -> list[dict[str, Any]] | None:
    """"SELF can't be the target of black or red spells your opponents control" (Fiendslayer Paladin), "... of
    Aura spells" (Tetsuo Umezawa), "of blue or black spells" (Karplusan Strider), "Enchanted creature can't be the
    target of spells" (Spectral Shield): no spell of that quality (of an opponent, where it says so) may target it
    as it is cast (601.2c, 115.1); abilities still may."""
    aff = _affects(m.group(1))
    f = parse_noun(f"{m.group(2)} spell") if m.group(2) else {}
    if aff is None or f is None or set(f) - {"colors", "not_colors", "types", "subtypes", "zone", "multicolored",
                                              "monocolored", "colorless"} or "or" in f:
        return None
    f.pop("zone", None)
    out: dict[str, Any] = {"kind": "restriction", "affects": aff, "rule": "untargetable_from", "sources": f,
                           "spells": True}
    if m.group(3):
        out["opponents"] = True
    return [out]


@static(r"^(.+?) can't be the target of abilities( your opponents control| from ([a-z]+) sources)?$")
def _untargetable_by_abilities(m: re.Match) -> list[dict[str, Any]] | None:
    """"SELF can't be the target of abilities your opponents control" (Shanna, Sisay's Legacy), "Enchanted creature
    can't be the target of abilities from artifact sources" (Artifact Ward): no activated or triggered ability (of
    an opponent, or from a source of that quality) may target it (601.2c, 602.2b, 603.3d, 115.1); spells still may."""
    aff = _affects(m.group(1))
    f = parse_noun(m.group(3)) if m.group(3) else {}
    if aff is None or f is None or set(f) - {"colors", "not_colors", "types", "subtypes"} or "or" in f:
        return None
    out: dict[str, Any] = {"kind": "restriction", "affects": aff, "rule": "untargetable_from", "sources": f,
                           "abilities": True}
    if m.group(2) and not m.group(3):
        out["opponents"] = True
    return [out]


@static(r"^(.+?) can block (.+?) as though (?:it|they) had reach$")
def _reach_against(m: re.Match) -> list[dict[str, Any]] | None:
    """"SELF can block Dragons as though it had reach" (Dragon Hunter): an attacker with flying that matches may
    be blocked by it (702.9b, 702.17b; 509.1b)."""
    aff, f = _affects(m.group(1)), parse_noun(m.group(2))
    if aff is None or f is None or f.get("player") or f.get("controller") or f.get("zone") not in (None, "battlefield"):
        return None
    f.pop("zone", None)
    f.setdefault("types", ["Creature"])
    return [{"kind": "restriction", "affects": aff, "rule": "reach_against", "what": f}]


@static(r"^if (.+?), self can't be countered$")
def _cant_be_countered_if(m: re.Match) -> list[dict[str, Any]] | None:
    """"If there are two or more instant and/or sorcery cards in your graveyard, SELF can't be
    countered" (spell mastery): a spell's own static, checked while it is on the stack (101.1, 701.5a)."""
    cond = parse_condition(m.group(1))
    return None if cond is None else [{"kind": "cant_be_countered", "affects": "self", "condition": cond}]


@static(r"^(.+?) can attack as though (?:it|they) didn't have defender$")
def _attack_defender(m: re.Match) -> list[dict[str, Any]] | None:
    aff = _affects(m.group(1))
    return None if aff is None else [{"kind": "restriction", "affects": aff, "rule": "attack_despite_defender"}]


@static(r"^(.+?) has (.+?) if (.+)$")
def _has_if(m: re.Match) -> list[dict[str, Any]] | None:
    aff = _affects(m.group(1))
    kws = keyword_list(m.group(2))
    cond = parse_condition(m.group(3))
    if aff is None or kws is None or cond is None:
        return None
    return [{"kind": "keywords", "affects": aff, "keywords": kws, "condition": cond}]


@static(r"^you(?: and|,) (.+?) have (hexproof|shroud)$")
def _you_and_group_keyword(m: re.Match) -> list[dict[str, Any]] | None:
    """"You and Humans you control have hexproof" (Sigarda, Heron's Grace), "You, planeswalkers you control,
    and other creatures you control have hexproof" (Shalai, Voice of Plenty): the player's keyword (702.11d)
    and each group's (702.11b), statics of one sentence; shroud the same way."""
    out: list[dict[str, Any]] = [{"kind": "player_keywords", "who": "you", "keywords": [m.group(2).capitalize()]}]
    for part in re.split(r",? and |, ", m.group(1)):
        group = _parse_plain(f"{part} have {m.group(2)}")
        if group is None or any(st.get("kind") != "keywords" for st in group):
            return None
        out += group
    return out


@static(r"^you have (hexproof|shroud)$")
def _player_kw(m: re.Match) -> list[dict[str, Any]] | None:
    return [{"kind": "player_keywords", "who": "you", "keywords": [m.group(1).capitalize()]}]


@static(r"^you control enchanted (creature|permanent|artifact|land|planeswalker|enchantment|artifact creature|"
        r"equipment)$")
def _control_magic(m: re.Match) -> list[dict[str, Any]] | None:
    """613.1b (layer 2): "You control enchanted creature" (Control Magic), "... enchanted enchantment" (Steal
    Enchantment), "... enchanted artifact creature" (Domineer): the permanent the Aura enchants, of the kind its
    enchant ability allows (303.4)."""
    return [{"kind": "control", "affects": "attached"}]


@static(r"^you may have self assign its combat damage as though it weren't blocked$")
def _thorn_elemental(m: re.Match) -> list[dict[str, Any]] | None:
    return [{"kind": "restriction", "affects": "self", "rule": "may_assign_as_unblocked"}]


@static(
    r"^(enchanted creature|enchanted permanent|equipped creature|self) (can't attack or block|can't attack|can't block|"
    r"doesn't untap during (?:its controller's|your) untap step),? and its activated abilities can't be activated"
    r"( unless they're mana abilities)?$"
)
def _arrest(m: re.Match) -> list[dict[str, Any]] | None:
    """602.5, 508.1c, 509.1b, 502.2: "Enchanted creature can't attack or block, and its activated abilities can't
    be activated" (Arrest), "Enchanted permanent doesn't untap during its controller's untap step and its
    activated abilities can't be activated" (Encrust), "... unless they're mana abilities" (Faith's Fetters)."""
    aff = "self" if m.group(1) == "self" else "attached"
    first = _RESTRICT.get(m.group(2)) or "doesnt_untap"
    bar = "no_activated_abilities_unless_mana" if m.group(3) else "no_activated_abilities"
    return [{"kind": "restriction", "affects": aff, "rule": first},
            {"kind": "restriction", "affects": aff, "rule": bar}]


@static(r"^(enchanted creature|enchanted permanent|self|(?:[a-z ]+?)) can't attack or block, and (?:its|their) "
        r"activated abilities with \{t\} in their costs can't be activated$")
def _no_tap_abilities(m: re.Match) -> list[dict[str, Any]] | None:
    """508.1c, 509.1b, 602.5: "Enchanted creature can't attack or block, and its activated abilities with {T} in their
    costs can't be activated" (Serra Bestiary), "Creatures with flying can't attack or block, and their ..." (Katabatic
    Winds): the creatures it names can't attack or block, and their abilities whose cost has {T} can't be activated
    (engine/object_statics.py TAP_BAR); their other abilities still can."""
    aff = "self" if m.group(1) == "self" else "attached" if m.group(1).startswith("enchanted ") \
        else _affects(m.group(1))
    if aff is None:
        return None
    return [{"kind": "restriction", "affects": aff, "rule": "cant_attack_or_block"},
            {"kind": "restriction", "affects": aff, "rule": "no_tap_abilities"}]


@static(r"^(?:as long as self is on the battlefield, )?(?:self|it) has (?:all )?(?:the )?(activated|loyalty) abilities "
        r"of (?:all |each )?(.+?)$")
def _abilities_of(m: re.Match) -> list[dict[str, Any]] | None:
    """613.1f (layer 6): "SELF has all activated abilities of all creature cards in all graveyards" (Necrotic Ooze),
    "... of all legendary creatures you control" (Robaran Mercenaries), "SELF has all loyalty abilities of all other
    planeswalkers on the battlefield" (606.3): it has the activated abilities (mana abilities among them, 605.1a)
    or the loyalty abilities those objects have (engine/layers.py); the ``from`` filter, its zone included."""
    noun = re.sub(r" on the battlefield$", "", m.group(2))
    if re.match(r"(?:the|that|those) ", noun):  # "of the exiled card" (Territory Forge): one linked card, not read
        return None
    f = parse_noun(noun)
    if f is None or f.get("player") or f.get("_needs_player_target"):
        return None
    return [{"kind": "abilities_of", "affects": "self", "from": f, "which": m.group(1)}]


@static(r"^activated abilities of (.+?) can't be activated( unless they're mana abilities)?$")
def _no_activate_of(m: re.Match) -> list[dict[str, Any]] | None:
    """602.5: "Activated abilities of artifacts [and creatures] can't be activated [unless they're mana
    abilities]" (Collector Ouphe, Cursed Totem, Damping Matrix): a rule of the permanents it names."""
    if m.group(1).startswith(("sources with", "the chosen")):
        return None  # a chosen name or object (Pithing Needle: name_lock)
    aff = _affects(m.group(1))
    rule = "no_activated_abilities_unless_mana" if m.group(2) else "no_activated_abilities"
    return None if aff is None else [{"kind": "restriction", "affects": aff, "rule": rule}]


@static(r"^players can't activate (planeswalkers'|self's) loyalty abilities$")
def _no_loyalty(m: re.Match) -> list[dict[str, Any]] | None:
    """602.5, 606.3: "Players can't activate planeswalkers' loyalty abilities" (The Immortal Sun): a rule of every
    planeswalker; their other activated abilities still may be activated."""
    aff: Any = "self" if m.group(1) == "self's" else {"types": ["Planeswalker"]}
    return [{"kind": "restriction", "affects": aff, "rule": "no_loyalty_abilities"}]


@static(r"^(.+?)'s activated abilities can't be activated$")
def _no_activate(m: re.Match) -> list[dict[str, Any]] | None:
    aff = _affects(m.group(1))
    return None if aff is None else [{"kind": "restriction", "affects": aff, "rule": "no_activated_abilities"}]


@static(r"^as self enters, you may pay (\d+) life\. if you don't, it enters tapped$")
def _shockland(m: re.Match) -> list[dict[str, Any]] | None:
    return [{"kind": "enters_tapped", "unless_pay": {"life": int(m.group(1))}}]


@static(r"^as self enters, you may reveal an? (.+? card) from your hand\. if you don't, (?:self|it) enters tapped$")
def _reveal_land(m: re.Match) -> list[dict[str, Any]] | None:
    """SOI's lands: "As SELF enters, you may reveal a Forest or Plains card from your hand. If you
    don't, SELF enters tapped" (614.12: chosen as it enters; the reveal is 701.15)."""
    f = parse_noun(m.group(1))
    return None if f is None else [{"kind": "enters_tapped", "unless_reveal": f}]


_DEVOUR_TIMES = {"that many": 1, "twice that many": 2, "three times that many": 3}


@static(r"^as self enters, you may sacrifice any number of (.+?)\. if you do, (?:it|self) enters with "
        r"(that many|twice that many|three times that many) \+1/\+1 counters on it$")
def _devour_like(m: re.Match) -> list[dict[str, Any]] | None:
    """614.12, 702.81a: "As SELF enters, you may sacrifice any number of creatures and/or planeswalkers. If you do,
    it enters with twice that many +1/+1 counters on it" (Devouring Hellion): devour's replacement with its own
    kind of permanent sacrificed (engine/replacement.py asks as it enters; "that many" the number sacrificed)."""
    f = parse_noun(m.group(1))
    if f is None or set(f) - {"types", "and_types", "subtypes", "other"} or f.get("zone") is not None:
        return None
    kind = {k: v for k, v in f.items() if k != "other"}  # ("other": it is not on the battlefield as it enters)
    return [{"kind": "devour", "amount": _DEVOUR_TIMES[m.group(2)], "filter": kind}]


@static(r"^as self enters, you may return an? (.+?) you control to its owner's hand\. if you do, (?:it|self) enters "
        r"with an? \+1/\+1 counter on it$")
def _enter_bounce(m: re.Match) -> list[dict[str, Any]] | None:
    """614.12: "As SELF enters, you may return a nonland permanent you control to its owner's hand. If you do, SELF
    enters with a +1/+1 counter on it" (Rescuer Sphinx): devour's replacement (702.81a) with one permanent returned
    instead of any number sacrificed (engine/replacement.py asks as it enters)."""
    f = parse_noun(m.group(1))
    if f is None or set(f) - {"types", "not_types", "and_types", "subtypes", "permanent"} or f.get("zone") is not None:
        return None
    return [{"kind": "devour", "amount": 1, "filter": f, "action": "return", "max": 1}]


@static(r"^if (?:damage would be dealt to self|self would be dealt damage), prevent that damage(?:\.| and) remove "
        r"(an?|that many) ([+\-\w/]+) counters? from (?:self|it)$")
def _phantom(m: re.Match) -> list[dict[str, Any]] | None:
    """615.5: "If damage would be dealt to SELF, prevent that damage. Remove a +1/+1 counter from SELF" (Phantom
    Centaur), "If SELF would be dealt damage, prevent that damage and remove a +1/+1 counter from it" (Unbreathing
    Horde): one counter for each damage event prevented; "... and remove that many +1/+1 counters from it" (Protean
    Hydra): as many counters as the damage prevented (608.2c: "that many" is the damage the sentence named)."""
    if (m.group(1) == "that many") != m.group(0).endswith(("counters from self", "counters from it")):
        return None
    out: dict[str, Any] = {"kind": "prevent_damage", "affects": "self", "then_remove_counter": m.group(2)}
    if m.group(1) == "that many":
        out["remove_that_many"] = True
    return [out]


@static(r"^if (noncombat )?damage would be dealt to (self|another creature you control|you), prevent that damage\. "
        r"(?:put an? ([+\-\w/]+) counter on (self|that creature) for each 1 damage prevented this way|(you gain life "
        r"equal to the damage prevented this way))$")
def _prevent_then(m: re.Match) -> list[dict[str, Any]] | None:
    """615.5: "If damage would be dealt to another creature you control, prevent that damage. Put a +1/+1 counter on
    that creature for each 1 damage prevented this way." (Vigor), "If damage would be dealt to SELF, prevent that
    damage. Put a -1/-1 counter on SELF for each 1 damage prevented this way." (Phyrexian Hydra), "If noncombat damage
    would be dealt to you, prevent that damage. You gain life equal to the damage prevented this way." (Purity): a
    prevention static (615.9) whose rest happens right after each damage event it prevents (engine/actions.py
    _prevention_riders): the counters on the permanent it shielded, the life to its controller."""
    got = _prevention(m.group(2), False, "all")
    if got is None:
        return None
    st = dict(got[0])
    if m.group(1):
        st["noncombat"] = True
    if m.group(5):
        st["then_gain_life"] = True
    else:
        if m.group(2) == "you" or (m.group(4) == "self") != (m.group(2) == "self"):
            return None  # the counters go on the permanent dealt the damage, named as such
        st["then_counters"] = m.group(3)
    return [st]


@static(r"^if damage would be dealt to self while it has an? ([+\-\w/]+) counter on it, prevent that damage and "
        r"remove (an?|that many) ([+\-\w/]+) counters? from (?:it|self)$")
def _champion(m: re.Match) -> list[dict[str, Any]] | None:
    """615.5: "If damage would be dealt to SELF while it has a +1/+1 counter on it, prevent that damage and remove a
    +1/+1 counter from it" (Undergrowth Champion; "remove that many", Magma Pummeler): a prevention static while
    it has such a counter, each event prevented taking one counter (or as many as the damage prevented)."""
    if m.group(1) != m.group(3):
        return None
    out: dict[str, Any] = {"kind": "prevent_damage", "affects": "self", "then_remove_counter": m.group(1),
                           "condition": {"self": {"counter": m.group(1)}}}
    if m.group(2) == "that many":
        out["remove_that_many"] = True
    return [out]


_LIFE_WHO = {"players": "each", "each player": "each", "your opponents": "opponent", "each opponent": "opponent",
             "you": "you"}


@static(r"^(players|each player|your opponents|each opponent|you) can't (gain|lose) life$")
def _cant_change_life(m: re.Match) -> list[dict[str, Any]] | None:
    """118.7, 118.8: "Players can't gain life", "You can't lose life"."""
    return [{"kind": f"cant_{m.group(2)}_life", "who": _LIFE_WHO[m.group(1)]}]


@static(r"^(players|each player|your opponents|each opponent|you) can't get (poison )?counters$")
def _cant_get_counters(m: re.Match) -> list[dict[str, Any]] | None:
    """121.1: "You can't get poison counters" (Melira, Sylvok Outcast), "Players can't get
    counters" (Solemnity): no effect or damage gives those players counters of that kind (any kind)."""
    out: dict[str, Any] = {"kind": "cant_get_counters", "who": _LIFE_WHO[m.group(1)]}
    if m.group(2):
        out["counter"] = "poison"
    return [out]


@static(r"^if (a player|an opponent|you) would gain life, (?:that player|you) gains? no life instead$")
def _gains_no_life(m: re.Match) -> list[dict[str, Any]] | None:
    """614.1a: "If a player would gain life, that player gains no life instead" (Sulfuric Vortex): a
    replacement whose outcome is that of "can't gain life" (118.7: no life is gained), for those players."""
    who = {"a player": "each", "an opponent": "opponent", "you": "you"}[m.group(1)]
    return [{"kind": "cant_gain_life", "who": who}]


@static(r"^(combat )?damage(?: that would be dealt by (.+?))? can't be prevented$")
def _damage_unpreventable(m: re.Match) -> list[dict[str, Any]] | None:
    """615.11: "Damage can't be prevented" (every source's, while the permanent is there); "Combat damage can't be
    prevented" (Frenzied Baloth); "Combat damage that would be dealt by creatures you control can't be prevented"
    (Questing Beast: those sources only, 510.1)."""
    out: dict[str, Any] = {"kind": "damage_unpreventable", "who": "each"}
    if m.group(1):
        out["combat"] = True
    if m.group(2):
        if m.group(2) == "self":  # "Damage that would be dealt by SELF can't be prevented" (Excruciator): the
            # source's own static (engine/object_statics.py unpreventable, 615.11)
            return None if m.group(1) else [{"kind": "unpreventable", "affects": "self"}]
        f = parse_noun(m.group(2))
        if f is None or f.get("player") or f.get("zone") not in (None, "battlefield"):
            return None
        out["sources"] = f
    return [out]


@static(r"^you can't (lose|win) the game(?: and your opponents can't (win|lose) the game)?$")
def _cant_lose_game(m: re.Match) -> list[dict[str, Any]] | None:
    """104.2, 104.3: "You can't lose the game and your opponents can't win the game" (Platinum Angel); "You can't
    win the game and your opponents can't lose the game" (Abyssal Persecutor): rules for the players."""
    if m.group(2) == m.group(1):
        return None
    kind = {"lose": "cant_lose_game", "win": "cant_win_game"}
    out = [{"kind": kind[m.group(1)], "who": "you"}]
    if m.group(2):
        out.append({"kind": kind[m.group(2)], "who": "opponent"})
    return out


@static(r"^all damage is dealt to you as though its source had infect$")
def _damage_as_infect(m: re.Match) -> list[dict[str, Any]] | None:
    """702.89b: "... all damage is dealt to you as though its source had infect" (Phyrexian Unlife, under its "as
    long as you have 0 or less life"): poison counters instead of life loss (engine/actions.py)."""
    return [{"kind": "damage_as_infect", "who": "you"}]


@static(r"^you don't lose the game for having 0 or less life$")
def _no_life_loss_of_game(m: re.Match) -> list[dict[str, Any]] | None:
    """704.5a: "You don't lose the game for having 0 or less life" (Phyrexian Unlife, Lich): that state-based
    action does not apply to you (the others do)."""
    return [{"kind": "cant_lose_game", "who": "you", "life_only": True}]


@static(r"^your life total can't change$")
def _life_cant_change(m: re.Match) -> list[dict[str, Any]] | None:
    """"Your life total can't change" (Platinum Emperion): you can't gain or lose life (118.7, 118.8)."""
    return [{"kind": "cant_gain_life", "who": "you"}, {"kind": "cant_lose_life", "who": "you"}]


@static(r"^if an? (.+?) would deal (combat )?damage to "
        r"(you|you or (?:a|another) creature you control|.+?), prevent (\d+|all|all but \d+) of that damage$")
def _prevent_from(m: re.Match) -> list[dict[str, Any]] | None:
    """615.9: "If a creature would deal damage to you, prevent 1 of that damage" (Orbs of Warding), "If a green
    source would deal damage to you, ..." (Sphere of Duty): the sources whose damage it prevents (609.7)."""
    if m.group(1).startswith("source"):
        return None  # "a source", "a source an opponent controls": below
    f = parse_noun(m.group(1))
    if f is None or f.get("player") or f.get("zone") not in (None, "battlefield") or f.get("_needs_player_target"):
        return None
    f.pop("zone", None)
    f.pop("source", None)
    if not f:
        return None
    rest = _prevention(m.group(3), False, m.group(4))
    if rest is None:
        return None
    return [{**rest[0], "from": f, **({"combat": True} if m.group(2) else {})}]


@static(r"^if a source( an opponent controls)? would deal damage to "
        r"(you|you or (?:a|another) creature you control|.+?), prevent (\d+|all|all but \d+|x) of that damage"
        r"(?:, where x is (.+))?$")
def _prevent_some(m: re.Match) -> list[dict[str, Any]] | None:
    """615.9: "If a source would deal damage to you, prevent 1 of that damage": so much of each
    such damage event (absorb, 702.63a, is this with SELF); "prevent X of that damage, where X is the number of
    creatures you control" (Shield of the Avatar): X counted as the damage would be dealt (611.3a)."""
    if (m.group(3) == "x") != bool(m.group(4)):
        return None
    if m.group(4):
        q = quantity(m.group(4))
        got = _prevention(m.group(2), bool(m.group(1)), "1")
        if q is None or got is None or not isinstance(q, dict):
            return None
        return [{**got[0], "amount": q}]
    return _prevention(m.group(2), bool(m.group(1)), m.group(3))


def _prevention(to: str, by_opponent: bool, n: str) -> list[dict[str, Any]] | None:
    """The prevention static of "... would deal damage to TO, prevent N (all) of that damage" (615.9); "prevent all
    but 1 of that damage" (Temple Altisaur): all of each such event but that much (615.9)."""
    out: dict[str, Any] = {"kind": "prevent_damage"}
    if to.startswith("you"):
        out["players"] = "you"
        to = to[len("you or "):] if to != "you" else ""
    if to:
        aff = _affects(to)
        if aff is None:
            return None
        out["affects"] = aff
    if by_opponent:
        out["by"] = "opponent"
    if n.startswith("all but "):
        out["all_but"] = int(n[len("all but "):])
    elif n != "all":
        out["amount"] = int(n)
    return [out]


@static(r"^you may look at face-down creatures (?:you don't control|your opponents control) any time$")
def _look_face_down(m: re.Match) -> list[dict[str, Any]] | None:
    """707.5 (as 400.2 allows a rule or effect to let a player look at a hidden card): "You may look at face-down
    creatures you don't control any time" (Keeper of the Lens): its controller may know which card each one is
    (engine/facedown.py known_to, engine/view.py)."""
    return [{"kind": "look_face_down", "who": "you"}]


@static(r"^if you would draw a card(?: except the first (one|two) you draw in each of your draw steps)?, "
        r"draw (two|three) cards instead$")
def _draw_times(m: re.Match) -> list[dict[str, Any]] | None:
    """614.1a: "If you would draw a card, draw two cards instead" (Thought Reflection), "... except the first one you
    draw in each of your draw steps ..." (Alhammarret's Archive): engine/player_statics.py draw_times."""
    st: dict[str, Any] = {"kind": "draw_times", "who": "you", "amount": number(m.group(2))}
    if m.group(1):
        st["except_draw_step"] = number(m.group(1))
    return [st]


@static(r"^self can be attached only to (an? .+)$")
def _attach_only(m: re.Match) -> list[dict[str, Any]] | None:
    """"SELF can be attached only to a creature with toughness 4 or greater" (Gate Smasher, 301.5): what it may
    become attached to (701.3a) and stay attached to (704.5p)."""
    f = parse_noun(m.group(1).split(" ", 1)[1])
    if f is None or f.get("player") or f.get("zone") not in (None, "battlefield") \
            or "Creature" not in f.get("types", ()):
        return None
    f.pop("zone", None)
    return [{"kind": "attach_only", "filter": f}]


_DAMAGE_TO = {  # the recipients a damage-changing replacement names: (players, objects)
    "a permanent or player": ("each", {}), "a player or permanent": ("each", {}), "a player": ("each", None),
    "an opponent or a permanent an opponent controls": ("opponent", {"controller": "opponent"}),
    "an opponent": ("opponent", None), "you": ("you", None), "self": (None, "self"),
    "enchanted player": ("attached", None), "enchanted creature": (None, "attached"),
    "equipped creature": (None, "attached"), "a creature": (None, {"types": ["Creature"]}),
}


@static(r"^if (.+?) would deal (combat |noncombat )?damage(?: to (.+?))?, (?:it|that source) deals "
        r"(double that damage|triple that damage|twice that much damage|that much damage plus (\d+))"
        r"(?: to (?:that permanent or player|that player or permanent|that player|that creature|self|you"
        r"|equipped creature|enchanted creature))? instead$")
def _damage_mod(m: re.Match) -> list[dict[str, Any]] | None:
    """614.1a: "If a source would deal damage to a permanent or player, it deals double that damage to that
    permanent or player instead" (Furnace of Rath), "If another red source you control would deal damage to a
    permanent or player, it deals that much damage plus 1 ... instead" (Embermaw Hellion), "If a source would
    deal damage to you, it deals double that damage to you instead" (Goldnight Castigator): a replacement effect
    that changes how much damage an event deals, ordered with prevention by the player or controller dealt the
    damage (616.1; engine/replacement.py)."""
    src = m.group(1)
    out: dict[str, Any] = {"kind": "damage_mod"}
    if src in ("self", "enchanted creature", "equipped creature"):
        out["from"] = _affects(src)
    elif src != "a source":
        f = parse_noun(re.sub(r"^(?:an?|another) (?=.)", lambda x: "another " if "another" in x.group(0) else "", src))
        if f is None or f.get("player") or f.get("_needs_player_target") or any(
                isinstance(a, dict) and set(a) - {"types", "colors", "source", "zone"} for a in f.get("or", ())):
            return None
        f = {k: v for k, v in f.items() if k != "source"}
        alts = f.get("or", ())
        if any("colors" in a and "types" in a for a in alts) and any("colors" not in a for a in alts):
            return None  # "a red instant or sorcery spell": the color read onto one alternative only
        if "or" in f:
            f["or"] = [{k: v for k, v in a.items() if k not in ("source", "zone")} for a in f["or"]]
        if f.get("zone") not in (None, "stack"):
            return None
        if "zone" not in f:  # a source: a permanent, a spell or a card that deals damage (609.7)
            f["zone"] = "any_card"
        out["from"] = f
    to = _DAMAGE_TO.get(m.group(3) or "a permanent or player")
    if to is None:
        return None
    if to[0] is not None:
        out["players"] = to[0]
    if to[1] is not None:
        out["affects"] = dict(to[1]) if isinstance(to[1], dict) else to[1]
    if m.group(2):
        out["combat" if m.group(2) == "combat " else "noncombat"] = True
    how = m.group(4)
    out["mod"] = "plus" if m.group(5) else "times"
    out["amount"] = int(m.group(5)) if m.group(5) else 3 if how.startswith("triple") else 2
    return [out]


@static(r"^if (?:(.+?) would deal (combat |noncombat )?damage to (.+?)|damage would be dealt to (self)), put that many "
        r"([+-]\d/[+-]\d|[a-z]+) counters on (?:that creature|it|self) instead$")
def _damage_counters(m: re.Match) -> list[dict[str, Any]] | None:
    """614.1a: "If damage would be dealt to SELF, put that many +1/+1 counters on it instead" (Phytohydra), "If a
    source you control would deal noncombat damage to a creature an opponent controls, put that many -1/-1 counters
    on that creature instead" (Soul-Scar Mage): the damage is not dealt; the permanent gets that many counters
    (engine/actions.py deal_damage_batch, after the prevention effects that apply: 616.1)."""
    out: dict[str, Any] = {"kind": "damage_counters", "counter": m.group(5)}
    if m.group(4):
        out["affects"] = "self"
        return [out]
    src, to = m.group(1), m.group(3)
    if src != "a source":
        f = parse_noun(re.sub(r"^(?:an?) (?=.)", "", src))
        if f is None or f.get("player") or f.get("_needs_player_target") or "or" in f:
            return None
        f = {k: v for k, v in f.items() if k != "source"}
        if f.get("zone") not in (None, "stack"):
            return None
        f.setdefault("zone", "any_card")  # a source: a permanent, a spell or a card (609.7)
        out["from"] = f
    aff = parse_noun(re.sub(r"^(?:an?) (?=.)", "", to))
    if aff is None or aff.get("player") or aff.get("_needs_player_target") or aff.get("zone") not in (None,
                                                                                                       "battlefield"):
        return None
    out["affects"] = aff
    if m.group(2):
        out["combat" if m.group(2) == "combat " else "noncombat"] = True
    return [out]


@static(r"^(self|enchanted creature|equipped creature) can't (attack|block|attack or block) unless "
        r"(?:you pay|its controller pays) ((?:\{[^}]+\})+)(?: for each ([+-]\d/[+-]\d) counter on it)?$")
def _combat_cost(m: re.Match) -> list[dict[str, Any]] | None:
    """"SELF can't attack or block unless you pay {2}" (Qal Sisma Behemoth), "Enchanted creature can't attack
    unless its controller pays {3}" (Brainwash): a cost to attack (508.1d, 508.1g) or to block (509.1d, 509.1f)
    with it, paid as attackers or blockers are declared; "... {1} for each +1/+1 counter on it" counts its counters
    then."""
    mana = list(parse_cost(m.group(3)))
    if not mana or any(not (s.isdigit() or s in "WUBRGC") for s in mana):
        return None
    aff = _affects(m.group(1))
    per = {"per_counter": m.group(4)} if m.group(4) else {}  # "... {1} for each +1/+1 counter on it" (Myr Prototype)
    if per and m.group(1) != "self":
        return None
    return [{"kind": "restriction", "affects": aff, "rule": "combat_cost", "mana": mana,
             "attack": "attack" in m.group(2), "block": "block" in m.group(2), **per}]


@static(r"^creatures can't block unless their controller pays ((?:\{[^}]+\})+) for each of those creatures$")
def _block_tax(m: re.Match) -> list[dict[str, Any]] | None:
    """"As long as SELF is attacking, creatures can't block unless their controller pays {1} for each of those
    creatures" (Archangel of Tithes): a cost to block for each creature declared as a blocker (509.1d, 509.1f)."""
    mana = list(parse_cost(m.group(1)))
    if not mana or any(not (s.isdigit() or s in "WUBRGC") for s in mana):
        return None
    return [{"kind": "block_tax", "affects": {"types": ["Creature"]}, "mana": mana}]
@static(r"^self can't (attack|block) unless (?:at least (\w+) other creatures|(an? .+?)) (?:also )?"
        r"(?:attacks?|blocks?)$")
def _needs_company(m: re.Match) -> list[dict[str, Any]] | None:
    """508.1c, 509.1b: "SELF can't attack unless at least two other creatures attack" (Orcish Conscripts), "... unless
    a creature with greater power also attacks" (Okk), "... unless a black or green creature also attacks" (Scarred
    Puma): a restriction on the declaration as a whole, met by the other creatures declared with it."""
    n = number(m.group(2)) if m.group(2) else 1
    f = parse_noun(m.group(3)[m.group(3).index(" ") + 1:]) if m.group(3) else {"types": ["Creature"]}
    if not n or f is None or f.get("player") or f.get("zone") not in (None, "battlefield") \
            or "Creature" not in (f.get("types") or ()) or set(f) & {"controller", "other", "target"}:
        return None
    return [{"kind": "restriction", "affects": "self", "rule": "needs_company", "what": m.group(1), "n": n,
             "filter": f}]


@static(r"^no more than (one|two|three|four) creatures? can (attack|block)( you)? each combat$")
def _combat_limit(m: re.Match) -> list[dict[str, Any]] | None:
    """508.1c, 509.1b: "No more than one creature can attack each combat" (Silent Arbiter), "No more than two creatures
    can block each combat" (Caverns of Despair), "No more than two creatures can attack you each combat" (Crawlspace:
    only those attacking the static's controller, not their planeswalkers): a restriction on the declaration as a
    whole (engine/combat.py combat_limits)."""
    if m.group(3) and m.group(2) == "block":
        return None
    return [{"kind": "combat_limit", "what": m.group(2), "n": number(m.group(1)), "you": bool(m.group(3))}]


@static(r"^(.+?) can't attack you( or planeswalkers you control)?$")
def _attack_forbid(m: re.Match) -> list[dict[str, Any]] | None:
    """508.1c: "Creatures can't attack you" (Blazing Archon), "Black creatures can't attack you" (Elephant Grass),
    "Creatures with power 2 or less can't attack you" (Reverence): a restriction on the attack declaration that
    protects the static's controller (and the planeswalkers they control, where it says so)."""
    aff = _affects(m.group(1))
    if not isinstance(aff, dict) and aff != "attached":  # "enchanted creature can't attack you or planeswalkers you
        return None  # control" (the Vows): the creature its source is attached to
    return [{"kind": "attack_forbid", "affects": aff, "walkers": bool(m.group(2))}]


@static(r"^while voting, you (get an additional vote|may vote an additional time)$")
def _extra_vote(m: re.Match) -> list[dict[str, Any]] | None:
    """701.29d: "While voting, you get an additional vote" (Brago's Representative), "... you may vote an additional
    time" (Ballot Broker): its controller's votes all happen as they would vote (engine/ops/misc.py vote)."""
    return [{"kind": "extra_vote", "may": m.group(1).startswith("may")}]


@static(r"^(enchanted creature|equipped creature) is goaded$")
def _goaded(m: re.Match) -> list[dict[str, Any]] | None:
    """Goad (a later keyword action, Commander 2016): "Enchanted creature is goaded"
    (the Impetus Auras), "Equipped creature ... is goaded": as long as the static applies, the creature attacks each
    combat if able (508.1d) and attacks a player other than the static's controller if able (engine/combat.py
    goaders)."""
    return [{"kind": "restriction", "affects": "attached", "rule": "must_attack"},
            {"kind": "goaded", "affects": "attached"}]


@static(r"^(.+?) can't attack you( or planeswalkers you control)? unless their controller pays ((?:\{[^}]+\})+) "
        r"for each (?:creature they control that's attacking you|of those creatures)(?:, where x is (.+))?$")
def _attack_tax(m: re.Match) -> list[dict[str, Any]] | None:
    """Propaganda, Ghostly Prison, Sphere of Safety: a cost to attack a particular player (and,
    "or planeswalkers you control", the planeswalkers that player controls) for each creature
    attacking there, paid as attackers are declared (508.1g-i; 802.3a: it applies only to the
    creatures attacking that player)."""
    aff = _affects(m.group(1))
    if not isinstance(aff, dict):
        return None
    mana = list(parse_cost(m.group(3)))
    out: dict[str, Any] = {"kind": "attack_tax", "affects": aff, "mana": mana, "walkers": bool(m.group(2))}
    if "X" in mana:
        x = quantity(m.group(4)) if m.group(4) else None
        if x is None:
            return None
        out["x"] = x
    elif m.group(4):
        return None
    return [out]


@static(r"^(.+?) can't attack you( or planeswalkers you control)? unless their controller pays (\d+) life for each "
        r"(?:creature they control that's attacking you|of those creatures)$")
def _attack_life_tax(m: re.Match) -> list[dict[str, Any]] | None:
    """508.1g-i, 119.4: "Creatures can't attack you or planeswalkers you control unless their controller pays 2 life
    for each of those creatures" (Sivitri, Dragon Master): the cost to attack is life, paid as attackers are declared
    (engine/combat.py attack_life), only by a player with that much life."""
    aff = _affects(m.group(1))
    if not isinstance(aff, dict):
        return None
    return [{"kind": "attack_tax", "affects": aff, "mana": [], "life": int(m.group(3)), "walkers": bool(m.group(2))}]


@static(r"^self can't attack unless defending player controls an? (.+)$")
def _sea_monster(m: re.Match) -> list[dict[str, Any]] | None:
    """508.1c: "SELF can't attack unless defending player controls an Island / a blue permanent / a snow land":
    read for each player it could attack, as attackers are declared (engine/combat.py)."""
    st = subtype(m.group(1))
    f = {"subtypes": [st]} if st is not None else parse_noun(m.group(1))
    if f is None or f.get("controller") or f.get("player") or f.get("_needs_player_target") \
            or f.get("zone") not in (None, "battlefield"):
        return None
    f.pop("zone", None)
    return [{"kind": "restriction", "affects": "self", "rule": "cant_attack_unless_defender_controls", "what": f}]


@static(r"^self can't attack if defending player controls an? (.+)$")
def _attack_unless_defender_lacks(m: re.Match) -> list[dict[str, Any]] | None:
    """508.1c: "SELF can't attack if defending player controls an untapped creature with power 3 or greater" (Orgg,
    Goblin Mutant): read for each player it could attack, as attackers are declared (engine/combat.py)."""
    f = parse_noun(m.group(1))
    if f is None or f.get("controller") or f.get("player") or f.get("_needs_player_target") \
            or f.get("zone") not in (None, "battlefield"):
        return None
    f.pop("zone", None)
    return [{"kind": "restriction", "affects": "self", "rule": "cant_attack_unless_defender_controls", "what": f,
             "defender_lacks": True}]


@static(r"^self can't attack unless you control more (creatures|lands) than defending player$")
def _attack_unless_more(m: re.Match) -> list[dict[str, Any]] | None:
    """508.1c: "SELF can't attack unless you control more creatures than defending player" (Mogg Toady): read for each
    player it could attack, as attackers are declared (engine/combat.py)."""
    return [{"kind": "restriction", "affects": "self", "rule": "cant_attack_unless_defender_controls",
             "you_more": {"types": [m.group(1)[:-1].capitalize()]}}]


@static(r"^self can't attack unless defending player (has (\w+) or more cards in (?:their|his or her) graveyard|is "
        r"poisoned)$")
def _attack_unless_defender_is(m: re.Match) -> list[dict[str, Any]] | None:
    """508.1c: "SELF can't attack unless defending player has seven or more cards in their graveyard" (Vantress
    Gargoyle), "... unless defending player is poisoned" (a player with a poison counter, 121.1c): read for each
    player it could attack, as attackers are declared (engine/combat.py)."""
    out: dict[str, Any] = {"kind": "restriction", "affects": "self", "rule": "cant_attack_unless_defender_controls"}
    if m.group(2):
        n = number(m.group(2))
        if n is None:
            return None
        out["defender_graveyard_ge"] = n
    else:
        out["defender_poisoned"] = True
    return [out]


@static(r"^self (can't attack|can't block|can't attack or block|attacks each combat if able|blocks each combat if "
        r"able) unless (.+)$")
def _cant_unless(m: re.Match) -> list[dict[str, Any]] | None:
    """"SELF can't block unless you control another Wolf or Werewolf", "... can't attack unless there are
    seven or more cards in your graveyard", "SELF attacks each combat if able unless you control another
    Ally": the restriction or requirement applies while the condition is false (611.3a, 508.1d)."""
    cond = parse_condition(re.sub(r"^it's ", "self is ", m.group(2)))
    if cond is None or _attacker_only(cond):
        return None  # "can't attack unless defending player controls ...": _sea_monster (before it attacks)
    rule = _RESTRICT[m.group(1)]
    return [{"kind": "restriction", "affects": "self", "rule": rule, "condition": {"not": cond}}]


@static(r"^self isn't an? (creature|artifact|enchantment|land)$")
def _not_a_type(m: re.Match) -> list[dict[str, Any]] | None:
    """"As long as your devotion to white is less than five, SELF isn't a creature" (a Theros god):
    a type-changing effect that removes a card type (613.1d, layer 4), under its "as long as"."""
    return [{"kind": "add_types", "affects": "self", "remove_types": [m.group(1).capitalize()]}]


@static(r"^as self is turned face up, put (a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+) "
        r"([+\-\w/]+) counters? on it$")
def _turned_up_counters(m: re.Match) -> list[dict[str, Any]] | None:
    """"As SELF is turned face up, put five +1/+1 counters on it" (Hooded Hydra): applied while the
    permanent is being turned face up, not afterward (707.11): no state-based action sees it without them."""
    n = number(m.group(1))
    return None if n is None else [{"kind": "turned_up_counters", "counter": m.group(2), "amount": n}]


_OTHERWISE = re.compile(r"^(enchanted creature|equipped creature) gets ([+-]\d+)/([+-]\d+) as long as it's (?:an? )?"
                        r"([a-z ]+)\. otherwise, it (?:gets ([+-]\d+)/([+-]\d+)|(can't attack or block|can't block|"
                        r"can't attack))$")


def _gets_otherwise(m: re.Match) -> list[dict[str, Any]] | None:
    """"Enchanted creature gets +1/+1 as long as it's a Pirate. Otherwise, it gets -2/-0" (611.3a), "... as long as it's
    black. Otherwise, it gets -1/-2." (Phyrexian Boon): two statics whose conditions on the creature it is attached
    to are each other's opposites (613.3c)."""
    cond = parse_condition(f"{m.group(1)} is {m.group(4)}" if m.group(4) in COLORS else
                           f"{m.group(1)} is a {m.group(4)}")
    if cond is None or set(cond) != {"attached"}:
        return None
    first = {"kind": "anthem", "affects": "attached", "power": int(m.group(2)), "toughness": int(m.group(3)),
             "condition": cond}
    if m.group(7):  # "Otherwise, it can't attack or block" (Bonds of Faith): the restriction, on the other condition
        return [first, *({**st, "condition": {"not": cond}} for st in _restriction_of("attached", m.group(7)))]
    return [first, {"kind": "anthem", "affects": "attached", "power": int(m.group(5)), "toughness": int(m.group(6)),
                    "condition": {"not": cond}}]


@static(r"^(enchanted (?:creature|permanent)|equipped creature|self) is legendary(?:,? (?:and )?(.+))?$")
def _is_legendary(m: re.Match) -> list[dict[str, Any]] | None:
    """"Enchanted permanent is legendary" (205.4a: the supertype added in layer 4, 613.1d), and the rest of
    its sentence for the same object ("..., gets +1/+1, and has flying")."""
    aff = _affects(m.group(1))
    if aff is None:
        return None
    out: list[dict[str, Any]] = [{"kind": "add_types", "affects": aff, "supertypes": ["Legendary"]}]
    if m.group(2):
        more = parse_static(f"{m.group(1)} {m.group(2)}")
        if more is None:
            return None
        out += more
    return out


@static(r"^if (self was kicked(?: with its (?:first|second) kicker)?), it enters with "
        r"(a|an|one|two|three|four|five|\d+) ([+\-\w/]+) counters? on it(?: and with ([a-z ,]+|\"[^\"]+\"))?$")
def _kicked_counters(m: re.Match) -> list[dict[str, Any]] | None:
    """Kicker, 702.32b, 614.1c: "If SELF was kicked, it enters with two +1/+1 counters on it [and with haste]": the
    counters as it enters, and the keywords it enters with, which it keeps (it was kicked: a fact of the
    permanent, kept as it entered). "If SELF was kicked with its {1}{U} kicker, it enters with two +1/+1 counters on
    it and with flying" / 'and with "Pay 3 life: Regenerate SELF."' (the Volvers): the kicker it is linked to
    (702.32f), and a quoted ability it has from then on (613.1f)."""
    cond = parse_condition(m.group(1))
    if cond is None:
        return None
    out: list[dict[str, Any]] = [{"kind": "enters_with_counters", "counter": m.group(3),
                                  "amount": number(m.group(2)), "condition": cond}]
    if m.group(4) and m.group(4).startswith('"'):
        got = _granted("self", m.group(4))
        if got is None:
            return None
        out += [dict(st, condition=cond) for st in got]
    elif m.group(4):
        kws = keyword_list(m.group(4))
        if not kws:
            return None
        out.append({"kind": "keywords", "affects": "self", "keywords": kws, "condition": cond})
    return out


@static(r"^if (.+), (?:self|it) enters with (?:an additional )?(a|an|one|two|three|four|five|six|seven|eight|nine|ten|"
        r"\d+|x) (?:additional )?([+\-\w/]+) counters? on it$")
def _conditional_counters(m: re.Match) -> list[dict[str, Any]] | None:
    """614.1c: "If an opponent was dealt damage this turn, SELF enters with ..." (bloodthirst, 702.53a),
    "If at least three red mana was spent to cast SELF, SELF enters with ..." (checked as it enters); "If SELF was
    kicked, it enters with three additional time counters on it" (Ravaging Riftwurm: beside vanishing's, 702.62a);
    "If X is 5 or more, it enters with an additional X +1/+1 counters on it" (Apocalypse Hydra: the X it was cast
    with, 107.3)."""
    cond = parse_condition(m.group(1))
    n = amount(m.group(2)) if m.group(2) == "x" else number(m.group(2))
    if cond is None or n is None:
        return None
    return [{"kind": "enters_with_counters", "counter": m.group(3), "amount": n, "condition": cond}]


@static(r"^self enters with (a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+) ([+\-\w/]+) counters? on it if "
        r"(.+)$")
def _counters_if(m: re.Match) -> list[dict[str, Any]] | None:
    """614.1c: "SELF enters with a +1/+1 counter on it if you attacked this turn" (checked as it enters)."""
    cond = parse_condition(m.group(3))
    n = number(m.group(1))
    if cond is None or n is None:
        return None
    return [{"kind": "enters_with_counters", "counter": m.group(2), "amount": n, "condition": cond}]


@static(r"^(?:each|all) (.+?) enters? with (a|an|one|two|three|\d+) additional ([+\-\w/]+) counters? on (?:it|them)$")
def _others_enter_with_counters(m: re.Match) -> list[dict[str, Any]] | None:
    """614.1c-d: "Each planeswalker you control enters with an additional loyalty counter on it" (Oath
    of Gideon): a replacement effect of this permanent on the permanents it names as they enter."""
    f = parse_noun(m.group(1))
    n = number(m.group(2))
    if f is None or n is None or f.get("zone") not in (None, "battlefield") or f.get("player"):
        return None
    return [{"kind": "enters_with_counters", "affects": f, "counter": m.group(3), "amount": n}]


@static(r"^creatures with (power|toughness) (less|greater) than self's (power|toughness) can't block (?:it|self)$")
def _smaller_cant_block(m: re.Match) -> list[dict[str, Any]]:
    """509.1b: "Creatures with power less than SELF's power can't block it", "Creatures with power greater
    than SELF's power can't block it" (Silumgar Assassin), compared as blockers are declared."""
    cmp = "lt" if m.group(2) == "less" else "gt"
    return [{"kind": "restriction", "affects": "self", "rule": "cant_be_blocked",
             "by": {"types": ["Creature"], f"{m.group(1)}_{cmp}_self": m.group(3)}}]


@static(r"^self (can't attack|doesn't untap during your untap step) if it attacked during your last turn$")
def _if_attacked_last_turn(m: re.Match) -> list[dict[str, Any]]:
    """508.1c, 502.3: "SELF can't attack if it attacked during your last turn" (Giant Turtle), "SELF doesn't untap
    during your untap step if it attacked during your last turn" (Goblin Rock Sled): while it was declared as an
    attacker in its controller's last turn (engine/filters.py attacked_last_turn)."""
    return [{"kind": "restriction", "affects": "self", "rule": _RESTRICT[m.group(1)],
             "condition": {"self": {"attacked_last_turn": True}}}]


@static(r"^self doesn't untap during your untap step if it has an? ([\w-]+) counters? on it$")
def _untap_unless_counter(m: re.Match) -> list[dict[str, Any]]:
    """502.3: "SELF doesn't untap during your untap step if it has a depletion counter on it"."""
    return [{"kind": "restriction", "affects": "self", "rule": "doesnt_untap",
             "condition": {"self_counters_ge": {m.group(1): 1}}}]


@static(r"^you may play an additional land on each of your turns$")
def _extra_land(m: re.Match) -> list[dict[str, Any]] | None:
    return [{"kind": "extra_land", "amount": 1}]


@static(r"^each player may play an additional land (?:on|during) each of their turns$")
def _extra_land_each(m: re.Match) -> list[dict[str, Any]] | None:
    """305.2a: "Each player may play an additional land on each of their turns" (Rites of Flourishing)."""
    return [{"kind": "extra_land", "amount": 1, "who": "each"}]


@static(r"^you may play (two|three) additional lands on each of your turns$")
def _extra_lands(m: re.Match) -> list[dict[str, Any]] | None:
    return [{"kind": "extra_land", "amount": 2 if m.group(1) == "two" else 3}]


@static(r"^(.+?) can't be blocked except by (two|three) or more creatures$")
def _min_blockers(m: re.Match) -> list[dict[str, Any]] | None:
    aff = _affects(m.group(1))
    return None if aff is None else [{"kind": "restriction", "affects": aff, "rule": "min_blockers",
                                      "amount": 2 if m.group(2) == "two" else 3}]


@static(r"^(.+?) can't block and can't be blocked$")
def _cant_block_unblockable(m: re.Match) -> list[dict[str, Any]] | None:
    aff = _affects(m.group(1))
    return None if aff is None else [{"kind": "restriction", "affects": aff, "rule": "cant_block"},
                                     {"kind": "restriction", "affects": aff, "rule": "cant_be_blocked"}]


@static(r"^(?:skip your (draw|untap|upkeep) step|(players|your opponents) skip their (draw|untap|upkeep) steps)$")
def _skip_step(m: re.Match) -> list[dict[str, Any]] | None:
    """614.10: "Skip your draw step", "Players skip their untap steps"."""
    if m.group(1):
        return [{"kind": "skip_step", "step": m.group(1), "who": "you"}]
    return [{"kind": "skip_step", "step": m.group(3), "who": "each" if m.group(2) == "players" else "opponent"}]


@static(r"^(.+?) enter tapped$")
def _others_enter_tapped(m: re.Match) -> list[dict[str, Any]] | None:
    aff = _affects(m.group(1))
    return None if aff is None or aff == "self" else [{"kind": "enters_tapped", "affects": aff}]


def _damage_source(phrase: str) -> Any:
    """The sources a prevention static names ("by enchanted creature", "by creatures", "by artifact sources",
    "by black sources"): "self", "attached" or an object filter; None when not understood."""
    p = phrase.strip()
    if p in ("self", "enchanted creature", "equipped creature"):
        return "self" if p == "self" else "attached"
    if p in ("creatures it's blocking", "creatures self is blocking"):  # "Prevent all damage that would be dealt to
        return {"types": ["Creature"], "blocked_by_self": True}     # SELF by creatures it's blocking" (509.1a)
    m = re.fullmatch(r"(\w+) sources", p)
    if m:  # 609.7: a source of damage of a color or a card type, a permanent or a spell
        if m.group(1) in COLORS:
            return {"colors": [COLORS[m.group(1)]]}
        t = m.group(1).capitalize()
        return {"types": [t]} if t in ("Artifact", "Creature", "Enchantment", "Land", "Planeswalker") else None
    f = parse_noun(p)
    if f is not None and f.get("zone") == "stack" and set(f) <= {"types", "zone", "colors"} \
            and set(f.get("types", ())) <= {"Instant", "Sorcery"}:
        return f  # "by instant and sorcery spells" (Energy Storm): a spell dealing damage as it resolves (609.7a)
    if f is None or f.get("player") or f.get("_needs_player_target") or f.get("zone") not in (None, "battlefield"):
        return None
    f.pop("zone", None)
    return f


@static(r"^all (combat )?damage that would be dealt to (.+?)(?: by (.+?))? is dealt to (self|enchanted creature|"
        r"equipped creature|its controller|you) instead$")
def _redirect_static(m: re.Match) -> list[dict[str, Any]] | None:
    """614.9: a redirection static. "All damage that would be dealt to you is dealt to SELF instead", "... to you
    and other permanents you control ...", "All damage that would be dealt to you is dealt to enchanted creature
    instead", "All damage that would be dealt to enchanted creature is dealt to its controller instead", "As long as
    SELF is untapped, all damage that would be dealt to you by unblocked creatures is dealt to SELF instead" (the
    condition read by parse_static, 611.3b): engine/redirect.py."""
    out: dict[str, Any] = {"kind": "redirect_damage"}
    if m.group(1):
        out["combat"] = True
    to = m.group(2)
    if to.startswith("you and "):
        out["players"] = "you"
        to = to[len("you and "):]
    if to == "you":
        out["players"] = "you"
    else:
        aff = _affects(to)
        if aff is None:
            return None
        out["affects"] = aff
    if m.group(3) is not None:
        src = _damage_source(m.group(3))
        if not isinstance(src, dict):
            return None
        out["from"] = src
    into = m.group(4)
    if into == "its controller":  # the controller of the creature it enchants (the one the damage would be dealt to)
        if out.get("affects") != "attached":
            return None
        out["into"] = "controller_of_attached"
    else:
        out["into"] = {"self": "self", "you": "you"}.get(into, "attached")
    if out["into"] == out.get("affects") or out["into"] == "you" and out.get("players"):
        return None
    return [out]


@static(r"^prevent all (combat |noncombat )?damage that would be dealt(?: to (.+?))?(?: by (.+?))?$")
def _prevent_static(m: re.Match) -> list[dict[str, Any]] | None:
    """615.1a, 615.9: "Prevent all damage that would be dealt to SELF", "... to you", "Prevent all combat damage
    that would be dealt by enchanted creature" (Pacifism's kin), "Prevent all damage that would be dealt to SELF by
    creatures", "Prevent all combat damage that would be dealt to and dealt by enchanted creature" (two
    statics), "Prevent all noncombat damage that would be dealt to other creatures you control"."""
    to, by = m.group(2), m.group(3)
    if to is None and by is None:
        return None
    out: dict[str, Any] = {"kind": "prevent_damage"}
    if m.group(1):
        out["combat" if m.group(1) == "combat " else "noncombat"] = True
    if to == "and dealt" and by is not None:  # "dealt to and dealt by enchanted creature": the same object, both ways
        one, two = _prevent_static_parts(dict(out), by, None), _prevent_static_parts(dict(out), None, by)
        return None if one is None or two is None else one + two
    return _prevent_static_parts(out, to, by)


@static(r"^prevent all (combat |noncombat )?damage that self would deal to (.+?)$")
def _prevent_self_deals(m: re.Match) -> list[dict[str, Any]] | None:
    """615.1a: "Prevent all damage that SELF would deal to red creatures" (Indentured Oaf): its own damage (the
    source, 609.7) to what the words name."""
    out: dict[str, Any] = {"kind": "prevent_damage", "from": "self"}
    if m.group(1):
        out["combat" if m.group(1) == "combat " else "noncombat"] = True
    return _prevent_static_parts(out, m.group(2), None)


def _prevent_static_parts(out: dict[str, Any], to: str | None, by: str | None) -> list[dict[str, Any]] | None:
    if to is not None and to.startswith("you and "):  # "to you and other permanents you control" (The Wanderer)
        out["players"] = "you"
        to = to[len("you and "):]
    if to is not None:
        if to == "you":
            out["players"] = "you"
        elif to in ("players", "each player"):
            out["players"] = "each"
        else:
            aff = _affects(to)
            if aff is None:
                return None
            out["affects"] = aff
    if by is not None:
        src = _damage_source(by)
        if src is None:
            return None
        out["from"] = src
    return [out]


@static(r"^(?:as long as self is (untapped|tapped), )?each spell that would cost less than (\w+) mana to cast costs "
        r"(\w+) mana to cast$")
def _cost_floor(m: re.Match) -> list[dict[str, Any]] | None:
    """601.2f: "As long as SELF is untapped, each spell that would cost less than three mana to cast costs three
    mana to cast" (Trinisphere): the total cost, after increases and reductions, is raised to that much mana."""
    n = number(m.group(2))
    if not n or number(m.group(3)) != n:
        return None
    out: dict[str, Any] = {"kind": "cost_change", "spells": {}, "who": "any", "floor": n}
    if m.group(1):
        out["condition"] = {"self": {"tapped": m.group(1) == "tapped"}}
    return [out]


@static(r"^(?:(.+?) )?spells( of the chosen (?:type|color))? cost (\{\d+\}) (more|less) to cast$")
def _cost_change_any(m: re.Match) -> list[dict[str, Any]] | None:
    """601.2f: "Creature spells cost {1} more to cast", "Spells cost {1} more to cast" (Sphere of Resistance,
    Helm of Awakening: every spell, whoever casts it); "Creature spells of the chosen type cost {2} less to cast"
    (Urza's Incubator: the creature type chosen as SELF entered, 614.12)."""
    f = parse_noun((m.group(1) or "") + " spell" + (m.group(2) or "")) if m.group(1) or m.group(2) else {}
    if f is None:
        return None
    f.pop("zone", None)
    n = int(parse_cost(m.group(3))[0])
    return [{"kind": "cost_change", "spells": f, "who": "any", "amount": n if m.group(4) == "more" else -n}]


@static(r"^if an opponent would gain life, that player loses that much life instead$")
def _gain_to_loss(m: re.Match) -> list[dict[str, Any]] | None:
    """614.1a: "If an opponent would gain life, that player loses that much life instead" (Tainted Remedy): a
    replacement of that player's life gain, ordered with their other ones (616.1; engine/replacement.py)."""
    return [{"kind": "life_gain_to_loss", "who": "opponent"}]


@static(r"^if you would gain life, you gain twice that much life instead$")
def _life_double(m: re.Match) -> list[dict[str, Any]] | None:
    return [{"kind": "life_gain_double"}]


@static(r"^untap (.+?) during each (other player|opponent)'s untap step$")
def _untap_each_other(m: re.Match) -> list[dict[str, Any]] | None:
    """502.2: "Untap all permanents you control during each other player's untap step" (Seedborn Muse): those
    permanents untap in the untap step of a turn that isn't their controller's too (a rule of the objects); "...
    during each opponent's untap step" (Teferi, Who Slows the Sunset's emblem): a turn of an opponent (102.2-102.3)."""
    aff = _affects(m.group(1))
    rule = "untap_other_turns" if m.group(2) == "other player" else "untap_opponent_turns"
    return None if aff is None else [{"kind": "restriction", "affects": aff, "rule": rule}]


@static(r"^you draw a card during each opponent's draw step$")
def _draw_opponents_step(m: re.Match) -> list[dict[str, Any]] | None:
    """504.1: "You draw a card during each opponent's draw step" (Teferi, Who Slows the Sunset's emblem): not a
    triggered ability; its controller draws as the active player does, in that turn-based action (engine/game.py)."""
    return [{"kind": "draw_in_opponents_draw_step", "who": "you"}]


_TIMES = {"twice": 2, "three times": 3}
_TOKEN_KINDS = {"": None, "creature ": "Creature", "artifact ": "Artifact"}


@static(r"^if (?:an effect would create one or more (creature |artifact |)tokens( under your control)?, it creates "
        r"(twice|three times) that many of those tokens instead|one or more (creature |artifact |)tokens would be "
        r"created( under your control)?, (twice|three times) that many of those tokens are created instead)$")
def _token_multiply(m: re.Match) -> list[dict[str, Any]] | None:
    """614.1a: "twice that many of those tokens are created instead" (Doubling Season, Parallel Lives,
    Primal Vigor): a replacement effect on creating tokens, under its controller's control or anyone's."""
    kind = m.group(1) if m.group(3) else m.group(4)
    under = m.group(2) if m.group(3) else m.group(5)
    times = _TIMES[m.group(3) or m.group(6)]
    return [{"kind": "token_multiply", "times": times, "whose": "you" if under else "any",
             "token_type": _TOKEN_KINDS[kind]}]


@static(r"^if one or more (creature )?tokens would be created under your control, that many (\d+/\d+ [^.]+?) tokens?"
        r"( with [^.]+)? are created instead$")
def _token_become(m: re.Match) -> list[dict[str, Any]] | None:
    """614.1a: "If one or more creature tokens would be created under your control, that many 4/4 white Angel
    creature tokens with flying and vigilance are created instead" (Divine Visitation): each such token is
    created as that token instead (engine/replacement.py token_replaced)."""
    got = parse_effects(f"create a {m.group(2)} token{m.group(3) or ''}", Ctx())
    if not got or len(got) != 1 or got[0].op != "token" or set(got[0].args) - {"amount", "name", "types",
                                                                                "subtypes", "colors", "power",
                                                                                "toughness", "keywords"}:
        return None
    return [{"kind": "token_become", "token_type": "Creature" if m.group(1) else None,
             "token": {k: v for k, v in got[0].args.items() if k != "amount"}}]


_COUNTER = r"[+\-]\d+/[+\-]\d+"


@static(r"^if (?:an effect would put one or more counters on (.+?), it puts twice that many of those counters on "
        r"that (?:permanent|creature) instead|one or more (?:(" + _COUNTER + r") )?counters would be put on (.+?), "
        r"(twice that many|that many plus one|that many) (?:of each of those kinds of counters|(" + _COUNTER
        + r") counters)( minus one)? are put on (?:it|that creature|that permanent) instead)$")
def _counter_change(m: re.Match) -> list[dict[str, Any]] | None:
    """614.1a: "twice that many ... counters", "that many plus one", "that many minus one" are put on it
    instead (Doubling Season, Corpsejack Menace, Hardened Scales, Winding Constrictor, Vizier of Remedies): a
    replacement effect on putting counters on a permanent the filter names (121.6: also as it enters)."""
    if m.group(1) is not None:
        kind, noun, how = None, m.group(1), "twice"
    else:
        kind, noun, said, again, minus = m.group(2), m.group(3), m.group(4), m.group(5), m.group(6)
        if (kind or None) != (again or None):
            return None  # "+1/+1 counters would be put ... that many plus one of each of those kinds": not said
        how = {"twice that many": "twice", "that many plus one": "plus"}.get(said, "minus" if minus else "")
        if not how or (minus and said != "that many"):
            return None
    f = "self" if noun == "self" else parse_noun(noun)
    if f is None:
        return None
    return [{"kind": "counter_change", "how": how, "counter": kind, "affects": f}]


@static(r"^if you would get one or more (counters|\{e\}|poison counters|energy counters), you get "
        r"(twice that many|that many plus one)(?: of each of those kinds of counters| \{e\}| poison counters"
        r"| energy counters)? instead$")
def _player_counter_change(m: re.Match) -> list[dict[str, Any]] | None:
    """614.1a, 121.1: "If you would get one or more counters, you get that many plus one of each of those kinds of
    counters instead" (Winding Constrictor), "If you would get one or more {E}, you get twice that many {E} instead"
    (Aether Refinery; the energy symbol a later addition): counters its controller gets (engine/replacement.py
    player_counter_count)."""
    kind = {"counters": None, "{e}": "energy", "energy counters": "energy", "poison counters": "poison"}[m.group(1)]
    return [{"kind": "player_counter_change", "how": "twice" if m.group(2) == "twice that many" else "plus",
             "counter": kind}]


@static(r"^(play|players play) with the top card of (your library|their libraries) revealed$")
def _top_revealed(m: re.Match) -> list[dict[str, Any]] | None:
    """"Play with the top card of your library revealed" (Future Sight); "Players play with the top card of
    their libraries revealed" (Field of Dreams): each player's (701.13a, to every player)."""
    if (m.group(1) == "play") != (m.group(2) == "your library"):
        return None
    return [{"kind": "top_card_revealed"}] if m.group(1) == "play" else [{"kind": "top_card_revealed", "who": "each"}]


@static(r"^(your opponents play with their hands|players play with their hands|play with your hand) revealed$")
def _hands_revealed(m: re.Match) -> list[dict[str, Any]] | None:
    """"Your opponents play with their hands revealed" (Telepathy), "Players play with their hands revealed"
    (Revelation), "Play with your hand revealed" (Enduring Renewal): every player sees those hands (701.13a;
    engine/knowledge.py sees_hand)."""
    who = {"your opponents play with their hands": "opponent", "players play with their hands": "each",
           "play with your hand": "you"}[m.group(1)]
    return [{"kind": "hand_revealed", "who": who}]


@static(r"^self enters tapped with (a|an|one|two|three|four|five|\d+) ([+\-\w/]+) counters? on it$")
def _tapped_with_counters(m: re.Match) -> list[dict[str, Any]] | None:

    return [
        {"kind": "enters_tapped"},
        {"kind": "enters_with_counters", "counter": m.group(2), "amount": number(m.group(1))},
    ]


#: whose maximum hand size a static speaks of (engine/player_statics.applies_to)
_HAND_WHO = {"you": "you", "your": "you", "players": "each_player", "each player": "each_player",
             "each player's": "each_player", "each opponent": "each_opponent", "your opponents": "each_opponent",
             "each opponent's": "each_opponent", "each of your opponents'": "each_opponent",
             "your opponents'": "each_opponent", "the chosen player's": "chosen_player"}


_MANA_COLOR = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G", "colorless": "C"}


@static(r"^(you|players|each player) (?:don't|do not|doesn't|does not) lose unspent (?:(white|blue|black|red|green) )?"
        r"mana as steps and phases end$")
def _keep_mana(m: re.Match) -> list[dict[str, Any]] | None:
    """106.4, 500.4: "You don't lose unspent red mana as steps and phases end" (Ashling, Flame Dancer), "Players don't
    lose unspent mana as steps and phases end" (Upwelling): that mana (of that color: its pool key's kind) stays in
    the pool as a step or phase ends (engine/game.py _end_step)."""
    who = _HAND_WHO[m.group(1)]
    st: dict[str, Any] = {"kind": "keep_mana", "color": _MANA_COLOR[m.group(2)] if m.group(2) else None}
    return [st if who == "you" else {**st, "who": who}]


@static(r"^if you would lose unspent mana, that mana becomes (colorless|white|blue|black|red|green) instead$")
def _lost_mana_becomes(m: re.Match) -> list[dict[str, Any]] | None:
    """106.4, 500.4, 614.1a: "If you would lose unspent mana, that mana becomes colorless instead" (Kruphix, God of
    Horizons; Horizon Stone): as a step or phase ends, the mana that would empty from your pool stays as mana of that
    kind (its restriction, if any, kept: 106.6) (engine/game.py _end_step)."""
    return [{"kind": "lost_mana_becomes", "color": _MANA_COLOR[m.group(1)]}]


@static(r"^(you|players|each player|each opponent|your opponents) (?:have|has) no maximum hand size$")
def _no_max(m: re.Match) -> list[dict[str, Any]] | None:
    """402.2: "You have no maximum hand size", "Players have no maximum hand size": no discard in the
    cleanup step (514.1)."""
    who = _HAND_WHO[m.group(1)]
    return [{"kind": "no_max_hand_size"} if who == "you" else {"kind": "no_max_hand_size", "who": who}]


@static(r"^(your|each player's|each opponent's|each of your opponents'|your opponents'|the chosen player's) maximum "
        r"hand size is "
        r"(?:(increased|reduced) by (\w+)|equal to (.+)|(\w+))$")
def _hand_size(m: re.Match) -> list[dict[str, Any]] | None:
    """402.2, 613.10: "Your maximum hand size is increased by one", "Each opponent's maximum hand size is
    reduced by two", "Your maximum hand size is two", "... is equal to the number of hour counters on SELF":
    a rule of the game, applied in timestamp order (engine/player_statics.max_hand_size)."""
    out: dict[str, Any] = {"kind": "hand_size", "who": _HAND_WHO[m.group(1)]}
    if m.group(2):
        n = number(m.group(3))
        if n is None:
            return None
        out["change"] = n if m.group(2) == "increased" else -n
    else:
        q = quantity(m.group(4)) if m.group(4) else number(m.group(5))
        if q is None:
            return None
        out["set"] = q
    return [out]


@static(r"^as an additional cost to cast (?:self|this spell), (.+)$")
def _additional_cost(m: re.Match) -> list[dict[str, Any]] | None:
    t = m.group(1)
    r = re.fullmatch(r"you may reveal an? (.+? card) from your hand", t)
    if r:  # DTK: an optional reveal as the spell is cast (601.2f), read by "if you revealed a Dragon card"
        f = parse_noun(r.group(1))
        return None if f is None else [{"kind": "additional_cost", "cost": Cost(reveal=f)}]
    r = re.fullmatch(r"you may (sacrifice|exile|tap) any number of ([^.]+?)\. self costs \{(\d+)\} less to cast for "
                     r"each (?:[a-z]+ )?(?:sacrificed|exiled|tapped) this way", t)
    if r:  # "you may sacrifice any number of creatures. SELF costs {2} less to cast for each creature sacrificed this
        # way" (Torgaar, Famine Incarnate): how many, announced as X (601.2b), each one {N} off the total cost (601.2f)
        cost = parse_cost_text(f"{r.group(1)} x {r.group(2)}")
        if cost is None or not any(n < 0 for _, n in _x_parts(cost)):
            return None
        return [{"kind": "additional_cost", "cost": cost, "x_reduce": int(r.group(3))}]
    r = re.fullmatch(r"(behold (?:a|an) [a-z]+) and exile it", t)
    if r:  # "behold an Elf and exile it" (a later keyword action): the permanent or card beheld is exiled, "the
        got = parse_cost_text(r.group(1))  # exiled card" of the permanent's linked ability (607.2a)
        if got is None or got.behold is None or replace(got, behold=None) != Cost():
            return None
        return [{"kind": "additional_cost", "cost": Cost(behold={**got.behold, "exile": True})}]
    r = re.fullmatch(r"you may (behold (?:a|an) .+)", t)
    if r:  # "you may behold a Dragon" (a later keyword action): optional, read by "if a Dragon was beheld"
        got = parse_cost_text(r.group(1))
        if got is None or got.behold is None or got.behold.get("exile") or replace(got, behold=None) != Cost():
            return None
        return [{"kind": "additional_cost", "cost": Cost(behold={**got.behold, "optional": True})}]
    r = re.fullmatch(r"you may collect evidence (\d+)", t)
    if r:  # MKM (a later keyword action): an optional additional cost, "if evidence was collected" (601.2f)
        evidence = {"amount": -1, "total_mv": int(r.group(1)), "optional": True}
        return [{"kind": "additional_cost", "cost": Cost(exile_from_graveyard=evidence)}]
    r = re.fullmatch(r"you may (.+)", t)
    if r:  # 601.2b, 601.2f: an optional additional cost, paid or not as it is cast ("you may blight 1", "you may
        # sacrifice an artifact"): the caster announces it (engine/cast_options.py OPTIONAL_COST)
        cost = parse_cost_text(r.group(1))
        return None if cost is None else [{"kind": "optional_cost", "cost": cost}]
    cost = parse_cost_text(t)
    if cost is not None:
        return [{"kind": "additional_cost", "cost": cost}]
    alts = _cost_alternatives(re.split(r"(,? or |, )", t))
    if alts is None or len(alts) < 2:
        return None
    return [{"kind": "additional_cost", "cost": alts[0], "choices": alts}]


def _x_parts(cost: Cost) -> list[tuple[str, int]]:
    """The parts of a cost that name objects, with how many (-1: X): sacrifice, exile from the hand, tap."""
    out: list[tuple[str, int]] = []
    for k in ("sacrifice", "exile_from_hand", "tap_others"):
        f = getattr(cost, k)
        if isinstance(f, dict):
            out.append((k, int(f.get("amount", 1))))
    return out


def _cost_alternatives(pieces: list[str]) -> list[Cost] | None:
    """601.2b: "sacrifice a creature or pay {3}{B}", "sacrifice a creature, discard a card, or pay 3 life",
    "reveal a Merfolk card from your hand or pay {3}": the costs the caster chooses among. ``pieces`` alternate
    words and separators; a separator inside one cost ("sacrifice an artifact or creature") joins its words."""
    if not pieces:
        return []
    for end in range(1, len(pieces) + 1, 2):
        text = "".join(pieces[:end])
        cost = parse_cost_text(text[len("pay "):] if re.fullmatch(r"pay (?:\{[^ }]+\})+", text) else text)
        if cost is None or cost.is_free:
            continue
        rest = _cost_alternatives(pieces[end + 1:]) if end < len(pieces) else []
        if rest is not None:
            return [cost, *rest]
    return None


@static(r"^(?:if (?P<cond>.+?), )?you may (?P<cost>.+) rather than pay self's mana cost$|"
        r"^if (?P<cond2>.+?), rather than pay self's mana cost, you may (?P<cost2>.+)$")
def _alternative_cost(m: re.Match) -> list[dict[str, Any]] | None:
    """118.9: an alternative cost the caster may pay instead of the mana cost ("You may pay 1 life and
    exile a blue card from your hand rather than pay this spell's mana cost", "You may sacrifice two
    Mountains ..."), offered only while its condition holds for the caster ("If you control a Swamp,
    ...", "If it's not your turn, ...")."""
    text = m.group("cost") or m.group("cost2")  # "If you control a Forest, rather than pay SELF's mana cost, you may
    # have each other player gain 5 life" (Reverent Silence): the same, its words in another order
    if text.startswith("pay {"):
        text = text[len("pay "):]  # "pay {U}": the mana itself
    cost = parse_cost_text(text)
    if cost is None:
        return None
    out: dict[str, Any] = {"kind": "alternative_cost", "cost": cost}
    if m.group("cond") or m.group("cond2"):
        cond = parse_condition(m.group("cond") or m.group("cond2"))
        if cond is None:
            return None
        out["condition"] = cond
    return [out]


def _sparing_protection(text: str, spared: str) -> list[dict[str, Any]] | None:
    """702.16c, 704.5n: "Enchanted creature has protection from black. This effect doesn't remove SELF." (the
    Wards), "... This effect doesn't remove Auras." (Spectra Ward): the protection this static grants doesn't make
    SELF (or any Aura) fall off: its qualities are granted with ``spares`` ("self" or "auras"), which only the
    attachment checks read; it still stops damage, blocks and targets (702.16b, d, e)."""
    got = parse_static(text)
    if not got:
        return None
    marked = [dict(st, spares=spared) if st.get("kind") == "keywords"
              and any(k.startswith("Protection from ") for k in st.get("keywords", ())) else st for st in got]
    return marked if sum("spares" in st for st in marked) == 1 else None


def before_its_cast(cond: Any) -> Any:
    """A condition of SELF's own cost or cast limit ("SELF costs {2} less to cast if you've cast another instant or
    sorcery spell this turn", "Cast SELF only if you've cast another green spell this turn"): it is checked as SELF is
    being cast, before it becomes cast (601.2f, 604.6; 601.2i records it), so every spell cast this turn is another
    one: "another" adds nothing there."""
    if isinstance(cond, dict):
        out = {k: before_its_cast(v) for k, v in cond.items()}
        kind = out.get("cast_kind_this_turn")
        if isinstance(kind, dict) and kind.get("other") is True:
            out["cast_kind_this_turn"] = {k: v for k, v in kind.items() if k != "other"}
        return out
    if isinstance(cond, list):
        return [before_its_cast(c) for c in cond]
    return cond


@static(r"^if (.+?), you may cast (?:it|self) without paying its mana cost$")
def _free_if(m: re.Match) -> list[dict[str, Any]] | None:
    """118.9: "If SELF is the first spell you've cast this game, you may cast it without paying its mana cost"
    (Once Upon a Time): an alternative cost of nothing, offered while the condition holds for the caster."""
    cond = before_its_cast(parse_condition(m.group(1)))
    return None if cond is None else [{"kind": "alternative_cost", "cost": Cost(), "condition": cond}]


@static(r"^self's (power|toughness|power and toughness) (?:is|are each) equal to (.+?)"
        r"(?P<same> and its toughness is equal to that number(?: plus (?P<plus>\d+))?)?$")
def _cda_pt(m: re.Match) -> list[dict[str, Any]] | None:
    """604.3, 208.2: a characteristic-defining ability that sets the power, the toughness, or both to
    a number; "and its toughness is equal to that number [plus N]" (Tarmogoyf: card types among
    cards in all graveyards, plus 1)."""
    q = quantity(m.group(2))
    which = m.group(1)
    if q is None or (m.group("same") and which != "power"):
        return None
    out: dict[str, Any] = {"kind": "set_pt", "affects": "self"}
    if "power" in which:
        out["power"] = q
    if "toughness" in which:
        out["toughness"] = q
    if m.group("same"):
        out["toughness"] = {"plus": [q, int(m.group("plus"))]} if m.group("plus") else q
    return [out]


@static(r"^self's power is equal to the total power of the exiled cards and its toughness is equal to their total "
        r"toughness$")
def _cda_exiled_totals(m: re.Match) -> list[dict[str, Any]] | None:
    """604.3: "SELF's power is equal to the total power of the exiled cards and its toughness is equal to their total
    toughness" (Sutured Ghoul): the cards exiled with it (607.2a), added up."""
    return [{"kind": "set_pt", "affects": "self", "power": {"power_of": "exiled", "sum": True},
             "toughness": {"toughness_of": "exiled", "sum": True}}]


@static(r"^(players|you|your opponents) can't untap more than (\w+) (.+?) during (?:their|your) untap steps?$")
def _untap_limit(m: re.Match) -> list[dict[str, Any]] | None:
    """502.2: "Players can't untap more than one creature during their untap steps" (Smoke, Winter Orb, Static
    Orb): the active player determines which of those untap, no more than that many (engine/game.py asks)."""
    n = number(m.group(2))
    noun = m.group(3)
    f = {} if noun in ("permanent", "permanents") else parse_noun(noun)
    if n is None or f is None or f.get("controller") or f.get("player") or f.get("_needs_player_target") \
            or f.get("zone") not in (None, "battlefield"):
        return None
    f.pop("zone", None)
    who = {"players": "each_player", "you": "you", "your opponents": "each_opponent"}[m.group(1)]
    return [{"kind": "untap_limit", "who": who, "max": n, "filter": f}]


@static(r"^if self is in your opening hand, you may begin the game with it on the battlefield$")
def _leyline(m: re.Match) -> list[dict[str, Any]] | None:
    return [{"kind": "opening_hand_battlefield"}]


@static(r"^you may reveal self from your opening hand\. if you do, (?:at the beginning of (the|your) first upkeep, "
        r"(.+)|(.+) at the beginning of (the|your) first upkeep)$")
def _opening_reveal(m: re.Match) -> list[dict[str, Any]] | None:
    """103.5b: "You may reveal SELF from your opening hand. If you do, at the beginning of the first upkeep, ..."
    (Chancellor of the Dross, Sphinx of Foresight): revealed as the game begins, it makes a delayed triggered ability
    for the game's first upkeep ("your first upkeep": its owner's), 603.7 (engine/opening.py)."""
    from engine.cards.compiler import compile_ability_text  # layering: cycle (compiler imports this)
    whose = m.group(1) or m.group(4)
    body = m.group(2) or m.group(3)
    ab = compile_ability_text(f"At the beginning of your upkeep, {body}.")
    if ab is None or ab.kind != "triggered" or ab.condition or ab.modes:
        return None
    return [{"kind": "opening_hand_reveal", "whose": "you" if whose == "your" else "any", "ability": ab}]


@static(r"^you may look at the top card of your library any time$")
def _peek(m: re.Match) -> list[dict[str, Any]] | None:
    return [{"kind": "look_top_card"}]


@static(r"^you may look at the top card of your library and at face-down creatures (?:you don't control|your "
        r"opponents control) any time$")
def _peek_and_face_down(m: re.Match) -> list[dict[str, Any]] | None:
    """Both permissions of one sentence (Lens of Clarity): the top card of your library, and the face-down
    creatures you don't control (707.5, as 400.2 allows)."""
    return [{"kind": "look_top_card"}, {"kind": "look_face_down", "who": "you"}]


@static(r"^(.+?) can't have counters put on (?:it|them)$")
def _no_counters(m: re.Match) -> list[dict[str, Any]] | None:
    """"SELF can't have counters put on it" (Melira's Keepers, Tatterkite): no counter of any kind (121.1; the
    restriction no_counters without a kind, engine/layers.py counters_allowed), nor any it would enter with."""
    aff = _affects(m.group(1))
    return None if aff is None else [{"kind": "restriction", "affects": aff, "rule": "no_counters"}]


#: abilities that modify the rules for deck construction (112.6m): they work before the game
#: begins (engine/decks/validate.py reads them) and do nothing during it
_DECK_RULES = (
    (re.compile(r"self can be your commander"), "commander"),                          # 903.3a
    (re.compile(r"a deck can have any number of cards named self"), "any_number"),
    (re.compile(r"a deck can have up to (?:seven|nine) cards named self"), "up_to"),
)


#: condition keys read of SELF as an attacking creature (506.2, 506.5): only a static about SELF may have them
_ATTACKER_KEYS = ("attacking_alone", "defending_control")


def _attacker_only(cond: Any) -> bool:
    """Does the condition read SELF's attack ("as long as it's attacking alone", "... defending player controls
    an artifact")?"""
    if isinstance(cond, dict):
        # (not the attached object's filter: "as long as enchanted creature is attacking alone" reads that creature)
        return any(k in cond for k in _ATTACKER_KEYS) or any(_attacker_only(v) for k, v in cond.items()
                                                             if k != "attached")
    if isinstance(cond, list):
        return any(_attacker_only(v) for v in cond)
    return False


def _with_condition(inner: list[dict[str, Any]] | None, cond: dict[str, Any]) -> list[dict[str, Any]] | None:
    """The statics of an "as long as" sentence, each with its condition (611.3b); None when the condition reads
    SELF's attack (_ATTACKER_KEYS) and a static is about other objects, or a requirement to attack."""
    if inner is None:
        return None
    if _attacker_only(cond) and any(s.get("affects") != "self" or s.get("rule") in ("cant_attack", "must_attack")
                                    for s in inner):
        return None
    if "it" in cond:  # "Enchanted creature doesn't untap ... as long as it has a sleep counter on it" (Venarian Gold):
        # "it" is the object the static is about, the one the source is attached to (or SELF), read now (611.3a)
        about = {str(s.get("affects")) for s in inner}
        key = "attached" if about == {"attached"} else "self" if about == {"self"} else None
        if key is None or key in cond:
            return None
        cond = {**{k: v for k, v in cond.items() if k != "it"}, key: cond["it"]}
    return [{**s, "condition": cond} for s in inner]


@static(r"^if you would draw a card while your library has no cards in it, you win the game instead$")
def _empty_draw_wins(m: re.Match) -> list[dict[str, Any]] | None:
    """614.1a, 104.2a: "If you would draw a card while your library has no cards in it, you win the game instead"
    (Laboratory Maniac, Jace, Wielder of Mysteries): read by Game.draw."""
    return [{"kind": "empty_draw_wins", "who": "you"}]


@static(r"^(your opponents and )?(.+?) with hexproof can be the targets of spells and abilities you control as though "
        r"they didn't have hexproof$")
def _ignore_hexproof(m: re.Match) -> list[dict[str, Any]] | None:
    """702.11b-c: "Your opponents and permanents your opponents control with hexproof can be the targets of spells
    and abilities you control as though they didn't have hexproof" (Kaya, Bane of the Dead; Glaring Spotlight): read
    by engine/targets.py as a target is chosen (114.1)."""
    f = parse_noun(m.group(2))
    if f is None or f.get("player") or f.get("_needs_player_target") or f.get("zone") not in (None, "battlefield"):
        return None
    f.pop("zone", None)
    return [{"kind": "ignore_hexproof", "who": "you", "affects": f, "players": bool(m.group(1))}]


@static(r"^(?:if (.+?), )?damage that would reduce your life total to less than (\w+) reduces it to \2 instead$")
def _life_floor(m: re.Match) -> list[dict[str, Any]] | None:
    """614.1a, 119.3a: "Damage that would reduce your life total to less than 1 reduces it to 1 instead" (Ali from
    Cairo), "If you control a creature, ..." (Worship): the damage is dealt, the life it takes stops at that total
    (engine/actions.py deal_damage_batch)."""
    n = number(m.group(2))
    if not n:
        return None
    st: dict[str, Any] = {"kind": "life_floor", "who": "you", "floor": n}
    if m.group(1):
        cond = parse_condition(m.group(1))
        if cond is None:
            return None
        st["condition"] = cond
    return [st]


@static(r"^spells and abilities your opponents control can't cause (you|their controller) to (discard cards|sacrifice "
        r"permanents|discard cards or sacrifice permanents|search their library)$")
def _cant_cause(m: re.Match) -> list[dict[str, Any]] | None:
    """"Spells and abilities your opponents control can't cause you to sacrifice permanents" (Sigarda, Host of Herons;
    Tamiyo, Collector of Tales: "... discard cards or sacrifice permanents"), "... can't cause their controller to
    search their library" (Ashiok, Dream Render): 101.2, a "can't" of the instruction, read by the discard,
    sacrifice and search instructions (engine/ops; a cost the player pays is not caused by them)."""
    acts = [a for a in ("discard", "sacrifice", "search") if a in m.group(2)]
    if m.group(1) == "you":
        if "search" in acts:
            return None
        return [{"kind": "cant_cause", "who": "you", "acts": acts}]
    if acts != ["search"]:
        return None
    return [{"kind": "cant_cause", "who": "opponent", "acts": acts, "own": True}]


@static(r"^self escapes with (a|an|one|two|three|four|five|six|seven|eight|nine|ten|twelve) "
        r"([+\-]\d+/[+\-]\d+|[a-z]+) counters? on it$")
def _escapes_with(m: re.Match) -> list[dict[str, Any]] | None:
    """Escape (a later keyword, Theros Beyond Death): "SELF escapes with three +1/+1 counters on it" means "if it
    escaped, it enters with ..." (614.1c): cast from the graveyard with its escape cost."""
    n = 1 if m.group(1) in ("a", "an") else 12 if m.group(1) == "twelve" else number(m.group(1))
    if not n:
        return None
    return [{"kind": "enters_with_counters", "counter": m.group(2), "amount": n,
             "condition": {"cast_with": "Escape"}}]


@static(r"^(.+?) (?:is|are) every creature type$")
def _every_type(m: re.Match) -> list[dict[str, Any]] | None:
    """205.3m: "SELF is every creature type" (Mistform Ultimus), "Equipped creature is every creature type": all the
    creature types, in layer 4 (613.1d), as changeling gives (702.72a)."""
    aff = _affects(m.group(1))
    return None if aff is None else [{"kind": "add_types", "affects": aff, "subtypes": sorted(CREATURE_TYPES)}]


@static(r"^((?:.+? )?spells) you cast have affinity for (.+)$")
def _spell_affinity(m: re.Match) -> list[dict[str, Any]] | None:
    """702.40a: "Creature and planeswalker spells you cast have affinity for artifacts" (Tezzeret, Master of the
    Bridge), "Instant and sorcery spells you cast have affinity for creatures" (Witherbloom, the Balancer): affinity
    is "This spell costs {1} less to cast for each X you control", so those spells cost that much less (601.2f)."""
    f = parse_noun(m.group(1))
    q = quantity(m.group(2) + " you control")
    if f is None or q is None or f.pop("zone", None) != "stack" or {"controller", "owner", "player"} & set(f):
        return None
    return [{"kind": "cost_change", "spells": f, "who": "you", "amount": -1, "per": q}]


@static(r"^((?:.+? )?spells) you (?:cast|control) have (convoke|improvise|deathtouch|storm)$")
def _spell_keywords(m: re.Match) -> list[dict[str, Any]] | None:
    """702.50a, 702.2b: "Artifact spells you cast have convoke" (Chief Engineer), "Nonartifact spells you cast have
    improvise" (Inspiring Statuary), "Instant and sorcery spells you control have deathtouch" (Pestilent Spirit): a
    keyword of the spells themselves (on the stack, 112.1), read as they are paid for (engine/cast_options.py) and
    as they deal damage (engine/actions.py); "Instant and sorcery spells you cast have storm" (Ral, Crackling Wit's
    emblem, Prismari): the spell has storm as it is cast, so its storm ability triggers (702.39a, engine/casting.py)."""
    f = parse_noun(m.group(1))
    if f is None or f.get("zone") != "stack" or {"controller", "owner", "player"} & set(f):
        return None
    if m.group(2) == "storm" and "cast" not in m.group(0):
        return None  # "spells you control have storm": too late for a "when you cast" trigger
    return [{"kind": "spell_keywords", "who": "you", "spells": f, "keywords": [m.group(2).capitalize()]}]


_ABILITY_KEYWORDS = {"equip": "Equip", "ninjutsu": "Ninjutsu", "cycling": "Cycling", "boast": "Boast"}


@static(r"^(?:(equip|ninjutsu|cycling|boast) abilities you activate( that target self)?|activated abilities of (.+?)|"
        r"loyalty abilities of (.+?)|abilities your opponents activate(?: that target (.+?))?) cost \{(\d+)\} "
        r"(less|more) to activate"
        r"( unless they're mana abilities)?(?:\. this effect can't reduce the mana in that cost to less than one "
        r"mana)?$")
def _ability_cost(m: re.Match) -> list[dict[str, Any]] | None:
    """602.2b, 601.2f: "Equip abilities you activate cost {1} less to activate" (Nahiri, Storm of Stone), "Activated
    abilities of creatures you control cost {2} less to activate. This effect can't reduce the mana in that cost to
    less than one mana" (Biomancer's Familiar), "Loyalty abilities of planeswalkers your opponents control cost {1}
    more to activate" (Eidolon of Obstruction), "abilities your opponents activate cost {1} more to activate unless
    they're mana abilities" (Tithe Taker): a change of the generic mana of those abilities' costs as they are
    activated (engine/costs.py ability_mana); "Equip abilities you activate that target SELF cost {3} less to
    activate" (Fervent Champion): only when SELF is a target chosen (601.2c comes before 601.2f)."""
    n = int(m.group(6)) * (-1 if m.group(7) == "less" else 1)
    st: dict[str, Any] = {"kind": "ability_cost", "amount": n, "who": "you", "abilities": {}}
    if m.group(1):
        st["abilities"] = {"keyword": _ABILITY_KEYWORDS[m.group(1)], **({"targets": "self"} if m.group(2) else {})}
    elif m.group(3) or m.group(4):
        f = parse_noun(m.group(3) or m.group(4))
        if f is None or f.get("_needs_player_target") or f.get("zone") not in (None, "battlefield") or "source" in f:
            return None  # permanents' abilities only ("sources with the chosen name" may be cards elsewhere)
        st["who"] = "any"  # the abilities of those permanents, whoever activates them (their controller)
        st["abilities"] = {"sources": f, **({"loyalty": True} if m.group(4) else {})}
    else:
        st["who"] = "opponent"
        if m.group(5):  # "Abilities your opponents activate that target a Merfolk you control cost {2} more to
            # activate" (Kopala, Warden of Waves): the targets are chosen before the cost is (602.2b, 601.2c, 601.2f)
            f = parse_noun(m.group(5))
            if f is None or f.get("_needs_player_target") or f.get("player") or f.get("zone") not in (None,
                                                                                                     "battlefield"):
                return None
            f.pop("zone", None)
            st["abilities"]["targets"] = f
    if m.group(8):
        st["abilities"]["nonmana"] = True
    if "can't reduce" in m.group(0):
        st["floor"] = 1
    return [st]


@static(r"^self is (an? .+)$")
def _self_is(m: re.Match) -> list[dict[str, Any]] | None:
    """205.1b, 613.1d, 613.3b: "During your turn, SELF is a 4/4 Human Soldier creature with indestructible that's
    still a planeswalker" (Gideon Blackblade: it keeps its card types and subtypes, 205.1b), "SELF is a Bear with
    base power and toughness 3/2" (Circle of the Moon Druid: the creature types replaced), "SELF is an artifact
    creature": its types (layer 4), colors (5), abilities (6) and power and toughness (7b) while it applies."""
    text = m.group(1)
    mm = re.fullmatch(r"an? (?:(\d+)/(\d+) )?((?:[a-z][a-z-]* )*?)creature(?: with (.+?))?"
                      r"( that's still an? (?:planeswalker|land)| in addition to its other types)?", text)
    parts = become_parts("is " + text if mm is None else "is a " + (mm.group(3) or "") + "creature")
    if parts is None:
        return None
    if not parts.get("subtypes"):
        parts.pop("subtypes", None)  # no creature type named: it keeps its subtypes ("SELF is an artifact creature")
    if mm is None:
        return [{"kind": "become", "affects": "self", **parts}]
    out: list[dict[str, Any]] = []
    pt = {"power": int(mm.group(1)), "toughness": int(mm.group(2))} if mm.group(1) else {}
    colors = parts.pop("colors", None)
    if mm.group(5):  # it keeps its prior types and subtypes (205.1b)
        out.append({"kind": "add_types", "affects": "self", "types": parts["types"],
                    "subtypes": parts.get("subtypes", [])})
        if pt or colors:
            out.append({"kind": "become", "affects": "self", **pt, **({"colors": colors} if colors else {})})
    else:
        out.append({"kind": "become", "affects": "self", **parts, **pt, **({"colors": colors} if colors else {})})
    if mm.group(4):
        kws = keyword_list(mm.group(4))
        if kws is None:
            return None
        out.append({"kind": "keywords", "affects": "self", "keywords": kws})
    return out


@static(r"^(enchanted creature|equipped creature|enchanted permanent|(?:other )?creatures you control|"
        r"each creature you control|(?:other )?[a-z]+ creatures you control) ((?:is|are) .+)$")
def _attached_is_kind(m: re.Match) -> list[dict[str, Any]] | None:
    """"Enchanted creature is a Demon Spirit", "Creatures you control are Slivers in addition to their other creature
    types" (_is_kind)."""
    aff = _affects(m.group(1))
    return None if aff is None else _is_kind(aff, m.group(2))


@static(r"^((?:[a-z]+ )?(?:creatures|[a-z]+s) (?:your opponents control|you control)) (can't (?:block|attack)), "
        r"and they (can't (?:attack|block)(?: you(?: or planeswalkers you control)?)?)$")
def _cant_and_they_cant(m: re.Match) -> list[dict[str, Any]] | None:
    """"Survivors your opponents control can't block, and they can't attack you or planeswalkers you control"
    (Varchild, Betrayer of Kjeldor): two restrictions of the same creatures (508.1c, 509.1b), each read as if
    written alone."""
    a = parse_static(f"{m.group(1)} {m.group(2)}")
    b = parse_static(f"{m.group(1)} {m.group(3)}")
    if not a or not b:
        return None
    return a + b


def parse_static(text: str) -> list[dict[str, Any]] | None:
    t = text.strip().rstrip(".").strip()
    low = t.lower()
    # "SELF gets +2/+2 for each Aura attached to it": "it" is SELF, the subject
    low = re.sub(r"^(self gets [+-]\d+/[+-]\d+ for each [a-z/ ]+ attached to) (?:it|him|her)$", r"\1 self", low)
    # "Equipped creature gets +1/+0 for each Equipment attached to it" (Golem-Skin Gauntlets): "it" is the creature the
    # source is attached to (its host), the subject
    low = re.sub(r"^((?:enchanted|equipped) creature gets [+-]\d+/[+-]\d+ for each (?:aura|equipment|aura and "
                 r"equipment) attached to) it\b", r"\1 host", low)
    # "Enchanted creature gets +2/+0 and can't be blocked by creatures with flying" (Dust Corona), "... and has first
    # strike, and all creatures able to block it do so" (Indrik Umbra): each part its own static of the same object
    m = re.fullmatch(r"(enchanted creature|equipped creature|self) (gets [+-]\d+/[+-]\d+(?: and has [a-z ]+?)?)"
                     r"(?:,)? and (can't .+|can block .+|all creatures able to block it do so)", low)
    if m:
        rest = m.group(3).replace("block it do so", f"block {m.group(1)} do so")
        second = rest if rest.startswith("all creatures") else f"{m.group(1)} {rest}"
        a, b = parse_static(f"{m.group(1)} {m.group(2)}"), parse_static(second)
        return None if a is None or b is None else a + b
    # "Enchanted permanent loses all abilities and doesn't untap during its controller's untap step" (Flood the
    # Engine), "Enchanted creature loses all abilities and can't attack or block" (Observed Stasis), "Enchanted creature
    # is a Spirit and can't attack or block" (Fog on the Barrow-Downs): each part its own static of the same object
    # (613.1f, 613.1d, 611.3a)
    m = re.fullmatch(r"(enchanted (?:creature|permanent|artifact|land)) (loses all abilities|is an? [a-z]+) and "
                     r"(can't attack or block|doesn't untap during its controller's untap step|can't block)", low)
    if m:
        a, b = parse_static(f"{m.group(1)} {m.group(2)}"), parse_static(f"{m.group(1)} {m.group(3)}")
        return None if a is None or b is None else a + b
    # "Creatures you control have haste and attack each combat if able" (Hellraiser Goblin), "All creatures have
    # double strike and attack each combat if able" (Avatar of Slaughter): the keywords (613.1f) and the requirement
    # (508.1d), each its own static of the same objects
    m = re.fullmatch(r"((?:all |other )?[a-z ]*creatures(?: you control| your opponents control)?) have "
                     r"([a-z ,]+?) and "
                     r"(attack each combat if able)", low)
    if m:
        a, b = parse_static(f"{m.group(1)} have {m.group(2)}"), parse_static(f"{m.group(1)} {m.group(3)}")
        return None if a is None or b is None else a + b
    # "SELF costs {1} less to cast if you control an artifact and {1} less to cast if you control an enchantment"
    # (Assassin's Ink), "... if you control a Spirit. It also costs {1} less to cast if you control an enchantment"
    # (Geistlight Snare): two reductions, each with its own condition, both applied when both hold (601.2f)
    m = re.fullmatch(r"self costs (\{\d+\}) less to cast (if .+?)(?: and|\. it also costs) (\{\d+\}) less to cast "
                     r"(if .+)", low)
    if m and " less to cast " not in m.group(2) + m.group(4):
        a = parse_static(f"self costs {m.group(1)} less to cast {m.group(2)}")
        b = parse_static(f"self costs {m.group(3)} less to cast {m.group(4)}")
        if a is not None and b is not None and all(x.get("kind") == "cost_change" for x in a + b):
            return a + b
        return None
    # "SELF gets +2/+2 for each card exiled with it" (Lumbering Battlement): likewise, the cards exiled with SELF
    low = re.sub(r"^(self gets [+-]\d+/[+-]\d+ for each [a-z ]*card exiled with) it$", r"\1 self", low)
    # "SELF enters with a +1/+1 counter on it for each instant and sorcery card exiled with it" (Murktide Regent): the
    # cards its delve exiled (702.65a; engine/cast_options.py carried), "it" being SELF
    low = re.sub(r"^(self enters with .+ for each [a-z ]*card exiled with) it$", r"\1 self", low)
    # "As long as equipped creature is a Human, it gets an additional +1/+0" (Silver-Inlaid Dagger): the same
    # bonus as "gets +1/+0", added to what the Equipment's other static gives (613.3c)
    # (Zealot's Conviction: "... gets an additional +1/+0 and has first strike": the bonus and the keyword)
    low = re.sub(r"\b(gets?) an additional ([+-]\d+/[+-]\d+)(?= as long as |$| and has )", r"\1 \2", low)
    # "SELF has hexproof as long as it entered this turn" (Drownyard Behemoth): "it" is SELF, the subject
    low = re.sub(r"^(self (?:has|gets) .+ as long as) it (entered|attacked) this turn$", r"\1 self \2 this turn", low)
    # "SELF's power and toughness are each equal to the number of fade counters on it" (Rusting Golem): "it" is SELF
    low = re.sub(r"^(self's (?:power|toughness|power and toughness) (?:is|are each) equal to .+ counters on) it$",
                 r"\1 self", low)
    # "SELF costs {1} less to cast during your turn" (601.2f): the same reduction as "... if it's your turn"
    low = re.sub(r"^(self costs (?:\{\d+\})+ (?:less|more) to cast) during your turn$", r"\1 if it's your turn", low)
    # "During your turn, SELF costs ..." / "During turns other than yours, SELF costs {3} more" (Hurkyl's Final
    # Meditation) / "SELF costs {2} less to cast during your end step" (Closing Statement) / "... as long as you've
    # drawn two or more cards this turn" (Gwaihir): the same cost change under that condition (601.2f, 611.3b)
    low = re.sub(r"^during your turn, (self costs (?:\{\d+\})+ (?:less|more) to cast)$", r"\1 if it's your turn", low)
    low = re.sub(r"^during turns other than yours, (self costs (?:\{\d+\})+ (?:less|more) to cast)$",
                 r"\1 if it's not your turn", low)
    low = re.sub(r"^(self costs (?:\{\d+\})+ (?:less|more) to cast) during your end step$", r"\1 if it's your end step",
                 low)
    # "This spell costs {2} less to cast as long as there are four or more card types among cards in your graveyard"
    # (Drag to the Roots): for the spell's own cost, the condition as it is cast (601.2f), as "... if ..."
    low = re.sub(r"^(self costs (?:\{\d+\})+ (?:less|more) to cast) as long as ", r"\1 if ", low)
    # "If you have 3 or less life, SELF costs {6} less to cast" (Avatar of Hope), "If an opponent controls seven or
    # more lands, ..." (Avatar of Fury): as "SELF costs {6} less to cast if ..." (601.2f), the condition first
    low = re.sub(r"^if ([^,]+), (self costs (?:\{\d+\})+ (?:less|more) to cast)$", r"\2 if \1", low)
    # "Creature spells can't be cast." (Aether Storm): no player may cast them (101.2), as "Players can't cast ..."
    low = re.sub(r"^([a-z ]+?) spells can't be cast$", r"players can't cast \1 spells", low)
    # "As long as SELF is on the battlefield, it has all activated abilities of ...": a permanent's static ability
    # works only on the battlefield anyway (112.6)
    low = re.sub(r"^as long as self is on the battlefield, (?:it|self) has ", "self has ", low)
    if not re.fullmatch(r"self doesn't untap during your untap step if it (?:has an? [\w-]+ counters? on it|attacked "
                        r"during your last turn)", low):
        # "Enchanted creature doesn't untap during its controller's untap step if it has a sleep counter on it"
        # (Venarian Gold), "SELF doesn't untap during your untap step if an opponent controls two or more creatures"
        # (Walking Dream): a static's condition, checked as the untap step untaps (611.3a, 502.3): "as long as"
        low = re.sub(r"^(.+? doesn't untap during (?:your|its controller's) untap step) if ", r"\1 as long as ", low)
    if not low.endswith(" if it attacked during your last turn"):
        # "Enchanted creature can't block if it's black" (Hobble): a restriction while the condition holds, checked as
        # attackers or blockers are declared (508.1c, 509.1b, 611.3a): "as long as"
        low = re.sub(r"^((?:enchanted creature|equipped creature) (?:can't attack|can't block|can't attack or "
                     r"block)) if ", r"\1 as long as ", low)
    for rx, rule in _DECK_RULES:
        if rx.fullmatch(low):
            return [{"kind": "deck_rule", "rule": rule}]
    m = re.fullmatch(r"the (first|second|third) spell you cast each turn costs \{(\d+)\} less to cast", low)
    if m:  # "The second spell you cast each turn costs {1} less to cast" (Highspire Bell-Ringer): while it is cast,
        # that many spells before it became cast this turn (601.2f is before 601.2i: it is not counted yet)
        k = {"first": 0, "second": 1, "third": 2}[m.group(1)]
        return [{"kind": "cost_change", "spells": {}, "who": "you", "amount": -int(m.group(2)),
                 "condition": {"spells_cast_this_turn": k}}]
    m = re.fullmatch(r"(if self hasn't been exerted this turn, )?you may exert (?:self|it) as (?:it|he|she) attacks",
                     low)
    if m:  # exert (a later keyword action, Amonkhet): chosen as it attacks (engine/combat.py), once a turn if so said
        return [{"kind": "exert_on_attack", **({"once_per_turn": True} if m.group(1) else {})}]
    if low == "if it's neither day nor night, it becomes day as self enters":
        return [{"kind": "day_as_enters"}]  # day and night, a later rule (Innistrad: Midnight Hunt; engine/transform)
    m = re.fullmatch(r"(.+?)\. this effect doesn't remove (self|auras)", low)
    if m:
        return _sparing_protection(m.group(1), m.group(2))
    m = re.fullmatch(r"self and (enchanted creature|equipped creature) (?:each )?get (.+)", low)
    if m:  # bestow (702.102): "SELF and enchanted creature each get +X/+X, where X is ..." (Nighthowler): the
        # creature it is, and the creature it enchants, each as its own static (613.3c)
        a, b = _parse_plain(f"self gets {m.group(2)}"), _parse_plain(f"{m.group(1)} gets {m.group(2)}")
        return None if a is None or b is None else a + b
    m = re.fullmatch(r"as long as the top card of your graveyard is a creature card, self has the full text of that "
                     r"card and has the text \"(.+)\"", t, re.I)
    if m:  # 612.5 (Volrath's Shapeshifter): the full text of a card, in layer 3 (engine/layers.py)
        from engine.cards.compiler import compile_ability_text  # layering: cycle (compiler imports this)
        extra = compile_ability_text(m.group(1).replace("this creature", "SELF"))
        return None if extra is None else [{"kind": "full_text", "of": "top_graveyard_creature", "ability": extra}]
    if low.startswith("as long as self is on the stack, "):  # a spell's own static on the stack (_stack_tax)
        return _parse_plain(low)
    # conditions: "as long as X, Y" / "Y as long as X" / "during your turn, Y"
    m = re.fullmatch(r"(?:as long as|during) (.+?), (.+)", low)
    if m and not low.startswith("during your turn") or (m and low.startswith("during your turn")):
        cond_text = m.group(1) if low.startswith("as long as") else "during " + m.group(1)
        cond = parse_condition(cond_text)
        body = m.group(2)
        both = re.fullmatch(r"(?:as long as|if) (.+?), (.+)", body) if low.startswith("during ") else None
        if both and cond is not None:  # "During your turn, as long as SELF has one or more loyalty counters on him,
            # he's a 3/4 Ninja creature" (Kaito, Bane of Nightmares), "During your turn, if an opponent lost life
            # this turn, you may play lands and cast spells from among cards exiled with SELF" (Theater of Horrors):
            # both conditions (611.3b)
            more = parse_condition(both.group(1))
            cond = None if more is None else {"all": [cond, more]}
            cond_text, body = both.group(1), both.group(2)
        if cond is not None and "attached" in cond:  # "as long as equipped creature is a Human, it has lifelink";
            # "As long as enchanted permanent is a Vehicle, it's a creature in addition to its other types" (Aerial
            # Modification)
            body = re.sub(r"^(?:it's|it is) ", cond_text.split(" is ")[0] + " is ", body)
            body = re.sub(r"^it\b", cond_text.split(" is ")[0], body)
        elif re.match(r"self (?:has|is)\b", cond_text):  # "As long as SELF has seven or more loyalty counters on
            # him, he's a 7/7 Dragon God creature" (Grand Master of Flowers): the pronoun is SELF (a legend's own)
            body = re.sub(r"^(?:it's|it is|he's|he is|she's|she is) ", "self is ", body)
            # "he's a 3/4 Ninja creature and has hexproof": what "with hexproof" says
            body = re.sub(r"^(self is an? [^,]+? creature) and has ([a-z ]+)$", r"\1 with \2", body)
        one = re.fullmatch(r"you control exactly one ([a-z]+)", cond_text)
        if cond is not None and one and body.startswith(f"that {one.group(1)} "):
            # "As long as you control exactly one creature, that creature gets +2/+0" (Deadly Wanderings): the
            # only one there is, so the creatures you control while the condition holds (611.3a)
            body = re.sub(r"\bgets\b", "get", re.sub(r"\bhas\b", "have", body.replace(
                f"that {one.group(1)} ", f"{one.group(1)}s you control ", 1)))
        return _with_condition(_plain_or_both(body) or _is_color_too(body), cond) if cond is not None else None
    m = re.fullmatch(r"as long as (.+?), (?:it|self) can attack as though it didn't have defender", low)
    if m:
        cond = parse_condition(re.sub(r"^it's ", "self is ", m.group(1)))
        if cond is None or _attacker_only(cond):
            return None
        return [{"kind": "restriction", "affects": "self", "rule": "attack_despite_defender", "condition": cond}]
    m = _OTHERWISE.fullmatch(low)
    if m:  # "... gets +1/+1 as long as it's a Pirate. Otherwise, it gets -2/-0."
        return _gets_otherwise(m)
    m = re.fullmatch(r"(enchanted creature|equipped creature|self) gets ([+-]\d+/[+-]\d+)\. (?:it|self) gets "
                     r"([+-]\d+/[+-]\d+) instead as long as (.+)", low)
    if m:  # "Enchanted creature gets -2/-0. It gets -6/-0 instead as long as its controller has seven or more cards
        # in their graveyard." (So Tiny, Mind Carver): the second change while the condition holds, the first while
        # it does not (611.3a, 613.3c)
        cond = parse_condition(re.sub(r"^its controller\b", f"{m.group(1)}'s controller", m.group(4)))
        a, b = _parse_plain(f"{m.group(1)} gets {m.group(2)}"), _parse_plain(f"{m.group(1)} gets {m.group(3)}")
        if cond is None or a is None or b is None:
            return None
        off, on = _with_condition(a, {"not": cond}), _with_condition(b, cond)
        # "instead": the second applies in place of the first (the first carries the opposite condition)
        return None if off is None or on is None else off + [{**st, "instead": True} for st in on]
    m = re.fullmatch(r"(each .+?) gets ([+-]\d+)/([+-]\d+) as long as it's not (attacking|blocking)", low)
    if m:  # "it": each creature the anthem names, not SELF
        return _anthem_unless_in_combat(m)
    m = re.fullmatch(r"(.+?) as long as (.+)", low)
    if m and "." not in m.group(1):  # (a second sentence's "as long as": the paragraph, below)
        cond_text = m.group(2)
        host = re.match(r"(enchanted creature|equipped creature|enchanted permanent|enchanted land) ", m.group(1))
        if host:  # "Enchanted creature can't block as long as it's black" (Hobble), "... gets +1/+2 as long as it's
            # white" (Favorable Destiny): "it" is the object the source is attached to (303.4), not SELF
            cond_text = re.sub(r"^(?:it's|it is) ", f"{host.group(1)} is ", cond_text)
        cond_text = re.sub(r"^it's ", "self is ", cond_text)
        if m.group(1).startswith("self "):  # "SELF has flying as long as it has a +1/+1 counter on it": it is SELF
            cond_text = re.sub(r"^it (has|is) ", r"self \1 ", cond_text)
        cond = parse_condition(cond_text)
        return _with_condition(_parse_plain(m.group(1)), cond) if cond is not None else None
    out = _plain_or_both(low)
    m = re.fullmatch(r"(self (?:can't|has|gets|is) .+?) if (.+)", low) if out is None else None
    if m:  # "SELF can't be blocked if you've cast a historic spell this turn" (Relic Runner): a static that applies
        # while the condition holds, as "as long as" says it (611.3b)
        cond = parse_condition(m.group(2))
        plain = _parse_plain(m.group(1)) if cond is not None else None
        if plain is not None and cond is not None:
            return _with_condition(plain, cond)
    if out is None and low.endswith(" during your turn"):  # "Prevent all damage that would be dealt to SELF
        # during your turn" (Gideon Blackblade): the static while it is its controller's turn (611.3b)
        out = _with_condition(_parse_plain(low[:-len(" during your turn")]), {"your_turn": True})
    if out is None and ". " in low:
        # several independent static sentences in one paragraph ("SELF enters tapped. As it enters, choose a color.")
        parts = [p.strip().rstrip(".") for p in sentences(low)]
        got: list[dict[str, Any]] = []
        subject = None
        for p in parts:
            x = _parse_plain(p)
            back = re.fullmatch(r"as long as (.+?), (?:they|it) (?:also )?(.+)", p) if x is None and subject else None
            if back:  # "Creatures you control of the chosen type get +1/+1. As long as you have the city's blessing,
                # they also have vigilance." (Radiant Destiny), "Equipped creature gets +1/+1. As long as it's
                # legendary, it gets an additional +2/+0." (Tenza): the first sentence's subject, under the
                # condition (611.3b)
                cond = re.sub(r"^(?:it's|it is|they're|they are)\b", f"{subject} is", back.group(1))
                x = parse_static(f"as long as {cond}, {subject} {back.group(2)}")
            if x is None:
                return None
            got += x
            sm = re.match(r"(.+?) (?:gets?|has|have) ", p) if subject is None else None
            subject = sm.group(1) if sm else subject
        return got
    return out


def _is_color_too(low: str) -> list[dict[str, Any]] | None:
    """Threshold (an ability word, 207.2c; read in an "as long as" sentence): "SELF gets +1/+1, is black, and has '...'"
    (Possessed Nomad), "SELF is white and has '...'" (Repentant Vampire), "SELF gets +3/+3, is black, has trample,
    and has '...'" (Wayward Angel): the new color (layer 5, 105.3, 613.1e) and the rest of the sentence, all under the
    condition. Only for a condition's body: SELF's color is then no characteristic-defining ability (604.3)."""
    m = re.fullmatch(r"(self|enchanted creature|equipped creature) is (white|blue|black|red|green) and (.+)", low)
    if m:
        rest, color = f"{m.group(1)} {m.group(3)}", m.group(2)
    else:
        m = re.fullmatch(r"((?:self|enchanted creature|equipped creature) gets [+-]\d+/[+-]\d+), is (white|blue|black|"
                         r"red|green),( and)? (.+)", low)
        if m is None:
            return None
        rest, color = f"{m.group(1)}{' and' if m.group(3) else ','} {m.group(4)}", m.group(2)
    inner = _parse_plain(rest)
    if inner is None:
        return None
    aff = inner[0].get("affects")
    return [*inner, {"kind": "become", "affects": aff, "colors": [COLORS[color]]}] if aff else None


def _plain_or_both(low: str) -> list[dict[str, Any]] | None:
    """One static sentence, or two joined by "and" that are each whole on their own: "creatures you control have
    first strike and equip abilities you activate cost {1} less to activate" (Nahiri, Storm of Stone), "spells your
    opponents cast cost {1} more to cast and abilities your opponents activate cost {1} more ..." (Tithe Taker)."""
    out = _parse_plain(low)
    if out is not None:
        return out
    for mm in re.finditer(r" and (?=(?:equip|ninjutsu|cycling|abilities|activated|loyalty) )", low):
        a, b = _parse_plain(low[:mm.start()]), _parse_plain(low[mm.end():])
        if a is not None and b is not None:
            return a + b
    mm0 = re.fullmatch(r"((?:enchanted|equipped) creature) (.+?),? and (is goaded|can't attack you or planeswalkers "
                       r"you control)", low)
    if mm0:  # "Enchanted creature gets +1/+1, has deathtouch, and is goaded" (the Impetus Auras), "... gets +2/+2,
        # has vigilance, and can't attack you or planeswalkers you control" (the Vows): two statics of one subject
        head = re.sub(r", (has|gets|is) ([^,]+)$", r" and \1 \2", mm0.group(2))
        a, b = _parse_plain(f"{mm0.group(1)} {head}"), _parse_plain(f"{mm0.group(1)} {mm0.group(3)}")
        if a is not None and b is not None:
            return a + b
    for mm in re.finditer(r"^self (?:gets [+-]\d+/[+-]\d+|has [a-z ]+?) and (?=(?:other )?creatures )", low):
        # "SELF gets +2/+2 and other creatures you control get +2/+2 and have trample" (the lieutenants): SELF's
        # static, then a second sentence with a subject of its own (each whole alone; 611.3b: one condition)
        a, b = _parse_plain(low[:mm.end() - 5]), _parse_plain(low[mm.end():])
        if a is not None and b is not None:
            return a + b
    return None


def _parse_plain(low: str) -> list[dict[str, Any]] | None:
    for pattern, fn in _STATICS:
        m = pattern.fullmatch(low)
        if m:
            out = fn(m)
            if out is not None:
                return out
    return None


@static(r'^(lands .+?) lose all land types and abilities,? and (?:they )?(?:gain|have) "(\{t\}: add one mana of any '
        r'color\.?)"$')
def _land_loses_all(m: re.Match) -> list[dict[str, Any]] | None:
    """"Lands your opponents control with the chosen name lose all land types and abilities, and they gain '{T}: Add
    one mana of any color.'" (Alpine Moon): their land types go in layer 4 (205.3i, 613.1d), their abilities in layer
    6, where the mana ability is given after (613.1f: one effect, in the order written)."""
    aff = _affects(m.group(1))
    if not isinstance(aff, dict):
        return None
    mana = Ability("mana", "{T}: Add one mana of any color.",
                   effects=(Effect("add_mana", {"any": 1, "same": True}),), cost=parse_cost_text("{T}"))
    return [{"kind": "add_types", "affects": aff, "subtypes": [], "lose_land_types": True},
            {"kind": "become", "affects": aff, "lose_all": True, "abilities": [mana]}]


_CLAUSE_VERB = re.compile(r",? and (?=(?:is|has|gets|loses|it loses) )|, (?=(?:and )?(?:is|has|gets|loses) )")


@static(r"^(enchanted creature|equipped creature) ((?:gets|has|loses|is) .+ (?:and|, ) ?(?:is|has|gets|loses) .+)$")
def _attached_clauses(m: re.Match) -> list[dict[str, Any]] | None:
    """Read after every other reader (registered last). An Aura's or Equipment's list of changes to the creature
    it is attached to (303.4, 301.5): "Enchanted creature has base power and toughness 0/4, has defender, loses
    all other abilities, and is a blue Wall in addition to its other colors and types" (Deep Freeze), "Equipped
    creature gets +2/+2, has flying, and is a white Angel in addition to its other colors and types" (Angelic
    Armaments). Each clause in its layer (613.1d-f, 613.3b-c): the creature types added (4), the colors added (5,
    105.3), the abilities (6: "loses all other abilities" keeps only the abilities this same effect gives, applied
    after the loss), the base power and toughness set (7b), the change of "gets" (7c)."""
    aff = _affects(m.group(1))
    # a quoted ability is one clause: its own words ("and whenever", ", you gain") split nothing
    quoted = re.findall(r'"[^"]*"', m.group(2))
    held = re.sub(r'"[^"]*"', lambda q: f"\x00{quoted.index(q.group(0))}\x00", m.group(2))
    clauses = [re.sub(r"\x00(\d+)\x00", lambda q: quoted[int(q.group(1))], c.strip())
               for c in _CLAUSE_VERB.split(held)]
    become: dict[str, Any] = {"kind": "become", "affects": aff}
    keywords: list[str] = []
    out: list[dict[str, Any]] = []
    granted: list[dict[str, Any]] = []
    for c in clauses:
        c = re.sub(r"^and ", "", c)
        if (q := re.fullmatch(r'has ("[^"]+")', c)) is not None:
            # 'has "Whenever SELF attacks, you gain 1 life,"' (the job-select Equipment, Final Fantasy): the quoted
            # ability the creature has (613.1f, layer 6)
            quoted_ab = _granted(aff, q.group(1).rstrip('"').rstrip(",.") + '"')
            if quoted_ab is None:
                return None
            granted += quoted_ab
        elif pt := re.fullmatch(r"gets ([+-]\d+)/([+-]\d+)", c):
            out.append({"kind": "anthem", "affects": aff, "power": int(pt.group(1)), "toughness": int(pt.group(2))})
        elif pt := re.fullmatch(r"has base power and toughness (\d+)/(\d+)", c):
            if "power" in become:
                return None
            become["power"], become["toughness"] = int(pt.group(1)), int(pt.group(2))
        elif c in ("loses all other abilities", "it loses all other abilities"):
            become["lose_all"] = True
        elif kw := re.fullmatch(r"has (.+)", c):
            got = keyword_list(kw.group(1))
            if not got:
                return None
            keywords += got
        elif isa := re.fullmatch(
                r"is an? ([a-z ]+?) in addition to its other (?:colors and types|types|creature types)", c):
            words = _creature_words(isa.group(1))
            if words is None or words[1] or not words[2] or "subtypes" in become:
                return None  # a card type added ("is an artifact") is not read here
            if words[0] and "colors" not in c:
                return None
            become.update(subtypes=words[2], in_addition=True)
            if words[0]:
                become["add_colors"] = words[0]
        else:
            return None
    if become.get("lose_all"):
        if granted:  # (a quoted ability given after "loses all other abilities" is not read here)
            return None
        become["keywords"] = keywords  # 613.1f: the abilities it keeps come after the loss, in the same effect
    elif keywords:
        out.append({"kind": "keywords", "affects": aff, "keywords": keywords})
    out += granted
    if len(become) > 2:
        out.insert(0, become)
    return out if len(clauses) > 1 else None


STATIC_READERS.append(parse_static)  # for effects that grant a static for a while (effects/restrictions.py)
