"""A game from a scenario setup (../shared/scenarios/FORMAT.md): a position, not a new game; or, with
``new_game: true`` (docs/scenarios.md), a game begun by rule 103 from decks."""
from __future__ import annotations

from typing import Any

from engine.cardpool import CardPool
from engine.game import Game
from engine.position import SetupError, build, seat_names

__all__ = ["SetupError", "from_setup", "new_game", "Refused"]

#: the keys of a player in a ``new_game`` setup: the deck (``library``, any order: it is shuffled, 103.1) and what
#: the game's format and casual variants take from outside the deck
NEW_GAME_PLAYER_KEYS = {"library", "commander", "sideboard", "planar", "schemes", "vanguard", "conspiracies"}
NEW_GAME_KEYS = {"new_game", "seats", "variant", "options", "teams", "format", "play_first", "players", "seating"}


class Refused(Exception):
    """Game.new refused the game (a deck that breaks a deck-construction rule, seats that do not fit), with why."""


def from_setup(setup: dict[str, Any], cards: CardPool | None = None, seed: int = 0) -> Game:
    """Build the position; ``game.handles`` maps setup ids to physical cards (uids)."""
    return build(Game(seat_names(setup), cards, seed), setup, seed)


def new_game(setup: dict[str, Any], cards: CardPool | None = None, seed: int = 0) -> Game:
    """A new game (Game.new) from a ``new_game`` setup: each player's ``library`` is their deck, shuffled (103.1);
    who plays first is random (103.2) unless ``play_first`` names the starting player; the opening hands and
    mulligans come as decisions (103.4). ``Refused`` when Game.new refuses the game (a ValueError: 903.5, 904.3,
    901.3, 800.1, ...); ``SetupError`` for a setup it cannot read."""
    unknown = set(setup) - NEW_GAME_KEYS
    if unknown:
        raise SetupError(f"a new_game setup has no key(s) {', '.join(sorted(map(str, unknown)))}")
    names = seat_names(setup)
    players = setup.get("players") or {}
    decks: list[tuple[str, list[str]]] = []
    casual: dict[str, dict[str, Any]] = {}
    commanders: dict[str, Any] = {}
    sideboards: dict[str, list[str]] = {}
    for n in names:
        ps = players.get(n) or {}
        bad = set(ps) - NEW_GAME_PLAYER_KEYS
        if bad:
            raise SetupError(f"a new_game player has no key(s) {', '.join(sorted(map(str, bad)))}")
        decks.append((n, [str(c) for c in ps.get("library") or []]))
        for key, kind in (("planar", "planar"), ("schemes", "schemes"), ("conspiracies", "conspiracies")):
            if key in ps:
                casual.setdefault(kind, {})[n] = [str(c) for c in ps[key] or []]
        if ps.get("vanguard"):
            casual.setdefault("vanguard", {})[n] = str(ps["vanguard"])
        if ps.get("commander"):
            commanders[n] = ps["commander"]
        if ps.get("sideboard"):
            sideboards[n] = [str(c) for c in ps["sideboard"]]
    variant = setup.get("variant")
    try:
        return Game.new(decks, cards, seed, play_first=setup.get("play_first"),
                        variant=variant if variant != "two_player" else None, options=setup.get("options"),
                        teams=setup.get("teams"), format=setup.get("format"), commanders=commanders or None,
                        sideboards=sideboards or None, casual=casual or None,
                        seating=str(setup.get("seating", "fixed")))  # 806.3: "random" seats them at random
    except ValueError as e:
        raise Refused(str(e)) from None
