"""Triggered abilities (CR 603): "When/Whenever/At ..." conditions to trigger specs.

A trigger spec is a dict with "event" and filters; the engine matches it against the
events of engine/events.py:
  etb        an object enters the battlefield ("filter", "self")
  dies       a creature is put into a graveyard from the battlefield (look-back, 603.10)
  ltb        an object leaves the battlefield
  attacks    a creature is declared as an attacker
  blocks     a creature blocks
  becomes_blocked
  deals_combat_damage_player
  cast       a player casts a spell ("who": you/opponent/any, "filter")
  step       the beginning of a step ("step", "whose": you/opponent/each)
  gain_life  a player gains life
"""
from __future__ import annotations

import re
from typing import Any

from engine.cards.compiler.targets import parse_noun

STEPS = {"upkeep": "upkeep", "end step": "end", "draw step": "draw", "combat": "beginning_of_combat",
         "precombat main phase": "main1", "postcombat main phase": "main2"}


def parse_trigger(cond: str) -> dict[str, Any] | None:
    """The condition of a trigger, without its leading word: 'SELF enters' -> {...}."""
    c = cond.strip().lower().rstrip(",")
    m = re.fullmatch(r"(?:the )?beginning of (your|each|each opponent's|the next) (upkeep|end step|draw step|combat|precombat main phase|postcombat main phase)(?: on your turn)?", c)
    if m:
        whose = {"your": "you", "each": "each", "each opponent's": "opponent", "the next": "next"}[m.group(1)]
        return {"event": "step", "step": STEPS[m.group(2)], "whose": whose}
    m = re.fullmatch(r"self (enters|enters the battlefield|dies|attacks|blocks|becomes blocked|attacks or blocks|leaves the battlefield|deals combat damage to a player|is put into a graveyard from the battlefield)", c)
    if m:
        ev = {"enters": "etb", "enters the battlefield": "etb", "dies": "dies", "attacks": "attacks",
              "blocks": "blocks", "becomes blocked": "becomes_blocked", "attacks or blocks": "attacks_or_blocks",
              "leaves the battlefield": "ltb", "deals combat damage to a player": "deals_combat_damage_player",
              "is put into a graveyard from the battlefield": "dies"}[m.group(1)]
        return {"event": ev, "self": True}
    m = re.fullmatch(r"(a|an|another) (.+?) (enters|enters the battlefield|dies|attacks)(?: under your control)?", c)
    if m:
        f = parse_noun(("another " if m.group(1) == "another" else "") + m.group(2))
        if f is None:
            return None
        if c.endswith("under your control"):
            f["controller"] = "you"
        return {"event": {"enters": "etb", "enters the battlefield": "etb", "dies": "dies", "attacks": "attacks"}[m.group(3)], "filter": f}
    m = re.fullmatch(r"(you|an opponent|a player) casts? (a|an) (.+?) spell", c)
    if m:
        f = parse_noun(m.group(3)) if m.group(3) not in ("",) else {}
        if f is None:
            return None
        return {"event": "cast", "who": {"you": "you", "an opponent": "opponent", "a player": "any"}[m.group(1)], "filter": f}
    m = re.fullmatch(r"you gain life", c)
    if m:
        return {"event": "gain_life", "who": "you"}
    return None
