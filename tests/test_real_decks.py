"""Real decks of 2016 (issue 19, Targets: "the fifteen real decks ... play whole"): ten of
Standard on April 8, 2016 and five of Modern, in assets/decks/real/. They are the measure of
which cards real decks need (``python -m engine.cards coverage --deck FILE``); this file checks
that each list is a real, legal deck of its format, so the measure counts what players bring."""
from __future__ import annotations

import pathlib

import pytest

from carddb_helpers import full_db  # noqa: F401  (fixture)
from engine.cards.coverage import deck_coverage
from engine.decks.files import read_deck
from engine.decks.format import get_format
from engine.decks.validate import is_legal, validate

DECKS = sorted((pathlib.Path(__file__).resolve().parent.parent / "assets" / "decks" / "real").glob("*.txt"))


def test_ten_standard_and_five_modern_decks():
    kinds = [p.stem.split("-")[0] for p in DECKS]
    assert kinds.count("std2016") == 10 and kinds.count("modern") == 5, kinds


@pytest.mark.parametrize("path", DECKS, ids=lambda p: p.stem)
def test_a_real_deck_is_legal_in_its_format(path, full_db):  # noqa: F811
    fmt = "standard-2016" if path.stem.startswith("std2016") else "modern-2016"
    deck = read_deck(path, full_db)
    problems = validate(deck, get_format(fmt), full_db)
    assert is_legal(problems), [str(p) for p in problems]
    assert sum(deck.main.values()) == 60


@pytest.mark.parametrize("path", DECKS, ids=lambda p: p.stem)
def test_coverage_names_each_card_that_does_not_play_with_its_reason(path, full_db):  # noqa: F811
    res = deck_coverage(str(path), full_db)
    assert res["total"] == len(set(read_deck(path, full_db).names()))
    assert res["supported"] + len(res["unsupported"]) == res["total"]
    assert all(res["reasons"][n] and "(not in the card data)" not in res["reasons"][n] for n in res["unsupported"])
