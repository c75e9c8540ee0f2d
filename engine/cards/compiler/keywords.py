"""The keyword registry (CR 702): which keyword lines the compiler reads.

A keyword line is a comma-separated list of keyword abilities ("Flying, vigilance").
Simple keywords become names in CardDef.keywords; keywords with a parameter (a cost, a
quality) also put it in CardDef.keyword_args; keywords that are really activated or
triggered abilities (equip, cycling, prowess) also add an Ability.
"""
from __future__ import annotations

import re
from typing import Any

from engine.cards.abilities import Ability, Cost, Effect, TargetSpec
from engine.cards.compiler.costs import parse_cost_text
from engine.mana import parse_cost

# name -> CR rule; each is implemented by the engine where that rule lives.
SIMPLE: dict[str, str] = {
    "Deathtouch": "702.2",
    "Defender": "702.3",
    "Double strike": "702.4",
    "First strike": "702.7",
    "Flash": "702.8",
    "Flying": "702.9",
    "Haste": "702.10",
    "Hexproof": "702.11",
    "Indestructible": "702.12",
    "Intimidate": "702.13",
    "Lifelink": "702.15",
    "Reach": "702.17",
    "Shroud": "702.18",
    "Trample": "702.19",
    "Vigilance": "702.20",
    "Fear": "702.36",
    "Infect": "702.90",
    "Wither": "702.80",
    "Menace": "702.110",
    "Prowess": "702.107",
    "Changeling": "702.73",
}
LANDWALK = {"Plainswalk": "Plains", "Islandwalk": "Island", "Swampwalk": "Swamp",
            "Mountainwalk": "Mountain", "Forestwalk": "Forest"}
COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_LOWER = {k.lower(): k for k in SIMPLE}


def _protection(quality: str) -> list[str] | None:
    """'red' -> ['R']; 'red and from blue' -> ['R','U']; 'everything' ...; CR 702.16."""
    out: list[str] = []
    for part in re.split(r"\s*(?:,|and)\s*(?:from\s+)?", quality.strip()):
        part = part.strip().lower()
        if not part:
            continue
        if part in COLOR_WORDS:
            out.append(COLOR_WORDS[part])
        elif part in ("creatures", "artifacts", "enchantments", "instants", "sorceries", "everything",
                      "multicolored", "monocolored", "all colors"):
            out.append(part)
        else:
            return None
    return out or None


def parse_keyword_line(line: str) -> tuple[list[str], dict[str, Any], list[Ability]] | None:
    """Read a paragraph made only of keywords; None if any part is not a known keyword."""
    names: list[str] = []
    args: dict[str, Any] = {}
    abilities: list[Ability] = []
    text = line.strip().rstrip(".")
    # A line with a cost keyword ("Equip {2}") has no commas inside the cost.
    parts = [p.strip() for p in re.split(r",\s*|;\s*", text) if p.strip()]
    for part in parts:
        low = part.lower()
        if low in _LOWER:
            name = _LOWER[low]
            names.append(name)
            if name == "Prowess":
                abilities.append(Ability(
                    "triggered", "Prowess",
                    effects=(Effect("pump", {"what": "self", "power": 1, "toughness": 1}),),
                    trigger={"event": "cast", "who": "you", "filter": {"not_types": ["Creature"]}},
                    keyword="Prowess"))
            continue
        if part in LANDWALK:
            names.append("Landwalk")
            args.setdefault("Landwalk", []).append(LANDWALK[part])
            continue
        m = re.fullmatch(r"protection from (.+)", part, re.I)
        if m:
            q = _protection(m.group(1))
            if q is None:
                return None
            names.append("Protection")
            args.setdefault("Protection", []).extend(q)
            continue
        m = re.fullmatch(r"enchant (creature|player|land|artifact|permanent|creature you control|enchantment|planeswalker)", part, re.I)
        if m:
            names.append("Enchant")
            args["Enchant"] = m.group(1).lower()
            continue
        m = re.fullmatch(r"equip (\{[^ ]+\}|\d+)", part, re.I)
        if m:
            cost = parse_cost_text(m.group(1))
            if cost is None:
                return None
            names.append("Equip")
            abilities.append(Ability(
                "activated", part, effects=(Effect("attach", {"what": "self", "to": {"target": 0}}),),
                targets=(TargetSpec({"types": ["Creature"], "controller": "you"}, "target creature you control"),),
                cost=cost, sorcery_speed=True, keyword="Equip"))
            continue
        m = re.fullmatch(r"cycling (\{[^ ]+\})", part, re.I)
        if m:
            names.append("Cycling")
            abilities.append(Ability(
                "activated", part, effects=(Effect("draw", {"who": "you", "amount": 1}),),
                cost=Cost(mana=parse_cost(m.group(1)), discard_self=True), zone="hand", keyword="Cycling"))
            continue
        return None
    return names, args, abilities
