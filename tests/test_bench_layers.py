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


def test_the_dependency_check_scans_each_effect_once_per_choice(monkeypatch):
    """613.7: choosing the next effect of a layer compares the effects that may depend (Dense
    Canopy reads flying, which layer 6 changes) with the others; what each applies to now is found
    once per choice, and an effect that changes nothing a filter reads (a restriction) is not
    applied to see. Same characteristics, under 2,500 filter checks where each pair cost three
    scans (3,572 on this position). A filter that reads only the object it looks at (Dense Canopy's
    "creatures with flying") is looked at again only for the objects another effect changes, from
    one choice to the next: under 1,000 (1,880 before, 840 now)."""
    from engine import layers
    from engine.setup import from_setup
    calls = [0]
    real = layers.matches

    def counting(*args, **kwargs):
        calls[0] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(layers, "matches", counting)
    g = from_setup({"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Dense Canopy"] * 3 + ["Screaming Shield", "The Walls of Ba Sing Se", "Serra Angel"]
                  + ["Grizzly Bears"] * 30},
        "bob": {"battlefield": ["Dense Canopy"] + ["Grizzly Bears"] * 10}}})
    chars = layers.compute(g)
    angel = next(i for i in g.battlefield if g.objects[i].card.name == "Serra Angel")
    bears = [i for i in g.battlefield if g.objects[i].card.name == "Grizzly Bears"]
    assert len(chars[angel].rules) == 4 and not any(chars[b].rules for b in bears)
    assert calls[0] < 1000, calls[0]


def test_a_pass_reads_the_timed_effects_a_few_times_not_once_per_mana_source():
    """The priority options ask for every mana source whether its abilities may be activated (602.5:
    detain, Damping Matrix): the rule effects are indexed once per state of the game, so a pass with
    1,000 effects and 50 lands walks the effects a few times, not once per land (62 walks before)."""
    g = setup(CardPool(), 1000, 100)
    walks = [0]

    class Counted(list):
        def __iter__(self):
            walks[0] += 1
            return super().__iter__()

    g.effects = Counted(g.effects)
    g.changed()
    d = g.pending
    assert d is not None and d.kind == "priority"
    g.submit(d.player, {"action": "pass"})
    assert g.pending is not None and g.pending.kind == "priority" and g.effects
    assert walks[0] <= 10, walks[0]
