"""What of a player static the engine carries out (engine/player_statics.static_problems, read by
engine/support.py): a static of a shape no reader follows makes its card unsupported, so no game
plays a card whose rule the engine would ignore (issue 19: every clause becomes behaviour)."""
from __future__ import annotations

import pytest

from engine.cardpool import CardPool
from engine.player_statics import mana_trigger_supported, static_problems
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
