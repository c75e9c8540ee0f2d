"""A burst of tokens costs one computation of characteristics (issue 21: a Krenko turn of a goblin
Commander game spent 16% of its time recomputing every permanent once per token). The tokens one
effect creates enter at once (603.6a, engine/actions.create_tokens): all are on the battlefield
before the first one's replacements and triggers are looked at."""
from __future__ import annotations

from engine import game as game_module
from engine.setup import from_setup


def test_a_burst_of_tokens_computes_characteristics_once_603_6a(monkeypatch):
    calls = [0]
    real = game_module.compute

    def counting(g):
        calls[0] += 1
        return real(g)

    monkeypatch.setattr(game_module, "compute", counting)
    g = from_setup({"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Krenko, Mob Boss", "Goblin King"] + ["Raging Goblin"] * 40},
        "bob": {"battlefield": ["Grizzly Bears"] * 60 + ["Soul Warden"]}}})
    krenko = next(i for i in g.battlefield if g.objects[i].card.name == "Krenko, Mob Boss")
    g.submit("alice", {"action": "activate", "card": krenko, "ability": 0})
    calls[0] = 0
    while g.stack:
        d = g.pending
        assert d is not None and d.kind == "priority"
        g.submit(d.player, {"action": "pass"})
    tokens = [i for i in g.battlefield if g.objects[i].token]
    assert len(tokens) == 42  # X is the number of Goblins alice controls as it resolves (608.2h)
    assert calls[0] <= 3, calls[0]  # 43 before: once for each token and once after
    assert {(g.chars(t).power, g.chars(t).toughness) for t in tokens} == {(2, 2)}  # Goblin King, 613.4c
    d = g.pending
    assert d is not None and d.kind == "order_triggers" and len(d.options) == 42  # Soul Warden sees each one


def test_the_statics_that_reach_entering_tokens_are_found_once_per_burst_614_1d(monkeypatch):
    """Thalia, Heretic Cathar makes bob's tokens enter tapped (614.1d) as they enter; the permanents carrying
    such statics are looked for once per computation of characteristics, not by walking the battlefield for
    each token (42 walks of 144 permanents before)."""
    from engine import replacement
    looked = [0]
    real = replacement._tapping_statics

    def counting(card):
        looked[0] += 1
        return real(card)

    monkeypatch.setattr(replacement, "_tapping_statics", counting)
    g = from_setup({"active": "bob", "step": "main1", "players": {
        "alice": {"battlefield": ["Thalia, Heretic Cathar"] + ["Grizzly Bears"] * 60},
        "bob": {"battlefield": ["Krenko, Mob Boss", "Goblin King"] + ["Raging Goblin"] * 40}}})
    krenko = next(i for i in g.battlefield if g.objects[i].card.name == "Krenko, Mob Boss")
    g.submit("bob", {"action": "activate", "card": krenko, "ability": 0})
    looked[0] = 0
    while g.stack:
        d = g.pending
        assert d is not None and d.kind == "priority"
        g.submit(d.player, {"action": "pass"})
    tokens = [i for i in g.battlefield if g.objects[i].token]
    assert len(tokens) == 42
    assert all(g.objects[t].tapped for t in tokens)
    assert looked[0] <= 2 * len(g.battlefield), looked[0]
