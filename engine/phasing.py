"""Phasing (CR 702.25): permanents that phase out are treated as though they don't exist.

702.25a: during each player's untap step, before the active player untaps (502.1), all phased-in
permanents with phasing that player controls phase out, and at the same time all phased-out
permanents that had phased out under that player's control phase in. A phased-out permanent
leaves the battlefield's list for ``Game.phased`` (its zone "phased_out"): it is the same object,
with its counters, its damage gone only by the usual cleanup rules, its attachments and the
continuous effects that name it (702.25b-d), and no zone-change trigger sees it go or come back
(702.25d). Auras, Equipment and Fortifications attached to it phase out with it, indirectly, and
phase in with it (702.25f-g); one that phased out directly phases in attached to what it was
attached to if that is still there, else unattached (702.25h). It is removed from combat (702.25b,
506.4). A phased-out token ceases to exist (702.25k, 704.5d: engine/sba.py).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine import triggers
from engine.actions import remove_from_combat

if TYPE_CHECKING:
    from engine.game import Game


def untap_step(g: "Game", player: str) -> None:
    """702.25a: the phasing of ``player``'s untap step (before anything untaps)."""
    cs = g.all_chars()
    going = [i for i in g.battlefield if "Phasing" in cs[i].keywords and cs[i].controller == player]
    held = {i for e in g.effects if e["layer"] == "phase_hold" for i in e["objects"]} if g.effects else set()
    coming = [i for i in g.phased if g.objects[i].chosen.get("phased") == "direct"
              and g.objects[i].chosen.get("phased_under") == player and i not in held] if g.phased else []
    if not going and not coming:
        return
    for i in coming:
        phase_in(g, i)
    for i in going:
        if i in g.battlefield:  # not already gone indirectly with what it is attached to (702.25g)
            phase_out(g, i)


def phase_out(g: "Game", oid: int, how: str = "direct") -> None:
    """702.25b, 702.25f: ``oid`` and everything attached to it phase out."""
    o = g.objects[oid]
    attached = [i for i in g.battlefield if g.objects[i].attached_to == oid]
    ctl = g.controller_of(oid)
    # "Whenever SELF phases out, discard a card" (Teferi's Imp): the event, seen as it phases out (603.2, 603.10)
    triggers.event(g, {"event": "phases_out", "obj": oid, "player": ctl})
    if o.in_combat or o.blockers:
        remove_from_combat(g, o)
    g.battlefield.remove(oid)
    o.zone = "phased_out"
    o.chosen["phased"] = how
    o.chosen["phased_under"] = ctl
    g.phased.append(oid)
    if o.token:
        g.tokens_outside = True  # 702.25k, 704.5d
    g.log("phase_out", card=o.card.name, obj=oid, player=ctl)
    for i in attached:
        phase_out(g, i, "indirect")  # 702.25f
    g.changed()


def phase_in(g: "Game", oid: int) -> None:
    """702.25c, 702.25f, 702.25h: ``oid`` phases in, with what phased out indirectly attached to it."""
    o = g.objects[oid]
    g.phased.remove(oid)
    o.zone = "battlefield"
    direct = o.chosen.pop("phased", "direct") == "direct"
    o.chosen.pop("phased_under", None)
    g.battlefield.append(oid)
    if direct and o.attached_to is not None and not isinstance(o.attached_to, str):
        t = g.objects.get(o.attached_to)
        if t is None or t.zone != "battlefield":
            o.attached_to = None  # 702.25h: what it was attached to is gone
    g.log("phase_in", card=o.card.name, obj=oid)
    for i in [i for i in g.phased if g.objects[i].attached_to == oid
              and g.objects[i].chosen.get("phased") == "indirect"]:
        phase_in(g, i)
    g.changed()
    # "Whenever SELF phases in, put a +1/+1 counter on it" (Warping Wurm): 603.2; not an entering (702.25d)
    triggers.event(g, {"event": "phases_in", "obj": oid, "player": g.controller_of(oid)})
