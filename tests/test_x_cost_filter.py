"""602.2b, 601.2b, 107.3a: an X that only a cost's filter and a target's filter name (Kozilek, the Great
Distortion: "Discard a card with mana value X: Counter target spell with mana value X"). The activator
announces X; the priority options carry the legal values of X, and the bots answer with them."""
from __future__ import annotations

from typing import Any

import pytest

from engine.ai.policy import build_answer
from engine.ai.random_bot import RandomBot
from engine.cardpool import default_pool
from engine.errors import IllegalAction
from engine.game import Game
from engine.scenario import Runner

KOZILEK = "Kozilek, the Great Distortion"


def _game(hand: list[str]) -> Game:
    """bob casts Lightning Bolt (mana value 1), then Counterspell (2) on it; alice holds priority."""
    r = Runner({"name": "t", "setup": {"active": "bob", "step": "main1", "players": {
        "alice": {"battlefield": [KOZILEK], "hand": hand},
        "bob": {"battlefield": ["Mountain", "Island", "Island"], "hand": ["Lightning Bolt", "Counterspell"]}}},
        "steps": [{"bob": "cast", "card": "Lightning Bolt", "targets": ["alice"]},
                  {"bob": "cast", "card": "Counterspell", "targets": ["Lightning Bolt"]},
                  {"bob": "pass"}]}, default_pool())
    r.run()
    return r.g


def _kozilek_options(g: Game) -> list[dict[str, Any]]:
    return [o for o in g.pending.options if o.get("action") == "activate" and o.get("name") == KOZILEK]


def _spell(g: Game, name: str) -> int:
    return next(i for i in g.stack if g.objects[i].card.name == name)


def test_one_option_for_each_x_the_hand_and_the_stack_allow() -> None:
    """Shock (1) and Grizzly Bears (2) in the hand, Bolt (1) and Counterspell (2) on the stack: X is 1 or 2,
    each option offering only the spell of that mana value; Ornithopter (0) finds no spell of mana value 0,
    and no card in the hand has mana value 3."""
    g = _game(["Shock", "Grizzly Bears", "Ornithopter"])
    got = {tuple(o["x_values"]): o["targets"] for o in _kozilek_options(g)}
    assert got == {(1,): [[_spell(g, "Lightning Bolt")]], (2,): [[_spell(g, "Counterspell")]]}


def test_no_option_when_no_card_in_hand_matches_a_spell() -> None:
    """Only Ornithopter (0) and Divination (3) in the hand: no X lets Kozilek target a spell."""
    g = _game(["Ornithopter", "Divination"])
    assert _kozilek_options(g) == []


def test_the_random_bot_answers_an_x_option_legally() -> None:
    """Whatever X option it picks, the random bot's answer is accepted: the cost's discard is asked
    among the cards of that mana value only, and the spell of that mana value is countered."""
    for seed in range(6):
        g = _game(["Shock", "Grizzly Bears"])
        opt = _kozilek_options(g)[seed % 2]
        bot = RandomBot(seed)
        a = bot._priority([opt])
        x = opt["x_values"][0]
        assert a["x"] == x
        g.submit("alice", a)
        assert g.pending.kind == "choose_cards"
        assert [g.objects[c].card.name for c in g.pending.options] == ["Shock" if x == 1 else "Grizzly Bears"]


def test_the_policy_builds_its_answer_with_the_offered_x() -> None:
    g = _game(["Shock", "Grizzly Bears"])
    for opt in _kozilek_options(g):
        a = build_answer(g, "alice", opt, targets=opt["targets"])
        assert a["x"] == opt["x_values"][0]
    opt = next(o for o in _kozilek_options(g) if o["x_values"] == [2])
    g.submit("alice", build_answer(g, "alice", opt, targets=opt["targets"]))
    g.submit("alice", {"cards": list(g.pending.options)})
    assert [g.objects[i].card.name for i in g.players["alice"].graveyard] == ["Grizzly Bears"]


def test_the_table_names_the_x_of_an_option_and_does_not_ask_it_again() -> None:
    """The table's button says which X an option is for, and building its answer asks no X."""
    from app.table.prompt import choice_label  # the app's Qt modules, imported only by this test
    from app.table.scene import Interaction

    g = _game(["Shock", "Grizzly Bears"])
    opt = next(o for o in _kozilek_options(g) if o["x_values"] == [2])
    assert choice_label(opt).endswith("(X=2)")
    it = Interaction(opt)
    it.add_target(opt["targets"][0][0])
    assert not it.needs_more() and it.answer()["x"] == 2


def _board(alice: list[Any], bob: list[Any]) -> Game:
    r = Runner({"name": "t", "setup": {"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": alice}, "bob": {"battlefield": bob}}}, "steps": []}, default_pool())
    r.run()
    return r.g


def _options(g: Game, name: str) -> list[dict[str, Any]]:
    return [o for o in g.pending.options if o.get("action") == "activate" and o.get("name") == name]


def test_remove_x_counters_offers_x_up_to_the_counters_there_are() -> None:
    """602.2b, 118.3: "Remove X ki counters from this creature" (Quillmane Baku, two ki counters): X up to 2;
    its target "with mana value X or less" depends on X, so each X is an option with the targets it allows:
    X of 0 or 1 finds no creature of so small a mana value, X of 2 finds Grizzly Bears only."""
    g = _board([{"name": "Quillmane Baku", "counters": {"ki": 2}}, "Island"], ["Hill Giant", "Grizzly Bears"])
    opts = _options(g, "Quillmane Baku")
    assert [(o["x_values"], o["x_max"]) for o in opts] == [([2], 2)]
    assert [g.objects[t].card.name for t in opts[0]["targets"][0]] == ["Grizzly Bears"]
    with pytest.raises(IllegalAction):
        g.submit("alice", {"action": "activate", "card": opts[0]["card"], "ability": 1, "x": 3,
                           "targets": [[opts[0]["card"]]]})


def test_tap_x_creatures_offers_x_up_to_the_untapped_ones() -> None:
    """"{B}, {T}, Tap X untapped Knights you control" (Aryel, a Knight herself, tapped by {T}): X up to the
    two other untapped Knights; the random bot's answer for the option with a target is legal."""
    g = _board(["Aryel, Knight of Windgrace", "Swamp", "Knight of Malice", "Knight of Grace"], ["Grizzly Bears"])
    opts = [o for o in _options(g, "Aryel, Knight of Windgrace") if o["ability"] == 1]
    assert {o["x_max"] for o in opts} == {2}
    with_target = [o for o in opts if o["targets"] and o["targets"][0]]
    assert sorted(o["x_values"][0] for o in with_target) == [2]  # the Bears' power is 2
    bot = RandomBot(3)
    a = bot._priority(with_target)
    g.submit("alice", a)
    assert g.pending.kind == "choose_cards" and len(g.pending.options) == 2


def test_pay_x_life_as_an_additional_cost_offers_x_up_to_the_life_total() -> None:
    """601.2b, 119.4: Toxic Deluge ("As an additional cost to cast this spell, pay X life") is offered with X
    up to the caster's life; the AI pays at most half of it, the random bot a legal X."""
    r = Runner({"name": "t", "setup": {"active": "alice", "step": "main1", "players": {
        "alice": {"life": 7, "battlefield": ["Swamp", "Swamp", "Swamp"], "hand": ["Toxic Deluge"]},
        "bob": {"battlefield": ["Grizzly Bears"]}}}, "steps": []}, default_pool())
    r.run()
    g = r.g
    (opt,) = [o for o in g.pending.options if o.get("action") == "cast"]
    assert opt["x"] and opt["x_max"] == 7 and opt["x_life"]
    a = build_answer(g, "alice", opt)
    assert a["x"] == 3
    g.submit("alice", a)
    assert g.players["alice"].life == 4
