"""The Archenemy casual variant (CR 904 of April 8, 2016): schemes (312), setting in motion (701.22), abandoning
(701.23).

An Archenemy game knows each archenemy's scheme deck (``Game.casual["schemes"]``: player -> card names). Its
cards stay in the command zone the whole game (904.4): the face-down scheme deck is ``Player.schemes`` (top first,
an order no player knows, kept out of every view), a face-up scheme is in its owner's ``Player.command``,
controlled by its owner (904.7). A card turned face up or down becomes a new object.

The rules here:
- 904.3: a scheme deck has at least twenty scheme cards, no more than two of a name (``check``);
- 904.4-904.6: the deck is shuffled, the archenemy's life is 40 and the archenemy takes the first turn
  (``start``; the first turn: Game.new);
- 904.9, 505.3: as the archenemy's precombat main phase begins, the top scheme is set in motion (turned face up;
  a turn-based action), and "When you set SELF in motion" triggers (``main_phase``, ``set_in_motion``);
- 904.10, 312.6: a face-up scheme that is not ongoing, and is the source of no pending trigger, is turned face
  down and put on the bottom of its owner's scheme deck, a state-based action (``check``);
- 904.11, 701.23: an ongoing scheme stays until abandoned: turned face down, to the bottom of the deck
  (``abandon``).

Seats: with two players the archenemy faces one opponent. With more, 904.2 asks Team vs. Team with shared team
turns (805), which this engine does not run for teams of unequal size; such a game is played as the Supervillain
Rumble option instead (904.12: Free-for-All, every player an archenemy with a scheme deck), and one archenemy
among more than two players is refused (Game.new).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine import triggers
from engine.planechase import pending_source, renew, to_deck_bottom

if TYPE_CHECKING:
    from engine.game import Game

LIFE = 40           # 904.5
MIN_DECK = 20       # 904.3
MAX_COPIES = 2      # 904.3


class DeckError(ValueError):
    """A scheme deck that cannot be played (904.3), each problem named."""


def is_scheme(card: Any) -> bool:
    return "Scheme" in card.types


def deck_problems(cards: Any, deck: list[str]) -> list[str]:
    """904.3: why ``deck`` is not a scheme deck ([] when it is)."""
    out: list[str] = []
    if len(deck) < MIN_DECK:
        out.append(f"it has {len(deck)} cards, fewer than {MIN_DECK} (904.3)")
    for name in sorted(set(deck)):
        try:
            d = cards.definition(name)
        except KeyError:
            out.append(f"{name} is not a known card")
            continue
        if not is_scheme(d):
            out.append(f"{name} is not a scheme card (904.3)")
        if deck.count(name) > MAX_COPIES:
            out.append(f"{deck.count(name)} copies of {name}: no more than {MAX_COPIES} (904.3)")
    return out


def check_decks(cards: Any, decks: dict[str, list[str]]) -> None:
    bad = [f"{p}'s scheme deck: " + "; ".join(probs) for p, d in decks.items() if (probs := deck_problems(cards, d))]
    if bad:
        raise DeckError("not an Archenemy game: " + " | ".join(bad))


def active(g: "Game") -> bool:
    return bool(g.casual.get("schemes"))


def archenemies(g: "Game") -> list[str]:
    return list(g.casual.get("schemes") or ())


def start(g: "Game", decks: dict[str, list[str]]) -> None:
    """904.4: each scheme deck shuffled, face down in the command zone; 904.5: the archenemy's life is 40."""
    for name, deck in decks.items():
        p = g.players[name]
        for card in deck:
            o = g._make(card, name, "schemes")
            p.schemes.append(o.id)
        g.rng.shuffle(p.schemes)
        p.life = p.life_turn_began = LIFE


def set_in_motion(g: "Game", player: str) -> int | None:
    """701.22b: move the top scheme of ``player``'s scheme deck off it and turn it face up (a new object, controlled
    by its owner: 904.7); "When you set SELF in motion" triggers (904.9). Its id, None with an empty deck."""
    p = g.players[player]
    if not p.schemes:
        return None
    o = g.objects.pop(p.schemes.pop(0))
    n = renew(g, o, "command")
    p.command.append(n.id)
    g.ts += 1
    n.timestamp = g.ts
    g.changed()
    g.log("set_in_motion", player=player, card=n.card.name, obj=n.id)
    triggers.event(g, {"event": "set_in_motion", "obj": n.id, "player": player})
    return n.id


def main_phase(g: "Game") -> None:
    """505.3, 904.9: as the archenemy's precombat main phase begins, they set the top scheme in motion (a
    turn-based action; it doesn't use the stack)."""
    if active(g) and g.active in archenemies(g) and not g.players[g.active].lost:
        set_in_motion(g, g.active)


def abandon(g: "Game", oid: int) -> bool:
    """701.23b: a face-up ongoing scheme is turned face down and put on the bottom of its owner's scheme deck
    (701.23a: only an ongoing one). True when it was."""
    o = g.objects.get(oid)
    if o is None or o.zone != "command" or not is_scheme(o.card) or "Ongoing" not in o.card.supertypes:
        return False
    to_deck_bottom(g, oid, "schemes")
    g.log("abandon", player=o.owner, card=o.card.name)
    return True


def check(g: "Game") -> bool:
    """904.10, 312.6 (a state-based action, 704.3): each face-up scheme that is not ongoing and is the source of no
    triggered ability waiting or on the stack goes face down to the bottom of its owner's scheme deck."""
    if not active(g):
        return False
    did = False
    for n in g.order:
        for i in list(g.players[n].command):
            o = g.objects[i]
            if is_scheme(o.card) and "Ongoing" not in o.card.supertypes and not pending_source(g, i):
                to_deck_bottom(g, i, "schemes")
                did = True
    return did
