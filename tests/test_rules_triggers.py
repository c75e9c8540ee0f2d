"""Trigger conditions of 603.2 that no supported card reaches yet, checked on the matcher
with the trigger data the compiler writes for "whenever you cast your first / second spell
each turn" (engine/cards/compiler/triggers.py)."""
from __future__ import annotations

import pytest

from engine import triggers
from engine.cardpool import default_pool
from engine.scenario import Runner


@pytest.mark.parametrize("trig, fires_on", [
    ({"event": "cast", "who": "you", "filter": {}, "first": True}, 1),
    ({"event": "cast", "who": "you", "filter": {}, "nth": 2}, 2),
])
def test_first_and_second_spell_each_turn_603_2(trig: dict, fires_on: int) -> None:
    r = Runner({"name": "t", "setup": {"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Grizzly Bears", "Mountain"], "hand": ["Shock"]}}},
        "steps": [{"alice": "cast", "card": "Shock", "targets": ["bob"]}]}, default_pool())
    r.run()
    g = r.g
    src = next(i for i in g.battlefield if g.objects[i].card.name == "Grizzly Bears")
    (spell,) = g.stack
    fired = []
    for n in (1, 2, 3):
        g.players["alice"].spells_cast_turn = n
        if triggers._match(g, src, "alice", trig, {"event": "cast", "player": "alice", "obj": spell}):
            fired.append(n)
    assert fired == [fires_on]
    g.players["alice"].spells_cast_turn = fires_on
    assert not triggers._match(g, src, "alice", trig, {"event": "cast", "player": "bob", "obj": spell})


@pytest.mark.parametrize("event", ["damage_player", "combat_damage_player"])
def test_damage_to_an_opponent_is_not_damage_to_yourself_603_2(event: str) -> None:
    """"Whenever SELF deals (combat) damage to an opponent" does not fire on damage dealt to
    its controller (a creature attacking its owner after a control change, a redirected hit)."""
    r = Runner({"name": "t", "setup": {"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Grizzly Bears"]}}}, "steps": []}, default_pool())
    r.run()
    g = r.g
    (src,) = g.battlefield
    trig = {"event": event, "who": "opponent", "self": True}
    assert triggers._match(g, src, "alice", trig, {"event": event, "obj": src, "target": "bob", "amount": 2})
    assert not triggers._match(g, src, "alice", trig, {"event": event, "obj": src, "target": "alice", "amount": 2})
    any_player = {"event": event, "self": True}  # "deals damage to a player"
    assert triggers._match(g, src, "alice", any_player, {"event": event, "obj": src, "target": "alice", "amount": 2})


@pytest.mark.parametrize("event", ["sacrifice", "discard"])
def test_a_player_event_with_a_filter_fires_only_for_matching_cards_603_2(event: str) -> None:
    """"Whenever you sacrifice a creature" / "discard a creature card": the card, now in the
    graveyard, must match the filter."""
    r = Runner({"name": "t", "setup": {"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Mountain"], "graveyard": ["Grizzly Bears", "Forest"]}}}, "steps": []},
        default_pool())
    r.run()
    g = r.g
    (src,) = g.battlefield
    bears, forest = (next(i for i in g.players["alice"].graveyard if g.objects[i].card.name == n)
                     for n in ("Grizzly Bears", "Forest"))
    trig = {"event": event, "who": "you", "filter": {"types": ["Creature"]}}
    assert triggers._match(g, src, "alice", trig, {"event": event, "player": "alice", "obj": bears})
    assert not triggers._match(g, src, "alice", trig, {"event": event, "player": "alice", "obj": forest})
    assert not triggers._match(g, src, "alice", trig, {"event": event, "player": "bob", "obj": bears})


def test_once_each_turn_off_the_battlefield_is_counted_in_its_own_game_603_2() -> None:
    """Speed's "This ability triggers only once each turn" (a later rule, Aetherdrift; 603.2 for triggering) is kept
    on its command-zone object, which a copy of the game (a bot's look-ahead) shares with the game it was copied
    from: an opponent's life loss in the copy uses up the copy's once only; in the game itself it still triggers."""
    r = Runner({"name": "t", "setup": {"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Burnout Bashtronaut"]}}}, "steps": []}, default_pool())
    r.run()
    g = r.g
    assert g.players["alice"].speed == 1
    loss = {"event": "lose_life", "player": "bob", "amount": 2}
    look_ahead = g.copy()
    triggers.event(look_ahead, dict(loss))
    assert [t["card"].name for t in look_ahead.triggered] == ["Speed"]
    look_ahead.triggered.clear()
    triggers.event(look_ahead, dict(loss))  # the second loss that turn: once only
    assert look_ahead.triggered == []
    triggers.event(g, dict(loss))
    assert [t["card"].name for t in g.triggered] == ["Speed"]


@pytest.mark.parametrize("name", ["mutate.yaml", "plus_counters_put.yaml"])
def test_mutates_and_plus_counters_put_scenarios_603_2(name: str) -> None:
    """"Whenever SELF / a creature you control mutates" (mutate, a later keyword) and what "you've put +1/+1
    counters on ... this turn" reads (121.6: engine/triggers.py counters_put): their scenarios pass."""
    from pathlib import Path

    from engine.scenario import run_file
    path = Path(__file__).resolve().parent / "scenarios" / "cards_c32a" / name
    results = run_file(path, default_pool())
    assert results and all(reason is None for _, reason in results), results
