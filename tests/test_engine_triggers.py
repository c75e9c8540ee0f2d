"""Trigger events, conditions and filters the engine checks (engine/triggers.py,
engine/values.py conditions, engine/filters.py): the parts scenarios cannot reach."""
from __future__ import annotations

from dataclasses import replace

import pytest

from engine.cardpool import CardPool
from engine.cards.compiler import compile_card
from engine.cards.coverage import corpus_card
from engine.values import condition_problems
from engine.setup import from_setup
from engine.support import unsupported_reasons


@pytest.fixture(scope="module")
def cards() -> CardPool:
    return CardPool()


def _id(g, name: str, zone: str = "battlefield") -> int:
    return next(o.id for o in g.objects.values() if o.card.name == name and o.zone == zone)


def test_gargos_fights_when_a_creature_you_control_becomes_the_target_of_a_spell(cards):
    # Gargos is unsupported only for its cost reduction; its trigger (603.2) works
    g = from_setup({"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Gargos, Vicious Watcher", "Grizzly Bears", "Forest"], "hand": ["Giant Growth"]},
        "bob": {"battlefield": ["Hill Giant"]}}}, cards)
    g._advance()
    bears, giant, gargos = _id(g, "Grizzly Bears"), _id(g, "Hill Giant"), _id(g, "Gargos, Vicious Watcher")
    g.submit("alice", {"action": "cast", "card": _id(g, "Giant Growth", "hand"), "targets": [[bears]]})
    assert g.pending.kind == "trigger_targets"
    assert giant in g.pending.options["targets"][0] and bears not in g.pending.options["targets"][0]
    g.submit("alice", {"targets": [[giant]]})
    g.submit("alice", {"action": "pass"})
    g.submit("bob", {"action": "pass"})  # the fight resolves first (then manual play of its other text)
    fights = [e for e in g.events if e["type"] == "damage"]
    assert [(e["source"], e["target"], e["amount"]) for e in fights] == [
        ("Gargos, Vicious Watcher", "Hill Giant", 8), ("Hill Giant", "Gargos, Vicious Watcher", 3)]
    assert g.objects[gargos].damage == 3


def test_an_opponents_spell_on_your_creature_makes_gargos_fight_too(cards):
    g = from_setup({"active": "bob", "step": "main1", "players": {
        "alice": {"battlefield": ["Gargos, Vicious Watcher", "Grizzly Bears"]},
        "bob": {"battlefield": ["Hill Giant", "Mountain"], "hand": ["Shock"]}}}, cards)
    g._advance()
    g.submit("bob", {"action": "cast", "card": _id(g, "Shock", "hand"), "targets": [[_id(g, "Grizzly Bears")]]})
    assert g.pending.kind == "trigger_targets" and g.pending.player == "alice"


@pytest.mark.parametrize("name", [
    "Shield Mare", "Thorn Lieutenant", "Departed Deckhand", "Druid of Horns", "Gnarlback Rhino", "Season of Growth",
    "Frilled Sandwalla", "Glint-Horn Buccaneer", "Knight of the Ebon Legion", "Savage Gorger", "Nightpack Ambusher",
    "Inferno Hellion", "Grasping Scoundrel", "Palladia-Mors, the Ruiner", "Novice Knight", "Unchained Berserker",
    "Fathom Fleet Cutthroat", "Ogre Siegebreaker", "Cerulean Drake", "Lena, Selfless Champion", "Flame Sweep",
    "Tale's End", "Kaalia, Zenith Seeker", "Shared Summons", "Angelic Guardian", "Vengeful Warchief",
    "Woodland Champion", "Sarkhan's Whelp", "Netcaster Spider", "Spit Flame", "Angel of Vitality",
    "Chandra's Spitfire", "Brineborn Cutthroat", "Wildfire Elemental"])
def test_cards_with_these_triggers_conditions_and_filters_are_supported(name):
    assert unsupported_reasons(compile_card(corpus_card(name))) == []


def test_triggers_on_events_the_engine_never_fires_stay_unsupported():
    # a trigger event no part of the engine fires (SUPPORTED had an operator-precedence hole once)
    card = compile_card({"name": "Scry Watcher", "types": ["Creature"], "manaCost": "{1}", "power": "1",
                         "toughness": "1", "text": "Whenever you scry, you gain 1 life."})
    ab = card.abilities[0]
    assert ab.trigger == {"event": "scry", "who": "you"}
    assert unsupported_reasons(card) == []  # 701.18: engine/ops/zones.py fires "scry"
    unfired = replace(card, abilities=(replace(ab, trigger={**ab.trigger, "event": "frobbed"}),))
    assert any(r.startswith("trigger") for r in unsupported_reasons(unfired))


def test_becomes_tapped_triggers_are_supported_now_that_tapping_fires_them():
    # engine/tapping.py fires "tapped" and "untapped" (603.2d)
    card = compile_card({"name": "Tap Watcher", "types": ["Creature"], "manaCost": "{1}", "power": "1",
                         "toughness": "1", "text": "Whenever a creature becomes tapped, you gain 1 life."})
    assert unsupported_reasons(card) == []


def test_condition_problems_look_inside_the_filters_of_a_condition():
    assert condition_problems({"self": {"attacking": True}}) == []
    assert condition_problems({"self": {"frobbed": True}}) == ["condition filter keys ['frobbed']"]
    assert condition_problems({"all": [{"life_ge": 3}, {"spells_frobbed_last_turn": 0}]}) == \
        ["condition ['spells_frobbed_last_turn']"]
