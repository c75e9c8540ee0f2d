"""Triggered abilities (CR 603): "When/Whenever/At ..." conditions to trigger specs.

A trigger spec is a dict with "event" and filters (the event list is in
engine/cards/abilities.py). "self": True means the event happens to the source
itself; "filter" is an object filter on the object the event happens to; "attached":
True means the event happens to the enchanted or equipped creature.
"""
from __future__ import annotations

import re
from typing import Any

from engine.cards.compiler.quantities import parse_condition
from engine.cards.compiler.subtypes import CREATURE_TYPES, subtype
from engine.cards.compiler.targets import attached_noun, number, parse_noun

STEPS = {"upkeep": "upkeep", "end step": "end", "draw step": "draw", "combat": "beginning_of_combat",
         "precombat main phase": "main1", "postcombat main phase": "main2", "end of combat": "end_of_combat",
         "your precombat main phase": "main1", "first main phase": "main1"}

_SELF_EVENTS = {
    "enters": "etb", "dies": "dies", "attacks": "attacks", "blocks": "blocks", "becomes blocked": "becomes_blocked",
    "attacks or blocks": "attacks_or_blocks", "leaves the battlefield": "ltb",
    "deals combat damage to a player": "combat_damage_player",
    "deals combat damage to a player or planeswalker": "combat_damage_player_or_walker",
    "deals combat damage to an opponent": "combat_damage_player",
    "deals damage to a player": "damage_player", "deals damage to an opponent": "damage_opponent",
    "deals combat damage": "combat_damage", "deals damage": "deals_damage",
    "is put into a graveyard from the battlefield": "dies", "is dealt damage": "dealt_damage",
    "becomes tapped": "tapped", "becomes untapped": "untapped",
    "attacks and isn't blocked": "unblocked", "becomes the target of a spell or ability": "becomes_target",
    "becomes the target of a spell": "becomes_target_spell",
    "becomes the target of a spell or ability an opponent controls": "becomes_target_opponent",
    "becomes the target of a spell or ability you control": "becomes_target_you",
    "becomes the target of a spell an opponent controls": "becomes_target_spell_opponent",
    "becomes the target of a spell you control": "becomes_target_spell_you",
    "is turned face up": "turned_face_up", "blocks or becomes blocked": "blocks_or_blocked",
    "enters or attacks": "etb_or_attacks", "enters or dies": "etb_or_dies",
    "blocks a creature with flying": "blocks_flying", "becomes blocked by a creature": "becomes_blocked",
    "attacks while saddled": "attacks_saddled", "transforms into self": "transforms", "transforms": "transforms",
    "deals combat damage to a creature": "combat_damage_creature", "is exploited": "exploited",
    "exploits a creature": "exploits",
    "explores": "explores", "mutates": "mutates", "becomes monstrous": "monstrous", "becomes renowned": "renowned",
    "attacks alone": "attacks_alone", "fights": "fights",
    "phases in": "phases_in", "phases out": "phases_out",  # 702.25 (engine/phasing.py)
}


def _event_word(w: str) -> str | None:
    return {"enters": "etb", "dies": "dies", "attacks": "attacks", "blocks": "blocks", "attack": "attacks",
            "attacks or blocks": "attacks_or_blocks",
            "enter": "etb", "die": "dies", "leaves the battlefield": "ltb", "block": "blocks",
            "is put into a graveyard from the battlefield": "dies",
            "are put into a graveyard from the battlefield": "dies",
            "deals combat damage to a player": "combat_damage_player",
            "deal combat damage to a player": "combat_damage_player",
            "becomes tapped": "tapped", "becomes untapped": "untapped", "becomes blocked": "becomes_blocked",
            "is dealt damage": "dealt_damage", "becomes the target of a spell": "becomes_target_spell",
            "becomes the target of a spell or ability": "becomes_target",
            "becomes the target of a spell or ability an opponent controls": "becomes_target_opponent",
            "becomes the target of a spell or ability you control": "becomes_target_you",
            "becomes the target of a spell an opponent controls": "becomes_target_spell_opponent",
            "becomes the target of a spell you control": "becomes_target_spell_you",
            "leave the battlefield": "ltb", "is turned face up": "turned_face_up",
            "phases in": "phases_in", "phases out": "phases_out",  # 702.25
            "attacks alone": "attacks_alone", "explores": "explores", "mutates": "mutates",
            "becomes renowned": "renowned",
            "attacks and isn't blocked": "unblocked",  # 509.1h: an attacking creature no creature blocks
            "enters or dies": "etb_or_dies", "enters or attacks": "etb_or_attacks", "fights": "fights"}.get(w)


_DURING = re.compile(r"(.+?),? during (your|an opponent's|each opponent's) turn", re.I)


def parse_trigger(cond: str) -> dict[str, Any] | None:
    """The condition of a trigger, without its leading word: 'SELF enters' -> {...}. "... during your turn" / "...
    during an opponent's turn" after any event: only in a turn of the ability's controller, or not (500)."""
    trig = _parse_trigger(cond)
    perm = re.fullmatch(r"(an? (?:nontoken )?(?:permanent|creature|artifact|enchantment|planeswalker) (?:you control|"
                        r"an opponent controls)) is put into a graveyard,?", cond.strip().lower()) \
        if trig is None else None
    if perm:  # "Whenever a permanent you control is put into a graveyard" (Aetherworks Marvel): a permanent is on
        # the battlefield (110.1), so it is put there from the battlefield (700.4: it dies, if a creature)
        trig = _parse_trigger(f"{perm.group(1)} is put into a graveyard from the battlefield")
    held = re.fullmatch(r"(.+?) while (.+)", cond.strip().lower().rstrip(",")) if trig is None else None
    if held:  # "Whenever SELF attacks while you control a Dinosaur" (603.2): the event, as it happens while the
        # condition holds (unlike 603.4's "if", not checked again as the ability resolves)
        inner, now = parse_trigger(held.group(1)), parse_condition(re.sub(r"^it (has|is)\b", r"self \1",
                                                                             held.group(2)))
        if inner is not None and now is not None and "while" not in inner:
            return {**inner, "while": now}
    fight = re.fullmatch(r"(.+?) during combat", cond.strip().lower().rstrip(",")) if trig is None else None
    if fight:  # "When SELF dies during combat" (Mongrel Pack): the event, as it happens in a combat phase (506.1,
        # 603.2; the combat phase lasts until its triggered abilities have resolved, so not checked again)
        inner = parse_trigger(fight.group(1))
        if inner is not None and "while" not in inner:
            return {**inner, "while": {"combat_timing": "during"}}
    during = _DURING.fullmatch(cond.strip().rstrip(",")) if trig is None else None
    if during is not None:
        inner = parse_trigger(during.group(1))
        if inner is not None and "your_turn" not in inner:
            trig = {**inner, "your_turn": during.group(2).lower() == "your"}
    f = trig.get("filter") if trig is not None else None
    if trig is None or not (isinstance(f, dict) and "face_down" in f):
        return trig
    events = trig["event"] if isinstance(trig["event"], list) else [trig["event"]]
    if events == ["turned_face_up"]:  # "whenever a face-down permanent you control is turned face up": it was (707.2)
        return {**trig, "filter": {k: v for k, v in f.items() if k != "face_down"}}
    if set(events) & {"dies", "ltb"}:
        return None  # "whenever a face-down creature dies": as it last existed, which the filter does not read
    return trig


#: the zones a permanent may leave the battlefield to without dying (700.4: dying is going to a graveyard)
_NOT_DYING = ["exile", "hand", "library", "command"]


def _parse_trigger(cond: str) -> dict[str, Any] | None:
    c = cond.strip().lower().rstrip(",")
    m = re.fullmatch(r"(a|the last) time counter is removed from self while it's exiled", c)
    if m:  # "Whenever a time counter is removed from SELF while it's exiled" (Aeon Chronicler), "When the last time
        # counter is removed from SELF while it's exiled" (Riftmarked Knight): triggered abilities that work in the
        # exile zone (112.6: "zone": the compiler makes it the ability's zone), as suspend's own do (702.61a)
        if m.group(1) == "a":
            return {"event": "counters_removed", "self": True, "counter": "time", "each_counter": True,
                    "zone": "exile"}
        return {"event": "last_time_counter_removed", "self": True, "zone": "exile"}
    if c == "self becomes plotted":  # "When SELF becomes plotted, it deals 2 damage to any target" (Longhorn
        # Sharpshooter; plot, a later keyword): the card in exile, as the special action exiles it (112.6)
        return {"event": "plotted", "self": True, "zone": "exile"}
    m = re.fullmatch(r"(.+ (?:leaves|leave) the battlefield) without dying", c)
    if m:  # "Whenever one or more other creatures you control leave the battlefield without dying" (Bloomburrow):
        inner = parse_trigger(m.group(1))  # to any zone but a graveyard (700.4)
        return {**inner, "to": list(_NOT_DYING)} if inner is not None and inner.get("event") == "ltb" \
            and "to" not in inner else None
    m = re.fullmatch(r"((?:self or another|an?|another) [a-z ]+?) is returned to (your|a player's|its owner's) hand"
                     r"(?: from the battlefield)?", c)
    if m:  # "Whenever a permanent is returned to a player's hand" (Warped Devotion), "... to your hand" (Azorius
        # Aethermage), "Whenever SELF or another creature is returned to your hand from the battlefield" (Stormfront
        # Riders): a permanent that leaves the battlefield for its owner's hand (400.3, 603.6c)
        who = " you own" if m.group(2) == "your" else ""
        inner = parse_trigger(f"{m.group(1)}{who} leaves the battlefield")
        return {**inner, "to": ["hand"]} if inner is not None and inner.get("event") == "ltb" \
            and "to" not in inner and not inner.get("batch") else None
    m = re.fullmatch(r"self or (?:enchanted|equipped) creature (.+)", c)
    if m:  # bestow (702.102): "Whenever SELF or enchanted creature attacks" (Heliod's Emissary): the creature it is
        # while a creature, or the creature it enchants while an Aura; reconfigure (a later keyword, Kamigawa: Neon
        # Dynasty): "Whenever SELF or equipped creature attacks" (Chainflail Centipede), likewise the creature it
        # equips while an Equipment
        inner = parse_trigger(f"self {m.group(1)}")
        if inner is None or not inner.get("self") or set(inner) - {"event", "self"}:
            return None
        return {**inner, "or_attached": True}
    if c == "self is dealt combat damage":  # "Whenever SELF is dealt combat damage, you gain that much life" (510.2)
        return {"event": "dealt_damage", "self": True, "combat": True}
    if c == "a creature deals combat damage to enchanted player":  # a Curse (Curse of Stalked Prey, 303.4, 510.2)
        return {"event": "combat_damage_player", "filter": {"types": ["Creature"]}, "defending": "attached_player"}
    m = re.fullmatch(r"enchanted (?:player|opponent) (draws a card|casts .+)|(a creature) attacks enchanted player", c)
    if m:  # a Curse (303.4): "whenever enchanted player draws a card / casts a spell" ("enchanted opponent": an
        # Aura with enchant opponent, Psychic Possession), "whenever a creature attacks
        # enchanted player": read as of one opponent, then of the player the source enchants
        inner = parse_trigger(f"an opponent {m.group(1)}" if m.group(1) else "a creature attacks you")
        if inner is None or inner.get("who") not in (None, "opponent") or inner.get("event") not in (
                "draw", "cast", "attacks") or ("defending" in inner) != (m.group(2) is not None):
            return None
        if m.group(2):
            return {**inner, "defending": "attached_player"}
        return {**inner, "who": "attached_player"}
    m = re.fullmatch(r"your commanders? (.+)", c)
    if m:  # "Whenever your commander attacks", "When your commander deals combat damage to a player" (903.3): a
        # commander you own (either of two partners), read as "a commander you own ..."
        inner = parse_trigger(f"a commander you own {m.group(1)}")
        f = inner.get("filter") if inner is not None else None
        return inner if isinstance(f, dict) and f.get("commander") and f.get("owner") == "you" else None
    m = re.fullmatch(r"(you|an opponent|a player) plays? a land or casts? a spell", c)
    if m:  # "Whenever you play a land or cast a spell, draw a card" (The Endstone): either event (305.1, 601.2i)
        who = {"you": "you", "an opponent": "opponent"}.get(m.group(1), "any")
        land, spell = parse_trigger(f"{m.group(1)} plays a land".replace("you plays", "you play")), \
            parse_trigger(f"{m.group(1)} casts a spell".replace("you casts", "you cast"))
        if land != {"event": "plays_land", "who": who} or spell is None or spell.get("event") != "cast" \
                or spell.get("who") != who or spell.get("filter"):
            return None
        return {"event": ["plays_land", "cast"], "who": who}
    m = re.fullmatch(r"(you|an opponent|a player) plays? an? ((?:non)?[a-z]+ land)", c)
    if m:  # "When an opponent plays a nonbasic land" (Hidden Herd): the land played (305.1), of that kind
        f = parse_noun(m.group(2))
        if f is not None and not f.get("player") and f.get("zone", "battlefield") == "battlefield":
            f.pop("zone", None)
            return {"event": "plays_land", "who": {"you": "you", "an opponent": "opponent"}.get(m.group(1), "any"),
                    "filter": f}
    m = re.fullmatch(r"a player puts (an? .+?) onto the battlefield", c)
    if m:  # "Whenever a player puts a Forest onto the battlefield, SELF deals 3 damage to that player unless ..."
        # (Tourach's Chant): such a permanent entering, under the control of the player who put it there (110.2);
        # "that player" is that player (the event's)
        inner = parse_trigger(f"{m.group(1)} enters")
        f = inner.get("filter") if inner is not None else None
        if inner is None or inner.get("event") != "etb" or set(inner) != {"event", "filter"} \
                or not isinstance(f, dict) or "controller" in f:
            return None
        return {**inner, "who": "any"}
    m = re.fullmatch(r"(an? .+?) enters tapped", c)
    if m:  # "Whenever a permanent you control enters tapped" (Amulet of Vigor): tapped as it entered (614.1c)
        inner = parse_trigger(f"{m.group(1)} enters")
        if inner is None or inner.get("event") != "etb" or not isinstance(inner.get("filter"), dict) \
                or "tapped" in inner["filter"]:
            return None
        return {**inner, "filter": {**inner["filter"], "tapped": True}}
    m = re.fullmatch(r"(self|equipped creature|enchanted creature) (blocks or becomes blocked by|becomes blocked by|"
                     r"blocks) (an?|one or more) (.+?)", c)
    if m and not (m.group(2) == "blocks" and m.group(4) in ("creature with flying",)):
        # 509.1h, 509.4: "Whenever SELF blocks or becomes blocked by a non-Wall creature, destroy that creature at end
        # of combat" (Cockatrice): once for each creature it blocks or that blocks it, "that creature" the other one;
        # "becomes blocked by one or more colorless creatures" (Hedron Blade): once for the blockers declared together
        f = parse_noun(m.group(4))
        if f is not None and not f.get("types") and f.get("subtypes") and set(f["subtypes"]) <= CREATURE_TYPES:
            f["types"] = ["Creature"]  # "blocks or becomes blocked by a Vampire" (Wooden Stake): a creature (509.1h)
        if f is None or f.get("player") or f.get("zone") not in (None, "battlefield") or "Creature" not in f.get(
                "types", ()):
            return None
        f.pop("zone", None)
        events = {"blocks or becomes blocked by": ["blocks_creature", "becomes_blocked_by"],
                  "becomes blocked by": "becomes_blocked_by", "blocks": "blocks_creature"}[m.group(2)]
        out: dict[str, Any] = {"event": events, "self" if m.group(1) == "self" else "attached": True, "other_filter": f}
        if m.group(3) == "one or more":  # "blocks [or becomes blocked by] one or more black creatures" (Serra
            # Inquisitors, Rashka): once for the blocks declared together (603.2c, 509.1h)
            out["batch"] = True  # "it" is then the attacker (the batch's objects), as the sentence means
        return out
    m = re.fullmatch(r"(you|an opponent|a player) (casts?) (an? .+? spell) (?:with|that has) the same name as a card "
                     r"in (their|your) graveyard", c)
    if m:  # "Whenever an opponent casts a creature or planeswalker spell with the same name as a card in their
        # graveyard" (Dragonlord Kolaghan): the spell's name as it is cast (201.2, 601.2i)
        inner = parse_trigger(f"{m.group(1)} {m.group(2)} {m.group(3)}")
        if inner is None or inner.get("event") != "cast" or not isinstance(inner.get("filter"), dict):
            return None
        return {**inner, "filter": {**inner["filter"], "name_in_graveyard": "you" if m.group(4) == "your"
                                    else "controller"}}
    m = re.fullmatch(r"an? (.+?) deals (combat )?damage to self", c)
    if m and not m.group(1).startswith("self"):  # "Whenever a source deals damage to SELF" (Phyrexian
        # Obliterator), "... a creature deals combat damage to SELF" (Vraska the Unseen): the source as it deals
        # the damage (120.3, 510.2); "it", "that source", "that creature" is that source
        f = parse_noun(m.group(1))
        if f is None or f.get("player") or f.get("zone") not in (None, "battlefield", "stack"):
            return None
        if f.pop("source", False):
            f.setdefault("zone", "any_card")  # a spell, a permanent or the source of an ability (609.7)
        out = {"event": "deals_damage", "to_self": True, **({"filter": f} if f else {})}
        return {**out, "combat": True} if m.group(2) else out
    m = re.fullmatch(r"(self|an? .+?) deals (combat )?damage to (a planeswalker|a player or planeswalker|"
                     r"an opponent or planeswalker)", c)
    if m and not (m.group(2) and m.group(3) == "a player or planeswalker"):  # (that one: combat_damage_player)
        # "Whenever a creature you control with deathtouch deals damage to a player or planeswalker" (Vraska, Swarm's
        # Eminence), "whenever SELF deals damage to a planeswalker": each damage event of such a source to such a
        # recipient (120.3); "that creature" is the source, "that planeswalker" the one dealt damage
        dealt = parse_noun(m.group(3)[2:] if m.group(3).startswith("a ") else m.group(3)[3:])
        if dealt is None:
            return None
        if m.group(1) == "self":
            out = {"event": "deals_damage", "self": True, "damaged": dealt}
        else:
            f = parse_noun(m.group(1))
            if f is None or f.get("player") or f.get("zone") not in (None, "battlefield") or "source" in f:
                return None
            f.pop("zone", None)
            out = {"event": "deals_damage", "filter": f, "damaged": dealt}
        return {**out, "combat": True} if m.group(2) else out
    m = re.fullmatch(r"(an? (?:[a-z]+ )?source (?:you control|an opponent controls)) deals damage", c)
    if m:  # "Whenever a noncreature source you control deals damage, you gain that much life" (Tamanoa): each damage
        # event of such a source, a spell, a permanent or the source of an ability (120.3, 609.7); "that much" its
        # amount
        f = parse_noun(m.group(1))
        if f is None or not f.pop("source", False) or f.get("player") or set(f) - {"controller", "types", "not_types",
                                                                                   "colors", "not_colors"}:
            return None
        return {"event": "deals_damage", "filter": {**f, "zone": "any_card"}}
    m = re.fullmatch(r"(an? .+?) deals damage", c)
    if m and " or " not in m.group(1) and not m.group(1).startswith(("a source", "an? spell")):
        # "Whenever a Sliver deals damage, its controller gains that much life" (Essence Sliver): each damage event
        # of such a creature, to whatever it is dealt (120.3); "that much" its amount, "its controller" the source's
        f = parse_noun(m.group(1))
        if f is not None and not f.get("player") and f.get("zone") in (None, "battlefield") and "source" not in f \
                and ("Creature" in f.get("types", ()) or f.get("subtypes")) \
                and set(f.get("types") or ()) <= {"Creature"}:
            f.pop("zone", None)
            return {"event": "deals_damage", "filter": f}
    m = re.fullmatch(r"(an? .+?|enchanted creature|equipped creature|self) deals (combat )?damage to an? "
                     r"(creature|creature or player|creature or opponent)", c)
    if m and " or " not in m.group(1) and not m.group(1).startswith("a source") \
            and not (m.group(2) and m.group(3) == "creature" and not m.group(1).startswith("a")):
        # (SELF's / the enchanted creature's combat damage to a creature: combat_damage_creature, below)
        # "Whenever a Sliver deals combat damage to a creature" (Toxin Sliver), "Whenever enchanted creature deals
        # damage to a creature" (Venomous Fangs), "whenever a creature you control deals damage to a creature or
        # player" (Crovax): each damage event of such a source to such a recipient (120.3); "that creature" / "the
        # other creature" is the one dealt damage
        dealt = parse_noun(m.group(3))  # ("creature or player": a creature, or a player, 120.3)
        if dealt is None:
            return None
        if m.group(1) in ("self", "enchanted creature", "equipped creature"):
            out = {"event": "deals_damage", "self" if m.group(1) == "self" else "attached": True, "damaged": dealt}
        else:
            f = parse_noun(m.group(1))
            if f is None or f.get("player") or f.get("zone") not in (None, "battlefield") or "source" in f \
                    or "Creature" not in f.get("types", ()) and not f.get("subtypes"):  # ("a Sliver": a creature)
                return None
            f.pop("zone", None)
            out = {"event": "deals_damage", "filter": f, "damaged": dealt}
        return {**out, "combat": True} if m.group(2) else out
    m = re.fullmatch(r"(an? .+?) deals combat damage", c)
    if m and " or " not in m.group(1) and not m.group(1).startswith("a source"):  # "Whenever a creature you control
        # deals combat damage, you gain that much life" (Noble Purpose): each combat damage event of such a creature,
        # to whatever it is dealt (510.2, 120.3); "that much" its amount
        f = parse_noun(m.group(1))
        if f is None or f.get("player") or f.get("zone") not in (None, "battlefield") or "source" in f \
                or "Creature" not in f.get("types", ()):
            return None
        f.pop("zone", None)
        return {"event": "deals_combat_damage", "filter": f}
    m = re.fullmatch(r"an? (.+?) deals combat damage to you", c)
    if m and m.group(1) != "source":  # "Whenever a creature deals combat damage to you" (Hixus, Teysa): you, the
        f = parse_noun(m.group(1))    # player (510.2), not a planeswalker you control; "that creature" the source
        if f is None or f.get("player") or f.get("zone") not in (None, "battlefield"):
            return None
        f.pop("zone", None)
        return {"event": "combat_damage_player", "filter": f, "defending": "you_only"}
    m = re.fullmatch(r"an? (aura|equipment|aura or equipment) becomes attached to self", c)
    if m:  # "Whenever an Aura becomes attached to SELF" (Brood Keeper): the Aura, as it becomes attached (701.3a)
        f = parse_noun(m.group(1))
        return None if f is None else {"event": "attached", "to_self": True, "filter": f}
    m = re.fullmatch(r"a spell or ability (you|an opponent) controls? counters a spell", c)
    if m:  # "Whenever a spell or ability you control counters a spell" (Baral, Chief of Compliance; Lullmage
        # Mentor): a counter effect of a spell or ability of that player's countered a spell (701.5a)
        return {"event": "counters_spell", "who": "you" if m.group(1) == "you" else "opponent"}
    m = re.fullmatch(r"(you|an opponent|a player) searche?s? (?:their|your) library", c)
    if m:  # "Whenever an opponent searches their library" (Ob Nixilis, Unshackled): a search of their own library
        # (701.15a); "that player" is the one who searched
        return {"event": "searched", "who": {"you": "you", "an opponent": "opponent", "a player": "any"}[m.group(1)]}
    m = re.fullmatch(r"you become the target of an? (spell or ability|spell)( an opponent controls)?", c)
    if m:  # "Whenever you become the target of a spell or ability an opponent controls" (Amulet of Safekeeping):
        # you, a player, among its targets (115.1); "that spell or ability" is the one that targets you (603.2)
        out = {"event": "becomes_target_player", **({"who": "opponent"} if m.group(2) else {})}
        return {**out, "spell": True} if m.group(1) == "spell" else out
    m = re.fullmatch(r"an? (.+?) deals damage to you", c)
    if m:  # "Whenever a source deals damage to you" (Azor's Elocutors), "Whenever a creature deals damage to you,
        # destroy it" (No Mercy): each source that deals damage to you, the player (120.3; one event for each
        # source, 120.2), not to a planeswalker you control; "it", "that source" is the source
        f = {"zone": "any_card"} if m.group(1) == "source" else parse_noun(m.group(1))
        if f is None or f.get("player") or f.get("zone") not in (None, "battlefield", "any_card") \
                or f.get("controller") not in (None, "opponent", "you", "not_you"):
            return None
        return {"event": "damage_player", "filter": f, "defending": "you_only"}
    m = re.fullmatch(r"(an? .+?) transforms into an? (.+)", c)
    if m and m.group(1) != "self":
        # "Whenever a permanent you control transforms into a non-Human creature" (Cult of the Waxing Moon): the
        # permanent as it is after it transformed (701.25a, 603.2)
        f, into = parse_noun(m.group(1).split(" ", 1)[1]), parse_noun(m.group(2))
        if f is None or into is None or f.get("player") or into.get("player") or set(f) & set(into) - {"zone"} \
                or f.get("zone") not in (None, "battlefield") or into.get("zone") not in (None, "battlefield"):
            return None
        return {"event": "transforms", "filter": {**f, **into}}
    m = re.fullmatch(r"(.+?) becomes the target of an? (.+?) spell( an opponent controls)?", c)
    if m and m.group(2) not in ("", "spell or ability"):
        # "Whenever a Wolf or Werewolf you control becomes the target of an instant or sorcery spell" (Silverfur
        # Partisan): the spell that targets it, as it becomes cast (601.2c)
        inner = parse_trigger(f"{m.group(1)} becomes the target of a spell{m.group(3) or ''}")
        by = parse_noun(m.group(2) + " spell")
        if inner is None or by is None or by.get("player") or set(by) - {"types", "colors", "or", "zone", "not_types",
                                                                         "subtypes", "not_colors"}:
            return None
        return {**inner, "by_filter": by}
    m = re.fullmatch(r"(you|an opponent|a player) discards? one or more (.+? cards)", c)
    if m and m.group(2) != "cards":  # "Whenever you discard one or more artifact cards" (Mishra, Excavation
        # Prodigy): one trigger for the cards of that kind discarded at once (603.2c)
        f = parse_noun(m.group(2))
        if f is None or f.get("player") or "controller" in f or "owner" in f or f.get("zone") not in (None, "any_card"):
            return None
        f.pop("zone", None)
        return {"event": "discard", "who": {"you": "you", "an opponent": "opponent", "a player": "any"}[m.group(1)],
                "filter": f, "batch": True}
    m = re.fullmatch(r"(you|an opponent|a player) discards? (an? .+? card)", c)
    if m and m.group(2) != "a card":  # "Whenever an opponent discards a creature card" (Waste Not, Bone Miser), "you
        # discard an Island, Pirate, or Vehicle card": the discarded card, where it went (701.7a). The noun ends at
        # "card": the condition is cut at each ", ", and "a noncreature" is not the whole of it
        f = parse_noun(m.group(2))
        if f is None or f.get("player") or f.get("_needs_player_target") or "controller" in f or "owner" in f \
                or f.get("zone") not in (None, "any_card"):
            return None
        f.pop("zone", None)
        return {"event": "discard", "who": {"you": "you", "an opponent": "opponent", "a player": "any"}[m.group(1)],
                "filter": f}
    m = re.fullmatch(r"a source (you|an opponent) controls? deals (noncombat |combat )?damage to (an opponent|you)", c)
    if m:  # "Whenever a source you control deals noncombat damage to an opponent" (Niv-Mizzet, Visionary; Chandra's
        # Pyreling): that player is dealt damage by a source that player's opponent controls as it deals it (120.3,
        # 109.4): a spell on the stack, a permanent, a card; "that much" its amount, "that player" the one dealt it
        combat_kind = {"noncombat ": {"noncombat": True}, "combat ": {"combat": True}}.get(m.group(2) or "", {})
        who = "opponent" if m.group(3) == "an opponent" else "you"
        if (m.group(1) == "you") != (who == "opponent"):
            return None
        return {"event": "dealt_damage", "who": who, **combat_kind,
                "source_filter": {"controller": "you" if m.group(1) == "you" else "opponent", "zone": "any_card"}}
    m = re.fullmatch(r"(you are|you're|an opponent is|a player is) dealt damage by (an? .+)", c)
    if m:  # "Whenever an opponent is dealt damage by a red instant or sorcery spell you control or by a red
        # planeswalker you control" (Chandra's Phoenix): the source of the damage event (120.3, 609.7)
        by = parse_noun(m.group(2))
        if by is None or by.get("player") or by.get("zone") not in (None, "stack", "battlefield"):
            return None
        by.pop("zone", None)  # a spell deals damage from the stack, a permanent from the battlefield
        if "or" in by:
            by["or"] = [{k: v for k, v in a.items() if k != "zone"} for a in by["or"]]
        who = "you" if m.group(1).startswith("you") else "opponent" if "opponent" in m.group(1) else "any"
        return {"event": "dealt_damage", "who": who, "source_filter": {**by, "zone": "any_card"}}
    m = re.fullmatch(r"(an? .+?) dealt damage by (self|equipped creature|enchanted creature) this turn dies", c)
    if m:  # "a creature dealt damage by SELF this turn dies" (700.4; the damage it was dealt this turn)
        inner = parse_trigger(f"{m.group(1)} dies")
        if inner is None or inner.get("event") != "dies" or inner.get("self") or inner.get("attached"):
            return None
        return {**inner, "dealt_by": "self" if m.group(2) == "self" else "attached"}
    m = re.fullmatch(r"self deals damage to an? ([a-z]+)", c)
    if m and m.group(1) not in ("creature", "player", "opponent", "planeswalker") and subtype(m.group(1)):
        # "whenever SELF deals damage to a Dinosaur": the object dealt damage, a creature of that type (120.3)
        return {"event": "deals_damage", "self": True, "damaged": {"types": ["Creature"],
                                                                   "subtypes": [subtype(m.group(1))]}}
    m = re.fullmatch(r"an? (.+?) is put into (your|an opponent's|a player's) graveyard( from the battlefield)?", c)
    if m and not m.group(3) and m.group(1).split()[-1] != "permanent":
        m = None  # "a card is put into ... graveyard" is from anywhere; only a permanent comes from the battlefield
    if m and m.group(2) == "a player's":  # "Whenever a nontoken permanent is put into a player's graveyard from the
        # battlefield, that player ..." (Liability): any owner's; "that player" is its owner (lowering)
        inner = parse_trigger(f"a {m.group(1)} dies")
        return inner if inner is not None and inner.get("event") == "dies" and set(inner) == {"event", "filter"} \
            and "owner" not in inner["filter"] else None
    if m:  # "a nontoken creature is put into your graveyard from the battlefield" (Bridge from Below): it died
        # (700.4) and its owner is that player (a card goes to its owner's graveyard, 400.3)
        inner = parse_trigger(f"a {m.group(1)} dies")
        if inner is None or inner.get("event") != "dies" or set(inner) != {"event", "filter"} \
                or "owner" in inner["filter"]:
            return None
        return {**inner, "filter": {**inner["filter"], "owner": "you" if m.group(2) == "your" else "opponent"}}
    m = re.fullmatch(r"an? (.+?) owned by (another player|an opponent) is put into a graveyard from the battlefield", c)
    if m:  # "a permanent owned by another player is put into a graveyard from the battlefield" (Kothophed, 700.4)
        inner = parse_trigger(f"a {m.group(1)} dies")
        if inner is None or inner.get("event") != "dies" or set(inner) != {"event", "filter"} \
                or "owner" in inner["filter"]:
            return None
        return {**inner, "filter": {**inner["filter"], "owner": "opponent" if "opponent" in m.group(2) else "not_you"}}
    if c == "you gain life for the first time during each of your turns":  # (Cat Collector): the first life gain
        return {"event": "gain_life", "who": "you", "first": True, "your_turn": True}  # of the turn, on your turns
    m = re.fullmatch(r"you cast another spell that has ([a-z]+)", c)
    if m:  # "Whenever you cast another spell that has flash" (Slitherwisp): a permanent's ability never sees its own
        # card cast (it works on the battlefield, 112.6), so "another" excludes nothing more
        return parse_trigger(f"you cast a spell with {m.group(1)}")
    m = re.fullmatch(r"one or more (.+?) attack you", c)
    if m:  # "Whenever one or more creatures attack you, those creatures get -1/-0" (Sabotage Strategist): one trigger
        # for the creatures declared as attackers attacking you (508.1b, 603.2c); "those creatures" all of them
        inner = parse_trigger(f"a {m.group(1)[:-1] if m.group(1).endswith('s') else m.group(1)} attacks you")
        if inner is None or inner.get("event") != "attacks" or inner.get("defending") != "you_only":
            return None
        return {**inner, "batch": True}
    m = re.fullmatch(r"self and/or one or more other (.+?) enter", c)
    if m:  # "Whenever SELF and/or one or more other Vampires you control enter" (Vampire Socialite): one trigger for
        # the permanents of one event, SELF among them or not (603.2c)
        inner = parse_trigger(f"one or more other {m.group(1)} enter")
        if inner is None or inner.get("event") != "etb" or not inner.get("batch") or set(inner) != {
                "event", "filter", "batch"}:
            return None
        return {**inner, "or_self": True}
    m = re.fullmatch(r"(.+) enters from (your|a) graveyard", c)
    if m:  # "When SELF enters from a graveyard" (Treacherous Pit-Dweller), "Whenever SELF or another creature enters
        # from your graveyard" (Flayer of the Hatebound): the zone it came from (400.7; a card is only ever in its
        # owner's graveyard, 404.1)
        inner = parse_trigger(f"{m.group(1)} enters")
        if inner is None or inner.get("event") != "etb" or set(inner) - {"event", "self", "filter", "or_self"}:
            return None
        return {**inner, "entered_from": "your_graveyard" if m.group(2) == "your" else "graveyard"}
    m = re.fullmatch(r"you tap an untapped (.+)", c)
    if m:  # "Whenever you tap an untapped creature an opponent controls" (Icewrought Sentry): it becomes tapped by
        # your spell or ability, or as a cost you pay (701.17a, 603.2d; engine/tapping.py)
        inner = parse_trigger(f"a {m.group(1)} becomes tapped" if not m.group(1).startswith(("a ", "an "))
                              else f"{m.group(1)} becomes tapped")
        if inner is None or inner.get("event") != "tapped" or set(inner) != {"event", "filter"}:
            return None
        return {**inner, "done_by": "you"}
    m = re.fullmatch(r"you put one or more ([+\-]\d+/[+\-]\d+|[a-z]+) counters on (.+)", c)
    if m:  # "whenever you put one or more -1/-1 counters on a creature" (Hapatra, Vizier of Poisons), "... +1/+1
        # counters on SELF" (Exemplar of Light): counters put on it, by you (121.6: by your spell or ability, your
        # source's wither or infect damage, or as it enters under your control; engine/triggers.py counters_put)
        inner = parse_trigger(f"one or more {m.group(1)} counters are put on {m.group(2)}")
        if inner is None or inner.get("event") != "counters_put":
            return None
        return {**inner, "done_by": "you"}
    m = re.fullmatch(r"you put (an? (?:[+\-]\d+/[+\-]\d+|[a-z]+) counter|an? counter|one or more counters) on (.+)", c)
    if m:  # "Whenever you put a +1/+1 counter on another creature" (Knight of Wundagore), "... a counter on a creature
        # you control" (Mikey & Leo): counters put on it by you (121.6, as "you put one or more ... counters" above)
        verb = "are" if m.group(1).startswith("one or more") else "is"
        inner = parse_trigger(f"{m.group(1)} {verb} put on {m.group(2)}")
        if inner is None or inner.get("event") != "counters_put":
            return None
        return {**inner, "done_by": "you"}
    m = re.fullmatch(r"(an? counter is|one or more counters are) put on (.+)", c)
    if m:  # "Whenever a counter is put on a creature you control" (Hollowmurk Siege): of any kind (121.6; one event
        # per object and kind, engine/triggers.py counters_put; "a counter": each counter an occurrence, 603.2c)
        each = {"each_counter": True} if m.group(1).startswith("a") else {}
        if m.group(2) == "self":
            return {"event": "counters_put", "self": True, **each}
        f = parse_noun(m.group(2))
        if f is None or "'player'" in repr(f) or f.get("zone") not in (None, "battlefield") \
                or f.get("_needs_player_target"):
            return None  # ("on a permanent or player": a player's counters are another event, not read here)
        f.pop("zone", None)
        return {"event": "counters_put", "filter": f, **each}
    m = re.fullmatch(r"one or more ([+\-]\d+/[+\-]\d+|[a-z]+) counters are put on (.+)", c)
    if m:  # 121.6: "whenever one or more +1/+1 counters are put on another
        # creature you control" (Enduring Scalelord): once for each permanent each time counters are put on it
        if m.group(2) == "self":
            return {"event": "counters_put", "self": True, "counter": m.group(1)}
        f = parse_noun(m.group(2))
        if f is None or f.get("player") or f.get("zone") not in (None, "battlefield") or f.get("_needs_player_target"):
            return None
        f.pop("zone", None)
        return {"event": "counters_put", "filter": f, "counter": m.group(1)}
    m = re.fullmatch(r"one or more (?:([+\-]\d+/[+\-]\d+|[a-z]+) )?counters are removed from (.+)", c)
    if m:  # "whenever one or more loyalty counters are removed from SELF" (Chandra, Fire Artisan): once for each
        # permanent each time counters are removed from it, "that much" their number (engine/triggers.py)
        kind = {"counter": m.group(1)} if m.group(1) else {}
        if m.group(2) == "self":
            return {"event": "counters_removed", "self": True, **kind}
        f = parse_noun(m.group(2))
        if f is None or f.get("player") or f.get("zone") not in (None, "battlefield") or f.get("_needs_player_target"):
            return None
        f.pop("zone", None)
        return {"event": "counters_removed", "filter": f, **kind}
    m = re.fullmatch(r"(self or )?an? (instant or sorcery|instant|sorcery) spell you control deals damage to "
                     r"(a player|an opponent)", c)
    if m:  # "Whenever SELF or an instant or sorcery spell you control deals damage to a player" (Syr Carah, the Bold):
        # the source as it deals the damage, a spell on the stack as it resolves (120.3, 608.2)
        types = ["Instant", "Sorcery"] if m.group(2) == "instant or sorcery" else [m.group(2).capitalize()]
        out = {"event": "damage_player" if m.group(3) == "a player" else "damage_opponent",
               "filter": {"types": types, "controller": "you", "zone": "stack"}}
        return {**out, "or_self": True} if m.group(1) else out
    if c in ("you and/or at least one permanent you control becomes the target of a spell or ability an opponent "
             "controls", "you and/or at least one permanent you control become the target of a spell or ability an "
             "opponent controls"):
        # Leyline of Combustion: once for each spell or ability an opponent controls that targets you or permanents
        # you control, however many of them (603.2c; 115.1); "that player" is that spell's or ability's controller
        return {"event": "targets_chosen", "who": "opponent"}
    m = re.fullmatch(r"the (second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth) "
                     r"([+\-]\d+/[+\-]\d+|[a-z]+) counter is put on self", c)
    if m:  # "When the twelfth hour counter is put on SELF" (Midnight Clock): the counters of that kind on it go from
        # fewer than N to N or more as counters are put on it (121.6; once each time they reach it)
        nth = ("second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh",
               "twelfth").index(m.group(1)) + 2
        return {"event": "counters_put", "self": True, "counter": m.group(2), "reaches": nth}
    m = re.fullmatch(r"an? ([+\-]\d+/[+\-]\d+|[a-z]+) counter is (put on|removed from) (.+)", c)
    if m:  # 603.2c: "whenever a +1/+1 counter is put on SELF" (Fathom Mage), "... is removed from SELF" (Protean
        # Hydra): one event of several counters holds that many occurrences, each a triggering (121.6: given as it
        # enters too)
        ev = "counters_put" if m.group(2) == "put on" else "counters_removed"
        if m.group(3) == "self":
            return {"event": ev, "self": True, "counter": m.group(1), "each_counter": True}
        f = parse_noun(m.group(3))
        if f is None or f.get("player") or f.get("zone") not in (None, "battlefield") or f.get("_needs_player_target"):
            return None
        f.pop("zone", None)
        return {"event": ev, "filter": f, "counter": m.group(1), "each_counter": True}
    m = re.fullmatch(r"(?:the )?beginning of combat on (your|each opponent's) turn", c)
    if m:  # 507.1; "on each opponent's turn, tap target creature that player controls": whose turn it is
        return {"event": "step", "step": "beginning_of_combat", "whose": "you" if m.group(1) == "your" else "opponent"}
    if c == "self enters or the creature it haunts dies":  # 702.54a-c: haunt's linked trigger
        return {"event": ["etb", "haunted_dies"], "self": True}
    if c in ("self dies or is put into exile from the battlefield", "self is put into exile from the battlefield"):
        # a leaves-the-battlefield trigger of where it went (603.6c): the graveyard (it died, 700.4) or exile
        return {"event": "ltb", "self": True, "to": ["graveyard", "exile"] if "dies" in c else ["exile"]}
    m = re.fullmatch(r"(enchanted|equipped) (creature|permanent) dies or is put into exile", c)
    if m:  # Kaya's Ghostform: the permanent it was attached to as it left (603.10), to the graveyard or exile
        return {"event": "ltb", "attached": True, "to": ["graveyard", "exile"]}
    if c == "you sacrifice self":  # a leaves-the-battlefield trigger of one way to leave (701.14a, 603.6c)
        return {"event": "ltb", "self": True, "sacrificed": True}
    if c == "self enters untapped":  # "When this land enters untapped" (ELD's castles): as it entered (603.6a)
        return {"event": "etb", "self": True, "untapped": True}
    if c in ("the creature self haunts dies", "the creature it haunts dies"):
        return {"event": "haunted_dies", "self": True}
    m = re.fullmatch(r"you remove the last ([a-z]+) counter from self", c)
    if m:  # Divine Intervention: the removal that leaves none of that kind (121.6), by its controller
        return {"event": "last_counter_removed", "self": True, "counter": m.group(1)}
    m = re.fullmatch(r"(a|an|one or more) (?:(.+?) )?cards? (?:is|are) put into (your|an opponent's|a|a player's) "
                     r"graveyard from (anywhere other than the battlefield|anywhere|your library)"
                     r"( during your turn| for the first time each turn)?", c)
    if m:  # "whenever a card is put into an opponent's graveyard from anywhere" (404.2: a graveyard is its owner's;
        # a token is not a card, 110.5): each card, from any zone (engine/game.py move); "whenever one or more land
        # cards are put into your graveyard from anywhere" (The Gitrog Monster): once for the cards one event put
        # there together (603.2c), "that many" their number
        f = parse_noun(m.group(2) + " card") if m.group(2) else {}
        if f is None or f.get("player") or f.get("controller") or f.get("zone") not in (None, "any_card", "graveyard"):
            return None
        f.pop("zone", None)
        who = {"your": "you", "an opponent's": "opponent"}.get(m.group(3), "any")
        out = {"event": "card_to_graveyard", "who": who, "filter": f}
        if m.group(1) == "one or more":
            out["batch"] = True
        if m.group(4) == "your library":
            out["from"] = "library"
        elif m.group(4) == "anywhere other than the battlefield":  # (Syr Konrad: a dying creature is another event)
            out["from"] = {"not": "battlefield"}
        if m.group(5) == " during your turn":
            out["your_turn"] = True
        elif m.group(5):  # "for the first time each turn": no such card went there earlier this turn
            out["first"] = True
        return out
    m = re.fullmatch(r"one or more ([+\-]\d+/[+\-]\d+|[a-z]+) counters are put on (.+)", c)
    if m:  # 121.6: counters placed on a permanent, or given to it as it enters; one event per object and kind
        # (engine/triggers.py counters_put), its number "that many"
        if m.group(2) == "self":
            return {"event": "counters_put", "self": True, "counter": m.group(1)}
        f = parse_noun(m.group(2))
        if f is None or f.get("player") or f.get("zone") not in (None, "battlefield"):
            return None
        return {"event": "counters_put", "filter": f, "counter": m.group(1)}
    m = re.fullmatch(r"self (.+?) or (.+)", c)
    if m and m.group(1) in _SELF_EVENTS and m.group(2) in _SELF_EVENTS:
        return {"event": [_SELF_EVENTS[m.group(1)], _SELF_EVENTS[m.group(2)]], "self": True}
    m = re.fullmatch(
        r"(?:the )?beginning of (your|each|each opponent's|each other player's|the next|each player's|that player's|"
        r"the|your next) "
        r"(upkeep|end step|draw step|combat|precombat main phase|postcombat main phase|end of combat|first main phase)"
        r"( on your turn| on each of your turns)?",
        c,
    )
    if m:
        whose = {
            "your": "you",
            "each": "each",
            "each opponent's": "opponent",
            "each other player's": "other",  # every player's but the controller's (a teammate's too, 810)
            "the next": "next",
            "each player's": "each",
            "that player's": "that_player",
            "the": "each",
            "your next": "you_next",
        }[m.group(1)]
        if m.group(3):
            whose = "you"
        return {"event": "step", "step": STEPS[m.group(2)], "whose": whose}
    m = re.fullmatch(r"the beginning of (?:the (upkeep|draw step|end step) of enchanted (?:creature|permanent|"
                     r"artifact|land|enchantment)'s controller|enchanted (?:creature|permanent|artifact|land|"
                     r"enchantment)'s controller's (upkeep|draw step|end step))", c)
    if m:  # "at the beginning of the draw step of enchanted creature's controller" (Righteous Authority): that
        # player's own step (303.4: the object the Aura enchants, its controller now)
        return {"event": "step", "step": STEPS[m.group(1) or m.group(2)], "whose": "attached_controller"}
    extra: dict[str, dict[str, Any] | None] = {
        "at end of combat": None,
        "the beginning of your second main phase": {"event": "step", "step": "main2", "whose": "you"},
        "the beginning of each of your postcombat main phases": {"event": "step", "step": "main2", "whose": "you"},
        # 505.1: "At the beginning of each of your main phases" (Frontier Siege): the precombat and postcombat ones
        "the beginning of each of your main phases": {"event": "step", "step": ["main1", "main2"], "whose": "you"},
        "the beginning of your postcombat main phase": {"event": "step", "step": "main2", "whose": "you"},
        "end of combat": {"event": "step", "step": "end_of_combat", "whose": "each"},
        # 506.6d: the end of combat step of the turn's first combat phase, on its controller's turn
        "the end of the first combat phase on your turn": {"event": "step", "step": "end_of_combat", "whose": "you",
                                                           "first_combat": True},
        "the beginning of enchanted player's upkeep": {"event": "step", "step": "upkeep", "whose": "attached_player"},
        # 500.9: the turn's first upkeep step, not an additional one (Paradox Haze)
        "the beginning of enchanted player's first upkeep each turn": {"event": "step", "step": "upkeep",
                                                                      "whose": "attached_player", "first_step": True},
        # the player its source chose as it entered, "As SELF enters, choose an opponent" (Black Vise; 614.12)
        "the beginning of the chosen player's upkeep": {"event": "step", "step": "upkeep", "whose": "chosen_player"},
        "you cast your second spell each turn": {"event": "cast", "who": "you", "filter": {}, "nth": 2},
        "an opponent casts their second spell each turn": {"event": "cast", "who": "opponent", "filter": {}, "nth": 2},
        # the count of spells that player cast this turn (601.2i), whoever casts it
        "a player casts their second spell each turn": {"event": "cast", "who": "any", "filter": {}, "nth": 2},
        "you cast your third spell each turn": {"event": "cast", "who": "you", "filter": {}, "nth": 3},
        # "Whenever you cast your third spell in a turn, you may transform SELF" (Vance's Blasting Cannons)
        "you cast your third spell in a turn": {"event": "cast", "who": "you", "filter": {}, "nth": 3},
        "you cast your second spell in a turn": {"event": "cast", "who": "you", "filter": {}, "nth": 2},
        "you cast your first spell each turn": {"event": "cast", "who": "you", "filter": {}, "first": True},
        "a player casts their first spell each turn": {"event": "cast", "who": "any", "filter": {}, "first": True},
        "you cast or copy an instant or sorcery spell": {"event": "cast", "who": "you", "or_copy": True,
                                                         "filter": {"types": ["Instant", "Sorcery"]}},
        "you cast a historic spell": {"event": "cast", "who": "you", "filter": {
            "or": [{"types": ["Artifact"]}, {"supertypes": ["Legendary"]}, {"subtypes": ["Saga"]}]}},
        "self blocks a creature": {"event": "blocks", "self": True},
        # crew and saddle (later keywords): tapped to pay a Vehicle's crew cost or a Mount's saddle cost; "that
        # Vehicle" is the one crewed (engine/costs.py _pay, engine/triggers.py)
        "self crews a vehicle": {"event": "crews", "self": True},
        "self saddles a mount or crews a vehicle": {"event": ["crews", "saddles"], "self": True},
        "self saddles a mount or crews a vehicle during your main phase": {"event": ["crews", "saddles"], "self": True,
                                                                           "main_phase": True},
        "self becomes crewed": {"event": "becomes_crewed", "self": True},  # its crew ability resolved
        "self attacks alone": {"event": "attacks_alone", "self": True},
        # 508.1, 400.7: declared as an attacker with no earlier attack this turn (engine/triggers.py event)
        "self attacks for the first time each turn": {"event": "attacks", "self": True, "first": True},
        # 701.3: it stopped being attached (moved, unattached, or it or that permanent left the battlefield);
        # "that permanent" is the one it was attached to (engine/triggers.py unattached, leaves)
        "self becomes unattached from a permanent": {"event": "unattached", "self": True},
        "self is put into your graveyard from the battlefield": {"event": "dies", "self": True},
        # the card in the graveyard it went to (engine/triggers.py to_graveyard; 400.7)
        "self is put into your graveyard from your library": {"event": "to_graveyard", "self": True, "from": "library"},
        "self is put into your graveyard from your hand": {"event": "to_graveyard", "self": True, "from": "hand"},
        "self is put into your graveyard from anywhere": {"event": "to_graveyard", "self": True},
        "self is put into a graveyard from anywhere": {"event": "to_graveyard", "self": True},
        "self deals combat damage to a player or battle": {"event": "combat_damage_player", "self": True},
        "self deals damage to a creature": {"event": "deals_damage", "self": True, "damaged": {"types": ["Creature"]}},
        "you discard one or more cards": {"event": "discard", "who": "you", "batch": True},
        "a player cycles a card": {"event": "cycle", "who": "any"},
        "you're dealt damage": {"event": "dealt_damage", "who": "you"},
        # "When you're dealt combat damage" (Swarmborn Giant), "Whenever combat damage is dealt to you" (Risona): combat
        # damage is dealt at once (510.2), so once for each combat damage step however many creatures dealt it
        "you're dealt combat damage": {"event": "dealt_damage", "who": "you", "combat": True, "batch": True},
        "combat damage is dealt to you": {"event": "dealt_damage", "who": "you", "combat": True, "batch": True},
        "a creature attacks you": {"event": "attacks", "filter": {"types": ["Creature"]}, "defending": "you_only"},
        # 701.8: "When you discard SELF", "When a spell or ability an opponent controls causes you to discard SELF": the
        # card's ability, from the graveyard it was discarded to
        "you discard self": {"event": "discard", "who": "you", "self": True},
        "a spell or ability an opponent controls causes you to discard self": {
            "event": "discard", "who": "you", "self": True, "by_opponent": True},
        # "Whenever an opponent attacks a planeswalker you control with one or more creatures" (Oath of Kaya): once
        # per declaration of attackers (508.1), "that player" the attacking player
        "an opponent attacks a planeswalker you control with one or more creatures": {
            "event": "you_attack", "who": "opponent", "walker_attacked": True},
        "an opponent attacks one or more planeswalkers you control": {  # (Mila, Crafty Companion): the same, once
            "event": "you_attack", "who": "opponent", "walker_attacked": True},  # per declaration (508.1b)
        "a creature attacks you or a planeswalker you control": {"event": "attacks", "filter": {"types": ["Creature"]},
                                                                  "defending": "you"},
        "self and at least two other creatures attack": {"event": "attacks", "self": True, "min_attackers": 3},
        "self and at least one other creature attack": {"event": "attacks", "self": True, "min_attackers": 2},
        "you attack with three or more creatures": {"event": "you_attack", "min_attackers": 3},
        # a Curse (303.4): "whenever a player attacks enchanted player with one or more creatures", "whenever
        # enchanted player is attacked": once for each declaration of attackers that attacks that player (508.1b)
        "a player attacks enchanted player with one or more creatures": {
            "event": "player_attacked", "who": "any", "defending": "attached_player"},
        "enchanted player is attacked": {"event": "player_attacked", "who": "any", "defending": "attached_player"},
        # 305.1: playing a land (a special action), not a land put onto the battlefield by an effect
        "a player plays a land": {"event": "plays_land", "who": "any"},
        # Rooms (a later layout, Duskmourn: engine/rooms.py): "When you unlock this door" (this door of the Room: its
        # half's ability, engine/rooms.py binds the door), "whenever you fully unlock a Room" (both doors unlocked)
        "you unlock this door": {"event": "unlock_door", "self": True},
        "you fully unlock a room": {"event": "fully_unlock", "who": "you"},
        "an opponent plays a land": {"event": "plays_land", "who": "opponent"},
        "you play a land": {"event": "plays_land", "who": "you"},
        # the monarch (a later designation, Conspiracy: Take the Crown): the designation moved to that player
        "you become the monarch": {"event": "becomes_monarch", "who": "you"},
        "an opponent becomes the monarch": {"event": "becomes_monarch", "who": "opponent"},
        "a player becomes the monarch": {"event": "becomes_monarch", "who": "any"},
        # exert (a later keyword action, Amonkhet): a permanent was exerted (engine/actions.py exert)
        "you exert self": {"event": "exerted", "self": True},
        "you exert a creature": {"event": "exerted", "filter": {"types": ["Creature"], "controller": "you"}},
        # day and night (a later rule, Innistrad: Midnight Hunt): the game's day or night changed (engine/transform.py)
        "day becomes night or night becomes day": {"event": "day_night", "who": "any"},
    }
    hit = extra.get(c)
    if hit is not None:
        return dict(hit)
    m = re.fullmatch(r"an? (.+?) deals combat damage to (?:one of your opponents|an opponent)", c)
    if m:  # "Whenever a creature deals combat damage to one of your opponents" (Edric, Spymaster of Trest; 510.2)
        f = parse_noun(m.group(1))
        if f is None or f.get("player") or "Creature" not in f.get("types", ()) or f.get("zone") not in (
                None, "battlefield"):
            return None
        return {"event": "combat_damage_player", "filter": f, "defending": "opponent"}
    m = re.fullmatch(r"an? (.+?) attacks (?:one of your opponents|an opponent)"
                     r"( or a planeswalker an opponent controls)?", c)
    if m:  # "Whenever a creature attacks one of your opponents or a planeswalker an opponent controls" (Gahiji,
        # Honored One): the attacker matched as it attacks, and whom it attacks (508.1b; 802.2 for several players)
        f = parse_noun(m.group(1))
        if f is None or f.get("player") or "Creature" not in f.get("types", ()) or f.get("zone") not in (
                None, "battlefield"):
            return None
        return {"event": "attacks", "filter": f, "defending": "opponent_or_walker" if m.group(2) else "opponent"}
    m = re.fullmatch(r"an? (.+?) attacks you( or a planeswalker you control)?", c)
    if m and m.group(1) != "creature":  # "whenever a creature without flying attacks you or a planeswalker you
        # control" (Circle of Flame): the attacker matched as it attacks, and what it attacks (508.1b)
        f = parse_noun(m.group(1))
        if f is None or f.get("player") or "Creature" not in f.get("types", ()) or f.get("zone") not in (
                None, "battlefield"):
            return None
        return {"event": "attacks", "filter": f, "defending": "you" if m.group(2) else "you_only"}
    c = re.sub(r"^you attack with at least (two|three|four|five|six|seven|eight|\d+) ", r"you attack with \1 or more ",
               c)  # "whenever you attack with at least two creatures that have ..." (Path of Mettle): N or more
    m = re.fullmatch(r"you attack with (two|three|four|five|\d+) or more creatures", c)
    if m:  # 508.1: "whenever you attack with N or more creatures" (one trigger per declaration)
        n = {"two": 2, "three": 3, "four": 4, "five": 5}.get(m.group(1)) or int(m.group(1))
        return {"event": "you_attack", "min_attackers": n}
    m = re.fullmatch(r"you attack with (two|three|four|five|six|seven|eight|\d+) or more (.+)", c)
    if m:  # "Whenever you attack with five or more Soldiers" (Harbin, Vanguard Aviator): the attackers of that kind
        least = number(m.group(1))
        f = parse_noun(m.group(2))
        if not least or f is None or f.get("_needs_player_target") or f.get("other"):
            return None
        return {"event": "you_attack", "min_attackers": least, "filter": {**f, "controller": "you"}}
    m = re.fullmatch(r"(one|two|three|four|five) or more (.+?) you control attack a player", c) \
        or re.fullmatch(r"you attack a player with (one|two|three|four|five) or more (.+)", c)
    if m:  # "Whenever two or more creatures you control attack a player" (Landroval, Horizon Witness), "whenever you
        # attack a player with one or more ...": once for each player attacked by that many of them (508.1b: a
        # player, not a planeswalker; engine/combat.py player_attacked holds that player's attackers)
        least = number(m.group(1))
        f = parse_noun(m.group(2))
        # only creatures attack (508.1a): "Merfolk", "nontoken Villains", "tokens" name attacking creatures
        if not least or f is None or f.get("player") or f.get("_needs_player_target") or f.get("other") \
                or set(f.get("types", ())) - {"Creature"} or f.get("zone") not in (None, "battlefield") \
                or "controller" in f or f.get("permanent") is False:
            return None
        f.pop("zone", None)
        return {"event": "player_attacked", "who": "you", "min_attackers": least, "filter": f}
    m = re.fullmatch(r"you cast a spell with mana value (\d+) or (greater|less)", c)
    if m:
        return {
            "event": "cast",
            "who": "you",
            "filter": {("mv_ge" if m.group(2) == "greater" else "mv_le"): int(m.group(1))},
        }
    m = re.fullmatch(r"self becomes level (\d+)", c)
    if m:  # a Class's level (a later rule, Adventures in the Forgotten Realms): its level ability resolved
        return {"event": "class_level", "self": True, "level": int(m.group(1))}
    m = re.fullmatch(r"self (.+)", c)
    if m and m.group(1) in _SELF_EVENTS:
        return {"event": _SELF_EVENTS[m.group(1)], "self": True}
    m = re.fullmatch(r"self or another (.+?) (enters|dies|attacks|is turned face up|leaves the battlefield)"
                     r"(?: under your control)?", c)
    if m:
        f = parse_noun(m.group(1))
        if f is None:
            return None
        if c.endswith("under your control"):
            f["controller"] = "you"
        event = "turned_face_up" if m.group(2) == "is turned face up" else _event_word(m.group(2))
        return {"event": event, "filter": f, "or_self": True}  # "... is turned face up" (Pine Walker, 702.36e)
    m = re.fullmatch(r"(?:a|an) (.+?) blocks self", c)
    if m:  # flanking (702.24a): the blocker is "it"
        f = parse_noun(m.group(1))
        if f is None:
            return None
        return {"event": "blocks", "filter": f, "blocking_self": True}
    m = re.fullmatch(r"((?:enchanted|equipped|fortified) [a-z][a-z'-]*) (.+)", c)
    if m and attached_noun(m.group(1)) and m.group(2) in _SELF_EVENTS:
        return {"event": _SELF_EVENTS[m.group(2)], "attached": True}
    if m and attached_noun(m.group(1)) and m.group(2) == "is put into a graveyard":
        # "When enchanted Forest is put into a graveyard" (Genju of the Cedars): the permanent it is attached to
        # goes from the battlefield to a graveyard (a permanent can go there from nowhere else, 110.1)
        return {"event": "dies", "attached": True}
    m = re.fullmatch(
        r"(?:a|an|another|one or more|two or more) (.+?) (enters or dies|enters or attacks|enters|dies|"
        r"attacks or blocks|attacks and isn't blocked|attacks|blocks|"
        r"attack|enter|die|"
        r"block|"
        r"leaves the battlefield|leave the battlefield|is put into a graveyard from the battlefield|are put into a "
        r"graveyard from the battlefield|"
        r"deals combat damage to a player|deal combat damage to a player|becomes tapped|becomes untapped|"
        r"becomes blocked|is dealt "
        r"damage|"
        r"becomes the target of a spell|becomes the target of a spell or ability|"
        r"becomes the target of a spell or ability an opponent controls|becomes the target of a spell or ability you "
        r"control|becomes the target of a spell an opponent "
        r"controls|is turned face up|attacks alone|explores|mutates|fights|"
        r"becomes renowned)"
        r"(?: under your control| under an opponent's control)?(?: this turn)?",
        c,
    )
    if m:
        noun = m.group(1)
        f = parse_noun(("another " if c.startswith("another") else "") + noun)
        if f is None:
            return None
        if c.endswith("under your control"):
            f["controller"] = "you"
        elif c.endswith("under an opponent's control"):
            f["controller"] = "opponent"
        out = {"event": _event_word(m.group(2)), "filter": f}
        if c.startswith(("one or more", "two or more")):
            out["batch"] = True
        return out
    m = re.fullmatch(r"(you|an opponent|a player) casts? (?:a|an) ((?:[a-z]+ )?spell that's [a-z, ]+ or [a-z]+|"
                     r"spell that's both [a-z]+ and [a-z]+)", c)
    if m:  # "Whenever you cast a spell that's white, blue, black, or red" (Quirion Dryad): any of the colors (105.2);
        # the whole list only (the condition is tried at each ", ": "a spell that's white" is not all of it)
        f = parse_noun(m.group(2))
        if f is None or not (f.get("colors") or f.get("colors_all")) or f.get("player"):
            return None
        f.pop("zone", None)
        return {"event": "cast", "who": {"you": "you", "an opponent": "opponent", "a player": "any"}[m.group(1)],
                "filter": f}
    m = re.fullmatch(r"(you|an opponent|a player|target opponent) casts? (?:a|an|your first|their first) (?:(.+?) )?"
                     r"spell( that has an adventure| with \{x\} in its mana cost)?(?: this turn| each turn)?"
                     r"(?: during an opponent's turn| during your turn| during your main phase)?", c)
    if m and (m.group(2) or m.group(3)):  # "a spell with {X} in its mana cost" (Zaxara): 107.3
        noun = m.group(2)
        f = parse_noun((noun + " " if noun else "") + "spell" + (m.group(3) or ""))
        if f is None:
            return None
        f.pop("zone", None)
        out = {"event": "cast", "who": {"you": "you", "an opponent": "opponent", "a player": "any",
                                        "target opponent": "opponent"}[m.group(1)], "filter": f}
        if "your first" in c or "their first" in c:
            if "first" in c and not re.search(r"\b(?:this|each) turn\b", c):
                return None  # "your first ... spell" of the game is not "each turn"
            if set(f) - {"types", "not_types", "supertypes", "subtypes", "not_subtypes", "colors", "multicolored",
                         "monocolored", "colorless", "not_colors"}:
                return None  # a kind the record of spells cast this turn (engine/values.cast_kind_matches) can't tell
            out["first"] = True  # "their first noncreature spell each turn" (Esper Sentinel): of that kind (601.2i)
        if c.endswith(" during your main phase"):
            out["main_phase"] = True  # 505.1: a main phase of the ability's controller's turn
        elif c.endswith((" during an opponent's turn", " during your turn")):
            out["your_turn"] = c.endswith(" during your turn")  # (the clause was read and dropped before)
        return out
    m = re.fullmatch(r"(you|an opponent|a player) plays? a card", c)
    if m:  # "Whenever you play a card" (Recycle): a spell cast (601.2i; a copy is no card, 706.10) or a land played
        # (305.1)
        return {"event": ["cast", "plays_land"], "who": {"you": "you", "an opponent": "opponent",
                                                         "a player": "any"}[m.group(1)], "filter": {}}
    m = re.fullmatch(r"(you|an opponent|a player) casts? (?:a|an) ((?:.+? )?spell) with the chosen name", c)
    if m:  # 201.3, 601.2i: "whenever you cast an instant or sorcery spell with the chosen name" (Iterative Analysis:
        # the name chosen for its source, engine/filters.py chosen_name; a hidden agenda's, 702.105d)
        f = parse_noun(m.group(2))
        if f is None:
            return None
        f.pop("zone", None)
        return {"event": "cast", "who": {"you": "you", "an opponent": "opponent", "a player": "any"}[m.group(1)],
                "filter": {**f, "chosen_name": True}}
    m = re.fullmatch(r"(you|an opponent|a player) casts? (?:a|an) ((?:.+? )?spell (?:of the chosen type|with "
                     r"(?:flying|trample|haste|deathtouch|lifelink|flash|convoke|kicker|infect|wither|first strike|"
                     r"double strike|menace|reach|vigilance|defender|indestructible|hexproof)|with (?:power|toughness|"
                     r"mana value) (?:\d+ or (?:greater|less)|\d+, \d+,? or \d+|equal to .+)|that targets only .+))", c)
    if m:  # 601.2i: "whenever you cast a creature spell of the chosen type" (Vanquisher's Banner), "... a spell with
        # flying" ("with infect": Hand of the Praetors), "a creature spell with power 4, 5, or 6" / "... 7 or greater",
        # "... that targets only SELF / only a single creature you control" (Zada, Leyline of Resonance: 114.6a, 114.1)
        f = parse_noun(m.group(2))
        if f is None:
            return None
        f.pop("zone", None)
        return {"event": "cast", "who": {"you": "you", "an opponent": "opponent", "a player": "any"}[m.group(1)],
                "filter": f}
    m = re.fullmatch(r"(you|an opponent|a player) casts? (?:a|an) (?:(.+?) )?spell that targets you or an? "
                     r"([a-z ]+ you control)", c)
    if m:  # "Whenever an opponent casts a spell that targets you or a creature you control" (Reparations): one of its
        # targets is that player or such a permanent (115.1, 601.2c)
        f = parse_noun(m.group(2) + " spell") if m.group(2) else {}
        sub = parse_noun(m.group(3))
        if f is None or sub is None or sub.get("player") or sub.get("zone"):
            return None
        f.pop("zone", None)
        return {"event": "cast", "who": {"you": "you", "an opponent": "opponent", "a player": "any"}[m.group(1)],
                "filter": {**f, "targets_you_or": sub}}
    m = re.fullmatch(
        r"you cast (?:a|an) (?:(.+?) )?spell that targets (self|a creature you control|one or more creatures you "
        r"control|an? [a-z ]+|one or more (?:permanents|creatures|artifacts|lands|enchantments))",
        c,
    )
    if m:
        f = parse_noun(m.group(1) + " spell") if m.group(1) else {}
        if f is None:
            return None
        f.pop("zone", None)
        if m.group(2) == "self":
            tf: Any = "self"
        elif m.group(2).startswith("one or more creatures") or m.group(2) == "a creature you control":
            tf = {"types": ["Creature"], "controller": "you"}
        else:  # "an instant or sorcery spell that targets a creature" (one of its targets is one, 115.1); "that
            # targets one or more permanents" (Dack Fayden's emblem)
            tf = parse_noun(re.sub(r"^(?:an?|one or more) ", "", m.group(2)))
            if tf is None or tf.get("player") or tf.get("_needs_player_target") or tf.get("zone"):
                return None
        return {"event": "cast", "who": "you", "filter": {**f, "targets": tf}}
    m = re.fullmatch(r"(you|an opponent|a player) casts? (?:a|an) (?:(.+?) )?spell from (anywhere other than "
                     r"(?:your|their) hand|your graveyard|a graveyard|their graveyard|exile|your hand|their hand)", c)
    if m:  # "whenever you cast a spell from anywhere other than your hand", "... from a graveyard" (601.2a)
        f = parse_noun(m.group(2) + " spell") if m.group(2) else {}
        if f is None:
            return None
        f.pop("zone", None)
        where = m.group(3)
        zones = {"not": "hand"} if where.startswith("anywhere") else \
            {"in": ["graveyard"] if "graveyard" in where else ["exile"] if where == "exile" else ["hand"]}
        return {"event": "cast", "who": {"you": "you", "an opponent": "opponent", "a player": "any"}[m.group(1)],
                "filter": f, "cast_from": zones}
    m = re.fullmatch(r"(you|an opponent|a player) casts? a spell of the chosen color", c)
    if m:
        return {"event": "cast", "who": {"you": "you", "an opponent": "opponent", "a player": "any"}[m.group(1)],
                "filter": {"chosen_color": True}}
    m = re.fullmatch(
        r"(you|an opponent|a player) casts? (?:a|your first) spell(?: this turn)?( during (?:an|each) opponent's turn"
        r"| during your turn)?",
        c,
    )
    if m:
        out = {
            "event": "cast",
            "who": {"you": "you", "an opponent": "opponent", "a player": "any"}[m.group(1)],
            "filter": {},
        }
        if "your first" in c:
            out["first"] = True
        if m.group(2):
            out["your_turn"] = "your turn" in m.group(2)
        return out
    m = re.fullmatch(r"(you|an opponent|a player) casts? (?:a|an) (.+?) or (.+?) spell", c)
    if m:
        a, b = parse_noun(m.group(2)), parse_noun(m.group(3))
        if a is None or b is None or set(a) != {"types"} or set(b) != {"types"}:
            return None
        return {"event": "cast", "who": {"you": "you", "an opponent": "opponent", "a player": "any"}[m.group(1)],
                "filter": {"types": a["types"] + b["types"]}}
    if re.fullmatch(r"you get (?:one or more )?\{e\}", c):  # energy counters (121.1; {E}: a later symbol)
        return {"event": "player_counters", "counter": "energy", "who": "you"}
    if c == "you tap self for mana":  # Forbidden Orchard: the source itself (603.2; no mana: the stack, 605.1b)
        return {"event": "tapped_for_mana", "self": True, "filter": {"controller": "you"}}
    m = re.fullmatch(r"you tap (?:a|an) (.+?) for mana", c)
    if m:
        f = parse_noun(m.group(1))
        return None if f is None else {"event": "tapped_for_mana", "filter": {**f, "controller": "you"}}
    # 605.1b: "whenever a player taps a land for mana", "whenever a Forest is tapped for mana", "whenever
    # enchanted land is tapped for mana": whoever taps it gets the mana (the trigger's "who": any)
    m = re.fullmatch(r"(?:a player taps (?:a|an) (.+?)|(?:a|an) (.+?) is tapped|enchanted (.+?) is tapped) for mana", c)
    if m:
        f = parse_noun(m.group(1) or m.group(2) or m.group(3))
        if f is None or f.get("zone", "battlefield") != "battlefield":
            return None
        out = {"event": "tapped_for_mana", "filter": f, "who": "any"}
        return {**out, "attached": True} if m.group(3) else out
    m = re.fullmatch(r"you activate self's ([a-z]+(?: [a-z]+)?) ability", c)
    if m and m.group(1) not in ("loyalty", "mana"):  # "Whenever you activate SELF's outlast ability" (Herald of
        # Anafenza): the keyword's activated ability of this object (602.1, 702.106a), as it is activated
        return {"event": "activate", "who": "you", "self": True, "keyword": m.group(1).capitalize()}
    if c == "you activate an exhaust ability":  # exhaust (a later keyword, Aetherdrift): any of your permanents'
        return {"event": "activate", "who": "you", "keyword": "Exhaust"}
    m = re.fullmatch(r"you activate an? (boast|embalm|eternalize)(?: or (embalm|eternalize))? ability", c)
    if m:  # "Whenever you activate a boast ability" (Frenzied Raider; boast: a later keyword, Kaldheim), "... an
        # eternalize or embalm ability" (Vizier of the Anointed; later keywords, Amonkhet, Hour of Devastation): an
        # ability of that keyword of any of your objects (602.1)
        kws = [k.capitalize() for k in (m.group(1), m.group(2)) if k]
        return {"event": "activate", "who": "you", "keyword": kws[0] if len(kws) == 1 else kws}
    m = re.fullmatch(r"(you|an opponent|a player) activates? an ability that isn't a mana ability", c)
    if m:  # 602.1, 605: every activation but a mana ability's, by that player ("Whenever a player activates an ability
        # that isn't a mana ability, SELF deals 1 damage to that player": Burning-Tree Shaman; that player is the one
        # who activated it, 603.2)
        return {"event": "activate", "who": {"you": "you", "an opponent": "opponent", "a player": "any"}[m.group(1)],
                "filter": {}, "nonmana": True}
    if c == "you activate an ability":  # 602.1: any activated ability but a mana ability (the event's, 605.1a)
        return {"event": "activate", "who": "you"}
    m = re.fullmatch(r"you activate (?:a loyalty ability|an ability) of (?:a|an) (.+)", c)
    if m:
        f = parse_noun(m.group(1))
        if f is None:
            return None
        out = {"event": "activate", "who": "you", "filter": f}
        if "loyalty" in c:
            out["loyalty"] = True
        return out
    m = re.fullmatch(r"(you|an opponent|a player) activates? an ability of (?:a|an) (.+?)( on the battlefield)?"
                     r"( that isn't a mana ability)?", c)
    if m and (m.group(4) or m.group(3) and m.group(1) != "you"):  # 602.1: activated abilities other than mana (605);
        # "Whenever an opponent activates an ability of an artifact, creature, or land on the battlefield, if it isn't
        # a mana ability, ..." (Harsh Mentor): the permanents' abilities (the condition after it read as nonmana)
        f = parse_noun(m.group(2))
        if f is None or f.get("controller") or f.get("zone", "battlefield") != "battlefield":
            return None
        out = {"event": "activate", "who": {"you": "you", "an opponent": "opponent", "a player": "any"}[m.group(1)],
               "filter": f}
        return {**out, "nonmana": True} if m.group(4) else out
    m = re.fullmatch(r"one or more cards are put into exile from (your|an opponent's) graveyard", c)
    if m:  # "Whenever one or more cards are put into exile from your graveyard, put that many +1/+1 counters on SELF"
        # (Rakshasa Vizier): one trigger for the cards of one event (603.2c), "that many" their number
        return {"event": "leaves_graveyard", "filter": {"zone": "any_card", "owner": "you" if m.group(1) == "your"
                                                        else "opponent"}, "batch": True, "to": ["exile"]}
    m = re.fullmatch(r"(one or more|an?) (.+?) (?:leaves?|leave) (your|an opponent's) graveyard", c)
    if m:  # a card leaving a graveyard (400.7: it is a new object wherever it goes)
        f = parse_noun(m.group(2))
        if f is None or "owner" in f:
            return None
        f["zone"] = "any_card"
        f["owner"] = "you" if m.group(3) == "your" else "opponent"
        out = {"event": "leaves_graveyard", "filter": f}
        if m.group(1) == "one or more":
            out["batch"] = True
        return out
    if re.fullmatch(r"self has .+ counters? on (?:it|him|her)", c):
        # 603.8: "When SELF has two or fewer loyalty counters on him, transform him" (Garruk Relentless), "When SELF
        # has no ice counters on it, sacrifice it" (Dark Depths), "... twenty or more charge counters on it":
        # a state trigger, once each time the state begins to hold
        held = parse_condition(c)
        if held is None or set(held) - {"self_counters_le", "self_counters_ge"}:
            return None
        return {"event": "state", "condition": held}
    if re.fullmatch(r"there are no [a-z]+ on the battlefield|no [a-z]+ are on the battlefield", c):
        # 603.8: "When there are no creatures on the battlefield, sacrifice SELF" (Task Mage Assembly, Last Laugh): a
        # state trigger, once each time the state begins to hold
        held = parse_condition(c)
        return None if held is None or set(held) != {"amount_lt"} else {"event": "state", "condition": held}
    m = re.fullmatch(r"you control no (.+)", c)
    if m:
        f = parse_noun(m.group(1))
        if f is None:
            return None
        return {"event": "state", "condition": {"control": {**f, "controller": "you"}, "min": 0, "max": 0}}
    m = re.fullmatch(r"(you|an opponent|a player) draws? (?:your|their|his or her) (second|third) card "
                     r"(?:each|in a) turn", c)
    if m:
        return {"event": "draw", "who": {"you": "you", "an opponent": "opponent", "a player": "any"}[m.group(1)],
                "nth": 2 if m.group(2) == "second" else 3}
    simple: dict[str, dict[str, Any]] = {
        "you gain life": {"event": "gain_life", "who": "you"},
        # "whenever you gain or lose life": either event (119.3)
        "you gain or lose life": {"event": ["gain_life", "lose_life"], "who": "you"},
        "you proliferate": {"event": "proliferate", "who": "you"},  # 701.24 (engine/ops/actions.py)
        "an opponent gains life": {"event": "gain_life", "who": "opponent"},  # 118.9 (Punishing Fire)
        "a player gains life": {"event": "gain_life", "who": "any"},
        "you pay life": {"event": "pay_life", "who": "you"},  # 119.4 (Font of Agonies)
        "a player loses the game": {"event": "loses_game", "who": "any"},  # 603.9
        "an opponent loses the game": {"event": "loses_game", "who": "opponent"},
        "another player loses the game": {"event": "loses_game", "who": "other"},  # any player but you (102.1)
        "you lose life": {"event": "lose_life", "who": "you"},
        "an opponent loses life": {"event": "lose_life", "who": "opponent"},
        "you draw a card": {"event": "draw", "who": "you"},
        "an opponent draws a card": {"event": "draw", "who": "opponent"},
        "a player draws a card": {"event": "draw", "who": "any"},
        "you discard a card": {"event": "discard", "who": "you"},
        "an opponent discards a card": {"event": "discard", "who": "opponent"},
        "a player discards a card": {"event": "discard", "who": "any"},
        "you cycle or discard a card": {"event": "discard", "who": "you"},
        # "another card": not SELF, which is on the battlefield as this triggers (a card is cycled or discarded from
        # the hand, 702.28a): the same event (Curator of Mysteries, Archfiend of Ifnir)
        "you cycle or discard another card": {"event": "discard", "who": "you"},
        "you cycle self": {"event": "cycle", "self": True},
        "you cycle another card": {"event": "cycle", "who": "you", "other": True},
        "you cycle a card": {"event": "cycle", "who": "you"},
        "you attack": {"event": "you_attack"},
        "you sacrifice a permanent": {"event": "sacrifice", "who": "you"},
        "an opponent is dealt noncombat damage": {"event": "dealt_damage", "who": "opponent", "noncombat": True},
        "you lose life for the first time each turn": {"event": "lose_life", "who": "you", "first": True},
        "you gain life for the first time each turn": {"event": "gain_life", "who": "you", "first": True},
        "you cast self": {"event": "cast", "self": True},
        "a land enters under your control": {"event": "etb", "filter": {"types": ["Land"], "controller": "you"}},
        "you scry": {"event": "scry", "who": "you"},
        # "whenever you scry or surveil" (Matoya, Archon Elder): either keyword action (701.18; surveil, a later one)
        "you scry or surveil": {"event": ["scry", "surveil"], "who": "you"},
        "you collect evidence": {"event": "collect_evidence", "who": "you"},  # a later keyword action (MKM)
        "you solve a case": {"event": "solve", "who": "you"},  # a Case becomes solved (a later rule, MKM: 719)
        "you complete a dungeon": {"event": "dungeon_completed", "who": "you"},  # a later rule (engine/dungeon.py)
        # the casual variants (engine/planechase.py, engine/archenemy.py): 309.7 "whenever you roll {CHAOS}" (a
        # plane's chaos ability; "whenever chaos ensues" in today's wording), 310.5 "when you encounter SELF" (a
        # phenomenon turned face up), "when you planeswalk to SELF" (701.21d: the plane turned face up), 904.9
        # "when you set this scheme in motion" (312.7: "this scheme" is SELF)
        "you roll {chaos}": {"event": "chaos", "who": "you"},
        "you roll the planar die": {"event": "planar_roll", "who": "you"},  # any face (901.9)
        "you planeswalk away from self": {"event": "planeswalk_away", "self": True},  # 701.21d
        "chaos ensues": {"event": "chaos", "who": "you"},
        "you encounter self": {"event": "encounter", "self": True},
        "you planeswalk to self": {"event": "planeswalk_to", "self": True},
        "you planeswalk here": {"event": "planeswalk_to", "self": True},
        "you set self in motion": {"event": "set_in_motion", "self": True},
        "you clash": {"event": "clash", "who": "you"},  # 701.20b: each clash of yours, won or not
        # rolling a die (a later rule, Adventures in the Forgotten Realms): once for each instruction that rolls
        "you roll one or more dice": {"event": "roll_dice", "who": "you"},
        "you clash and win": {"event": "clash", "who": "you", "won": True},  # 701.20c
        # 705.1: only the player who flips a coin and calls it wins or loses the flip (engine/ops/control.py flip)
        "you win a coin flip": {"event": "coin_flip", "who": "you", "won": True},
        "a player wins a coin flip": {"event": "coin_flip", "who": "any", "won": True},
        "you lose a coin flip": {"event": "coin_flip", "who": "you", "won": False},
        "you surveil": {"event": "surveil", "who": "you"},
        "you surveil for the first time each turn": {"event": "surveil", "who": "you", "first": True},
        "you investigate": {"event": "investigate", "who": "you"},  # 701.33a
        "the ring tempts you": {"event": "ring_tempts", "who": "you"},  # a later keyword action (engine/ops/ring.py)
        "you investigate for the first time each turn": {"event": "investigate", "who": "you", "first": True},
        "an opponent casts their first spell each turn": {
            "event": "cast",
            "who": "opponent",
            "filter": {},
            "first": True,
        },
    }
    if c in simple:
        return dict(simple[c])
    m = re.fullmatch(r"you expend (\d+)", c)
    if m:  # expend (a later keyword action, Bloomburrow): engine/triggers.py expend
        return {"event": "expend", "who": "you", "amount": int(m.group(1))}
    m = re.fullmatch(r"self becomes the target of a spell or ability( you control)? for the first time each turn", c)
    if m:  # valiant (an ability word, Bloomburrow): the first time this turn it becomes a target of one (of yours)
        return {"event": "becomes_target_you" if m.group(1) else "becomes_target", "self": True, "first": True}
    m = re.fullmatch(r"(you|an opponent|a player) commits? a crime( during your turn)?", c)
    if m:  # committing a crime (a later rule, Outlaws of Thunder Junction): engine/triggers.py became_targets
        out = {"event": "crime", "who": {"you": "you", "an opponent": "opponent", "a player": "any"}[m.group(1)]}
        if m.group(2):
            out["your_turn"] = True
        return out
    m = re.fullmatch(r"(you|one or more players|a player|an opponent) sacrifices? one or more (other )?(.+)", c)
    if m:  # "Whenever you sacrifice one or more other creatures" (Forge Boss): one trigger for the permanents
        # sacrificed at once (603.2c, the batch), "other" not SELF
        f = parse_noun(("other " if m.group(2) else "") + m.group(3))
        if f is None or f.get("player") or f.get("zone") not in (None, "battlefield"):
            return None
        f.pop("zone", None)
        return {"event": "sacrifice", "who": {"you": "you", "an opponent": "opponent"}.get(m.group(1), "any"),
                "filter": f, "batch": True}
    m = re.fullmatch(r"(you|a player|an opponent) sacrifices? (?:a|an|another) (.+)", c)
    if m:
        f = parse_noun(m.group(2))
        who = {"you": "you", "a player": "any", "an opponent": "opponent"}[m.group(1)]
        if f is None:
            return None
        return {"event": "sacrifice", "who": who} if f == {"permanent": True} and who != "you" else \
            {"event": "sacrifice", "who": who, "filter": f}
    m = re.fullmatch(r"you attack with one or more (.+)", c)
    if m:  # "Whenever you attack with one or more Elves": the same as "one or more Elves you control attack" (508.1)
        c = f"one or more {m.group(1)} you control attack"
    m = re.fullmatch(r"one or more (.+?) you control attack", c)
    if m:
        f = parse_noun(m.group(1))
        return None if f is None else {"event": "attacks", "filter": {**f, "controller": "you"}, "batch": True}
    m = re.fullmatch(r"(a|another) (.+?) you control (enters|dies|attacks|blocks)", c)
    if m:
        f = parse_noun(("another " if m.group(1) == "another" else "") + m.group(2))
        if f is None:
            return None
        f["controller"] = "you"
        return {"event": _event_word(m.group(3)), "filter": f}
    return _state_trigger(c)


#: 603.8: what a state trigger may watch: facts of the game state now (what players control, their life totals and
#: hands, SELF's counters and characteristics), never an event or a fact of the turn so far
_STATE_KEYS = frozenset({"control", "min", "max", "opponents_control", "self", "self_counters_ge", "self_counters_le",
                         "life_ge", "life_le", "opponent_life_le", "hand_le", "opponent_hand_le", "any"})


def _state_trigger(c: str) -> dict[str, Any] | None:
    """603.8: "When you control a Dwarf, sacrifice SELF" (Goblins of the Flarg), "When an opponent has 10 or less
    life, if SELF is an enchantment, ..." (Lurking Jackals), "When SELF's power is 7 or greater" (Phyrexian
    Devourer), "When SELF has flying" (Floodgate), "Whenever there are four or more tide counters on SELF"
    (Homarid), "When a player has no cards in hand" (Veiled Crocodile): a state trigger, which triggers once each
    time the state begins to hold and not again while it waits or is on the stack (engine/triggers.py
    state_triggers), whether the card says "when" or "whenever"."""
    c = re.sub(r"^there (?:is|are) (.+? counters?) on self$", r"self has \1 on it", c)
    if c == "a player has no cards in hand":  # you, or any opponent (102.2)
        return {"event": "state", "condition": {"any": [{"hand_le": 0}, {"opponent_hand_le": 0}]}}
    m = re.fullmatch(r"self has ([a-z ]+)", c)
    if m and "counter" not in c:  # "When SELF has flying": a keyword it has now (702)
        it = parse_condition(f"it has {m.group(1)}")
        if it is None or set(it) != {"it"} or set(it["it"]) != {"keyword"}:
            return None
        return {"event": "state", "condition": {"self": it["it"]}}
    held = parse_condition(c)
    if held is None or set(held) - _STATE_KEYS or "any" in held:
        return None
    return {"event": "state", "condition": held}
