"""702.16: what a quality of protection means for a given source (engine/protection.py).

The scenarios of tests/scenarios/protection play the "DEBT" effects out (702.16b-e); these
tests pin the quality itself for every kind of quality the engine reads: a color, the words
of 702.16 (everything 702.16j, multicolored, monocolored, colorless, all colors / each
color: 105.2-105.4) and an object filter ("protection from creatures")."""
from __future__ import annotations

import pytest

from engine.game import Game
from engine.protection import has_quality, protected, supported
from engine.setup import from_setup


def _game() -> tuple[Game, dict[str, int]]:
    g = from_setup({"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Kor Firewalker", "Beloved Chaplain", "Iridescent Angel", "Progenitus",
                                  "Grizzly Bears"]},
        "bob": {"battlefield": ["Shivan Dragon", "Watchwolf", "Ornithopter", "Mountain"],
                "graveyard": ["Raging Goblin"]}}})
    ids = {g.objects[i].card.name: i for i in g.objects}
    return g, ids


@pytest.mark.parametrize("q, ok", [
    ("R", True), ("everything", True), ("multicolored", True), ("monocolored", True), ("colorless", True),
    ("all colors", True), ("each color", True), ("RG", False), ("", False), ("artifacts", False),
    ({"types": ["Creature"]}, True), ({"types": ["Creature"], "no_such_key": 1}, False), (None, False), (3, False),
])
def test_the_qualities_the_engine_reads(q: object, ok: bool) -> None:
    """A card whose protection names another quality stays unsupported (never half-read)."""
    assert supported(q) is ok


@pytest.mark.parametrize("q, colors, ok", [
    ("R", ("R",), True), ("R", ("G", "W"), False), ("R", (), False),
    ("multicolored", ("W", "G"), True), ("multicolored", ("R",), False), ("multicolored", (), False),
    ("monocolored", ("R",), True), ("monocolored", ("W", "G"), False), ("monocolored", (), False),
    ("colorless", (), True), ("colorless", ("R",), False),
    ("all colors", ("U",), True), ("each color", ("W", "U"), True), ("all colors", (), False),
    ("everything", (), True), ("artifacts", ("R",), False),
])
def test_a_word_quality_by_the_sources_colors_105_2(q: str, colors: tuple[str, ...], ok: bool) -> None:
    """105.2: an object is each of its colors; multicolored is two or more (105.2c),
    monocolored exactly one (105.2b), colorless none (105.2c); 702.16j: from everything."""
    g, _ = _game()
    assert has_quality(g, q, None, colors) is ok


def test_the_colors_of_the_source_itself_when_none_are_given() -> None:
    g, ids = _game()
    assert has_quality(g, "R", ids["Shivan Dragon"]) is True
    assert has_quality(g, "R", ids["Watchwolf"]) is False
    assert has_quality(g, "multicolored", ids["Watchwolf"]) is True
    assert has_quality(g, "colorless", ids["Ornithopter"]) is True
    assert has_quality(g, "monocolored", ids["Ornithopter"]) is False
    assert has_quality(g, "R", None) is False  # no source, no quality
    assert has_quality(g, "R", 10_000) is False  # an object no longer in the game
    assert has_quality(g, "everything", None) is True


def test_an_object_filter_quality_is_checked_on_the_source_702_16a() -> None:
    """"Protection from creatures": the source is a creature, wherever it is (a creature card
    in a graveyard is still a creature card: zone any_card)."""
    g, ids = _game()
    creatures = {"types": ["Creature"]}
    assert has_quality(g, creatures, ids["Shivan Dragon"]) is True
    assert has_quality(g, creatures, ids["Mountain"]) is False
    assert has_quality(g, creatures, ids["Raging Goblin"]) is True
    assert has_quality(g, {"types": ["Creature"], "zone": "battlefield"}, ids["Raging Goblin"]) is False
    assert has_quality(g, creatures, None) is False
    assert has_quality(g, creatures, 10_000) is False


def test_protected_reads_every_quality_of_the_object_702_16() -> None:
    g, ids = _game()
    dragon, wolf, thopter, mountain = (ids[n] for n in ("Shivan Dragon", "Watchwolf", "Ornithopter", "Mountain"))
    firewalker, chaplain, angel, progenitus, bears = (
        g.chars(ids[n]) for n in ("Kor Firewalker", "Beloved Chaplain", "Iridescent Angel", "Progenitus",
                                  "Grizzly Bears"))
    assert protected(g, firewalker, dragon) and not protected(g, firewalker, wolf)
    assert protected(g, chaplain, wolf) and not protected(g, chaplain, mountain)
    assert protected(g, angel, wolf) and protected(g, angel, dragon) and not protected(g, angel, thopter)
    assert protected(g, progenitus, thopter) and protected(g, progenitus, mountain)
    assert protected(g, bears, dragon) is False  # no protection at all
    # colors given for the source (a spell's colors as it was cast) override the object's own
    assert protected(g, firewalker, wolf, {"R"}) and not protected(g, firewalker, dragon, set())


def test_without_a_source_object_no_filter_quality_is_found() -> None:
    """Colors alone (a source's colors as it was) tell a color quality, never an object filter:
    whether the source is a creature needs the source itself."""
    g, _ = _game()
    assert has_quality(g, {"types": ["Creature"]}, None, ("R",)) is False
    assert has_quality(g, {"types": ["Creature"]}, 10_000, ("R",)) is False
    assert has_quality(g, "R", None, ("R",)) is True


def test_an_object_that_lost_protection_is_not_protected_613_1f() -> None:
    """613.1f: an effect that removes the Protection keyword in layer 6 (engine/layers.py,
    "lose") leaves the quality list behind; the keyword alone decides (702.16)."""
    g, ids = _game()
    c = g.chars(ids["Kor Firewalker"]).clone()
    c.keywords = c.keywords - {"Protection"}
    assert c.kwargs.get("Protection") == ["R"]
    assert protected(g, c, ids["Shivan Dragon"]) is False
