"""101.2: "Spells and abilities your opponents control can't cause you to discard cards or sacrifice permanents"
(Tamiyo, Collector of Tales). Its +1 is not supported yet, so no scenario may place the card: these tests run the
scenario runner with the card let through, to check the discard half of the static (the sacrifice half has the
scenarios of Sigarda, Host of Herons in tests/scenarios/cards/c21c_cant_cause.yaml)."""
from __future__ import annotations

from typing import Any

import pytest

from engine import scenario
from engine.scenario import Runner, default_pool


def _mind_rot(alice_battlefield: list[Any], target: str, caster: str) -> dict[str, Any]:
    lands = ["Swamp", "Swamp", "Swamp"]
    players: dict[str, Any] = {
        "alice": {"battlefield": alice_battlefield + (lands if caster == "alice" else []),
                  "hand": ["Island", "Forest"]},
        "bob": {"battlefield": lands if caster == "bob" else [], "hand": ["Island", "Forest"]},
    }
    players[caster]["hand"] = ["Mind Rot"]
    return {"name": "Mind Rot", "setup": {"active": caster, "step": "main1", "players": players},
            "steps": [{caster: "cast", "card": "Mind Rot", "targets": [target]}, {"resolve": "all"}]}


TAMIYO = {"name": "Tamiyo, Collector of Tales", "counters": {"loyalty": 5}}


def _hand_after(sc: dict[str, Any], who: str, monkeypatch: pytest.MonkeyPatch) -> int:
    monkeypatch.setattr(scenario, "unsupported_reasons", lambda d: [])
    r = Runner(sc, default_pool())
    r.run()
    assert r.g is not None
    return len(r.g.players[who].hand)


def test_opponents_mind_rot_discards_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    assert _hand_after(_mind_rot([TAMIYO], "alice", "bob"), "alice", monkeypatch) == 2


def test_without_tamiyo_mind_rot_discards_two(monkeypatch: pytest.MonkeyPatch) -> None:
    assert _hand_after(_mind_rot([], "alice", "bob"), "alice", monkeypatch) == 0


def test_own_mind_rot_on_herself_still_discards(monkeypatch: pytest.MonkeyPatch) -> None:
    sc = _mind_rot([TAMIYO], "alice", "alice")
    sc["setup"]["players"]["alice"]["hand"] = ["Mind Rot", "Island", "Forest"]
    assert _hand_after(sc, "alice", monkeypatch) == 0
