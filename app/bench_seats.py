"""The table's update time at a table of more than two seats (issue 17: four seats of 30
permanents each, within 16 ms), for ``python -m app.bench``.

When the engine sets up a position of N seats (engine.setup with ``seats``), the bench
plays it: every seat a person at this computer (hand-over screens included), the player
with priority tapping a permanent for mana one decision at a time, then passing. Until
then it drives the table with views: a real two-player position's views widened to N
seats (``widen``, each extra player a copy of the second one's side), and each answer taps
one more permanent in them, as the engine would. What the table does per update is the
same either way: rebuild the scene from a view and repaint it.
"""
from __future__ import annotations

import copy
from typing import Any

from app.bench_timer import SCENE_TARGET_MS, UpdateTimer, crowded_setup
from engine.session import LocalSession
from engine.setup import from_setup
from engine.state import Decision

NAMES = ["alice", "bob", "carol", "dave", "erin", "frank"]


def _renumber(c: dict[str, Any], offset: int, seat: str) -> dict[str, Any]:
    c = dict(c)
    c["id"] = c["id"] + offset
    for k in ("owner", "controller"):
        if k in c:
            c[k] = seat
    if c.get("attached_to") is not None:
        c["attached_to"] += offset
    if isinstance(c.get("attacking"), int):
        c["attacking"] += offset
    if c.get("blocking"):
        c["blocking"] = [b + offset for b in c["blocking"]]
    return c


def widen(view: dict[str, Any], n: int, source: str = "bob") -> dict[str, Any]:
    """``view`` (of a two-player game) with ``n`` seats: each extra player a copy of
    ``source``'s side (permanents, piles, counts) under a new name, with new ids."""
    v = copy.deepcopy(view)
    names = list(v["players"])
    base = max([c["id"] for c in v["battlefield"]] + [0]) + 1
    for k, seat in enumerate(NAMES[2:n], start=1):
        off = base * 10 * k
        p = copy.deepcopy(v["players"][source])
        p["hand"] = None
        for z in ("graveyard", "exile"):
            p[z] = [_renumber(c, off, seat) for c in p[z]]
        v["players"][seat] = p
        names.append(seat)
        v["battlefield"] += [_renumber(c, off, seat) for c in view["battlefield"] if c["controller"] == source]
    v["order"] = names
    return v


class TappingSession:
    """A Session over widened views for the bench: ``seat`` holds priority; each answer
    taps the permanent it names (or passes priority to the next seat, which then taps its
    own), changing the views as the engine would."""

    def __init__(self, view: dict[str, Any], seat: str = "alice", per_seat: int = 12) -> None:
        self._Decision = Decision
        self.v = view
        self.seat = seat
        self.listeners: list[Any] = []
        self.spare = {"action": "cast", "card": -1}   # a castable card: the table does not pass by itself
        self.per_seat, self.tapped = per_seat, 0       # each seat taps this many, then passes

    def seats(self) -> list[str]:
        return list(self.v["order"])

    def view(self, seat: str) -> dict[str, Any]:
        v = dict(self.v, you=seat, priority=self.seat, active=self.seat)   # each seat taps in its own turn
        v["players"] = {s: (p if s == seat else dict(p, hand=None)) for s, p in self.v["players"].items()}
        return v

    def pending(self, seat: str) -> Any:
        if seat != self.seat:
            return None
        taps = [{"action": "activate", "card": c["id"], "ability": 0, "mana": True} for c in self.v["battlefield"]
                if c["controller"] == seat and not c.get("tapped")][:max(0, self.per_seat - self.tapped)]
        return self._Decision(seat, "priority", "", [{"action": "pass"}, self.spare, *taps])

    def submit(self, seat: str, answer: Any) -> None:
        if answer.get("action") == "activate":
            self.v["battlefield"] = [dict(c, tapped=True) if c["id"] == answer["card"] else c
                                     for c in self.v["battlefield"]]
            self.tapped += 1
        else:
            self.tapped = 0
            order = self.seats()
            self.seat = order[(order.index(seat) + 1) % len(order)]
        for f in list(self.listeners):
            f()

    def events(self, seat: str, since: int = 0) -> list[dict[str, Any]]:
        return []


def real_session(n: int, per_side: int) -> Any:
    """A LocalSession of an N-seat position of ``per_side`` permanents each, or None while
    the engine's setup seats two."""
    base = crowded_setup(per_side)
    names = NAMES[:n]
    setup = {**base, "seats": names,
             "players": {s: dict(base["players"]["alice" if i == 0 else "bob"]) for i, s in enumerate(names)}}
    try:
        g = from_setup(setup)
    except Exception:  # noqa: BLE001 - an engine that does not know "seats" yet
        return None
    return LocalSession(g) if list(g.order) == names else None


def bench_seats(seats: int = 4, per_side: int = 30, decisions: int = 50) -> dict[str, Any]:
    """Per update at a table of ``seats`` seats of ``per_side`` permanents: wall and CPU
    times of the rebuild and a full repaint (app.bench.UpdateTimer)."""
    session = real_session(seats, per_side)
    source = "engine"
    if session is None:
        two = LocalSession(from_setup(crowded_setup(per_side)))
        session = TappingSession(widen(two.view("alice"), seats))
        source = "views (two-player position widened)"
    t = UpdateTimer(per_side, session=session, humans=list(session.seats()))
    w = t.w
    try:
        made = len(t.play(decisions))
        counted = sum(1 for c in w.scene.cards.values() if c.zone == "battlefield")
        shown = len(w.scene.boxes)
    finally:
        t.close()
    r = t.report()
    return {"seats": shown, "permanents": counted, "decisions": made, "source": source, **r,
            "target_ms": SCENE_TARGET_MS, "ok": r["update_median_ms"] <= SCENE_TARGET_MS,
            "every_update_ok": r["update_cpu_max_ms"] <= SCENE_TARGET_MS}
