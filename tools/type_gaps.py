"""The unsupported cards of one card type and their unsupported sentences, grouped by family.

    .venv/bin/python -m tools.type_gaps [--type Planeswalker] [--top 60] [--json]

Compiles every card of the card database (the same cards ``python -m engine.cards coverage``
counts) whose front face has the type, and lists each sentence that keeps one of them from
playing (a sentence the compiler could not read, or a construct the engine does not carry out),
grouped by a family key: the sentence with its loyalty cost, numbers, and the card's own name
taken out, so that "-3: SELF deals 3 damage ..." and "+1: SELF deals 2 damage ..." count together.
For each family: the cards carrying it, and how many of them it alone blocks (the cards one
reader of that family would unlock). Issue 19 asks for at least 98% of the planeswalker cards.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from collections import defaultdict
from typing import Any

from engine.cards.compiler import compile_card
from engine.cards.coverage import load_cards
from engine.support import unsupported_reasons

_COST = re.compile(r"^(?:\([^)]*\) )?[+\-−]?(?:\d+|X): ")
_NUMBER = re.compile(r"\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|X)\b")


def family(sentence: str) -> str:
    """The family key of an unsupported sentence: no face prefix, loyalty cost or numbers."""
    s = _COST.sub("", sentence.strip())
    return _NUMBER.sub("N", s)[:160]


def gaps(card_type: str) -> dict[str, Any]:
    """{"total", "supported", "families": [{"family", "cards", "alone"}]} for the cards of that type."""
    cards, _ = load_cards()
    total = 0
    blocked: dict[str, list[str]] = {}
    for c in cards:
        d = compile_card(c)
        if card_type not in d.types:
            continue
        total += 1
        reasons = list(d.unsupported) + [f"[engine] {r}" for r in unsupported_reasons(d) if not r.startswith("text: ")]
        if reasons:
            blocked[d.name] = reasons
    fams: dict[str, set[str]] = defaultdict(set)
    alone: dict[str, set[str]] = defaultdict(set)
    for name, reasons in blocked.items():
        keys = {family(r) for r in reasons}
        for k in keys:
            fams[k].add(name)
            if len(keys) == 1:
                alone[k].add(name)
    rows: list[dict[str, Any]] = [{"family": k, "cards": sorted(v), "alone": len(alone[k])} for k, v in fams.items()]
    rows.sort(key=lambda x: (-len(alone[x["family"]]), -len(fams[x["family"]]), x["family"]))
    return {"type": card_type, "total": total, "supported": total - len(blocked), "families": rows}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.type_gaps", description=__doc__.split("\n\n")[0])
    ap.add_argument("--type", default="Planeswalker", help="a card type (CR 300.1), as the card data spells it")
    ap.add_argument("--top", type=int, default=60, help="how many families to list")
    ap.add_argument("--json", action="store_true", help="one JSON object instead of the table")
    a = ap.parse_args(argv)
    res = gaps(a.type)
    if a.json:
        print(json.dumps({**res, "families": res["families"][: a.top]}))
        return 0
    print(f"{a.type}: {res['supported']} of {res['total']} supported")
    print("alone  cards  family (example cards)")
    for row in res["families"][: a.top]:
        names = ", ".join(row["cards"][:3]) + (" ..." if len(row["cards"]) > 3 else "")
        print(f"{row['alone']:5}  {len(row['cards']):5}  {row['family']}  ({names})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
