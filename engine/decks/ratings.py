"""Draft pick ratings from what a card does, rarity last.

``rate_card(card, rarity, colors)`` is a score on this scale (higher picks first); the
examples are the colour-blind ratings of real cards, and a test keeps them in their bands:

==============  =======================================================================
3 and up        removal that deals with most creatures: Murder, Doom Blade, Pacifism,
                Lightning Strike (all 3.0); a creature that removes one rates higher
about 2 to 3    a creature with evasion and a body for its cost (Serra Angel 2.45, Air
                Elemental 2.15), a burn spell for less (Shock 2.6), card advantage
about 1.5 to 2  a creature on curve with no text (Grizzly Bears 1.8, Hill Giant 1.43), a
                narrow but useful spell (Cancel 1.8, Divination 1.6, Giant Growth 1.5)
about 1         a card that does little in limited: nothing on the board (Amulet of
                Safekeeping, Mind Rot 1.0), a 0-power blocker (Ornithopter 1.2)
==============  =======================================================================

The parts, each a fact read from the rules text (of every face) and the card's numbers:

* **removal**: +2.0 (destroy/exile target creature or permanent, -N/-N, an Aura or effect
  that stops attacking and blocking, fight), +1.2 to +2.0 for damage by its amount,
  +0.8 for a bounce or counterspell, +0.5 for a pump spell ("target creature gets +N/+N");
* **creatures**: +0.8, plus the body against the curve (power + toughness beside twice
  the mana value, or 1.5 times it plus 1.5 from four mana up: +0.25 a point, at most
  +0.8 either way), evasion by what the creature hits for (flying, can't be blocked,
  shadow, horsemanship, fear, intimidate +0.3 a point of power up to two; menace and
  trample half that), -0.6 for a power of 0, combat keywords +0.3 each (first strike,
  deathtouch, lifelink, vigilance, double strike, hexproof; at most two counted);
* **card advantage**: +0.6 for drawing cards, +0.5 for creating creature tokens, +0.4 for
  returning a card from the graveyard;
* **curve**: -0.3 for each mana above 5; a land that is not basic -0.3, +0.3 back when it
  makes mana of more than one colour;
* **rarity**: a tie-break only, +0.05 a step (common 0 .. mythic 0.15);
* **colours** (a bot's picks so far): +1.0 in its two main colours, -0.5 outside them,
  +0.4 colourless, scaled by how settled the bot is (full after four coloured picks).

``curve_bonus`` adds the curve a bot drafts and builds toward: a 23-spell deck wants about
``IDEAL_CURVE`` cards of each mana value (two drops most); a spell whose mana value the
picks so far lack gains up to +0.4, one where they already have more than their share
loses up to -0.6.
"""
from __future__ import annotations

import re
from typing import Any

__all__ = ["rate_card", "RARITY_TIEBREAK", "IDEAL_CURVE", "curve_bucket", "curve_bonus"]

RARITY_TIEBREAK = {"common": 0.0, "uncommon": 0.05, "rare": 0.10, "mythic": 0.15, "basic": 0.0}

_REMOVAL = re.compile(
    r"(destroy|exile) target (\w+ )*(creature|permanent|planeswalker|artifact or creature)"
    r"|target creature (an opponent controls )?gets -\d+/-\d+|enchanted creature gets -\d+/-"
    r"|enchanted creature can't attack or block|enchanted creature can't attack|target creature can't block"
    r"|fights? (another |up to one )?target creature|destroy (it|that creature)"
    r"|(each|all) (other )?creatures? get -\d+/-\d+|destroy all creatures")
_DAMAGE = re.compile(r"deals (\d+|x) damage to (target creature|any target|target creature or player"
                     r"|target creature or planeswalker|each creature)")
_TEMPO = re.compile(r"return target (nonland )?(creature|permanent) to its owner's hand|counter target")
_DRAW = re.compile(r"draws? (a|two|three|\w+) cards?")
_TOKENS = re.compile(r"create (a|an|one|two|three|four|x|\w+) .*?creature tokens?")
_RECURSION = re.compile(r"return target .*?card from your graveyard")
_EVASION = ("flying", "can't be blocked", "shadow", "horsemanship", "fear", "intimidate")
_HALF_EVASION = ("menace", "trample")
_PUMP = re.compile(r"target creature (you control )?gets \+\d+/\+\d+")
_COMBAT = ("first strike", "deathtouch", "lifelink", "vigilance", "double strike", "hexproof")


def _text(card: Any) -> str:
    parts = [getattr(card, "text", "") or ""]
    for face in getattr(card, "faces", ()) or ():
        t = face.get("text") if isinstance(face, dict) else None
        if t and t not in parts:
            parts.append(t)
    return "\n".join(parts).lower()


def _number(v: Any) -> float:
    try:
        return float(v)
    except (TypeError, ValueError):
        return 0.0


def effect_score(card: Any) -> float:
    """The colour-blind part of the rating: what the card does, its body and its cost."""
    score = 1.0
    types = {t.lower() for t in (getattr(card, "types", ()) or ())}
    text = _text(card)
    mv = _number(getattr(card, "mana_value", 0))
    if _REMOVAL.search(text):
        score += 2.0
    else:
        m = _DAMAGE.search(text)
        if m:
            amount = 3.0 if m.group(1) == "x" else _number(m.group(1))
            score += min(2.0, 1.2 + 0.4 * max(0.0, amount - 1))
        elif _TEMPO.search(text):
            score += 0.8
        elif _PUMP.search(text):
            score += 0.5
    if "creature" in types:
        score += 0.8
        body = _number(getattr(card, "power", 0)) + _number(getattr(card, "toughness", 0))
        cost = max(mv, 1.0)
        score += max(-0.8, min(0.8, 0.25 * (body - min(2 * cost, 1.5 * cost + 1.5))))
        keywords = text + "\n" + "\n".join(k.lower() for k in getattr(card, "keywords", ()) or ())
        # evasion is worth what the creature hits for: a 0-power flier is a blocker
        hits = min(2.0, max(0.0, _number(getattr(card, "power", 0))))
        if getattr(card, "power", None) not in (None, "", "*") and hits == 0:
            score -= 0.6                   # it never deals combat damage
        if any(k in keywords for k in _EVASION):
            score += 0.3 * hits
        elif any(k in keywords for k in _HALF_EVASION):
            score += 0.15 * hits
        score += 0.3 * min(2, sum(k in keywords for k in _COMBAT))
    if _DRAW.search(text):
        score += 0.6
    if _TOKENS.search(text):
        score += 0.5
    if _RECURSION.search(text):
        score += 0.4
    score -= 0.3 * max(0.0, mv - 5)
    if "land" in types and "basic" not in {s.lower() for s in getattr(card, "supertypes", ()) or ()}:
        score -= 0.3
        if "any color" in text or len(set(re.findall(r"\{([wubrg])\}", text))) > 1:
            score += 0.3
    return score


def rate_card(card: Any, rarity: str, colors: dict[str, float] | None = None) -> float:
    """A pick rating (see the module docstring for the scale); ``colors`` are a bot's colour weights."""
    score = RARITY_TIEBREAK.get(rarity, 0.0)
    if card is None:
        return score + 1.0
    score += effect_score(card)
    card_colors = set(getattr(card, "colors", ()) or ())
    if colors:
        settled = min(1.0, sum(colors.values()) / 4)
        main = sorted(colors, key=lambda c: -colors[c])[:2]
        if not card_colors:
            score += 0.4 * settled
        elif card_colors <= set(main):
            score += 1.0 * settled
        else:
            score -= 0.5 * settled
    return score


# spells of a 23-spell limited deck per mana value: 1 or less, 2, 3, 4, 5, 6 and more
IDEAL_CURVE = (2, 6, 5, 4, 3, 3)


def curve_bucket(card: Any) -> int:
    """The index into ``IDEAL_CURVE`` of a card's mana value (202.3)."""
    mv = int(_number(getattr(card, "mana_value", 0)))
    return min(max(mv, 1), 6) - 1


def curve_bonus(card: Any, have: list[int] | tuple[int, ...], share: float = 1.0) -> float:
    """What filling the curve adds to a spell's rating: ``have`` counts the spells already
    taken per bucket, ``share`` scales the ideal curve to how far the picks have come
    (1.0: a whole deck). Lands and cards that are not found add nothing."""
    if card is None or "Land" in (getattr(card, "types", ()) or ()):
        return 0.0
    b = curve_bucket(card)
    gap = IDEAL_CURVE[b] * share - have[b]
    return max(-0.6, min(0.4, 0.15 * gap))
