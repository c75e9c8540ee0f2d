"""A triggered ability with no legal target is removed from the stack (CR 603.3d), and the
log says so, so every seat learns why nothing happened."""
from __future__ import annotations

from engine.cardpool import default_pool
from engine.scenario import Runner


def test_a_trigger_without_a_legal_target_is_removed_and_logged_603_3d() -> None:
    """603.3d: Bogardan Firefiend dies with no creature left to target: its ability is
    removed, nothing is put on the stack, and the log names the card."""
    r = Runner({"name": "t", "setup": {"active": "bob", "step": "main1", "players": {
        "alice": {"battlefield": ["Bogardan Firefiend"]},
        "bob": {"battlefield": ["Mountain"], "hand": ["Shock"]}}},
        "steps": [{"bob": "cast", "card": "Shock", "targets": ["Bogardan Firefiend"]}, {"resolve": 1}]},
        default_pool())
    r.run()
    g = r.g
    assert not g.stack and not g.triggered
    assert [e["card"] for e in g.events if e.get("type") == "trigger_removed"] == ["Bogardan Firefiend"]
