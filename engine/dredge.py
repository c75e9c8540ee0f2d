"""Dredge (CR 702.51): a replacement of drawing a card that works from the graveyard.

702.51a: "Dredge N" means "As long as you have at least N cards in your library, if you would
draw a card, you may instead put N cards from the top of your library into your graveyard and
return this card from your graveyard to your hand." 702.51b: with fewer than N cards in the
library it can't be used.

Each card drawn is one event (121.2): before each, a player with a usable dredge card in the
graveyard chooses to draw it or to dredge one of those cards instead (616.1: the affected
player chooses among the replacement effects; declining all of them draws). A draw made by a
resolving spell or ability asks as a resolution choice (engine/ops/zones.py ``draw``, which
keeps count of the draws already made, so the effect goes on where it stopped); the draw of
the draw step (504.1) asks before play goes on (``draw_step``). Returning the card is not a
draw (121.6): it fires no draw trigger and does not count as a card drawn.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine import replacement
from engine.decision_kinds import named_option

if TYPE_CHECKING:
    from engine.game import Game
    from engine.state import Decision

DRAW = "draw"


def usable(g: "Game", player: str) -> list[tuple[int, int]]:
    """(card, N) of each card with dredge N in ``player``'s graveyard that can replace a draw now:
    N cards or more in the library (702.51a-b)."""
    p = g.players[player]
    if not p.graveyard:
        return []
    left = len(p.library)
    out = []
    for cid in p.graveyard:
        card = g.objects[cid].card
        if card.keywords and "Dredge" in card.keywords:
            n = card.keyword_args.get("Dredge")
            if isinstance(n, int) and 0 < n <= left:
                out.append((cid, n))
    return out


def _label(g: "Game", cid: int, n: int) -> str:
    return f"dredge {n}: {g.objects[cid].card.name}"


def wait(g: "Game", player: str, **data: Any) -> dict[str, Any] | None:
    """The choice before one draw (draw, or dredge one of the usable cards), or None when no dredge
    card can replace it."""
    got = usable(g, player)
    if not got:
        return None
    labels = list(dict.fromkeys(_label(g, c, n) for c, n in got))
    return {"kind": "choose_option", "player": player, "options": [DRAW] + labels,
            "prompt": "draw a card, or dredge instead (702.51a)?", **data}


def carry_out(g: "Game", player: str, choice: Any) -> None:
    """Draw the card, or dredge the card the choice names (702.51a): mill N, then return it."""
    if isinstance(choice, str) and choice != DRAW:
        for cid, n in usable(g, player):
            if _label(g, cid, n) == choice:
                p = g.players[player]
                for c in list(p.library[:n]):
                    g.move(c, "graveyard")
                g.move(cid, "hand")
                g.log("dredge", player=player, card=g.objects[p.hand[-1]].card.name, amount=n)
                return
    g.draw(player, 1)


def answer_option(g: "Game", d: "Decision", a: dict[str, Any]) -> str:
    """The option chosen for a dredge decision, checked (a 1-based number or its text)."""
    opt = a.get("option")
    opt = named_option(list(d.options), opt)
    return str(opt)


def draw_step(g: "Game", player: str) -> None:
    """504.1: the active player draws a card, or (702.51a) chooses first to dredge instead; a draw that "the next time
    you would draw a card this turn, ... instead" replaces with actions that ask the players (Words of Wind: 614.11)
    has them happen now, before the step goes on (engine/replacement.py replace_draw_now)."""
    rec = replacement.asking_draw(g, player)
    if rec is not None:
        replacement.replace_draw_now(g, rec)
        return
    w = wait(g, player, answer_to="dredge")
    if w is None:
        g.draw(player)
    else:
        g.queue.append(w)


def answer_draw_step(g: "Game", d: "Decision", a: dict[str, Any]) -> None:
    carry_out(g, d.player, answer_option(g, d, a))
    g.changed()
