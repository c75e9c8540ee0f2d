"""Cards revealed from the opening hand (CR 103.5b): "You may reveal SELF from your opening hand. If you do,
at the beginning of the (your) first upkeep, ..." makes a delayed triggered ability (603.7). Scenarios start
after the mulligans, so these games are played from Game.new."""
from __future__ import annotations

import pytest

from engine.errors import IllegalAction
from engine.game import Game

DROSS = ["Chancellor of the Dross"] * 12 + ["Swamp"] * 4
SPHINX = ["Sphinx of Foresight"] * 12 + ["Island"] * 4
PLAINS = ["Plains"] * 16


def _keep(alice: list[str], bob: list[str], seed: int = 3) -> Game:
    g = Game.new([("alice", alice), ("bob", bob)], seed=seed, play_first="alice")
    g.submit("alice", {"option": "keep"})
    g.submit("bob", {"option": "keep"})
    return g


def _named(g: Game, player: str, name: str) -> list[int]:
    return [i for i in g.players[player].hand if g.objects[i].card.name == name]


def _until_priority_after_upkeep(g: Game, turn: int) -> None:
    """Pass priority until the stack is empty in the given turn's draw step or later."""
    for _ in range(200):
        d = g.pending
        if d.kind == "priority":
            if g.turn > turn or g.turn == turn and g.step not in ("untap", "upkeep") and not g.stack:
                return
            g.submit(d.player, {"action": "pass"})
        elif d.kind == "order_triggers":
            g.submit(d.player, {"order": [o["index"] for o in d.options]})
        else:
            return
    raise AssertionError("the game did not move on")


def test_revealed_chancellors_each_trigger_at_the_first_upkeep() -> None:
    g = _keep(DROSS, PLAINS)
    d = g.pending
    assert d.kind == "choose_cards" and d.player == "alice" and d.data.get("answer_to") == "opening_reveal"
    chancellors = _named(g, "alice", "Chancellor of the Dross")
    assert sorted(d.options) == sorted(chancellors) and d.data["min"] == 0
    g.submit("alice", {"cards": chancellors[:2]})
    assert len(g.players["alice"].hand) == 7  # revealed, not moved
    _until_priority_after_upkeep(g, 1)
    # each: each opponent loses 3 life, then you gain life equal to the life lost this way
    assert g.players["bob"].life == 14 and g.players["alice"].life == 26
    h = Game.from_json(g.to_json())
    assert h == g


def test_only_such_cards_may_be_revealed_and_none_is_a_choice() -> None:
    g = _keep(DROSS, PLAINS)
    swamps = _named(g, "alice", "Swamp")
    if swamps:
        with pytest.raises(IllegalAction):
            g.submit("alice", {"cards": swamps[:1]})
    g.submit("alice", {"cards": []})
    _until_priority_after_upkeep(g, 1)
    assert g.players["bob"].life == 20 and g.players["alice"].life == 20


def test_your_first_upkeep_is_the_owners() -> None:
    g = _keep(PLAINS, SPHINX)
    d = g.pending
    assert d.player == "bob" and d.data.get("answer_to") == "opening_reveal"
    g.submit("bob", {"cards": _named(g, "bob", "Sphinx of Foresight")[:1]})
    _until_priority_after_upkeep(g, 1)
    assert g.turn == 1 and g.active == "alice" and not g.stack  # alice's upkeep: nothing for bob
    for _ in range(200):  # on to bob's first upkeep: his scry 3 (701.18a)
        d = g.pending
        if d.kind == "attackers":  # alice has no creature: she declares none
            g.submit(d.player, {"attackers": {}})
            continue
        if d.kind != "priority":
            break
        g.submit(d.player, {"action": "pass"})
    assert g.active == "bob" and g.step == "upkeep", (d.kind, d.player, g.step, g.turn)
    assert d.kind == "choose_cards" and d.player == "bob" and len(d.options) == 3
