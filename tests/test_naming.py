"""Naming a card (201.3, 708.7, 709.5): the name_card decision, its answer checked against the
card database, the bots' answers, its round trip through a saved game, and the name locks of
Pithing Needle and Meddling Mage in the priority options."""
from __future__ import annotations

import pytest

from engine.ai.policy import QuickPolicy
from engine.ai.random_bot import RandomBot
from engine.cardpool import CardPool, UnknownCard
from engine.decision_kinds import validate
from engine.errors import IllegalAction
from engine.game import Game
from engine.setup import from_setup


@pytest.fixture(scope="module")
def cards() -> CardPool:
    return CardPool()


SETUP = {"active": "alice", "step": "main1", "players": {
    "alice": {"battlefield": ["Plains"], "hand": [{"name": "Pithing Needle", "id": "needle"}],
              "library": ["Plains"] * 3},
    "bob": {"battlefield": [{"name": "Prodigal Sorcerer", "id": "tim"}, {"name": "Llanowar Elves", "id": "elf"}],
            "graveyard": ["Fire // Ice"], "library": ["Forest"] * 3}}}


def on_battlefield(g: Game, name: str) -> int:
    return next(i for i in g.battlefield if g.objects[i].card.name == name)


def naming(cards: CardPool) -> Game:
    """Alice has cast Pithing Needle and it resolved: she is asked to name a card."""
    g = from_setup(SETUP, cards, 1)
    needle = g.handles["needle"]
    g.submit("alice", {"action": "cast", "card": needle})
    g.submit("alice", {"action": "pass"})
    g.submit("bob", {"action": "pass"})
    assert g.pending.kind == "name_card" and g.pending.player == "alice"
    return g


def test_the_decision_suggests_the_opponents_cards_first_and_split_halves(cards):
    d = naming(cards).pending
    assert d.options[:4] == ["Prodigal Sorcerer", "Llanowar Elves", "Fire", "Ice"]  # 708.7
    assert "Pithing Needle" in d.options


def test_an_unknown_name_is_refused_naming_the_field(cards):
    g = naming(cards)
    for bad in ({"name": "Not A Card"}, {"name": "Fire // Ice"}, {"name": ""}, {}):
        with pytest.raises(IllegalAction, match="'name'"):
            g.submit("alice", bad)
        assert g.pending.kind == "name_card"
    with pytest.raises(IllegalAction, match="'name'"):
        validate("name_card", {"name": 7})
    with pytest.raises(IllegalAction, match="'nam'"):
        validate("name_card", {"nam": "Island"})


def test_card_name_takes_each_name_of_a_card(cards):
    assert cards.card_name("ice") == "Ice"
    assert cards.card_name("lightning  bolt") == "Lightning Bolt"
    assert cards.card_name("Kenzo the Hardhearted") == "Kenzo the Hardhearted"  # 709.5
    with pytest.raises(UnknownCard):
        cards.card_name("Fire // Ice")


def test_the_needle_locks_activated_abilities_but_not_mana_abilities_and_survives_a_replay(cards):
    g = naming(cards)
    g.submit("alice", {"name": "prodigal sorcerer"})
    needle = on_battlefield(g, "Pithing Needle")
    assert g.objects[needle].chosen["card_name"] == "Prodigal Sorcerer"
    g.submit("alice", {"action": "pass"})
    assert g.pending.player == "bob" and g.pending.kind == "priority"
    acts = {(o["card"], o["mana"]) for o in g.pending.options if o["action"] == "activate"}
    assert (g.handles["elf"], True) in acts
    assert all(c != g.handles["tim"] for c, _ in acts)
    with pytest.raises(IllegalAction):
        g.submit("bob", {"action": "activate", "card": g.handles["tim"], "ability": 0, "targets": [["alice"]]})
    again = Game.from_json(g.to_json(), cards)
    assert again.objects[needle].chosen["card_name"] == "Prodigal Sorcerer"
    assert [o for o in again.pending.options if o["action"] == "activate" and o["card"] == g.handles["tim"]] == []


@pytest.mark.parametrize("bot", ["random", "policy"])
def test_the_bots_name_a_real_card(cards, bot):
    g = naming(cards)
    d = g.pending
    a = RandomBot(3).answer(d) if bot == "random" else QuickPolicy(3).answer(g, d)
    g.submit("alice", a)
    name = g.objects[on_battlefield(g, "Pithing Needle")].chosen["card_name"]
    assert name == cards.card_name(name)
    if bot == "policy":
        assert name == "Prodigal Sorcerer"  # an opponent's card first


def test_meddling_mage_refuses_a_land_name_and_locks_the_cast_option(cards):
    setup = {"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Plains", "Island"], "hand": [{"name": "Meddling Mage", "id": "mage"}],
                  "library": ["Plains"] * 3},
        "bob": {"battlefield": ["Mountain"], "hand": [{"name": "Lightning Bolt", "id": "bolt"}],
                "library": ["Forest"] * 3}}}
    g = from_setup(setup, cards, 1)
    g.submit("alice", {"action": "cast", "card": g.handles["mage"]})
    g.submit("alice", {"action": "pass"})
    g.submit("bob", {"action": "pass"})
    with pytest.raises(IllegalAction, match="land"):
        g.submit("alice", {"name": "Mountain"})
    g.submit("alice", {"name": "Lightning Bolt"})
    g.submit("alice", {"action": "pass"})
    assert g.pending.player == "bob"
    assert not [o for o in g.pending.options if o["action"] == "cast"]
