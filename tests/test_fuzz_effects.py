"""Ended continuous effects leave the state (issue 21, item 3; 611.2c, 400.7, 514.2): an
effect whose locked-in objects have all left their zones applies to nothing again and is
removed, so effects do not pile up in ``Game.effects`` as objects come and go."""
from __future__ import annotations

import pytest

from engine import fuzz, sba
from engine.actions import add_effect, create_token
from engine.bench_layers import setup
from engine.cardpool import CardPool
from engine.game import Game
from engine.until import exile_until_leaves


@pytest.fixture(scope="module")
def cards() -> CardPool:
    return CardPool()


def test_an_effect_ends_when_its_last_object_leaves_and_not_before(cards):
    g = setup(cards, 0, 4)
    a, b, c, d = g.battlefield[-4:]
    add_effect(g, "7c", [a, b], None, "never", power=2, toughness=2)  # 611.2c: locked in
    add_effect(g, "6", [a], None, "eot", keywords=["Flying"])
    add_effect(g, "2", [c], None, "never", controller="p1")
    add_effect(g, "7c", [d], None, "eot", power=1, toughness=1)
    kept = g.effects[-1]
    assert len(g.effects) == 4
    g.move(a, "graveyard")
    assert [e["layer"] for e in g.effects] == ["7c", "2", "7c"]  # the flying of a alone ended
    assert (g.chars(b).power, g.chars(b).toughness) == (4, 4)  # b still gets the pump
    g.move(b, "hand")
    g.move(c, "exile")
    assert g.effects == [kept]
    assert (g.chars(d).power, g.chars(d).toughness) == (3, 3)


def test_effects_on_objects_that_come_and_go_do_not_pile_up(cards):
    g = setup(cards, 0, 2)
    x = g.battlefield[-1]
    for _ in range(50):  # a creature pumped "permanently", bounced and played again
        add_effect(g, "7c", [x], None, "never", power=1, toughness=1)
        x = g.move(g.move(x, "hand"), "battlefield")
    assert g.effects == []
    assert (g.chars(x).power, g.chars(x).toughness) == (2, 2)


def test_no_ended_effect_stays_in_the_state_during_random_games(cards):
    """The fuzz checks it after every decision (fuzz.check_effects)."""
    n = 0
    for seed in (6, 9):  # without object_left both fail the check (a -X/-X, a deathtouch)
        g, k = fuzz.play_checked(cards, seed, decks="random")
        n += k
    assert n > 200


def test_the_fuzz_check_fails_on_an_ended_effect(cards):
    g = Game.new([("p0", ["Grizzly Bears"] * 10), ("p1", ["Grizzly Bears"] * 10)], cards, 1)
    g.effects.append({"layer": "7c", "ts": 1, "objects": [10 ** 6], "until": "never", "power": 1, "toughness": 1})
    with pytest.raises(fuzz.InvariantError, match="ended"):
        fuzz.check_effects(g)


def test_restriction_effects_are_indexed_per_state_and_seen_as_they_come_and_go(cards):
    from engine.combat import has_rule
    g = setup(cards, 300, 20)
    a, b = g.battlefield[-2:]
    assert not has_rule(g, a, "cant_attack") and not has_rule(g, b, "cant_attack")
    add_effect(g, "rule", [a], None, "eot", rule="cant_attack")
    assert has_rule(g, a, "cant_attack") and not has_rule(g, b, "cant_attack")
    g.effects = [e for e in g.effects if e["layer"] != "rule"]  # a new list, as cleanup makes (514.2)
    assert not has_rule(g, a, "cant_attack")


def test_an_effect_on_objects_already_gone_is_not_created(cards):
    """"Destroy target creature. It can't be regenerated": the second effect named an object
    the first had destroyed and stayed in the state for good (the fuzz's seed 2180)."""
    g = setup(cards, 0, 2)
    x = g.battlefield[-1]
    g.move(x, "graveyard")
    add_effect(g, "rule", [x], None, "never", rule="cant_be_regenerated")
    assert g.effects == []
    fuzz.check_effects(g)


def test_a_creature_that_blocks_each_combat_if_able_is_named_in_the_block_options(cards):
    """Bronze Walrus ("blocks each combat if able", 509.1c) was missing from the options'
    ``must``: the random player left it out, every declaration it tried was refused and the
    game stopped (the fuzz's seed 31089)."""
    from engine.ai.random_bot import RandomBot
    from engine.combat import block_hints
    g = setup(cards, 0, 4)
    p0 = [i for i in g.battlefield if g.controller_of(i) == "p0"]
    p1 = [i for i in g.battlefield if g.controller_of(i) == "p1"]
    g.objects[p0[0]].attacking = "p1"
    g.changed()
    opts = {b: [p0[0]] for b in p1}
    assert "must" not in block_hints(g, opts)
    add_effect(g, "rule", [p1[0]], None, "eot", rule="must_block")
    assert block_hints(g, opts)["must"] == {p1[0]: [p0[0]]}
    for seed in range(20):
        assert RandomBot(seed)._blocks({"blockers": opts, **block_hints(g, opts)}).get(p1[0]) == [p0[0]]


def test_an_effect_on_a_token_ends_when_the_token_ceases_to_exist(cards):
    """Silkwrap exiled a Goblin token "until Silkwrap leaves the battlefield": the token ceased
    to exist (704.5d) and the return record naming it stayed in the state (fuzz seed 612156)."""
    g = setup(cards, 0, 2)
    src = g.battlefield[-1]
    tok = create_token(g, cards.definition("Grizzly Bears"), "p1")
    (gone,) = exile_until_leaves(g, src, [tok])
    add_effect(g, "7c", [gone], None, "never", power=1, toughness=1)
    assert len(g.effects) == 2
    sba.check(g)
    assert gone not in g.objects
    assert g.effects == []
    fuzz.check_effects(g)


def test_effects_on_the_objects_of_a_player_who_left_end(cards):
    """800.4a: the objects a player owns leave the game with them; effects locked in on only
    those objects (611.2c) have ended too."""
    deck = ["Grizzly Bears"] * 20
    g = Game.new([("p0", deck), ("p1", list(deck)), ("p2", list(deck))], cards, 5)
    mine = []
    for zone in ("battlefield", "graveyard"):
        o = g._make("Grizzly Bears", "p2", zone)
        if zone == "battlefield":
            g.battlefield.append(o.id)
        else:
            g.players["p2"].graveyard.append(o.id)
        mine.append(o.id)
    other = g._make("Grizzly Bears", "p0", "battlefield")
    g.battlefield.append(other.id)
    for oid in mine:
        add_effect(g, "7c", [oid], None, "never", power=1, toughness=1)
    add_effect(g, "7c", [other.id], None, "never", power=1, toughness=1)
    kept = g.effects[-1]
    g.concede("p2")
    assert "p2" in g.gone
    assert g.effects == [kept]
    fuzz.check_effects(g)
