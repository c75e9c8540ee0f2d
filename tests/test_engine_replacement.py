"""616.1: the order of replacement and prevention effects (engine/replacement.py), in the
places scenarios do not reach: the choice as a decision (legal answers, illegal answers,
replay, copies, the random bot), a state-based action that waits for it, the tiers of
616.1a-c and the default order where no player can be asked."""
from __future__ import annotations

from typing import Any

import pytest

from engine import replacement
from engine.ai.random_bot import RandomBot
from engine.cardpool import CardPool, CorpusSource
from engine.choices import NeedChoice
from engine.errors import IllegalAction
from engine.game import Game
from engine.setup import from_setup

SHIELDS = {"active": "alice", "step": "main1", "players": {"alice": {
    "battlefield": ["Plains", "Plains", "Plains", "Mountain", {"name": "Centaur Courser", "id": "courser"}],
    "hand": ["Mending Hands", "Test of Faith", "Lightning Bolt"]}}}


def _obj(g: Game, name: str) -> int:
    return next(i for i, o in g.objects.items() if o.card.name == name)


def _play(g: Game, player: str, action: dict[str, Any]) -> None:
    """Submit an action, then pass priority until the stack is empty or another decision comes."""
    g.submit(player, action)
    while g.pending is not None and g.pending.kind == "priority" and g.stack:
        g.submit(g.pending.player, {"action": "pass"})


def _cast(g: Game, name: str, targets: list[list[Any]] | None = None, **kw: Any) -> None:
    a: dict[str, Any] = {"action": "cast", "card": _obj(g, name), **kw}
    if targets is not None:
        a["targets"] = targets
    _play(g, "alice", a)


def _shield_decision() -> Game:
    g = from_setup(SHIELDS)
    c = _obj(g, "Centaur Courser")
    _cast(g, "Mending Hands", [[c]])
    _cast(g, "Test of Faith", [[c]])
    _cast(g, "Lightning Bolt", [[c]])
    return g


def test_two_shields_ask_the_controller_with_the_legal_answers() -> None:
    g = _shield_decision()
    d = g.pending
    assert d.kind == "choose_option" and d.player == "alice" and d.forced is None
    assert d.data["replace"].startswith("damage:")
    assert d.options == ["Mending Hands: prevent the next 4 damage",
                         "Test of Faith: prevent the next 3 damage (a +1/+1 counter for each 1 damage prevented)"]
    assert len(d.data["ids"]) == 2


def test_an_illegal_answer_changes_nothing() -> None:
    g = _shield_decision()
    before = g.state_key()
    for bad in ({"option": "Shock: prevent everything"}, {"option": 3}, {"cards": []}):
        with pytest.raises(IllegalAction):
            g.submit("alice", bad)
        assert g.state_key() == before
    with pytest.raises(IllegalAction):
        g.submit("bob", {"option": 1})


def test_the_answer_is_applied_and_the_shields_are_spent() -> None:
    g = _shield_decision()
    g.submit("alice", {"option": 2})  # Test of Faith first (1-based)
    c = _obj(g, "Centaur Courser")
    assert g.objects[c].counters.get("+1/+1") == 3 and g.objects[c].damage == 0
    left = {e["name"]: e["amount"] for e in g.effects if e["layer"] == "prevent"}
    assert left == {"Mending Hands": 4, "Test of Faith": 0}
    assert g.replacing == {}  # the answer is dropped once the damage is dealt
    assert g.pending.kind == "priority"


def test_replay_and_copy_at_the_pending_choice() -> None:
    g = _shield_decision()
    h = Game.from_json(g.to_json())
    assert h == g and h.pending.options == g.pending.options
    k = g.copy()
    k.submit("alice", {"option": "Mending Hands: prevent the next 4 damage"})
    assert g.pending.kind == "choose_option"  # the branch did not touch the original
    g.submit("alice", {"option": "Mending Hands: prevent the next 4 damage"})
    assert g == k
    assert Game.from_json(g.to_json()) == g
    c = _obj(g, "Centaur Courser")
    assert g.objects[c].counters.get("+1/+1", 0) == 0


def test_the_random_bot_answers_the_choice() -> None:
    g = _shield_decision()
    bot = RandomBot(5)
    g.submit("alice", bot.answer(g.pending))
    assert g.pending.kind == "priority" and g.wait["kind"] == "priority"


# ------------------------------------------------------------------ a state-based action waits (704.3)
class _WithShuffler:
    """The corpus plus one test creature with Legacy Weapon's replacement."""

    def __init__(self) -> None:
        self.base = CorpusSource()

    def get(self, name: str) -> dict[str, Any] | None:
        if name == "Test Shuffler":
            return {"name": name, "manaCost": "{1}{W}", "types": ["Creature"], "subtypes": ["Golem"],
                    "power": "2", "toughness": "2", "type": "Creature — Golem",
                    "text": "If Test Shuffler would be put into a graveyard from anywhere, reveal Test Shuffler "
                            "and shuffle it into its owner's library instead."}
        return self.base.get(name)


def _lethal_shock(option: str) -> Game:
    cards = CardPool(_WithShuffler())
    g = from_setup({"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Mountain", "Leyline of the Void"], "hand": ["Shock"]},
        "bob": {"battlefield": ["Test Shuffler"], "library": ["Island"]}}}, cards)
    assert cards.definition("Test Shuffler").supported
    _cast(g, "Shock", [[_obj(g, "Test Shuffler")]])
    d = g.pending
    assert d.kind == "choose_option" and d.player == "bob" and d.data["replace"].startswith("zone:")
    assert g.resolving is None  # asked by the state-based check, after Shock resolved
    assert _obj(g, "Test Shuffler") in g.battlefield  # nothing happened yet
    assert Game.from_json(g.to_json(), cards) == g
    g.submit("bob", {"option": option})
    return g


def test_lethal_damage_waits_for_the_owner_order_leyline_first() -> None:
    g = _lethal_shock("Leyline of the Void: exile it instead")
    assert [g.objects[i].card.name for i in g.players["bob"].exile] == ["Test Shuffler"]
    assert len(g.players["bob"].library) == 1


def test_lethal_damage_waits_for_the_owner_order_own_first() -> None:
    g = _lethal_shock("Test Shuffler: shuffle it into its owner's library instead")
    assert g.players["bob"].exile == [] and len(g.players["bob"].library) == 2
    assert g.battlefield == [_obj(g, "Mountain"), _obj(g, "Leyline of the Void")]


# ------------------------------------------------------------------ the process itself (616.1a-e, 614.5)
def _game() -> Game:
    return from_setup({"active": "alice", "step": "main1", "players": {}})


def _mult(cands: list[dict[str, Any]]) -> tuple[Any, Any]:
    def applicable(ev: dict[str, Any]) -> list[dict[str, Any]]:
        return cands

    def apply(ev: dict[str, Any], c: dict[str, Any]) -> dict[str, Any]:
        return {"out": ev["out"] * c["k"] + c["plus"]}
    return applicable, apply


def test_self_replacement_effects_go_first_without_a_question() -> None:
    """616.1a-c: a lower tier is applied first; only the rest are ordered by choice."""
    g = _game()
    cands = [{"id": "other", "text": "double", "tier": replacement.OTHER, "k": 2, "plus": 0},
             {"id": "self", "text": "plus one", "tier": replacement.SELF_REPLACEMENT, "k": 1, "plus": 1}]
    ev, applied = replacement.run(g, "t", "alice", {"out": 3}, *_mult(cands))
    assert [c["id"] for c in applied] == ["self", "other"] and ev["out"] == 8
    copy_first = [{"id": "copy", "text": "copy", "tier": replacement.COPY_ON_ENTER, "k": 2, "plus": 0},
                  {"id": "control", "text": "control", "tier": replacement.CONTROL_ON_ENTER, "k": 1, "plus": 1}]
    _, applied = replacement.run(g, "t", "alice", {"out": 3}, *_mult(copy_first))
    assert [c["id"] for c in applied] == ["control", "copy"]


def test_each_effect_applies_once_and_equal_orders_are_not_asked() -> None:
    """614.5: three doublings double three times; any order gives 24, so nothing is asked."""
    g = _game()
    cands = [{"id": f"d{i}", "text": "double", "tier": replacement.OTHER, "k": 2, "plus": 0} for i in range(3)]
    ev, applied = replacement.run(g, "t", "alice", {"out": 3}, *_mult(cands))
    assert ev["out"] == 24 and len(applied) == 3


def test_orders_that_differ_are_asked_one_step_at_a_time() -> None:
    """616.1e: after each choice the rest are checked again; a question per step that matters."""
    g = _game()
    cands = [{"id": "plus", "text": "plus one", "tier": replacement.OTHER, "k": 1, "plus": 1},
             {"id": "dbl", "text": "double", "tier": replacement.OTHER, "k": 2, "plus": 0},
             {"id": "dbl2", "text": "double", "tier": replacement.OTHER, "k": 2, "plus": 0}]
    with pytest.raises(NeedChoice) as e:
        replacement.run(g, "t", "alice", {"out": 3}, *_mult(cands))
    w = e.value.wait
    assert w["options"] == ["plus one", "double (#1)", "double (#2)"] and w["step"] == 0
    g.replacing["t"] = ["dbl"]
    with pytest.raises(NeedChoice) as e:  # then "plus one" or the other double: 3*2*2+1 or (3*2+1)*2
        replacement.run(g, "t", "alice", {"out": 3}, *_mult(cands))
    assert e.value.wait["step"] == 1 and e.value.wait["ids"] == ["plus", "dbl2"]
    g.replacing["t"] = ["dbl", "plus"]
    ev, applied = replacement.run(g, "t", "alice", {"out": 3}, *_mult(cands))
    assert ev["out"] == 14 and [c["id"] for c in applied] == ["dbl", "plus", "dbl2"]


def test_without_a_player_to_ask_the_first_collected_applies() -> None:
    """A move made where no decision can wait (here a bare Game.move) uses the order the
    effects were collected in: the card's own replacement first."""
    g = from_setup({"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Legacy Weapon"]}, "bob": {"battlefield": ["Leyline of the Void"]}}})
    g.move(_obj(g, "Legacy Weapon"), "graveyard")
    assert [g.objects[i].card.name for i in g.players["alice"].library] == ["Legacy Weapon"]


def test_no_effects_no_question() -> None:
    g = _game()
    ev, applied = replacement.run(g, "t", "alice", {"out": 3}, lambda ev: [], lambda ev, c: ev)
    assert ev == {"out": 3} and applied == []


# ------------------------------------------------------------------ whole games
RED_WHITE = ["Plains"] * 8 + ["Mountain"] * 6 + ["Forest"] * 3 + ["Mending Hands"] * 3 + ["Test of Faith"] * 3 + \
    ["Holy Day"] * 2 + ["Angel of Vitality"] * 3 + ["Rhox Faithmender"] * 3 + ["Lightning Bolt"] * 4 + \
    ["Scorching Dragonfire"] * 3 + ["River Boa"] * 2
WHITE_BLUE = ["Plains"] * 8 + ["Mountain"] * 6 + ["Island"] * 3 + ["Leyline of the Void"] * 2 + ["Legacy Weapon"] + \
    ["Healing Salve"] * 3 + ["Samite Healer"] * 3 + ["Shock"] * 4 + ["Shatter"] * 3 + ["Rhox Faithmender"] * 3 + \
    ["Angel of Vitality"] * 4


def test_random_bots_play_through_the_choices_and_replay() -> None:
    """Two random bots with decks full of shields and replacements: the choices come up, are
    answered from their options, and the answers replay to an equal game."""
    asked = 0
    for seed in range(5, 25):  # the first seeded games in which the choice comes up (most do)
        g = Game.new([("p0", RED_WHITE), ("p1", WHITE_BLUE)], seed=seed)
        bots = {"p0": RandomBot(seed), "p1": RandomBot(1000 + seed)}
        for _ in range(3000):
            d = g.pending
            if d is None:
                break
            asked += d.kind == "choose_option" and "replace" in d.data
            try:
                g.submit(d.player, bots[d.player].answer(d))
            except IllegalAction:  # a random cast it cannot pay for: pass instead
                g.submit(d.player, {"action": "pass"})
        assert Game.from_json(g.to_json()) == g
        if asked:
            break
    assert asked > 0


def test_the_last_effect_left_applies_without_a_question() -> None:
    """616.1: the player chooses among two or more applicable effects; the one effect left
    after the others were chosen (616.1e) is applied without a question, even past the count
    above which the orders are no longer compared first (seven effects, six questions)."""
    g = _game()
    cands = [{"id": f"p{i}", "text": f"plus {i}", "tier": replacement.OTHER, "k": 2, "plus": i} for i in range(7)]
    order = [f"p{i}" for i in range(7)]
    for step in range(6):
        g.replacing["t"] = order[:step]
        with pytest.raises(NeedChoice) as e:
            replacement.run(g, "t", "alice", {"out": 1}, *_mult(cands))
        assert e.value.wait["step"] == step and e.value.wait["ids"] == order[step:]
    g.replacing["t"] = order[:6]
    ev, applied = replacement.run(g, "t", "alice", {"out": 1}, *_mult(cands))
    assert [c["id"] for c in applied] == order
    assert ev["out"] == ((((((1 * 2 + 0) * 2 + 1) * 2 + 2) * 2 + 3) * 2 + 4) * 2 + 5) * 2 + 6


def test_state_based_choices_are_asked_in_apnap_order_before_anything_happens() -> None:
    """704.3, 616.1, 101.4: Pyroclasm leaves a Test Shuffler of each player with lethal damage;
    each one's controller chooses between its own shuffle-instead effect and the opponent's
    Leyline of the Void. The active player is asked first, then the other, and only then do
    both creatures leave at once, each the way its controller chose."""
    cards = CardPool(_WithShuffler())
    g = from_setup({"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Mountain", "Mountain", "Leyline of the Void", {"name": "Test Shuffler", "id": "a"}],
                  "hand": ["Pyroclasm"], "library": ["Island"]},
        "bob": {"battlefield": ["Leyline of the Void", {"name": "Test Shuffler", "id": "b"}], "library": ["Island"]}}},
        cards)
    mine, theirs = (next(i for i in g.battlefield if g.objects[i].card.name == "Test Shuffler"
                         and g.objects[i].owner == p) for p in ("alice", "bob"))
    _cast(g, "Pyroclasm")
    d = g.pending
    assert d.kind == "choose_option" and d.player == "alice" and d.data["replace"] == f"zone:{mine}"
    g.submit("alice", {"option": "Leyline of the Void: exile it instead"})
    d = g.pending
    assert d.kind == "choose_option" and d.player == "bob" and d.data["replace"] == f"zone:{theirs}"
    assert mine in g.battlefield and theirs in g.battlefield  # nothing happened yet (704.3)
    g.submit("bob", {"option": "Test Shuffler: shuffle it into its owner's library instead"})
    assert mine not in g.objects and theirs not in g.objects  # each left (new objects, 400.7)
    assert sorted(g.objects[i].card.name for i in g.players["alice"].exile) == ["Pyroclasm", "Test Shuffler"]
    assert sorted(g.objects[i].card.name for i in g.players["bob"].library) == ["Island", "Test Shuffler"]
    assert g.pending.kind == "priority"


def test_the_active_player_chooses_first_whatever_the_action_101_4() -> None:
    """101.4, 704.3: alice's Test Shuffler has 0 toughness (704.5f) and bob's has lethal damage
    (704.5g); whatever the action, alice, the active player, is asked first, then bob."""
    cards = CardPool(_WithShuffler())
    g = from_setup({"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Leyline of the Void", {"name": "Test Shuffler", "counters": {"-1/-1": 2}}]},
        "bob": {"battlefield": ["Leyline of the Void", {"name": "Test Shuffler", "damage": 2}]}}},
        cards)
    mine, theirs = (next(i for i in g.battlefield if g.objects[i].card.name == "Test Shuffler"
                         and g.objects[i].owner == p) for p in ("alice", "bob"))
    d = g.pending
    assert d.kind == "choose_option" and d.player == "alice" and d.data["replace"] == f"zone:{mine}"
    g.submit("alice", {"option": 1})
    d = g.pending
    assert d.kind == "choose_option" and d.player == "bob" and d.data["replace"] == f"zone:{theirs}"


def test_a_shield_left_with_no_damage_to_prevent_is_not_applied_615_8() -> None:
    """615.7, 615.8: once the damage is all prevented, a "next time" shield that would also
    apply prevents nothing and is not applied: it stays for the next damage, and no order is
    asked (ask=False: the shields apply in the order they were created)."""
    g = _game()
    first = {"layer": "prevent", "ts": "1", "amount": 2, "to": ["bob"], "name": "A"}
    once = {"layer": "prevent", "ts": "2", "amount": None, "once": True, "to": ["bob"], "name": "B"}
    left, took = replacement.prevent(g, 7, "bob", 2, False, {}, [first, once], ask=False)
    assert left == 0 and took == [(first, 2)]
    left, took = replacement.prevent(g, 7, "bob", 3, False, {}, [first, once], ask=False)
    assert left == 0 and took == [(first, 2), (once, 1)]
    # earlier damage of the same batch took what was left of the first shield, then 1 of its 2
    left, took = replacement.prevent(g, 7, "bob", 1, False, {"1": 2}, [first, once], ask=False)
    assert left == 0 and took == [(once, 1)]
    left, took = replacement.prevent(g, 7, "bob", 1, False, {"1": 1}, [first, once], ask=False)
    assert left == 0 and took == [(first, 1)]
