"""Zone changes "until" an event (CR 610.3): "exile target creature an opponent controls
until SELF leaves the battlefield" (Banisher Priest, Hieromancer's Cage, Kitesail Freebooter);
and continuous effects "for as long as SELF remains on the battlefield" (611.2b), which
end when the source leaves ("for as long as SELF remains tapped" also when it untaps).

The exile op records where each card came from; when the source leaves the battlefield
the card returns to that zone at once (610.3: a one-shot effect created immediately
after the event), to the battlefield under its owner's control (610.3b). If the source
has already left when the card would be exiled, nothing moves (610.3a).

An effect whose objects were locked in as it began (611.2c) and have all left their zones
applies to nothing ever again (400.7: each is a new object now); it has ended and leaves
the state, so repeated effects on objects that come and go do not pile up.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine import seats

if TYPE_CHECKING:
    from engine.game import Game


def exile_until_leaves(g: "Game", src: int | None, oids: list[int]) -> list[int]:
    """Exile ``oids`` until ``src`` leaves the battlefield; returns the new ids."""
    if src is None or src not in g.objects or g.objects[src].zone != "battlefield":
        return []  # 610.3a
    return _exile_each(g, oids, {"source": src, "until": "never"})


def exile_until(g: "Game", oids: list[int], until: str, controller: str) -> list[int]:
    """Exile ``oids`` until an event that is not their source's leaving: "until an opponent becomes the monarch"
    (``until`` "opponent_monarch", of ``controller``'s opponents; Palace Jailer: the monarch is a later designation,
    engine/ops/actions.py). They come back (to the battlefield under their owner's control, 610.3b) when it
    happens (``designated``), whatever became of the source. Returns the new ids."""
    return _exile_each(g, oids, {"source": None, "until": until, "controller": controller})


def _exile_each(g: "Game", oids: list[int], fields: dict[str, Any]) -> list[int]:
    """Exile each of ``oids`` (not an ability on the stack) with an "until" effect of ``fields`` that remembers
    the zone it came from (610.3b: it returns when the effect ends); returns the new ids."""
    out = []
    for x in oids:
        o = g.objects.get(x)
        if o is None or o.zone in ("exile", "stack") and o.ability is not None:
            continue
        back = o.zone
        new = g.move(x, "exile")
        g.ts += 1
        g.effects.append({"layer": "until", "ts": g.ts, "objects": [new], "back": back, **fields})
        out.append(new)
    g.changed()
    return out


def designated(g: "Game", designation: str, player: str) -> None:
    """``player`` became the monarch (``designation`` "monarch"): what was exiled "until an opponent becomes the
    monarch" by an opponent of ``player`` comes back (``exile_until``)."""
    recs = [e for e in g.effects if e.get("layer") == "until" and e.get("until") == f"opponent_{designation}"
            and e.get("controller") != player and player in seats.opponents(g, str(e.get("controller")))]
    if recs:
        g.effects = [e for e in g.effects if not any(e is x for x in recs)]
        _return(g, recs)


def _return(g: "Game", recs: list[dict]) -> None:
    """610.3b: the cards exiled "until" come back where they were (a permanent under its owner's control)."""
    for rec in recs:
        for x in rec["objects"]:
            o = g.objects.get(x)
            if o is None or o.zone != "exile":
                continue  # it left exile meanwhile: a new object, not returned (400.7)
            if rec["back"] == "battlefield":
                g.move(x, "battlefield", controller=o.owner)  # 610.3b
            elif rec["back"] in ("hand", "graveyard", "library"):
                g.move(x, rec["back"])
    g.changed()


_WHILE = ("source_leaves", "while_source", "while_tapped", "while_source_tapped")
#: the durations that end as the source becomes untapped (611.2b: "for as long as SELF remains tapped")
_TAPPED = ("while_tapped", "while_source_tapped")
#: the durations that end as its controller no longer controls the source
_CONTROLLED = ("while_source", "while_source_tapped")


def lost_control(g: "Game") -> None:
    """611.2b: "for as long as you control SELF" ends once its controller no longer controls SELF
    (its leaving the battlefield is source_left's); the effect does not come back."""
    if any(e.get("until") in _CONTROLLED and g.controller_of(e["source"]) != e.get("controller")
           for e in g.effects):
        g.effects = [e for e in g.effects if not (e.get("until") in _CONTROLLED
                                                  and g.controller_of(e["source"]) != e.get("controller"))]
        g.changed()


def source_untapped(g: "Game", src: int) -> None:
    """611.2b: "for as long as SELF remains tapped" ends once SELF becomes untapped; the effect does
    not come back if it is tapped again."""
    if any(e.get("until") in _TAPPED and e.get("source") == src for e in g.effects):
        g.effects = [e for e in g.effects if not (e.get("until") in _TAPPED and e.get("source") == src)]
        g.changed()


def source_left(g: "Game", src: int) -> None:
    """610.3: the source left the battlefield: what it exiled comes back."""
    if any(e.get("until") in _WHILE and e.get("source") == src for e in g.effects):
        # 611.2b: "for as long as SELF remains on the battlefield" (or "you control SELF") ends now
        g.effects = [e for e in g.effects if not (e.get("until") in _WHILE and e.get("source") == src)]
        g.changed()
    recs = [e for e in g.effects if e.get("layer") == "until" and e.get("source") == src]
    if not recs:
        return
    g.effects = [e for e in g.effects if not (e.get("layer") == "until" and e.get("source") == src)]
    _return(g, recs)


def spell_became(g: "Game", old: int, new: int) -> None:
    """400.7a: effects from spells and abilities that change the characteristics of a permanent spell on the stack
    ("Target spell or permanent becomes black", Deathlace) continue to apply to the permanent that spell becomes
    (``new``); a change of control (layer 2, not a characteristic) does not follow it."""
    if not any(old in e.get("objects", ()) and e.get("layer") != "2" for e in g.effects):
        return
    g.effects = [{**e, "objects": [new if i == old else i for i in e["objects"]]}
                 if old in e.get("objects", ()) and e.get("layer") != "2" else e for e in g.effects]
    g.changed()


def object_left(g: "Game", oid: int) -> None:
    """``oid`` left its zone (400.7; it is no longer in ``g.objects``): the continuous effects
    whose locked-in objects (611.2c) are now all gone have ended and are removed."""
    effects = g.effects
    if not any(oid in e.get("objects", ()) for e in effects):
        return
    objs = g.objects
    g.effects = [e for e in effects
                 if oid not in e.get("objects", ()) or any(i in objs for i in e["objects"])]


def objects_gone(g: "Game") -> None:
    """Many objects ceased to exist at once (a player left the game, 800.4a): every effect whose
    locked-in objects (611.2c) are all gone has ended and is removed (400.7)."""
    objs = g.objects
    kept = [e for e in g.effects if not e.get("objects") or any(i in objs for i in e["objects"])]
    if len(kept) != len(g.effects):
        g.effects = kept
        g.changed()
