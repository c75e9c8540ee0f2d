"""611.2a: a leading "Until end of turn, " / "Until your next turn, " is the duration of every clause of the sentence,
those after ", and" and "and" too (Wings of Velis Vel, Creeperhulk, Arlinn, the Pack's Hope's +1)."""
from __future__ import annotations

from engine.cards.compiler import compile_ability_text


def test_until_end_of_turn_reaches_and_gains() -> None:
    ab = compile_ability_text("{1}: Until end of turn, target creature has base power and toughness 4/4 and gains "
                              "flying.")
    assert ab is not None
    grants = [e for e in ab.effects if e.op == "grant"]
    assert grants and all(e.args.get("duration", "eot") == "eot" for e in grants)


def test_three_clauses_keep_the_duration() -> None:
    ab = compile_ability_text("{1}: Until end of turn, target creature has base power and toughness 4/4, gains "
                              "flying, and gains trample.")
    assert ab is not None
    grants = [e for e in ab.effects if e.op == "grant"]
    assert len(grants) == 2 and all(e.args.get("duration", "eot") == "eot" for e in grants)


def test_until_your_next_turn_reaches_a_second_player_effect() -> None:
    ab = compile_ability_text("+1: Until your next turn, you may cast creature spells as though they had flash, and "
                              "each creature you control enters with an additional +1/+1 counter on it.")
    assert ab is not None
    kinds = [(e.op, e.args["static"]["kind"], e.args["duration"]) for e in ab.effects]
    assert kinds == [("player_effect", "flash_spells", "your_next_turn"),
                     ("player_effect", "enters_with_counters", "your_next_turn")]
