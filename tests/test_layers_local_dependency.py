"""613.7a found object by object (issue 21, speed): when a static ability's filter reads only the
object it looks at (``layers._local``), whether applying another effect changes what it applies to
is decided by looking at the objects that effect changes, not at every permanent. The scenario
tests/scenarios/rules/faults_613_7_dense_canopy_waits_for_flying.yaml shows an order that changes; here
the answer must be the one the whole scan gives in every state of a seeded random-deck game (seed 42: Dense Canopy's "creatures with
flying can block only creatures with flying" reads the keywords that Aeronaut's Wings, Hot Soup and
Screaming Shield grant in the same layer) is played with the shortcut and, at every decision, its
characteristics are compared with those computed by the whole scan."""
from __future__ import annotations

from engine import bench, layers
from engine.ai.random_bot import RandomBot
from engine.cardpool import CardPool
from engine.errors import IllegalAction
from engine.game import Game


def _snapshot(cs: dict) -> dict:
    return {i: (c.power, c.toughness, c.types, c.subtypes, c.colors, c.keywords, c.controller,
                [id(a) for a in c.abilities], [sorted(r.items(), key=str) for r in c.rules]) for i, c in cs.items()}


def test_the_object_by_object_dependency_check_gives_the_whole_scans_characteristics(monkeypatch):
    cards = CardPool()
    g = Game.new([(f"p{i}", d) for i, d in enumerate(bench.random_pair(42, cards))], cards, 42)
    bots = {"p0": RandomBot(85), "p1": RandomBot(86)}
    local = layers._local
    compared = waited = 0
    for _ in range(1500):
        d = g.pending
        if d is None:
            break
        try:
            g.submit(d.player, bots[d.player].answer(d))
        except IllegalAction:
            g.submit(d.player, d.forced if d.forced is not None else {"action": "pass"})
        g.changed()
        fast = _snapshot(g.all_chars())
        calls = []
        monkeypatch.setattr(layers, "_local", lambda st: calls.append(st) or False)
        g.changed()
        whole = _snapshot(g.all_chars())
        monkeypatch.setattr(layers, "_local", local)
        g.changed()
        assert fast == whole, g.turn
        compared += 1
        waited += bool(calls)
    assert compared > 500 and waited > 50  # the dependency check ran, with the shortcut, on many decisions
