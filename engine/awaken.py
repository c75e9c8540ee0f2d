"""Awaken (CR 702.112): a spell cast for its awaken cost has one more spell ability, "put N +1/+1
counters on target land you control. That land becomes a 0/0 Elemental creature with haste.
It's still a land." (702.112a), whose target is chosen only then (702.112b).

The compiler reads that ability once with the card's own (engine/cards/compiler: ``_awaken``;
``keyword_args["Awaken"]`` holds N, the cost and the spell ability). Cast that way, the spell on
the stack has that ability instead of its own, as an overloaded spell has its changed text
(engine/overload.py): ``Obj.chosen["front"]`` keeps the card itself, which it is again once it
leaves the stack (Game.move).
"""
from __future__ import annotations

from typing import Any

from engine.cards.abilities import CardDef, Cost
from engine.memo import per_object
from engine.overload import spell_for, stand_in

__all__ = ["awaken_of", "cast_awakened"]


@per_object
def awaken_of(card: CardDef) -> tuple[Cost, CardDef] | None:
    """(awaken cost, the card as a spell cast for it) when the awaken cost is mana alone and the
    spell ability with awaken's compiled (702.112a); None otherwise."""
    return spell_for(card, "Awaken")


def cast_awakened(o: Any) -> tuple[Cost, Any]:
    """702.112a: the awaken cost and a stand-in copy of the card in hand with awaken's spell ability;
    IllegalAction for a card without it."""
    return stand_in(o, awaken_of(o.card) if o is not None else None, "awaken")
