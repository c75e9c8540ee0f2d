"""What of a player static the engine carries out (engine/player_statics.static_problems, read by
engine/support.py): a static of a shape no reader follows makes its card unsupported, so no game
plays a card whose rule the engine would ignore (issue 19: every clause becomes behaviour)."""
from __future__ import annotations

from typing import Any

import pytest

from engine.cardpool import CardPool, default_pool
from engine.player_statics import can_pay_life, mana_trigger_supported, static_problems
from engine.scenario import Runner
from engine.support import unsupported_reasons


@pytest.fixture(scope="module")
def cards() -> CardPool:
    return CardPool()


@pytest.mark.parametrize("st", [
    {"kind": "player_keywords", "who": "you", "keywords": ["Hexproof"]},          # Leyline of Sanctity
    {"kind": "player_keywords", "who": "you", "keywords": ["Shroud"]},            # True Believer
    {"kind": "free_spells", "who": "you"},                                         # Omniscience: from the hand
    {"kind": "free_spells", "who": "you", "zone": "hand"},
    {"kind": "play_from", "zone": "graveyard", "filter": {"types": ["Land"]}},     # Crucible of Worlds
    {"kind": "play_from", "zone": "library_top", "filter": {"types": ["Land"]}},   # Courser of Kruphix
    {"kind": "graveyard_replacement", "to": "exile", "affects": "self"},           # "If SELF would be put into..."
    {"kind": "graveyard_replacement", "to": "library_shuffle", "affects": {"types": ["Creature"]}},
    {"kind": "opening_hand_battlefield"},                                          # Leyline of Sanctity
    {"kind": "prevent_damage", "affects": "self"},
    {"kind": "prevent_damage", "affects": "attached", "by": "opponent"},
    {"kind": "prevent_damage", "affects": {"types": ["Creature"]}},
    {"kind": "prevent_damage", "players": "you", "affects": None},                 # "... dealt to you"
    {"kind": "prevent_damage", "affects": "self", "then_remove_counter": "+1/+1"},  # Phantom Centaur (615.5)
    {"kind": "name_lock", "lock": "activate", "unless_mana": True},               # Pithing Needle
    {"kind": "name_lock", "lock": "cast"},
    {"kind": "name_lock", "lock": "activate"},                                    # Phyrexian Revoker
    {"kind": "skip_step", "who": "each_opponent", "step": "untap"},
    {"kind": "cast_forbid", "who": ["bob"], "spells": {"types": ["Creature"]}},  # Cease-Fire's: its player
    {"kind": "hand_size", "who": "you", "change": 1},                            # Minamo Scrollkeeper
    {"kind": "hand_size", "who": "you", "set": {"counters_on": "self", "kind": "hour"}},  # Midnight Oil
])
def test_a_static_every_reader_follows_has_no_problem(st):
    assert static_problems(st) == []


@pytest.mark.parametrize("st,problem", [
    ({"kind": "skip_step", "who": "target_player", "step": "untap"}, "skip_step for target_player"),
    ({"kind": "player_keywords", "who": "you", "keywords": ["Hexproof", "Protection"]}, "player keywords"),
    ({"kind": "free_spells", "who": "you", "zone": "graveyard"}, "free spells from another zone"),
    ({"kind": "play_from", "zone": "exile"}, "play from exile"),
    ({"kind": "graveyard_replacement", "to": "hand", "affects": "self"}, "graveyard replacement"),
    ({"kind": "graveyard_replacement", "to": "exile", "affects": "attached"}, "graveyard replacement"),
    # (its counter removed from SELF, 615.5: a shield on another object has no reader yet)
    ({"kind": "prevent_damage", "affects": "attached", "then_remove_counter": "+1/+1"}, "prevent damage"),
    ({"kind": "prevent_damage", "players": "each_opponent"}, "prevent damage"),
    ({"kind": "prevent_damage", "affects": "self", "by": "each_player"}, "prevent damage"),
    ({"kind": "prevent_damage", "affects": "enchanted_player"}, "prevent damage"),
    ({"kind": "prevent_damage"}, "prevent damage"),                                # neither players nor objects
    ({"kind": "hand_size", "who": "you"}, "a maximum hand size neither set nor changed"),
    ({"kind": "hand_size", "who": "you", "set": 2, "change": 1}, "a maximum hand size neither set nor changed"),
])
def test_a_static_no_reader_follows_is_named(st, problem):
    got = static_problems(st)
    assert len(got) == 1 and got[0].startswith(problem)


def _mana_trigger(cards: CardPool, name: str):
    d = cards.definition(name)
    return next(ab for ab in d.abilities if ab.kind == "triggered" and ab.trigger
                and ab.trigger.get("event") == "tapped_for_mana")


def test_a_mana_trigger_of_fixed_unrestricted_mana_is_resolved_as_a_mana_ability(cards):
    """605.1b, 106.6: "Whenever you tap a Swamp for mana, add an additional {B}" (Crypt Ghast) is carried
    out as a mana ability, so the card is supported."""
    assert mana_trigger_supported(_mana_trigger(cards, "Crypt Ghast"))
    assert not unsupported_reasons(cards.definition("Crypt Ghast"))


def _game(players: dict[str, Any]) -> Any:
    r = Runner({"name": "t", "setup": {"active": "alice", "step": "main1", "players": players}, "steps": []},
               default_pool())
    r.run()
    return r.g


def test_a_player_who_cant_lose_life_pays_only_0_life():
    """119.4: a player can pay N life only with N or more; 118.8 (and 810.9h's "other than 0"): while
    their life total can't change (Platinum Emperion) they pay no life but 0, which anyone can pay."""
    g = _game({"alice": {"battlefield": ["Platinum Emperion"], "life": 5}, "bob": {"life": 1}})
    assert can_pay_life(g, "alice", 0)
    assert not can_pay_life(g, "alice", 1)
    assert can_pay_life(g, "bob", 1) and can_pay_life(g, "bob", 0)
    assert not can_pay_life(g, "bob", 2)


def test_the_extra_mana_of_a_mana_trigger_is_logged_with_the_permanent_tapped():
    """605.1b, 605.4a: Crypt Ghast's "Whenever you tap a Swamp for mana, add an additional {B}" resolves at
    once; every player sees the mana it added in the log, named after the Swamp that was tapped."""
    g = _game({"alice": {"battlefield": ["Crypt Ghast", "Swamp"]}})
    swamp = next(i for i in g.battlefield if g.objects[i].card.name == "Swamp")
    n = len(g.events)
    opt = next(o for o in g.pending.options if o.get("action") == "activate" and o["card"] == swamp)
    g.submit("alice", {k: opt[k] for k in ("action", "card", "ability")})
    assert g.players["alice"].pool.get("B") == 2
    mana = [e for e in g.events[n:] if e["type"] == "mana"]
    # the Swamp's own {B}, then the trigger's, named after the Swamp
    assert [(e["player"], e["mana"], e.get("source")) for e in mana] == [("alice", "B", None), ("alice", "B", "Swamp")]


@pytest.mark.parametrize("st", [
    {"kind": "damage_mod", "mod": "minus", "amount": 1},  # neither "twice" nor "plus N"
    {"kind": "damage_mod", "mod": "plus", "amount": "x"},  # an amount not counted
    {"kind": "damage_mod", "mod": "times", "amount": 2, "players": "defending"},  # players it does not name
])
def test_a_damage_modification_the_engine_cannot_carry_out_keeps_its_card_unsupported(st):
    """614.1a: "If a source would deal damage ..., it deals double that damage / that much damage plus N instead":
    a damage_mod static outside what engine/replacement.py damage_mods applies is a problem (engine/support.py), so
    the card stays unsupported rather than ignoring the clause."""
    assert static_problems(st) == ["damage modification"]


def test_damage_that_cant_be_prevented_from_sources_the_engine_cannot_read_keeps_its_card_unsupported():
    """615.11: "Combat damage that would be dealt by creatures you control can't be prevented" (Questing Beast) is
    carried out for the sources its filter names (engine/player_statics.damage_unpreventable): a filter with a key
    engine/filters.py does not read would be matched by the wrong sources, so the static is a problem and its card
    stays unsupported; a filter it reads is none."""
    known = {"kind": "damage_unpreventable", "combat": True, "sources": {"types": ["Creature"]}}
    assert static_problems(known) == []
    unread = {"kind": "damage_unpreventable", "combat": True,
              "sources": {"types": ["Creature"], "not_a_filter_key": True}}
    assert static_problems(unread) == ["damage_unpreventable sources keys ['not_a_filter_key']"]
