"""800.4g: an effect that needs information about a player who left the game uses the last known
information about that player (Sengir, the Dark Baron: "Whenever another player loses the game, you
gain life equal to that player's life total as the turn began").

Sengir is not a supported card: its Partner keyword (a later keyword: two commanders) is not carried
out by engine/commander.py. Every other clause is, so these scenarios run with the scenario runner's
support check told to let Partner alone pass (nothing in a two-player or free-for-all game reads it);
they live in tests/data/, not tests/scenarios/, so the rules coverage does not count them.
"""
from __future__ import annotations

from pathlib import Path

import pytest

import engine.scenario
from engine.cardpool import default_pool
from engine.support import unsupported_reasons

HERE = Path(__file__).resolve().parent


def test_sengir_reads_the_life_total_a_player_who_left_began_the_turn_with(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine.scenario, "unsupported_reasons",
                        lambda d: [r for r in unsupported_reasons(d) if r != "keyword Partner"])
    results = engine.scenario.run_file(HERE / "data" / "leaving_last_known_information.yaml", default_pool())
    assert len(results) == 3
    assert [(name, why) for name, why in results if why is not None] == []


def test_sengir_is_unsupported_only_for_partner() -> None:
    """The card stays unsupported until Partner is: the scenarios above are the proof of its other clauses."""
    assert unsupported_reasons(default_pool().definition("Sengir, the Dark Baron")) == ["keyword Partner"]
