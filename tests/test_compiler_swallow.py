"""Honest counts: a clause the compiler reads must become behaviour, or the card is played by hand."""
from __future__ import annotations

from engine.cards.abilities import Ability, Effect
from engine.cards.compiler import compile_card
from engine.cards.compiler.swallow import swallowed, unbound_that_many
from engine.cards.coverage import corpus_card


def test_a_marker_with_no_trace_is_reported():
    dropped = [Effect("counter", {"what": {"target": 0}})]           # "unless ..." read, then lost
    assert swallowed("Counter target spell unless its controller pays {3}.", dropped) == ["unless"]
    kept = [Effect("counter", {"what": {"target": 0}, "unless_pays": ["3"]})]
    assert swallowed("Counter target spell unless its controller pays {3}.", kept) == []
    assert swallowed("Destroy target creature. (It can't be regenerated unless ...)", dropped) == []  # reminder


def test_the_text_field_is_no_trace():
    ab = Ability("triggered", "When SELF enters, you may copy target spell.", effects=(Effect("draw", {}),))
    assert swallowed(ab.text, ab) == ["copy"]


def test_that_many_needs_something_to_count():
    spell = Ability("spell", "", effects=(Effect("token", {"amount": {"that_much": True}}),))
    assert unbound_that_many(spell)
    hurt = Ability("triggered", "", effects=(Effect("draw", {"amount": {"that_much": True}}),),
                   trigger={"event": "dealt_damage", "self": True})
    assert not unbound_that_many(hurt)
    batch = Ability("triggered", "", effects=(Effect("counters", {"amount": {"that_much": True}}),),
                    trigger={"event": "etb", "batch": True})
    assert not unbound_that_many(batch)


def test_cards_that_counted_nothing_are_unsupported():
    # Vengeful Regrowth made no tokens (a spell has no event amount)
    d = compile_card(corpus_card("Vengeful Regrowth"))
    assert any("that many" in u for u in d.unsupported)
    # Cavalier of Flame drew none until "that many" counted the cards discarded just before it (608.2c)
    cav = compile_card(corpus_card("Cavalier of Flame"))
    draws = [e for a in cav.abilities for e in a.effects if e.op == "draw"]
    assert cav.supported and [e.args["amount"] for e in draws] == [{"count_this_way": {}, "action": "discarded"}]
    assert compile_card(corpus_card("Hornet Nest")).supported   # "is dealt damage, create that many"


def test_a_mode_that_was_chosen_before_is_not_dropped():
    """"Choose one that hasn't been chosen (this turn)" (700.2) bars modes chosen earlier: the engine keeps no record of
    them, so such a card is played by hand rather than offering every mode each time (Demonic Pact's "You lose the
    game" could be chosen before the others)."""
    for name in ("Demonic Pact", "Monument to Endurance"):
        d = compile_card(corpus_card(name))
        assert any("hasn't been chosen" in u for u in d.unsupported), name
    assert not compile_card(corpus_card("Cryptic Command")).unsupported  # an ordinary "choose two —" still reads


def test_an_anthem_counting_it_over_a_group_is_not_read_as_its_source():
    """"Each creature you control gets +1/+1 for each +1/+1 counter on it": "it" is each creature affected (611.3a),
    which the layer system does not count per creature; it was read as the source's own counters (Clamavus gave every
    creature +0/+0 or the Clamavus' count). Played by hand now; one subject's "it" still reads."""
    assert compile_card(corpus_card("Clamavus")).unsupported
    coat = compile_card(corpus_card("Coat of Arms"))  # "... that shares a creature type with it": counted per creature
    assert not coat.unsupported
