"""Prototype (a later keyword: The Brothers' War, 2022): a creature card cast with other characteristics.

"Prototype [mana cost] — [power]/[toughness]" means "You may cast this spell with different mana cost, color,
and size. It keeps its abilities and types." Cast prototyped (an alternative set of characteristics, not an
alternative cost: its mana cost is the prototype's, 601.2f then adds and reduces as for any spell), the spell
has the prototype mana cost, the colors of that cost (105.2 reads them from the mana symbols, 202.2) and that
power and toughness; the rest is the card's. As a bestowed spell does (engine/bestow.py), ``Obj.card`` is what
it is now and the card itself is kept in ``Obj.chosen["prototyped"]``: the permanent the spell becomes keeps the
prototype characteristics (copiable values, so a copy of it has them too, 706.2), and anywhere else (leaving the
stack or the battlefield) the object is its card again.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from engine import cast_as
from engine.cards.abilities import CardDef, Cost
from engine.errors import IllegalAction
from engine.memo import per_object

if TYPE_CHECKING:
    from engine.game import Game
    from engine.state import Obj

__all__ = ["prototype_of", "stand_in", "turn_for_cast"]

WUBRG = "WUBRG"


@per_object
def prototype_of(card: CardDef) -> CardDef | None:
    """The card as a prototyped spell: the prototype mana cost (mana alone), its colors, that power and
    toughness; None when the card has no prototype this engine casts."""
    arg = card.keyword_args.get("Prototype") if "Prototype" in card.keywords else None
    if not isinstance(arg, dict):
        return None
    c, p, t = arg.get("cost"), arg.get("power"), arg.get("toughness")
    if not isinstance(c, Cost) or not c.mana or c != Cost(mana=c.mana) or not (isinstance(p, str) and p.isdigit()) \
            or not (isinstance(t, str) and t.isdigit()):
        return None
    colors = tuple(x for x in WUBRG if any(x in s for s in c.mana))  # 202.2: the colors of its mana symbols
    return replace(card, mana_cost=tuple(c.mana), colors=colors, power=p, toughness=t)


def stand_in(o: "Obj") -> "Obj":
    """A copy of ``o`` with its prototype characteristics (for the options a player is offered; the card
    itself is not changed)."""
    got = prototype_of(o.card)
    if got is None:
        raise IllegalAction(f"{o.card.name} has no prototype")
    return cast_as.stand_in(o, got, "prototyped")


def turn_for_cast(g: "Game", player: str, oid: int) -> "Obj":
    """The player casts a card from their hand prototyped: from now on the spell has its prototype
    characteristics. IllegalAction for a card without a prototype this engine casts."""
    return cast_as.turn_for_cast(g, player, oid, "prototyped", prototype_of)
