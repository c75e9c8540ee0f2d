"""A static "You may look at the top card of your library any time" (Sphinx of Jwar Isle): the
top card of its controller's library is in that player's view and known to them, never to the
opponent (400.2), and a new top card is shown once the old one is drawn. "Play with the top card
of your library revealed" (Goblin Spy): every player knows it."""
from __future__ import annotations

from engine import knowledge
from engine.scenario import default_pool, from_setup


def _game(with_sphinx: bool, card: str = "Sphinx of Jwar Isle"):
    setup = {"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": [card] if with_sphinx else ["Island"],
                  "library": ["Lightning Bolt", "Grizzly Bears"]},
        "bob": {"library": ["Shock"]}}}
    return from_setup(setup, default_pool())


def _known(view, player):
    return [(k["zone"], k["index"], k["name"]) for k in view["players"][player].get("known", [])]


def test_owner_sees_the_top_card_and_the_opponent_does_not():
    g = _game(True)
    top = g.players["alice"].library[0]
    assert _known(g.view("alice"), "alice") == [("library", 0, "Lightning Bolt")]
    assert _known(g.view("bob"), "alice") == []
    assert knowledge.knows(g, "alice", top) and not knowledge.knows(g, "bob", top)
    assert not knowledge.knows(g, "alice", g.players["alice"].library[1])


def test_without_the_static_the_top_card_stays_hidden():
    g = _game(False)
    assert _known(g.view("alice"), "alice") == []
    assert not knowledge.knows(g, "alice", g.players["alice"].library[0])


def test_the_next_card_is_shown_once_the_top_one_is_drawn():
    g = _game(True)
    g.draw("alice", 1)
    assert _known(g.view("alice"), "alice") == [("library", 0, "Grizzly Bears")]


def test_a_revealed_top_card_is_known_to_every_player():
    g = _game(True, "Goblin Spy")
    top = g.players["alice"].library[0]
    assert _known(g.view("alice"), "alice") == [("library", 0, "Lightning Bolt")]
    assert _known(g.view("bob"), "alice") == [("library", 0, "Lightning Bolt")]
    assert knowledge.knows(g, "bob", top)
    assert not knowledge.knows(g, "bob", g.players["alice"].library[1])
    assert _known(g.view("alice"), "bob") == []  # bob's library stays hidden
