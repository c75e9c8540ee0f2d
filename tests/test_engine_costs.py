"""Costs beyond mana, additional costs and cost changes (engine/costs.py; CR 117, 118, 601.2f-h)."""
from __future__ import annotations

from typing import Any

import pytest
import yaml

from engine.ai.random_bot import RandomBot
from engine.cardpool import CardPool
from engine.costs import apply_change
from engine.errors import IllegalAction
from engine.game import Game
from engine.setup import from_setup


@pytest.fixture(scope="module")
def cards() -> CardPool:
    return CardPool()


def game(cards: CardPool, text: str) -> Game:
    return from_setup(yaml.safe_load(text), cards, 0)


def named(g: Game, name: str, zone: str | None = None) -> int:
    hits = [o.id for o in g.objects.values() if o.card.name == name and o.ability is None
            and (zone is None or o.zone == zone)]
    assert len(hits) == 1, (name, hits)
    return hits[0]


def casts(g: Game) -> dict[str, dict[str, Any]]:
    return {o["name"]: o for o in g.pending.options if o["action"] == "cast"}


def test_reductions_take_only_generic_mana() -> None:
    assert apply_change(("2", "G", "G"), -2) == ("G", "G")
    assert apply_change(("1", "G"), -2) == ("G",)
    assert apply_change(("G",), -1) == ("G",)
    assert apply_change(("R",), 2) == ("R", "2")
    assert apply_change(("3", "U"), 0) == ("3", "U")


def test_spell_with_unpayable_additional_cost_is_not_offered(cards: CardPool) -> None:
    g = game(cards, """
active: alice
step: main1
players:
  alice: {mana_pool: "{1}{R}{R}", hand: [Tormenting Voice, Thud]}
  bob: {battlefield: [Hill Giant]}
""")
    offered = casts(g)
    assert "Tormenting Voice" in offered  # it may discard Thud
    assert "Thud" not in offered  # no creature of alice's to sacrifice
    g = game(cards, """
active: alice
step: main1
players:
  alice: {mana_pool: "{1}{R}", hand: [Tormenting Voice]}
  bob: {}
""")
    assert "Tormenting Voice" not in casts(g)  # it cannot discard itself (601.2a: it is on the stack)


def test_additional_discard_is_offered_with_another_card(cards: CardPool) -> None:
    g = game(cards, """
active: alice
step: main1
players:
  alice: {mana_pool: "{1}{R}", hand: [Tormenting Voice, Island], library: [Forest, Forest]}
  bob: {}
""")
    assert "Tormenting Voice" in casts(g)
    g.submit("alice", {"action": "cast", "card": named(g, "Tormenting Voice")})
    d = g.pending
    assert d.kind == "choose_cards" and d.options == [named(g, "Island")]
    with pytest.raises(IllegalAction):
        g.submit("alice", {"cards": []})
    g.submit("alice", {"cards": [named(g, "Island")]})
    assert g.pending.kind == "priority"
    assert [g.objects[i].card.name for i in g.players["alice"].graveyard] == ["Island"]


def test_cast_answer_may_carry_the_cost_choice(cards: CardPool) -> None:
    g = game(cards, """
active: alice
step: main1
players:
  alice: {mana_pool: "{R}", battlefield: [Grizzly Bears, Hill Giant], hand: [Thud]}
  bob: {}
""")
    giant = named(g, "Hill Giant")
    g.submit("alice", {"action": "cast", "card": named(g, "Thud"), "targets": ["bob"], "sacrifice": [giant]})
    assert g.pending.kind == "priority" and [g.objects[i].card.name for i in g.stack] == ["Thud"]
    g.submit("alice", {"action": "pass"})
    g.submit("bob", {"action": "pass"})
    assert g.players["bob"].life == 17


def test_illegal_cost_choice_in_the_answer_changes_nothing(cards: CardPool) -> None:
    g = game(cards, """
active: alice
step: main1
players:
  alice: {mana_pool: "{R}", battlefield: [Grizzly Bears], hand: [Thud]}
  bob: {battlefield: [Hill Giant]}
""")
    before = g.state_key()
    with pytest.raises(IllegalAction):
        g.submit("alice", {"action": "cast", "card": named(g, "Thud"), "targets": ["bob"],
                           "sacrifice": [named(g, "Hill Giant")]})
    assert g.state_key() == before


def test_target_that_raises_the_cost_too_much_is_not_offered(cards: CardPool) -> None:
    g = game(cards, """
active: bob
step: main1
players:
  alice: {battlefield: [Boreal Elemental, Grizzly Bears]}
  bob: {mana_pool: "{R}", hand: [Shock]}
""")
    targets = casts(g)["Shock"]["targets"][0]
    assert named(g, "Grizzly Bears") in targets and named(g, "Boreal Elemental") not in targets


def test_graveyard_ability_offered_to_its_owner_only(cards: CardPool) -> None:
    g = game(cards, """
active: alice
step: main1
players:
  alice: {mana_pool: "{1}{B}", graveyard: [Reassembling Skeleton]}
  bob: {graveyard: [Sanitarium Skeleton]}
""")
    acts = [o for o in g.pending.options if o["action"] == "activate"]
    assert [o["name"] for o in acts] == ["Reassembling Skeleton"]


def test_random_bot_pays_chosen_costs(cards: CardPool) -> None:
    g = game(cards, """
active: alice
step: main1
players:
  alice:
    mana_pool: "{1}{U}"
    battlefield: ["Sai, Master Thopterist", Ornithopter, Ornithopter, Ornithopter]
    library: [Island]
  bob: {}
""")
    bot = RandomBot(3)
    opt = next(o for o in g.pending.options if o["action"] == "activate")
    g.submit("alice", {"action": "activate", "card": opt["card"], "ability": opt["ability"]})
    d = g.pending
    assert d.kind == "choose_cards" and d.data["min"] == d.data["max"] == 2 and len(d.options) == 3
    g.submit("alice", bot.answer(d))
    assert len(g.players["alice"].graveyard) == 2 and g.pending.kind == "priority"


def test_game_waiting_for_a_cost_choice_copies_and_replays(cards: CardPool) -> None:
    g = game(cards, """
active: alice
step: main1
players:
  alice: {mana_pool: "{B}", battlefield: [Grizzly Bears, Hill Giant], hand: [Bone Splinters]}
  bob: {battlefield: [Craw Wurm]}
""")
    g.submit("alice", {"action": "cast", "card": named(g, "Bone Splinters"), "targets": [named(g, "Craw Wurm")]})
    assert g.pending.kind == "choose_cards"
    c = g.copy()
    assert c == g
    h = Game.from_json(g.to_json(), cards)
    assert h == g
    c.submit("alice", {"cards": [named(c, "Hill Giant")]})
    assert c != g and g.pending.kind == "choose_cards"
