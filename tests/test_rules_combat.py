"""Combat rules checked on the decisions the engine asks (CR 509-510), where a scenario's
outcome cannot see the difference: the lethal damage each recipient is shown, and the
reason a declaration is refused."""
from __future__ import annotations

from typing import Any

import pytest

from engine.cardpool import default_pool
from engine.errors import IllegalAction
from engine.game import Game
from engine.scenario import Runner

_POOL = None


def _game(setup: dict[str, Any], steps: list[dict[str, Any]]) -> Game:
    """The game after a scenario's steps (FORMAT.md), with the next decision pending."""
    global _POOL
    if _POOL is None:
        _POOL = default_pool()
    r = Runner({"name": "t", "setup": setup, "steps": steps}, _POOL)
    r.run()
    return r.g


def _ids(g: Game, name: str) -> list[int]:
    return [i for i in g.battlefield if g.objects[i].card.name == name]


def _combat(alice: list[Any], bob: list[Any]) -> dict[str, Any]:
    return {"active": "alice", "step": "declare_attackers",
            "players": {"alice": {"battlefield": alice}, "bob": {"battlefield": bob}}}


def test_lethal_damage_shown_counts_marked_damage_even_above_toughness_510_1c() -> None:
    """510.1c: lethal damage takes into account damage already marked; a blocker with more
    damage than its toughness (indestructible, 702.12b) needs none, never less than none."""
    g = _game(_combat(["Colossal Dreadmaw"], [{"name": "Darksteel Myr", "damage": 2},
                                              {"name": "Grizzly Bears", "damage": 1}]),
              [{"alice": "attack", "with": ["Colossal Dreadmaw"]}, {"pass_until": "declare_blockers"},
               {"bob": "block", "with": {"Darksteel Myr": "Colossal Dreadmaw", "Grizzly Bears": "Colossal Dreadmaw"}},
               {"alice": "order_blockers", "attacker": "Colossal Dreadmaw", "order": ["Darksteel Myr", "Grizzly Bears"]},
               {"pass_until": "combat_damage"}])
    d = g.pending
    assert d.kind == "assign_damage"
    (myr,), (bears,) = _ids(g, "Darksteel Myr"), _ids(g, "Grizzly Bears")
    assert d.options["lethal"] == {myr: 0, bears: 1}
    assert d.options["power"] == 6 and set(d.options["recipients"]) == {myr, bears, "bob"}


def test_deathtouch_makes_one_damage_lethal_702_2b() -> None:
    g = _game(_combat(["Typhoid Rats"], ["Hill Giant", "Grizzly Bears"]),
              [{"alice": "attack", "with": ["Typhoid Rats"]}, {"pass_until": "declare_blockers"},
               {"bob": "block", "with": {"Hill Giant": "Typhoid Rats", "Grizzly Bears": "Typhoid Rats"}},
               {"alice": "order_blockers", "attacker": "Typhoid Rats", "order": ["Hill Giant", "Grizzly Bears"]},
               {"pass_until": "combat_damage"}])
    d = g.pending
    assert d.kind == "assign_damage"
    assert sorted(d.options["lethal"].values()) == [1, 1]


def test_a_refused_block_names_the_requirement_509_1c() -> None:
    g = _game(_combat(["Prized Unicorn"], ["Grizzly Bears"]),
              [{"alice": "attack", "with": ["Prized Unicorn"]}, {"pass_until": "declare_blockers"}])
    d = g.pending
    assert d.kind == "blockers" and d.player == "bob"
    with pytest.raises(IllegalAction, match=r"Grizzly Bears must block Prized Unicorn.*509\.1c"):
        g.submit("bob", {})
