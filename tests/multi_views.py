"""Views of 3 to 6 seats for table tests, made from a real two-player game's views (plain
data: bob's side copied for each extra opponent, with fresh ids), and a Session that serves
them, with a decision waiting for one seat. For tests of the table's layout and gestures
while the engine seats two (issue 17, item 4); a real N-seat game replaces it where one runs."""
from __future__ import annotations

import copy
from typing import Any

from app.bench_seats import NAMES, widen  # noqa: F401  (the bench widens views the same way)
from engine.session import LocalSession
from engine.setup import from_setup
from engine.state import Decision


class ViewSession:
    """A Session over fixed views: ``views`` by seat, ``decision`` pending for its player;
    answers are recorded in ``answers`` (the game does not move)."""

    def __init__(self, views: dict[str, dict[str, Any]], decision: Decision | None = None) -> None:
        self.views = views
        self.decision = decision
        self.answers: list[tuple[str, Any]] = []
        self.listeners: list[Any] = []

    def seats(self) -> list[str]:
        return list(next(iter(self.views.values()))["order"])

    def view(self, seat: str) -> dict[str, Any]:
        return self.views.get(seat) or self._hidden(seat)

    def _hidden(self, seat: str) -> dict[str, Any]:
        v = copy.deepcopy(next(iter(self.views.values())))
        for s, p in v["players"].items():
            p["hand"] = None
        v["you"] = seat
        return v

    def pending(self, seat: str) -> Decision | None:
        d = self.decision
        return d if d is not None and d.player == seat else None

    def submit(self, seat: str, answer: Any) -> None:
        self.answers.append((seat, answer))
        self.decision = None

    def events(self, seat: str, since: int = 0) -> list[dict[str, Any]]:
        return []


def crowded(n: int, per_side: int = 30, step: str = "main1") -> tuple[Any, dict[str, Any]]:
    """A two-player game of ``per_side`` permanents a side (app.bench's crowded position)
    and alice's view of it widened to ``n`` seats."""
    from app.bench import crowded_setup
    g = from_setup(crowded_setup(per_side) | {"step": step}, seed=1)
    s = LocalSession(g)
    return g, widen(s.view("alice"), n)
