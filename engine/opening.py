"""Actions with cards in the opening hand (CR 103.5, 2016): "If SELF is in your opening hand,
you may begin the game with it on the battlefield" (the Leylines).

Once the mulligans are done (103.4) and before the first turn begins, the starting player
and then each other player in turn order choose which of those cards in their hand they
put onto the battlefield: a choose_cards decision (any number, none included).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.decision_kinds import answer_cards
from engine.errors import IllegalAction

if TYPE_CHECKING:
    from engine.game import Game
    from engine.state import Decision


def _leyline(card: Any) -> bool:
    return any(ab.kind == "static" and ab.static and ab.static.get("kind") == "opening_hand_battlefield"
               for ab in card.abilities)


def next_decision(g: "Game") -> dict[str, Any] | None:
    """The next player's 103.5 choice, or None when every player has had theirs."""
    done = g.opening_done
    for n in g.order:
        if n in done or g.players[n].lost:
            continue
        done.append(n)
        cards = [i for i in g.players[n].hand if _leyline(g.objects[i].card)]
        if cards:
            return {"kind": "choose_cards", "player": n, "options": cards, "min": 0, "max": len(cards),
                    "opening": True, "answer_to": "opening",
                    "prompt": "begin the game with any of these on the battlefield? (103.5)"}
    return None


def answer(g: "Game", d: "Decision", a: dict[str, Any]) -> None:
    """103.5: the chosen cards from the opening hand begin the game on the battlefield."""
    cards = answer_cards(a)
    if len(set(cards)) != len(cards) or any(c not in d.options for c in cards):
        raise IllegalAction("choose any number of the offered cards")
    g.log("opening_hand", player=d.player, cards=[g.objects[c].card.name for c in cards])
    for c in cards:
        g.move(c, "battlefield", controller=d.player)
    g._after_mulligans()
