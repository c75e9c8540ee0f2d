"""An "if" instruction's branch resumes after a question (608.2c-d): the instructions before the question are not
carried out again, and the condition is not read again (engine/ops/control.py)."""
from engine.cardpool import default_pool
from engine.setup import from_setup


def test_gruesome_discovery_reveals_once_then_discards_the_chosen_cards():
    setup = {"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Mountain"] + ["Swamp"] * 4, "hand": ["Lightning Bolt", "Gruesome Discovery"]},
        "bob": {"battlefield": ["Grizzly Bears"], "hand": ["Island", "Forest", "Mountain"]}}}
    g = from_setup(setup, default_pool())
    alice, bob = g.players["alice"], g.players["bob"]
    bolt, discovery = alice.hand
    bears = next(i for i in g.battlefield if g.controller_of(i) == "bob")
    g.submit("alice", {"action": "cast", "card": bolt, "targets": [bears]})
    while g.stack:
        g.submit(g.pending.player, {"action": "pass"})
    g.submit("alice", {"action": "cast", "card": discovery, "targets": ["bob"]})
    while g.pending.kind == "priority":
        g.submit(g.pending.player, {"action": "pass"})
    d = g.pending
    assert d.kind == "choose_cards" and d.player == "alice" and set(d.options) == set(bob.hand)
    keep = next(i for i in bob.hand if g.objects[i].card.name == "Mountain")
    g.submit("alice", {"cards": [i for i in bob.hand if i != keep]})
    while g.stack:
        g.submit(g.pending.player, {"action": "pass"})
    assert bob.hand == [keep]
    assert sorted(g.objects[i].card.name for i in bob.graveyard) == ["Forest", "Grizzly Bears", "Island"]
    reveals = [e for e in g.events if e["type"] == "reveal" and e.get("player") == "bob"]
    assert len(reveals) == 1  # the branch resumed after alice's choice: bob's hand was revealed once
