"""The later halves of split cards the card data lacks, completed from the MTGA package (708: Ravnica Allegiance)."""
from engine.cards.data import name_key
from engine.cards.db import complete_faces, open_db
from engine.cards.importers import mtga_split_faces


def test_mtga_split_halves_are_face_records():
    faces = mtga_split_faces()
    bedazzle = faces[name_key("Bedeck")]
    assert [f["name"] for f in bedazzle] == ["Bedazzle"]
    assert bedazzle[0]["manaCost"] == "{4}{B}{R}"
    assert bedazzle[0]["types"] == ["Instant"]
    assert bedazzle[0]["text"].startswith("Destroy target nonbasic land.")
    # Arena's "converted mana cost" is read as today's "mana value" (the same number, 202.3)
    assert "with the highest mana value among permanents" in faces[name_key("Discovery")][0]["text"]
    # only split cards (instants and sorceries): an adventurer is not completed as a split card
    assert name_key("Giant Killer") not in faces
    assert name_key("Bonecrusher Giant") not in faces


def test_database_card_gets_its_second_half():
    card = open_db().get("Bedeck // Bedazzle")
    assert card is not None and card.layout == "split"
    assert [f["name"] for f in card.faces] == ["Bedeck", "Bedazzle"]
    assert card.faces[1]["mana_cost"] == "{4}{B}{R}"
    # a card whose halves are all known is left as it is
    assert complete_faces(card, lambda first: mtga_split_faces().get(name_key(first), [])) is card
