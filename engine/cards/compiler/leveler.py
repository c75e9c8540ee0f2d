"""Leveler cards (CR 710, 107.8): the level symbols of a leveler card's text box; and Class cards' levels.

"{LEVEL N1-N2} [Abilities] [P/T]" means "As long as this creature has at least N1 level counters
on it, but no more than N2 level counters on it, it's [P/T] and has [abilities]" (710.2a);
"{LEVEL N3+}" has no upper bound (710.2b). The card data writes each symbol as a line
("LEVEL 2-6"), then its power/toughness line, then its abilities up to the next symbol; the
lines before the first symbol are the card's other abilities, level up among them (710.4).
This module only splits the text; engine.cards.compiler turns each striation into static
abilities with the striation's condition.

Station cards (a later layout, Edge of Eternities, 2025; the station keyword and station symbols are not in the
2016 rules) are striated the same way by their station symbols: "{N+} [abilities]" means "As long as this permanent
has N or more charge counters on it, it has [abilities]"; with a power/toughness box, also "and is a creature with base
power and toughness [P/T] in addition to its other types"; a station card has no power or toughness elsewhere than
on the battlefield. The card data writes each symbol at the start of a line ("7+ | Flying"); the lines after it up
to the next symbol are its striation's too; the card's power/toughness is its last symbol's box (the Spacecraft's
reminder text: "It's an artifact creature at 7+").
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

__all__ = ["Striation", "split_levels", "ClassLevel", "split_class_levels", "split_stations", "split_word_modes",
           "split_case"]

_LEVEL = re.compile(r"LEVEL (\d+)(?:-(\d+)|\+)")
_PT = re.compile(r"(\d+)/(\d+)")


@dataclass(frozen=True)
class Striation:
    """One level symbol: its range, its power/toughness box (None if it has none), its abilities."""
    low: int
    high: int | None           # None: "N3+"
    power: int | None
    toughness: int | None
    lines: tuple[str, ...]
    counter: str = "level"     # the counters it counts: level (710.2), charge (a station symbol)

    def condition(self) -> dict[str, Any]:
        """The condition of its static ability: at least low and (for N1-N2) at most high counters of its kind."""
        cond: dict[str, Any] = {"self_counters_ge": {self.counter: self.low}}
        if self.high is not None:
            cond["self_counters_le"] = {self.counter: self.high}
        return cond

    def label(self) -> str:
        """How its abilities are named: "LEVEL 2-6", "LEVEL 7+", "STATION 8+"."""
        if self.counter == "charge":
            return f"STATION {self.low}+"
        return f"LEVEL {self.low}-{self.high}" if self.high is not None else f"LEVEL {self.low}+"


def split_levels(text: str) -> tuple[str, tuple[Striation, ...]] | None:
    """The card's own text (the lines before the first level symbol) and its striations, in
    printed order; None when the text has no level symbol or a striation cannot be read."""
    lines = text.split("\n")
    starts = [i for i, line in enumerate(lines) if _LEVEL.fullmatch(line.strip())]
    if not starts:
        return None
    out: list[Striation] = []
    for k, i in enumerate(starts):
        m = _LEVEL.fullmatch(lines[i].strip())
        assert m is not None
        body = [ln.strip() for ln in lines[i + 1:starts[k + 1] if k + 1 < len(starts) else len(lines)] if ln.strip()]
        power = toughness = None
        if body and _PT.fullmatch(body[0]):
            pt = _PT.fullmatch(body[0])
            assert pt is not None
            power, toughness = int(pt[1]), int(pt[2])
            body = body[1:]
        low, high = int(m[1]), int(m[2]) if m[2] else None
        if high is not None and high < low:
            return None
        out.append(Striation(low, high, power, toughness, tuple(body)))
    return "\n".join(lines[:starts[0]]), tuple(out)


_CLASS_LEVEL = re.compile(r"((?:\{[^}]+\})+): Level (\d+)")


@dataclass(frozen=True)
class ClassLevel:
    """One class level of a Class card (a later rule, Adventures in the Forgotten Realms, 2021; not in the 2016
    rules): its level ability's cost and number ("{2}{R}: Level 2" means "{2}{R}: This Class becomes level 2.
    Activate only if it is level 1 and only as a sorcery"), and the abilities printed after it, which the Class
    has only while its level is that number or greater."""
    cost: str
    level: int
    lines: tuple[str, ...]


def split_class_levels(text: str) -> tuple[str, tuple[ClassLevel, ...]] | None:
    """A Class card's level-1 text (the lines before its first level ability, reminder text included) and its
    class levels in printed order; None when the text has no level line or the levels are not 2, 3, ... in
    order."""
    lines = text.split("\n")
    starts = [i for i, line in enumerate(lines) if _CLASS_LEVEL.fullmatch(line.strip())]
    if not starts:
        return None
    out: list[ClassLevel] = []
    for k, i in enumerate(starts):
        m = _CLASS_LEVEL.fullmatch(lines[i].strip())
        assert m is not None
        if int(m[2]) != k + 2:
            return None
        body = lines[i + 1:starts[k + 1] if k + 1 < len(starts) else len(lines)]
        out.append(ClassLevel(m[1], int(m[2]), tuple(ln.strip() for ln in body if ln.strip())))
    return "\n".join(lines[:starts[0]]), tuple(out)


_STATION = re.compile(r"(\d+)\+ \| (.+)")
_STATION_KEYWORD = re.compile(r"Station(?: \(.*\))?")
_CREATURE_AT = re.compile(r"It's an artifact creature at (\d+)\+")


def split_stations(text: str, power: Any, toughness: Any) -> tuple[str, tuple[Striation, ...]] | None:
    """A station card's own text (its lines before the first station symbol) and its station striations; the
    card's power/toughness box goes to its last symbol. None when the text has no station keyword line and station
    symbol, or when its box cannot be placed (a power that is no number, a reminder naming another symbol)."""
    lines = text.split("\n")
    if not any(_STATION_KEYWORD.fullmatch(ln.strip()) for ln in lines):
        return None
    starts = [i for i, line in enumerate(lines) if _STATION.fullmatch(line.strip())]
    if not starts or any(_STATION_KEYWORD.fullmatch(ln.strip()) for ln in lines[starts[0]:]):
        return None
    out: list[Striation] = []
    for k, i in enumerate(starts):
        m = _STATION.fullmatch(lines[i].strip())
        assert m is not None
        body = [m[2].strip()] + [ln.strip() for ln in lines[i + 1:starts[k + 1] if k + 1 < len(starts) else len(lines)]
                                 if ln.strip()]
        out.append(Striation(int(m[1]), None, None, None, tuple(body), "charge"))
    if [s.low for s in out] != sorted({s.low for s in out}):
        return None
    at = _CREATURE_AT.search(text)
    if power is not None or toughness is not None:
        if not (str(power).isdigit() and str(toughness).isdigit()) or at and int(at[1]) != out[-1].low:
            return None
        out[-1] = Striation(out[-1].low, None, int(power), int(toughness), out[-1].lines, "charge")
    elif at:
        return None
    return "\n".join(lines[:starts[0]]), tuple(out)


_CHOOSE_WORD = re.compile(r"As .+? enters, choose ([A-Z][a-z]+) or ([A-Z][a-z]+)\.")
_WORD_MODE = re.compile(r"• ([A-Z][a-z]+) — (.+)")


def split_word_modes(text: str) -> tuple[str, tuple[tuple[str, str], ...]] | None:
    """"As this enchantment enters, choose Khans or Dragons." then "• Khans — [ability]" and "• Dragons — [ability]"
    (Fate Reforged's Sieges: 614.12, the permanent has the ability of the word chosen): the card's own text without
    those lines, and (word, ability text) for each in printed order; None unless each word of the choice has exactly
    one such line, right after it."""
    lines = text.split("\n")
    at = next((i for i, ln in enumerate(lines) if _CHOOSE_WORD.fullmatch(ln.strip())), None)
    if at is None:
        return None
    choice = _CHOOSE_WORD.fullmatch(lines[at].strip())
    assert choice is not None
    words = [choice[1], choice[2]]
    modes: list[tuple[str, str]] = []
    end = at + 1
    while end < len(lines) and _WORD_MODE.fullmatch(lines[end].strip()):
        m = _WORD_MODE.fullmatch(lines[end].strip())
        assert m is not None
        modes.append((m[1], m[2].strip()))
        end += 1
    if [w for w, _ in modes] != words:
        return None
    return "\n".join(lines[:at + 1] + lines[end:]), tuple(modes)


_TO_SOLVE = re.compile(r"To solve — (.+?)\.(?:\s*\([^()]*\))?")
_SOLVED = re.compile(r"Solved — (.+)")


def split_case(text: str) -> tuple[str, str, str] | None:
    """A Case card (a later rule, Murders at Karlov Manor, 2024: rule 719, "Case cards", and the keyword abilities
    "to solve" and "solved"; not in the 2016 rules): its own text (the lines before its "To solve" line), its
    condition to solve (without the period and the reminder text), and its "Solved —" ability's text. None unless
    the text has exactly one "To solve — [condition]." line followed by exactly one "Solved — [ability]" line, its
    last."""
    lines = [ln.strip() for ln in text.split("\n") if ln.strip()]
    at = [i for i, ln in enumerate(lines) if ln.startswith("To solve")]
    if len(at) != 1 or at[0] != len(lines) - 2:
        return None
    cond = _TO_SOLVE.fullmatch(lines[at[0]])
    solved = _SOLVED.fullmatch(lines[-1])
    if cond is None or solved is None:
        return None
    return "\n".join(lines[:at[0]]), cond.group(1).strip(), solved.group(1).strip()
