"""A list of abilities sorted by kind, computed once per list.

Characteristics share the printed list of abilities of their card (engine.layers), so
the activated (602, 605), triggered (603) and static (604) abilities of a list are found
once and kept, keyed by the list's identity. Lists made by layers (granted or removed
abilities) come and go, so the cache is bounded.
"""
from __future__ import annotations

from typing import Any, NamedTuple


class Index(NamedTuple):
    activated: list[tuple[int, Any]]       # (index among activated abilities, ability) working on the battlefield
    from_graveyard: list[tuple[int, Any]]  # ... working from their owner's graveyard (112.6)
    from_hand: list[tuple[int, Any]]       # ... working from their owner's hand (cycling, 702.28)
    triggered: tuple[Any, ...]
    statics: tuple[Any, ...]               # static abilities that work on the battlefield
    any_player: list[tuple[int, Any]]      # ... of ``activated``, those any player may activate (602.2)
    gy_statics: tuple[Any, ...] = ()       # static abilities that work from their owner's graveyard (112.6b)


#: id(list) -> (the list, its Index); the list is kept so its id cannot be reused meanwhile
CACHE: dict[int, tuple[Any, Index]] = {}


def index(abilities: Any) -> Index:
    hit = CACHE.get(id(abilities))
    if hit is not None and hit[0] is abilities:
        return hit[1]
    act = list(enumerate(x for x in abilities if x.kind in ("activated", "mana")))
    on = [(i, ab) for i, ab in act if ab.zone == "battlefield"]
    ix = Index(on,
               [(i, ab) for i, ab in act if ab.zone == "graveyard"],
               [(i, ab) for i, ab in act if ab.zone == "hand"],
               tuple(ab for ab in abilities if ab.kind == "triggered" and ab.trigger is not None),
               tuple(ab for ab in abilities
                     if ab.kind == "static" and ab.static is not None and ab.zone == "battlefield"),
               [(i, ab) for i, ab in on if ab.condition is not None and ab.condition.get("any_player")],
               tuple(ab for ab in abilities
                     if ab.kind == "static" and ab.static is not None and ab.zone == "graveyard"))
    if len(CACHE) > 4096:
        CACHE.clear()
    CACHE[id(abilities)] = (abilities, ix)
    return ix
