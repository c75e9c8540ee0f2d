"""The answer copy of Game.submit (issue 21): plain answers are copied in one pass, and the
copy is exactly what the JSON round trip gives, or refused exactly when it refuses."""
from __future__ import annotations

import enum
import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.decision_kinds import _plain, validate
from engine.errors import IllegalAction

scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=5),
                    st.floats(allow_nan=True, allow_infinity=True))
keys = st.one_of(st.text(max_size=4), st.integers(), st.booleans(), st.none(), st.floats(allow_nan=False))
data = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.tuples(inner, inner), st.dictionaries(keys, inner, max_size=4),
    st.sets(st.integers(), max_size=3)), max_leaves=20)


def _round_trip(x):
    try:
        return json.loads(json.dumps(x, allow_nan=False))
    except (TypeError, ValueError, RecursionError):
        return IllegalAction


@settings(max_examples=400, deadline=None)
@given(data)
def test_the_copy_is_the_json_round_trip_or_refused_alike(x):
    want = _round_trip(x)
    try:
        got = _plain(x)
    except IllegalAction:
        got = IllegalAction
    assert json.dumps(got, default=str) == json.dumps(want, default=str)
    if got is not IllegalAction:
        assert got is not x or not isinstance(x, (dict, list))  # never the caller's object


class Kind(enum.StrEnum):
    PASS = "pass"


def test_what_only_the_round_trip_decides():
    assert _plain({"action": Kind.PASS}) == {"action": "pass"} and type(_plain({"a": Kind.PASS})["a"]) is str
    assert _plain({"x": 10**30}) == {"x": 10**30}
    assert _plain({1.5: 2}) == {"1.5": 2} and _plain({True: 1, None: 2}) == {"true": 1, "null": 2}
    for bad in ({"x": math.inf}, {"x": {1, 2}}, {"x": object()}):
        with pytest.raises(IllegalAction, match="plain JSON"):
            _plain(bad)
    cyc: list = []
    cyc.append(cyc)
    with pytest.raises(IllegalAction):
        _plain({"targets": cyc})
    deep: list = []
    for _ in range(50):
        deep = [deep]
    assert _plain({"t": deep}) == json.loads(json.dumps({"t": deep}))


def test_blockers_as_a_list_are_pairs():
    """{'blockers': [[]]} was taken and then failed in combat (dict() of a list of lists):
    an engine fault blamed on nobody, found by the hostile-answer property test."""
    assert validate("blockers", {"blockers": [[5, 7]]}, ["p0", "p1"]) == {"blockers": [[5, 7]]}
    for bad in ([[]], [[5]], [5], [[5, 7, 9]]):
        with pytest.raises(IllegalAction, match="pairs"):
            validate("blockers", {"blockers": bad}, ["p0", "p1"])
