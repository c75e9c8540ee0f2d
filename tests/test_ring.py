"""The Ring tempts you (a later keyword action, engine/ops/ring.py): the chosen Ring-bearer is legendary and
has the Ring's abilities for its level; a new Ring-bearer takes them over."""
from __future__ import annotations

from engine.ops import ring
from engine.setup import from_setup


def _game():
    return from_setup({"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Mountain", "Mountain", "Grizzly Bears", "Hill Giant"],
                  "hand": ["Ranger's Firebrand", "Ranger's Firebrand"]},
        "bob": {}}}, seed=5)


def _named(g, name):
    return next(i for i in g.battlefield if g.objects[i].card.name == name)


def _tempt(g, pick):
    fb = next(i for i in g.players["alice"].hand if g.objects[i].card.name == "Ranger's Firebrand")
    g.submit("alice", {"action": "cast", "card": fb, "targets": [["bob"]]})
    while g.stack:
        d = g.pending
        if d.kind == "choose_cards":  # the Ring-bearer, among alice's two creatures
            assert set(d.options) == {_named(g, "Grizzly Bears"), _named(g, "Hill Giant")}
            g.submit("alice", {"cards": [pick]})
        else:
            g.submit(d.player, {"action": "pass"})


def test_the_ring_bearer_is_legendary_and_a_new_one_takes_the_abilities_over():
    g = _game()
    bears, giant = _named(g, "Grizzly Bears"), _named(g, "Hill Giant")
    _tempt(g, bears)
    assert ring.bearer(g, "alice") == bears
    assert "Legendary" in g.chars(bears).supertypes and "Legendary" not in g.chars(giant).supertypes
    assert len(g.chars(bears).abilities) == 0  # level 1: no triggered ability yet
    _tempt(g, giant)
    assert ring.bearer(g, "alice") == giant
    assert g.objects[ring.ring_of(g, "alice")].chosen["level"] == 2
    assert "Legendary" in g.chars(giant).supertypes and "Legendary" not in g.chars(bears).supertypes
    texts = [a.text for a in g.chars(giant).abilities]
    assert texts == ["Whenever SELF attacks, draw a card, then discard a card."]
    assert g.chars(bears).abilities == []


def test_the_ring_tempts_a_player_with_no_creature():
    g = from_setup({"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Mountain"], "hand": ["Ranger's Firebrand"]}, "bob": {}}}, seed=5)
    fb = g.players["alice"].hand[0]
    g.submit("alice", {"action": "cast", "card": fb, "targets": [["bob"]]})
    while g.stack:
        g.submit(g.pending.player, {"action": "pass"})
    rid = ring.ring_of(g, "alice")
    assert rid is not None and g.objects[rid].chosen["level"] == 1 and ring.bearer(g, "alice") is None
