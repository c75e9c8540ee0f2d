"""Targets and object filters (CR 114, 109): noun phrases to filter dicts.

"target creature an opponent controls" -> TargetSpec({"types": ["Creature"],
"controller": "opponent"}, ...). The same noun-phrase reader serves non-targeted sets
("creatures you control", "each creature with flying").
"""
from __future__ import annotations

import re
from typing import Any

from engine.cards.abilities import TargetSpec

TYPES = ["creature", "artifact", "enchantment", "land", "planeswalker", "instant", "sorcery", "permanent", "spell", "card"]
COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
           "eight": 8, "nine": 9, "ten": 10}
KEYWORDS = ["flying", "first strike", "double strike", "deathtouch", "trample", "reach", "vigilance",
            "haste", "lifelink", "defender", "menace", "hexproof", "indestructible"]


def number(word: str) -> int | None:
    word = word.lower()
    if word.isdigit():
        return int(word)
    return NUMBERS.get(word)


def parse_noun(phrase: str) -> dict[str, Any] | None:
    """A noun phrase (without 'target') to a filter; None when not understood.

    Handles: [another|other] [tapped|untapped|attacking|blocking] [non-X] [color] TYPE[s]
    [or TYPE] [with KEYWORD|without KEYWORD] [you control|an opponent controls|you don't control]
    [with power N or less|greater].
    """
    p = phrase.strip().lower()
    f: dict[str, Any] = {}
    m = re.search(r"\s+(you control|an opponent controls|you don't control|your opponents control)$", p)
    if m:
        f["controller"] = "you" if m.group(1) == "you control" else "opponent"
        p = p[: m.start()]
    m = re.search(r"\s+with (power|toughness|mana value) (\d+) or (less|greater)$", p)
    if m:
        f[{"power": "power", "toughness": "toughness", "mana value": "mv"}[m.group(1)] + ("_le" if m.group(3) == "less" else "_ge")] = int(m.group(2))
        p = p[: m.start()]
    m = re.search(r"\s+(with|without) (" + "|".join(KEYWORDS) + r")$", p)
    if m:
        f["keyword" if m.group(1) == "with" else "not_keyword"] = m.group(2).capitalize()
        p = p[: m.start()]
    words = p.split()
    types: list[str] = []
    while words:
        w = words[0]
        if w in ("another", "other"):
            f["other"] = True
        elif w in ("tapped", "untapped"):
            f["tapped"] = w == "tapped"
        elif w in ("attacking", "blocking"):
            f[w] = True
        elif w == "attacking" or w == "or" and len(words) > 1 and words[1] == "blocking":
            pass
        elif w.startswith("non") and (w[3:].strip("-") in COLORS or w[3:].strip("-") in TYPES or w[3:].strip("-").capitalize()):
            base = w[3:].strip("-")
            if base in COLORS:
                f.setdefault("not_colors", []).append(COLORS[base])
            elif base in TYPES:
                f.setdefault("not_types", []).append(base.capitalize())
            else:
                f.setdefault("not_subtypes", []).append(base.capitalize())
        elif w in COLORS:
            f.setdefault("colors", []).append(COLORS[w])
        elif w == "legendary":
            f["supertypes"] = ["Legendary"]
        else:
            break
        words = words[1:]
    rest = " ".join(words)
    for alt in re.split(r"\s*(?:,\s*or|,|\bor\b|\band/or\b)\s*", rest):
        alt = alt.strip()
        if not alt:
            continue
        singular = re.sub(r"(ies)$", "y", alt)
        singular = re.sub(r"(?<![s])s$", "", singular) if singular not in ("sorcery",) else singular
        if singular == "sorcerie":
            singular = "sorcery"
        if singular in TYPES:
            if singular not in ("permanent", "card", "spell"):
                types.append(singular.capitalize())
            elif singular == "spell":
                f["zone"] = "stack"
            elif singular == "permanent":
                pass
        elif singular == "player":
            f["player"] = True
        elif singular == "opponent":
            f["player"] = True
            f["opponent"] = True
        elif re.fullmatch(r"[a-z]+( creature)?", singular) and singular.split()[0] not in ("target", "each", "all"):
            sub = singular.split()[0]
            f.setdefault("subtypes", []).append(sub.capitalize())
            if singular.endswith("creature"):
                types.append("Creature")
        else:
            return None
    if types:
        f["types"] = types
    if not f.get("types") and not f.get("player") and not f.get("subtypes") and rest not in ("permanent", "permanents", "spell", "spells"):
        return None
    return f


_TARGET = re.compile(
    r"(?:(up to) )?(?:(one|two|three|four|\d+) )?(another )?target ([a-z' /\-]+?)(?= you control| an opponent controls| you don't control|$)( you control| an opponent controls| you don't control)?",
)


def parse_target(phrase: str) -> TargetSpec | None:
    """'target creature', 'any target', 'up to two target creatures', 'target player or planeswalker'."""
    p = phrase.strip().lower().rstrip(".")
    if p == "any target":
        return TargetSpec({"any": True}, "any target")
    if p in ("target player", "target opponent"):
        f: dict[str, Any] = {"player": True}
        if p.endswith("opponent"):
            f["opponent"] = True
        return TargetSpec(f, p)
    if p in ("target creature or player", "target player or creature"):
        return TargetSpec({"types": ["Creature"], "player": True}, p)
    if p in ("target player or planeswalker", "target opponent or planeswalker"):
        return TargetSpec({"types": ["Planeswalker"], "player": True, **({"opponent": True} if "opponent" in p else {})}, p)
    if p == "target creature or planeswalker":
        return TargetSpec({"types": ["Creature", "Planeswalker"]}, p)
    m = re.fullmatch(r"(?:(up to) )?(?:(one|two|three|four|\d+) )?(another )?target (.+)", p)
    if not m:
        return None
    f = parse_noun(("another " if m.group(3) else "") + m.group(4))
    if f is None:
        return None
    n = number(m.group(2)) if m.group(2) else 1
    if n is None:
        return None
    return TargetSpec(f, p, count=n, min=0 if m.group(1) else n)
