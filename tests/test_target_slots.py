"""A target whose controller is another target's player (115.1, 601.2c, 306.2): Chandra, Pyromaster's
"target creature that player or that planeswalker's controller controls" (engine/targets.py bind_prior)."""
from __future__ import annotations

import pytest

from engine.cards.abilities import TargetSpec
from engine.cards.compiler import compile_card
from engine.cards.coverage import corpus_card
from engine.errors import IllegalAction
from engine.scenario import default_pool, from_setup
from engine.targets import bind_prior, check_targets, legal_now


def _game():
    setup = {"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Llanowar Elves"]},
        "bob": {"battlefield": ["Grizzly Bears", "Jace Beleren"]}}}
    return from_setup(setup, default_pool())


def _ids(g, name):
    return [i for i in g.battlefield if g.objects[i].card.name == name]


def _specs():
    ab = next(a for a in compile_card(corpus_card("Chandra, Pyromaster")).abilities if a.text.startswith("+1"))
    return ab.targets


def test_the_creature_must_be_controlled_by_the_player_chosen_first():
    g = _game()
    specs = _specs()
    assert specs[1].filter["controller"] == {"controller_of": {"target": 0}}
    src = g.objects[_ids(g, "Llanowar Elves")[0]]
    bears, elves, jace = _ids(g, "Grizzly Bears")[0], _ids(g, "Llanowar Elves")[0], _ids(g, "Jace Beleren")[0]
    check_targets(g, specs, [["bob"], [bears]], src, "alice")
    check_targets(g, specs, [[jace], [bears]], src, "alice")  # the planeswalker's controller (306.2)
    check_targets(g, specs, [["bob"], []], src, "alice")      # "up to one"
    with pytest.raises(IllegalAction):
        check_targets(g, specs, [["bob"], [elves]], src, "alice")
    with pytest.raises(IllegalAction):
        check_targets(g, specs, [["alice"], [bears]], src, "alice")


def test_on_resolution_the_creature_is_checked_against_that_player_again():
    g = _game()
    specs = _specs()
    bears = _ids(g, "Grizzly Bears")[0]
    s = g.objects[_ids(g, "Llanowar Elves")[0]]
    s.targets = [["alice"], [bears]]  # as if bob's creature had been chosen with a player who does not control it
    fake = type("S", (), {})()
    fake.ability = type("A", (), {"targets": specs, "choose": 0})()
    fake.targets, fake.source, fake.controller, fake.trigger_info, fake.x = s.targets, s.id, "alice", {}, 0
    assert legal_now(g, fake) == [["alice"], []]
    fake.targets = [["bob"], [bears]]
    assert legal_now(g, fake) == [["bob"], [bears]]


def test_a_plain_controller_word_is_left_alone():
    spec = TargetSpec({"types": ["Creature"], "controller": "you"}, "target creature you control")
    g = _game()
    assert bind_prior(g, spec, [[]]) == spec
