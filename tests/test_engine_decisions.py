"""Typed decisions (issue 14 item 3), compile-time filter checks, and a state_key that sees
the whole state (item 5): a leaked effect or trigger makes two games unequal."""
from __future__ import annotations

import pytest

from engine import filters, ops
from engine.bench import GREEN, RED
from engine.cardpool import CardPool
from engine.cards.abilities import Ability, Effect
from engine.decision_kinds import ANSWERS, CHOICE_KINDS, OPTIONS, DecisionKind, validate
from engine.errors import IllegalAction
from engine.game import ANSWER_HANDLERS, Game


@pytest.fixture(scope="module")
def cards() -> CardPool:
    return CardPool()


def at_priority(cards: CardPool) -> Game:
    g = Game.new([("alice", RED), ("bob", GREEN)], cards, 1, play_first="alice")
    while g.pending.kind == "mulligan":
        g.submit(g.pending.player, {"option": "keep"})
    while g.pending.kind != "priority":
        g.submit(g.pending.player, g.pending.forced)
    return g


# ------------------------------------------------------------------ kinds and dispatch
def test_a_kind_is_its_plain_string(cards):
    g = at_priority(cards)
    assert g.pending.kind is DecisionKind.PRIORITY
    assert g.pending.kind == "priority" and {"priority": 1}[g.pending.kind] == 1
    assert g.pending.to_dict()["kind"] == "priority"


def test_every_kind_has_a_shape_and_a_handler():
    assert set(ANSWERS) == set(DecisionKind) == set(OPTIONS)
    for kind in DecisionKind:
        if kind in CHOICE_KINDS:
            assert (kind, "resolve") in ANSWER_HANDLERS  # the resolver answers any generic choice
        else:
            assert (kind, None) in ANSWER_HANDLERS
    assert {k for k, _ in ANSWER_HANDLERS} <= set(DecisionKind)


@pytest.mark.parametrize("kind, answer, key", [
    ("priority", {"action": 3}, "action"),
    ("choose_cards", {"cards": "12"}, "cards"),
    ("choose_number", {"number": True}, "number"),
    ("play_first", {"player": ["alice"]}, "player"),
])
def test_validate_names_the_wrong_key(kind, answer, key):
    with pytest.raises(IllegalAction, match=repr(key)):
        validate(kind, answer)


def test_validate_accepts_what_the_engine_accepts():
    assert validate("priority", {"action": "cast", "card": 5, "targets": [[1]], "x": "2"})
    assert validate("attackers", {"attackers": [3, 4]})
    assert validate("choose_option", {"option": True})
    with pytest.raises(IllegalAction, match="mapping"):
        validate("priority", ["pass"])


def test_a_malformed_answer_changes_nothing(cards):
    g = at_priority(cards)
    before = g.state_key()
    with pytest.raises(IllegalAction):
        g.submit(g.pending.player, {"action": 3})
    assert g.state_key() == before
    assert g.pending.kind == "priority"


# ------------------------------------------------------------------ compile-time checks
def test_filters_check_names_the_unknown_key():
    filters.check({"types": ["Creature"], "controller": "you"})
    with pytest.raises(ValueError, match="colour"):
        filters.check({"types": ["Creature"], "colour": ["R"]})
    with pytest.raises(ValueError, match="powr_le"):
        filters.check({"or": [{"types": ["Land"]}, {"powr_le": 2}]})
    with pytest.raises(ValueError, match="different_names"):
        filters.check({"types": ["Land"], "different_names": True})
    filters.check({"types": ["Land"], "different_names": True}, group_ok=True)
    # "with the same name as that permanent" names an object of a resolution: only an "each" or a
    # count that a resolution binds may carry it (engine.values.bind_refs), never a static's filter
    with pytest.raises(ValueError, match="same_name_as"):
        filters.check({"permanent": True, "same_name_as": {"target": 0}})
    assert filters.unknown_keys({"permanent": True, "same_name_as": {"target": 0}}, player_refs=True) == set()


def test_ops_check_reads_nested_effects_and_filters():
    ops.check(Effect("destroy", {"what": {"each": {"types": ["Creature"]}}}))
    with pytest.raises(ValueError, match="unknown op 'explode'"):
        ops.check(Effect("explode", {}))
    bad = Effect("may", {"effects": (Effect("destroy", {"what": {"each": {"typez": ["Creature"]}}}),)})
    with pytest.raises(ValueError, match="typez"):
        ops.check(bad)
    ops.check(Effect("search", {"filter": {"types": ["Land"], "different_names": True}}))


# ------------------------------------------------------------------ state_key sees everything
def test_copies_and_replays_are_equal(cards):
    g = at_priority(cards)
    assert g.copy() == g
    assert Game.from_json(g.to_json(), cards) == g


def test_a_leaked_continuous_effect_makes_games_unequal(cards):
    g = at_priority(cards)
    other = g.copy()
    g.effects.append({"layer": "7c", "ts": g.ts + 1, "objects": [], "until": "eot", "power": 1, "toughness": 1})
    assert g != other and g.state_key() != other.state_key()


def test_a_leaked_delayed_or_pending_trigger_makes_games_unequal(cards):
    g = at_priority(cards)
    other = g.copy()
    g.delayed.append({"step": "end", "controller": "alice", "ability": Ability("triggered", "delayed"),
                      "source": None, "card": None, "info": {}})
    assert g != other
    g = other.copy()
    g.triggered.append({"controller": "alice", "ability": Ability("triggered", "x"), "source": None})
    assert g != other


def test_targets_x_and_modes_of_an_object_count(cards):
    g = at_priority(cards)
    oid = g.players["alice"].hand[0]
    for slot, value in (("targets", [["bob"]]), ("x", 3), ("modes", [1]), ("chosen", {"color": "R"})):
        other = g.copy()
        o = other.objects[oid] = other.objects[oid].copy()
        setattr(o, slot, value)
        assert other != g, slot
