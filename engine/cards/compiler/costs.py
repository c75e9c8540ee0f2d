"""Costs of activated abilities (CR 117, 602.1a): "{2}{R}, {T}, Sacrifice a creature"."""
from __future__ import annotations

import re

from engine.cards.abilities import Cost
from engine.mana import parse_cost

_MANA_ONLY = re.compile(r"(\{[^}]+\})+")


def parse_cost_text(text: str) -> Cost | None:
    """A cost before the colon of an activated ability; None when a part is not understood."""
    mana: tuple[str, ...] = ()
    kw: dict = {}
    text = text.strip()
    if re.fullmatch(r"\d+", text):
        return Cost(mana=(text,))
    for part in [p.strip() for p in text.split(",")]:
        low = part.lower()
        if _MANA_ONLY.fullmatch(part):
            syms = parse_cost(part)
            if "T" in syms or "Q" in syms:
                kw["tap"] = "T" in syms
                kw["untap"] = "Q" in syms
                syms = tuple(s for s in syms if s not in ("T", "Q"))
            mana = mana + syms
        elif low == "sacrifice self":
            kw["sacrifice_self"] = True
        elif low == "exile self from your graveyard":
            kw["exile_self"] = True
        elif m := re.fullmatch(r"sacrifice (a|an|another) (creature|land|artifact|enchantment|permanent)", low):
            f: dict = {"types": [m.group(2).capitalize()] if m.group(2) != "permanent" else []}
            if m.group(1) == "another":
                f["other"] = True
            kw["sacrifice"] = f
        elif m := re.fullmatch(r"pay (\d+) life", low):
            kw["life"] = int(m.group(1))
        elif m := re.fullmatch(r"discard (a|one|two|\d) cards?", low):
            kw["discard"] = {"a": 1, "one": 1, "two": 2}.get(m.group(1)) or int(m.group(1))
        elif low == "discard self":
            kw["discard_self"] = True
        elif m := re.fullmatch(r"([+-]?)(\d+)", part):
            kw["loyalty"] = int(m.group(2)) * (-1 if m.group(1) == "-" else 1)
        elif m := re.fullmatch(r"remove an? ([+\-\w/]+) counter from self", low):
            kw["remove_counters"] = (m.group(1), 1)
        else:
            return None
    return Cost(mana=mana, **kw)
