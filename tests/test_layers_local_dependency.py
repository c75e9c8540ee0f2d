"""613.7a found object by object (issue 21, speed): when a static ability's filter reads only the
object it looks at (``layers._local``), whether applying another effect changes what it applies to
is decided by looking at the objects that effect changes, not at every permanent. The scenario
tests/scenarios/rules/faults_613_7_dense_canopy_waits_for_flying.yaml shows an order that changes.
Here the answer must be the one the whole scan gives in every state of a seeded game: Dense Canopy's
"creatures with flying can block only creatures with flying" reads the keywords that Levitation and
the Equipment grant in the same layer, and at every decision the characteristics computed with the
shortcut are compared with those computed by the whole scan."""
from __future__ import annotations

from engine import layers
from engine.ai.random_bot import RandomBot
from engine.cardpool import CardPool
from engine.errors import IllegalAction
from engine.game import Game


def _snapshot(cs: dict) -> dict:
    return {i: (c.power, c.toughness, c.types, c.subtypes, c.colors, c.keywords, c.controller,
                [id(a) for a in c.abilities], [sorted(r.items(), key=str) for r in c.rules]) for i, c in cs.items()}


#: two decks of layer-6 grants and a keyword-reading restriction (fixed lists: a random pair changes
#: with every card the engine learns)
DECK = ["Forest"] * 12 + ["Plains"] * 12 + ["Dense Canopy"] * 4 + ["Levitation"] * 4 + ["Aeronaut's Wings"] * 2 \
    + ["Hot Soup"] * 2 + ["Screaming Shield"] * 2 + ["Grizzly Bears"] * 4 + ["Serra Angel"] * 4 \
    + ["Giant Spider"] * 4 + ["Llanowar Elves"] * 4 + ["Craw Wurm"] * 3 + ["Savannah Lions"] * 3


def test_the_object_by_object_dependency_check_gives_the_whole_scans_characteristics(monkeypatch):
    cards = CardPool()
    assert len(DECK) == 60
    g = Game.new([("p0", DECK), ("p1", DECK)], cards, 42)
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
    assert compared > 300 and waited > 50, (compared, waited)  # the shortcut ran on many decisions
