"""Activated, triggered and static abilities of real cards, and the mana abilities of lands."""
from __future__ import annotations

from engine.cards.compiler import compile_card
from engine.cards.coverage import corpus_card


def card(name: str):
    d = compile_card(corpus_card(name))
    assert d.supported, (name, d.unsupported)
    return d


def test_prodigal_sorcerer_tap_ping():
    a = card("Prodigal Sorcerer").abilities[0]
    assert a.kind == "activated" and a.cost.tap and a.cost.mana == ()
    assert a.effects[0].op == "damage" and a.effects[0].args["amount"] == 1
    assert a.targets[0].filter == {"any": True}


def test_llanowar_elves_mana_ability():
    a = card("Llanowar Elves").abilities[0]
    assert a.kind == "mana" and a.cost.tap
    assert a.effects[0].args == {"mana": ["G"]}


def test_basic_land_gets_its_mana_ability():
    d = card("Forest")
    assert [a.kind for a in d.abilities] == ["mana"]
    assert d.abilities[0].effects[0].args == {"mana": ["G"]}


def test_shivan_dragon_firebreathing():
    d = card("Shivan Dragon")
    a = [a for a in d.abilities if a.kind == "activated"][0]
    assert a.cost.mana == ("R",)
    assert a.effects[0].args == {"what": "self", "power": 1, "toughness": 0}


def test_glorious_anthem():
    s = card("Glorious Anthem").abilities[0]
    assert s.kind == "static"
    assert s.static == {"kind": "anthem", "affects": {"types": ["Creature"], "controller": "you"},
                        "power": 1, "toughness": 1}


def test_aura_static_restriction():
    s = card("Pacifism").abilities[0]
    assert s.static == {"kind": "restriction", "affects": "attached", "rule": "cant_attack_or_block"}


def test_equipment_static_pump_and_keywords():
    d = card("Loxodon Warhammer")
    kinds = [a.static["kind"] for a in d.abilities if a.kind == "static"]
    assert kinds == ["anthem", "keywords"]
    assert d.abilities[1].static["keywords"] == ["Trample", "Lifelink"]


def test_etb_trigger_gravedigger():
    a = card("Gravedigger").abilities[0]
    assert a.kind == "triggered" and a.trigger == {"event": "etb", "self": True}
    assert a.optional is True
    assert a.effects[0].op == "move" and a.effects[0].args["to"] == "hand"
    assert a.targets[0].filter["zone"] == "graveyard"


def test_dies_trigger():
    a = card("Doomed Dissenter").abilities[0]
    assert a.trigger == {"event": "dies", "self": True}
    assert a.effects[0].op == "token" and a.effects[0].args["subtypes"] == ["Zombie"]


def test_upkeep_trigger():
    d = card("Phyrexian Arena")
    a = d.abilities[0]
    assert a.trigger == {"event": "step", "step": "upkeep", "whose": "you"}
    assert [e.op for e in a.effects] == ["draw", "lose_life"]


def test_attack_trigger_and_other_creature_trigger():
    a = card("Soul Warden").abilities[0]
    assert a.trigger["event"] == "etb" and a.trigger["filter"] == {"types": ["Creature"], "other": True}


def test_enters_tapped_land():
    d = card("Scoured Barrens")
    kinds = [a.static["kind"] if a.kind == "static" else a.kind for a in d.abilities]
    assert "enters_tapped" in kinds and "triggered" in kinds and "mana" in kinds


def test_loyalty_abilities():
    d = card("Ajani, Adversary of Tyrants")
    loy = [a.cost.loyalty for a in d.abilities if a.cost is not None and a.cost.loyalty is not None]
    assert loy == [1, -2] or len(loy) >= 2
    assert all(a.sorcery_speed for a in d.abilities if a.cost is not None and a.cost.loyalty is not None)


def test_sacrifice_cost():
    a = card("Sakura-Tribe Elder").abilities[0]
    assert a.cost.sacrifice_self and a.effects[0].op == "search"


def test_modal_etb_trigger():
    d = compile_card(corpus_card("Charming Prince"))
    a = d.abilities[0]
    assert a.kind == "triggered" and a.choose == 1 and len(a.modes) == 3


def test_static_condition_as_long_as():
    d = compile_card({"name": "X", "types": ["Creature"], "text": "X gets +2/+0 as long as you control an artifact."})
    assert d.supported
    s = d.abilities[0].static
    assert s["kind"] == "anthem" and s["affects"] == "self"
    assert s["condition"] == {"control": {"types": ["Artifact"], "controller": "you"}, "min": 1}


def test_granted_quoted_ability():
    d = compile_card({"name": "X", "types": ["Enchantment"], "subtypes": ["Aura"],
                      "text": "Enchant creature\nEnchanted creature has \"{T}: This creature deals 1 damage to any target.\""})
    assert d.supported
    s = [a for a in d.abilities if a.kind == "static"][0].static
    assert s["kind"] == "grant_ability" and s["ability"].effects[0].op == "damage"


def test_compile_is_cached_and_serialisable():
    import json
    from engine.cards.coverage import compact
    a = compile_card(corpus_card("Serra Angel"))
    b = compile_card(corpus_card("Serra Angel"))
    assert a is b
    json.dumps(compact(a))
    json.dumps(a.to_dict(), default=str)


def test_mtgjson_dict_input():
    d = compile_card({"name": "Shock", "manaCost": "{R}", "types": ["Instant"],
                      "text": "Shock deals 2 damage to any target."})
    assert d.supported and d.mana_cost == ("R",) and d.colors == ("R",)
