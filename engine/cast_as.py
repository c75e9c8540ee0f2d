"""A spell cast as another card: bestow (702.102) and prototype (a later keyword) share one rule.

A card cast with other characteristics is the same object with another ``Obj.card`` (what it is
now), the card itself kept in ``Obj.chosen[key]`` (``key`` names the way it was cast). The
resolving spell becomes a permanent that keeps those characteristics (702.102a: an Aura; a
prototyped permanent keeps the prototype's); anywhere else the object is its card again (400.7:
a card that changes zones is a new object with its printed characteristics).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from engine.errors import IllegalAction

if TYPE_CHECKING:
    from engine.cards.abilities import CardDef
    from engine.game import Game
    from engine.state import Obj

__all__ = ["KEYS", "stand_in", "turn_for_cast", "card_after_move"]

#: the ways of casting that make a spell another card, each the key its card is kept under
KEYS = ("bestowed", "prototyped")


def stand_in(o: "Obj", card: "CardDef", key: str) -> "Obj":
    """A copy of ``o`` that is ``card`` while it is cast that way (for the options a player is
    offered, and for the spell itself once cast; ``o`` is not changed)."""
    n = o.copy()
    n.chosen = dict(n.chosen, **{key: o.card})
    n.card = card
    return n


def turn_for_cast(g: "Game", player: str, oid: int, key: str,
                  as_card: Callable[["CardDef"], "CardDef | None"]) -> "Obj":
    """601.2a-b: the player casts a card from their hand that way: from now on the spell is
    ``as_card(card)`` (the object in the hand is replaced, never changed in place: the game's
    snapshots share the objects of hidden zones). IllegalAction when it is not a card in the
    player's hand, or ``as_card`` gives None (the card cannot be cast that way here)."""
    o = g.objects.get(oid)
    if o is None or o.zone != "hand" or o.owner != player:
        raise IllegalAction(f"a card is cast {key} only from your hand")
    card = as_card(o.card)
    if card is None:
        raise IllegalAction(f"{o.card.name} cannot be cast {key}")
    n = stand_in(o, card, key)
    g.objects[oid] = n
    return n


def card_after_move(o: "Obj", n: "Obj", frm: str, to: str, key: str) -> None:
    """The spell that resolves becomes a permanent that keeps what it was cast as; anywhere else
    (a spell leaving the stack any other way, the permanent leaving the battlefield) the object
    ``n`` is its card again."""
    if frm == "stack" and to == "battlefield":
        n.chosen[key] = o.chosen[key]
        return
    if to != "stack":
        n.card = o.chosen[key]
        n.chosen.pop(key, None)
