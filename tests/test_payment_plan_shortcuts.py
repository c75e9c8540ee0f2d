"""The plan of a payment (engine/payment.py ``plan_payment``) stops early where no tap can help,
and gives the same answers as tapping source after source: a colored symbol no untapped
source makes is unpayable (107.4), unless it is Phyrexian (2 life, 107.4f) or a {2/C} hybrid
(2 generic, 107.4e); a pool holding less than the least mana a cost needs is not tried."""
from __future__ import annotations

import pytest

from engine import payment
from engine.mana import ManaError
from engine.scenario import default_pool, from_setup


def _game(battlefield: list[str], pool: str = "", life: int = 20):
    setup = {"active": "alice", "step": "main1",
             "players": {"alice": {"battlefield": battlefield, "mana_pool": pool, "life": life}}}
    return from_setup(setup, default_pool())


def test_a_color_no_source_makes_is_unpayable_with_any_number_of_lands_107_4():
    g = _game(["Mountain"] * 6)
    assert not payment.can_afford(g, "alice", ("1", "U"))
    with pytest.raises(ManaError, match=r"\{U\}"):
        payment.plan_payment(g, "alice", ("1", "U"), set())
    assert not payment.can_afford(g, "alice", ("W/U",))  # hybrid: neither half is made
    assert payment.can_afford(g, "alice", ("1", "R"))


def test_phyrexian_and_two_generic_hybrid_stay_payable_without_their_color_107_4e_107_4f():
    g = _game(["Mountain", "Mountain"])
    taps, left = payment.plan_payment(g, "alice", ("1", "U/P"), set())
    assert len(taps) == 1 and left == {}  # {1} from a Mountain, {U/P} with 2 life
    assert payment.can_afford(g, "alice", ("2/U",))  # {2/U} paid with two red mana
    assert not payment.can_afford(g, "alice", ("1", "2/U"))  # three mana, two lands
    g = _game(["Mountain", "Mountain"], life=1)
    assert not payment.can_afford(g, "alice", ("1", "1", "U/P"))  # 118.3: no mana left, 1 life


def test_floating_mana_and_taps_together_pay_the_least_total():
    g = _game(["Forest", "Forest"], pool="{R}")
    taps, left = payment.plan_payment(g, "alice", ("2", "G"), set())
    assert len(taps) == 2 and left == {}
    assert not payment.can_afford(g, "alice", ("3", "G"))
    taps, left = payment.plan_payment(g, "alice", ("R",), set())
    assert taps == [] and left == {}  # the pool alone pays it: nothing tapped
    g = _game(["Forest"], pool="{G}{G}{G}")
    taps, left = payment.plan_payment(g, "alice", ("1", "G"), set())
    assert taps == [] and left == {"G": 1}
