"""No fault ends a game (issue 21, item 4): an exception other than IllegalAction inside
``Game.submit`` (the answer or what it sets off: effect primitives, triggers, state-based
actions) puts the game back exactly as it was, writes a replayable bug report and raises
EngineFault; the game then plays to its end."""
from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any, Callable

import pytest

from engine import sba, triggers
from engine.ai.random_bot import RandomBot
from engine.bench import GREEN, RED
from engine.cardpool import CardPool
from engine.errors import EngineFault, IllegalAction
from engine.game import Game
from engine.ops import OPS
from engine.randomdeck import random_deck


@pytest.fixture(scope="module")
def cards() -> CardPool:
    return CardPool()


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MANATABLE_DATA", str(tmp_path))
    return tmp_path


class Trap:
    """Wraps a function: once armed, its next call raises RuntimeError."""

    def __init__(self, fn: Callable[..., Any]) -> None:
        self.fn = fn
        self.armed = False
        self.sprung = 0

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if self.armed:
            self.armed = False
            self.sprung += 1
            raise RuntimeError("injected fault")
        return self.fn(*args, **kwargs)


def step(g: Game, bots: dict[str, RandomBot]) -> None:
    d = g.pending
    try:
        g.submit(d.player, bots[d.player].answer(d))
    except IllegalAction:
        g.submit(d.player, d.forced if d.forced is not None else {"action": "pass"})


def play_with_trap(cards: CardPool, trap: Trap, seed: int, data: Path, want: int = 3,
                   decks: tuple[list[str], list[str]] = (RED, GREEN)) -> int:
    """A random bench game in which ``trap`` is armed before every answer until it has sprung
    ``want`` times; after each fault the game must be exactly as before the answer and a bug
    report must replay to it. Returns the faults seen; the game must end."""
    g = Game.new([("p0", decks[0]), ("p1", decks[1])], cards, seed)
    bots = {"p0": RandomBot(seed * 2 + 1), "p1": RandomBot(seed * 2 + 2)}
    faults = 0
    n = 0
    reports = len(list((data / "bugs").glob("*.json")))
    while g.pending is not None and n < 20000:
        n += 1
        d = g.pending
        answer = bots[d.player].answer(d)
        armed = trap.armed = faults < want
        if armed:  # the whole-state key is costly: taken only while a fault may still come
            before, events, answers, text = g.state_key(), list(g.events), list(g.answers), g.to_json()
        try:
            g.submit(d.player, answer)
        except IllegalAction:
            trap.armed = False
            g.submit(d.player, d.forced if d.forced is not None else {"action": "pass"})
        except EngineFault as e:
            if not armed:
                raise  # a real engine fault, not the injected one
            faults += 1
            trap.armed = False
            assert "injected fault" in str(e) and "RuntimeError" in e.traceback
            assert e.decision["kind"] == d.kind and e.decision["player"] == d.player
            assert g.state_key() == before
            assert g.events == events and g.answers == answers and g.to_json() == text
            assert g.pending is not None and g.pending.kind == d.kind and g.pending.player == d.player
            report = json.loads(Path(e.report).read_text(encoding="utf-8"))
            assert report["answer"] == json.loads(json.dumps(answer))
            assert "injected fault" in report["traceback"]
            again = Game.from_json(json.dumps({"version": 1, "origin": report["origin"],
                                               "answers": report["answers"]}), cards)
            assert again.state_key() == before
            continue
        trap.armed = False
    assert g.pending is None, "the game did not end"
    assert len(list((data / "bugs").glob("*.json"))) == reports + faults
    return faults


@pytest.mark.parametrize("op", ["damage", "pump"])
def test_a_fault_in_an_effect_primitive_is_contained(cards, data, monkeypatch, op):
    trap = Trap(OPS[op])
    monkeypatch.setitem(OPS, op, trap)
    seen = sum(play_with_trap(cards, trap, seed, data) for seed in (1, 2, 3))
    assert seen >= 1, f"no {op} was carried out in three games"


def test_a_fault_in_state_based_actions_is_contained(cards, data, monkeypatch):
    trap = Trap(sba.check)
    monkeypatch.setattr(sba, "check", trap)
    assert play_with_trap(cards, trap, 4, data) == 3


def test_a_fault_putting_triggers_on_the_stack_is_contained(cards, data, monkeypatch):
    trap = Trap(triggers.put_on_stack)
    monkeypatch.setattr(triggers, "put_on_stack", trap)
    seen = 0
    for seed in (5, 6, 7):  # random decks of every supported card: they have triggered abilities
        r = random.Random(seed)
        seen += play_with_trap(cards, trap, seed, data, 2, (random_deck(r, cards), random_deck(r, cards)))
    assert seen >= 1 and trap.sprung == seen


def test_a_bug_report_that_cannot_be_written_does_not_hide_the_fault(cards, tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("MANATABLE_DATA", str(blocker))
    trap = Trap(sba.check)
    monkeypatch.setattr(sba, "check", trap)
    g = Game.new([("p0", RED), ("p1", GREEN)], cards, 1)
    while g.pending.kind != "priority":
        g.submit(g.pending.player, g.pending.forced or {"option": "keep"})
    before = g.state_key()
    trap.armed = True
    with pytest.raises(EngineFault) as e:
        g.submit(g.pending.player, {"action": "pass"})
    assert e.value.report is None
    assert g.state_key() == before


def test_a_fault_while_a_player_concedes_is_contained(cards, data, monkeypatch):
    """A concession (104.3a) sets off the player leaving the game (800.4a) and the game running on:
    a fault there is contained as an answer's is (the player is still in the game, the state and
    the answers are as before, a bug report replays to it); conceded again, the player leaves and
    the others play the game to its end."""
    import engine.game
    trap = Trap(engine.game.leave)
    monkeypatch.setattr(engine.game, "leave", trap)
    g = Game.new([("p0", RED), ("p1", GREEN), ("p2", RED)], cards, 8)
    bots = {p: RandomBot(i) for i, p in enumerate(g.order)}
    for _ in range(60):
        step(g, bots)
    before, events, answers, text = g.state_key(), list(g.events), list(g.answers), g.to_json()
    trap.armed = True
    with pytest.raises(EngineFault) as e:
        g.concede("p2")
    assert trap.sprung == 1 and "p2's concession" in str(e.value) and "injected fault" in e.value.traceback
    assert e.value.answer == "__concede__" and e.value.decision["kind"] == "concede"
    assert g.state_key() == before and g.events == events and g.answers == answers and g.to_json() == text
    assert "p2" not in g.gone and not g.players["p2"].lost
    report = json.loads(Path(e.value.report).read_text(encoding="utf-8"))
    again = Game.from_json(json.dumps({"version": 1, "origin": report["origin"], "answers": report["answers"]}), cards)
    assert again.state_key() == before
    g.concede("p2")
    assert "p2" in g.gone and g.answers[-1] == ["p2", "__concede__"]
    n = 0
    while g.pending is not None and n < 20000:
        step(g, bots)
        n += 1
    assert g.winner in ("p0", "p1")
