"""Bestow (CR 702.102): a creature card cast as an Aura that becomes a creature again when unattached.

Cast for its bestow cost (an alternative cost, 702.102a), the spell is an Aura enchantment
with enchant creature and no creature type (``bestowed_card``; 702.102c: whether it can be
cast is checked with those characteristics), and targets a creature (702.102b). As with a
face-down or transformed object, ``Obj.card`` is what it is now and the card itself is kept
in ``Obj.chosen["bestowed"]``. The effect ends (the object is its card again, the same
object) when the spell's target is illegal as it resolves (702.102d: it resolves as a
creature spell) or when the permanent becomes unattached (702.102a), which is also what an
Aura with bestow attached to an illegal object does instead of going to the graveyard
(702.102e; engine/sba.py).
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from engine import cast_as
from engine.cards.abilities import CardDef, Cost
from engine.memo import per_object

if TYPE_CHECKING:
    from engine.game import Game
    from engine.state import Obj

__all__ = ["bestow_cost", "bestowed_card", "stand_in", "turn_for_cast", "is_bestowed", "end"]

#: 702.102a (bestow): "gains enchant creature"
ENCHANT_CREATURE = {"types": ["Creature"]}


def bestow_cost(card: CardDef) -> Cost | None:
    """The card's bestow cost when it is mana alone (the cost this engine pays), else None."""
    c = card.keyword_args.get("Bestow") if "Bestow" in card.keywords else None
    return c if isinstance(c, Cost) and c.mana and c == Cost(mana=c.mana) else None


@per_object
def bestowed_card(card: CardDef) -> CardDef:
    """702.102a: the card as an Aura enchantment with enchant creature: not a creature, so with no
    creature types (205.3d) and no power or toughness; its other characteristics are its own."""
    return replace(card, types=tuple(t for t in card.types if t != "Creature") or ("Enchantment",),
                   subtypes=("Aura",), power=None, toughness=None,
                   keywords=tuple(k for k in card.keywords if k != "Enchant") + ("Enchant",),
                   keyword_args=dict(card.keyword_args, Enchant=ENCHANT_CREATURE))


def is_bestowed(o: "Obj | None") -> bool:
    return o is not None and "bestowed" in o.chosen


def stand_in(o: "Obj") -> "Obj":
    """A copy of ``o`` with the characteristics it would have cast for its bestow cost (for the
    options a player is offered; the card itself is not changed)."""
    return cast_as.stand_in(o, bestowed_card(o.card), "bestowed")


def turn_for_cast(g: "Game", player: str, oid: int) -> "Obj":
    """702.102a-c: the player chose to pay the bestow cost of a card in their hand: from now on the
    spell is an Aura (the object in the hand is replaced, never changed in place: the game's
    snapshots share the objects of hidden zones). IllegalAction for a card without a bestow
    cost this engine pays."""
    return cast_as.turn_for_cast(g, player, oid, "bestowed",
                                 lambda card: bestowed_card(card) if bestow_cost(card) is not None else None)


def end(g: "Game", o: "Obj") -> None:
    """702.102a, 702.102d-e: the effect that made it an Aura ends: it is its card again (an
    enchantment creature), unattached, the same object."""
    o.card = o.chosen.pop("bestowed")
    o.attached_to = None
    g.changed()
    g.log("bestow_ends", card=o.card.name, obj=o.id)

