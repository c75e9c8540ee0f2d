"""404.3: the owner arranges the cards put into their graveyard at the same time (engine/graveyard_order.py):
asked only when an object of the game reads a graveyard's order; the random bot, the AI and the app answer it."""
from __future__ import annotations

import pytest

from engine.ai.player import AIPlayer
from engine.ai.random_bot import RandomBot
from engine.errors import IllegalAction
from engine.graveyard_order import ROUTE
from engine.setup import from_setup

LIB = ["Island"] * 6


def _milled(reader: str = "Necratog", who: str = "alice") -> dict:
    return {"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": [reader, "Island"], "hand": ["Thought Scour"],
                  "library": ["Grizzly Bears", "Serra Angel", "Hill Giant"] + LIB},
        "bob": {"library": ["Craw Wurm", "Gray Ogre"] + LIB}}}


def _cast_scour(g, target: str) -> None:
    scour = g.players["alice"].hand[0]
    g.submit("alice", {"action": "cast", "card": scour, "targets": [target]})
    while g.pending.kind == "priority" and g.stack:
        g.submit(g.pending.player, {"action": "pass"})


def test_owner_orders_and_the_top_is_the_first_named():
    g = from_setup(_milled())
    _cast_scour(g, "alice")
    d = g.pending
    assert d.kind == "choose_cards" and d.player == "alice" and d.data["answer_to"] == ROUTE
    assert d.forced is None and d.data["ordered"] is True and len(d.options) == 2
    bears, angel = sorted(d.options, key=lambda x: g.objects[x].card.name)
    g.submit("alice", {"cards": [bears, angel]})
    pile = g.players["alice"].graveyard
    assert pile[-1] != bears  # the spell itself went on top after
    assert [g.objects[x].card.name for x in pile] == ["Serra Angel", "Grizzly Bears", "Thought Scour"]


def test_illegal_orders_change_nothing():
    g = from_setup(_milled())
    _cast_scour(g, "alice")
    d = g.pending
    for bad in ([d.options[0]], [d.options[0], d.options[0]], [d.options[0], d.options[1], 999]):
        with pytest.raises(IllegalAction):
            g.submit("alice", {"cards": bad})
        assert g.pending == d


def test_not_asked_when_nothing_reads_the_order():
    g = from_setup(_milled(reader="Grizzly Bears"))
    _cast_scour(g, "alice")
    assert g.pending.kind == "priority" and len(g.players["alice"].graveyard) == 3


def test_the_owner_decides_for_another_players_cards():
    g = from_setup(_milled())
    _cast_scour(g, "bob")  # alice's Necratog reads graveyard order: bob orders his own milled cards
    d = g.pending
    assert d.kind == "choose_cards" and d.player == "bob" and d.data["answer_to"] == ROUTE


@pytest.mark.parametrize("bot", ["random", "ai"])
def test_bots_answer_with_every_card_once(bot):
    g = from_setup(_milled())
    _cast_scour(g, "alice")
    d = g.pending
    a = RandomBot(3).answer(d) if bot == "random" else AIPlayer("alice").decide(g.copy(), d)
    assert sorted(a["cards"]) == sorted(d.options)
    g.submit("alice", a)
    assert g.pending.kind == "priority"


def test_the_ai_puts_a_creature_card_on_top_for_what_reads_it():
    setup = _milled(reader="Volrath's Shapeshifter")
    setup["players"]["alice"]["library"] = ["Grizzly Bears", "Lightning Bolt"] + LIB
    g = from_setup(setup)
    _cast_scour(g, "alice")
    d = g.pending
    a = AIPlayer("alice").decide(g.copy(), d)
    assert [g.objects[x].card.name for x in a["cards"]] == ["Grizzly Bears", "Lightning Bolt"]
