"""The Vanguard casual variant (CR 902 of April 8, 2016): vanguard cards (311), hand and life modifiers (210, 211).

A Vanguard game knows each player's vanguard (``Game.casual["vanguard"]``: player -> card name). The rules here:
- 902.3, 311.2: each vanguard starts face up in its owner's command zone and stays there, controlled by its owner
  (902.6, 109.4c); its abilities work from there (902.7, 311.4: engine/state.py works_from_command);
- 902.4, 103.3b, 211.1: the starting life total is 20 plus or minus the life modifier;
- 902.5, 103.4a, 210.1: the starting hand size and the maximum hand size (902.5b) are seven plus or minus the hand
  modifier (``Player.hand_modifier``, read by Game._hand_size and player_statics.max_hand_size); a mulligan draws
  one fewer than the hand before, as always (902.5a).
The modifiers come from engine/cards/vanguard.py; a vanguard whose modifiers are unknown cannot be played.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.cards.vanguard import modifiers

if TYPE_CHECKING:
    from engine.game import Game


class DeckError(ValueError):
    """A vanguard that cannot be played, named."""


def problems(cards: Any, name: str) -> list[str]:
    """Why ``name`` cannot be a player's vanguard ([] when it can)."""
    try:
        d = cards.definition(name)
    except KeyError:
        return [f"{name} is not a known card"]
    if "Vanguard" not in d.types:
        return [f"{name} is not a vanguard card (902.3)"]
    if modifiers(d.name, d.text) is None:
        return [f"the hand and life modifiers of {name} are not known (210.1, 211.1)"]
    return []


def check(cards: Any, vanguards: dict[str, str]) -> None:
    bad = [f"{p}'s vanguard: " + "; ".join(probs) for p, v in vanguards.items() if (probs := problems(cards, v))]
    if bad:
        raise DeckError("not a Vanguard game: " + " | ".join(bad))


def start(g: "Game", vanguards: dict[str, str]) -> None:
    """902.3-902.5: each vanguard face up in its owner's command zone; life and hand size modified."""
    for name, card in vanguards.items():
        o = g._make(card, name, "command")
        g.ts += 1
        o.timestamp = g.ts
        p = g.players[name]
        p.command.append(o.id)
        hand, life = modifiers(o.card.name, o.card.text) or (0, 0)
        p.hand_modifier = hand
        p.life = p.life_turn_began = p.life + life
