"""Adventurer cards (a later card layout, Throne of Eldraine): the Adventure half completed from the MTGA data,
cast from the hand as its own spell, exiled as it resolves, then cast from exile only as the creature."""
import pytest

from engine import zones_cast
from engine.cardpool import default_pool
from engine.cards.db import open_db
from engine.cards.importers import adventure_faces, mtga_adventure_faces
from engine.decisions import priority_options
from engine.errors import IllegalAction
from engine.setup import from_setup


def test_the_mtga_data_gives_adventure_halves_as_face_records():
    half = mtga_adventure_faces()["profane insight"]
    assert half["manaCost"] == "{2}{B}" and half["types"] == ["Instant"] and half["subtypes"] == ["Adventure"]
    assert half["text"] == "You draw a card and you lose 1 life."
    card = open_db().get("Foulmire Knight")
    assert card is not None and [f["name"] for f in card.faces] == ["Foulmire Knight", "Profane Insight"]


def test_the_embedded_halves_complete_adventurer_cards_the_mtga_data_lacks():
    stomp = adventure_faces()["stomp"]
    assert stomp["types"] == ["Instant"] and stomp["subtypes"] == ["Adventure"] and stomp["manaCost"] == "{1}{R}"
    db = open_db()
    adventurers = {c.face_names[1].casefold() for c in db.search("is:adventure")}
    assert set(adventure_faces()) <= adventurers  # each embedded half is one adventurer card's second face
    d = default_pool().definition("Bonecrusher Giant")
    assert d.name == "Bonecrusher Giant" and not d.unsupported and d.faces[0].name == "Stomp"


def test_an_adventurer_has_its_creatures_name_and_its_adventure_as_a_face():
    d = default_pool().definition("Beanstalk Giant")
    assert d.name == "Beanstalk Giant" and d.layout == "adventure" and not d.unsupported
    assert [(f.name, f.types, f.subtypes) for f in d.faces] == [("Fertile Footsteps", ("Sorcery",), ("Adventure",))]


def _game():
    setup = {"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Swamp"] * 4, "hand": ["Foulmire Knight"], "library": ["Island"] * 3},
        "bob": {"library": ["Forest"] * 3}}}
    return from_setup(setup, default_pool())


def _casts(g):
    return {(o["card"], o["name"], o.get("face")) for o in priority_options(g, "alice") if o["action"] == "cast"}


def test_the_hand_offers_the_creature_and_the_adventure_and_exile_only_the_creature():
    g = _game()
    card = g.players["alice"].hand[0]
    assert _casts(g) == {(card, "Foulmire Knight", None), (card, "Profane Insight", 1)}
    g.submit("alice", {"action": "cast", "card": card, "face": 1})
    spell = g.objects[g.stack[-1]]
    assert spell.card.name == "Profane Insight" and spell.card.types == ("Instant",)
    while g.stack:
        g.submit(g.pending.player, {"action": "pass"})
    alice = g.players["alice"]
    assert len(alice.hand) == 1 and alice.life == 19 and not alice.graveyard
    (exiled,) = alice.exile
    assert _casts(g) == {(exiled, "Foulmire Knight", None)}
    # only the player who cast the Adventure may cast it from exile
    assert zones_cast.may_cast(g, "alice", g.objects[exiled]) is not None
    assert zones_cast.may_cast(g, "bob", g.objects[exiled]) is None
    with pytest.raises(IllegalAction):
        g.submit("alice", {"action": "cast", "card": exiled, "face": 1})
    with pytest.raises(IllegalAction):
        g.submit("alice", {"action": "cast", "card": exiled, "face": 2})
