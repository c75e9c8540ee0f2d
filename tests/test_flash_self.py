"""702.8a: "If COND, you may cast SELF as though it had flash" (Swift Reckoning's spell mastery): the
card is among the legal actions in an opponent's turn only while the condition holds."""
from __future__ import annotations

from engine import decisions
from engine.scenario import default_pool, from_setup


def _offered(graveyard: list[str]) -> bool:
    setup = {"active": "bob", "step": "main1", "players": {
        "alice": {"battlefield": ["Plains", "Plains"], "hand": ["Swift Reckoning"], "graveyard": graveyard},
        "bob": {"battlefield": [{"name": "Craw Wurm", "tapped": True}]}}}
    g = from_setup(setup, default_pool())
    g.priority = "alice"
    return any(a.get("action") == "cast" and a.get("name") == "Swift Reckoning"
               for a in decisions.priority_options(g, "alice"))


def test_not_offered_without_spell_mastery() -> None:
    assert not _offered(["Shock"])


def test_offered_with_spell_mastery() -> None:
    assert _offered(["Shock", "Divination"])
