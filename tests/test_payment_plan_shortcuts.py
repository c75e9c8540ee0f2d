"""The plan of a payment (engine/payment.py ``plan_payment``) stops early where no tap can help,
and gives the same answers as tapping source after source: a colored symbol no untapped
source makes is unpayable (107.4), unless it is Phyrexian (2 life, 107.4f) or a {2/C} hybrid
(2 generic, 107.4e); a pool holding less than the least mana a cost needs is not tried."""
from __future__ import annotations

import random

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


def _plans(g, symbols: tuple[str, ...], exclude: set[int]) -> bool:
    try:
        payment.plan_payment(g, "alice", symbols, exclude)
        return True
    except ManaError:
        return False


def test_counted_affordability_agrees_with_the_plan_on_seeded_tables():
    """``can_afford`` counts kinds of mana when every source makes one mana of one kind; the
    plan that pays (``plan_payment``) must succeed exactly then (seeded tables of basic lands,
    some with a dual land or Sol Ring, which the plan decides)."""
    rng = random.Random(2311)
    basics = ["Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes"]
    others = ["Sol Ring", "Karplusan Forest"]
    checked = 0
    seen: set[bool] = set()
    for _ in range(60):
        lands = [rng.choice(basics) for _ in range(rng.randint(0, 6))]
        if rng.random() < 0.25:
            lands.append(rng.choice(others))
        floating = "".join("{" + rng.choice("WUBRGC") + "}" for _ in range(rng.randint(0, 2)))
        g = _game(lands, pool=floating)
        ids = [o for o, _ in payment.mana_sources(g, "alice")]
        for _ in range(8):
            cost = tuple(rng.choice(["1", "2", "W", "U", "B", "R", "G", "C"]) for _ in range(rng.randint(1, 4)))
            exclude = {rng.choice(ids)} if ids and rng.random() < 0.3 else set()
            got = payment.can_afford(g, "alice", cost, exclude)
            assert got == _plans(g, cost, exclude), (lands, floating, cost, exclude)
            seen.add(got)
            checked += 1
    assert checked == 480 and seen == {True, False}
