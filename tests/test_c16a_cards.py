"""Pieces of cards of Dragons of Tarkir and Magic Origins (issue 19): what the priority options offer."""

from __future__ import annotations

from typing import Any

from engine.cardpool import CardPool
from engine.decisions import priority_options
from engine.game import Game
from engine.setup import from_setup

POOL = CardPool()


def _game(alice: dict[str, Any], active: str) -> Game:
    players = {"alice": {**alice, "library": ["Island"] * 3}, "bob": {"library": ["Island"] * 3}}
    g = from_setup({"active": active, "step": "main1", "players": players}, POOL)
    g.priority = "alice"
    return g


def _casts(g: Game, name: str) -> list[dict[str, Any]]:
    return [o for o in priority_options(g, "alice") if o["action"] == "cast" and o["name"] == name]


def test_flash_for_more_is_offered_only_when_its_total_cost_can_be_paid():
    """702.8a, 601.2f: on an opponent's turn Harbinger of the Tides ({U}{U}) costs {2} more: three Islands
    do not offer it, four do; in its controller's main phase two Islands do."""
    hand = ["Harbinger of the Tides"]
    assert _casts(_game({"battlefield": ["Island"] * 3, "hand": hand}, "bob"), "Harbinger of the Tides") == []
    assert len(_casts(_game({"battlefield": ["Island"] * 4, "hand": hand}, "bob"), "Harbinger of the Tides")) == 1
    assert len(_casts(_game({"battlefield": ["Island"] * 2, "hand": hand}, "alice"), "Harbinger of the Tides")) == 1


def test_storage_counters_removed_are_offered_up_to_those_there_are():
    """602.2b, 118.3: "Remove any number of storage counters": the option says X and at most the counters on it."""
    g = _game({"battlefield": [{"name": "Mage-Ring Network", "counters": {"storage": 3}}]}, "alice")
    opts = [o for o in priority_options(g, "alice") if o["action"] == "activate" and o["ability"] == 2]
    assert [(o["x"], o["x_max"], o["mana"]) for o in opts] == [(True, 3, True)]
