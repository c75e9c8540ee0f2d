"""Opening-hand actions (CR 103.5) and player statics that scenarios (which start after
the mulligans) cannot reach."""
from __future__ import annotations

import pytest

from engine.errors import IllegalAction
from engine.game import Game

LEYLINES = ["Leyline of Sanctity"] * 12 + ["Plains"] * 4
PLAINS = ["Plains"] * 16


def _to_opening(seed: int = 3) -> Game:
    g = Game.new([("alice", LEYLINES), ("bob", PLAINS)], seed=seed, play_first="alice")
    g.submit("alice", {"option": "keep"})
    g.submit("bob", {"option": "keep"})
    return g


def test_leyline_may_begin_the_game_on_the_battlefield() -> None:
    g = _to_opening()
    d = g.pending
    assert d.kind == "choose_cards" and d.player == "alice" and d.data.get("opening")
    leylines = [i for i in g.players["alice"].hand if g.objects[i].card.name == "Leyline of Sanctity"]
    assert sorted(d.options) == sorted(leylines) and d.data["min"] == 0
    g.submit("alice", {"cards": leylines[:2]})
    names = [g.objects[i].card.name for i in g.battlefield]
    assert names == ["Leyline of Sanctity", "Leyline of Sanctity"]
    assert all(g.chars(i).controller == "alice" for i in g.battlefield)
    assert len(g.players["alice"].hand) == 5
    assert g.turn == 1 and g.active == "alice" and g.pending.kind == "priority"  # bob had nothing to do
    h = Game.from_json(g.to_json())
    assert h == g


def test_opening_hand_only_offers_those_cards() -> None:
    g = _to_opening()
    plains = [i for i in g.players["alice"].hand if g.objects[i].card.name == "Plains"]
    if plains:
        with pytest.raises(IllegalAction):
            g.submit("alice", {"cards": plains[:1]})
    g.submit("alice", {"cards": []})
    assert g.battlefield == [] and len(g.players["alice"].hand) == 7


def test_no_opening_decision_without_such_cards() -> None:
    g = Game.new([("alice", PLAINS), ("bob", PLAINS)], seed=1, play_first="alice")
    g.submit("alice", {"option": "keep"})
    g.submit("bob", {"option": "keep"})
    assert g.pending.kind == "priority" and g.turn == 1


def _blockers_decision(bob_creatures: list[str], attackers: list[str]) -> Game:
    from engine.setup import from_setup
    g = from_setup({"active": "alice", "step": "declare_attackers",
                    "players": {"alice": {"battlefield": attackers}, "bob": {"battlefield": bob_creatures}}})
    g.submit("alice", {"attackers": {i: "bob" for i in g.battlefield if g.objects[i].controller == "alice"}})
    while g.pending.kind == "priority":
        g.submit(g.pending.player, {"action": "pass"})
    assert g.pending.kind == "blockers"
    return g


@pytest.mark.parametrize("bob,alice", [
    (["Hill Giant", "Centaur Courser", "Grizzly Bears"], ["Prized Unicorn", "Grizzly Bears"]),
    (["Loyal Pegasus", "Grizzly Bears"], ["Bristling Boar", "Grizzly Bears"]),
    (["Loyal Pegasus"], ["Prized Unicorn"]),
])
def test_random_bot_declares_legal_blocks(bob: list[str], alice: list[str]) -> None:
    """The bot reads the hints of the blockers decision (509.1b-c) and always answers legally."""
    from engine.ai.random_bot import RandomBot
    g = _blockers_decision(bob, alice)
    for seed in range(40):
        c = g.copy()
        c.submit("bob", RandomBot(seed).answer(c.pending))  # raises IllegalAction if illegal


def test_unicorn_requirement_refuses_partial_blocks() -> None:
    g = _blockers_decision(["Hill Giant", "Centaur Courser"], ["Prized Unicorn"])
    unicorn = next(i for i in g.battlefield if g.objects[i].card.name == "Prized Unicorn")
    giant, courser = (next(i for i in g.battlefield if g.objects[i].card.name == n)
                      for n in ("Hill Giant", "Centaur Courser"))
    assert g.pending.options["must"] == {giant: [unicorn], courser: [unicorn]}
    with pytest.raises(IllegalAction):
        g.submit("bob", {"blockers": {giant: [unicorn]}})
    g.submit("bob", {"blockers": {giant: [unicorn], courser: [unicorn]}})
