"""Mana costs and paying them from a pool (CR 106, 107.3-107.4, 202.3), rule by rule.

These pin the rules engine.mana implements, so that breaking one makes a test fail
(issue 26: the mutation run showed {2/W} paid with generic mana, the pool left after a
generic payment and the auto-tapper's view of floating mana untested).
"""
from __future__ import annotations

import pytest

from engine.mana import (ManaError, cost_colors, format_cost, format_pool, mana_value, needs, parse_cost,
                         parse_pool, pay_from_pool, snow_key, substitute_x, unpayable)
from engine.payment import can_afford, plan_payment
from engine.setup import from_setup


def test_parse_and_format_cost_107_4() -> None:
    assert parse_cost("{2}{r}{W/U}{2/B}{G/P}{C}{X}") == ("2", "R", "W/U", "2/B", "G/P", "C", "X")
    assert parse_cost("") == () and parse_cost(None) == ()
    assert format_cost(("X", "2", "R")) == "{X}{2}{R}"


def test_mana_value_202_3() -> None:
    """202.3: the total mana in the cost; 202.3c X counts 0 off the stack, its value on it;
    202.3d a {2/W} counts its largest half; 202.3e a Phyrexian symbol counts 1."""
    assert mana_value(("3", "U", "U")) == 5
    assert mana_value(("X", "R")) == 1
    assert mana_value(("X", "R"), x=3) == 4
    assert mana_value(("X", "X", "G"), x=2) == 5
    assert mana_value(("2/W", "2/W", "2/W")) == 6
    assert mana_value(("W/U", "B/P", "C")) == 3
    assert mana_value(()) == 0


def test_cost_colors_202_2() -> None:
    assert cost_colors(("2", "R", "W/U")) == ("W", "U", "R")
    assert cost_colors(("2/B", "G/P")) == ("B", "G")
    assert cost_colors(("3", "C", "X")) == ()


def test_substitute_x_107_3a() -> None:
    assert substitute_x(("X", "X", "R"), 2) == ("2", "2", "R")
    assert substitute_x(("X", "R"), 0) == ("R",)


def test_parse_pool_and_format_pool() -> None:
    assert parse_pool("{R}{R}{G}{C}") == {"R": 2, "G": 1, "C": 1}
    assert parse_pool("{2}") == {"C": 2}
    assert format_pool({"C": 1, "W": 2, "G": 1}) == "{W}{W}{G}{C}"
    with pytest.raises(ManaError, match="not a kind of mana"):
        parse_pool("{W/U}")


def test_monocolored_hybrid_paid_with_two_generic_107_4e() -> None:
    """107.4e: {2/W} is paid with one white mana or with two mana of any type."""
    pool = {"R": 2}
    pay = pay_from_pool(pool, ("2/W",))
    assert pool == {} and pay.spent == {"R": 2}
    pool = {"R": 6}
    pay_from_pool(pool, ("2/R", "2/R", "2/R"))
    assert pool == {"R": 3}
    pool = {"G": 6}
    pay_from_pool(pool, ("2/R", "2/R", "2/R"))
    assert pool == {}
    pool = {"W": 1, "R": 2}
    pay_from_pool(pool, ("2/W",))
    assert pool == {"R": 2}
    pool = {"R": 1}
    with pytest.raises(ManaError):
        pay_from_pool(pool, ("2/W",))
    assert pool == {"R": 1}, "a failed payment changes nothing"


def test_hybrid_either_half_107_4e() -> None:
    for have in ("W", "U"):
        pool = {have: 1}
        pay_from_pool(pool, ("W/U",))
        assert pool == {}
    pool = {"R": 1}
    with pytest.raises(ManaError):
        pay_from_pool(pool, ("W/U",))
    assert pool == {"R": 1}


def test_colorless_symbol_needs_colorless_mana_107_4c() -> None:
    pool = {"R": 3}
    with pytest.raises(ManaError):
        pay_from_pool(pool, ("C",))
    assert pool == {"R": 3}
    pool = {"C": 1, "R": 1}
    pay_from_pool(pool, ("C",))
    assert pool == {"R": 1}


def test_colored_symbols_need_their_color_107_4a() -> None:
    pool = {"G": 1, "R": 1}
    with pytest.raises(ManaError):
        pay_from_pool(pool, ("G", "G"))
    assert pool == {"G": 1, "R": 1}
    pool = {"G": 1, "R": 1}
    pay_from_pool(pool, ("1", "G"))  # the generic part does not eat the green the {G} needs
    assert pool == {}


def test_generic_paid_with_colorless_first_leaves_the_colors_107_4b() -> None:
    """107.4b: generic mana is paid with any type; the engine spends floating colorless
    first (it pays nothing else but {C} and generic), then the color it has most of."""
    pool = {"C": 1, "R": 1}
    pay = pay_from_pool(pool, ("1",))
    assert pool == {"R": 1} and pay.spent == {"C": 1}
    pool = {"C": 2, "R": 1, "G": 1}
    pay_from_pool(pool, ("2",))
    assert pool == {"R": 1, "G": 1}
    pool = {"R": 2, "G": 1}
    pay_from_pool(pool, ("1",))
    assert pool == {"R": 1, "G": 1}
    pool = {"C": 1, "R": 2}   # one colorless floating is spent before a color the pool has more of
    pay_from_pool(pool, ("1",))
    assert pool == {"R": 2}
    pool = {"U": 1, "R": 1}
    with pytest.raises(ManaError, match="not enough mana"):
        pay_from_pool(pool, ("3",))
    assert pool == {"U": 1, "R": 1}


def test_phyrexian_mana_or_two_life_107_4f() -> None:
    """107.4f: one mana of its color or 2 life; 119.4: life is paid only if the player has it."""
    pool = {"R": 1}
    pay = pay_from_pool(pool, ("R/P",), life=20)
    assert pool == {} and pay.life == 0
    pool = {}
    pay = pay_from_pool(pool, ("R/P", "R/P"), life=20)
    assert pay.life == 4 and pay.spent == {}
    with pytest.raises(ManaError):
        pay_from_pool({}, ("R/P", "R/P"), life=3)
    assert pay_from_pool({}, ("R/P",), life=2).life == 2
    with pytest.raises(ManaError):
        pay_from_pool({}, ("R/P",), life=None)


def test_needs_what_the_pool_does_not_cover() -> None:
    """What the auto-tapper still has to find (FORMAT.md payment): colors first, then 'any'."""
    assert needs(("1", "G"), {}) == ["G", "any"]
    assert needs(("1", "G"), {"G": 1}) == ["any"]
    assert needs(("1", "G"), {"G": 2}) == []
    assert needs(("2", "G"), {"G": 1, "R": 1}) == ["any"]
    assert needs(("G", "G"), {"G": 1}) == ["G"]
    assert needs(("3",), {"R": 1, "C": 1}) == ["any"]
    assert needs(("3",), {"R": 3}) == []
    assert needs(("R/P",), {}) == ["R"]
    assert needs(("R/P",), {"R": 1}) == []
    assert needs(("R/P", "R/P"), {"R": 1}) == ["R"]
    assert needs(("2/W",), {}) == ["W|2"]
    assert needs(("2/W",), {"W": 1}) == []
    assert needs(("2/W", "2/W"), {"W": 1}) == ["W|2"]
    assert needs(("W/U",), {"U": 1}) == []
    assert needs(("W/U",), {"W": 1}) == []
    assert needs(("W/U", "W/U"), {"U": 1}) == ["W|U"]
    assert needs(("W/U",), {}) == ["W|U"]
    assert needs(("1", "W/U"), {"W": 1}) == ["any"]
    assert needs(("R", "1"), {"G": 1}) == ["R"]


def test_snow_symbol_is_paid_only_by_snow_mana_107_4h() -> None:
    """107.4h: {S} is one generic mana paid with mana a snow permanent produced (pool key "G*"); that mana pays
    the other symbols too, after the plain mana of its kind (kept for {S})."""
    pool = {"G": 1}
    with pytest.raises(ManaError):
        pay_from_pool(pool, ("S",))
    assert pool == {"G": 1}
    pool = {"G": 1, "G*": 1}
    assert pay_from_pool(pool, ("G", "S")).spent == {"G": 1, "G*": 1}
    assert pool == {}
    pool = {"C*": 1, "R*": 1}
    assert pay_from_pool(pool, ("S", "R/W")).spent == {"C*": 1, "R*": 1}  # {S} leaves the {R} the hybrid needs
    assert needs(("S",), {"G": 1}) == ["snow"]
    assert needs(("G", "S"), {"G*": 1}) == ["snow"]   # the snow {G} pays {G}: {S} still needs snow mana
    assert needs(("1", "S"), {"G*": 1}) == ["any"]


def test_the_symbols_a_pool_can_pay_107_4() -> None:
    """107.4a-f: generic, colored, colorless, hybrid ({W/U} and {2/W}) and Phyrexian symbols are
    paid from the pool; {X} once chosen (107.3a); {S} (107.4h: by mana a snow permanent produced); malformed
    symbols are not. The hybrid Phyrexian {W/U/P} (a later symbol, as 107.4f for each of its colors) is paid too."""
    assert unpayable(("2", "W", "U", "B", "R", "G", "C", "W/U", "2/W", "G/P", "X", "W/U/P", "S")) == []
    assert unpayable(("X",), x_ok=False) == ["X"]
    assert unpayable(("W/U/B",)) == ["W/U/B"]    # three colors: no such symbol
    assert unpayable(("W/W/P",)) == ["W/W/P"]    # a Phyrexian hybrid of two different colors only
    assert unpayable(("W/W",)) == ["W/W"]        # not a hybrid of two different halves
    assert unpayable((3,)) == ["3"]              # not a symbol at all (a malformed cost)


def test_phyrexian_symbols_take_mana_the_generic_part_can_spare_else_life_107_4f() -> None:
    """107.4f, 119.4: a Phyrexian symbol (and the later hybrid {G/W/P}) is paid with its color's mana when the rest
    of the cost can still be paid, else with 2 life; with no life to pay, mana only."""
    pool = {"G": 1, "C": 1}
    assert pay_from_pool(pool, ("1", "G/W/P"), 20).life == 0 and pool == {}
    pool = {"G": 1}
    assert pay_from_pool(pool, ("1", "G/P"), 20).life == 2 and pool == {}   # the green mana pays the {1}
    pool = {"W": 2}
    assert pay_from_pool(pool, ("G/W/P", "G/W/P"), 20).life == 0            # either color
    pool = {"R": 1}
    with pytest.raises(ManaError):
        pay_from_pool(pool, ("1", "G/P"), None)                              # no life to pay
    assert needs(("G", "G/W/P", "W"), {}) == ["G", "W", "G|W"]               # single colors planned first


def test_a_symbol_the_pool_cannot_pay_is_refused_by_name_107_4h() -> None:
    """{S} (107.4h) without snow mana, and symbols without one slash, are refused with the symbol named, and
    the pool is left as it was."""
    pool = {"R": 2}
    with pytest.raises(ManaError, match=r"snow permanent to pay \{S\}"):
        pay_from_pool(pool, ("R", "S"))
    assert pool == {"R": 2}
    with pytest.raises(ManaError, match=r"cannot pay the symbol \{W/U/B\}"):
        pay_from_pool(pool, ("R", "W/U/B"))
    assert pool == {"R": 2}
    with pytest.raises(ManaError, match=r"cannot pay the symbol \{W/U/B\}"):
        needs(("R", "W/U/B"), pool)


def test_named_sources_are_all_planned_and_what_is_left_floats_601_2h() -> None:
    """601.2g-h: a payment that names its sources taps every one of them; the plan's pool
    after paying {G} with two Forests and a Mountain holds the {G} and {R} left over."""
    g = from_setup({"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Forest", "Forest", "Mountain"]}}})
    ids = list(g.battlefield)
    taps, pool = plan_payment(g, "alice", ("G",), set(), ids)
    assert sorted(oid for oid, _ in taps) == sorted(ids)
    assert {k: v for k, v in pool.items() if v} == {"G": 1, "R": 1}


def test_a_named_source_left_after_paying_floats_all_its_mana_106_4() -> None:
    """106.4, 601.2g-h: a payment naming a Forest and Sol Ring for {G} taps both; Sol Ring's one
    activation adds {C}{C}, so the plan's pool after paying holds two colorless mana, not one."""
    g = from_setup({"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Forest", "Sol Ring"]}}})
    ids = list(g.battlefield)
    taps, pool = plan_payment(g, "alice", ("G",), set(), ids)
    assert sorted(oid for oid, _ in taps) == sorted(ids)
    assert {k: v for k, v in pool.items() if v} == {"C": 2}


def test_a_zero_cost_spell_is_offered_with_no_mana_source_202_1() -> None:
    """202.1, 601.2g: {0} needs no mana, so Ornithopter is among the legal casts of a player
    with no land and an empty pool; a {1} spell is not."""
    g = from_setup({"active": "alice", "step": "main1", "players": {
        "alice": {"hand": ["Ornithopter", "Sol Ring"]}}})
    casts = {g.objects[o["card"]].card.name for o in g.pending.options if o.get("action") == "cast"}
    assert casts == {"Ornithopter"}


def _offers(players: dict) -> set[tuple[str, str, str]]:
    g = from_setup({"active": "alice", "step": "main1", "players": players})
    return {(o["action"], g.objects[o["card"]].card.name, o.get("text", "")) for o in g.pending.options
            if o.get("action") in ("cast", "activate")}


def test_a_land_of_two_colors_alone_offers_a_spell_of_its_second_color_106_1() -> None:
    """106.1, 305.6, 601.2g: Stomping Ground taps for {R} or {G}, so with it alone Llanowar Elves ({G}) is
    among the legal casts (a source of two kinds is not counted as its first kind only); Cloudkin
    Seer ({2}{U}) is not."""
    offers = _offers({"alice": {"battlefield": ["Stomping Ground"], "hand": ["Llanowar Elves", "Cloudkin Seer"]}})
    assert {name for action, name, _ in offers if action == "cast"} == {"Llanowar Elves"}


def test_the_counted_sources_hold_every_mana_of_an_activation_and_the_generic_part_107_4b() -> None:
    """106.4, 107.4b, 601.2g: Sol Ring alone adds {C}{C} with one activation, so Millstone ({2}) is a legal
    cast; one Forest pays Llanowar Elves ({G}) but not Grizzly Bears ({1}{G}), whose generic {1} needs a
    second mana; two Elvish Archdruids each add {G}{G} (one activation of each pays Centaur Courser's {2}{G})."""
    ring = _offers({"alice": {"battlefield": ["Sol Ring"], "hand": ["Millstone"]}})
    assert {name for action, name, _ in ring if action == "cast"} == {"Millstone"}
    forest = _offers({"alice": {"battlefield": ["Forest"], "hand": ["Llanowar Elves", "Grizzly Bears"]}})
    assert {name for action, name, _ in forest if action == "cast"} == {"Llanowar Elves"}
    # 106.4, 605.1a: "Add {G} for each Elf you control": each of two Elvish Archdruids adds {G}{G}, four in all
    druids = _offers({"alice": {"battlefield": ["Elvish Archdruid", "Elvish Archdruid"], "hand": ["Centaur Courser"]}})
    assert {name for action, name, _ in druids if action == "cast"} == {"Centaur Courser"}


def test_floating_snow_mana_is_offered_to_pay_a_spell_of_its_kind_107_4h() -> None:
    """107.4h, 106.4: the {R} a Snow-Covered Mountain added floats as snow mana; it pays what any {R}
    pays, so Lightning Bolt is among the legal casts with it alone."""
    g = from_setup({"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Snow-Covered Mountain"], "hand": ["Lightning Bolt"]}}})
    land = g.battlefield[0]
    g.submit("alice", {"action": "activate", "card": land, "ability": 0})
    assert g.objects[land].tapped and g.players["alice"].pool == {snow_key("R"): 1}
    casts = {g.objects[o["card"]].card.name for o in g.pending.options if o.get("action") == "cast"}
    assert casts == {"Lightning Bolt"}


def test_a_source_tapped_for_the_cost_pays_none_of_its_mana_602_2b() -> None:
    """602.2b, 601.2g-h: Rogue's Passage's "{4}, {T}" taps it as part of the cost, so it is
    no mana source for the {4}: three Forests are one short, four are enough."""
    ability = ("activate", "Rogue's Passage", "{4}, {T}: Target creature can't be blocked this turn.")
    three = _offers({"alice": {"battlefield": ["Rogue's Passage", "Grizzly Bears"] + ["Forest"] * 3}})
    four = _offers({"alice": {"battlefield": ["Rogue's Passage", "Grizzly Bears"] + ["Forest"] * 4}})
    assert ability not in three
    assert ability in four


def test_one_activation_making_two_mana_pays_a_cost_of_two_106_4() -> None:
    """106.4, 605.3: Sol Ring's one activation adds {C}{C}; with no other source Mind Stone
    ({2}) is a legal cast, and two Sol Rings pay Juggernaut ({4}) next to a Gaea's Cradle
    that makes no mana without creatures (605.2)."""
    assert ("cast", "Mind Stone", "") in _offers({"alice": {"battlefield": ["Sol Ring"], "hand": ["Mind Stone"]}})
    assert ("cast", "Juggernaut", "") in _offers({"alice": {"battlefield": ["Sol Ring", "Sol Ring", "Gaea's Cradle"],
                                                            "hand": ["Juggernaut"]}})
    assert ("cast", "Juggernaut", "") not in _offers({"alice": {"battlefield": ["Sol Ring", "Gaea's Cradle"],
                                                                "hand": ["Juggernaut"]}})


def test_floating_restricted_mana_pays_what_it_may_106_6() -> None:
    """106.6: Dalakos's {C}{C} may be spent only on artifact spells and abilities of artifacts.
    Once it floats (Dalakos tapped, no other source), the legal casts are Millstone, an
    artifact, and not Kozilek's Sentinel."""
    g = from_setup({"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Dalakos, Crafter of Wonders"], "hand": ["Millstone", "Kozilek's Sentinel"]}}})
    tap = next(o for o in g.pending.options if o.get("action") == "activate" and o.get("mana"))
    g.submit("alice", {"action": "activate", "card": tap["card"], "ability": tap["ability"]})
    assert sum(g.players["alice"].pool.values()) == 2
    casts = {g.objects[o["card"]].card.name for o in g.pending.options if o.get("action") == "cast"}
    assert casts == {"Millstone"}


def test_a_chosen_color_source_counts_its_mana_beside_sol_ring_614_12_106_4() -> None:
    """614.12, 106.4: Sol Grail whose chosen color is red makes one red mana; with Sol Ring's {C}{C} that is three
    mana, so {2}{R} can be afforded (the cast is offered) and the plan taps both; {3}{R} and {2}{G} can't be."""
    g = from_setup({"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": [{"name": "Sol Grail", "chosen": {"color": "R"}}, "Sol Ring"]}}})
    assert can_afford(g, "alice", ("2", "R"))
    assert not can_afford(g, "alice", ("3", "R"))
    assert not can_afford(g, "alice", ("2", "G"))
    taps, left = plan_payment(g, "alice", ("2", "R"), set())
    assert sorted(g.objects[oid].card.name for oid, _ in taps) == ["Sol Grail", "Sol Ring"]
    assert sum(left.values()) == 0


def test_restricted_mana_affords_the_spell_it_may_pay_for_beside_a_plain_land_106_6() -> None:
    """106.6: Mishra's Workshop's three mana may be spent only to cast artifact spells: with a Forest beside it, a {3}
    artifact spell (Jayemdae Tome's {4}: four) can be afforded for that spell, and {3} for a creature spell (Grizzly
    Bears) or with no purpose named cannot."""
    g = from_setup({"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Mishra's Workshop", "Forest"], "hand": ["Jayemdae Tome", "Grizzly Bears"]}}})
    tome, bears = (next(i for i in g.players["alice"].hand if g.objects[i].card.name == n)
                   for n in ("Jayemdae Tome", "Grizzly Bears"))
    assert can_afford(g, "alice", ("4",), purpose=("spell", tome))
    assert not can_afford(g, "alice", ("3",), purpose=("spell", bears))
    assert not can_afford(g, "alice", ("3",))


@pytest.mark.parametrize("land", ["Adarkar Wastes", "Karplusan Forest", "Thriving Bluff"])
def test_the_most_mana_of_a_choice_land_is_found_without_a_game_106_4(land: str) -> None:
    """106.4: "{T}: Add {W} or {U}" makes one mana whichever is chosen; for a steady ability (its output fixed by the
    ability alone) payment finds that without reading a game (``_most_fixed``; fuzz seed 108051 failed there when the
    chosen-color options were read from a game that was not given). A Thriving land's "or one mana of the chosen
    color" depends on its permanent (614.12), so it is not steady."""
    from engine.cardpool import default_pool
    from engine import payment
    abilities = [a for a in default_pool().definition(land).abilities if a.kind == "mana"
                 and "choice" in a.effects[0].args]
    assert abilities
    for ab in abilities:
        if land.startswith("Thriving"):
            assert not payment._steady(ab)
        else:
            assert payment._steady(ab)
            assert payment._most_fixed(ab) == 1
