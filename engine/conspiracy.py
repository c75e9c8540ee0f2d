"""Conspiracies in a game (CR 905.4-905.6, 313 of April 8, 2016).

``Game.casual["conspiracies"]`` (player -> card names) are the conspiracy cards each player puts from their
sideboard into the command zone before the decks are shuffled (905.4, 313.2, 103.1c). They stay there (313.3),
controlled by their owner (905.5, 313.6); their static and triggered abilities work while they are face up
(313.5: engine/state.py works_from_command).

Hidden agenda (702.105: put into the command zone face down with a secretly named card, turned face up as a
special action) is not carried out: a conspiracy with hidden agenda or double agenda is refused, and such cards
are unsupported (engine/support.py). Abilities that work during the draft (905.2) are not read either.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.game import Game

AGENDAS = ("Hidden agenda", "Double agenda")


class DeckError(ValueError):
    """A conspiracy that cannot be put into the command zone, named."""


def problems(cards: Any, names: list[str]) -> list[str]:
    out: list[str] = []
    for name in names:
        try:
            d = cards.definition(name)
        except KeyError:
            out.append(f"{name} is not a known card")
            continue
        if "Conspiracy" not in d.types:
            out.append(f"{name} is not a conspiracy card (905.4)")
        elif any(k in d.keywords for k in AGENDAS):
            out.append(f"{name} has hidden agenda, which this engine does not carry out (702.105)")
    return out


def check(cards: Any, conspiracies: dict[str, list[str]]) -> None:
    bad = [f"{p}'s conspiracies: " + "; ".join(probs) for p, c in conspiracies.items()
           if (probs := problems(cards, list(c)))]
    if bad:
        raise DeckError("not a Conspiracy game: " + " | ".join(bad))


def start(g: "Game", conspiracies: dict[str, list[str]]) -> None:
    """905.4: each conspiracy face up in its owner's command zone before the decks are shuffled."""
    for name, cards in conspiracies.items():
        for card in cards:
            o = g._make(card, name, "command")
            g.ts += 1
            o.timestamp = g.ts
            g.players[name].command.append(o.id)
