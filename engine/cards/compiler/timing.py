"""The times a spell may be cast or an ability activated, as a condition (CR 506.6, 602.5b, 604.6).

"Cast this spell only during combat before blockers are declared.", "Activate only during
combat." The phrase after "only" becomes condition keys of engine/values.condition:
- ``combat_timing``: a point of the combat phase (506.6a-f), one of
  ``during`` (506.6c: any combat phase), ``during_before_blockers``, ``during_after_blockers``,
  ``before_blockers``, ``after_blockers`` (the turn's first combat phase, 506.6d; after blockers is
  the same with or without "during combat", 506.6f), ``before_damage``, ``after_combat``,
  ``declare_blockers`` (the declare blockers step of any combat, 509: Balduvian Warlord),
  ``declare_attackers`` (508), with ``attacked_you``: a creature attacks the player (508.1);
- ``before_attackers`` (506.6a), ``your_turn`` ("on your turn", "on an opponent's turn").
"""
from __future__ import annotations

import re
from typing import Any

_POINTS: list[tuple[str, dict[str, Any]]] = [
    (r"during combat before blockers are declared", {"combat_timing": "during_before_blockers"}),
    (r"during combat after blockers are declared", {"combat_timing": "during_after_blockers"}),
    (r"during combat", {"combat_timing": "during"}),
    (r"before blockers are declared", {"combat_timing": "before_blockers"}),
    (r"after blockers are declared", {"combat_timing": "after_blockers"}),
    (r"before attackers are declared", {"before_attackers": True}),
    (r"during the declare blockers step", {"combat_timing": "declare_blockers"}),
    # Ambush-era: "Cast SELF only during the declare attackers step and only if you've been attacked this step"
    (r"during the declare attackers step and only if you've been attacked this step",
     {"combat_timing": "declare_attackers", "attacked_you": True}),
    (r"during the declare attackers step", {"combat_timing": "declare_attackers"}),  # any player's (Teleport, 508)
    (r"before the combat damage step", {"combat_timing": "before_damage"}),
    (r"after combat", {"combat_timing": "after_combat"}),
]
_WHOSE = [(r" on your turn", {"your_turn": True}), (r" on an opponent's turn", {"your_turn": False})]
_POINT_RX = [(re.compile(p, re.I), c) for p, c in _POINTS]


def combat_timing(phrase: str) -> dict[str, Any] | None:
    """The condition of a phrase such as "during combat on your turn before blockers are
    declared" (506.6), or None when it is not one of those times."""
    p = phrase.strip().rstrip(".").strip()
    cond: dict[str, Any] = {}
    for whose, c in _WHOSE:
        if whose in p:
            p = p.replace(whose, "", 1)
            cond.update(c)
    for rx, c in _POINT_RX:
        if rx.fullmatch(p):
            return {**cond, **c}
    return None
