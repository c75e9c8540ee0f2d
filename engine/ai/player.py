"""An AI player (issue 18): answers every decision of its seat, at a level, in a time budget.

``AIPlayer.decide(game, decision)`` is the whole contract. It never reads the real game's
hidden cards: every look at the game goes through ``determinize`` (a copy whose hidden cards
are redrawn from what the seat cannot see), and its own decision. ``SeatAI`` adapts it to
the ``answer(decision)`` bots of ``LocalSession``.
"""
from __future__ import annotations

import random
import time
from typing import TYPE_CHECKING, Any

from engine.ai.determinize import Memory, determinize
from engine.ai.levels import Level, level
from engine.ai.policy import QuickPolicy
from engine.ai.random_bot import RandomBot
from engine.ai.search import Searcher
from engine.errors import IllegalAction
from engine.state import Decision

if TYPE_CHECKING:
    from engine.game import Game


CLOCKS = {"wall": time.perf_counter, "cpu": time.thread_time}


class AIPlayer:
    """The AI of one seat. ``think_ms`` overrides the level's budget per decision, counted in
    wall time (``clock="wall"``, what a player waits) or in the CPU time of the deciding thread
    (``clock="cpu"``: a benchmark on a shared machine, where other processes take the core,
    measures the AI and not its neighbours)."""

    def __init__(self, seat: str, lvl: str | Level = "medium", think_ms: int | None = None, seed: int = 0,
                 clock: str = "wall") -> None:
        if clock not in CLOCKS:
            raise ValueError(f"unknown clock {clock!r}: choose one of {', '.join(CLOCKS)}")
        self.clock = CLOCKS[clock]
        self.seat = seat
        self.level = level(lvl) if isinstance(lvl, str) else lvl
        self.think_ms = self.level.think_ms if think_ms is None else think_ms
        self.rng = random.Random(seed)
        self.quick = QuickPolicy(seed, self.level.noise, self.level.combat_noise, self.level.reads) \
            if not self.level.search else QuickPolicy(seed, reads=self.level.reads)
        self.times: list[float] = []   # seconds per decision (wall clock), for the match statistics
        self.cpu: list[float] = []     # seconds of this thread's CPU per decision (without the time
                                       # other processes took the core: a shared machine)
        self.over: list[float] = []    # ms on the budget's clock of each decision that took longer
                                       # than the budget (``think_ms``)
        self.memory = Memory()  # what it saw the opponents do in public (engine/ai/determinize.py)

    def decide(self, game: Game, d: Decision) -> Any:
        """The answer to ``d`` (a decision of this seat in ``game``), within the time budget."""
        if d.player != self.seat:
            raise ValueError(f"{d.player}'s decision given to the AI of {self.seat}")
        t0 = time.perf_counter()
        c0 = time.thread_time()
        k0 = self.clock()
        self.memory.observe(game, self.seat)
        try:
            if d.forced is not None:
                return d.forced
            if not self.level.search or d.kind in ("mulligan", "mulligan_bottom", "play_first", "manual"):
                det = determinize(game, self.seat, self.rng, self.level.reads, self.memory)
                return legal_answer(det, d, self.quick.answer(det, d), self.rng)
            lv = self.level
            s = Searcher(self.seat, self.rng, lv.cap, lv.horizon, lv.per_candidate, lv.noise, lv.det_per_rollout,
                         lv.blocks_reply, reads=lv.reads, weights=lv.weights, clock=self.clock,
                         tricks_reply=lv.tricks_reply, settle=lv.settle, memory=self.memory,
                         win_scale=lv.win_scale, confidence=lv.confidence,
                         decided_after=lv.decided_after, blind_blocks=lv.blind_blocks,
                         rivals_read=lv.rivals_read, min_samples=lv.min_samples)
            # a margin for building copies and choosing after the last rollout
            deadline = k0 + max(0.0, self.think_ms / 1000.0 * 0.7 - 0.003)
            a = s.choose(game, d, deadline)
            if not s.checked:  # the rule of thumb's answer, not played on a copy yet
                a = legal_answer(determinize(game, self.seat, self.rng, lv.reads, self.memory), d, a, self.rng)
            return a
        finally:
            self.times.append(time.perf_counter() - t0)
            self.cpu.append(time.thread_time() - c0)
            took = (self.clock() - k0) * 1000.0
            if took > self.think_ms:
                self.over.append(took)


def legal_answer(det: Game, d: Decision, a: Any, rng: random.Random) -> Any:
    """``a`` if the game takes it (tried on a copy of the determinized game), else the first
    legal of: no action (pass, no attackers, no blockers), then random answers. A rule of
    thumb can miss a restriction the options do not spell out (702.110b menace: no single
    blocker)."""
    safe: list[Any] = [{"action": "pass"}] if d.kind == "priority" else \
        [{"attackers": {}}] if d.kind == "attackers" else [{"blockers": {}}] if d.kind == "blockers" else []
    rb = RandomBot(rng.getrandbits(32))
    for cand in [a, *safe] + [None] * 20:
        if cand is None:
            cand = rb.answer(d)
        try:
            det.copy().submit(d.player, cand)
            return cand
        except IllegalAction:
            continue
    return a


class SeatAI:
    """An AI for a ``LocalSession`` seat: ``answer(decision)`` reads the session's game only
    through the AI (determinized copies)."""

    def __init__(self, game_of: Any, seat: str, lvl: str = "medium", think_ms: int | None = None,
                 seed: int = 0) -> None:
        self.game_of = game_of  # a callable returning the current Game
        self.ai = AIPlayer(seat, lvl, think_ms, seed)

    def answer(self, d: Decision) -> Any:
        return self.ai.decide(self.game_of(), d)
