"""Losing the game checked on what the engine records (CR 704.5a-c): the log names the
state-based action that ended a player's game, so a player at 1 life with ten poison
counters is told it was the poison."""
from __future__ import annotations

from engine.cardpool import default_pool
from engine.scenario import Runner


def _loss(life: int, poison: int) -> list[dict]:
    r = Runner({"name": "t", "setup": {"active": "alice", "step": "main1", "players": {
        "alice": {"life": life, "poison": poison}}}, "steps": []}, default_pool())
    r.run()
    g = r.g
    assert g.winner == "bob" and g.players["alice"].lost
    return [{k: e[k] for k in ("player", "why")} for e in g.events if e.get("type") == "lose"]


def test_the_loss_names_its_state_based_action_704_5a_704_5c() -> None:
    """704.5a: 0 or less life; 704.5c: ten or more poison counters. At 1 life and 10 poison
    the reason is poison; at 0 life and 10 poison it is life (the first checked)."""
    assert _loss(1, 10) == [{"player": "alice", "why": "poison"}]
    assert _loss(0, 10) == [{"player": "alice", "why": "life"}]
    assert _loss(-3, 0) == [{"player": "alice", "why": "life"}]
