"""engine.cards.suggest: one suggestion function for the card database and the in-memory pool."""
from __future__ import annotations

import pytest
from carddb_helpers import full_db  # noqa: F401  (fixture)

from engine.cards.bench_suggest import MISSPELLED
from engine.cards.suggest import NameIndex
from engine.decks.memorydb import MemoryCardDB


def test_ranking_on_a_small_index():
    ix = NameIndex((n, n) for n in ["Brainstorm", "Brainstone", "Grindstone", "Lightning Bolt", "Jolt", "Boil",
                                    "Boltwave", "Tarmogoyf", "Thaumatog", "Æther Vial", "Fire // Ice"])
    assert ix.suggest("Brainstorn", 2) == ["Brainstorm", "Brainstone"]     # the nearer by keystrokes first
    assert ix.suggest("bolt", 3) == ["Jolt", "Boltwave", "Lightning Bolt"]    # closest, then starts, contains
    assert ix.suggest("tarmog", 1) == ["Tarmogoyf"]
    assert ix.suggest("aether vial", 1) == ["Æther Vial"]                     # diacritics folded
    assert ix.suggest("fire/ice", 1) == ["Fire // Ice"]
    assert ix.suggest("") == [] and ix.suggest("bolt", 0) == [] and ix.suggest(None) == []
    assert ix.suggest("qqqqqqqq") == [] and ix.suggest("a\nb") == []


def test_the_memory_pool_suggests_as_the_database_does():
    db = MemoryCardDB()
    for name in ["Lightning Bolt", "Lightning Blast", "Shock", "Æther Vial"]:
        db.add(name)
    db.add("Fire // Ice", faces=[{"name": "Fire", "type_line": "Instant"}, {"name": "Ice", "type_line": "Instant"}],
           layout="split")
    assert db.suggest("Lightening Bolt", 5) == ["Lightning Bolt", "Lightning Blast"]
    assert db.suggest("aether vail") == ["Æther Vial"]
    assert db.suggest("Ic") == ["Fire // Ice"]                          # a face shows its card
    db.add("Lightning Bolt Jr.")                                          # the index follows additions
    assert "Lightning Bolt Jr." in db.suggest("Lightning Bol")


@pytest.mark.parametrize("typed, first", list(zip(MISSPELLED, [
    "Lightning Bolt", "Serra Angel", "Tarmogoyf", "Llanowar Elves", "Counterspell", "Shivan Dragon",
    "Wrath of God", "Birds of Paradise", "Jace, the Mind Sculptor", "Brainstorm"])))
def test_first_suggestion_on_the_full_database(full_db, typed, first):  # noqa: F811
    """The ten misspellings of the benchmark: the same first suggestion difflib gave."""
    assert full_db.suggest(typed, 5)[0] == first
