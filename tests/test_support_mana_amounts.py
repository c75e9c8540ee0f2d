"""A mana ability resolves at once, with no object on the stack (605.3a): what its cost sacrificed is kept for its
instructions as it is paid (602.2b, 608.2h), so a card whose mana ability counts "the sacrificed creature's mana value"
plays (it faulted in a game, fuzz seed 2121514 at stop 21, before the cost's choices were kept; stop 28 fuzzed the
five such cards at that seed, 10 games, 0 failures), as does a plain sacrifice-for-mana ability.
The amount itself: tests/scenarios/cards/c28c_mana_of_sacrificed.yaml."""
from __future__ import annotations

from engine.cards.compiler import compile_card
from engine.cards.coverage import corpus_card
from engine.support import unsupported_reasons


def test_a_mana_ability_counting_the_sacrificed_creature_plays() -> None:
    for name in ("Priest of Yawgmoth", "Soldevi Adnate"):
        assert unsupported_reasons(compile_card(corpus_card(name))) == [], name


def test_a_mana_ability_that_only_sacrifices_plays() -> None:
    assert unsupported_reasons(compile_card(corpus_card("Ashnod's Altar"))) == []
