"""Layers (613) read through the engine's own zone changes: what ``Game.move`` keeps of the
characteristics after a card moves between hidden and public zones only (``Game.hidden_move``)."""
from __future__ import annotations

from typing import Any

import pytest

from engine import layers
from engine.cardpool import default_pool
from engine.setup import from_setup


def _game(top: str) -> Any:
    setup = {"active": "alice", "step": "main1", "players": {"alice": {
        "battlefield": [{"name": "Volrath's Shapeshifter", "id": "vs"}],
        "graveyard": [top], "library": ["Serra Angel", "Island"]}}}
    return from_setup(setup, default_pool(), 0)


@pytest.mark.parametrize("top, before", [("Hill Giant", 3), ("Goblin King", 2)])
def test_a_card_milled_onto_the_graveyard_gives_volraths_shapeshifter_its_text_at_once_612_5(
        top: str, before: int) -> None:
    """612.5: Volrath's Shapeshifter has the full text of the top creature card of its controller's
    graveyard. A card put there from the library is a move between non-battlefield zones, after which
    the engine may keep the characteristics it knew (Game.hidden_move) only while no static ability
    reads a zone other than the battlefield: the full text does, whether the text it copies has a static
    ability of its own (Goblin King's lord ability) or none (Hill Giant)."""
    g = _game(top)
    vs = next(i for i in g.battlefield if g.objects[i].card.name == "Volrath's Shapeshifter")
    assert g.chars(vs).power == before
    angel = g.players["alice"].library[0]
    assert g.objects[angel].card.name == "Serra Angel"
    g.move(angel, "graveyard")
    c = g.chars(vs)
    assert (c.power, c.toughness, "Flying" in c.keywords) == (4, 4, True)


def test_a_static_reading_turn_state_in_an_or_part_is_not_turn_free_613() -> None:
    """613, 110.5, 506.4: tapped and attacking are turn state, not characteristics, so a static whose filter reads
    them, in an "or" part too, must be applied again after a change of turn state (``layers._turn_free`` decides
    whether ``Game.turn_state_changed`` may keep the characteristics); one of characteristics only may be kept."""
    assert not layers._turn_free({"kind": "pump", "power": 1, "affects": {"or": [{"tapped": True}, {"attacking": True}]}})
    assert not layers._turn_free({"kind": "pump", "power": 1,
                                  "affects": {"types": ["Creature"], "or": [{"subtypes": ["Goblin"]}, {"tapped": True}]}})
    assert layers._turn_free({"kind": "pump", "power": 1,
                              "affects": {"types": ["Creature"], "or": [{"subtypes": ["Goblin"]}, {"colors": ["R"]}]}})



def test_a_condition_counting_permanents_by_turn_state_is_not_turn_free_611_3a() -> None:
    """611.3a, 110.5: "as long as you control an untapped creature" reads turn state (tapped) through the count of
    its condition, so the static is applied again after a change of turn state, as a filter reading it is; "as long
    as you control three or more artifacts" reads characteristics only and may be kept."""
    pump = {"kind": "pump", "power": 1, "affects": "self"}
    assert not layers._turn_free({**pump, "condition": {"control": {"types": ["Creature"], "tapped": False},
                                                        "min": 1}})
    assert layers._turn_free({**pump, "condition": {"control": {"types": ["Artifact"]}, "min": 3}})

def test_a_card_put_into_a_graveyard_from_the_hand_or_library_counts_for_lhurgoyf_at_once_604_3() -> None:
    """604.3, 608.2h: Lhurgoyf's power is the number of creature cards in all graveyards and its toughness that
    number plus 1. A tap keeps what is known (no graveyard changes), but a creature card discarded or milled (a
    move between non-battlefield zones, Game.hidden_move) changes it at once: the count reads a zone other than the
    battlefield, so the characteristics are not kept through such a move."""
    setup = {"active": "alice", "step": "main1", "players": {"alice": {
        "battlefield": ["Lhurgoyf", "Forest"], "hand": ["Grizzly Bears"], "library": ["Hill Giant", "Island"]}}}
    g = from_setup(setup, default_pool(), 0)
    goyf = next(i for i in g.battlefield if g.objects[i].card.name == "Lhurgoyf")
    assert (g.chars(goyf).power, g.chars(goyf).toughness) == (0, 1)
    forest = next(i for i in g.battlefield if g.objects[i].card.name == "Forest")
    g.objects[forest].tapped = True
    g.turn_state_changed()
    assert (g.chars(goyf).power, g.chars(goyf).toughness) == (0, 1)
    g.move(g.players["alice"].hand[0], "graveyard")  # discarded
    assert (g.chars(goyf).power, g.chars(goyf).toughness) == (1, 2)
    g.move(g.players["alice"].library[0], "graveyard")  # milled
    assert (g.chars(goyf).power, g.chars(goyf).toughness) == (2, 3)


def test_a_land_card_put_into_a_graveyard_from_the_hand_or_library_counts_for_multani_at_once_604_3() -> None:
    """604.3, 611.3a: Multani, Yavimaya's Avatar gets +1/+1 for each land you control and each land card in your
    graveyard, a sum of two counts of which one reads the graveyard: a land card discarded or milled (a move between
    non-battlefield zones, Game.hidden_move) changes its power and toughness at once, as for Lhurgoyf's count."""
    setup = {"active": "alice", "step": "main1", "players": {"alice": {
        "battlefield": ["Multani, Yavimaya's Avatar", "Forest"], "hand": ["Island"], "library": ["Plains", "Swamp"]}}}
    g = from_setup(setup, default_pool(), 0)
    multani = next(i for i in g.battlefield if g.objects[i].card.name == "Multani, Yavimaya's Avatar")
    assert (g.chars(multani).power, g.chars(multani).toughness) == (1, 1)
    g.move(g.players["alice"].hand[0], "graveyard")  # discarded
    assert (g.chars(multani).power, g.chars(multani).toughness) == (2, 2)
    g.move(g.players["alice"].library[0], "graveyard")  # milled
    assert (g.chars(multani).power, g.chars(multani).toughness) == (3, 3)


@pytest.mark.parametrize("card", ["Search Party Captain", "Kyren Legate", "Illusory Angel", "Lightwheel Enhancements",
                                  "Baton of Courage", "Rescue Retriever", "Martyrs of Korlis"])
def test_a_static_read_only_as_its_event_happens_keeps_the_characteristics_through_a_tap_613_1(card: str) -> None:
    """613.1: a static ability no layer applies changes no characteristic, even where it reads turn state: a spell's
    cost or whether it may be cast (601.2f, 118.9, 601.3: "costs {1} less for each creature you attacked with this
    turn", "cast this spell only if you've cast another spell this turn"), the counters a permanent enters with
    (614.1c), prevention and redirection of damage (615, 614.9: "as long as SELF is untapped"). They are read as
    their event happens, so a tap keeps the characteristics (``layers._EVENT_KINDS``) and they stay those of the
    state."""
    from engine import fuzz
    g = from_setup({"active": "alice", "step": "main1", "players": {"alice": {"battlefield": [card, "Forest"]}}},
                   default_pool(), 0)
    cs = g.all_chars()
    forest = next(i for i in g.battlefield if g.objects[i].card.name == "Forest")
    g.objects[forest].tapped = True
    g.turn_state_changed()
    assert g._chars is cs
    fuzz.check_chars(g)


def test_rescue_retrievers_prevention_reads_the_attack_as_damage_is_dealt_615() -> None:
    """615: "prevent all damage that would be dealt to other attacking Soldiers you control" (Rescue Retriever) reads
    combat as the damage would be dealt: declaring an attacker keeps the characteristics (613.1: no layer applies
    it), and the prevention applies to the attacking Soldier only then."""
    from engine import fuzz
    from engine.replacement import static_shields
    g = from_setup({"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Rescue Retriever", "Elite Vanguard"]}, "bob": {"battlefield": ["Grizzly Bears"]}}},
        default_pool(), 0)
    vanguard = next(i for i in g.battlefield if g.objects[i].card.name == "Elite Vanguard")
    bears = next(i for i in g.battlefield if g.objects[i].card.name == "Grizzly Bears")
    g.objects[vanguard].sick = False
    g.turn_state_changed()
    assert not static_shields(g, bears, vanguard, False)
    cs = g.all_chars()
    while g.pending.kind == "priority" and g.step != "declare_attackers":
        g.submit(g.pending.player, {"action": "pass"})
    g.submit("alice", {"attackers": {str(vanguard): "bob"}})
    assert g.objects[vanguard].attacking == "bob" and g._chars is cs
    fuzz.check_chars(g)
    assert [s["amount"] for s in static_shields(g, bears, vanguard, False)] == [None]
