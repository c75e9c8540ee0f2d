"""615.1a, 611.2a: "Until your next turn, prevent all damage target permanent would deal" (Gideon of the Trials +1)
is a shield on that source lasting until its controller's next turn; the same words with "this turn" last the
turn. (The scenario of the whole card needs its emblem's statics; this checks what the sentence compiles to.)"""
from __future__ import annotations

from engine.cards.compiler import compile_ability_text


def test_until_your_next_turn_prevent_all_damage_target_permanent_would_deal_615_1a() -> None:
    ab = compile_ability_text("+1: Until your next turn, prevent all damage target permanent would deal.")
    assert ab is not None and ab.cost is not None and ab.cost.loyalty == 1
    (e,) = ab.effects
    assert e.op == "prevent" and e.args["by"] == {"target": 0} and e.args["duration"] == "your_next_turn"
    assert ab.targets[0].filter == {"permanent": True}


def test_this_turn_form_keeps_its_duration() -> None:
    ab = compile_ability_text("{1}: Prevent all combat damage target creature would deal this turn.")
    assert ab is not None
    (e,) = ab.effects
    assert e.args["duration"] == "eot" and e.args["combat"] is True


def test_neither_duration_nor_both_is_not_read() -> None:
    assert compile_ability_text("{1}: Until your next turn, prevent all damage target creature would deal this turn.") \
        is None
