"""The few rules facts the AI asks the engine beyond the Game contract (issue 18), in one
place: if the engine's modules move, this is the module to follow them.

Everything else the AI reads is plain game state (objects, players, zones, characteristics
through ``Game.chars``), and only on determinized copies (engine/ai/determinize.py).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine import combat, targets
from engine.cards.abilities import Ability, CardDef

if TYPE_CHECKING:
    from engine.game import Game


def spell_ability(card: CardDef) -> Ability | None:
    """The spell ability of a card (112.3a): what casting it does."""
    return targets.spell_ability(card)


def target_candidates(g: Game, spec: Any, src: Any, controller: str) -> list[Any]:
    """The legal choices for one target slot (114.1), for modes chosen before targets (601.2b-c)."""
    return targets.target_candidates(g, spec, src, controller)


def can_block(g: Game, blocker: int, attacker: int) -> bool:
    """Could ``blocker`` block ``attacker`` (509.1a-b: evasion, restrictions)?"""
    return combat.can_block(g, blocker, attacker)


def can_attack(g: Game, oid: int) -> bool:
    """Could ``oid`` attack now (508.1a-c: untapped, controlled since the turn began or haste)?"""
    return combat.can_attack(g, oid)


def trigger_ability(g: Game, d: Any) -> Ability | None:
    """The triggered ability a trigger_targets decision is about (603.3d)."""
    t = g.triggered[d.data["trigger"]]
    ab: Ability | None = t["ability"]
    return ab


def _stats(g: Game, oid: int) -> tuple[int, int, frozenset[str]]:
    c = g.chars(oid)
    return (c.power or 0), (c.toughness or 0) - g.objects[oid].damage, c.keywords


def _first(kw: frozenset[str]) -> bool:
    return "First strike" in kw or "Double strike" in kw


def kills(g: Game, a: int, b: int) -> bool:
    """Would ``a``'s combat damage destroy ``b`` (704.5g-h; double strike deals it twice, 702.4b)?"""
    pa, _ta, ka = _stats(g, a)
    _pb, tb, kb = _stats(g, b)
    if "Indestructible" in kb:
        return False
    return pa > 0 and (pa * (2 if "Double strike" in ka else 1) >= tb or "Deathtouch" in ka)


def survives(g: Game, b: int, a: int) -> bool:
    """Does ``b`` live through a fight with ``a`` (first strike that kills first, 702.7)?"""
    _pb, _tb, kb = _stats(g, b)
    _pa, _ta, ka = _stats(g, a)
    if not kills(g, a, b):
        return True
    return _first(kb) and not _first(ka) and kills(g, b, a)


def kills_in_fight(g: Game, b: int, a: int) -> bool:
    """Does ``b`` destroy ``a`` in a fight: it kills it and is not killed first by ``a``'s
    first-strike damage (510.4, 702.7b)?"""
    _pb, _tb, kb = _stats(g, b)
    _pa, _ta, ka = _stats(g, a)
    return kills(g, b, a) and not (_first(ka) and not _first(kb) and kills(g, a, b))
