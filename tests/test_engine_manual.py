"""Manual mode (issue 4, item 3): an unsupported card is cast and resolves like any card
of its type, then its controller carries out its text by hand until they say done."""
from __future__ import annotations

import pytest

from engine.cardpool import CardPool
from engine.errors import IllegalAction
from engine.manual import is_manual
from engine.setup import from_setup


@pytest.fixture(scope="module")
def cards() -> CardPool:
    return CardPool()


def test_balance_is_unsupported_and_cast_then_played_by_hand(cards):
    assert is_manual(cards.definition("Balance"))
    g = from_setup({"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Plains", "Plains"], "hand": ["Balance"]},
        "bob": {"battlefield": ["Grizzly Bears", "Forest"]}}}, cards)
    balance = g.players["alice"].hand[0]
    g.submit("alice", {"action": "cast", "card": balance})
    g.submit("alice", {"action": "pass"})
    g.submit("bob", {"action": "pass"})
    d = g.pending
    assert d.kind == "manual" and d.player == "alice"
    assert "Balance" in d.prompt and "move" in d.options["actions"]
    assert [g.objects[i].card.name for i in g.players["alice"].graveyard] == ["Balance"]
    bears = next(i for i in g.battlefield if g.objects[i].card.name == "Grizzly Bears")
    with pytest.raises(IllegalAction):
        g.submit("alice", {"action": "move", "card": bears, "to": "the moon"})
    assert g.pending.kind == "manual"
    g.submit("alice", {"action": "move", "card": bears, "to": "graveyard"})   # bob sacrifices down
    assert g.pending.kind == "manual"
    g.submit("alice", {"action": "life", "player": "bob", "delta": -1})
    g.submit("alice", {"action": "done"})
    assert g.pending.kind == "priority" and g.pending.player == "alice"
    assert [g.objects[i].card.name for i in g.players["bob"].graveyard] == ["Grizzly Bears"]
    assert g.players["bob"].life == 19
    said = [e["what"] for e in g.events if e["type"] == "manual"]
    assert said == ["moves Grizzly Bears to graveyard", "changes bob's life by -1"]


def test_a_manual_permanent_offers_manual_actions_at_priority(cards):
    g = from_setup({"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Chaos Orb"]}, "bob": {}}}, cards)
    assert {"action": "manual"} in g.pending.options
    g.submit("alice", {"action": "manual"})
    assert g.pending.kind == "manual"
    orb = g.battlefield[0]
    g.submit("alice", {"action": "counters", "card": orb, "kind": "+1/+1", "delta": 2})
    g.submit("alice", {"action": "done"})
    assert g.objects[orb].counters["+1/+1"] == 2
    assert g.pending.kind == "priority"


def test_no_manual_action_without_a_manual_card(cards):
    g = from_setup({"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Grizzly Bears"]}, "bob": {}}}, cards)
    assert {"action": "manual"} not in g.pending.options
    with pytest.raises(IllegalAction):
        g.submit("alice", {"action": "manual"})
