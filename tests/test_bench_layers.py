"""Continuous effects cost little as they grow (issue 21, item 7): the layer benchmark's
position computes the right characteristics with 1,000 timed effects (speed is measured by
``python -m engine.bench_layers``, not asserted here)."""
from __future__ import annotations

from engine.bench_layers import main, setup
from engine.cardpool import CardPool


def test_a_thousand_timed_effects_apply_each_once():
    g = setup(CardPool(), 1000, 100)
    pumps = {i: 0 for i in g.battlefield}
    trample, artifact = set(), set()
    for e in g.effects:
        for i in e["objects"]:
            if e["layer"] == "7c":
                pumps[i] += 1
            elif e["layer"] == "6":
                trample.add(i)
            else:
                artifact.add(i)
    for i in g.battlefield[-100:]:
        c = g.chars(i)
        assert (c.power, c.toughness) == (2 + pumps[i], 2 + pumps[i])
        assert ("Trample" in c.keywords) == (i in trample)
        assert ("Artifact" in c.types) == (i in artifact)


def test_the_benchmark_runs(capsys):
    assert main(["--effects", "30", "--permanents", "10", "--decisions", "3", "--json"]) == 0
    assert '"effects": 30' in capsys.readouterr().out
