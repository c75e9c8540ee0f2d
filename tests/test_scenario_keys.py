"""The scenario runner refuses a key its verb does not read (docs/scenarios.md, Steps)."""
from __future__ import annotations

import yaml

from engine.scenario import run_scenarios


def _run(tmp_path, card_pool, step):
    doc = {"name": "keys", "setup": {"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Mountain"], "hand": ["Lightning Bolt"]}, "bob": {}}},
        "steps": [step, {"resolve": 1}], "expect": {"players": {"bob": {"life": 17}}}}
    f = tmp_path / "s.yaml"
    f.write_text(yaml.safe_dump(doc))
    return [(name, reason) for _, name, reason in run_scenarios(f, card_pool)]


def test_a_misspelt_key_fails_the_step_by_name(tmp_path, card_pool):
    (name, reason), = _run(tmp_path, card_pool, {"alice": "cast", "card": "Lightning Bolt", "target": ["bob"]})
    assert reason is not None and "does not read target here" in reason


def test_the_keys_a_verb_reads_pass(tmp_path, card_pool):
    (name, reason), = _run(tmp_path, card_pool, {"alice": "cast", "card": "Lightning Bolt", "targets": ["bob"]})
    assert reason is None


def test_an_object_without_a_card_name_is_named_as_the_setup_error(tmp_path, card_pool):
    doc = {"name": "no name", "setup": {"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": [{"card": "Hill Giant", "tapped": True}]}, "bob": {}}}, "steps": []}
    f = tmp_path / "s.yaml"
    f.write_text(yaml.safe_dump(doc))
    (_, _, reason), = run_scenarios(f, card_pool)
    assert reason is not None and "needs a card name" in reason and "battlefield" in reason
