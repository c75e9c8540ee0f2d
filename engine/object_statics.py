"""Static abilities an object has about itself that other rules ask about: "This spell
can't be countered" (CR 101.1, 701.5) and "the damage can't be prevented" (615.11).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.player_statics import spell_uncounterable
from engine.values import condition

if TYPE_CHECKING:
    from engine.game import Game


def _own_static(g: "Game", oid: int, kind: str) -> bool:
    """Does object ``oid`` have an active static ability of this kind affecting itself?"""
    o = g.objects.get(oid)
    if o is None:
        return False
    abilities = g.chars(oid).abilities if o.zone == "battlefield" else o.card.abilities
    for ab in abilities:
        st = ab.static
        if ab.kind == "static" and st and st.get("kind") == kind and st.get("affects", "self") == "self":
            if st.get("condition"):
                if not condition(g, st["condition"], oid, None):
                    continue
            return True
    return False



def cant_be_countered(g: "Game", oid: int) -> bool:
    """101.1 / 701.5: "This spell can't be countered" (a spell, with its condition, if any), or a
    permanent's "Instant and sorcery spells you control can't be countered" that names it."""
    o = g.objects.get(oid)
    return (o is not None and o.zone == "stack" and o.ability is None
            and (_own_static(g, oid, "cant_be_countered") or spell_uncounterable(g, o)))



def unpreventable(g: "Game", src: int) -> bool:
    """615.11: damage this source deals can't be prevented ("the damage can't be prevented")."""
    o = g.objects.get(src)
    if o is None or not any(ab.kind == "static" and ab.static and ab.static.get("kind") == "unpreventable"
                            for ab in o.card.abilities):
        return False
    return _own_static(g, src, "unpreventable")
