"""Foretell (a later keyword: Kaldheim, 2021): the special action hides the card (406.3) and the cast
for its foretell cost is offered only from a later turn on (engine/casting.py foretell,
engine/decisions.py _foretell_options)."""
from __future__ import annotations

import json

from engine.knowledge import redact
from engine.setup import from_setup


def _game():
    return from_setup({"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Mountain", "Mountain", "Mountain"], "hand": ["Demon Bolt"],
                  "library": ["Island", "Island"]},
        "bob": {"battlefield": ["Hill Giant"], "library": ["Island", "Island"]}}}, seed=3)


def _options(g, player):
    d = g.pending
    assert d is not None and d.player == player and d.kind == "priority"
    return d.options


def test_foretell_is_offered_then_hides_the_card_from_the_opponent():
    g = _game()
    bolt = g.players["alice"].hand[0]
    offered = [o for o in _options(g, "alice") if o.get("action") == "foretell"]
    assert offered == [{"action": "foretell", "card": bolt, "name": "Demon Bolt"}]
    before = len(g.events)
    g.submit("alice", {"action": "foretell", "card": bolt})
    (new,) = g.players["alice"].exile
    assert "Demon Bolt" not in json.dumps(g.view("bob"))
    assert "Demon Bolt" not in json.dumps([redact(e, "bob") for e in g.events[before:]])
    mine = [c for c in g.view("alice")["players"]["alice"]["exile"] if c["id"] == new]
    assert mine and mine[0].get("face_down_card") == "Demon Bolt"  # its owner may look at it
    # two Mountains paid {2}; the cast for {R} waits for a later turn
    assert sum(g.objects[i].tapped for i in g.battlefield if g.objects[i].controller == "alice") == 2
    assert not [o for o in _options(g, "alice") if o.get("alt") == "foretell"]


def test_the_cast_for_its_foretell_cost_is_offered_on_a_later_turn():
    g = _game()
    bolt = g.players["alice"].hand[0]
    g.submit("alice", {"action": "foretell", "card": bolt})
    (new,) = g.players["alice"].exile
    while g.turn == 3 or g.priority != "alice":
        d = g.pending
        assert d is not None and d.kind in ("priority", "attackers", "blockers")
        g.submit(d.player, {"action": "pass"} if d.kind == "priority" else {"attackers": {}} if d.kind ==
                 "attackers" else {"blockers": {}})
    assert g.active == "bob"
    casts = [o for o in _options(g, "alice") if o.get("alt") == "foretell"]
    assert len(casts) == 1 and casts[0]["card"] == new and casts[0]["name"] == "Demon Bolt"
    giant = next(i for i in g.battlefield if g.objects[i].controller == "bob")
    assert giant in casts[0]["targets"][0]
    g.submit("alice", {"action": "cast", "card": new, "alt": "foretell", "targets": [[giant]]})
    assert g.objects[g.stack[-1]].card.name == "Demon Bolt"
