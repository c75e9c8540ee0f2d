"""The keyword ways of casting (engine/cast_options.py) as the players and bots see them: the
priority options list each one a card can use now, with what the bots answer with."""
from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from engine import cast_options
from engine.ai.random_bot import RandomBot
from engine.cardpool import CardPool, default_pool
from engine.errors import IllegalAction
from engine.scenario import Runner


def _game(players: dict[str, Any]) -> Any:
    r = Runner({"name": "t", "setup": {"active": "alice", "step": "main1", "players": players}, "steps": []},
               default_pool())
    r.run()
    return r.g


def _casts(g: Any, name: str) -> list[dict[str, Any]]:
    d = g.pending
    return [o for o in d.options if o.get("action") == "cast" and g.objects[o["card"]].card.name == name]


def test_convoke_makes_a_spell_castable_and_the_option_names_the_creatures_702_50a() -> None:
    g = _game({"alice": {"battlefield": ["Mountain", "Mountain", "Grizzly Bears", "Raging Goblin", "Forest"],
                         "hand": ["Stoke the Flames"]}})
    (opt,) = _casts(g, "Stoke the Flames")
    # {2}{R}{R} with two Mountains and a Forest: one creature is enough, the red one pays {R}
    assert [g.objects[i].card.name for i in opt["convoke"]] == ["Raging Goblin"]
    # the random bot picks among the options: the first seed whose pick is the cast
    a = next(a for a in (RandomBot(seed).answer(g.pending) for seed in range(200)) if a.get("action") == "cast")
    assert a["convoke"] == opt["convoke"]
    g.submit("alice", {**a, "targets": [["bob"]]})
    assert g.objects[opt["convoke"][0]].tapped
    assert [g.objects[i].card.name for i in g.stack] == ["Stoke the Flames"]


def test_no_option_when_mana_and_creatures_together_fall_short_702_50a() -> None:
    g = _game({"alice": {"battlefield": ["Forest", "Llanowar Elves"], "hand": ["Stoke the Flames"]}})
    assert _casts(g, "Stoke the Flames") == []


def test_delve_option_when_the_graveyard_pays_702_65a() -> None:
    g = _game({"alice": {"battlefield": ["Island"], "hand": ["Treasure Cruise"],
                         "graveyard": ["Forest"] * 7}})
    (opt,) = _casts(g, "Treasure Cruise")
    assert len(opt["delve"]) == 7
    g2 = _game({"alice": {"battlefield": ["Island"], "hand": ["Treasure Cruise"], "graveyard": ["Forest"] * 6}})
    assert _casts(g2, "Treasure Cruise") == []


def test_buyback_is_offered_as_an_extra_cost_702_26a() -> None:
    g = _game({"alice": {"battlefield": ["Island"] * 6, "hand": ["Whispers of the Muse"]}})
    (opt,) = _casts(g, "Whispers of the Muse")
    assert opt["extra_costs"] == {"buyback": "{5}"}
    # 601.2f: with mana for the spell alone, it is offered without the buyback its mana can't pay
    g1 = _game({"alice": {"battlefield": ["Island"], "hand": ["Whispers of the Muse"]}})
    (opt1,) = _casts(g1, "Whispers of the Muse")
    assert "buyback" not in opt1.get("extra_costs", {})


def test_a_cast_offer_takes_only_the_offered_card_and_an_illegal_answer_changes_nothing_608_2c() -> None:
    r = Runner({"name": "t", "setup": {"active": "bob", "step": "main1", "players": {
        "alice": {"battlefield": ["Mountain"], "hand": ["Fiery Temper", "Shock"]},
        "bob": {"battlefield": ["Swamp", "Swamp", "Swamp"], "hand": ["Mind Rot"]}}},
        "steps": [{"bob": "cast", "card": "Mind Rot", "targets": ["alice"]}, {"resolve": 1},
                  {"alice": "choose", "cards": ["Fiery Temper", "Shock"]}, {"resolve": 1}]}, default_pool())
    r.run()
    g = r.g
    d = g.pending
    assert d.kind == "cast_offer" and d.player == "alice"
    temper = d.data["card"]
    assert g.objects[temper].zone == "exile"
    assert [o["action"] for o in d.options] == ["cast", "pass"]
    (shock,) = [i for i in g.players["alice"].graveyard if g.objects[i].card.name == "Shock"]
    before = g.state_key()
    for bad in ({"action": "cast", "card": shock, "targets": [["bob"]]},       # not the offered card
                {"action": "cast", "card": temper, "targets": [["nobody"]]},   # not a legal target
                {"action": "activate", "card": temper, "ability": 0}):         # not a cast
        with pytest.raises(IllegalAction):
            g.submit("alice", bad)
        assert g.state_key() == before
    g.submit("alice", {"action": "cast", "card": temper, "targets": [["bob"]]})
    assert [g.objects[i].card.name for i in g.stack] == ["Fiery Temper"]


def test_a_convoke_spell_mana_alone_pays_is_offered_without_creatures_702_50a() -> None:
    g = _game({"alice": {"battlefield": ["Mountain", "Mountain", "Mountain", "Mountain", "Grizzly Bears"],
                         "hand": ["Stoke the Flames"]}})
    (opt,) = _casts(g, "Stoke the Flames")
    assert not opt.get("convoke")


def test_a_convoking_creature_pays_a_colored_symbol_of_its_color_702_50a() -> None:
    """{2}{R}{R} with one Mountain and two Forests: Raging Goblin (red) pays one {R}, the Mountain the other;
    counted as generic mana instead, the Goblin would leave {R}{R} for one Mountain."""
    g = _game({"alice": {"battlefield": ["Mountain", "Forest", "Forest", "Raging Goblin"],
                         "hand": ["Stoke the Flames"]}})
    (opt,) = _casts(g, "Stoke the Flames")
    assert [g.objects[i].card.name for i in opt["convoke"]] == ["Raging Goblin"]
    g.submit("alice", {"action": "cast", "card": opt["card"], "convoke": opt["convoke"], "targets": [["bob"]]})
    assert [g.objects[i].card.name for i in g.stack] == ["Stoke the Flames"]
    assert all(g.objects[i].tapped for i in g.battlefield)


def test_a_convoke_option_keeps_a_creature_that_makes_mana_free_to_tap_for_it_702_50a() -> None:
    """{2}{R}{R} with two Mountains, Llanowar Elves and Grizzly Bears: neither creature pays {R}; the Bears convoke and
    the Elves tap for {G} (605.3a), one helper. Tapping the Elves for convoke instead leaves {1}{R}{R} to two Mountains,
    and needs the Bears as well (the fewest helpers, 601.2h)."""
    g = _game({"alice": {"battlefield": ["Mountain", "Mountain", "Llanowar Elves", "Grizzly Bears"],
                         "hand": ["Stoke the Flames"]}})
    (opt,) = _casts(g, "Stoke the Flames")
    assert [g.objects[i].card.name for i in opt["convoke"]] == ["Grizzly Bears"]
    g.submit("alice", {"action": "cast", "card": opt["card"], "convoke": opt["convoke"], "targets": [["bob"]]})
    assert [g.objects[i].card.name for i in g.stack] == ["Stoke the Flames"]
    assert all(g.objects[i].tapped for i in g.battlefield)


def _activations(g: Any, name: str) -> list[dict[str, Any]]:
    return [o for o in g.pending.options if o.get("action") == "activate" and g.objects[o["card"]].card.name == name]


def test_a_waterbend_ability_is_offered_with_the_artifacts_and_creatures_that_help_pay_it() -> None:
    """Waterbend (a later keyword action, Avatar: The Last Airbender): Katara's "Waterbend {6}: Draw a card" with two
    Islands and Llanowar Elves for mana is offered with the three helpers that make no mana (the fewest, 602.2b,
    601.2h); the bot's answer pays it, the Elves tapped for mana and the Giant left untapped."""
    g = _game({"alice": {"battlefield": ["Island", "Island", "Katara, Bending Prodigy", "Grizzly Bears", "Ornithopter",
                                         "Hill Giant", "Llanowar Elves"], "library": ["Plains"]}})
    (opt,) = _activations(g, "Katara, Bending Prodigy")
    names = sorted(g.objects[i].card.name for i in opt["waterbend"])
    assert names == ["Grizzly Bears", "Katara, Bending Prodigy", "Ornithopter"]
    a = next(a for a in (RandomBot(seed).answer(g.pending) for seed in range(400)) if a.get("action") == "activate"
             and g.objects[a["card"]].card.name == "Katara, Bending Prodigy")
    assert a["waterbend"] == opt["waterbend"]
    g.submit("alice", a)
    assert [g.objects[i].card.name for i in g.stack] == ["Katara, Bending Prodigy"]
    tapped = {g.objects[i].card.name for i in g.battlefield if g.objects[i].tapped}
    assert tapped == {"Island", "Llanowar Elves", *names}


def test_no_waterbend_option_when_mana_and_helpers_fall_short() -> None:
    g = _game({"alice": {"battlefield": ["Island", "Katara, Bending Prodigy", "Grizzly Bears", "Ornithopter",
                                         "Hill Giant"]}})
    assert _activations(g, "Katara, Bending Prodigy") == []
    with pytest.raises(IllegalAction):
        g.submit("alice", {"action": "activate", "card": next(i for i in g.battlefield if g.objects[i].card.name
                                                               == "Katara, Bending Prodigy"), "ability": 0})


def test_casualty_x_is_not_carried_out_so_the_keyword_is_not_implemented_for_it() -> None:
    """Casualty (a later keyword, Streets of New Capenna: 601.2b-like additional cost) "Casualty N" sacrifices a
    creature with power N or greater as the spell is cast; "Casualty X" (Ob Nixilis, the Adversary) names no number,
    and its X is not read: the keyword is implemented for Cut Your Losses' Casualty 2, not for a card written with
    Casualty X, which stays unsupported."""
    base = default_pool()

    class _Source:
        def __init__(self, extra: Any) -> None:
            self.extra = extra

        def get(self, name: str) -> Any:
            return self.extra if name == self.extra.name else base.source.get(name)

    real = base.definition("Cut Your Losses")
    assert real.keyword_args.get("Casualty") == 2 and cast_options.implemented("Casualty", real)
    card = dataclasses.replace(base.source.get("Cut Your Losses"), name="Casualty X Test",
                               text="Casualty X\nTarget player mills two cards.")
    made = CardPool(_Source(card)).definition("Casualty X Test")
    assert made.keyword_args.get("Casualty") == "X"
    assert not cast_options.implemented("Casualty", made)
