"""Static abilities (CR 604, 611.3) to the continuous effects they generate.

Each static is a dict the layer system (engine/layers.py) applies:
  {"op": "pump", "affects": FILTER|"attached", "power": n, "toughness": n}          layer 7c
  {"op": "keywords", "affects": ..., "keywords": [...]}                             layer 6
  {"op": "cant_block"} / {"op": "cant_attack"} on the object itself (restrictions, 508.1c, 509.1b)
  {"op": "enters_tapped"} a replacement effect on itself (614.1c)
"""
from __future__ import annotations

import re
from typing import Any

from engine.cards.compiler.effects import _keywords, _pt
from engine.cards.compiler.targets import parse_noun


def parse_static(text: str) -> list[dict[str, Any]] | None:
    t = text.strip().rstrip(".").lower()
    if t in ("self can't block", "self can't attack", "self can't attack or block", "self can't be blocked"):
        return [{"op": "restriction", "what": t[len("self "):]}]
    if t in ("self enters tapped", "self enters the battlefield tapped"):
        return [{"op": "enters_tapped"}]
    m = re.fullmatch(r"(enchanted|equipped) creature gets ([+-]\d+)/([+-]\d+)(?: and has ([a-z ,]+))?", t)
    if m:
        out = [{"op": "pump", "affects": "attached", "power": _pt(m.group(2)), "toughness": _pt(m.group(3))}]
        if m.group(4):
            kws = _keywords(m.group(4))
            if kws is None:
                return None
            out.append({"op": "keywords", "affects": "attached", "keywords": kws})
        return out
    m = re.fullmatch(r"(enchanted|equipped) creature has ([a-z ,]+)", t)
    if m:
        kws = _keywords(m.group(2))
        return None if kws is None else [{"op": "keywords", "affects": "attached", "keywords": kws}]
    m = re.fullmatch(r"enchanted creature can't (attack or block|block|attack)", t)
    if m:
        return [{"op": "restriction", "affects": "attached", "what": "can't " + m.group(1)}]
    m = re.fullmatch(r"(.+?) get ([+-]\d+)/([+-]\d+)(?: and have ([a-z ,]+))?", t)
    if m:
        f = parse_noun(m.group(1))
        if f is None or "player" in f:
            return None
        out = [{"op": "pump", "affects": f, "power": int(m.group(2)), "toughness": int(m.group(3))}]
        if m.group(4):
            kws = _keywords(m.group(4))
            if kws is None:
                return None
            out.append({"op": "keywords", "affects": f, "keywords": kws})
        return out
    m = re.fullmatch(r"(.+?) have ([a-z ,]+)", t)
    if m:
        f = parse_noun(m.group(1))
        kws = _keywords(m.group(2))
        if f is None or kws is None or "player" in f:
            return None
        return [{"op": "keywords", "affects": f, "keywords": kws}]
    return None
