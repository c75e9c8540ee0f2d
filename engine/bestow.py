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

from engine.cards.abilities import CardDef, Cost
from engine.errors import IllegalAction
from engine.memo import per_object

if TYPE_CHECKING:
    from engine.game import Game
    from engine.state import Obj

__all__ = ["bestow_cost", "bestowed_card", "stand_in", "turn_for_cast", "is_bestowed", "end", "card_after_move"]

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
    n = o.copy()
    n.chosen = dict(n.chosen, bestowed=o.card)
    n.card = bestowed_card(o.card)
    return n


def turn_for_cast(g: "Game", player: str, oid: int) -> "Obj":
    """702.102a-c: the player chose to pay the bestow cost of a card in their hand: from now on the
    spell is an Aura (the object in the hand is replaced, never changed in place: the game's
    snapshots share the objects of hidden zones). IllegalAction for a card without a bestow
    cost this engine pays."""
    o = g.objects.get(oid)
    if o is None or o.zone != "hand" or o.owner != player:
        raise IllegalAction("a card is cast for its bestow cost from your hand")
    if bestow_cost(o.card) is None:
        raise IllegalAction(f"{o.card.name} has no bestow cost")
    n = stand_in(o)
    g.objects[oid] = n
    return n


def end(g: "Game", o: "Obj") -> None:
    """702.102a, 702.102d-e: the effect that made it an Aura ends: it is its card again (an
    enchantment creature), unattached, the same object."""
    o.card = o.chosen.pop("bestowed")
    o.attached_to = None
    g.changed()
    g.log("bestow_ends", card=o.card.name, obj=o.id)


def card_after_move(o: "Obj", n: "Obj", frm: str, to: str) -> None:
    """The spell that resolves enters the battlefield as the Aura it is (702.102a); anywhere else
    the object is its card again."""
    if frm == "stack" and to == "battlefield":
        n.chosen["bestowed"] = o.chosen["bestowed"]
        return
    if to != "stack":
        n.card = o.chosen["bestowed"]
        n.chosen.pop("bestowed", None)
