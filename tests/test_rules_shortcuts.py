"""Shortcuts (716.2, engine/shortcuts.py): what may be proposed, who is asked and in which order, and that a
game with a shortcut in it is replayed exactly from its answers."""
from __future__ import annotations

import json

import pytest

from engine.errors import IllegalAction
from engine.game import Game
from engine.setup import from_setup


def _gond(players: dict | None = None, seats: list[str] | None = None) -> Game:
    """Presence of Gond on alice's Grizzly Bears, Intruder Alarm: the 716.2a example."""
    ps = {"alice": {"battlefield": ["Grizzly Bears", {"name": "Presence of Gond", "attached_to": "Grizzly Bears"}]},
          "bob": {"battlefield": ["Intruder Alarm"]}}
    ps.update(players or {})
    setup: dict = {"active": "alice", "step": "main1", "players": ps}
    if seats:
        setup["seats"] = seats
    return from_setup(setup)


def _bears(g: Game) -> int:
    return next(i for i in g.battlefield if g.objects[i].card.name == "Grizzly Bears")


def _tokens(g: Game) -> int:
    return sum(1 for i in g.battlefield if g.objects[i].card.name == "Elf Warrior")


def _activate(g: Game, **extra: object) -> dict:
    return {"action": "activate", "card": _bears(g), "ability": 0, **extra}


@pytest.mark.parametrize("n", [0, -1, 1001, True, "3"])
def test_a_shortcut_names_from_1_to_1000_repetitions_716_2a(n: object) -> None:
    g = _gond()
    before = g.state_key()
    with pytest.raises(IllegalAction):
        g.submit("alice", _activate(g, repeat=n))
    assert g.state_key() == before


def test_only_a_cast_or_an_activation_is_repeated_716_2a() -> None:
    g = _gond()
    with pytest.raises(IllegalAction, match="716.2a"):
        g.submit("alice", {"action": "pass", "repeat": 2})


def test_an_illegal_first_action_is_refused_and_nobody_is_asked_716_2a() -> None:
    g = _gond()
    g.objects[_bears(g)].tapped = True
    g.changed()
    with pytest.raises(IllegalAction):
        g.submit("alice", _activate(g, repeat=2))
    assert g.pending.kind == "priority" and g.pending.player == "alice" and not g.shortcut


def test_every_other_player_is_asked_in_turn_order_after_the_proposer_716_2b() -> None:
    g = _gond(seats=["alice", "bob", "carol", "dave"])
    g.submit("alice", _activate(g, repeat=4))
    asked = []
    while g.pending.kind == "choose_number":
        asked.append(g.pending.player)
        assert g.pending.options == list(range(5))
        g.submit(g.pending.player, {"number": 4})
    assert asked == ["bob", "carol", "dave"]
    assert _tokens(g) == 4 and g.pending.player == "alice" and not g.stack


def test_the_shortest_answer_is_the_ending_point_716_2b() -> None:
    g = _gond(seats=["alice", "bob", "carol"])
    g.submit("alice", _activate(g, repeat=5))
    g.submit("bob", {"number": 3})
    assert g.pending.player == "carol" and g.pending.options == [0, 1, 2, 3]  # no longer than bob's
    g.submit("carol", {"number": 3})  # accepts bob's ending point
    # three repetitions, then a fourth activation; bob acts with it on the stack
    assert _tokens(g) == 3 and len(g.stack) == 1
    assert g.pending.kind == "priority" and g.pending.player == "bob"


def test_a_player_with_nothing_else_to_do_may_pass_where_they_shortened_it_716_2c() -> None:
    g = _gond()
    g.submit("alice", _activate(g, repeat=3))
    g.submit("bob", {"number": 0})
    assert g.pending.player == "bob" and len(g.stack) == 1 and _tokens(g) == 0
    g.submit("bob", {"action": "pass"})  # bob has no spell and no ability: passing is his only action
    assert not g.shortcut


def test_a_game_with_a_shortcut_replays_exactly_from_its_answers() -> None:
    g = _gond()
    g.submit("alice", _activate(g, repeat=3))
    g.submit("bob", {"number": 2})
    again = Game.from_json(g.to_json(), g.cards)
    assert json.loads(again.to_json()) == json.loads(g.to_json())
    assert again.state_key() == g.state_key()
