"""Poison counters given by an effect (CR 121.1c: a player with ten or more loses, 704.5c).

"Target player gets two poison counters", "that player gets a poison counter" (poisonous,
702.69a): op "poison" with who (a player reference) and amount.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine import player_statics, replacement
from engine.cards.abilities import Effect
from engine.ops.base import table
from engine.values import Ctx, amount, refs, source_id

if TYPE_CHECKING:
    from engine.game import Game

OPS, op = table()


@op("poison")
def _poison(g: "Game", r: Ctx, e: Effect) -> None:
    """Each player the reference names gets that many poison counters (121.1c)."""
    n = amount(g, e.get("amount", 1), source_id(g, r), r)
    if not isinstance(n, int) or n <= 0:
        return None
    for p in refs(g, r, e.get("who", "you")):
        if isinstance(p, str) and p in g.players and not g.players[p].lost \
                and player_statics.can_get_counters(g, p, "poison"):  # 121.1: "You can't get poison counters"
            got = replacement.player_counter_count(g, p, "poison", n)  # "that many plus one" (614.1a)
            g.players[p].poison += got
            g.log("poison", player=p, amount=got)
    g.changed()
    return None
