"""Targets and object filters (CR 115, 109): noun phrases to filter dicts.

"target creature an opponent controls" -> TargetSpec({"types": ["Creature"],
"controller": "opponent"}, ...). The same noun-phrase reader serves non-targeted sets
("creatures you control", "each creature with flying"). The filter keys are listed in
engine/cards/abilities.py.
"""
from __future__ import annotations

import re
from typing import Any, Callable

from engine.cards.abilities import TargetSpec
from engine.cards.compiler.subtypes import CREATURE_TYPES, subtype
from engine.cards.compiler.text import title
from engine.cards.printings import originally_printed_in

CARD_TYPES = {"creature": "Creature", "artifact": "Artifact", "enchantment": "Enchantment", "land": "Land",
              "planeswalker": "Planeswalker", "instant": "Instant", "sorcery": "Sorcery", "battle": "Battle",
              "kindred": "Kindred", "tribal": "Kindred"}
PLURAL_TYPES = {"creatures": "creature", "artifacts": "artifact", "enchantments": "enchantment", "lands": "land",
                "planeswalkers": "planeswalker", "instants": "instant", "sorceries": "sorcery", "battles": "battle",
                "permanents": "permanent", "spells": "spell", "cards": "card", "tokens": "token",
                "players": "player", "opponents": "opponent", "sources": "source"}
COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
           "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
           "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20,
           "thirty": 30, "forty": 40, "fifty": 50, "single": 1}
KEYWORDS = ["flying", "first strike", "double strike", "deathtouch", "trample", "reach", "vigilance",
            "haste", "lifelink", "defender", "menace", "hexproof", "indestructible", "shroud", "flash",
            "intimidate", "fear", "infect", "wither", "horsemanship", "shadow", "prowess", "changeling",
            "islandwalk", "swampwalk", "forestwalk", "mountainwalk", "plainswalk", "banding", "flanking",
            "skulk", "ward", "persist", "undying", "exalted", "myriad", "convoke", "cascade", "storm",
            "toxic", "devoid", "decayed", "riot", "melee", "extort", "dethrone", "phasing"]
#: keywords a card has wherever it is ("return target card with awaken from your graveyard", "a spell with
#: flashback"): read in a filter only, as the card's keyword (702), never granted by these words
CARD_KEYWORDS = ["awaken", "cycling", "flashback", "kicker", "madness", "suspend", "evoke", "mutate", "foretell",
                 "augment", "escape", "ninjutsu", "unearth", "embalm", "eternalize", "emerge", "surge", "buyback",
                 "retrace", "echo", "dash", "bestow", "disturb", "blitz", "multikicker", "entwine", "splice"]
#: what "historic" means (700.6, added 2018 with Dominaria): an artifact, a legendary, or a Saga
HISTORIC = ({"types": ["Artifact"]}, {"supertypes": ["Legendary"]}, {"subtypes": ["Saga"]})
#: what "outlaw" means (a later term, Outlaws of Thunder Junction, 2024, on the model of 700.6's "historic"): an
#: object with one of these creature types (205.3m)
OUTLAW = ["Assassin", "Mercenary", "Pirate", "Rogue", "Warlock"]
SUPERTYPES = {"legendary": "Legendary", "basic": "Basic", "snow": "Snow", "nonbasic": None, "nonlegendary": None,
              "nonsnow": None}

_CONTROLLER_SUFFIX = re.compile(
    r"\s+(you control|you don't control|self doesn't control|you don't own|that player owns|an opponent controls|"
    r"your opponents control|you own|target player owns|"
    r"target player controls|that player controls|defending player controls|target opponent controls|"
    r"its controller controls|they control|you both own and control|each player controls|each opponent controls|"
    r"(?:the )?chosen player controls|that opponent controls|that player or that planeswalker's controller controls|"
    r"enchanted player controls|your team controls)$")
_ZONE_SUFFIX = re.compile(
    r"\s+(?:in|from) (your graveyard|a graveyard|an opponent's graveyard|your opponents' graveyards|"
    r"opponents' graveyards|target player's graveyard|"
    r"their graveyard|your hand|your library|a single graveyard|exile|that player's graveyard|graveyards|"
    r"all graveyards|your graveyard and/or hand|that player's hand|their hand|target player's hand|"
    r"the chosen player's graveyard|the chosen player's hand)$"
    r"|\s+in (each graveyard)$")  # "in each graveyard": in all of them (404.1)


#: the amount parser of engine.cards.compiler.quantities, which imports this module and sets it here, for
#: "with mana value equal to the number of charge counters on SELF" (a noun whose quality is an amount)
QUANTITY: list[Callable[[str], Any]] = []


def _names_it(q: Any) -> bool:
    """Does this amount read "it" (``{"toughness_of": "it"}``)? Inside a filter "its" is the object
    looked at, which an amount counted for the filter's source cannot name."""
    if isinstance(q, dict):
        return any(v == "it" or _names_it(v) for v in q.values())
    if isinstance(q, list):
        return any(_names_it(v) for v in q)
    return False


def attached_noun(phrase: str) -> bool:
    """"enchanted creature", "equipped creature", "fortified land", and an Aura's own noun: "enchanted Forest"
    (Genju of the Cedars, "Enchant Forest"), "enchanted Wall": the permanent the Aura, Equipment or Fortification
    is attached to (303.4, 301.5, 301.6), never a player ("enchanted player": a Curse's)."""
    m = re.fullmatch(r"(?:enchanted|equipped|fortified) ([a-z][a-z'-]*)", phrase.strip().lower())
    if m is None:
        return False
    w = m.group(1)
    return w in ("creature", "artifact", "enchantment", "land", "planeswalker", "battle", "permanent") \
        or subtype(w) is not None


def number(word: str) -> int | None:
    word = word.lower()
    if word.isdigit():
        return int(word)
    return NUMBERS.get(word)


def _singular_type(w: str) -> str:
    return PLURAL_TYPES.get(w, w)


def _strip_suffixes(p: str, f: dict[str, Any]) -> str | None:
    """Trailing qualifiers, repeatedly: controller, zone, with/without, that's ..., other than."""
    changed = True
    while changed:
        changed = False
        m = re.search(r"\s+with (power|toughness|mana value) greater than (the number of .+|your life total)$", p)
        if m:  # "creatures with power greater than the number of cards in your hand" (Ensnaring Bridge): one more
            q = QUANTITY[0](m.group(2)) if QUANTITY else None  # than the amount, counted as the filter is checked
            if q is None:
                return None
            key = {"power": "power", "toughness": "toughness", "mana value": "mv"}[m.group(1)]
            f[key + "_ge"] = {"plus": [q, 1]}
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+with that spell's mana value$", p)
        if m:  # "Whenever you cast a Spirit or Arcane spell, destroy all permanents with that spell's mana value"
            # (Celestial Kirin): the mana value of "it", the spell the event names (202.3), counted as it resolves
            f["mv_eq"] = {"mv_of": "it"}
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+card with lesser mana value$", p)
        if m:  # "When you next cast a creature spell this turn, search your library for a creature card with lesser
            # mana value" (Vivien, Monsters' Advocate): less than the mana value of "it", the spell the event names
            f["mv_le"] = {"plus": [{"mv_of": "it"}, -1]}
            p = p[: m.start()] + " card"
            changed = True
            continue
        m = re.search(r"\s+with (power|toughness|mana value) less than (the revealed card's (?:power|toughness|"
                      r"mana value)|the exploited creature's (?:power|toughness))$", p)
        if m:  # "each creature with mana value less than the revealed card's mana value" (Calamity of the Titans)
            q = QUANTITY[0](m.group(2)) if QUANTITY else None
            if q is None:
                return None
            key = {"power": "power", "toughness": "toughness", "mana value": "mv"}[m.group(1)]
            f[key + "_le"] = {"plus": [q, -1]}
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+with (power|toughness|mana value) (less|greater) than (?!or equal)(the number of .+|"
                      r"your life total|self's (?:power|toughness))$", p)
        if m and m.group(1) != "mana value" and m.group(2) == "less" and m.group(3).startswith("self's"):
            m = None  # "creatures with power less than SELF's power" (Lena): SELF as it last existed (below)
        if m:  # "each creature with power less than the number of cards in your hand" (Nightmare Unmaking), "...
            # card with mana value less than SELF's power" (Narset, Enlightened Exile): strictly less (or greater)
            # than an amount counted as the filter is checked (608.2b): at most (at least) that amount -1 (+1)
            q = QUANTITY[0](m.group(3)) if QUANTITY else None
            if q is None:
                return None
            key = {"power": "power", "toughness": "toughness", "mana value": "mv"}[m.group(1)]
            f[key + ("_le" if m.group(2) == "less" else "_ge")] = {"plus": [q, -1 if m.group(2) == "less" else 1]}
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+with (power|toughness|mana value) (less|greater) than or equal to (the number of .+|"
                      r"the amount of .+|your life total|the revealed card's (?:power|toughness|mana value)|"
                      r"self's (?:power|toughness)|(?:his|her) power)$", p)  # "... to SELF's power" (Earthshaker
        # Khenra): SELF's power as the filter is checked (as a target is chosen and as it resolves, 608.2b)
        if m:  # "with power less than or equal to the number of Islands you control" (Vedalken Shackles): an
            # amount counted as the filter is checked (a whole phrase: its "you control" is the count's)
            theirs = re.fullmatch(r"(the number of (?:.+ )?cards in) its controller's graveyard", m.group(3))
            # "target spell with mana value less than or equal to the number of cards in its controller's graveyard"
            # (Drown in the Loch): the graveyard of the controller of the object checked (404.2, 608.2b)
            q = QUANTITY[0](theirs.group(1) + " your graveyard" if theirs else m.group(3)) if QUANTITY else None
            if theirs and m.group(1) == "mana value" and isinstance(q, dict) and set(q) == {"count"} \
                    and q["count"].get("owner") == "you":
                q = {**q, "per_controller": True}
            elif theirs:
                return None
            if q is None:
                return None
            key = {"power": "power", "toughness": "toughness", "mana value": "mv"}[m.group(1)]
            f[key + ("_le" if m.group(2) == "less" else "_ge")] = q
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+(?:with|that has) the same name as a card in (their|your|its controller's) graveyard$", p)
        if m:  # "a creature or planeswalker spell with the same name as a card in their graveyard" (Dragonlord
            # Kolaghan), "an instant or sorcery card with the same name as a card in your graveyard": its name (201.2)
            f["name_in_graveyard"] = "you" if m.group(1) == "your" else "controller"
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+with total power and toughness (\w+) or (less|greater)$", p)
        if m and number(m.group(1)) is not None and "pt_total_le" not in f and "pt_total_ge" not in f:
            # "target creature with total power and toughness 5 or less" (Cut Down): its power plus its toughness
            # (208.1), as it is now
            f["pt_total_le" if m.group(2) == "less" else "pt_total_ge"] = number(m.group(1))
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+whose power and toughness (are|aren't) equal$", p)
        if m:  # "target non-Elf creature whose power and toughness aren't equal" (Gilt-Leaf Winnower, 208.1)
            f["pt_equal"] = m.group(1) == "are"
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+of the creature type of your choice$", p)
        if m:  # "creatures of the creature type of your choice get -3/-3" (Witch's Vengeance): the type is chosen as
            f["type_choice"] = True  # the effect resolves (608.2d; engine/values.bind_refs)
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+of the (permanent|card) type of your choice$", p)
        if m:  # "return all cards of the permanent type of your choice" (Creeping Renaissance, written "Choose a
            # permanent type. ... of the chosen type"): chosen as the effect resolves (608.2d; engine/values.bind_refs)
            f["card_type_choice"] = m.group(1)
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+of the color of your choice$", p)
        if m:  # "all permanents of the color of your choice" (Wash Out): the color is chosen as the effect
            f["color_choice"] = True  # resolves (608.2d; engine/values.bind_refs)
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+that dealt damage this turn$", p)
        if m:  # "destroy target creature that dealt damage this turn" (Avenging Arrow): any damage, to anything
            f["dealt_damage_this_turn"] = True
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+that dealt damage to you this turn$", p)
        if m:  # "destroy target creature that dealt damage to you this turn" (Spear of Heliod)
            f["damaged_you_this_turn"] = True
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+with a single target$", p)
        if m and p[: m.start()].split()[-1] in ("spell", "spells", "ability", "abilities"):
            f["single_target"] = True  # 114.6a: "change the target of target spell with a single target"
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+that targets only (?:a single )?(.+)$", p)
        if m and p[: m.start()].split()[-1] in ("spell", "spells", "ability", "abilities"):
            # "an instant or sorcery spell that targets only SELF" (Zada, Hedron Grinder), "... only a single creature
            # you control" (Leyline of Resonance): one target in all (114.6a), that object (114.1)
            sub = "self" if m.group(1) == "self" else parse_noun(m.group(1))
            if sub is None or isinstance(sub, dict) and (sub.get("player") or "or" in sub):
                return None
            f["single_target"] = True
            f["targets"] = sub
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+that targets (you|.+)$", p)
        if m and p[: m.start()].split()[-1] in ("spell", "spells", "ability", "abilities"):
            # 114.8: "counter target spell that targets a permanent you control" (Turn Aside)
            if m.group(1) == "you":
                f["targets_you"] = True
            elif m.group(1).startswith("you or "):  # "that targets you or a creature you control" (Siren Stormtamer)
                sub = parse_noun(m.group(1)[len("you or "):])
                if sub is None or sub.get("player"):
                    return None
                f["targets_you_or"] = sub
            else:
                sub = parse_noun(m.group(1))
                if sub is None:
                    return None
                f["targets"] = sub
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+with a name originally printed in the (.+?) expansion$", p)
        if m:  # 700.6: "permanents with a name originally printed in the Homelands expansion" (Apocalypse Chime)
            names = originally_printed_in(m.group(1))
            if not names:
                return None
            f["name_in"] = list(names)
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+that share an? (permanent|card|creature) type$", p)
        if m:  # "two target permanents that share a permanent type": the slot's targets have one in common (115.1)
            f["share_type"] = m.group(1)
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+controlled by different players$", p)
        if m:  # "two target creatures controlled by different players": no two of them with one controller (115.1)
            f["different_controllers"] = True
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+that (?:has|have) an adventure$", p)
        if m:  # "a creature spell that has an Adventure" (a later card layout, Throne of Eldraine): an adventurer card
            f["adventurer"] = True
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+with the chosen name$", p)
        if m:  # 201.3: "target spell with the chosen name" (Declaration of Naught)
            f["chosen_name"] = True
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+banded with (?:it|self)$", p)
        if m:  # "all creatures banded with it" (Icatian Skirmishers; 702.21e-f): in its attacking band
            f["banded_with_source"] = True
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+(?:that's |that is )?attacking you$", p)
        if m:  # "target creature attacking you" (Flash Foliage), "... without flying that's attacking you"
            f["attacking"] = f["attacking_you"] = True
            p = p[: m.start()]
            changed = True
            continue
        m = _CONTROLLER_SUFFIX.search(p)
        if m:
            c = m.group(1)
            f["controller"] = {
                "you control": "you",
                "you don't control": "not_you",
                "self doesn't control": "not_you",  # a permanent controls nothing: its controller doesn't (109.4)
                "an opponent controls": "opponent",
                "your opponents control": "opponent",
                "you own": "you",
                "that player owns": "that_player",  # "cards that player owns in exile" (108.3)
                "target player owns": "that_player",  # "all artifacts target player owns" (Hurkyl's Recall, 108.3)
                "target player controls": "that_player",
                "that player controls": "that_player",
                "defending player controls": "defending_player",
                "target opponent controls": "that_player",
                "its controller controls": "its_controller",
                "they control": "that_player",
                "you both own and control": "you",
                "you don't own": "not_you",
                "each player controls": "any",
                "each opponent controls": "opponent",  # "each creature each opponent controls" (Aku Djinn)
                "chosen player controls": "chosen_player",  # chosen as its source entered (614.12)
                "the chosen player controls": "chosen_player",
                "that opponent controls": "that_player",
                "that player or that planeswalker's controller controls": "that_player",
                "enchanted player controls": "attached_player",  # the player the source enchants (303.4, a Curse)
                "your team controls": "team",  # you and your teammates (102.3); you alone in a game without teams
            }[c]
            if c in ("you own", "you don't own", "that player owns", "target player owns"):
                f["owner"] = f.pop("controller")
            if c in ("target player controls", "target opponent controls", "target player owns"):
                f["_needs_player_target"] = "opponent" if "opponent" in c else "player"
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+that (?:aren't|isn't) enchanted$", p)
        if m and "enchanted" not in f:  # "Destroy all creatures that aren't enchanted" (Winds of Rath): no Aura
            f["enchanted"] = False  # attached to it (303.4)
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+cast from a graveyard$", p)
        if m and "cast_from" not in f:  # "Counter target spell cast from a graveyard" (Laquatus's Disdain): the zone
            f["cast_from"] = ["graveyard"]  # it was cast from (601.2a)
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+that shares a color with the most common color(?: among all permanents or a color tied for "
                      r"most common)?$", p)
        if m and "shares_most_common_color" not in f:  # (Tsabo's Assassin) a color of the most permanents, or one
            f["shares_most_common_color"] = True  # tied for it (105.1; engine/filters.py)
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+with another aura attached to it$", p)
        if m and "enchanted_by_other" not in f:  # "Enchant creature with another Aura attached to it" (303.4)
            f["enchanted_by_other"] = True
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+not named self$", p)
        if m and "not" not in f:  # "target nonland permanent not named SELF" (Detention Sphere): any other name (201.2)
            f["not"] = {"name": "SELF", "zone": "any_card"}
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+you neither own nor control$", p)
        if m and "controller" not in f and "owner" not in f:  # "target permanent you neither own nor control"
            f["controller"], f["owner"] = "not_you", "not_you"  # (Conjured Currency): both (108.3, 108.4)
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+(?:that's |that are )?attached to (you|a creature|creatures|a land|lands|a permanent|"
                      r"permanents|an artifact|artifacts|a player|players|an opponent|a creature or land)$", p)
        if m and "attached_to" not in f:  # "all permanents attached to creatures" (End Hostilities), "all Curses
            # attached to you" (Witchbane Orb): what it is attached to now (301.5, 303.4, 701.3)
            whom = parse_noun(m.group(1)) if m.group(1) not in ("you", "a player", "players", "an opponent") else \
                {"player": True, **({"controller": "you"} if m.group(1) == "you" else
                                    {"opponent": True} if m.group(1) == "an opponent" else {})}
            if whom is None:
                return None
            f["attached_to"] = whom
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+that attacked this turn$", p)
        if m:  # "Untap all creatures that attacked this turn" (Relentless Assault): declared as attackers (508.1)
            f["attacked_this_turn"] = True
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+with (?:an activated ability that isn't a mana ability|activated abilities that aren't "
                      r"mana abilities)$", p)
        if m:  # "target land with an activated ability that isn't a mana ability" (Ravager Wurm, 602.1, 605.1a)
            f["nonmana_activated"] = True
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+(?:it's|it is|self is) blocking$", p)
        if m:  # "SELF deals 1 damage to target creature it's blocking" (Goblin Snowman): an attacker SELF blocks
            f["blocked_by_self"] = True  # (509.1a)
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+that attacked during their controller's last turn$", p)
        if m:  # "Creatures that attacked during their controller's last turn can't attack." (Halls of Mist): declared
            # as an attacker in the last turn of its controller that has ended (508.1)
            f["attacked_last_turn"] = True
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+that (blocked|was blocked|blocked or was blocked) by an? ([a-z ]+?) this turn$", p)
        partner = parse_noun(m.group(2)) if m else None
        if m and partner is not None and set(partner) <= {"types", "subtypes", "supertypes", "colors"} \
                and "block_partner" not in f:
            # "target creature that blocked or was blocked by a Zombie / a legendary creature this turn" (Time to
            # Reflect, You Cannot Pass!): a creature it blocked, or that blocked it, this turn was of that kind as the
            # block was declared (509.1a, 509.1h; engine/triggers.py keeps their kinds)
            f["block_this_turn"] = {"blocked": "blocked", "was blocked": "was_blocked"}.get(m.group(1), "either")
            f["block_partner"] = partner
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+that (blocked|was blocked|blocked or was blocked) this turn$", p)
        if m:  # "target creature that blocked this turn" (Sizzling Barrage), "each creature that blocked or was
            # blocked this turn" (Heat Stroke): declared as a blocker (509.1a), or an attacker that became blocked
            # (509.1h), this turn
            f["block_this_turn"] = {"blocked": "blocked", "was blocked": "was_blocked"}.get(m.group(1), "either")
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+that attacked or blocked this turn$", p)
        if m:  # "a creature ... that attacked or blocked this turn" (Gideon's Triumph): declared as an attacker or
            # a blocker this turn (508.1, 509.1)
            f["combat_this_turn"] = True
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+that (?:was|were) put there (?:from anywhere )?this turn$", p)
        if m:  # Garna, the Bloodflame; Night Nurse: in a graveyard since this turn, from any zone (404.2)
            f["put_there_this_turn"] = True
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+that (was|wasn't|were|weren't) put there this combat$", p)
        if m:  # "target creature or planeswalker card in your graveyard that wasn't put there this combat" (Storrev,
            # Devkarin Lich): in the graveyard since before the combat phase the game is in, or not (506.1)
            f["put_there_this_combat"] = "n't" not in m.group(1)
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+exiled with self$", p)
        if m:  # "a creature card exiled with SELF" (Sisters of Stone Death): the cards its linked ability exiled
            f["zone"] = "exile"  # (607.2a), still in exile
            f["exiled_with_self"] = True
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+that (?:was|were) put there from the battlefield this turn$", p)
        if m:  # Brought Back, Salvager of Ruin
            f["from_battlefield_this_turn"] = True
            p = p[: m.start()]
            changed = True
            continue
        m = _ZONE_SUFFIX.search(p)
        if m:
            z = m.group(1) or m.group(2)
            f["zone"] = "hand" if "hand" in z and "graveyard" not in z else "library" if "library" in z else \
                "exile" if z == "exile" else "graveyard"
            if z == "a single graveyard":  # all of the slot's targets from one graveyard (engine/targets.py)
                f["single_graveyard"] = True
            if "opponent" in z:  # "an opponent's graveyard", "your opponents' graveyards" (each opponent's, 404.1)
                f["owner"] = "opponent"
            elif z.startswith("the chosen player"):  # the player its source chose as it entered (614.12)
                f["owner"] = "chosen_player"
            elif z.startswith("your") and f["zone"] != "exile":
                f["owner"] = "you"
            elif z.startswith(("target player", "that player", "their")):
                f["owner"] = "that_player"
                if z.startswith("target"):
                    f["_needs_player_target"] = "player"
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+with (power|toughness|mana value) (\d+|x) or (less|greater)$", p)
        if m:
            key = {"power": "power", "toughness": "toughness", "mana value": "mv"}[m.group(1)]
            v: Any = int(m.group(2)) if m.group(2).isdigit() else {"x": True}
            f[key + ("_le" if m.group(3) == "less" else "_ge")] = v
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+that (?:aren't|isn't|are not|is not) legendary$", p)
        if m and "not_supertypes" not in f:  # "exile all nonland permanents that aren't legendary" (205.4a)
            f["not_supertypes"] = ["Legendary"]
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+with power or toughness (\d+) or (less|greater)$", p)
        if m and "or" not in f:  # "creatures you control with power or toughness 1 or less" (either one, 208.1)
            suf = "_le" if m.group(2) == "less" else "_ge"
            f["or"] = [{"power" + suf: int(m.group(1))}, {"toughness" + suf: int(m.group(1))}]
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+(?:that's|that is|that are) an? ([a-z]+(?:, (?:an? )?[a-z]+)*,? or (?:an? )?[a-z]+)$", p)
        words = [re.sub(r"^an? ", "", w) for w in re.split(r",? or |, ", m.group(1))] if m else []
        if m and all(subtype(w) for w in words) and "subtypes" not in f:
            # "each other creature you control that's a Fungus or Saproling": any of them (205.3)
            f["subtypes"] = [subtype(w) for w in words]
            p = p[: m.start()]
            changed = True
            continue
        if m and all(w in CARD_TYPES for w in words) and "types" not in f:
            # "target legendary permanent that's an artifact, creature, or enchantment": any of them (205.2a)
            f["types"] = [CARD_TYPES[w] for w in words]
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+with (power|toughness|mana value) (\d+), (\d+),? or (\d+)$", p)
        if m and int(m.group(3)) == int(m.group(2)) + 1 and int(m.group(4)) == int(m.group(3)) + 1:
            key = {"power": "power", "toughness": "toughness", "mana value": "mv"}[m.group(1)]
            f[key + "_ge"], f[key + "_le"] = int(m.group(2)), int(m.group(4))  # "power 4, 5, or 6"
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+with (power|toughness|mana value) (\d+|x)$", p)
        if m:
            key = {"power": "power", "toughness": "toughness", "mana value": "mv"}[m.group(1)]
            f[key + "_eq"] = int(m.group(2)) if m.group(2).isdigit() else {"x": True}
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+with (power equal to its toughness|toughness equal to its power)$", p)
        if m:  # "a creature you control with power equal to its toughness" (Symmetry Matrix, 208.1)
            f["pt_equal"] = True
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+with (power|toughness|mana value) equal to (.+)$", p)
        q = QUANTITY[0](m.group(2)) if m and QUANTITY else None
        if m and _names_it(q):
            return None  # "its" here is the object the filter looks at, which no amount reads (only the keys above)
        if m and q is not None:  # 208.1, 202.3: compared with an amount as the filter is read
            f[{"power": "power", "toughness": "toughness", "mana value": "mv"}[m.group(1)] + "_eq"] = q
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+with (power|toughness) less than (?:self's|its) (power|toughness)$", p)
        if m:
            f[m.group(1) + "_lt_self"] = m.group(2)
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+with (greater|lesser) (power|toughness)$", p)
        if m:  # "SELF can't be blocked by creatures with greater power": compared with SELF's (208.1)
            f[m.group(2) + ("_gt_self" if m.group(1) == "greater" else "_lt_self")] = m.group(2)
            p = p[: m.start()]
            changed = True
            continue
        kw = "|".join(KEYWORDS)
        m = re.search(r"\s+that (doesn't have|don't have|has|have) ((?:(?:" + kw + r"),? )*(?:(?:and/)?or )?(?:" + kw
                      + r"))$", p)
        if m:  # "each creature that doesn't have first strike, double strike, vigilance, or haste", "creatures that
            # have first strike, double strike, vigilance, and/or haste" (Path of Mettle): "without" / "with" them
            p = p[: m.start()] + (" without " if "n't" in m.group(1) else " with ") + m.group(2).replace("and/or", "or")
            changed = True
            continue
        m = re.search(r"\s+with (" + kw + r") or (" + kw + r")$", p)
        if m and "or" not in f:  # "creatures with flying or reach": either keyword
            f["or"] = [{"keyword": m.group(1).capitalize()}, {"keyword": m.group(2).capitalize()}]
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+with ((?:(?:" + kw + r"), )+)or (" + kw + r")$", p)
        if m and "or" not in f:  # "a creature card with deathtouch, hexproof, reach, or trample": any of them
            words = [w for w in m.group(1).split(", ") if w] + [m.group(2)]
            f["or"] = [{"keyword": w.capitalize()} for w in words]
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+without ((?:(?:" + kw + r"), )*(?:" + kw + r")),? or (" + kw + r")$", p)
        if m and "not" not in f:  # "creatures without flying or islandwalk" (Stormtide Leviathan): neither keyword;
            # "creature without first strike, double strike, or vigilance" (Grand Master of Flowers): none of them
            words = [*m.group(1).split(", "), m.group(2)]
            f["not"] = {"or": [{"keyword": w.capitalize()} for w in words]}
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+with an? (morph|megamorph|disguise) ability$", p)
        if m:  # "target creature with a morph ability" (Backslide): the keyword (702.36a)
            f["keyword"] = m.group(1).capitalize()
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+(with|without) (" + kw + "|" + "|".join(CARD_KEYWORDS) + r")$", p)
        if m:
            f["keyword" if m.group(1) == "with" else "not_keyword"] = m.group(2).capitalize()
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+(?:with|that has|that have) (a|one or more|no) counters? on (?:it|them)$"
                      r"|\s+with counters on them$", p)
        if m and not (m.group(1) == "no" and "not" in f):  # "a creature with a counter on it", "creatures with no
            # counters on them" (Heartless Act, 121.1): a counter of any kind, or none
            f.update({"not": {"counter": "any"}} if m.group(1) == "no" else {"counter": "any"})
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+(?:with|that has|that have) an? ([+\-\w/]+) counters? on (?:it|them)$", p)
        if m:  # "target creature that has a fate counter on it" (Triad of Fates)
            f["counter"] = m.group(1)
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+with (?:a counter|counters|one or more counters) on (?:it|them)$", p)
        if m:  # "target creature with a counter on it" (Hunter of Eyeblights): a counter of any kind (121.1)
            f["counter"] = "any"
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+without an? ([+\-\w/]+) counters? on (?:it|them)$", p)
        if m and "not" not in f:  # "each nonland permanent without a fate counter on it" (Oblivion Stone, 121.1)
            f["not"] = {"counter": m.group(1)}
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r" that's both (white|blue|black|red|green) and (white|blue|black|red|green)$", p)
        if m:  # "a spell that's both red and white" (the Mimics of Eventide): each of the two colors (105.2)
            f["colors_all"] = [COLORS[m.group(1)], COLORS[m.group(2)]]
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r",? that's ((?:(?:white|blue|black|red|green),? )*(?:or )?(?:white|blue|black|red|green))$", p)
        if m:  # "a spell that's white, blue, black, or red" (Quirion Dryad): any of them (105.2)
            f["colors"] = [COLORS[c] for c in re.findall(r"white|blue|black|red|green", m.group(1))]
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r" that (?:isn't|aren't|is not|are not) enchanted$", p)
        if m:  # "Destroy target creature that isn't enchanted" (Brainspoil), "all creatures that aren't enchanted"
            f["not"] = {**f.get("not", {}), "enchanted": True}  # (Winds of Rath): no Aura attached to it (303.4)
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r",? that(?:'s| is| are|'re) one or more colors$", p)
        if m:  # "each permanent with mana value X or less that's one or more colors" (Ugin): not colorless (105.2c)
            f["colorless"] = False
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+that entered(?: the battlefield)? this turn$", p)
        if m:  # "target colorless creature that entered this turn" (a permanent since this turn)
            f["entered_this_turn"] = True
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+with power or toughness (\d+) or (less|greater)$", p)
        if m and "or" not in f:  # "target creature with power or toughness 1 or less": either one (208.1)
            k = "_le" if m.group(2) == "less" else "_ge"
            f["or"] = [{"power" + k: int(m.group(1))}, {"toughness" + k: int(m.group(1))}]
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+with (?:an )?(even|odd) mana values?$", p)
        if m:  # "spells with even mana values" (202.3)
            f["mv_parity"] = m.group(1)
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+with toughness greater than (?:its|their) power$", p)
        if m:  # "each creature with toughness greater than its power" (208.1)
            f["toughness_gt_power"] = True
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+that convoked (?:it|self)$", p)
        if m:  # "each creature that convoked it" (Venerated Loxodon, 702.50a)
            f["convoked_self"] = True
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+that saddled (?:it|self) this turn$", p)
        if m:  # "target creature that saddled it this turn" (Giant Beaver; saddle, a later keyword)
            f["saddled_self"] = True
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+(?:that (?:was|were) )?dealt damage this turn$", p)
        if m:  # "each creature dealt damage this turn" (Inflame): damage dealt to it since the turn began (119.3)
            f["damaged_this_turn"] = True
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+(?:that was |that were )?dealt damage by (self|enchanted creature|equipped creature) "
                      r"this turn$", p)
        if m:  # "a creature dealt damage by SELF this turn" (its damage sources this turn, 514.2)
            f["damaged_by"] = "self" if m.group(1) == "self" else "attached"
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+(?:that's|that is|that are) (enchanted|equipped)$", p)
        if m:  # "creatures you control that are enchanted" (303.4: an Aura attached; 301.5: an Equipment)
            f[m.group(1)] = True
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+with (?:one or more )?([+-]\d+/[+-]\d+|[a-z]+) counters on them$", p)
        if m and m.group(1) not in ("the", "any", "no"):  # "creatures you control with +1/+1 counters on them"
            f["counter"] = m.group(1)
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+(?:that's|that is) (attacking|blocking|tapped|untapped|attacking or blocking)$", p)
        if m:
            w = m.group(1)
            if w == "attacking or blocking":
                f["in_combat"] = True
            elif w in ("tapped", "untapped"):
                f["tapped"] = w == "tapped"
            else:
                f[w] = True
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+(?:that's|that are) (?:not|n't) (attacking|blocking)$", p) or \
            re.search(r"\s+that (?:isn't|aren't) (attacking|blocking)$", p)
        if m:
            f[m.group(1)] = False
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+that (?:aren't|isn't) of (?:the chosen|that) (type|color)$", p)
        if m and "not" not in f:  # "Destroy all creatures that aren't of the chosen type" (Kindred Dominance)
            f["not"] = {"chosen_" + m.group(1): True}
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+of (?:the chosen|that) (type|color)$", p)
        if m:  # "of that type" after "Choose a creature type." (Distant Melody): the type chosen (608.2d)
            f["chosen_" + m.group(1)] = True
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+named self$", p)
        if m:
            f["name"] = "SELF"
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+named ([a-z][a-z' -]*)$", p)
        if m and "name" not in f and " or " not in m.group(1) and not re.search(r"\bself\b", m.group(1)):
            # "a land named Wastes" (201.2); "named A or B" is two names (engine/cards/compiler/effects/
            # library.py reads that search); "self" is this card's own name followed by words no
            # suffix reader took, never part of a name
            f["name"] = title(m.group(1))
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+(?:that's |that are )?(blocking or blocked by|blocking or being blocked by|blocking|"
                      r"blocked by) self$", p)
        if m:
            f["in_combat_with_self" if " or " in m.group(1) else "blocking_self" if m.group(1) == "blocking"
              else "blocked_by_self"] = True
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+other than (?:enchanted|equipped) creature$", p)
        if m:  # "Attach SELF to target creature other than enchanted creature" (Kjeldoran Pride): not the one the
            f["not_attached_of_self"] = True  # source is attached to (303.4, 301.5)
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+other than self$", p)
        if m:
            f["other"] = True
            p = p[: m.start()]
            changed = True
            continue
        m = re.search(r"\s+other than an? (basic land|land) card$", p)
        if m and "not" not in f:  # "target card in a graveyard other than a basic land card" (Surgical Extraction)
            f["not"] = {"types": ["Land"], "zone": "any_card",
                        **({"supertypes": ["Basic"]} if m.group(1) == "basic land" else {})}
            p = p[: m.start()]
            changed = True
    return p


def _parse_core(words: list[str], f: dict[str, Any]) -> bool:
    """Adjectives then one type phrase; fills f. False when a word is not understood."""
    i = 0
    while i < len(words):
        w = words[i]
        if w in ("another", "other"):
            f["other"] = True
        elif w in ("tapped", "untapped"):
            f["tapped"] = w == "tapped"
        elif w == "attacking-or-blocking":
            f["in_combat"] = True
        elif w == "unblocked":  # "target unblocked attacking creature" (509.1h: after blockers are declared)
            f["unblocked"] = f["attacking"] = True
        elif w in ("attacking", "blocking"):
            if i + 2 < len(words) and words[i + 1] == "or" and words[i + 2] in ("attacking", "blocking"):
                f["in_combat"] = True
                i += 2
            else:
                f[w] = True
        elif w == "nontoken":
            f["token"] = False
        elif w == "blocked" and i + 1 < len(words):  # "target blocked creature" (Benalish Missionary, 509.1h)
            f["blocked"] = f["attacking"] = True
        elif w in ("nonattacking", "nonblocking"):  # "target nonattacking creature" (Alarum): not attacking (508.1)
            f[w[3:]] = False
        elif w == "kicked":
            f["kicked"] = True  # "a kicked spell" (702.32b)
        elif w == "token" and i + 1 < len(words):
            f["token"] = True
        elif re.fullmatch(r"\d+/\d+", w) and i + 1 < len(words) and "power_eq" not in f:
            pw, tg = w.split("/")  # "target 1/1 creature" (208.1: exactly that power and toughness)
            f["power_eq"], f["toughness_eq"] = int(pw), int(tg)
        elif w == "colorless":
            f["colorless"] = True
        elif w == "multicolored":
            f["multicolored"] = True
        elif w == "monocolored":
            f["monocolored"] = True
        elif w in COLORS:
            cols = [COLORS[w]]
            while i + 2 < len(words) and words[i + 1] in ("or", "and/or") and words[i + 2] in COLORS:
                cols.append(COLORS[words[i + 2]])
                i += 2
            f.setdefault("colors", []).extend(cols)
        elif w in SUPERTYPES:
            if w == "nonbasic":
                f.setdefault("not_supertypes", []).append("Basic")
            elif w == "nonlegendary":
                f.setdefault("not_supertypes", []).append("Legendary")
            elif w == "nonsnow":  # "target nonsnow creature" (Chill to the Bone, 205.4a)
                f.setdefault("not_supertypes", []).append("Snow")
            else:
                f.setdefault("supertypes", []).append(SUPERTYPES[w])
        elif w.startswith("non") and len(w) > 4:
            base = w[3:].lstrip("-")
            if base in COLORS:
                f.setdefault("not_colors", []).append(COLORS[base])
            elif base in CARD_TYPES:
                f.setdefault("not_types", []).append(CARD_TYPES[base])
            elif base == "token":
                f["token"] = False
            elif base == "commander":  # "noncommander creature": not a player's commander (903.3)
                f["commander"] = False
            elif base == "outlaw":  # "target non-outlaw creature": none of the outlaw types (OUTLAW)
                f.setdefault("not_subtypes", []).extend(OUTLAW)
            elif subtype(base):
                f.setdefault("not_subtypes", []).append(subtype(base))
            elif w.startswith("non-") and base.capitalize() in CREATURE_TYPES:  # "Non-Eye creatures" (a creature type
                f.setdefault("not_subtypes", []).append(base.capitalize())     # that is also an English word)
            else:
                return False
        elif w == "chosen" and i + 1 < len(words) and words[i + 1] in ("color", "type"):
            return False
        elif w == "historic":  # "historic": artifacts, legendaries and Sagas (700.6, a later rule, added 2018)
            if "or" in f:
                return False
            f["or"] = [dict(x) for x in HISTORIC]
        elif w in ("outlaw", "outlaws"):  # "an outlaw spell", "other outlaws you control": any outlaw type (OUTLAW)
            if "subtypes" in f or "or" in f:
                return False
            f["subtypes"] = list(OUTLAW)
            if i == len(words) - 1:
                f["permanent"] = True  # "if you control an outlaw": an outlaw permanent
        elif w == "enchanted":
            f["enchanted"] = True
        elif w == "equipped":
            f["equipped"] = True
        elif w == "modified":  # a later term (NEO): counters on it, equipped, or enchanted by its controller's Aura
            f["modified"] = True
        elif w == "face-down":
            f["face_down"] = True
        elif w == "suspected":  # "target suspected creature" (suspect, a later keyword action: ops/continuous.py)
            f["suspected"] = True
        elif w in ("commander", "commanders"):
            # 903.3: "commander creatures you control", "target commander", "a commander you control": an object
            # whose card is a player's commander (a copy of it is not)
            f["commander"] = True
            if i == len(words) - 1:
                f["permanent"] = True  # "target commander": a commander permanent (a creature or a planeswalker)
        else:
            break
        i += 1
    rest = words[i:]
    if not rest:
        return bool(f)
    # the head: [subtype...] [type...] (card|spell|permanent|token|source)?
    types: list[str] = []
    subs: list[str] = []
    head = None
    if rest[-2:] == ["permanent", "card"] or rest[-2:] == ["permanent", "cards"]:
        rest = rest[:-2] + ["card"]
        f["permanent"] = True
    for j, w in enumerate(rest):
        sw = _singular_type(w)
        if sw in CARD_TYPES:
            types.append(CARD_TYPES[sw])
        elif sw in ("card", "spell", "permanent", "token", "source", "player", "opponent", "object"):
            if j != len(rest) - 1:
                return False
            head = sw
        elif subtype(w) and not types:
            subs.append(subtype(w))  # type: ignore[arg-type]
        else:
            return False
    if types:
        if len(types) == 1:
            f["types"] = types
        else:   # "artifact creature": every one of them
            f["types"] = [types[-1]]
            f["and_types"] = types[:-1]
    if subs:  # "an Urza's Power-Plant", "Eldrazi Scions": a creature of every one of them (205.3)
        f["subtypes"] = [subs[-1]]
        if len(subs) > 1:
            f["and_subtypes"] = subs[:-1]
    if head == "spell":
        f["zone"] = "stack"
    elif head == "card":
        f.setdefault("zone", "any_card")
    elif head == "token":
        f["token"] = True
    elif head == "player":
        f["player"] = True
    elif head == "opponent":
        f["player"] = True
        f["opponent"] = True
    elif head == "source":
        f["source"] = True
    elif head == "permanent" and not f:
        f["permanent"] = True
    return True


_COLOR_WORD = r"\b(?:white|blue|black|red|green)\b"
# (not "a spell that's white, blue, black, or red": read as it is below; nor from the middle of a list)
_COLOR_LIST = re.compile(rf"(?<!that's )(?<!that is )(?<!, )(?:{_COLOR_WORD}, )+(?:or|and/or) {_COLOR_WORD}")


def parse_noun(phrase: str) -> dict[str, Any] | None:
    """A noun phrase (without determiner or 'target') to a filter; None when not understood."""
    p = phrase.strip().lower()
    p = re.sub(r"^(?:a|an|one|the)\s+", "", p)
    # "a blue, black, or red spell" (God-Pharaoh's Faithful): of any of those colors, as "blue or black or red" (105.2)
    p = _COLOR_LIST.sub(lambda m: " or ".join(re.findall(_COLOR_WORD, m.group(0))), p)
    m = re.fullmatch(r"(.+?) (?:in|from) (your|that player's|their|target player's) hand and (?:\2 )?graveyard", p)
    if m:  # "exile all noncreature, nonland cards from that player's hand and graveyard" (Thought Distortion): the
        # cards of either zone of that player (400.1)
        a = parse_noun(f"{m.group(1)} from {m.group(2)} hand")
        b = parse_noun(f"{m.group(1)} from {m.group(2)} graveyard")
        if a is None or b is None or "or" in a or "or" in b:
            return None
        need = a.pop("_needs_player_target", None)
        b.pop("_needs_player_target", None)
        return {"or": [a, b], **({"_needs_player_target": need} if need else {})}
    m = re.fullmatch(r"(.+?) with \{x\} in (?:its|their) mana costs?", p)
    if m:  # "a spell with {X} in its mana cost" (Zaxara), "noncreature spells with {X} in their mana costs" (Gaddock
        # Teeg): an X among the mana cost's symbols (107.3)
        base = parse_noun(m.group(1))
        return None if base is None or "or" in base or "x_in_cost" in base else {**base, "x_in_cost": True}
    m = re.fullmatch(r"(.+?) that (?:isn't|is not|aren't|are not) an? ([a-z-]+(?:, [a-z-]+)*,? or [a-z-]+|[a-z-]+)", p)
    if m and all(subtype(w) for w in re.split(r",? or |, ", m.group(2))):
        # "each creature that isn't a Demon, Devil, or Imp" (Rakdos, the Showstopper): of none of those subtypes (205.3)
        base = parse_noun(m.group(1))
        if base is None or "or" in base or "not_subtypes" in base:
            return None
        return {**base, "not_subtypes": [subtype(w) for w in re.split(r",? or |, ", m.group(2))]}
    m = re.fullmatch(r"(.+?) other than ([a-z-]+(?:, [a-z-]+)*,? (?:and|or) [a-z-]+|[a-z-]+)", p)
    if m and all(subtype(w) for w in re.split(r",? (?:and|or) |, ", m.group(2))):
        # "creatures other than Werewolves and Wolves" (Moonmist): of none of those subtypes (205.3)
        base = parse_noun(m.group(1))
        if base is None or "or" in base or "not_subtypes" in base:
            return None
        return {**base, "not_subtypes": [subtype(w) for w in re.split(r",? (?:and|or) |, ", m.group(2))]}
    m = re.fullmatch(r"(aura (?:card|spell)s?) with enchant (creature|land|artifact|enchantment|permanent|player)", p)
    if m:  # "an Aura card with enchant creature" (Tallowisp): an Aura whose enchant keyword names that (702.5a)
        base = parse_noun(m.group(1))
        if base is None or "or" in base:
            return None
        kind = m.group(2)
        return {**base, "enchant": {"player": True} if kind == "player"
                else {"permanent": True} if kind == "permanent" else {"types": [kind.capitalize()]}}
    m = re.fullmatch(r"your (commanders?)( on the battlefield)?", p)
    if m:  # "your commander" (903.3): the commander (either of two partners) you own, on the battlefield
        return {"commander": True, "owner": "you", "permanent": True}
    m = re.fullmatch(r"(face-up )?exiled ((?:[a-z]+ )*?card)( .+)?", p)
    if m and " in exile" not in p and " from " not in p:  # "target exiled card with flashback you own" (Runic
        # Repetition), "target face-up exiled card" (Pull from Eternity): a card in the exile zone (406.1)
        base = parse_noun(m.group(2) + (m.group(3) or ""))
        if base is None or base.get("zone") not in (None, "any_card") or base.get("player") or "controller" in base:
            return None
        return {**base, "zone": "exile", **({"face_down": False} if m.group(1) else {})}
    m = re.fullmatch(r"(.+?) (?:in|from) your (hand or graveyard|graveyard or hand|hand and/or graveyard|"
                     r"graveyard and/or hand)", p)
    if m:  # "an artifact card from your hand or graveyard" (Dakkon, Shadow Slayer): a card of either zone (400.1)
        base = parse_noun(m.group(1))  # (the zones read first: "with mana value ... lands you control" ends there)
        if base is None or "or" in base or base.get("zone") not in (None, "any_card") or "owner" in base:
            return None
        rest = {k: v for k, v in base.items() if k != "zone"}
        return {"or": [{**rest, "owner": "you", "zone": "hand"}, {**rest, "owner": "you", "zone": "graveyard"}]}
    m = re.fullmatch(r"opponent, ((?:[a-z]+ an opponent controls, )*[a-z]+ an opponent controls),? or "
                     r"([a-z]+) an opponent controls", p)
    if m:  # "target opponent, creature an opponent controls, or planeswalker an opponent controls" (Nicol Bolas,
        # God-Pharaoh): an opponent, or a permanent of one of those types an opponent controls (115.1, 102.3)
        kinds = [w.replace(" an opponent controls", "") for w in m.group(1).split(", ")] + [m.group(2)]
        if all(k in CARD_TYPES for k in kinds):
            return {"player": True, "types": [CARD_TYPES[k] for k in kinds], "controller": "opponent"}
    m = re.fullmatch(r"([a-z][a-z ,]+?),? or ((?:[a-z]+ )?card in a graveyard)", p)
    if m and " in a graveyard" not in m.group(1) and ", " in m.group(1):
        # "target spell, nonland permanent, or card in a graveyard" (Endless Detour): the graveyard is the last
        # alternative's zone only; the others are a spell or a permanent (each names its zone, 400.1)
        a, b = parse_noun(m.group(1)), parse_noun(m.group(2))
        alts = (a or {}).get("or")
        if a is not None and b is not None and isinstance(alts, list) and set(a) == {"or"} and "or" not in b \
                and b.get("zone") == "graveyard":
            return {"or": [alt if "zone" in alt else {**alt, "zone": "battlefield"} for alt in alts] + [b]}
    if p in ("suspended card", "suspended cards"):  # 702.61b: a card in exile with suspend and a time counter
        return {"zone": "exile", "suspended": True}
    m = re.fullmatch(r"(.+?) and each suspended card", p)
    if m and " card" not in m.group(1):  # "Remove two time counters from each permanent and each suspended card"
        # (Dust of Moments): the permanents, and the suspended cards in exile (702.61b)
        a = parse_noun(m.group(1))
        if a is None or "or" in a or a.get("zone") not in (None, "battlefield") or a.get("player"):
            return None
        return {"or": [{**a, "zone": "battlefield"}, {"zone": "exile", "suspended": True}]}
    m = re.fullmatch(r"(.+?) or suspended card( you own)?", p)
    if m and " card" not in m.group(1):  # "target permanent or suspended card" (Timebender), "target permanent you
        # control or suspended card you own" (Jhoira's Timebug): a permanent, or a card in exile that is suspended
        # (702.61b; each alternative names its zone, 400.1)
        a = parse_noun(m.group(1))
        if a is None or "or" in a or a.get("zone") not in (None, "battlefield") or a.get("player") \
                or (m.group(2) and a.get("controller") != "you"):
            return None
        card = {"zone": "exile", "suspended": True, **({"owner": "you"} if m.group(2) else {})}
        return {"or": [{**a, "zone": "battlefield"}, card]}
    m = re.fullmatch(r"([a-z]+ card) in a graveyard or ([a-z]+) on the battlefield", p)
    if m:  # "target artifact card in a graveyard or artifact on the battlefield" (Daretti, Ingenious Iconoclast): a
        # card in any graveyard, or a permanent (each alternative names its zone, 400.1)
        a, b = parse_noun(m.group(1)), parse_noun(m.group(2))
        if a is None or b is None or "or" in a or "or" in b or b.get("zone") not in (None, "battlefield"):
            return None
        return {"or": [{**a, "zone": "graveyard"}, {**b, "zone": "battlefield"}]}
    m = re.fullmatch(r"(.+? you control) and (.+? you control)", p)
    if m:   # "Skeletons you control and other Zombies you control"
        a, b = parse_noun(m.group(1)), parse_noun(m.group(2))
        if a is None or b is None:
            return None
        return {"or": [a, b]}
    m = re.fullmatch(r"(.+? you control) or (?:by )?an? (.+? you control)", p)
    if m:  # "a red instant or sorcery spell you control or a red planeswalker you control" (Pyromancer's Gauntlet)
        a, b = parse_noun(m.group(1)), parse_noun(m.group(2))
        if a is None or b is None or "or" in a or "or" in b or a.get("controller") != "you" \
                or b.get("controller") != "you":
            return None
        return {"controller": "you", "or": [{k: v for k, v in x.items() if k != "controller"} for x in (a, b)]}
    m = re.fullmatch(r"(.+?)(?: (?:they|that player) controls?)? with the (?:greatest|highest) mana value among "
                     r"(.+?) (?:they|that player) controls?", p)
    if m:  # "a creature or planeswalker [they control] with the greatest mana value among creatures and planeswalkers
        # they control" (Soul Shatter, Riveteers Charm): its mana value (202.3) is the greatest among that player's
        # permanents of that kind (tied ones too), the player who chooses it being the one the filter is read for
        base, among = parse_noun(m.group(1)), parse_noun(m.group(2))
        if base is None or among is None or any(k in x for x in (base, among) for k in ("or", "mv_ge", "player")) \
                or any(x.get("controller") or x.get("zone") not in (None, "battlefield") for x in (base, among)):
            return None
        among.pop("zone", None)
        return {**base, "mv_ge": {"greatest": "mv", "among": {**among, "controller": "you"}}}
    m = re.fullmatch(r"(.+?) with the greatest power(?: among (creatures on the battlefield|creatures you control|"
                     r"creatures (?:they|that player) controls?))?", p)
    if m:  # "target creature you control with the greatest power": its power is the greatest among the creatures
        # the rest of the phrase names, or those it names after "among" (tied ones too), as the target is chosen
        # and checked (115.1, 608.2b)
        base = parse_noun(m.group(1))
        if base is None or "or" in base or "power_ge" in base or base.get("zone") not in (None, "battlefield"):
            return None
        among = {k: v for k, v in base.items() if k != "zone"} if not m.group(2) else \
            {"types": ["Creature"], **({"controller": "you"} if m.group(2).endswith((" control", " controls"))
                                       else {})}
        # "among creatures they control / that player controls" (Consume, Kraven the Hunter): among the creatures of
        # the player controlling the creature measured, not of the source's controller (608.2c)
        mine = bool(m.group(2)) and m.group(2).startswith(("creatures they", "creatures that player"))
        return {**base, "power_ge": {"greatest": "power", "among": among, **({"per_controller": True} if mine else {})}}
    m = re.fullmatch(r"([^,]+? card) or an? (card (?:with|that) .+)", p)
    if m and " with " not in m.group(1) and " that " not in m.group(1):
        # "an instant card or a card with flash" (Mystical Teachings): each alternative has its own
        # determiner, so the qualifier belongs to the second one alone
        a, b = parse_noun(m.group(1)), parse_noun(m.group(2))
        if a is None or b is None:
            return None
        zones = {x.get("zone") for x in (a, b)}
        if len(zones) != 1:
            return None
        zone = zones.pop()
        a, b = ({k: v for k, v in x.items() if k != "zone"} for x in (a, b))
        return {"or": [a, b]} if zone is None else {"or": [a, b], "zone": zone}
    m = re.fullmatch(r"(.+?) that's an? ([a-z]+)(?: or an? ([a-z]+))?", p)
    if m:  # "each creature you control that's a Wolf or a Werewolf": either subtype (205.3)
        base = parse_noun(m.group(1))
        kinds = [subtype(w) for w in m.groups()[1:] if w]
        if base is not None and kinds and all(kinds) and "subtypes" not in base and "or" not in base:
            return {**base, "or": [{"subtypes": [k]} for k in kinds]} if len(kinds) > 1 \
                else {**base, "subtypes": kinds}
    m = re.fullmatch(r"(.+?) with ([a-z]+(?: [a-z]+)?) (?:or|and/or) ([a-z]+(?: [a-z]+)?)", p)
    if m and not m.group(3).startswith(("power", "toughness", "mana value")):
        # "creatures with flying or reach": either keyword (702.9b, 702.17b)
        a, b = parse_noun(f"{m.group(1)} with {m.group(2)}"), parse_noun(f"{m.group(1)} with {m.group(3)}")
        if a is not None and b is not None and "keyword" in a and "keyword" in b:
            return {"or": [a, b]}
    f: dict[str, Any] = {}
    p2 = _strip_suffixes(p, f)
    if p2 is None:
        return None
    p = p2.strip()
    p = re.sub(r"\b(non[\w-]+), (?=non)", r"\1 ", p)   # "noncreature, nonland card": every adjective holds
    p = re.sub(r"\battacking or blocking\b", "attacking-or-blocking", p)  # one adjective, not two alternatives
    # alternatives: "artifact, enchantment, or creature", "creature or planeswalker", "instant and/or sorcery"
    alts = [a.strip() for a in re.split(r",\s*(?:or|and/or|and)\s+|,\s*|\s+(?:or|and/or|and)\s+", p) if a.strip()]
    color_list = all(a in COLORS for a in alts[:-1]) and alts[-1].split()[0] in COLORS
    if len(alts) > 1 and not color_list:
        # shared adjectives (e.g. "tapped artifact or creature") and a shared head ("instant or sorcery card")
        parts = []
        last_words = alts[-1].split()
        head = last_words[-1] if _singular_type(last_words[-1]) in ("card", "spell", "permanent") else None
        own_det = False  # a later alternative with its own determiner ("a black spell or a Swamp") shares no adjective
        for k, alt in enumerate(alts):
            words = alt.split()
            if words and words[0] in ("a", "an") and len(words) > 1:
                words = words[1:]
                own_det = own_det or k > 0
            if head and k < len(alts) - 1 and _singular_type(words[-1]) not in ("card", "spell", "permanent"):
                words = words + [head]
            g: dict[str, Any] = {}
            if not _parse_core(words, g):
                return None
            parts.append(g)
        # adjectives before the first alternative qualify them all ("other Wolves and Werewolves")
        for key in ("other", "tapped", "attacking", "blocking", "token", "in_combat"):
            if key in parts[0] and all(key not in g for g in parts[1:]):
                f[key] = parts[0].pop(key)
        # so do colors (105.2): "a red instant or sorcery spell" is red and an instant or a sorcery, "a red
        # creature or spell" red either way; not where each alternative has its own ("a red creature or red
        # planeswalker") or its own determiner ("a black spell or a Swamp")
        if not own_det and ("types" in parts[0] or "subtypes" in parts[0]):  # ("a blue or artifact card": two)
            for key in ("colors", "not_colors", "colorless", "multicolored", "monocolored"):
                if key in parts[0] and not any(c in g for g in parts[1:] for c in
                                               ("colors", "not_colors", "colorless", "multicolored", "monocolored")):
                    f[key] = parts[0].pop(key)
        # common case: only types differ
        simple = all(set(g) <= {"types", "zone"} and len(g.get("types", [])) == 1 for g in parts)
        if simple:
            f["types"] = [g["types"][0] for g in parts]
            zones = {g.get("zone") for g in parts} - {None}
            if zones:
                f.setdefault("zone", zones.pop())
        elif all(set(g) == {"player"} or set(g) <= {"player", "opponent"} or ("types" in g) for g in parts) and \
                any("player" in g for g in parts) and all(set(g) <= {"types", "player", "opponent"} for g in parts):
            for g in parts:
                if "types" in g:
                    f.setdefault("types", []).extend(g["types"])
                else:
                    f["player"] = True
                    if g.get("opponent"):
                        f["opponent"] = True
        else:
            f["or"] = parts
        return f
    words = p.split()
    if not _parse_core(words, f):
        return None
    if not f:
        return None
    return f


_TARGET = re.compile(
    r"(?:(up to) )?(?:(one|two|three|four|five|six|seven|eight|nine|ten|x|\d+|one or two|one, two, or three|"
    r"that many) )?"
    r"(other |another |a second |a third |any number of |one or more )?target (.+)")


def parse_target(phrase: str) -> TargetSpec | None:
    """'target creature', 'any target', 'up to two target creatures', 'target player or planeswalker'."""
    p = phrase.strip().lower().rstrip(".")
    if p in ("any target", "one target"):
        return TargetSpec({"any": True}, p)
    if p == "any target that was dealt damage this turn":  # (Needle Drop) a player, creature, planeswalker or battle
        return TargetSpec({"any": True, "damaged_this_turn": True}, p)  # dealt damage this turn (119.3)
    m = re.fullmatch(r"each of (up to )?(one|two|three|four|five|six) other targets", p)
    if m:
        n = number(m.group(2)) or 1
        return TargetSpec({"any": True, "other_target": True}, p, count=n, min=0 if m.group(1) else n)
    if p in ("any other target", "another target", "a second target", "a third target"):
        # 115.3: "another target", "a third target": not an object chosen for the ability's other targets
        return TargetSpec({"any": True, "other": True, "other_target": True}, p)
    m = re.fullmatch(r"(?:(up to) )?(one|two|three|four|five|six|\d+|x|one or two|one, two, or three) (other )?targets",
                     p)
    if m:
        anyf: dict[str, Any] = {"any": True, **({"other": True} if m.group(3) else {})}
        if m.group(2) == "x":  # 601.2c: X targets, X announced first (107.3)
            return TargetSpec(anyf, p, count=-1, min=0 if m.group(1) else -1)
        n = {"one or two": 2, "one, two, or three": 3}.get(m.group(2)) or number(m.group(2)) or 1
        return TargetSpec(anyf, p, count=n, min=0 if m.group(1) else 1 if " or " in m.group(2) else n)
    m = _TARGET.fullmatch(p)
    if not m:
        return None
    noun = m.group(4)
    f = parse_noun(noun)
    if f is None:
        return None
    f.pop("_needs_player_target", None)
    if m.group(3) and m.group(3).strip() in ("other", "another", "a second", "a third"):
        f["other"] = True
        if m.group(3).strip() != "other":  # 115.3: different from the ability's other targets
            f["other_target"] = True
    if m.group(3) and "any number" in m.group(3):
        return TargetSpec(f, p, count=99, min=0)
    if m.group(3) and m.group(3).strip() == "one or more":  # "One or more target creatures" (Dwarven Song): 1+
        return TargetSpec(f, p, count=99, min=1)
    if m.group(2) and m.group(2) == "x":
        return TargetSpec(f, p, count=-1, min=0 if m.group(1) else -1)
    if m.group(2) == "that many":  # "return up to that many target permanents ..." (Cephalid Constable): the amount
        # the trigger event names, counted as the ability is put on the stack (603.3d; engine/targets.py counts_of)
        return TargetSpec(f, p, count=-1, min=0 if m.group(1) else -1, count_of={"that_much": True})
    if m.group(2) and " or " in m.group(2):  # "one or two target creatures" (Counterintelligence): one at least (115.1)
        return TargetSpec(f, p, count=2 if m.group(2) == "one or two" else 3, min=0 if m.group(1) else 1)
    count = number(m.group(2)) if m.group(2) else 1
    if count is None:
        return None
    return TargetSpec(f, p, count=count, min=0 if m.group(1) else count)
