"""Overload (CR 702.95): cast a spell for its overload cost with its text changed, every "target"
replaced by "each" (702.95b).

The compiler reads the changed text once (engine/cards/compiler: ``keyword_args["Overload"]``
holds the cost and the spell ability it compiles to). Cast that way, the spell on the stack
has that ability instead of its own (``overload_of``), a text-changing effect (702.95c) that
leaves it with no targets; as with one half of a split card (engine/transform.put_half),
``Obj.chosen["front"]`` keeps the card itself, which it is again once it leaves the stack
(Game.move).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.cards.abilities import CardDef, Cost
from engine.errors import IllegalAction
from engine.memo import per_object

__all__ = ["overload_of", "cast_overloaded", "spell_for", "stand_in", "cleave_of", "cast_cleaved"]


def spell_for(card: CardDef, keyword: str) -> tuple[Cost, CardDef] | None:
    """(cost, the card as a spell cast for it) for a keyword whose compiled argument is {"cost",
    "spell"}: a cost of mana alone and the spell ability the spell has instead of its own when
    cast for it (overload's changed text, 702.95b; awaken's added ability, 702.112a); None otherwise."""
    arg = card.keyword_args.get(keyword) if keyword in card.keywords else None
    if not isinstance(arg, dict):
        return None
    cost, spell = arg.get("cost"), arg.get("spell")
    if not isinstance(cost, Cost) or not cost.mana or cost != Cost(mana=cost.mana) or spell is None:
        return None
    return cost, replace(card, abilities=(spell,) + tuple(a for a in card.abilities if a.kind != "spell"))


def stand_in(o: Any, got: tuple[Cost, CardDef] | None, what: str) -> tuple[Cost, Any]:
    """The cost and a stand-in copy of the card in hand as the spell ``got`` says (the card itself
    is unchanged until it is on the stack); IllegalAction naming ``what`` when there is none."""
    if got is None:
        raise IllegalAction(f"{o.card.name if o is not None else 'that card'} has no {what} cost")
    new = o.copy()
    new.card = got[1]
    return got[0], new


@per_object
def overload_of(card: CardDef) -> tuple[Cost, CardDef] | None:
    """(overload cost, the card as an overloaded spell) when the card's overload cost is mana alone
    and its changed text compiled (702.95a-b); None otherwise."""
    return spell_for(card, "Overload")


def cast_overloaded(o: Any) -> tuple[Cost, Any]:
    """702.95a: the cost and a stand-in copy of the card in hand with the overloaded text;
    IllegalAction for a card without overload."""
    return stand_in(o, overload_of(o.card) if o is not None else None, "overload")


@per_object
def cleave_of(card: CardDef) -> tuple[Cost, CardDef] | None:
    """(cleave cost, the card as a spell cast for it) when its cleave cost is mana alone and its text without the
    words in square brackets compiled (cleave, a later keyword: Innistrad: Crimson Vow;
    a text change as overload's is); None otherwise."""
    return spell_for(card, "Cleave")


def cast_cleaved(o: Any) -> tuple[Cost, Any]:
    """Cleave: the cost and a stand-in copy of the card in hand with its cleaved text; IllegalAction for a card
    without cleave."""
    return stand_in(o, cleave_of(o.card) if o is not None else None, "cleave")
