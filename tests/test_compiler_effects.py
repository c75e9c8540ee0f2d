"""Effect sentences of real cards compile to the documented ops (engine/cards/abilities.py)."""
from __future__ import annotations

import pytest

from engine.cards.compiler import compile_card
from engine.cards.compiler.targets import parse_noun
from engine.cards.coverage import corpus_card


def card(name: str):
    d = compile_card(corpus_card(name))
    assert d.supported, (name, d.unsupported)
    return d


def spell(name: str):
    d = card(name)
    sp = [a for a in d.abilities if a.kind == "spell"]
    assert len(sp) == 1
    return sp[0]


def test_lightning_bolt_any_target():
    a = spell("Lightning Bolt")
    assert [e.op for e in a.effects] == ["damage"]
    assert a.effects[0].args == {"amount": 3, "to": {"target": 0}}
    assert a.targets[0].filter == {"any": True}


def test_shock():
    a = spell("Shock")
    assert a.effects[0].args["amount"] == 2 and a.targets[0].filter == {"any": True}


def test_giant_growth_pump():
    a = spell("Giant Growth")
    assert a.effects[0].op == "pump"
    assert a.effects[0].args == {"what": {"target": 0}, "power": 3, "toughness": 3}
    assert a.targets[0].filter == {"types": ["Creature"]}


def test_doom_blade_nonblack():
    a = spell("Doom Blade")
    assert a.effects[0].op == "destroy"
    assert a.targets[0].filter == {"types": ["Creature"], "not_colors": ["B"]}


def test_naturalize_or_types():
    a = spell("Naturalize")
    assert a.targets[0].filter["types"] == ["Artifact", "Enchantment"]


def test_divination_and_mind_rot():
    assert spell("Divination").effects[0].args == {"who": "you", "amount": 2}
    a = spell("Mind Rot")
    assert a.effects[0].op == "discard" and a.effects[0].args["who"] == {"target": 0}
    assert a.targets[0].filter == {"player": True}


def test_cancel_counter_spell():
    a = spell("Cancel")
    assert a.effects[0].op == "counter" and a.targets[0].filter == {"zone": "stack"}


def test_essence_scatter_creature_spell():
    a = spell("Essence Scatter")
    assert a.targets[0].filter == {"types": ["Creature"], "zone": "stack"}


def test_wrath_of_god_each_and_no_regen():
    a = spell("Wrath of God")
    assert a.effects[0].op == "destroy"
    assert a.effects[0].args["what"] == {"each": {"types": ["Creature"]}}
    assert a.effects[0].args.get("no_regen") is True


def test_unsummon_bounce():
    a = spell("Unsummon")
    assert a.effects[0].op == "bounce"


def test_raise_dead_graveyard_target():
    a = spell("Raise Dead")
    assert a.effects[0].op == "move" and a.effects[0].args["to"] == "hand"
    f = a.targets[0].filter
    assert f["types"] == ["Creature"] and f["zone"] == "graveyard" and f["owner"] == "you"


def test_rampant_growth_search():
    a = spell("Rampant Growth")
    e = a.effects[0]
    assert e.op == "search"
    assert e.args["filter"] == {"supertypes": ["Basic"], "types": ["Land"]}
    assert e.args["to"] == "battlefield" and e.args["tapped"] is True


def test_token_maker():
    a = spell("Raise the Alarm")
    e = a.effects[0]
    assert e.op == "token"
    assert e.args["amount"] == 2 and e.args["power"] == 1 and e.args["toughness"] == 1
    assert e.args["colors"] == ["W"] and e.args["subtypes"] == ["Soldier"]


def test_overrun_each_creature_you_control():
    a = spell("Overrun")
    ops = [e.op for e in a.effects]
    assert ops == ["pump", "grant"]
    assert a.effects[0].args["what"] == {"each": {"types": ["Creature"], "controller": "you"}}
    assert a.effects[1].args["keywords"] == ["Trample"]


def test_duress_reveal_choose_discard():
    a = spell("Duress")
    e = a.effects[0]
    assert e.op == "discard" and e.args["chooser"] == "you"
    assert e.args["filter"] == {"not_types": ["Creature", "Land"]} or e.args["filter"].get("not_types")


def test_sign_in_blood_target_player_draws_and_loses():
    a = spell("Sign in Blood")
    assert [e.op for e in a.effects] == ["draw", "lose_life"]
    assert a.effects[0].args["who"] == {"target": 0}
    assert a.effects[1].args["who"] == {"target": 0}     # "that player" is the same target


def test_fight():
    a = spell("Prey Upon")
    assert a.effects[0].op == "fight"
    assert len(a.targets) == 2
    assert a.targets[0].filter == {"types": ["Creature"], "controller": "you"}
    assert a.targets[1].filter == {"types": ["Creature"], "controller": "not_you"}


def test_modal_spell_charm():
    d = card("Cryptic Command")
    a = d.abilities[0]
    assert a.kind == "spell" and a.choose == 2 and len(a.modes) == 4
    assert [m.effects[0].op for m in a.modes] == ["counter", "bounce", "tap", "draw"]


def test_unsupported_sentence_is_kept():
    d = compile_card({"name": "Test Card", "types": ["Sorcery"], "text": "Draw a card. Frobnicate the universe."})
    assert not d.supported
    assert d.unsupported == ("Draw a card. Frobnicate the universe.",)


def test_you_may_if_you_do():
    d = card("Ravenous Rats") if False else None
    eff = compile_card({"name": "X", "types": ["Creature"],
                        "text": "When X enters, you may pay {1}. If you do, draw a card."}).abilities[0]
    assert eff.effects[0].op == "may"
    assert eff.effects[0].args["effects"][0].op == "pay"
    assert eff.effects[0].args["then"][0].op == "draw"


@pytest.mark.parametrize("name", ["Lightning Bolt", "Shock", "Giant Growth", "Murder", "Divination",
                                  "Cancel", "Naturalize", "Unsummon"])
def test_classic_spells_supported(name):
    assert compile_card(corpus_card(name)).supported


def test_keyword_actions_are_one_closed_op():
    d = compile_card({"name": "X", "types": ["Sorcery"], "text": "Proliferate. Investigate."})
    assert d.supported
    ops = [(e.op, e.args.get("name") or e.args.get("kind")) for e in d.abilities[0].effects]
    assert ops == [("action", "proliferate"), ("token", "Clue")]


def test_hand_reveal_choose_then_discard():
    d = compile_card({"name": "X", "types": ["Sorcery"],
                      "text": "Target opponent reveals their hand. You choose a nonland card from it. "
                              "That player discards that card."})
    assert d.supported
    effs = d.abilities[0].effects
    assert [e.op for e in effs] == ["discard"] or [e.op for e in effs] == ["reveal", "discard"]


def test_dies_exile_instead_replacement_on_damage():
    d = compile_card(corpus_card("Scorching Dragonfire"))
    e = [a for a in d.abilities if a.kind == "spell"][0].effects[0]
    assert e.op == "damage" and e.args["exile_if_dies"] is True


def test_delayed_trigger_and_created_reference():
    d = compile_card({"name": "X", "types": ["Sorcery"],
                      "text": "Create two 1/1 red Elemental creature tokens. They gain haste. "
                              "Sacrifice them at the beginning of the next end step."})
    assert d.supported
    effs = d.abilities[0].effects
    assert [e.op for e in effs] == ["token", "grant", "delayed"]
    assert effs[1].args["what"] == "created"
    assert effs[2].args["effects"][0].args["what"] == "created"


def test_cards_named_self_in_each_graveyard_are_counted_in_every_graveyard():
    """Fuzz seed 1795935453 (issue 21): "for each card named Rite of Flame in each graveyard" read
    the zone into the name ("SELF in Each Graveyard") and counted in no zone; "in each graveyard"
    is every graveyard (404.1), and words after "named SELF" are never part of a name (201.2)."""
    rite = spell("Rite of Flame").effects[1]
    assert rite.args["per"] == {"count": {"name": "SELF", "zone": "graveyard"}}
    assert parse_noun("card named self in each graveyard") == parse_noun("card named self in all graveyards")
    assert parse_noun("cards named self in each library") is None
