"""Actions with cards in the opening hand (CR 103.5, 2016): "If SELF is in your opening hand,
you may begin the game with it on the battlefield" (the Leylines, 103.5a), "You may reveal SELF
from your opening hand. If you do, at the beginning of the first upkeep, ..." (the Chancellors,
103.5b).

Once the mulligans are done (103.4) and before the first turn begins, the starting player
and then each other player in turn order choose which of those cards in their hand they
put onto the battlefield, then (again in turn order) which they reveal: choose_cards
decisions (any number, none included). A revealed card makes its delayed triggered ability
(603.7) for the game's first upkeep, or its owner's first upkeep.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine import knowledge
from engine.cards.abilities import Ability
from engine.decision_kinds import answer_cards
from engine.errors import IllegalAction

if TYPE_CHECKING:
    from engine.game import Game
    from engine.state import Decision


def _leyline(card: Any) -> bool:
    return any(ab.kind == "static" and ab.static and ab.static.get("kind") == "opening_hand_battlefield"
               for ab in card.abilities)


def _reveals(card: Any) -> list[dict[str, Any]]:
    return [ab.static for ab in card.abilities if ab.kind == "static" and ab.static
            and ab.static.get("kind") == "opening_hand_reveal"]


def _round(g: "Game", prefix: str, pick: Any, answer_to: str, prompt: str) -> dict[str, Any] | None:
    """One round of opening-hand choices in turn order (103.5): the first player still to choose who holds a card
    ``pick`` accepts is asked; ``prefix`` marks the round in ``g.opening_done``."""
    done = g.opening_done
    for n in g.order:
        key = prefix + n
        if key in done or g.players[n].lost:
            continue
        done.append(key)
        cards = [i for i in g.players[n].hand if pick(g.objects[i].card)]
        if cards:
            return {"kind": "choose_cards", "player": n, "options": cards, "min": 0, "max": len(cards),
                    "opening": True, "answer_to": answer_to, "prompt": prompt}
    return None


def next_decision(g: "Game") -> dict[str, Any] | None:
    """The next player's 103.5 choice, or None when every player has had theirs: first the cards each player may
    begin the game with on the battlefield, then (103.5b) the cards each may reveal ("reveal:" marks that round)."""
    return _round(g, "", _leyline, "opening", "begin the game with any of these on the battlefield? (103.5)") \
        or _round(g, "reveal:", _reveals, "opening_reveal", "reveal any of these from your opening hand? (103.5b)")


def answer_reveal(g: "Game", d: "Decision", a: dict[str, Any]) -> None:
    """103.5b: the chosen cards are revealed; each makes its delayed triggered ability for the first upkeep (603.7;
    "your first upkeep": its owner's next upkeep)."""
    cards = answer_cards(a)
    if len(set(cards)) != len(cards) or any(c not in d.options for c in cards):
        raise IllegalAction("choose any number of the offered cards")
    if cards:
        knowledge.show(g, cards)
        g.log("reveal", player=d.player, cards=[g.objects[c].card.name for c in cards], objs=list(cards))
    for c in cards:
        o = g.objects[c]
        for st in _reveals(o.card):
            ab = st["ability"]
            rec: dict[str, Any] = {"step": "upkeep", "controller": d.player,
                                   "ability": Ability("triggered", ab.text, effects=ab.effects, targets=ab.targets),
                                   "source": c, "card": o.card, "info": {}}
            if st.get("whose") == "you":
                rec["whose"] = "you"
            g.delayed.append(rec)
    g._after_mulligans()


def answer(g: "Game", d: "Decision", a: dict[str, Any]) -> None:
    """103.5: the chosen cards from the opening hand begin the game on the battlefield."""
    cards = answer_cards(a)
    if len(set(cards)) != len(cards) or any(c not in d.options for c in cards):
        raise IllegalAction("choose any number of the offered cards")
    g.log("opening_hand", player=d.player, cards=[g.objects[c].card.name for c in cards])
    for c in cards:
        g.move(c, "battlefield", controller=d.player)
    g._after_mulligans()
