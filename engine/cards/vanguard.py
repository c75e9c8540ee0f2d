"""The hand and life modifiers of vanguard cards (210, 211, 311.6-311.7).

The oracle corpus has no field for them; ``vanguard_modifiers.json`` beside this module holds them, derived from
MTGJSON 3's Vanguard set file (facts only). A vanguard printed after it that states its modifiers in its own
text ("Starting hand size +1 Starting life total -5") is read from that line. A vanguard with neither has no
known modifiers, and a game cannot start with it (engine/vanguard.py).
"""
from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

__all__ = ["modifiers"]

_FILE = Path(__file__).resolve().parent / "vanguard_modifiers.json"
_IN_TEXT = re.compile(r"Starting hand size ([+-]\d+)\s+Starting life total ([+-]\d+)")


@lru_cache(maxsize=1)
def _table() -> dict[str, tuple[int, int]]:
    with open(_FILE, encoding="utf-8") as f:
        data = json.load(f)
    return {str(k): (int(v[0]), int(v[1])) for k, v in data["modifiers"].items()}


def modifiers(name: str, text: str = "") -> tuple[int, int] | None:
    """(hand modifier, life modifier) of the vanguard card ``name`` (210.1, 211.1), None when unknown."""
    got = _table().get(name)
    if got is not None:
        return got
    m = _IN_TEXT.search(text)
    return (int(m.group(1)), int(m.group(2))) if m else None
