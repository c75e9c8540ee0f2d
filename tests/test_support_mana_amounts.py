"""A mana ability resolves at once, with no object on the stack (605.3a): nothing keeps what its cost sacrificed,
so a card whose mana ability counts "the sacrificed creature's mana value" does not play (it faulted in a game:
fuzz seed 2121514 with the cards newly supported at stop 21), while a plain sacrifice-for-mana ability plays."""
from __future__ import annotations

from engine.cards.compiler import compile_card
from engine.cards.coverage import corpus_card
from engine.support import unsupported_reasons


def test_a_mana_ability_counting_the_sacrificed_creature_does_not_play() -> None:
    for name in ("Priest of Yawgmoth", "Soldevi Adnate"):
        assert unsupported_reasons(compile_card(corpus_card(name))), name


def test_a_mana_ability_that_only_sacrifices_plays() -> None:
    assert unsupported_reasons(compile_card(corpus_card("Ashnod's Altar"))) == []
