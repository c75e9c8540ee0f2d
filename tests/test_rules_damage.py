"""Damage dealt at once (engine/actions.py deal_damage_batch, 119.3, 608.2c): what each hit did.

The batch answers, for each hit, the damage dealt and the damage beyond lethal damage (a later rule, 2020:
"excess damage", read by "the excess damage dealt this way"); these tests pin what a player sees of it.
"""
from __future__ import annotations

from typing import Any

from engine.actions import deal_damage_batch
from engine.cardpool import default_pool
from engine.scenario import Runner


def _game(players: dict[str, Any]) -> Any:
    r = Runner({"name": "t", "setup": {"active": "alice", "step": "main1", "players": players}, "steps": []},
               default_pool())
    r.run()
    return r.g


def _ids(g: Any, name: str) -> list[int]:
    return [i for i in g.battlefield if g.objects[i].card.name == name]


def test_a_second_hit_on_a_planeswalker_in_one_batch_is_all_excess_119_3c() -> None:
    """119.3c: damage to a planeswalker removes that many loyalty counters; two sources dealing damage to one
    planeswalker at once (608.2c: "each creature you control deals ..."): the first hit's damage beyond its loyalty
    is excess, and all of the second hit's damage is (the planeswalker has no loyalty left to lose; its loyalty
    below 0 counts as 0, never as a negative amount of lethal damage)."""
    g = _game({"alice": {"battlefield": ["Hill Giant", "Grizzly Bears"]},
               "bob": {"battlefield": [{"name": "Jace Beleren", "counters": {"loyalty": 2}}]}})
    (giant,), (bears,), (jace,) = _ids(g, "Hill Giant"), _ids(g, "Grizzly Bears"), _ids(g, "Jace Beleren")
    done = deal_damage_batch(g, [(giant, jace, 3), (bears, jace, 2)])
    assert done == [(3, 1), (2, 2)]
    assert g.objects[jace].counters["loyalty"] == -3  # 119.3c; 704.5i puts it into the graveyard afterwards


def test_excess_damage_to_a_creature_is_what_is_beyond_its_toughness_less_its_damage_119_3e() -> None:
    """119.3e, 702.2b: a creature's lethal damage is its toughness less the damage already marked on it; from a
    source with deathtouch, 1 (the excess is the rest); none when the damage marked already reaches its toughness."""
    g = _game({"alice": {"battlefield": ["Hill Giant", "Typhoid Rats"]},
               "bob": {"battlefield": [{"name": "Serra Angel", "damage": 1}, "Craw Wurm"]}})
    (giant,), (rats,), (angel,), (wurm,) = (_ids(g, n) for n in ("Hill Giant", "Typhoid Rats", "Serra Angel",
                                                                  "Craw Wurm"))
    assert deal_damage_batch(g, [(giant, angel, 3), (rats, wurm, 1)]) == [(3, 0), (1, 0)]
    g3 = _game({"alice": {"battlefield": ["Typhoid Rats", "Hill Giant"]},
                "bob": {"battlefield": [{"name": "Serra Angel", "damage": 2}]}})
    (rats3,), (giant3,), (angel3,) = _ids(g3, "Typhoid Rats"), _ids(g3, "Hill Giant"), _ids(g3, "Serra Angel")
    assert deal_damage_batch(g3, [(giant3, angel3, 3)]) == [(3, 1)]
    assert deal_damage_batch(g3, [(rats3, angel3, 1)]) == [(1, 1)]
