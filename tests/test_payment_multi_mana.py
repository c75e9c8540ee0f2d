"""Automatic payment counts all the mana one activation adds (106.4, 605.3, 601.2g-h):
Sol Ring's {C}{C} is two mana, Gilded Lotus's three of one color three, and restricted mana
(106.6) still pays only what it may. Checked on ``payment.can_afford`` and the plan."""
from __future__ import annotations

from engine import payment
from engine.scenario import default_pool, from_setup


def _game(battlefield: list[str], pool: str = ""):
    setup = {"active": "alice", "step": "main1",
             "players": {"alice": {"battlefield": battlefield, "mana_pool": pool}}}
    return from_setup(setup, default_pool())


def test_sol_ring_alone_affords_two_generic_106_4():
    g = _game(["Sol Ring"])
    assert payment.can_afford(g, "alice", ("2",))
    assert not payment.can_afford(g, "alice", ("3",))


def test_gilded_lotus_affords_three_of_one_color_not_two_colors():
    g = _game(["Gilded Lotus"])
    assert payment.can_afford(g, "alice", ("G", "G", "G"))
    assert payment.can_afford(g, "alice", ("1", "U", "U"))
    assert not payment.can_afford(g, "alice", ("G", "U"))  # one activation, one color


def test_plan_taps_one_sol_ring_not_two_lands_and_keeps_the_rest_601_2g():
    g = _game(["Forest", "Forest", "Sol Ring"])
    taps, left = payment.plan_payment(g, "alice", ("2", "G"), set())
    names = sorted(g.objects[oid].card.name for oid, _ in taps)
    assert names == ["Forest", "Sol Ring"]
    assert sum(left.values()) == 0
    taps, left = payment.plan_payment(g, "alice", ("1",), set())
    assert [g.objects[oid].card.name for oid, _ in taps] == ["Forest"]  # one-mana source first
    taps, left = payment.plan_payment(g, "alice", ("G",), set(), chosen=[o for o, _ in
                                                                  payment.mana_sources(g, "alice")][::-1][:2])
    assert left == {"C": 2}  # Sol Ring named with a Forest: its {C}{C} stays in the pool (106.4)


def test_workshop_mana_affords_only_artifact_spells_106_6():
    g = _game(["Mishra's Workshop"])
    assert not payment.can_afford(g, "alice", ("2",))  # no purpose: restricted mana pays nothing


def test_gaeas_cradle_counts_one_mana_per_creature_605_2():
    g = _game(["Gaea's Cradle", "Grizzly Bears", "Grizzly Bears"])
    assert payment.can_afford(g, "alice", ("G", "1"))
    assert not payment.can_afford(g, "alice", ("G", "2"))
