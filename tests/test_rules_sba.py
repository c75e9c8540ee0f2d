"""State-based actions as the event log tells them (CR 704.5a-c): the player who loses and
why, which a scenario's checkpoint does not read."""
from __future__ import annotations

from typing import Any

import pytest

from engine.cardpool import default_pool
from engine.scenario import Runner


def _events(players: dict[str, Any], steps: list[dict[str, Any]], step: str = "main1") -> list[dict[str, Any]]:
    r = Runner({"name": "t", "setup": {"active": "alice", "step": step, "players": players}, "steps": steps},
               default_pool())
    r.run()
    return [e for e in r.g.events if e.get("type") == "lose"]


@pytest.mark.parametrize("bob, why, rule", [
    ({"life": 0}, "life", "704.5a"),
    ({"life": -3, "poison": 10}, "life", "704.5a"),
    ({"poison": 10}, "poison", "704.5c"),
    ({"poison": 11}, "poison", "704.5c"),
])
def test_the_loss_is_logged_with_its_reason(bob: dict[str, Any], why: str, rule: str) -> None:
    assert _events({"bob": bob}, []) == [{"type": "lose", "player": "bob", "why": why}], rule


@pytest.mark.parametrize("poison", [0, 9])
def test_drawing_from_an_empty_library_is_logged_as_the_reason_704_5b(poison: int) -> None:
    ev = _events({"alice": {"library": ["Forest"]}, "bob": {"poison": poison}}, [{"pass_until": "draw"}], step="end")
    assert ev == [{"type": "lose", "player": "bob", "why": "draw"}]


def test_nine_poison_counters_lose_nothing_704_5c() -> None:
    assert _events({"bob": {"poison": 9, "life": 1}}, [{"alice": "pass"}]) == []


def test_nothing_goes_on_the_stack_once_the_game_is_over_104_1() -> None:
    """104.1: the game ends at once when a player loses (704.5a): an ability that triggered on
    the lethal damage (Exquisite Blood, "whenever an opponent loses life") is never put on the
    stack, and no player gets priority again."""
    r = Runner({"name": "t", "setup": {"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Exquisite Blood", "Mountain"], "hand": ["Lightning Bolt"]},
        "bob": {"life": 3}}},
        "steps": [{"alice": "cast", "card": "Lightning Bolt", "targets": ["bob"]}, {"resolve": "all"}]},
        default_pool())
    r.run()
    g = r.g
    assert g.winner == "alice" and g.pending is None and g.wait is None
    assert g.stack == [] and g.players["alice"].life == 20
    kinds = [e.get("type") for e in g.events]
    assert kinds[-1] == "game_over", kinds[-5:]


def test_only_a_permanent_with_ascend_gives_the_citys_blessing_to_a_player_with_ten_permanents() -> None:
    """Ascend on a permanent (702.131b, a later keyword: Rivals of Ixalan, 2018; the 2016 rules' 704.3 check of the
    game's state is when it is seen): bob, with Wayward Swordtooth and nine lands, gets the city's blessing; alice,
    with ten lands and no permanent with ascend, doesn't (the designation is visible to every player)."""
    r = Runner({"name": "t", "setup": {"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Forest"] * 10},
        "bob": {"battlefield": ["Wayward Swordtooth"] + ["Island"] * 9}}},
        "steps": [{"alice": "pass"}]}, default_pool())
    r.run()
    assert r.g.players["bob"].city_blessing is True
    assert r.g.players["alice"].city_blessing is False
    assert [e["player"] for e in r.g.events if e.get("type") == "city_blessing"] == ["bob"]
