"""The fast paths of the answer pipeline give exactly what the general code gives.

- ``decision_kinds.validate`` takes an answer of text, None and small whole numbers in one pass
  (``_flat_copy``): generated answers to every kind are checked through it and through the full check
  alone, with the same result (the same copy, or an IllegalAction with the same message).
- ``Player.copy`` (written out from ``__slots__`` at import) and ``Obj.copy`` (by hand) copy slot by slot:
  every slot is copied, each list and mapping is a new one with the same items (a snapshot restored after an illegal answer is the game as it was).
"""
from __future__ import annotations

import random
from typing import Any

import pytest

from engine import decision_kinds
from engine.cardpool import CardPool
from engine.errors import IllegalAction
from engine.state import Obj, Player

VALUES: list[Any] = ["pass", "cast", "activate", "5", "-3", "p0", "p9", "", 0, 1, 7, -1, 10**6, 10**6 + 1, 10**30,
                     True, False, None, 1.5, float("inf"), [1], [[2, 3]], ["p0"], {}, {"1": 2}, (4,), {5}]


def _outcome(kind: str, answer: dict[Any, Any], fast: bool) -> tuple[str, Any]:
    saved = decision_kinds._flat_copy
    if not fast:
        decision_kinds._flat_copy = lambda a, s: None  # type: ignore[assignment]
    try:
        got = decision_kinds.validate(kind, answer, ["p0", "p1"])
        return "ok", [(k, type(v), v) for k, v in got.items()]
    except IllegalAction as e:
        return "refused", str(e)
    finally:
        decision_kinds._flat_copy = saved  # type: ignore[assignment]


@pytest.mark.parametrize("kind", sorted(decision_kinds._SHAPES))
def test_validate_one_pass_is_the_full_check(kind: str) -> None:
    rng = random.Random(kind)
    keys: list[Any] = sorted(decision_kinds._SHAPES[kind]) + ["bogus", 3]
    taken = 0
    for _ in range(1500):
        answer = {rng.choice(keys): rng.choice(VALUES) for _ in range(rng.randint(0, 3))}
        fast = _outcome(kind, answer, True)
        assert fast == _outcome(kind, answer, False), answer
        taken += decision_kinds._flat_copy(answer, decision_kinds._SHAPES[kind]) is not None
    for answer in ({"action": "pass"}, {}, {"option": "keep"}, {"action": "activate", "card": 12, "ability": 0}):
        assert _outcome(kind, answer, True) == _outcome(kind, answer, False), answer
    assert taken > 0  # the one pass is taken for some of them


def test_validate_one_pass_copies_the_answer() -> None:
    a = {"action": "activate", "card": 12, "ability": 0}
    got = decision_kinds.validate("priority", a)
    assert got == a and got is not a
    assert decision_kinds.validate("mulligan", {"action": "pass"}) == {}  # the kind's empty answer, as before
    with pytest.raises(IllegalAction, match="unknown key"):
        decision_kinds.validate("priority", {"action": "pass", "bogus": 1})
    with pytest.raises(IllegalAction, match="negative"):
        decision_kinds.validate("priority", {"action": "activate", "card": -4})


def _filled(obj: Any, slots: tuple[str, ...]) -> None:
    """Give every slot a distinct value of the kind it holds (lists and mappings non-empty)."""
    for n, s in enumerate(slots):
        v = getattr(obj, s)
        if isinstance(v, list):
            setattr(obj, s, [[n], [n + 1]])
        elif isinstance(v, dict):
            setattr(obj, s, {str(n): n})
        elif isinstance(v, bool):
            setattr(obj, s, not v)
        elif isinstance(v, int):
            setattr(obj, s, v + n + 1)


def _check_copy(orig: Any, copy: Any, slots: tuple[str, ...], shared: tuple[str, ...] = ()) -> None:
    for s in slots:
        a, b = getattr(orig, s), getattr(copy, s)  # an uncopied slot raises AttributeError
        assert a == b, s
        if isinstance(a, (list, dict)) and s not in shared:
            assert a is not b, f"{s} is shared"
            assert type(a) is type(b), s


def test_player_copy_copies_every_slot() -> None:
    p = Player("p0")
    _filled(p, Player.__slots__)
    _check_copy(p, p.copy(), Player.__slots__)


def test_obj_copy_copies_every_slot() -> None:
    card = CardPool().definition("Grizzly Bears")
    o = Obj(5, 9, card, "p0", "battlefield")
    _filled(o, Obj.__slots__)
    _check_copy(o, o.copy(), Obj.__slots__, shared=("trigger_info",))  # never changed in place
