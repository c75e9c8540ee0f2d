"""The priority options' timing shortcut (116.1a, 307.1): a card's timing is read from flash and the
moment alone unless a static working now changes it (702.8a flash for spells, a limit of spells,
201.3 a name that can't be cast) or epic forbids every spell (702.49a); the full check
(``casting.can_cast_timing``) gives the same options."""
from __future__ import annotations

import pytest

from engine import decisions
from engine.ai.random_bot import RandomBot
from engine.bench import random_pair
from engine.cardpool import CardPool
from engine.errors import IllegalAction
from engine.game import Game
from engine.setup import from_setup


@pytest.fixture(scope="module")
def cards() -> CardPool:
    return CardPool()


def test_epic_forbids_casting_in_a_game_with_no_player_statics(cards):
    """702.49a: "for the rest of the game, you can't cast spells"; no card of this game has a
    static about players, so only the player's epic mark says it."""
    g = from_setup({"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Forest"] * 3, "hand": ["Llanowar Elves", "Giant Growth", "Forest"],
                  "library": ["Forest"] * 3},
        "bob": {"library": ["Forest"] * 3}}}, cards, 1)
    assert {o["action"] for o in decisions.priority_options(g, "alice")} >= {"cast", "play"}
    g.players["alice"].epic = True
    acts = {o["action"] for o in decisions.priority_options(g, "alice")}
    assert "cast" not in acts and "play" in acts  # a land is no spell (305.1)


def test_the_shortcut_offers_what_the_full_timing_check_offers(cards, monkeypatch):
    """Every priority decision of two seeded random-deck games: the options with the shortcut
    equal the options with every card's timing checked in full."""
    compared = 0
    for seed in (3, 11):
        pair = random_pair(seed, cards)
        g = Game.new([("p0", pair[0]), ("p1", pair[1])], cards, seed)
        bots = {"p0": RandomBot(seed * 2 + 1), "p1": RandomBot(seed * 2 + 2)}
        n = 0
        while g.pending is not None and n < 1500:
            d = g.pending
            if d.kind == "priority":
                fast = decisions.priority_options(g, d.player)
                with monkeypatch.context() as m:
                    m.setattr(decisions, "_timing_statics", lambda g: True)
                    full = decisions.priority_options(g, d.player)
                assert fast == full, (seed, n)
                compared += 1
            try:
                g.submit(d.player, bots[d.player].answer(d))
            except IllegalAction:
                g.submit(d.player, d.forced if d.forced is not None else {"action": "pass"})
            n += 1
    assert compared > 500


def test_a_static_that_forbids_casting_now_is_read_by_the_options(cards):
    """101.2: Basandra, Battle Seraph: "Players can't cast spells during combat": no instant is
    offered in the beginning of combat step, where one is offered without her."""
    def options(bob: list[str]) -> set[str]:
        g = from_setup({"active": "alice", "step": "beginning_of_combat", "players": {
            "alice": {"battlefield": ["Mountain"], "hand": ["Lightning Bolt"], "library": ["Mountain"] * 3},
            "bob": {"battlefield": bob, "library": ["Forest"] * 3}}}, cards, 1)
        assert g.pending.kind == "priority" and g.pending.player == "alice"
        return {o["action"] for o in decisions.priority_options(g, "alice")}
    assert "cast" in options(["Forest"])
    assert "cast" not in options(["Basandra, Battle Seraph"])
