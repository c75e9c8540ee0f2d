"""Flipping several coins (705.1) and counting the flips won: "Flip five coins. Take an extra turn after this one
for each coin that comes up heads" (Ral Zarek), "Flip X coins. For each flip you win, create a 2/2 green Sheep
creature token named Rabid Sheep" (Flock of Rabid Sheep). Each flip is logged; what follows counts the wins."""
from __future__ import annotations

from typing import Any

import pytest

from engine.cardpool import default_pool
from engine.scenario import Runner


def _run(players: dict[str, Any], steps: list[dict[str, Any]], seed: int) -> Any:
    r = Runner({"name": "t", "seed": seed, "setup": {"active": "alice", "step": "main1", "players": players},
                "steps": steps}, default_pool())
    r.run()
    return r.g


def _flips(g: Any) -> list[bool]:
    return [ev["won"] for ev in g.events if ev.get("type") == "coin_flip"]


@pytest.mark.parametrize("seed", range(6))
def test_ral_zarek_takes_an_extra_turn_for_each_coin_won_705_1_500_7(seed: int) -> None:
    g = _run({"alice": {"battlefield": [{"name": "Ral Zarek", "counters": {"loyalty": 7}}]}},
             [{"alice": "activate", "card": "Ral Zarek", "ability": 3}, {"resolve": 1}], seed)
    flips = _flips(g)
    assert len(flips) == 5
    assert g.extra_turns == ["alice"] * sum(flips)


@pytest.mark.parametrize("seed", range(6))
def test_flock_of_rabid_sheep_makes_a_sheep_for_each_flip_won_705_1_107_3(seed: int) -> None:
    g = _run({"alice": {"battlefield": ["Forest"] * 5, "hand": ["Flock of Rabid Sheep"]}},
             [{"alice": "cast", "card": "Flock of Rabid Sheep", "x": 3}, {"resolve": 1}], seed)
    flips = _flips(g)
    assert len(flips) == 3
    sheep = [i for i in g.battlefield if g.objects[i].card.name == "Rabid Sheep"]
    assert len(sheep) == sum(flips)


def test_the_seeds_cover_both_outcomes() -> None:
    """The seeds above see flips won and lost (so the counts are not all zero or all five)."""
    seen = set()
    for seed in range(6):
        g = _run({"alice": {"battlefield": [{"name": "Ral Zarek", "counters": {"loyalty": 7}}]}},
                 [{"alice": "activate", "card": "Ral Zarek", "ability": 3}, {"resolve": 1}], seed)
        seen.add(sum(_flips(g)))
    assert len(seen) > 1
