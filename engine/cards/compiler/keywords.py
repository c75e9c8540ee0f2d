"""The keyword registry (CR 702): which keyword lines the compiler reads.

A keyword line is a comma- or semicolon-separated list of keyword abilities ("Flying,
vigilance"). Every keyword becomes a name in CardDef.keywords; keywords with a
parameter (a cost, a number, a quality) also put it in CardDef.keyword_args[name];
keywords that are activated abilities with a simple effect (equip, cycling, ...) also
add an Ability (keyword=name), so the engine can run them like any other ability. The
rules of the others live in the engine, by their CR rule (the tables below).
"""
from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache
from typing import Any, Callable

from engine.cards.abilities import SECOND_KICKER, Ability, Cost, Effect, TargetSpec
from engine.cards.compiler.costs import parse_cost_text
from engine.cards.compiler.subtypes import CREATURE_TYPES, subtype
from engine.cards.compiler.targets import number, parse_noun

#: Where each keyword's rules are: its 702 rule in the Comprehensive Rules of April 8, 2016
#: (the rules this engine implements), or, for a keyword printed after them, the set that
#: introduced it (its rules are then those of its reminder text and release notes).
#: tests/test_rule_citations.py checks every "702.N" here against the 2016 headings.
CR_2016: dict[str, str] = {
    "Deathtouch": "702.2", "Defender": "702.3", "Double strike": "702.4", "Enchant": "702.5", "Equip": "702.6",
    "First strike": "702.7", "Flash": "702.8", "Flying": "702.9", "Haste": "702.10", "Hexproof": "702.11",
    "Indestructible": "702.12", "Intimidate": "702.13", "Landwalk": "702.14", "Lifelink": "702.15",
    "Protection": "702.16", "Reach": "702.17", "Shroud": "702.18", "Trample": "702.19", "Vigilance": "702.20",
    "Banding": "702.21", "Rampage": "702.22", "Cumulative upkeep": "702.23", "Flanking": "702.24",
    "Phasing": "702.25", "Buyback": "702.26", "Shadow": "702.27", "Cycling": "702.28", "Echo": "702.29",
    "Horsemanship": "702.30", "Fading": "702.31", "Kicker": "702.32", "Flashback": "702.33",
    "Madness": "702.34", "Fear": "702.35", "Morph": "702.36", "Amplify": "702.37", "Provoke": "702.38",
    "Storm": "702.39", "Affinity": "702.40", "Entwine": "702.41", "Modular": "702.42", "Sunburst": "702.43",
    "Bushido": "702.44", "Soulshift": "702.45", "Splice": "702.46", "Offering": "702.47", "Ninjutsu": "702.48",
    "Epic": "702.49", "Convoke": "702.50", "Dredge": "702.51", "Transmute": "702.52", "Bloodthirst": "702.53",
    "Haunt": "702.54", "Replicate": "702.55", "Forecast": "702.56", "Graft": "702.57", "Recover": "702.58",
    "Ripple": "702.59", "Split second": "702.60", "Suspend": "702.61", "Vanishing": "702.62", "Absorb": "702.63",
    "Aura swap": "702.64", "Delve": "702.65", "Fortify": "702.66", "Frenzy": "702.67", "Gravestorm": "702.68",
    "Poisonous": "702.69", "Transfigure": "702.70", "Champion": "702.71", "Changeling": "702.72",
    "Evoke": "702.73", "Hideaway": "702.74", "Prowl": "702.75", "Reinforce": "702.76", "Conspire": "702.77",
    "Persist": "702.78", "Wither": "702.79", "Retrace": "702.80", "Devour": "702.81", "Exalted": "702.82",
    "Unearth": "702.83", "Cascade": "702.84", "Annihilator": "702.85", "Level up": "702.86", "Rebound": "702.87",
    "Totem armor": "702.88", "Infect": "702.89", "Battle cry": "702.90", "Living weapon": "702.91",
    "Undying": "702.92", "Miracle": "702.93", "Soulbond": "702.94", "Overload": "702.95", "Scavenge": "702.96",
    "Unleash": "702.97", "Cipher": "702.98", "Evolve": "702.99", "Extort": "702.100", "Fuse": "702.101",
    "Bestow": "702.102", "Tribute": "702.103", "Dethrone": "702.104", "Hidden agenda": "702.105",
    "Outlast": "702.106", "Prowess": "702.107", "Dash": "702.108", "Exploit": "702.109", "Menace": "702.110",
    "Renown": "702.111", "Awaken": "702.112", "Devoid": "702.113", "Ingest": "702.114", "Myriad": "702.115",
    "Surge": "702.116", "Skulk": "702.117",
}
#: Variants the 2016 rules define inside another keyword's rule (702.28d, 702.32c, 702.36b),
#: and a later name of a 2016 keyword: variant -> the keyword whose rule defines it.
VARIANT_OF: dict[str, str] = {
    "Landcycling": "Cycling", "Typecycling": "Cycling", "Multikicker": "Kicker", "Megamorph": "Morph",
    "Umbra armor": "Totem armor",   # renamed in 2023 (Wilds of Eldraine), same rule
}
#: Keywords printed after April 8, 2016: the set that introduced them.
LATER: dict[str, str] = {
    "Emerge": "Eldritch Moon", "Escalate": "Eldritch Moon", "Melee": "Conspiracy: Take the Crown",
    "Partner": "Conspiracy: Take the Crown", "Crew": "Kaladesh", "Fabricate": "Kaladesh",
    "Undaunted": "Commander 2016", "Improvise": "Aether Revolt", "Aftermath": "Amonkhet", "Embalm": "Amonkhet",
    "Eternalize": "Hour of Devastation", "Afflict": "Hour of Devastation", "Ascend": "Rivals of Ixalan",
    "Hexproof from": "Dominaria", "Assist": "Battlebond", "Jump-start": "Guilds of Ravnica",
    "Mentor": "Guilds of Ravnica", "Riot": "Ravnica Allegiance", "Spectacle": "Ravnica Allegiance",
    "Afterlife": "Ravnica Allegiance", "Escape": "Theros Beyond Death", "Companion": "Ikoria",
    "Mutate": "Ikoria", "Encore": "Commander Legends", "Boast": "Kaldheim", "Foretell": "Kaldheim",
    "Ward": "Strixhaven", "Demonstrate": "Commander 2021", "Daybound": "Innistrad: Midnight Hunt",
    "Nightbound": "Innistrad: Midnight Hunt", "Disturb": "Innistrad: Midnight Hunt",
    "Decayed": "Innistrad: Midnight Hunt", "Cleave": "Innistrad: Crimson Vow", "Training": "Innistrad: Crimson Vow",
    "Compleated": "Kamigawa: Neon Dynasty", "Reconfigure": "Kamigawa: Neon Dynasty",
    "Blitz": "Streets of New Capenna", "Casualty": "Streets of New Capenna", "Enlist": "Dominaria United",
    "Read ahead": "Dominaria United", "Ravenous": "Warhammer 40,000 Commander",
    "Squad": "Warhammer 40,000 Commander", "Prototype": "The Brothers' War", "Living metal": "The Brothers' War",
    "Double team": "Alchemy Horizons: Baldur's Gate", "Toxic": "Phyrexia: All Will Be One",
    "Backup": "March of the Machine", "Bargain": "Wilds of Eldraine", "Craft": "The Lost Caverns of Ixalan",
    "Disguise": "Murders at Karlov Manor", "Plot": "Outlaws of Thunder Junction",
    "Saddle": "Outlaws of Thunder Junction", "Spree": "Outlaws of Thunder Junction", "Offspring": "Bloomburrow",
    "Gift": "Bloomburrow", "Impending": "Duskmourn", "Exhaust": "Aetherdrift", "Max speed": "Aetherdrift",
    "Start your engines!": "Aetherdrift",
    "Harmonize": "Tarkir: Dragonstorm", "Mobilize": "Tarkir: Dragonstorm", "Station": "Edge of Eternities",
    "Warp": "Edge of Eternities", "Firebending": "Avatar: The Last Airbender",
    "Sneak": "Teenage Mutant Ninja Turtles", "For Mirrodin!": "Phyrexia: All Will Be One",
    "Freerunning": "Assassin's Creed", "Mayhem": "Marvel's Spider-Man", "Web-slinging": "Marvel's Spider-Man",
    "Job select": "Final Fantasy", "Partner with": "Battlebond", "Increment": "a later set (2026)",
    "Choose a Background": "Commander Legends: Battle for Baldur's Gate", "Doctor's companion": "Doctor Who",
}
#: Ability words read like costed keywords by this module; they have no rules meaning (207.2c).
ABILITY_WORDS: frozenset[str] = frozenset({"Channel"})


def rule_of(keyword: str) -> str:
    """Where a keyword's rules are: '702.N' (2016), '702.N (variant)', or a later addition's note."""
    if keyword in CR_2016:
        return CR_2016[keyword]
    if keyword in VARIANT_OF:
        return f"{CR_2016[VARIANT_OF[keyword]]} ({VARIANT_OF[keyword].lower()} variant)"
    if keyword in LATER:
        return f"not in the 2016 rules (introduced by {LATER[keyword]})"
    if keyword in ABILITY_WORDS:
        return "an ability word (207.2c), no rules meaning"
    raise KeyError(keyword)


#: every keyword this module reads -> where its rules are (rule_of)
SIMPLE: dict[str, str] = {k: rule_of(k) for k in [*CR_2016, *VARIANT_OF, *LATER, *ABILITY_WORDS]}
# the keywords with no parameter that may stand alone on a line
BARE = {k.strip() for k in [
    "Deathtouch", "Defender", "Double strike", "First strike", "Flash", "Flying", "Haste", "Hexproof",
    "Indestructible", "Intimidate", "Lifelink", "Reach", "Shroud", "Trample", "Vigilance", "Banding", "Flanking",
    "Phasing", "Shadow", "Fear", "Storm", "Sunburst", "Split second", "Horsemanship", "Changeling", "Delve",
    "Convoke", "Epic", "Haunt", "Exalted", "Cascade", "Persist", "Wither", "Retrace", "Conspire", "Infect",
    "Rebound", "Living weapon", "Undying", "Soulbond", "Unleash", "Cipher", "Evolve", "Extort", "Fuse",
    "Battle cry", "Prowess", "Exploit", "Menace", "Devoid", "Ingest", "Myriad", "Skulk", "Improvise",
    "Ascend", "Assist", "Jump-start", "Mentor", "Riot", "Undaunted", "Partner", "Melee", "Provoke",
    "Dethrone", "Gravestorm", "Double team", "Decayed", "Enlist", "Read ahead", "Ravenous", "Living metal",
    "Training", "Demonstrate", "Totem armor", "Umbra armor", "Devour", "Aftermath", "Compleated", "Mobilize",
    "Cleave", "Bargain", "Backup", "Casualty", "Afterlife", "Bushido", "Absorb", "Modular", "Rampage",
    "Annihilator", "Fabricate", "Renown", "Graft", "Soulshift", "Frenzy", "Fading", "Vanishing", "Amplify",
    "Bloodthirst", "Dredge", "Ripple", "Afflict", "Toxic", "Tribute", "Crew", "Ward", "Hideaway",
    "Mobilize", "Offspring", "Gift", "For Mirrodin!", "Job select", "Daybound", "Nightbound",
    "Choose a Background", "Doctor's companion", "Start your engines!", "Station", "Increment", "Hidden agenda",
]}
# keywords whose parameter is a number ("Bushido 1", "Crew 3", "Afflict 2")
NUMBERED = {"Bushido", "Absorb", "Modular", "Rampage", "Annihilator", "Fabricate", "Renown", "Graft",
            "Soulshift", "Frenzy", "Fading", "Vanishing", "Amplify", "Bloodthirst", "Dredge", "Ripple",
            "Afflict", "Toxic", "Tribute", "Crew", "Hideaway", "Devour", "Afterlife", "Backup", "Casualty",
            "Mobilize", "Saddle", "Station", "Absorb", "Poisonous", "Firebending"}
#: "kicked with its {1}{G} kicker" (702.32f), rewritten by the compiler as it reads the card
_KICKED_WITH = re.compile(r"\bkicked with its ((?:\{[^ }]+\})+) kicker\b")
_TWO_KICKERS = re.compile(r"^Kicker ((?:\{[^ }]+\})+) and/or ((?:\{[^ }]+\})+)", re.M)


def linked_kickers(text: str) -> str:
    """702.32f: on a card with "Kicker [A] and/or [B]", "if it was kicked with its [A] kicker" is linked to the first
    kicker and "... [B] kicker" to the second: the text as "kicked with its first kicker" / "... second kicker", and
    "kicked twice" (both paid, 702.32d) as "kicked with both its kickers". Other text is returned as it is."""
    m = _TWO_KICKERS.search(text)
    if not m:
        return text
    which = {m.group(1): "first", m.group(2): "second"}
    body = text[m.end():]
    body = _KICKED_WITH.sub(lambda k: f"kicked with its {which[k.group(1)]} kicker" if k.group(1) in which
                            else k.group(0), body)
    body = re.sub(r"\bkicked twice\b", "kicked with both its kickers", body)
    return text[:m.end()] + body


# keywords whose parameter is a cost ("Kicker {2}{R}", "Flashback {1}{B}", "Equip {2}")
COSTED = {"Kicker", "Multikicker", "Flashback", "Madness", "Morph", "Megamorph", "Echo", "Buyback",
          "Cumulative upkeep", "Transmute", "Replicate", "Recover", "Aura swap", "Ninjutsu", "Entwine",
          "Level up", "Bestow", "Outlast", "Dash", "Surge", "Emerge", "Escalate", "Embalm", "Eternalize",
          "Evoke", "Miracle", "Overload", "Scavenge", "Prowl", "Reinforce", "Unearth", "Cycling", "Equip",
          "Fortify", "Spectacle", "Escape", "Mutate", "Encore", "Foretell", "Disturb", "Cleave", "Blitz",
          "Reconfigure", "Prototype", "Plot", "Disguise", "Craft", "Impending", "Harmonize", "Warp",
          "Ward", "Jump-start", "Retrace", "Transfigure", "Sneak", "Offspring", "Gift", "Squad",
          "Freerunning", "Mayhem", "Web-slinging", "Channel"}
LANDWALK = {"plainswalk": "Plains", "islandwalk": "Island", "swampwalk": "Swamp", "mountainwalk": "Mountain",
            "forestwalk": "Forest", "desertwalk": "Desert", "nonbasic landwalk": "nonbasic",
            "legendary landwalk": "legendary", "snow swampwalk": "snow Swamp", "snow forestwalk": "snow Forest"}
COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_LOWER = {k.strip().lower(): k.strip() for k in SIMPLE}



#: 702.77a: "As an additional cost to cast this spell, you may tap two untapped creatures you control
#: that each share a color with it"
CONSPIRE_COST = Cost(tap_others={"types": ["Creature"], "shares_color_with_source": True, "amount": 2})

#: 702.94a: "When this creature enters the battlefield, if you control both this creature and another creature
#: and both are unpaired, you may pair this creature with another unpaired creature you control for as long as
#: both remain creatures on the battlefield under your control" and "Whenever another creature enters the
#: battlefield under your control, if you control both that creature and this one and both are unpaired, you
#: may pair that creature with this creature for as long as ..." (the pair op: engine/ops/objects.py; the
#: end of a pair, 702.94e: engine/sba.py)
SOULBOND: tuple[Ability, ...] = (
    Ability("triggered", "Soulbond", effects=(Effect("pair", {"with": "choose"}),),
            trigger={"event": "etb", "self": True}, condition={"soulbond": "self"}, keyword="Soulbond"),
    Ability("triggered", "Soulbond", effects=(Effect("pair", {"with": "it"}),),
            trigger={"event": "etb", "filter": {"types": ["Creature"], "controller": "you", "other": True}},
            condition={"soulbond": "it"}, optional=True, keyword="Soulbond"),
)

#: Keywords that are triggered abilities (702.107 prowess, 702.82 exalted): the ability a
#: creature has for each instance of the keyword, printed or granted.
KEYWORD_ABILITIES: dict[str, Ability] = {
    "Prowess": Ability(
        "triggered", "Prowess",
        effects=(Effect("pump", {"what": "self", "power": 1, "toughness": 1}),),
        trigger={"event": "cast", "who": "you", "filter": {"not_types": ["Creature"]}},
        keyword="Prowess"),
    "Exalted": Ability(
        "triggered", "Exalted",
        effects=(Effect("pump", {"what": "it", "power": 1, "toughness": 1}),),
        trigger={"event": "attacks_alone", "filter": {"types": ["Creature"], "controller": "you"}},
        keyword="Exalted"),
    # 702.115a: "for each opponent other than the defending player, you may create a token copy
    # tapped and attacking that player": this engine seats two players, so there is no such
    # opponent and the ability triggers and resolves doing nothing.
    "Myriad": Ability("triggered", "Myriad", trigger={"event": "attacks", "self": True}, keyword="Myriad"),
    # 702.39a: "When you cast this spell, put a copy of it onto the stack for each other spell that
    # was cast before it this turn" (engine/ops/cast.py)
    "Storm": Ability("triggered", "Storm", effects=(Effect("storm", {}),),
                     trigger={"event": "cast", "self": True}, keyword="Storm"),
    # 702.38a: "Whenever this creature attacks, you may choose to have target creature defending player
    # controls block this creature this combat if able. If you do, untap that creature." (702.38b: each
    # instance triggers; the requirement: engine/combat.py provoked)
    "Provoke": Ability(
        "triggered", "Provoke",
        effects=(Effect("untap", {"what": {"target": 0}}),
                 Effect("restrict", {"what": {"target": 0}, "rule": "must_block", "attacker": "self",
                                     "duration": "eot"})),
        targets=(TargetSpec({"controller": "defending_player", "types": ["Creature"]},
                            "target creature defending player controls"),),
        trigger={"event": "attacks", "self": True}, optional=True, keyword="Provoke"),
    # 702.54a: "Haunt" on a permanent means "When this permanent is put into a graveyard from the battlefield,
    # exile it haunting target creature." (on an instant or sorcery, "When this spell is put into a graveyard
    # during its resolution, ...": the same ability, triggered by engine/effects.py _finish; the op:
    # engine/ops/zones.py haunt)
    "Haunt": Ability("triggered", "Haunt", effects=(Effect("haunt", {"what": "self", "to": {"target": 0}}),),
                     targets=(TargetSpec({"types": ["Creature"]}, "target creature"),),
                     trigger={"event": "dies", "self": True}, keyword="Haunt"),
    # 702.68a: "When you cast this spell, put a copy of it onto the stack for each permanent that was put
    # into a graveyard from the battlefield this turn" (the count: Game.graveyard_turn; 702.68b: each
    # instance triggers)
    "Gravestorm": Ability("triggered", "Gravestorm", effects=(Effect("storm", {"record": "gravestorm"}),),
                          trigger={"event": "cast", "self": True}, keyword="Gravestorm"),
    # 702.77a: "When you cast this spell, if its conspire cost was paid, copy it. If the spell has any
    # targets, you may choose new targets for the copy." (the copy: the storm op, engine/ops/cast.py)
    "Conspire": Ability("triggered", "Conspire", effects=(Effect("storm", {"record": "conspire"}),),
                        trigger={"event": "cast", "self": True}, condition={"cast_with": "Conspire"},
                        keyword="Conspire"),
    # Casualty (a later keyword: Streets of New Capenna, 2022): "When you cast this spell, if a casualty cost
    # was paid for it, copy it. If the spell has any targets, you may choose new targets for the copy."
    # (its optional additional cost: engine/cast_options.py; the copy: the storm op, as conspire's)
    "Casualty": Ability("triggered", "Casualty", effects=(Effect("storm", {"record": "casualty"}),),
                        trigger={"event": "cast", "self": True}, condition={"cast_with": "Casualty"},
                        keyword="Casualty"),
    # 702.84a: "When you cast this spell, exile cards from the top of your library until ..." (engine/ops/cast.py)
    "Cascade": Ability("triggered", "Cascade", effects=(Effect("cascade", {}),),
                       trigger={"event": "cast", "self": True}, keyword="Cascade"),
    # 702.99a: "Whenever a creature enters the battlefield under your control, if that creature's power is
    # greater than this creature's power and/or that creature's toughness is greater than this creature's
    # toughness, put a +1/+1 counter on this creature" (the comparison: engine/values.py, "evolve")
    "Evolve": Ability(
        "triggered", "Evolve",
        effects=(Effect("counters", {"what": "self", "kind": "+1/+1", "amount": 1}),),
        trigger={"event": "etb", "filter": {"types": ["Creature"], "controller": "you"}},
        condition={"evolve": True}, keyword="Evolve"),
    # Offspring (a later keyword: Bloomburrow, 2024): "When this permanent
    # enters, if its offspring cost was paid, create a token that's a copy of it, except it's 1/1"
    # (its optional additional cost: engine/cast_options.py; "paid": the spell's cast_with mark)
    "Offspring": Ability(
        "triggered", "Offspring",
        effects=(Effect("token", {"copy_of": "self", "copy_except": {"power": "1", "toughness": "1"}}),),
        trigger={"event": "etb", "self": True}, condition={"cast_with": "Offspring"}, keyword="Offspring"),
    # Squad (a later keyword: Warhammer 40,000 Commander, 2022): "When this
    # creature enters, if its squad cost was paid, create a token that's a copy of it for each time
    # its squad cost was paid" (the cost: engine/cast_options.py, paid any number of times)
    "Squad": Ability(
        "triggered", "Squad",
        effects=(Effect("token", {"copy_of": "self", "amount": {"times_paid": "Squad"}}),),
        trigger={"event": "etb", "self": True}, condition={"cast_with": "Squad"}, keyword="Squad"),
    # Melee (a later keyword: Conspiracy: Take the Crown, 2016): "Whenever this creature attacks, it gets +1/+1
    # until end of turn for each opponent you attacked with a creature this combat" (the count: engine/values.py)
    "Melee": Ability(
        "triggered", "Melee",
        effects=(Effect("pump", {"what": "self", "power": {"opponents_attacked": True},
                                 "toughness": {"opponents_attacked": True}}),),
        trigger={"event": "attacks", "self": True}, keyword="Melee"),
    # Training (a later keyword: Innistrad: Crimson Vow, 2021): "Whenever this creature and at least one other
    # creature with power greater than this creature's power attack, put a +1/+1 counter on this creature"
    # (the other attacker: engine/triggers.py, "greater_power_attacker")
    "Training": Ability(
        "triggered", "Training",
        effects=(Effect("counters", {"what": "self", "kind": "+1/+1", "amount": 1}),),
        trigger={"event": "attacks", "self": True, "greater_power_attacker": True}, keyword="Training"),
    # 702.104a: "whenever this creature attacks the player with the most life or tied for most life"
    "Dethrone": Ability(
        "triggered", "Dethrone",
        effects=(Effect("counters", {"what": "self", "kind": "+1/+1", "amount": 1}),),
        trigger={"event": "attacks", "self": True, "most_life": True}, keyword="Dethrone"),
}

#: Keywords that stand for static abilities with no sentence of their own to read: each
#: instance is these abilities (the wording of its 702 rule in the text).
_AS_CREATURE = {"self": {"types": ["Creature"]}}
KEYWORD_STATICS: dict[str, tuple[Ability, ...]] = {
    # Riot (a later keyword: Ravnica Allegiance, 2019): "You may have this
    # permanent enter with an additional +1/+1 counter on it. If you don't, it gains haste."
    # (the choice as it enters, 614.12: engine/replacement.py; the haste: engine/entering.py)
    "Riot": (
        Ability("static", "Riot", static={"kind": "enters_with_counters", "counter": "+1/+1", "amount": 1,
                                          "optional": True, "else_haste": True}, keyword="Riot"),
    ),
    # 702.43a: "If this object is entering the battlefield from the stack as a creature, it enters the
    # battlefield with a +1/+1 counter on it for each color of mana spent to cast it. If this object is
    # entering the battlefield from the stack and isn't entering the battlefield as a creature, it enters
    # the battlefield with a charge counter on it for each color of mana spent to cast it." (702.43b: the
    # colors are those of the mana spent on its costs, kept only by a spell that resolves into it:
    # engine/casting.py, cast_options.carried; 702.43d: each instance applies)
    "Sunburst": (
        Ability("static", "Sunburst", static={"kind": "enters_with_counters", "counter": "+1/+1",
                                              "amount": {"colors_spent": "self"}, "condition": _AS_CREATURE},
                keyword="Sunburst"),
        Ability("static", "Sunburst", static={"kind": "enters_with_counters", "counter": "charge",
                                              "amount": {"colors_spent": "self"}, "condition": {"not": _AS_CREATURE}},
                keyword="Sunburst"),
    ),
    # Ravenous (a later keyword: Warhammer 40,000 Commander, 2022): "This permanent enters with X +1/+1 counters
    # on it" and "When this permanent enters, if X is 5 or more, draw a card" (X: the value chosen as it was
    # cast, as 107.3 has X for a spell; 0 when it was not cast)
    "Ravenous": (
        Ability("static", "Ravenous", static={"kind": "enters_with_counters", "counter": "+1/+1",
                                              "amount": {"x": True}}, keyword="Ravenous"),
        Ability("triggered", "Ravenous", effects=(Effect("draw", {"who": "you", "amount": 1}),),
                trigger={"event": "etb", "self": True}, condition={"x_ge": 5}, keyword="Ravenous"),
    ),
    # 702.97a: "You may have this permanent enter the battlefield with an additional +1/+1 counter on
    # it" and "This permanent can't block as long as it has a +1/+1 counter on it."
    "Unleash": (
        Ability("static", "Unleash", static={"kind": "enters_with_counters", "counter": "+1/+1", "amount": 1,
                                             "optional": True}, keyword="Unleash"),
        Ability("static", "Unleash", static={"kind": "restriction", "affects": "self", "rule": "cant_block",
                                             "condition": {"self_counters_ge": {"+1/+1": 1}}}, keyword="Unleash"),
    ),
}

def vanishing(n: int, text: str = "Vanishing") -> tuple[Ability, ...]:
    """702.62a: "Vanishing N" means "This permanent enters the battlefield with N time counters on
    it," "At the beginning of your upkeep, if there is a time counter on this permanent, remove a
    time counter from it," and "When the last time counter is removed from this permanent,
    sacrifice it" (the counters op fires that event: engine/ops/objects.py)."""
    return (
        Ability("static", text, static={"kind": "enters_with_counters", "counter": "time", "amount": n},
                keyword="Vanishing"),
        Ability("triggered", text, effects=(Effect("counters", {"what": "self", "kind": "time", "amount": 1,
                                                                "remove": True}),),
                trigger={"event": "step", "step": "upkeep", "whose": "you"},
                condition={"self_counters_ge": {"time": 1}}, keyword="Vanishing"),
        Ability("triggered", text, effects=(Effect("sacrifice", {"what": "self"}),),
                trigger={"event": "last_time_counter_removed", "self": True}, keyword="Vanishing"),
    )


def backup(n: int, keywords: list[str], abilities: list[Ability]) -> Ability:
    """Backup N (a later keyword: March of the Machine, 2023): "When this
    creature enters, put N +1/+1 counters on target creature. If that's another creature, it gains
    the following abilities until end of turn": the keywords and abilities printed after it."""
    grant = Effect("grant", {"what": {"target": 0}, "keywords": list(keywords), "abilities": list(abilities)})
    return Ability(
        "triggered", f"Backup {n}",
        effects=(Effect("counters", {"what": {"target": 0}, "kind": "+1/+1", "amount": n}),
                 Effect("if", {"cond": {"first_target": {"other": True}}, "then": [grant]})),
        targets=(TargetSpec({"types": ["Creature"]}, "target creature"),),
        trigger={"event": "etb", "self": True}, keyword="Backup")


def impending(n: int, text: str = "Impending") -> tuple[Ability, ...]:
    """Impending N—[cost] (a later keyword: Duskmourn, 2024): "You may choose to pay [cost] rather than pay this
    spell's mana cost" (engine/cast_options.py), "If you chose to pay this permanent's impending cost, it enters with
    N time counters on it," "As long as this permanent's impending cost was paid and it has a time counter on it,
    it's not a creature," and "At the beginning of your end step, remove a time counter from this permanent."
    (The permanent remembers the cost paid, as it does an escape's: 400.7 aside, the flag ``cast_with``.)"""
    paid = {"cast_with": "Impending"}
    return (
        Ability("static", text, static={"kind": "enters_with_counters", "counter": "time", "amount": n,
                                        "condition": paid}, keyword="Impending"),
        Ability("static", text, static={"kind": "add_types", "affects": "self", "remove_types": ["Creature"],
                                        "condition": {"all": [paid, {"self_counters_ge": {"time": 1}}]}},
                keyword="Impending"),
        Ability("triggered", text, effects=(Effect("counters", {"what": "self", "kind": "time", "amount": 1,
                                                                "remove": True}),),
                trigger={"event": "step", "step": "end", "whose": "you"}, keyword="Impending"),
    )


def firebending(n: int, text: str = "Firebending") -> Ability:
    """Firebending N (a later keyword: Avatar: The Last Airbender, 2025): "Whenever this creature
    attacks, add {R} N times. Until end of combat, you don't lose this mana as steps and phases
    end." (the lasting mana: engine/mana.py lasting_key, engine/game.py _end_step)"""
    return Ability("triggered", text, effects=(Effect("add_mana", {"mana": ["R"] * n, "until": "end_of_combat"}),),
                   trigger={"event": "attacks", "self": True}, keyword="Firebending")


def champion(f: dict[str, Any], text: str = "Champion") -> tuple[Ability, ...]:
    """702.71a: "Champion an [object]" means "When this permanent enters the battlefield, sacrifice it
    unless you exile another [object] you control" and "When this permanent leaves the battlefield,
    return the exiled card to the battlefield under its owner's control." 702.71b: the two are linked
    (607.2a: the exile remembers the card on the permanent, engine/ops/zones.py); 702.71c: the card so
    exiled is "championed"."""
    exile = Effect("exile", {"what": {"choose": {**f, "other": True, "controller": "you"}}})
    return (
        Ability("triggered", text, effects=(Effect("unless", {
            "payer": "you", "actions": [exile], "effects": [Effect("sacrifice", {"what": "self"})]}),),
            trigger={"event": "etb", "self": True}, keyword="Champion"),
        Ability("triggered", text, effects=(Effect("move", {"what": "linked_exiled", "to": "battlefield"}),),
                trigger={"event": "ltb", "self": True}, keyword="Champion"),
    )


def graft(n: int, text: str = "Graft") -> tuple[Ability, ...]:
    """702.57a: "Graft N" means "This permanent enters the battlefield with N +1/+1 counters on it" and
    "Whenever another creature enters the battlefield, if this permanent has a +1/+1 counter on it,
    you may move a +1/+1 counter from this permanent onto that creature" (moved only onto a creature
    still on the battlefield: one counter removed from this permanent, one put on that creature)."""
    move = [Effect("counters", {"what": "self", "kind": "+1/+1", "amount": 1, "remove": True}),
            Effect("counters", {"what": "it", "kind": "+1/+1", "amount": 1})]
    return (
        Ability("static", text, static={"kind": "enters_with_counters", "counter": "+1/+1", "amount": n},
                keyword="Graft"),
        Ability("triggered", text,
                effects=(Effect("if", {"cond": {"it": {"types": ["Creature"], "zone": "battlefield"}},
                                       "then": [Effect("may", {"effects": move})]}),),
                trigger={"event": "etb", "filter": {"types": ["Creature"], "other": True}},
                condition={"self_counters_ge": {"+1/+1": 1}}, keyword="Graft"),
    )


#: Keywords whose rules are what their reminder text says: each is compiled from these
#: templates (the wording of its 702 rule, "{n}" its number, "{N}" that number as a word)
#: into ordinary triggered and static abilities, one set per instance (702.xb).
KEYWORD_TEXT: dict[str, tuple[str, ...]] = {
    # 702.44a: "Whenever this creature blocks or becomes blocked, it gets +N/+N until end of turn."
    "Bushido": ("Whenever this creature blocks or becomes blocked, it gets +{n}/+{n} until end of turn.",),
    # 702.45a: a Spirit card with converted mana cost N or less, back to its owner's hand
    "Soulshift": (
        "When this creature dies, you may return target Spirit card with mana value {n} or less "
        "from your graveyard to your hand.",
    ),
    # 702.100a: each opponent loses 1 life and you gain life equal to the total life lost this way
    "Extort": (
        "Whenever you cast a spell, you may pay {{W/B}}. If you do, each opponent loses 1 life and "
        "you gain that much life.",
    ),
    # 702.90a
    "Battle cry": ("Whenever this creature attacks, each other attacking creature gets +1/+0 until end of turn.",),
    # Undaunted (a later keyword: Conspiracy: Take the Crown, 2016): its reminder text
    "Undaunted": ("This spell costs {{1}} less to cast for each opponent.",),
    # 702.40a: "This spell costs {1} less to cast for each [text] you control."
    "Affinity": ("This spell costs {{1}} less to cast for each {q} you control.",),
    # 702.78a
    "Persist": (
        "When this creature dies, if it had no -1/-1 counters on it, return it to the battlefield "
        "under its owner's control with a -1/-1 counter on it.",
    ),
    # 702.92a
    "Undying": (
        "When this creature dies, if it had no +1/+1 counters on it, return it to the battlefield "
        "under its owner's control with a +1/+1 counter on it.",
    ),
    # 702.22a (702.22b: the bonus is counted as it resolves)
    "Rampage": (
        "Whenever this creature becomes blocked, it gets +{n}/+{n} until end of turn for each creature "
        "blocking it beyond the first.",
    ),
    # 702.24a (702.24b: each instance triggers)
    "Flanking": (
        "Whenever a creature without flanking blocks this creature, that creature gets -1/-1 until end of turn.",
    ),
    # 702.42a
    "Modular": (
        "This creature enters with {N} +1/+1 counters on it.",
        "When this creature dies, you may put a +1/+1 counter on target artifact creature for each "
        "+1/+1 counter on this creature.",
    ),
    # 702.31a
    "Fading": (
        "This creature enters with {N} fade counters on it.",
        "At the beginning of your upkeep, remove a fade counter from this creature. If you can't, sacrifice it.",
    ),
    # 702.106a ({c}: its cost; a card's own outlast line is read by _costed_ability)
    "Outlast": ("{c}, {{T}}: Put a +1/+1 counter on this creature. Activate only as a sorcery.",),
    # 702.85a
    "Annihilator": ("Whenever this creature attacks, defending player sacrifices {N} permanents.",),
    # 702.111a
    "Renown": (
        "Whenever this creature deals combat damage to a player, if it isn't renowned, put {N} +1/+1 "
        "counters on it and it becomes renowned.",
    ),
    # 702.57a
    "Graft": (
        "This creature enters with {N} +1/+1 counters on it.",
        "Whenever another creature enters, if this creature has a +1/+1 counter on it, you may move a +1/+1 "
        "counter from this creature onto that creature.",
    ),
    # not in the 2016 rules (Kaladesh): its reminder text
    "Fabricate": (
        "When this creature enters, you may put {N} +1/+1 counters on it. If you don't, create {N} 1/1 "
        "colorless Servo artifact creature tokens.",
    ),
    # not in the 2016 rules (Guilds of Ravnica): its reminder text
    "Mentor": (
        "Whenever this creature attacks, put a +1/+1 counter on target attacking creature with power "
        "less than this creature's power.",
    ),
    # 702.53a
    "Bloodthirst": ("If an opponent was dealt damage this turn, this creature enters with {N} +1/+1 counters on it.",),
    # 702.29a ({c}: its mana cost)
    "Echo": (
        "At the beginning of your upkeep, if this permanent came under your control since the beginning "
        "of your last upkeep, sacrifice it unless you pay {c}.",
    ),
    # not in the 2016 rules (a later keyword, 2026): its reminder text
    "Increment": ("Whenever you cast a spell, if the amount of mana you spent is greater than this creature's power "
                  "or toughness, put a +1/+1 counter on this creature.",),
    # not in the 2016 rules (Ravnica Allegiance): its reminder text
    "Afterlife": ("When this creature dies, create {N} 1/1 white and black Spirit creature tokens with flying.",),
    # 702.91a: the 2016 wording puts "a 0/0 black Germ creature token" (today's is a Phyrexian Germ)
    "Living weapon": ("When SELF enters, create a 0/0 black Germ creature token, then attach SELF to it.",),
    # not in the 2016 rules (Innistrad: Midnight Hunt): its reminder text
    "Decayed": ("SELF can't block.", "When SELF attacks, sacrifice it at end of combat."),
    # not in the 2016 rules (Tarkir: Dragonstorm): its reminder text
    "Mobilize": (
        "Whenever SELF attacks, create {N} 1/1 red Warrior creature tokens that are tapped and attacking. "
        "Sacrifice them at the beginning of the next end step.",
    ),
    # 702.67a (702.67b: each instance triggers)
    "Frenzy": ("Whenever this creature attacks and isn't blocked, it gets +{n}/+0 until end of turn.",),
    # 702.63a (702.63b: N of each source's damage at one time; 702.63c: each instance applies:
    # engine/replacement.static_shields makes one shield per static ability and damage event)
    "Absorb": ("If a source would deal damage to SELF, prevent {n} of that damage.",),
    # 702.69a
    "Poisonous": ("Whenever SELF deals combat damage to a player, that player gets {n} poison counters.",),
    # 702.114a
    "Ingest": ("Whenever SELF deals combat damage to a player, that player exiles the top card of their library.",),
    # 702.109a (the exploit triggers, "when SELF exploits a creature", are read with the card's text)
    "Exploit": ("When SELF enters, you may sacrifice a creature.",),
    # not in the 2016 rules (Phyrexia: All Will Be One; Final Fantasy): their reminder text
    "For Mirrodin!": ("When SELF enters, create a 2/2 red Rebel creature token, then attach SELF to it.",),
    "Job select": ("When SELF enters, create a 1/1 colorless Hero creature token, then attach SELF to it.",),
    # 702.113a: "Devoid" means "This object is colorless" (a characteristic-defining ability)
    "Devoid": ("SELF is colorless.",),
    # not in the 2016 rules (Strixhaven): its reminder text ({c}: a mana cost or "N life")
    "Ward": (
        "Whenever SELF becomes the target of a spell or ability an opponent controls, counter that spell "
        "or ability unless its controller pays {c}.",
    ),
    # not in the 2016 rules (Hour of Devastation): its reminder text
    "Afflict": ("Whenever this creature becomes blocked, defending player loses {n} life.",),
    # not in the 2016 rules (Kaladesh): its reminder text; today's rule says "other" creatures (engine/costs.py)
    "Crew": (
        "Tap any number of untapped creatures you control with total power {n} or more: SELF becomes an "
        "artifact creature until end of turn.",
    ),
    # not in the 2016 rules (Edge of Eternities): its meaning, "Tap another untapped
    # creature you control: Put a number of charge counters on this permanent equal to the tapped creature's power.
    # Activate only as a sorcery." (the station symbols it fills: engine/cards/compiler/leveler.py)
    "Station": (
        "Tap another untapped creature you control: Put a number of charge counters on SELF equal to the tapped "
        "creature's power. Activate only as a sorcery.",
    ),
    # not in the 2016 rules (Outlaws of Thunder Junction): its reminder text; "Whenever SELF attacks while saddled"
    # triggers on an attack of it while saddled (engine/combat.py)
    "Saddle": (
        "Tap any number of other untapped creatures you control with total power {n} or more: SELF becomes "
        "saddled until end of turn. Activate only as a sorcery.",
    ),
}
def _fabricate_gone(ab: Ability) -> Ability:
    """Fabricate makes Servos when the counters can't be put on it because it has left the
    battlefield (the Kaladesh release notes; fabricate is not in the 2016 rules): ask only while it is there."""
    may = ab.effects[0]
    return replace(ab, effects=(Effect("if", {"cond": {"self": {}}, "then": [may],
                                               "else": list(may.args["else"])}),))


#: Keywords whose compiled template needs one more rule applied to it.
_AFTER = {"Fabricate": _fabricate_gone}
_NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


@lru_cache(maxsize=1024)
def keyword_abilities(name: str, n: int | None = None, quality: str = "", cost: str = "") -> tuple[Ability, ...] | None:
    """The abilities one instance of a KEYWORD_TEXT keyword stands for; None if a template does
    not compile (then the keyword line is unsupported, never half read)."""
    from engine.cards.compiler import compile_abilities_text  # layering: cycle (compiler imports this)

    out: list[Ability] = []
    label = f"{name} for {quality}" if quality else f"{name} {cost}" if cost else name if n is None else f"{name} {n}"
    for template in KEYWORD_TEXT[name]:
        if ("{n}" in template or "{N}" in template) and (n is None or n >= len(_NUMBER_WORDS)):
            return None
        echo_action = name == "Echo" and re.fullmatch(r"(?:discard|sacrifice) [a-z ]+|pay \d+ life", cost.lower())
        if "{c}" in template and not re.fullmatch(r"(\{[^{}]+\})+", cost) and not echo_action and not (
                name == "Ward" and re.fullmatch(r"\d+ life|(\{[^{}]+\})+ and \d+ life|(?:discards|sacrifices) .+|"
                                                r"life equal to .+", cost)):
            return None  # a cost other than mana, or than life or an action for ward
        if echo_action:  # "Echo—Discard a card" (702.29a: "sacrifice it unless you [pay the echo cost]"): the action
            template, cost = template.replace("pay {c}", "{c}"), cost.lower()
        if name == "Ward" and re.fullmatch(r"(?:discards|sacrifices) .+", cost):
            template = template.replace("pays {c}", "{c}")  # "unless its controller discards a card"
        text = template.format(n=n, N=_NUMBER_WORDS[n] if n is not None else "", q=quality, c=cost)
        got = compile_abilities_text(text)
        if not got:
            return None
        out.extend(replace(ab, text=label, keyword=name) for ab in got)
    if name in _AFTER:
        out = [_AFTER[name](ab) if ab.kind == "triggered" else ab for ab in out]
    return tuple(out)


def protection_qualities(quality: str) -> list[Any] | None:
    """The qualities of 'protection from QUALITY' (also for a granted keyword, 702.16a)."""
    return _protection(quality)


def _protection(quality: str) -> list[Any] | None:
    """'red' -> ['R']; 'red and from blue' -> ['R','U']; 'creatures' ...; CR 702.16."""
    out: list[Any] = []
    for part in re.split(r"\s*(?:,|\band\b)\s*(?:from\s+)?", quality.strip()):
        part = part.strip().lower()
        if not part:
            continue
        if part in COLOR_WORDS:
            out.append(COLOR_WORDS[part])
        elif part in ("everything", "multicolored", "monocolored", "all colors", "each color", "colorless",
                      "the chosen color", "the color of your choice", "the chosen player"):
            out.append(part)
        else:
            f = parse_noun(part)
            if f is None:
                return None
            out.append(f)
    return out or None


def partner_with(name: str) -> Ability:
    """"Partner with NAME" (a later keyword, Battlebond): "When this creature enters the battlefield, target
    player may put NAME into their hand from their library, then shuffle" (the search of a library for a card
    by name, 701.15a-b). Its other half lets the two named cards be commanders together (a deck rule of
    Commander beside 903.3: engine/commander.py pair_problems)."""
    return Ability("triggered", f"Partner with {name}",
                   effects=(Effect("search", {"filter": {"name": name}, "amount": 1, "to": "hand",
                                              "who": {"target": 0}, "optional": True}),),
                   targets=(TargetSpec({"player": True}, "target player"),),
                   trigger={"event": "etb", "self": True}, keyword="Partner with")


def reconfigure_rest(part: str, cost: Cost) -> tuple[Ability, ...]:
    """Reconfigure's other abilities: "[Cost]: Unattach this permanent. Activate only if this permanent is
    attached to a creature and only as a sorcery." and, as the keyword's rule has it, "Attaching an Equipment
    with reconfigure to another creature causes the Equipment to stop being a creature until it becomes
    unattached" (a static: while it is attached, it loses the card type creature and its creature types,
    engine/layers.py "lose_types")."""
    return (
        Ability("activated", part, effects=(Effect("unattach", {"what": "self"}),), cost=cost, sorcery_speed=True,
                condition={"self_attached": True}, keyword="Reconfigure"),
        Ability("static", part, static={"kind": "lose_types", "affects": "self", "types": ["Creature"],
                                        "condition": {"self_attached": True}}, keyword="Reconfigure"),
    )


#: the reader of an instruction with no target to its effects, given by engine.cards.compiler (whose effect readers
#: import this module): set_instruction_reader
_INSTRUCTION: list[Callable[[str], list[Effect] | None]] = []


def set_instruction_reader(fn: Callable[[str], list[Effect] | None]) -> None:
    """The compiler gives its reader of an untargeted instruction ("Draw a card.") for _upkeep_instruction."""
    _INSTRUCTION[:] = [fn]


#: the instructions an upkeep cost may be (_upkeep_instruction): done once for each age counter
_UPKEEP_OPS = frozenset({"draw", "gain_life", "token", "counters", "mill", "lose_life"})


def _upkeep_instruction(part: str, cost_text: str) -> tuple[Ability | None, Any] | None:
    """702.23a: "Cumulative upkeep—Draw a card" (Psychic Vortex), "—An opponent gains 1 life" (Wall of Shards), "—Have
    an opponent create a 1/1 red Survivor creature token" (Varchild's War-Riders), "—Add {R}" (Braid of Fire): an
    instruction as the upkeep cost (117.1); paying it for each age counter is carrying it out that many times, or
    the permanent is sacrificed."""
    text = re.sub(r"^have (an opponent|target opponent) create\b", r"\1 creates", cost_text.strip().rstrip("."),
                  flags=re.I)
    effs = _INSTRUCTION[0](text + ".") if _INSTRUCTION else None
    if not effs or len(effs) != 1:
        return None
    e = effs[0]
    age = {"counters_on": "self", "kind": "age"}
    if e.op == "add_mana" and set(e.args) == {"mana"}:  # "Add {R}": that mana for each age counter (605.2)
        act = Effect("add_mana", {**e.args, "per": age})
    elif e.op in _UPKEEP_OPS and e.args.get("amount") == 1 and "choose" not in repr(e.args) \
            and (e.op != "counters" or e.args.get("what") == "self"):  # (each payment chooses anew: not read)
        act = Effect(e.op, {**e.args, "amount": age})
    else:
        return None
    return (Ability(
        "triggered", part,
        effects=(Effect("counters", {"what": "self", "kind": "age", "amount": 1}),
                 Effect("unless", {"payer": "you", "actions": [act],
                                   "effects": [Effect("sacrifice", {"what": "self"})]})),
        trigger={"event": "step", "step": "upkeep", "whose": "you"}, keyword="Cumulative upkeep"), Cost())
def craft_ability(part: str, materials: str, cost_text: str) -> Ability | None:
    """Craft (a later keyword, The Lost Caverns of Ixalan, 2023; as the rule that added it reads): "Craft with
    [materials] [cost]" means "[Cost], Exile this permanent, Exile [materials] from among permanents you control
    and/or cards in your graveyard: Return this card to the battlefield transformed under its owner's control.
    Activate only as a sorcery." The materials: "artifact" (one), "two creatures" (that many), "one or more
    Dinosaurs" (any number, at least one); a quality of card types, subtypes, supertypes and colors (a permanent or
    a card with it). None for materials this does not read ("two that share a card type", "a Dinosaur, a Merfolk,
    ...")."""
    cost = parse_cost_text(cost_text)
    words = materials.strip().lower()
    m = re.fullmatch(r"(?:(an?)|(one or more)|(\w+)) (.+)", words)
    amount, more, noun = 1, False, words
    if m and m.group(1):
        noun = m.group(4)
    elif m and m.group(2):
        more, noun = True, m.group(4)
    elif m and m.group(3) and number(m.group(3)):
        amount, noun = number(m.group(3)) or 1, m.group(4)
    f = parse_noun(noun)
    if cost is None or cost != Cost(mana=cost.mana) or f is None:
        return None
    f = {k: v for k, v in f.items() if k != "zone" or v == "any_card"}
    f.pop("zone", None)
    if not f or set(f) - {"types", "subtypes", "supertypes", "colors"}:
        return None
    ret = Effect("move", {"what": "exiled_self", "to": "battlefield", "transformed": True, "crafted": True})
    return Ability("activated", part, effects=(ret,),
                   cost=Cost(mana=cost.mana, exile_self=True, craft={**f, "amount": amount, **({"or_more": True}
                                                                                            if more else {})}),
                   sorcery_speed=True, keyword="Craft")


def _costed_ability(name: str, part: str, cost_text: str) -> tuple[Ability | None, Any] | None:
    """The ability (if any) and the argument of a keyword with a cost."""
    m = re.fullmatch(r"\{([WUBRG])\} or \{([WUBRG])\}", cost_text.strip())
    if name == "Cumulative upkeep" and m and m.group(1) != m.group(2):
        # 702.23a: "Cumulative upkeep {G} or {W}": for each age counter, {G} or {W}, the player's choice each
        # time: what N hybrid symbols {G/W} are (107.4e)
        cost_text = "{" + m.group(1) + "/" + m.group(2) + "}"
    cost = parse_cost_text(cost_text)
    if cost is None and name == "Cumulative upkeep":
        return _upkeep_instruction(part, cost_text)
    if cost is None and name == "Ward" and re.fullmatch(r"pay life equal to .+", cost_text.strip(), re.I):
        cost = Cost()  # "Ward—Pay life equal to SELF's power": an amount counted as the ability resolves (below)
    if cost is None:
        return None
    if name == "Equip":
        return (
            Ability(
                "activated",
                part,
                effects=(Effect("attach", {"what": "self", "to": {"target": 0}}),),
                targets=(TargetSpec({"types": ["Creature"], "controller": "you"}, "target creature you control"),),
                cost=cost,
                sorcery_speed=True,
                keyword="Equip",
            ),
            cost,
        )
    if name == "Reconfigure":
        # Reconfigure (a later keyword: Kamigawa: Neon Dynasty, 2022): "[Cost]: Attach this permanent to another
        # target creature you control. Activate only as a sorcery." (its other two abilities: reconfigure_rest)
        return (Ability("activated", part, effects=(Effect("attach", {"what": "self", "to": {"target": 0}}),),
                        targets=(TargetSpec({"types": ["Creature"], "controller": "you", "other": True},
                                            "another target creature you control"),),
                        cost=cost, sorcery_speed=True, keyword="Reconfigure"), cost)
    if name == "Fortify":
        return (Ability("activated", part, effects=(Effect("attach", {"what": "self", "to": {"target": 0}}),),
                        targets=(TargetSpec({"types": ["Land"], "controller": "you"}, "target land you control"),),
                        cost=cost, sorcery_speed=True, keyword="Fortify"), cost)
    if name == "Cycling":
        return (
            Ability(
                "activated",
                part,
                effects=(Effect("draw", {"who": "you", "amount": 1}),),
                cost=Cost(mana=cost.mana, life=cost.life, discard_self=True),
                zone="hand",
                keyword="Cycling",
            ),
            cost,
        )
    if name == "Outlast":
        return (
            Ability(
                "activated",
                part,
                effects=(Effect("counters", {"what": "self", "kind": "+1/+1", "amount": 1}),),
                cost=Cost(mana=cost.mana, tap=True),
                sorcery_speed=True,
                keyword="Outlast",
            ),
            cost,
        )
    if name == "Level up":  # 702.86a: "[Cost]: Put a level counter on this permanent. Activate only as a sorcery."
        level = Effect("counters", {"what": "self", "kind": "level", "amount": 1})
        return Ability("activated", part, effects=(level,), cost=cost, sorcery_speed=True, keyword="Level up"), cost
    if name == "Unearth":
        return (
            Ability(
                "activated",
                part,
                effects=(Effect("move", {"what": "self", "to": "battlefield", "from": "graveyard", "unearth": True}),),
                cost=cost,
                sorcery_speed=True,
                zone="graveyard",
                keyword="Unearth",
            ),
            cost,
        )
    if name in ("Embalm", "Eternalize"):
        # later than the 2016 rules (Amonkhet, Hour of Devastation), their reminder text: "[cost], Exile this
        # card from your graveyard: Create a token that's a copy of it, except it's a white Zombie ... with no
        # mana cost" (embalm) / "a 4/4 black Zombie ..." (eternalize). "... only as a sorcery."
        change: dict[str, Any] = {"colors": ["W"] if name == "Embalm" else ["B"], "add_subtypes": ["Zombie"],
                                  "mana_cost": []}
        if name == "Eternalize":
            change.update(power="4", toughness="4")
        return (Ability("activated", part, effects=(Effect("token", {"copy_of": "self", "copy_except": change}),),
                        cost=replace(cost, exile_self=True), sorcery_speed=True, zone="graveyard", keyword=name),
                cost)
    if name == "Encore":
        # later than the 2016 rules (Commander Legends, 2020), its reminder text:
        # "[cost], Exile this card from your graveyard: For each opponent, create a token copy that attacks
        # that opponent this turn if able. They gain haste. Sacrifice them at the beginning of the next end
        # step. Activate only as a sorcery." (the op: engine/ops/objects.py encore)
        sac = Effect("delayed", {"step": "end", "effects": [Effect("sacrifice", {"what": "created"})]})
        return (Ability("activated", part, effects=(Effect("encore", {}), sac),
                        cost=replace(cost, exile_self=True), sorcery_speed=True, zone="graveyard", keyword=name),
                cost)
    if name == "Scavenge":
        return (Ability("activated", part, effects=(Effect("counters", {"what": {"target": 0}, "kind": "+1/+1",
                                                                        "amount": {"power_of": "self"}}),),
                        targets=(TargetSpec({"types": ["Creature"]}, "target creature"),),
                        cost=Cost(mana=cost.mana, exile_self=True), sorcery_speed=True, zone="graveyard",
                        keyword="Scavenge"), cost)
    if name == "Replicate":
        # 702.55a: "When you cast this spell, if a replicate cost was paid for it, copy it for each time its
        # replicate cost was paid" (the copies: the storm op, engine/ops/cast.py; the payments: extras)
        return (Ability("triggered", part, effects=(Effect("storm", {"record": "replicate"}),),
                        trigger={"event": "cast", "self": True}, condition={"cast_with": "Replicate"},
                        keyword="Replicate"), cost)
    if name == "Cumulative upkeep" and cost == Cost(sacrifice=cost.sacrifice, discard=cost.discard,
                                                    discard_filter=cost.discard_filter,
                                                    put_counters=cost.put_counters) \
            and not (cost.sacrifice and cost.sacrifice.get("amount")) and not cost.discard_filter \
            and sum(bool(x) for x in (cost.sacrifice, cost.discard, cost.put_counters)) == 1 \
            and cost.discard in (0, 1) and (not cost.put_counters or cost.put_counters[1] == 1):
        # 702.23a: "Cumulative upkeep—Sacrifice a land" (Polar Kraken), "—Discard a card", "—Put a -1/-1 counter on
        # SELF" (Aboroth): that action once for each age counter, all of it or none (117.3, 117.12)
        age = {"counters_on": "self", "kind": "age"}
        if cost.sacrifice:
            upkeep_act = Effect("sacrifice", {"who": "you", "filter": dict(cost.sacrifice), "amount": age})
        elif cost.discard:
            upkeep_act = Effect("discard", {"who": "you", "amount": age})
        else:
            assert cost.put_counters is not None
            upkeep_act = Effect("counters", {"what": "self", "kind": cost.put_counters[0], "amount": age})
        return (Ability(
            "triggered", part,
            effects=(Effect("counters", {"what": "self", "kind": "age", "amount": 1}),
                     Effect("unless", {"payer": "you", "actions": [upkeep_act],
                                       "effects": [Effect("sacrifice", {"what": "self"})]})),
            trigger={"event": "step", "step": "upkeep", "whose": "you"}, keyword="Cumulative upkeep"), cost)
    if name == "Cumulative upkeep":
        if not (cost.mana or cost.life > 0) or cost != Cost(mana=cost.mana, life=cost.life):
            return None  # mana and life upkeep costs are carried out, not others (sacrifice, counters, ...)
        return (Ability(  # 702.23a
            "triggered", part,
            effects=(Effect("counters", {"what": "self", "kind": "age", "amount": 1}),
                     Effect("unless", {"payer": "you", "pay": {"mana": list(cost.mana), "life": cost.life},
                                       "times": {"counters_on": "self", "kind": "age"},
                                       "effects": [Effect("sacrifice", {"what": "self"})]})),
            trigger={"event": "step", "step": "upkeep", "whose": "you"}, keyword="Cumulative upkeep"), cost)
    if name == "Ninjutsu":  # 702.48a: an activated ability from the hand
        if cost != Cost(mana=cost.mana):
            return None
        return (Ability("activated", part, effects=(Effect("move", {
                    "what": "self", "to": "battlefield", "from": "hand", "tapped": True, "attacking": True}),),
                        cost=Cost(mana=cost.mana, return_to_hand={"types": ["Creature"], "attacking": True,
                                                                  "unblocked": True}),
                        zone="hand", keyword="Ninjutsu"), cost)
    if name == "Aura swap":  # 702.64a: "[Cost]: You may exchange this permanent with an Aura card in your hand."
        return (Ability("activated", part, effects=(Effect("aura_swap", {}),), cost=cost, keyword="Aura swap"), cost)
    if name == "Recover":
        # 702.58a: "When a creature is put into your graveyard from the battlefield, you may pay [cost]. If you
        # do, return this card from your graveyard to your hand. Otherwise, exile this card." (a triggered
        # ability that works only in the graveyard: engine/triggers.py creature_to_graveyard)
        if not cost.mana or cost != Cost(mana=cost.mana):
            return None
        back = Effect("move", {"what": "self", "to": "hand", "from": "graveyard"})
        return (Ability("triggered", part, effects=(Effect("may", {
            "effects": [Effect("pay", {"mana": list(cost.mana)})], "then": [back],
            "else": [Effect("exile", {"what": "self"})]}),),
            trigger={"event": "creature_to_graveyard"}, zone="graveyard", keyword="Recover"), cost)
    if name == "Evoke":  # 702.73a: its triggered ability (the alternative cost: engine/cast_options.py)
        return (Ability("triggered", part, effects=(Effect("sacrifice", {"what": "self"}),),
                        trigger={"event": "etb", "self": True}, condition={"cast_with": "Evoke"},
                        keyword="Evoke"), cost)
    if name == "Dash":  # 702.108a: "as long as this permanent's dash cost was paid, it has haste"
        return (Ability("static", part, static={"kind": "keywords", "affects": "self", "keywords": ["Haste"],
                                                "condition": {"cast_with": "Dash"}}, keyword="Dash"), cost)
    if name in KEYWORD_TEXT:
        ct = cost_text.strip()
        m = re.fullmatch(r"pay (\d+) life", ct, re.I)   # "Ward—Pay 3 life"
        both = re.fullmatch(r"((?:\{[^{}]+\})+), pay (\d+) life", ct, re.I)  # "Ward—{2}, Pay 2 life"
        act = re.fullmatch(r"(discard|sacrifice) (.+)", ct, re.I) if name == "Ward" else None
        eq = re.fullmatch(r"pay (life equal to .+)", ct, re.I) if name == "Ward" else None
        cost_words = f"{m.group(1)} life" if m else f"{both.group(1)} and {both.group(2)} life" if both and \
            name == "Ward" else f"{act.group(1).lower()}s {act.group(2)}" if act else ct  # "Ward—Discard a card"
        if eq:  # "Ward—Pay life equal to SELF's power" (Phyrexian Fleshgorger): counted as the ability resolves
            cost_words = eq.group(1)
        got = keyword_abilities(name, cost=cost_words)
        if got is None or len(got) != 1:
            return None
        return (got[0], cost)
    return (None, cost)


def parse_keyword_line(line: str) -> tuple[list[str], dict[str, Any], list[Ability]] | None:
    """Read a paragraph made only of keywords; None if any part is not a known keyword."""
    got = _parse_keyword_line(line)
    if got is None:
        return None
    names, args, abilities = got
    return list(names), {k: (list(v) if isinstance(v, list) else v) for k, v in args.items()}, list(abilities)


@lru_cache(maxsize=65536)
def _parse_keyword_line(line: str) -> tuple[list[str], dict[str, Any], list[Ability]] | None:
    names: list[str] = []
    args: dict[str, Any] = {}
    abilities: list[Ability] = []
    text = line.strip().rstrip(".")
    if not text or '"' in text or ":" in text:
        return None
    if re.fullmatch(r"devour x, where x is the number of creatures devoured this way", text, re.I):
        # 702.81a with X (Thromok the Insatiable): X +1/+1 counters for each creature sacrificed, X their number
        return ["Devour"], {"Devour": "X"}, [Ability("static", text, static={"kind": "devour", "amount": "devoured"},
                                                     keyword="Devour")]
    m = re.fullmatch(r"partner with ([^(]+?)", text, re.I)
    if m and m.group(1).strip().capitalize() in CREATURE_TYPES:
        return None  # "Partner with Knight" (an Un-style card): any legendary Knight, no search: not the keyword
    if m:  # a name may hold a comma ("Partner with Shabraz, the Skyshark"): the whole line is the keyword
        return ["Partner with"], {"Partner with": m.group(1)}, [partner_with(m.group(1))]
    m = re.fullmatch(r"partner—([^(,]+?)", text, re.I)
    if m:  # "Partner—Friends forever": partners only with a card whose partner has the same text (engine/commander)
        return ["Partner"], {"Partner": m.group(1)}, []
    # costs in symbols contain no commas; "protection from red and from blue" has no comma either; a cost
    # after an em dash is in words and runs to the end of the line ("Flashback—{1}{U}, Pay 3 life", 702.33a)
    dash = re.fullmatch(r"([A-Za-z ]+)—(.+)", text)
    if dash and _LOWER.get(dash.group(1).lower()) in COSTED:
        parts = [text]
    elif re.fullmatch(r"enchant [a-z ]+(?:, [a-z ]+)+,? or [a-z ]+", text, re.I):
        parts = [text]  # "Enchant creature, land, or planeswalker" (Imprisoned in the Moon): one quality (702.5a)
    else:
        parts = [p.strip() for p in re.split(r",\s*|;\s*", text) if p.strip()]
        merged: list[str] = []
        for p in parts:  # "Protection from Vampires, from Werewolves, and from Zombies": one keyword (702.16g)
            if merged and re.match(r"(?:and )?from ", p, re.I) and re.match(r"(protection|hexproof) from ", merged[-1],
                                                                             re.I):
                merged[-1] += " and " + re.sub(r"^and ", "", p, flags=re.I)
            else:
                merged.append(p)
        parts = merged
    for part in parts:
        low = part.lower()
        if low in _LOWER and _LOWER[low] in BARE:
            name = _LOWER[low]
            names.append(name)
            if name == "Conspire":  # 702.77a: its optional additional cost (engine/cast_options.py)
                args[name] = CONSPIRE_COST
            if name == "Soulbond":
                abilities.extend(SOULBOND)
            if name in KEYWORD_ABILITIES:
                abilities.append(KEYWORD_ABILITIES[name])
            elif name in KEYWORD_STATICS:
                abilities.extend(KEYWORD_STATICS[name])
            elif name in KEYWORD_TEXT:
                got = keyword_abilities(name)
                if got is None:
                    return None
                abilities.extend(got)
            continue
        if low in LANDWALK:
            names.append("Landwalk")
            args.setdefault("Landwalk", []).append(LANDWALK[low])
            continue
        m = re.fullmatch(r"(protection|hexproof) from (.+)", part, re.I)
        if m:
            q = _protection(m.group(2))
            if q is None:
                return None
            kname = m.group(1).capitalize() if m.group(1).lower() == "protection" else "Hexproof from"
            names.append(kname)
            args.setdefault(kname, []).extend(q)
            continue
        m = re.fullmatch(r"enchant (.+)", part, re.I)
        if m:
            what = m.group(1).lower()
            if what in ("player", "opponent"):
                f: dict[str, Any] | None = {"player": True, **({"opponent": True} if what == "opponent" else {})}
            else:
                f = parse_noun(what)
                if f is not None and f.get("zone") == "graveyard" and f != {"types": ["Creature"], "zone": "graveyard"}:
                    f = None  # only "enchant creature card in a graveyard" (Animate Dead: engine/sba.py)
            if f is None:
                return None
            names.append("Enchant")
            args["Enchant"] = f
            continue
        m = re.fullmatch(r"equip ([a-z][a-z ]*?) ((?:\{[^ }]+\})+)", part, re.I)
        if m:  # "Equip legendary creature {3}", "Equip Knight {1}": 702.6a with a quality (a later form, added 2018)
            quality = parse_noun(m.group(1))
            cost = parse_cost_text(m.group(2))
            if quality is None or cost is None or set(quality) - {"types", "subtypes", "supertypes"} \
                    or quality.get("types", ["Creature"]) != ["Creature"]:
                return None
            spec = TargetSpec({**quality, "types": ["Creature"], "controller": "you"},
                              f"target {m.group(1).lower()} you control")
            names.append("Equip")
            attach = Effect("attach", {"what": "self", "to": {"target": 0}})
            abilities.append(Ability("activated", part, effects=(attach,), targets=(spec,), cost=cost,
                                     sorcery_speed=True, keyword="Equip"))
            continue
        m = re.fullmatch(r"craft with (.+?) ((?:\{[^ }]+\})+)", part, re.I)
        if m:  # craft (a later keyword, The Lost Caverns of Ixalan): craft_ability
            got_craft = craft_ability(part, m.group(1), m.group(2))
            if got_craft is None:
                return None
            names.append("Craft")
            abilities.append(got_craft)
            continue
        m = re.fullmatch(r"devour ([a-z]+) (\d+)", part, re.I)
        if m:  # "Devour artifact 1", "Devour land 3", "Devour Food 3" (a later form of 702.81a): permanents of that
            # kind are the ones that may be sacrificed (engine/replacement.py, engine/entering.py)
            quality = parse_noun(m.group(1).lower() + "s")
            if quality is None or set(quality) - {"types", "subtypes"}:
                return None
            names.append("Devour")
            args["Devour"] = int(m.group(2))
            abilities.append(Ability("static", part, static={"kind": "devour", "amount": int(m.group(2)),
                                                             "filter": quality}, keyword="Devour"))
            continue
        m = re.fullmatch(r"affinity for (.+)", part, re.I)
        if m:
            f = parse_noun(m.group(1))
            if f is None:
                return None
            got = keyword_abilities("Affinity", quality=m.group(1).lower())
            if got is None:
                return None
            names.append("Affinity")
            args["Affinity"] = f
            abilities.extend(got)
            continue
        m = re.fullmatch(r"([a-z]+)cycling (\{[^ ]+\})", part, re.I)
        if m and m.group(1).lower() not in ("", "land"):
            base = m.group(1).lower()
            f = {"supertypes": ["Basic"], "types": ["Land"]} if base == "basic land" else None
            st = subtype(base)
            if base in ("basic",):
                f = {"supertypes": ["Basic"], "types": ["Land"]}
            elif st:
                f = {"subtypes": [st]}
            elif base in ("artifact", "creature", "enchantment", "instant", "sorcery", "planeswalker"):
                f = {"types": [base.capitalize()]}
            if f is None:
                return None
            cost = parse_cost_text(m.group(2))
            if cost is None:
                return None
            names.append("Typecycling")
            args.setdefault("Typecycling", []).append({"filter": f, "cost": cost})
            abilities.append(
                Ability(
                    "activated",
                    part,
                    effects=(Effect("search", {"filter": f, "amount": 1, "to": "hand", "reveal": True}),),
                    cost=Cost(mana=cost.mana, discard_self=True),
                    zone="hand",
                    keyword="Typecycling",
                )
            )
            continue
        m = re.fullmatch(r"(basic )?landcycling (\{[^ ]+\})", part, re.I)
        if m:
            cost = parse_cost_text(m.group(2))
            if cost is None:
                return None
            f = {"types": ["Land"], **({"supertypes": ["Basic"]} if m.group(1) else {})}
            names.append("Typecycling")
            args.setdefault("Typecycling", []).append({"filter": f, "cost": cost})
            abilities.append(
                Ability(
                    "activated",
                    part,
                    effects=(Effect("search", {"filter": f, "amount": 1, "to": "hand", "reveal": True}),),
                    cost=Cost(mana=cost.mana, discard_self=True),
                    zone="hand",
                    keyword="Typecycling",
                )
            )
            continue
        m = re.fullmatch(r"(suspend|reinforce|impending) (\d+|x)—(.+?)(\. x can't be 0)?", part, re.I)
        if m:
            cost = parse_cost_text(m.group(3))
            if cost is None or m.group(4) and (m.group(1).lower() != "suspend" or m.group(2).isdigit()):
                return None
            name = m.group(1).capitalize()
            names.append(name)
            args[name] = {"amount": int(m.group(2)) if m.group(2).isdigit() else "X", "cost": cost}
            if m.group(4):  # "Suspend X—{X}{3}{U}. X can't be 0." (Aeon Chronicler): X time counters, X at least 1
                args[name]["x_min"] = 1  # (107.3: the player chooses X as the cost is paid)
            if name == "Impending":
                if not m.group(2).isdigit():
                    return None
                abilities.extend(impending(int(m.group(2)), part))
            elif name == "Suspend":  # 702.61a: "If you cast a creature spell this way, it gains haste ..."
                abilities.append(Ability("static", part, static={
                    "kind": "keywords", "affects": "self", "keywords": ["Haste"],
                    "condition": {"cast_with": "Suspend"}}, keyword="Suspend"))
            elif cost == Cost(mana=cost.mana):
                # 702.76a: "[Cost], Discard this card: Put N +1/+1 counters on target creature.
                # Activate only as an instant." (Reinforce X—{X}...: X counters, 107.3)
                n: Any = int(m.group(2)) if m.group(2).isdigit() else {"x": True}
                put = Effect("counters", {"what": {"target": 0}, "kind": "+1/+1", "amount": n})
                abilities.append(Ability("activated", part, effects=(put,),
                                         targets=(TargetSpec({"types": ["Creature"]}, "target creature"),),
                                         cost=Cost(mana=cost.mana, discard_self=True), zone="hand",
                                         keyword="Reinforce"))
            continue
        m = re.fullmatch(r"([a-z]+) offering", part, re.I)
        if m:  # 702.47a: "[Subtype] offering" (engine/casting.py, cast_options.offering_reduce)
            word = m.group(1).lower()
            st = subtype(word)
            f = {"types": [word.capitalize()]} if word in ("artifact", "creature", "enchantment", "land") else \
                {"subtypes": [st]} if st else None
            if f is None:
                return None
            names.append("Offering")
            args["Offering"] = f
            continue
        m = re.fullmatch(r"splice onto (instant or sorcery|[a-z]+)(?: (\{[^ ]+\})|—(.+?)\.?)", part, re.I)
        if m:  # 702.46a: "Splice onto [subtype] [cost]" (engine/splice.py); a later card: "onto instant or sorcery"
            st = "Instant or sorcery" if m.group(1).lower() == "instant or sorcery" else subtype(m.group(1).lower())
            cost = parse_cost_text(m.group(2) or m.group(3))  # "Splice onto Arcane—Sacrifice two Mountains."
            if st is None or cost is None:
                return None
            names.append("Splice")
            args["Splice"] = {"onto": st, "cost": cost}
            continue
        m = re.fullmatch(r"champion an? (.+)", part, re.I)
        if m:  # 702.71a
            f = parse_noun(m.group(1))
            if f is None or f.get("player") or f.get("zone") not in (None, "battlefield"):
                return None
            names.append("Champion")
            args["Champion"] = f
            abilities.extend(champion(f, part))
            continue
        m = re.fullmatch(r"awaken (\d+)—(.+)", part, re.I)
        if m:  # 702.112a: "Awaken N—[cost]" (the spell ability it adds: compiler._awaken, engine/awaken.py)
            cost = parse_cost_text(m.group(2))
            if cost is None:
                return None
            names.append("Awaken")
            args["Awaken"] = {"amount": int(m.group(1)), "cost": cost}
            continue
        m = re.fullmatch(r"prototype (\{[^ ]+\}) — (\d+)/(\d+)", part, re.I)
        if m:
            cost = parse_cost_text(m.group(1))
            if cost is None:
                return None
            names.append("Prototype")
            args["Prototype"] = {"cost": cost, "power": m.group(2), "toughness": m.group(3)}
            continue
        m = re.fullmatch(r"([a-z][a-z\- ]*?) (\d+|x)", part, re.I)
        if m and m.group(1).lower() in _LOWER and _LOWER[m.group(1).lower()] in NUMBERED:
            name = _LOWER[m.group(1).lower()]
            names.append(name)
            args[name] = int(m.group(2)) if m.group(2).isdigit() else "X"
            if name in KEYWORD_TEXT:
                got = keyword_abilities(name, args[name] if isinstance(args[name], int) else None)
                if got is None:
                    return None
                abilities.extend(got)
            elif name in KEYWORD_ABILITIES:  # a numbered keyword's triggered ability (casualty's copy)
                abilities.append(KEYWORD_ABILITIES[name])
            elif name == "Hideaway" and isinstance(args[name], int):
                # 702.74a: "When this permanent enters the battlefield, look at the top four cards of your library.
                # Exile one of them face down and put the rest on the bottom of your library in any order." (the
                # card oracle text today counts N cards; "This permanent enters the battlefield tapped", the
                # rule's other half, is each such card's own line now; the op: engine/ops/library.py)
                abilities.append(Ability("triggered", part, effects=(Effect("hideaway", {"amount": args[name]}),),
                                         trigger={"event": "etb", "self": True}, keyword="Hideaway"))
            elif name == "Ripple" and isinstance(args[name], int):
                # 702.59a: "When you cast this spell, you may reveal the top N cards of your library ..." (the
                # op: engine/ops/cast.py; 702.59b: each instance triggers)
                abilities.append(Ability("triggered", part, effects=(Effect("ripple", {"amount": args[name]}),),
                                         trigger={"event": "cast", "self": True}, keyword="Ripple"))
            elif name == "Amplify" and isinstance(args[name], int):
                # 702.37a: "As this object enters the battlefield, reveal any number of cards from your hand
                # that share a creature type with it. This permanent enters the battlefield with N +1/+1
                # counters on it for each card revealed this way." (engine/replacement.py enter_replacements)
                abilities.append(Ability("static", part, static={"kind": "amplify", "amount": args[name]},
                                         keyword="Amplify"))
            elif name == "Tribute" and isinstance(args[name], int):
                # 702.103a: "As this creature enters the battlefield, choose an opponent. That player may have
                # this creature enter the battlefield with an additional N +1/+1 counters on it."
                abilities.append(Ability("static", part, static={
                    "kind": "enters_with_counters", "counter": "+1/+1", "amount": args[name], "tribute": True},
                    keyword="Tribute"))
            elif name == "Vanishing" and isinstance(args[name], int):
                abilities.extend(vanishing(args[name], part))
            elif name == "Graft" and isinstance(args[name], int):
                abilities.extend(graft(args[name], part))
            elif name == "Firebending" and isinstance(args[name], int):
                abilities.append(firebending(args[name], part))
            elif name == "Devour" and isinstance(args[name], int):
                # 702.81a: "As this object enters the battlefield, you may sacrifice any number of creatures.
                # This permanent enters the battlefield with N +1/+1 counters on it for each creature
                # sacrificed this way" (engine/replacement.py, engine/entering.py)
                abilities.append(Ability("static", part, static={"kind": "devour", "amount": args[name]},
                                         keyword="Devour"))
            continue
        m = None
        for cand in re.finditer(r"(?:—| )", part):
            head = part[: cand.start()].lower()
            if head in _LOWER and _LOWER[head] in COSTED:
                m = re.fullmatch(r"(" + re.escape(part[: cand.start()]) + r")(?:—| )(.+)", part)
                break
        if m:
            name = _LOWER[m.group(1).lower()]
            cost_text = m.group(2).strip()
            two = re.fullmatch(r"((?:\{[^ }]+\})+) and/or ((?:\{[^ }]+\})+)", cost_text)
            if name == "Kicker" and two:  # 702.32b: "Kicker [cost 1] and/or [cost 2]" means "Kicker [cost 1],
                # kicker [cost 2]": the first as any kicker, the second an optional additional cost of its own
                # ("Second kicker", engine/cast_options.py) that the linked "kicked with its [B] kicker" reads (702.32f)
                first, second = parse_cost_text(two.group(1)), parse_cost_text(two.group(2))
                if first is None or second is None:
                    return None
                names.append(name)
                args[name], args[SECOND_KICKER] = first, second
                continue
            cost_text = re.sub(r"^(\{[^ ]+\}) and ", r"\1, ", cost_text)
            costed = _costed_ability(name, part, cost_text)
            if costed is None:
                return None
            ab, arg = costed
            names.append(name)
            args[name] = arg
            if ab is not None:
                abilities.append(ab)
            if name == "Reconfigure" and isinstance(arg, Cost):
                abilities.extend(reconfigure_rest(part, arg))
            if name in KEYWORD_ABILITIES:  # a costed keyword's triggered ability (offspring)
                abilities.append(KEYWORD_ABILITIES[name])
            continue
        if low in ("equip", "reconfigure"):
            return None
        return None
    return names, args, abilities
