"""Supported means it runs (issue 21, item 3): payments an effect asks for with X, and
symbols the pool cannot pay, are handled, not crashed on."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from engine.mana import ManaError, pay_from_pool
from engine.ops.misc import with_x


def test_an_unless_payment_of_x_takes_the_x_of_the_resolving_spell():
    g = SimpleNamespace(objects={7: SimpleNamespace(x=3)})
    assert with_x(g, {"obj": 7}, {"mana": ["X", "U"]}) == {"mana": ["3", "U"]}
    assert with_x(g, {"obj": 7}, {"mana": ["1"]}) == {"mana": ["1"]}
    g0 = SimpleNamespace(objects={7: SimpleNamespace(x=0)})
    assert with_x(g0, {"obj": 7}, {"mana": ["X"], "life": 2}) == {"mana": [], "life": 2}


def test_a_symbol_the_pool_cannot_pay_is_a_mana_error_and_the_pool_is_kept():
    pool = {"R": 3}
    with pytest.raises(ManaError, match="X"):
        pay_from_pool(pool, ("X",))
    assert pool == {"R": 3}
