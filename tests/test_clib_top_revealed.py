""""Players play with the top card of their libraries revealed" (Field of Dreams, 701.13a): every
player knows the top card of every library while it is on the battlefield; "Play with the top card of
your library revealed" (Future Sight) reveals its controller's only."""
from __future__ import annotations

from engine import knowledge
from engine.setup import from_setup


def _game(card: str):
    return from_setup({"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": [card], "library": ["Grizzly Bears", "Forest"]},
        "bob": {"library": ["Shock", "Island"]}}})


def test_field_of_dreams_reveals_the_top_card_of_each_library_to_every_player():
    g = _game("Field of Dreams")
    for who in ("alice", "bob"):
        for owner in ("alice", "bob"):
            assert knowledge.top_known(g, who, owner)
    top = g.players["bob"].library[0]
    assert knowledge.knows(g, "alice", top)


def test_future_sight_reveals_only_its_controllers_top_card():
    g = _game("Future Sight")
    assert knowledge.top_known(g, "bob", "alice")
    assert not knowledge.top_known(g, "alice", "bob")
    assert not knowledge.knows(g, "alice", g.players["bob"].library[0])
