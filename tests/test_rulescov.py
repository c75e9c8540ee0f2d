"""The rules coverage report (engine.rulescov, ``engine.scenario --rules-coverage``)."""
from __future__ import annotations

import json
from pathlib import Path

from engine import rulescov
from engine.scenario import main

SC_PASS = {"name": "p", "rules": ["510.1c", "510.2", "122.1", "603.10a", "903.3", "407.1"], "expect": {"step": "main1"}}
SC_NOCHECK = {"name": "n", "rules": ["511.1"], "steps": [{"alice": "pass"}]}
SC_FAIL = {"name": "f", "rules": ["512.1"], "expect": {"step": "main1"}}


def test_the_rules_text_has_746_numbered_rules_in_chapters_1_to_7() -> None:
    rules = rulescov.load_rules()
    assert len(rules) == 746
    assert "510.1" in rules and "717.2" in rules and "800.1" not in rules
    assert rulescov.rules_text_path().parent.name == "rules"


def test_a_subrule_counts_for_its_rule_and_a_section_for_nothing() -> None:
    assert rulescov.rule_of("510.1c") == "510.1"
    assert rulescov.rule_of("702.19") == "702.19"
    assert rulescov.rule_of("510") is None
    assert rulescov.rule_of("junk") is None


def test_only_passing_checking_scenarios_count() -> None:
    rep = rulescov.report([(SC_PASS, "p", None), (SC_NOCHECK, "n", None), (SC_FAIL, "f", "step 1: no")])
    j = rep.as_json()
    assert set(rep.cited) == {"510.1", "510.2", "903.3"}  # 903.3 in the count of its own
    assert j["cited"] == 2
    assert j["sections"]["510"]["cited"] == 2
    assert j["sections"]["511"]["cited"] == 0 and "511.1" in j["sections"]["511"]["uncited"]
    assert j["sections"]["512"]["cited"] == 0
    assert j["not_counted"] == {"n": ["checks nothing"], "f": ["fails: step 1: no"]}
    assert "122.1" in j["unknown_citations"] and "903.3" not in j["unknown_citations"]
    assert "603.10a" in j["unknown_citations"] and "603.10" not in rep.cited  # no such 2016 subrule


def test_out_of_scope_rules_count_neither_way() -> None:
    rep = rulescov.report([(SC_PASS, "p", None)])
    j = rep.as_json()
    assert "407.1" in j["out_of_scope"] and "ante" in j["out_of_scope"]["407.1"]
    assert j["rules"] == j["all_rules"] - len(j["out_of_scope"])
    assert j["sections"]["407"] == {"cited": 0, "rules": 0, "out_of_scope": 4, "uncited": []}
    assert "407.1" not in rep.cited


def test_the_command_prints_json(tmp_path: Path, capsys) -> None:
    f = tmp_path / "s.yaml"
    f.write_text("name: bolt\nrules: ['120.3']\nsetup: {active: alice, step: main1,"
                 " players: {alice: {hand: [Lightning Bolt], battlefield: [Mountain]}}}\n"
                 "steps:\n - {alice: cast, card: Lightning Bolt, targets: [bob]}\n - {resolve: all}\n"
                 "expect: {players: {bob: {life: 17}}}\n", encoding="utf-8")
    assert main(["--rules-coverage", "--json", str(f)]) == 0
    j = json.loads(capsys.readouterr().out)
    assert j["cited"] == 1 and j["sections"]["120"]["cited"] == 1
    assert main(["--rules-coverage", str(f)]) == 0
    assert "total: 1/" in capsys.readouterr().out


def test_multiplayer_and_commander_count_apart_from_chapters_1_to_7() -> None:
    sc = {"name": "m", "rules": ["800.4a", "903.9", "903.99", "807.1"], "expect": {"step": "main1"}}
    rep = rulescov.report([(sc, "m", None)])
    j = rep.as_json()
    x = j["chapters_8_9"]
    assert "800.4" in rep.cited and "903.9" in rep.cited and "807.1" not in rep.cited  # Grand Melee: not offered
    assert x["cited"] == 2 and "807.1" in x["out_of_scope"]
    assert x["sections"]["800"]["cited"] == 1 and "800.5" in x["sections"]["800"]["uncited"]
    assert "903.99" not in j["unknown_citations"]            # not a rule, but of chapter 9: not listed
    assert j["cited"] == 0 and "800.4" not in j["sections"]  # the main count stays chapters 1-7
    assert "multiplayer and casual variants (chapters 800, 900): 2/" in rep.text()
