"""The sample decks in assets/decks/ (issue 6, item 3): legal, fully supported, playable."""
from __future__ import annotations

import pathlib

import pytest
from carddb_helpers import full_db  # noqa: F401  (fixture)

from engine.ai.random_bot import RandomBot
from engine.bench import play_out
from engine.cardpool import CardPool
from engine.decks.files import read_deck
from engine.decks.format import get_format
from engine.decks.validate import is_legal, validate
from engine.game import Game
from engine.support import unsupported_reasons

DECKS = sorted((pathlib.Path(__file__).resolve().parent.parent / "assets" / "decks").glob("*.txt"))


def names(deck) -> list[str]:
    return [n for n, c in deck.main.items() for _ in range(c)]


def test_there_are_at_least_eight():
    assert len(DECKS) >= 8


@pytest.mark.parametrize("path", DECKS, ids=lambda p: p.stem)
@pytest.mark.parametrize("fmt", ["standard-2019", "casual"])
def test_sample_deck_is_legal(path, fmt, full_db):  # noqa: F811
    deck = read_deck(path, full_db)
    problems = validate(deck, get_format(fmt), full_db)
    assert is_legal(problems), [str(p) for p in problems]
    assert sum(deck.main.values()) == 60


@pytest.mark.parametrize("path", DECKS, ids=lambda p: p.stem)
def test_every_card_is_fully_supported_by_the_engine(path, full_db):  # noqa: F811
    pool = CardPool(full_db)
    deck = read_deck(path, full_db)
    for name in deck.main:
        assert unsupported_reasons(pool.definition(name)) == [], name


def test_two_sample_decks_play_a_whole_game(full_db):  # noqa: F811
    pool = CardPool(full_db)
    a, b = (names(read_deck(DECKS[i], full_db)) for i in (0, 1))
    g = Game.new([("alice", a), ("bob", b)], pool, seed=5)
    bots = {"alice": RandomBot(1), "bob": RandomBot(2)}
    play_out(g, bots, 20000)
    assert g.winner is not None
