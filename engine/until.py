"""Zone changes "until" an event (CR 610.3): "exile target creature an opponent controls
until SELF leaves the battlefield" (Banisher Priest, Hieromancer's Cage, Kitesail Freebooter).

The exile op records where each card came from; when the source leaves the battlefield
the card returns to that zone at once (610.3: a one-shot effect created immediately
after the event), to the battlefield under its owner's control (610.3b). If the source
has already left when the card would be exiled, nothing moves (610.3a).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.game import Game


def exile_until_leaves(g: "Game", src: int | None, oids: list[int]) -> list[int]:
    """Exile ``oids`` until ``src`` leaves the battlefield; returns the new ids."""
    if src is None or src not in g.objects or g.objects[src].zone != "battlefield":
        return []  # 610.3a
    out = []
    for x in oids:
        o = g.objects.get(x)
        if o is None or o.zone in ("exile", "stack") and o.ability is not None:
            continue
        back = o.zone
        new = g.move(x, "exile")
        g.ts += 1
        g.effects.append({"layer": "until", "ts": g.ts, "objects": [new], "source": src, "back": back,
                          "until": "never"})
        out.append(new)
    g.changed()
    return out


def source_left(g: "Game", src: int) -> None:
    """610.3: the source left the battlefield: what it exiled comes back."""
    recs = [e for e in g.effects if e.get("layer") == "until" and e.get("source") == src]
    if not recs:
        return
    g.effects = [e for e in g.effects if not (e.get("layer") == "until" and e.get("source") == src)]
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
