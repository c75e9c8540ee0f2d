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


#: white sorceries of {1}{W} or less, without targets, that the compiler does not read yet: the test takes the first
#: still unsupported (when the cards helpers make one play, the next is used; the test fails if none is left)
UNSUPPORTED_SORCERIES = ("False Dawn", "Clowning Around", "Academic Probation")


def test_an_unsupported_sorcery_is_cast_then_played_by_hand(cards):
    name = next((n for n in UNSUPPORTED_SORCERIES if is_manual(cards.definition(n))), None)
    assert name is not None, "every candidate is supported now: name another unsupported sorcery"
    g = from_setup({"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Plains", "Plains"], "hand": [name], "library": ["Plains", "Plains", "Plains"]},
        "bob": {"battlefield": ["Grizzly Bears", "Forest"]}}}, cards)
    spell = g.players["alice"].hand[0]
    g.submit("alice", {"action": "cast", "card": spell})
    g.submit("alice", {"action": "pass"})
    g.submit("bob", {"action": "pass"})
    d = g.pending
    assert d.kind == "manual" and d.player == "alice"
    assert name in d.prompt and "move" in d.options["actions"]
    assert [g.objects[i].card.name for i in g.players["alice"].graveyard] == [name]
    bears = next(i for i in g.battlefield if g.objects[i].card.name == "Grizzly Bears")
    with pytest.raises(IllegalAction):
        g.submit("alice", {"action": "move", "card": bears, "to": "the moon"})
    assert g.pending.kind == "manual"
    g.submit("alice", {"action": "move", "card": bears, "to": "graveyard"})   # whatever the text asks, by hand
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


def test_a_cards_support_is_worked_out_once_for_the_deck_and_the_game(monkeypatch) -> None:
    """A compiled card never changes, so why it can't be played as written is worked out once per card: dealt into
    a deck (engine/randomdeck.py playable) and then asked again for each new card in the game (is_manual), it costs
    the checker's walk once (issue 21: random decks paid it again for each of their cards). Each answer is the
    caller's own list."""
    from engine import memo, support
    from engine.cardpool import CardPool
    calls = []
    real = support.contract.problems
    monkeypatch.setattr(support.contract, "problems", lambda card: calls.append(card.name) or real(card))
    memo.clear_all()
    card = CardPool().definition("Chimeric Idol")
    first = support.unsupported_reasons(card)
    first.append("changed by its caller")
    assert support.unsupported_reasons(card) == [] and not is_manual(card)
    assert calls == ["Chimeric Idol"]
