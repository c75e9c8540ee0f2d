"""Choices made as a permanent enters (614.12; engine/entering.py): each answered by the option
itself or by its 1-based number in the decision's options, anything else refused."""
from __future__ import annotations

import pytest

from engine.cardpool import CardPool
from engine.errors import IllegalAction
from engine.game import Game
from engine.setup import from_setup


@pytest.fixture(scope="module")
def cards() -> CardPool:
    return CardPool()


def _entering(cards: CardPool, name: str, lands: list[str]) -> tuple[Game, int]:
    """alice casts ``name`` and the spell resolves: the game waits on her choice as it enters."""
    g = from_setup({"active": "alice", "step": "main1", "players": {
        "alice": {"hand": [name], "battlefield": lands}}}, cards)
    cid = g.players["alice"].hand[0]
    g.submit("alice", {"action": "cast", "card": cid})
    g.submit("alice", {"action": "pass"})
    g.submit("bob", {"action": "pass"})
    d = g.pending
    assert d is not None and d.kind == "choose_option" and d.player == "alice"
    return g, g.battlefield[-1]


@pytest.mark.parametrize("answer,counters", [(1, 1), (2, 0), ("yes", 1), ("no", 0), (True, 1), (False, 0)])
def test_unleash_is_answered_by_its_option_or_the_option_s_number(cards, answer, counters):
    """702.97a (unleash), 614.12: "you may have SELF enter with a +1/+1 counter on it"."""
    g, cackler = _entering(cards, "Rakdos Cackler", ["Swamp"])
    assert g.pending.options == ["yes", "no"]
    g.submit("alice", {"option": answer})
    assert g.objects[cackler].counters.get("+1/+1", 0) == counters
    assert g.pending.kind == "priority"


@pytest.mark.parametrize("answer", [0, 3, "maybe"])
def test_unleash_refuses_a_number_or_word_that_names_no_option(cards, answer):
    g, _ = _entering(cards, "Rakdos Cackler", ["Swamp"])
    with pytest.raises(IllegalAction):
        g.submit("alice", {"option": answer})
