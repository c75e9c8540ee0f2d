"""A game from a scenario setup (../shared/scenarios/FORMAT.md): a position, not a new game."""
from __future__ import annotations

from typing import Any

from engine.cardpool import CardPool
from engine.game import Game
from engine.position import SetupError, build, seat_names

__all__ = ["SetupError", "from_setup"]


def from_setup(setup: dict[str, Any], cards: CardPool | None = None, seed: int = 0) -> Game:
    """Build the position; ``game.handles`` maps setup ids to physical cards (uids)."""
    return build(Game(seat_names(setup), cards, seed), setup, seed)
