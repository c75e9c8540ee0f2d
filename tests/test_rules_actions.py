"""The rules of engine/actions.py a player sees: damage dealt at once (deal_damage_batch, 119.3, 608.2c) and what
each hit did; destruction replaced (701.6, 614.1a) as the table's log shows it; mana a could-produce ability refuses
(106.7).

The batch answers, for each hit, the damage dealt and the damage beyond lethal damage (a later rule, 2020:
"excess damage", read by "the excess damage dealt this way"); these tests pin what a player sees of it.
"""
from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from engine.actions import attack_choice, deal_damage_batch, destroy
from engine.cardpool import CardPool, default_pool
from engine.errors import IllegalAction
from engine.scenario import Runner


def _game(players: dict[str, Any], step: str = "main1") -> Any:
    r = Runner({"name": "t", "setup": {"active": "alice", "step": step, "players": players}, "steps": []},
               default_pool())
    r.run()
    return r.g


def _ids(g: Any, name: str) -> list[int]:
    return [i for i in g.battlefield if g.objects[i].card.name == name]


def test_a_second_hit_on_a_planeswalker_in_one_batch_is_all_excess_119_3c() -> None:
    """119.3c: damage to a planeswalker removes that many loyalty counters; two sources dealing damage to one
    planeswalker at once (608.2c: "each creature you control deals ..."): the first hit's damage beyond its loyalty
    is excess, and all of the second hit's damage is (the planeswalker has no loyalty left to lose; its loyalty
    below 0 counts as 0, never as a negative amount of lethal damage)."""
    g = _game({"alice": {"battlefield": ["Hill Giant", "Grizzly Bears"]},
               "bob": {"battlefield": [{"name": "Jace Beleren", "counters": {"loyalty": 2}}]}})
    (giant,), (bears,), (jace,) = _ids(g, "Hill Giant"), _ids(g, "Grizzly Bears"), _ids(g, "Jace Beleren")
    done = deal_damage_batch(g, [(giant, jace, 3), (bears, jace, 2)])
    assert done == [(3, 1), (2, 2)]
    assert g.objects[jace].counters["loyalty"] == -3  # 119.3c; 704.5i puts it into the graveyard afterwards


def test_excess_damage_to_a_creature_is_what_is_beyond_its_toughness_less_its_damage_119_3e() -> None:
    """119.3e, 702.2b: a creature's lethal damage is its toughness less the damage already marked on it; from a
    source with deathtouch, 1 (the excess is the rest); none when the damage marked already reaches its toughness."""
    g = _game({"alice": {"battlefield": ["Hill Giant", "Typhoid Rats"]},
               "bob": {"battlefield": [{"name": "Serra Angel", "damage": 1}, "Craw Wurm"]}})
    (giant,), (rats,), (angel,), (wurm,) = (_ids(g, n) for n in ("Hill Giant", "Typhoid Rats", "Serra Angel",
                                                                  "Craw Wurm"))
    assert deal_damage_batch(g, [(giant, angel, 3), (rats, wurm, 1)]) == [(3, 0), (1, 0)]
    g3 = _game({"alice": {"battlefield": ["Typhoid Rats", "Hill Giant"]},
                "bob": {"battlefield": [{"name": "Serra Angel", "damage": 2}]}})
    (rats3,), (giant3,), (angel3,) = _ids(g3, "Typhoid Rats"), _ids(g3, "Hill Giant"), _ids(g3, "Serra Angel")
    assert deal_damage_batch(g3, [(giant3, angel3, 3)]) == [(3, 1)]
    assert deal_damage_batch(g3, [(rats3, angel3, 1)]) == [(1, 1)]


def test_a_shield_counter_replacing_a_destruction_is_logged_and_the_permanent_stays_614_1a() -> None:
    """614.1a (a shield counter, a later rule of Streets of New Capenna): "if it would be destroyed, instead remove a
    shield counter from it": it stays (destroy answers False: not destroyed, 701.6a) and the log says why."""
    g = _game({"bob": {"battlefield": [{"name": "Grizzly Bears", "counters": {"shield": 1}}]}})
    (bears,) = _ids(g, "Grizzly Bears")
    mark = len(g.events)
    assert destroy(g, bears, by_effect=True) is False
    assert g.objects[bears].zone == "battlefield" and g.objects[bears].counters.get("shield", 0) == 0
    assert [e for e in g.events[mark:] if e.get("type") == "shield"] == [
        {"type": "shield", "card": "Grizzly Bears", "obj": bears}]
    assert destroy(g, bears, by_effect=True) is True  # no counter left: destroyed (701.6a)
    assert bears not in g.battlefield


def test_a_kind_exotic_orchard_could_not_produce_is_refused_naming_the_kinds_it_could_106_7() -> None:
    """106.7: Exotic Orchard adds one mana of a color a land an opponent controls could produce; asked for another,
    the refusal names the kinds it could produce now, or none."""
    g = _game({"alice": {"battlefield": ["Exotic Orchard"]}, "bob": {"battlefield": ["Plains", "Island"]}})
    (orchard,) = _ids(g, "Exotic Orchard")
    with pytest.raises(IllegalAction, match=r"'R': not a kind of mana it could produce now \(WU\)"):
        g.submit("alice", {"action": "activate", "card": orchard, "ability": 0, "mana": "R"})
    assert g.players["alice"].pool == {} and not g.objects[orchard].tapped
    g2 = _game({"alice": {"battlefield": ["Exotic Orchard"]}, "bob": {"battlefield": ["Wastes"]}})
    (orchard2,) = _ids(g2, "Exotic Orchard")
    with pytest.raises(IllegalAction, match=r"'C': not a kind of mana it could produce now \(none\)"):
        g2.submit("alice", {"action": "activate", "card": orchard2, "ability": 0, "mana": "C"})


def test_a_creature_put_onto_the_battlefield_attacking_outside_combat_or_for_a_non_attacking_player_506_3b() -> None:
    """508.4: a creature put onto the battlefield attacking attacks what its controller chooses (the only
    defending player: bob); 506.3b: under the control of a player who is not attacking (bob on alice's turn), or
    outside the combat phase, it enters but is never attacking: no choice is asked, nothing is attacked."""
    players = {"alice": {"battlefield": ["Grizzly Bears"]}, "bob": {"battlefield": ["Hill Giant"]}}
    assert attack_choice(_game(players), {}, "alice") == (None, None)  # main phase 1: no combat
    g = _game(players, "declare_attackers")
    assert g.step == "declare_attackers"
    assert attack_choice(g, {}, "alice") == ("bob", None)
    assert attack_choice(g, {}, "bob") == (None, None)


class _WithMadeUpCard:
    """The default card source and one made-up card (as tests/test_rules_tapping.py)."""

    def __init__(self, base, extra) -> None:  # noqa: ANN001 - any CardSource and a CardData
        self.base, self.extra = base, extra

    def get(self, name: str):  # noqa: ANN201 - the source's record type
        return self.extra if name == self.extra.name else self.base.get(name)


def test_a_shield_counter_preventing_damage_is_one_counter_removed_121_1_603_2() -> None:
    """Shield counters (a later rule, Streets of New Capenna 2022: "if a permanent with a shield counter would be
    dealt damage or destroyed, remove a shield counter from it instead"): Shock at a shielded Grizzly Bears deals no
    damage, and the shield counter's removal is a counter removed (121.1), an event "whenever a shield counter is
    removed from a permanent you control" sees once (603.2; no supported printed card has that trigger, so it is
    written on a made-up creature)."""
    base = default_pool()
    card = dataclasses.replace(base.source.get("Hill Giant"), name="Shield Watcher",
                               text="Whenever a shield counter is removed from a permanent you control, you gain 1 "
                                    "life.")
    r = Runner({"name": "t", "setup": {"active": "bob", "step": "main1", "players": {
        "alice": {"battlefield": ["Shield Watcher", {"name": "Grizzly Bears", "counters": {"shield": 1}}]},
        "bob": {"battlefield": ["Mountain"], "hand": ["Shock"]}}},
        "steps": [{"bob": "cast", "card": "Shock", "targets": ["Grizzly Bears"]}, {"resolve": 1}]},
        CardPool(_WithMadeUpCard(base.source, card)))
    r.run()
    g = r.g
    (bears,) = _ids(g, "Grizzly Bears")
    assert g.objects[bears].damage == 0 and g.objects[bears].counters.get("shield", 0) == 0
    assert [t["card"].name for t in g.triggered] + [g.objects[i].card.name for i in g.stack] == ["Shield Watcher"]


def test_totem_armor_replacing_a_destruction_is_logged_with_the_creature_702_88a() -> None:
    """702.88a: "If enchanted creature would be destroyed, instead remove all damage from it and destroy this Aura"
    (Hyena Umbra): the creature stays with its damage removed, the Aura goes, and the log says why, naming the
    creature."""
    g = _game({"bob": {"battlefield": [{"name": "Grizzly Bears", "id": "bears", "damage": 1},
                                       {"name": "Hyena Umbra", "attached_to": "bears"}]}})
    (bears,) = _ids(g, "Grizzly Bears")
    mark = len(g.events)
    assert destroy(g, bears, by_effect=True) is False
    assert g.objects[bears].zone == "battlefield" and g.objects[bears].damage == 0
    assert not _ids(g, "Hyena Umbra")
    assert [e for e in g.events[mark:] if e.get("type") == "totem_armor"] == [
        {"type": "totem_armor", "card": "Grizzly Bears", "obj": bears}]


def test_a_mana_choice_named_by_its_index_and_an_index_out_of_range_is_no_engine_fault_106_4() -> None:
    """106.4, 605.3a: "{T}: Add {R} or {G}" (Rootbound Crag) activated with the kind named by its 0-based index adds
    that kind; an index past the options is answered without an engine fault (refused, or one of the kinds added),
    never a crash of the game."""
    for pick, want in ((0, {"R": 1}), (1, {"G": 1}), (2, None)):
        g = _game({"alice": {"battlefield": ["Rootbound Crag"]}})
        (crag,) = _ids(g, "Rootbound Crag")
        try:
            g.submit("alice", {"action": "activate", "card": crag, "ability": 0, "mana": pick})
        except IllegalAction:
            assert want is None and g.players["alice"].pool == {}
            continue
        pool = g.players["alice"].pool
        assert pool == want if want is not None else pool in ({"R": 1}, {"G": 1})
