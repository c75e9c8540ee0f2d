"""Tapping and untapping a permanent (CR 701.17) with the "becomes tapped" and "becomes
untapped" trigger events (603.2d).

Every change of a permanent's tapped status goes through ``tap`` or ``untap``: a cost
({T}, "tap an untapped creature you control"), a mana ability, an attack (508.1f), an
effect, regeneration (701.12a), the untap step (502.2). Only a change of status is an
event: tapping a tapped permanent does nothing (701.17a), and a permanent that enters the
battlefield tapped never "becomes tapped" (603.2d), so entering is not routed here.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine import triggers, until

if TYPE_CHECKING:
    from engine.game import Game

__all__ = ["tap", "untap"]


def tap(g: "Game", oid: int, attacking: bool = False, by: str | None = None) -> bool:
    """701.17a: tap an untapped permanent; "whenever ... becomes tapped" triggers (603.2d); ``attacking``: the
    tapping of a creature as it is declared as an attacker (508.1f: "if it isn't being declared as an attacker");
    ``by``: the player who taps it ("whenever you tap an untapped creature an opponent controls"): the controller of
    the spell or ability that taps it, else its own controller (a cost, a mana ability, an attack).
    True when its status changed."""
    o = g.objects[oid]
    if o.tapped:
        return False
    o.tapped = True
    if o.zone == "battlefield":
        ctl = g.chars(oid).controller
        ev: dict = {"event": "tapped", "obj": oid, "player": ctl, "by": by if by is not None else ctl}
        if attacking:
            ev["attacking"] = True
        triggers.event(g, ev)
    return True


def untap(g: "Game", oid: int) -> bool:
    """701.17b: untap a tapped permanent; "whenever ... becomes untapped" triggers (603.2d).
    True when its status changed."""
    o = g.objects[oid]
    if not o.tapped:
        return False
    if o.zone == "battlefield" and o.counters.get("stun", 0) > 0:
        # stun counters (a later rule, Ikoria, 2020): "If a permanent with a stun counter
        # on it would become untapped, instead remove a stun counter from it" (by any untap: 502.2 too)
        o.counters["stun"] -= 1
        if not o.counters["stun"]:
            del o.counters["stun"]
        triggers.counters_removed(g, oid, "stun", 1)
        g.changed()
        return False
    o.tapped = False
    if o.zone == "battlefield":
        if g.effects:
            until.source_untapped(g, oid)  # 611.2b: "for as long as SELF remains tapped" has ended
        triggers.event(g, {"event": "untapped", "obj": oid, "player": g.chars(oid).controller})
    return True
