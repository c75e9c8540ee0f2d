"""Every answer is checked by its type (issue 21, item 5): hostile answers to every kind of
decision are refused with IllegalAction and change nothing; what is taken is stored as a
plain-JSON copy that replays to the same game."""
from __future__ import annotations

import json
import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.ai.random_bot import RandomBot
from engine.bench import GREEN, RED
from engine.cardpool import CardPool
from engine.decision_kinds import ANSWERS, DecisionKind, validate
from engine.errors import IllegalAction
from engine.game import Game

CARDS = CardPool()


def games_by_kind() -> dict[str, Game]:
    """A copy of a random bench game at the first decision of each kind it meets."""
    out: dict[str, Game] = {}
    for seed in (1, 2, 3):
        g = Game.new([("p0", RED), ("p1", GREEN)], CARDS, seed)
        bots = {"p0": RandomBot(seed), "p1": RandomBot(seed + 10)}
        while g.pending is not None:
            d = g.pending
            out.setdefault(str(d.kind), g.copy())
            try:
                g.submit(d.player, bots[d.player].answer(d))
            except IllegalAction:
                g.submit(d.player, d.forced if d.forced is not None else {"action": "pass"})
    return out


GAMES = games_by_kind()

hostile_scalar = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True), st.booleans(), st.integers(-10**40, 10**40),
    st.sampled_from(["p9", "", "-1", "1e400", "x", "__concede__", "p0"]), st.none())
hostile_value = st.recursive(hostile_scalar, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=3), inner, max_size=3),
    st.frozensets(st.integers(0, 5), max_size=3)), max_leaves=8)


@st.composite
def hostile_answer(draw: st.DrawFn, kind: str) -> dict:
    keys = list(ANSWERS[DecisionKind(kind)].__annotations__) + ["bogus", "__class__"]
    return draw(st.dictionaries(st.sampled_from(keys), hostile_value, min_size=1, max_size=4))


def test_the_sample_meets_most_kinds():
    assert {"priority", "mulligan", "attackers", "blockers"} <= set(GAMES)


@pytest.mark.parametrize("kind", sorted(GAMES))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_hostile_answer_is_refused_or_taken_cleanly(kind, data):
    g = GAMES[kind].copy()
    d = g.pending
    answer = data.draw(hostile_answer(kind))
    before = g.state_key()
    try:
        g.submit(d.player, answer)
    except IllegalAction:
        assert g.state_key() == before
        assert g.pending.kind == d.kind and g.pending.player == d.player
        return
    # taken: stored as plain JSON, and the saved game replays to the same state
    stored = g.answers[-1][1]
    assert json.loads(json.dumps(stored, allow_nan=False)) == stored
    assert Game.from_json(g.to_json(), CARDS).state_key() == g.state_key()


def priority_game() -> Game:
    return GAMES["priority"].copy()


def a_card_in_hand(g: Game) -> int:
    return g.players[g.pending.player].hand[0]


@pytest.mark.parametrize("make, field", [
    (lambda c: {"action": "cast", "card": c, "targets": [["p9"]]}, "p9"),
    (lambda c: {"action": "cast", "card": c, "x": math.inf}, "JSON"),
    (lambda c: {"action": "cast", "card": c, "x": float("1e400")}, "JSON"),
    (lambda c: {"action": "cast", "card": [c]}, "card"),
    (lambda c: {"action": "cast", "card": float(c)}, "card"),
    (lambda c: {"action": "cast", "card": c, "x": True}, "x"),
    (lambda c: {"action": "cast", "card": c, "x": 1.7}, "x"),
    (lambda c: {"action": "cast", "card": c, "x": 10**30}, "x"),
    (lambda c: {"action": "cast", "card": c, "x": "five"}, "x"),
    (lambda c: {"action": "cast", "card": c, "modes": [-1]}, "modes"),
    (lambda c: {"action": "cast", "card": c, "modes": [0, 0]}, "modes"),
    (lambda c: {"action": "cast", "card": c, "colour": "red"}, "colour"),
    (lambda c: {"action": "cast", "card": c, "sacrifice": {c}}, "JSON"),
    (lambda c: {"action": "cast", "card": c, "targets": [[1, 1]]}, "twice"),
])
def test_the_named_hostile_answers_are_refused_naming_the_field(make, field):
    g = priority_game()
    before = g.state_key()
    with pytest.raises(IllegalAction, match=field):
        g.submit(g.pending.player, make(a_card_in_hand(g)))
    assert g.state_key() == before


def test_x_on_a_spell_without_x_is_refused():
    g = priority_game()
    p = g.pending.player
    for opt in g.pending.options:
        if opt.get("action") == "cast" and not opt.get("x"):
            before = g.state_key()
            with pytest.raises(IllegalAction):
                g.submit(p, {"action": "cast", "card": opt["card"], "x": 5})
            assert g.state_key() == before


def test_validate_keeps_a_copy_not_the_callers_object():
    answer = {"action": "cast", "card": 5, "targets": [[1]], "x": "2"}
    out = validate("priority", answer, ("p0", "p1"))
    assert out == {"action": "cast", "card": 5, "targets": [[1]], "x": 2}
    out["targets"][0].append(9)
    assert answer["targets"] == [[1]]


def test_an_answer_changed_after_submit_does_not_rewrite_history():
    g = GAMES["mulligan"].copy()
    answer = {"option": "keep"}
    g.submit(g.pending.player, answer)
    answer["option"] = "mulligan"
    assert g.answers[-1][1] == {"option": "keep"}


def test_a_pass_to_a_decision_without_actions_is_its_empty_answer():
    assert validate("blockers", {"action": "pass"}) == {}
    assert validate("attackers", {"action": "pass"}) == {}
    with pytest.raises(IllegalAction, match="action"):
        validate("blockers", {"action": "cast"})
