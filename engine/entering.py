"""The answer to "As SELF enters, you may pay N life. If you don't, it enters tapped" (CR 614.12).

The choice is asked as the permanent enters (engine/replacement.py: ask_pay_or_tapped) and
answered before any player receives priority: "pay" pays the life (118.4: only a player with
at least that much life can pay it), anything else leaves the permanent tapped. Tapping it
here is part of its entering, not a "becomes tapped" event.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.actions import lose_life
from engine.errors import IllegalAction

if TYPE_CHECKING:
    from engine.game import Game
    from engine.state import Decision


def answer_pay_or_tapped(g: "Game", d: "Decision", a: dict[str, Any]) -> None:
    """614.12: pay the life, or the permanent enters tapped. IllegalAction for another answer,
    or for paying more life than the player has (118.4)."""
    opt = a.get("option")
    if isinstance(opt, int) and not isinstance(opt, bool) and 1 <= opt <= len(d.options):
        opt = d.options[opt - 1]
    if opt not in ("pay", "tapped"):
        raise IllegalAction("choose pay or tapped")
    life = int(d.data.get("life", 0))
    if opt == "pay" and g.players[d.player].life < life:
        raise IllegalAction(f"you cannot pay {life} life with {g.players[d.player].life} (118.4)")
    o = g.objects.get(d.data["enter"])
    if opt == "pay":
        lose_life(g, d.player, life)
        g.log("enter_pay", player=d.player, card=o.card.name if o is not None else None, life=life,
              obj=o.id if o is not None else None)
    elif o is not None and o.zone == "battlefield":
        o.tapped = True
        g.changed()
    g.changed()
