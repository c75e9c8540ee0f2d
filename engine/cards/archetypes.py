"""Real archetypes and their signature cards: how many play whole (issue 19, "real decks").

    python -m engine.cards coverage --archetypes FILE [--json]

FILE (assets/decks/archetypes.yaml) maps each format to its archetypes, each archetype to the
signature cards it is built on. An archetype plays whole when every one of its signature cards
plays as written (engine.cards.coverage.card_reasons finds nothing for it). The report gives, per format
and overall, the archetypes that play whole and the distinct signature cards that play, and lists
each card that does not with its first reason.
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

__all__ = ["ArchetypeFileError", "read_archetypes", "archetype_coverage", "report_lines"]


class ArchetypeFileError(ValueError):
    """An archetype file that cannot be read: the message names the file and what is wrong."""


def read_archetypes(path: str | Path) -> dict[str, dict[str, list[str]]]:
    """{format: {archetype: [card names]}} from the file; ArchetypeFileError naming the file and
    the entry when it is not YAML of that shape."""
    try:
        data = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise ArchetypeFileError(f"{path}: cannot read: {exc.strerror or exc}") from exc
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" line {mark.line + 1}" if mark is not None else ""
        raise ArchetypeFileError(f"{path}:{where} not valid YAML: {getattr(exc, 'problem', exc)}") from exc
    if not isinstance(data, dict) or not data:
        raise ArchetypeFileError(f"{path}: expected a mapping of formats to archetypes")
    out: dict[str, dict[str, list[str]]] = {}
    for fmt, archs in data.items():
        if not isinstance(archs, dict) or not archs:
            raise ArchetypeFileError(f"{path}: format {fmt!r}: expected a mapping of archetypes to card lists")
        out[str(fmt)] = {}
        for name, cards in archs.items():
            if not isinstance(cards, list) or not cards or not all(isinstance(c, str) and c.strip() for c in cards):
                raise ArchetypeFileError(f"{path}: {fmt} / {name}: expected a non-empty list of card names")
            out[str(fmt)][str(name)] = [c.strip() for c in cards]
    return out


def archetype_coverage(archetypes: dict[str, dict[str, list[str]]],
                       reasons_of: Callable[[str], list[str]]) -> dict[str, Any]:
    """{"archetypes", "whole", "cards", "playing", "formats": {fmt: {same keys, "missing": {arch:
    [cards]}}}, "reasons": {card: first reason}}; cards are counted once each (distinct names).
    ``reasons_of(name)`` says why a card does not play as written (engine.cards.coverage.card_reasons)."""
    reasons: dict[str, str] = {}
    seen: set[str] = set()

    def plays(card: str) -> bool:
        if card not in seen:
            seen.add(card)
            rs = reasons_of(card)
            if rs:
                reasons[card] = rs[0]
        return card not in reasons

    formats: dict[str, Any] = {}
    for fmt, archs in archetypes.items():
        missing = {a: [c for c in cards if not plays(c)] for a, cards in archs.items()}
        names = {c for cards in archs.values() for c in cards}
        formats[fmt] = {"archetypes": len(archs), "whole": sum(1 for m in missing.values() if not m),
                        "cards": len(names), "playing": sum(1 for c in names if c not in reasons),
                        "missing": {a: m for a, m in missing.items() if m}}
    return {"archetypes": sum(f["archetypes"] for f in formats.values()),
            "whole": sum(f["whole"] for f in formats.values()),
            "cards": len(seen), "playing": len(seen) - len(reasons),
            "formats": formats, "reasons": reasons}


def _pct(a: int, b: int) -> str:
    return f"{100.0 * a / b:.1f}%" if b else "n/a"


def report_lines(res: dict[str, Any]) -> list[str]:
    """The report as text lines: totals, then per format its totals and each archetype short of whole."""
    out = [f"archetypes playing whole: {res['whole']} of {res['archetypes']} ({_pct(res['whole'], res['archetypes'])});"
           f" signature cards playing: {res['playing']} of {res['cards']} ({_pct(res['playing'], res['cards'])})"]
    for fmt, f in res["formats"].items():
        out.append(f"{fmt}: {f['whole']} of {f['archetypes']} archetypes whole, {f['playing']} of {f['cards']} cards")
        for arch, cards in f["missing"].items():
            out.append(f"  {arch}: " + "; ".join(f"{c} ({res['reasons'][c][:70]})" for c in cards))
    return out
