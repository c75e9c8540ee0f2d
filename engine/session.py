"""Sessions: how a client (the Qt app, a network server) reaches a game (DESIGN: The app).

A Session gives, for a seat, the current view, the pending decision and a way to
answer. LocalSession wraps a Game in this process (hotseat, or against a bot); the
network client implements the same methods over the wire.
"""
from __future__ import annotations

import json
from typing import Any, Callable, Protocol

from engine.cardpool import CardPool
from engine.errors import EngineFault, IllegalAction
from engine.game import Game
from engine.knowledge import redact as redact  # the server redacts events with it
from engine.state import Decision


class Session(Protocol):
    def seats(self) -> list[str]: ...
    def view(self, seat: str) -> dict[str, Any]: ...
    def pending(self, seat: str) -> Decision | None: ...
    def submit(self, seat: str, answer: Any) -> None: ...
    def events(self, seat: str, since: int = 0) -> list[dict[str, Any]]: ...


class LocalSession:
    """A game in this process. ``bots`` maps seats to objects with ``answer(decision)``."""

    def __init__(self, game: Game, bots: dict[str, Any] | None = None) -> None:
        self.game = game
        self.bots = dict(bots or {})
        self.listeners: list[Callable[[], None]] = []
        self._run_bots()

    @classmethod
    def new(cls, decks: list[tuple[str, list[str]]], cards: CardPool | None = None, seed: int = 0,
            bots: dict[str, Any] | None = None, **options: Any) -> "LocalSession":
        """A new game; ``options`` go to Game.new (``play_first``, ``variant``, ``format="commander"``
        with ``commanders``, ...)."""
        return cls(Game.new(decks, cards, seed, **options), bots)

    def seats(self) -> list[str]:
        return list(self.game.order)

    def view(self, seat: str) -> dict[str, Any]:
        return self.game.view(seat)

    def pending(self, seat: str) -> Decision | None:
        d = self.game.pending
        return d if d is not None and d.player == seat else None

    def waiting_for(self) -> str | None:
        d = self.game.pending
        return d.player if d is not None else None

    def submit(self, seat: str, answer: Any) -> None:
        """Answer for a seat; raises IllegalAction (nothing changes) when not allowed."""
        if seat in self.bots:
            raise IllegalAction(f"{seat} is played by a bot")
        self.game.submit(seat, answer)
        self._run_bots()
        for f in list(self.listeners):
            f()

    def concede(self, seat: str) -> None:
        self.game.concede(seat)
        for f in list(self.listeners):
            f()

    def events(self, seat: str, since: int = 0) -> list[dict[str, Any]]:
        return [redact(e, seat) for e in self.game.events[since:]]

    def undo_mana(self, seat: str, card: int | None = None) -> bool:
        """Take back a mana ability tapped by mistake (as Forge lets a player untap such a
        land): allowed when the game's last answer is ``seat`` activating a mana ability
        (605.1a; of ``card``, if given) and nothing happened since, so its mana is still
        unspent. A game is its origin and its answers (DESIGN): it is rebuilt without the
        last answer, exactly as it was before it. False (nothing changes) otherwise."""
        g = self.game
        if not g.answers or g.answers[-1][0] != seat or g.pending is None or g.pending.player != seat:
            return False
        a = g.answers[-1][1]
        if not isinstance(a, dict) or a.get("action") != "activate" or (card is not None and a.get("card") != card):
            return False
        before = self._replayed(g.answers[:-1])
        d = before.pending
        if d is None or d.kind != "priority" or not any(
                o.get("mana") and all(o.get(k) == a.get(k) for k in ("action", "card", "ability")) for o in d.options):
            return False
        self.game = before
        for f in list(self.listeners):
            f()
        return True

    def _replayed(self, answers: list[Any]) -> Game:
        return Game.from_json(json.dumps({"version": 1, "origin": self.game.origin, "answers": answers}),
                              self.game.cards)

    def _run_bots(self) -> None:
        g = self.game
        for _ in range(100000):
            d = g.pending
            if d is None or d.player not in self.bots:
                return
            bot = self.bots[d.player]
            try:
                g.submit(d.player, bot.answer(d))
            except (IllegalAction, EngineFault):  # refused, or a fault the game was put back from
                g.submit(d.player, d.forced if d.forced is not None else {"action": "pass"})
