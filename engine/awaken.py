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

from dataclasses import replace
from typing import Any

from engine.cards.abilities import CardDef, Cost
from engine.errors import IllegalAction
from engine.memo import per_object

__all__ = ["awaken_of", "cast_awakened"]


@per_object
def awaken_of(card: CardDef) -> tuple[Cost, CardDef] | None:
    """(awaken cost, the card as a spell cast for it) when the awaken cost is mana alone and the
    spell ability with awaken's compiled (702.112a); None otherwise."""
    arg = card.keyword_args.get("Awaken") if "Awaken" in card.keywords else None
    if not isinstance(arg, dict):
        return None
    cost, spell = arg.get("cost"), arg.get("spell")
    if not isinstance(cost, Cost) or not cost.mana or cost != Cost(mana=cost.mana) or spell is None:
        return None
    return cost, replace(card, abilities=(spell,) + tuple(a for a in card.abilities if a.kind != "spell"))


def cast_awakened(o: Any) -> tuple[Cost, Any]:
    """702.112a: the awaken cost and a stand-in copy of the card in hand with awaken's spell ability
    (the card itself is unchanged until it is on the stack); IllegalAction for a card without it."""
    got = awaken_of(o.card) if o is not None else None
    if got is None:
        raise IllegalAction(f"{o.card.name if o is not None else 'that card'} has no awaken cost")
    stand_in = o.copy()
    stand_in.card = got[1]
    return got[0], stand_in
