"""Derived data kept between changes (issue 21: speed): characteristics (613) survive a change
of turn state only while no static ability reads it, a refused answer gives back what the state
had, and the fuzz checks that the kept characteristics are always those of the state."""
from __future__ import annotations

import dataclasses

import pytest

from engine import fuzz, layers, payment, phasing, sba
from engine.cards.abilities import Ability
from engine.errors import IllegalAction
from engine.setup import from_setup


def _game(alice: list[str], bob: list[str] | None = None):
    return from_setup({"active": "alice", "step": "main1",
                       "players": {"alice": {"battlefield": alice}, "bob": {"battlefield": bob or []}}})


def _named(g, name: str) -> int:
    return next(i for i in g.battlefield if g.objects[i].card.name == name)


def test_a_static_that_reads_no_turn_state_keeps_the_characteristics_through_a_tap() -> None:
    """Glorious Anthem (613.3c, layer 7c) reads types and controllers only: tapping a land for
    mana (a change of turn state) keeps the characteristics, which stay those of the state."""
    g = _game(["Glorious Anthem", "Grizzly Bears", "Forest"])
    cs = g.all_chars()
    assert cs[_named(g, "Grizzly Bears")].power == 3
    g.objects[_named(g, "Forest")].tapped = True
    g.turn_state_changed()
    assert g._chars is cs
    fuzz.check_chars(g)


def test_a_static_that_reads_tapped_state_is_worked_out_again() -> None:
    """Adept Watershaper: "Other tapped creatures you control have indestructible" (layer 6):
    tapping a creature changes what it applies to, so the characteristics are thrown away."""
    g = _game(["Adept Watershaper", "Grizzly Bears"])
    bears = _named(g, "Grizzly Bears")
    assert "Indestructible" not in g.chars(bears).keywords
    g.objects[bears].tapped = True
    g.turn_state_changed()
    assert g._chars is None
    assert "Indestructible" in g.chars(bears).keywords


@pytest.mark.parametrize("static, free", [
    ({"kind": "anthem", "affects": {"controller": "you", "types": ["Creature"]}, "power": 1, "toughness": 1}, True),
    ({"kind": "keywords", "affects": {"tapped": True, "types": ["Creature"]}, "keywords": ["Indestructible"]}, False),
    ({"kind": "keywords", "affects": {"or": [{"types": ["Land"]}, {"attacking": True}]}, "keywords": ["Flying"]},
     False),
    # "during your turn": who is active changes only as a turn begins, a change then (Game._next_turn)
    ({"kind": "keywords", "affects": "self", "keywords": ["First strike"], "condition": {"your_turn": True}}, True),
    ({"kind": "keywords", "affects": "self", "keywords": ["First strike"],
      "condition": {"your_turn": True, "life_ge": 10}}, False),
    ({"kind": "anthem", "affects": "self", "power": 2, "toughness": 2,
      "condition": {"control": {"types": ["Artifact"]}, "min": 3}}, True),
    ({"kind": "anthem", "affects": "self", "power": 2, "toughness": 2,
      "condition": {"control": {"types": ["Land"], "tapped": False}, "min": 3}}, False),
    # a count of permanents or the greatest value among them reads no turn state (608.2h); of tapped ones, a hand does
    ({"kind": "anthem", "affects": "self", "power": 1, "toughness": 0, "per": {"count": {"types": ["Land"]}}}, True),
    ({"kind": "anthem", "affects": "self", "power": 1, "toughness": 0,
      "per": {"count": {"types": ["Land"], "tapped": False}}}, False),
    # cards in graveyards: moved there only by a change (not zone-free: Game.hidden_move forgets them)
    ({"kind": "anthem", "affects": "self", "power": 1, "toughness": 0,
      "per": {"count": {"types": ["Creature"], "zone": "graveyard"}}}, True),
    ({"kind": "anthem", "affects": "self", "power": 1, "toughness": 0,
      "per": {"count": {"types": ["Creature"], "zone": "exile"}}}, False),
    ({"kind": "set_pt", "affects": "self", "power": {"count": {"zone": "graveyard", "types": ["Creature"]}},
      "toughness": {"plus": [{"count": {"zone": "graveyard", "types": ["Creature"]}}, 1]}}, True),
    ({"kind": "set_pt", "affects": "self", "power": 1, "toughness": {"plus": [{"hand_of": "you"}, 1]}}, False),
    ({"kind": "anthem", "affects": "self", "power": 1, "toughness": 0,
      "per": {"among": {"controller": "you", "other": True, "types": ["Artifact"]}, "greatest": "mv"}}, True),
    ({"kind": "set_pt", "affects": "self", "power": {"hand_of": "you"}, "toughness": {"hand_of": "you"}}, False),
    ({"kind": "anthem", "affects": "attached", "power": 1, "toughness": 1,
      "condition": {"attached": {"colors": ["B"]}}}, True),
    ({"kind": "keywords", "affects": "attached", "keywords": ["Haste"], "condition": {"attached": {"tapped": True}}},
     False),
    ({"kind": "keywords", "affects": "self", "keywords": ["Flying"], "condition": {"cast_with": "Suspend"}}, True),
    # a condition counting cards in graveyards (threshold, Mind Carver): moved there only by a change, as above
    ({"kind": "anthem", "affects": "self", "power": 1, "toughness": 1, "condition": {"opponent_graveyard_ge": 8}},
     True),
    ({"kind": "anthem", "affects": "self", "power": 1, "toughness": 1,
      "condition": {"graveyard_ge": 7, "filter": {"zone": "any_card"}}}, True),
    ({"kind": "anthem", "affects": "self", "power": 1, "toughness": 1,
      "condition": {"graveyard_ge": 2, "filter": {"zone": "any_card", "tapped": True}}}, False),
    ({"kind": "anthem", "affects": "self", "power": 1, "toughness": 1, "condition": {"not": {"your_turn": True}}},
     True),
    ({"kind": "anthem", "affects": "self", "power": 1, "toughness": 1, "condition": {"not": {"life_ge": 10}}}, False),
    ({"kind": "anthem", "affects": "self", "power": 1, "toughness": 1,
      "condition": {"any": [{"opponents_control": {"types": ["Land"], "not_supertypes": ["Basic"]}, "min": 1},
                            {"spells_cast_ge": 1}]}}, False),
    ({"kind": "anthem", "affects": "self", "power": 1, "toughness": 2,
      "condition": {"opponents_control": {"types": ["Land"], "not_supertypes": ["Basic"]}, "min": 1}}, True),
    ({"kind": "anthem", "affects": "self", "power": 1, "toughness": 2,
      "condition": {"opponents_control": {"types": ["Land"], "tapped": True}, "min": 1}}, False),
    ({"kind": "anthem", "affects": "self", "power": 1, "toughness": 1, "condition": {"min": 2}}, False),
    ({"kind": "anthem", "affects": {"types": ["Creature"], "power_le": {"count": {"tapped": True}}},
      "power": 1, "toughness": 1}, False),
])
def test_which_statics_read_no_turn_state(static, free) -> None:
    assert layers._turn_free(static) is free


def test_the_fuzz_finds_kept_characteristics_that_a_change_left_stale() -> None:
    g = _game(["Grizzly Bears"])
    bears = _named(g, "Grizzly Bears")
    assert g.chars(bears).power == 2
    fuzz.check_chars(g)
    g.objects[bears].counters["+1/+1"] = 1  # a change that forgot Game.changed()
    with pytest.raises(fuzz.InvariantError, match="power"):
        fuzz.check_chars(g)
    g.changed()
    assert g.chars(bears).power == 3
    fuzz.check_chars(g)


def test_mana_sources_leaving_one_out_are_the_others() -> None:
    g = _game(["Forest", "Mountain", "Llanowar Elves", "Island"])
    full = payment.mana_sources(g, "alice")
    for oid, _ in full:
        left = payment.mana_sources(g, "alice", {oid})
        assert left == payment._mana_sources(g, "alice", {oid})
        assert [i for i, _ in left] == [i for i, _ in full if i != oid]


def test_a_refused_cast_gives_back_the_characteristics_of_the_state() -> None:
    """A cast answer is tried on the game and undone when refused (engine/game.py submit): the
    state is the one before, and so are the characteristics kept with it."""
    g = from_setup({"active": "alice", "step": "main1",
                    "players": {"alice": {"battlefield": ["Glorious Anthem", "Grizzly Bears", "Mountain"],
                                          "hand": ["Lightning Bolt"]}, "bob": {}}})
    bolt = g.players["alice"].hand[0]
    assert g.pending.kind == "priority"
    cs = g.all_chars()
    with pytest.raises(IllegalAction):
        g.submit("alice", {"action": "cast", "card": bolt, "targets": [[_named(g, "Glorious Anthem")]]})
    assert g._chars is cs
    fuzz.check_chars(g)


def test_a_phased_out_permanent_is_in_a_zone_for_the_fuzz() -> None:
    """702.25: a phased-out permanent is still in the game (its list is ``Game.phased``). Seed
    903 of the random decks failed "<Merfolk Raiders> is in no zone" for it."""
    g = _game(["Merfolk Raiders", "Island"])
    fuzz.check_zones(g, len(g.objects))
    phasing.phase_out(g, _named(g, "Merfolk Raiders"))
    assert [g.objects[i].card.name for i in g.phased] == ["Merfolk Raiders"]
    fuzz.check_zones(g, len(g.objects))


def test_playing_on_a_copy_leaves_a_phased_out_permanent_as_it_was() -> None:
    """702.25: a phased-out permanent phases in as the same object, changed in place, so
    ``Game.copy`` copies it as it does a permanent (seed 903: "playing on a copy() changed the
    game" when the copy's untap step phased Merfolk Raiders in)."""
    g = _game(["Merfolk Raiders", "Island"])
    raiders = _named(g, "Merfolk Raiders")
    phasing.phase_out(g, raiders)
    key = g.state_key()
    c = g.copy()
    phasing.phase_in(c, raiders)
    assert c.objects[raiders].zone == "battlefield"
    assert g.objects[raiders].zone == "phased_out" and g.state_key() == key


def _with_hand(alice: list[str], hand: list[str], graveyard: list[str] | None = None):
    return from_setup({"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": alice, "hand": hand, "graveyard": graveyard or [], "library": ["Forest"] * 3},
        "bob": {"library": ["Forest"] * 3}}})


def _in_hand(g, name: str) -> int:
    return next(i for i in g.players["alice"].hand if g.objects[i].card.name == name)


def test_a_card_moving_between_other_zones_keeps_characteristics_that_read_only_permanents() -> None:
    """Glorious Anthem reads permanents only: a draw, a discard and a spell put on the stack
    change no permanent's characteristics (613), which are kept and stay those of the state."""
    g = _with_hand(["Glorious Anthem", "Grizzly Bears"], ["Shock", "Lightning Bolt"])
    cs = g.all_chars()
    g.draw("alice")
    assert g._chars is cs
    g.move(_in_hand(g, "Shock"), "graveyard")
    g.move(_in_hand(g, "Lightning Bolt"), "stack")
    assert g._chars is cs and cs[_named(g, "Grizzly Bears")].power == 3
    fuzz.check_chars(g)


@pytest.mark.parametrize("perm, graveyard, changed", [
    ("Tarmogoyf", [], "power"),                          # 604.3: a count of card types in graveyards
    ("Volrath's Shapeshifter", [], "card"),              # 612.5: the full text of a graveyard's top creature
])
def test_a_static_that_reads_another_zone_is_worked_out_again_after_a_move(perm, graveyard, changed) -> None:
    g = _with_hand([perm], ["Grizzly Bears"], graveyard)
    oid = _named(g, perm)
    before = g.chars(oid)
    g.move(_in_hand(g, "Grizzly Bears"), "graveyard")  # a creature card: a card type, a top creature
    fuzz.check_chars(g)  # whatever is kept after the move (a trigger check may have worked some out) is the new state's
    after = g.chars(oid)
    assert getattr(after, changed) != getattr(before, changed)
    fuzz.check_chars(g)


def test_a_permanent_entering_or_leaving_forgets_the_characteristics() -> None:
    g = _with_hand(["Glorious Anthem"], ["Grizzly Bears"])
    cs = g.all_chars()
    g.move(_in_hand(g, "Grizzly Bears"), "battlefield")
    assert g._chars is not cs
    assert g.chars(_named(g, "Grizzly Bears")).power == 3
    cs = g.all_chars()
    g.move(_named(g, "Grizzly Bears"), "graveyard")
    assert g._chars is not cs and len(g.all_chars()) == 1
    fuzz.check_chars(g)


def test_an_aura_whose_condition_reads_the_enchanted_creature_keeps_the_characteristics_through_a_tap() -> None:
    """Fists of the Demigod: "As long as enchanted creature is black, it gets +1/+1 and has
    wither" reads the colors of the permanent it is attached to, which no tap changes."""
    g = from_setup({"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": [{"name": "Walking Corpse", "id": "corpse"},
                                  {"name": "Fists of the Demigod", "attached_to": "corpse"}, "Swamp"]},
        "bob": {}}})
    corpse = g.handles["corpse"]
    cs = g.all_chars()
    assert cs[corpse].power == 3 and "Wither" in cs[corpse].keywords
    g.objects[_named(g, "Swamp")].tapped = True
    g.objects[corpse].tapped = True
    g.turn_state_changed()
    assert g._chars is cs
    fuzz.check_chars(g)


def test_a_count_of_permanents_keeps_the_characteristics_through_a_tap_608_2h() -> None:
    """Crusade-like counts: Gatebreaker Ram "gets +1/+1 for each Gate you control" reads how many Gates there are,
    which no tap changes: the characteristics are kept, and stay those of the state; a Gate entering changes them."""
    g = _with_hand(["Gatebreaker Ram", "Selesnya Guildgate", "Forest"], ["Golgari Guildgate"])
    ram = _named(g, "Gatebreaker Ram")
    cs = g.all_chars()
    assert (cs[ram].power, cs[ram].toughness) == (3, 3)
    g.objects[_named(g, "Selesnya Guildgate")].tapped = True
    g.objects[ram].tapped = True
    g.turn_state_changed()
    assert g._chars is cs
    fuzz.check_chars(g)
    g.move(_in_hand(g, "Golgari Guildgate"), "battlefield")
    assert (g.chars(ram).power, g.chars(ram).toughness) == (4, 4)
    fuzz.check_chars(g)


def _attack_with_bears(g) -> None:
    while g.pending.kind == "priority" and g.step != "declare_attackers":
        g.submit(g.pending.player, {"action": "pass"})
    assert g.pending.kind == "attackers"
    g.submit("alice", {"attackers": {str(_named(g, "Grizzly Bears")): "bob"}})


def test_declaring_attackers_keeps_characteristics_that_no_static_reads_combat_for_506_4() -> None:
    """Glorious Anthem reads no combat status: declaring an attacker keeps the characteristics (the fuzz's
    check_chars holds); a static that reads "attacking" (Instigator Gang: "Attacking creatures you control get
    +1/+0") has them worked out again."""
    g = from_setup({"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Glorious Anthem", "Grizzly Bears"]}, "bob": {}}})
    cs = g.all_chars()
    _attack_with_bears(g)
    assert g.objects[_named(g, "Grizzly Bears")].attacking == "bob"
    assert g._chars is cs
    fuzz.check_chars(g)
    g = from_setup({"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Instigator Gang", "Grizzly Bears"]}, "bob": {}}})
    cs = g.all_chars()
    assert g.chars(_named(g, "Grizzly Bears")).power == 2
    _attack_with_bears(g)
    assert g._chars is not cs
    assert g.chars(_named(g, "Grizzly Bears")).power == 3
    fuzz.check_chars(g)


def _first_strike_on_your_turn():
    """A game where alice's Grizzly Bears has "During your turn, SELF has first strike" (611.3a), and its id."""
    static = {"kind": "keywords", "affects": "self", "keywords": ["First strike"], "condition": {"your_turn": True}}
    g = _game(["Grizzly Bears", "Forest"])
    bears = _named(g, "Grizzly Bears")
    card = g.objects[bears].card
    ab = Ability(kind="static", text="During your turn, SELF has first strike.", static=static)
    g.objects[bears].card = dataclasses.replace(card, abilities=card.abilities + (ab,))
    g.changed()
    return g, bears


def test_a_static_during_your_turn_is_kept_through_a_tap_and_worked_out_again_as_the_next_turn_begins() -> None:
    """"During your turn, SELF has first strike" (611.3a) reads who is active (102.1): a tap keeps the
    characteristics, and the next turn, another player's, changes them (500.1, Game._next_turn)."""
    g, bears = _first_strike_on_your_turn()
    cs = g.all_chars()
    assert "First strike" in cs[bears].keywords
    g.objects[_named(g, "Forest")].tapped = True
    g.turn_state_changed()
    assert g._chars is cs
    while g.active == "alice":
        g.submit(g.pending.player, g.pending.forced or {"action": "pass"})
    assert "First strike" not in g.chars(bears).keywords
    fuzz.check_chars(g)


def test_a_count_of_graveyard_cards_is_kept_through_a_tap_and_worked_out_again_as_cards_move_608_2h() -> None:
    """Lhurgoyf: "power is equal to the number of creature cards in all graveyards and its toughness is equal to
    that number plus 1" (604.3): no tap changes it, a card put into a graveyard does, and so does a token ceasing
    to exist there (704.5d)."""
    g = _with_hand(["Lhurgoyf", "Forest"], ["Grizzly Bears"], ["Hill Giant"])
    goyf = _named(g, "Lhurgoyf")
    cs = g.all_chars()
    assert (cs[goyf].power, cs[goyf].toughness) == (1, 2)
    g.objects[_named(g, "Forest")].tapped = True
    g.turn_state_changed()
    assert g._chars is cs
    fuzz.check_chars(g)
    g.move(_in_hand(g, "Grizzly Bears"), "graveyard")
    assert (g.chars(goyf).power, g.chars(goyf).toughness) == (2, 3)
    fuzz.check_chars(g)
    token = next(i for i in g.players["alice"].graveyard if g.objects[i].card.name == "Grizzly Bears")
    g.objects[token].token = True  # (a token in a graveyard: it ceases to exist as state-based actions are checked)
    g.tokens_outside = True
    g.changed()
    assert g.chars(goyf).power == 2
    sba.check(g)
    assert token not in g.objects and (g.chars(goyf).power, g.chars(goyf).toughness) == (1, 2)
    fuzz.check_chars(g)


def test_the_fuzz_check_leaves_the_turn_record_as_it_found_it() -> None:
    """The fuzz's own check (a computation from scratch beside the kept characteristics) must not change what the
    game keeps: after it, the next turn still works out "During your turn, SELF has first strike" again (500.1;
    without restoring the record of statics that read the turn, the kept characteristics outlived the turn:
    false failures on fuzz seeds 90016, 90018, 90081)."""
    g, bears = _first_strike_on_your_turn()
    assert "First strike" in g.all_chars()[bears].keywords
    fuzz.check_chars(g)
    while g.active == "alice":
        g.submit(g.pending.player, g.pending.forced or {"action": "pass"})
    assert "First strike" not in g.chars(bears).keywords
    fuzz.check_chars(g)


def test_threshold_is_kept_through_a_tap_and_worked_out_again_as_a_card_reaches_the_graveyard_608_2h() -> None:
    """Mystic Penitent: "Threshold — As long as seven or more cards are in your graveyard, SELF gets +1/+1 and has
    flying" (611.3a): cards reach a graveyard only by moving (a change of the state or Game.hidden_move), never with
    a change of turn state, so a tap keeps the characteristics and a discard (a hidden move) works them out again."""
    g = _with_hand(["Mystic Penitent", "Forest"], ["Grizzly Bears"], ["Hill Giant"] * 6)
    pen = _named(g, "Mystic Penitent")
    cs = g.all_chars()
    assert (cs[pen].power, "Flying" in cs[pen].keywords) == (1, False)
    g.objects[_named(g, "Forest")].tapped = True
    g.turn_state_changed()
    assert g._chars is cs
    fuzz.check_chars(g)
    g.move(_in_hand(g, "Grizzly Bears"), "graveyard")
    assert (g.chars(pen).power, "Flying" in g.chars(pen).keywords) == (2, True)
    fuzz.check_chars(g)


def test_a_count_of_what_opponents_control_is_kept_through_a_tap_and_read_again_as_a_land_enters_611_3a() -> None:
    """Skyshroud Elite: "SELF gets +1/+2 as long as an opponent controls a nonbasic land" (611.3a) counts
    permanents by their characteristics and controllers only: a tap keeps the characteristics, and a nonbasic land
    entering under bob's control works them out again."""
    g = from_setup({"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Skyshroud Elite", "Forest"]},
        "bob": {"battlefield": ["Plains"], "hand": ["Selesnya Guildgate"]}}})
    elite = _named(g, "Skyshroud Elite")
    cs = g.all_chars()
    assert (cs[elite].power, cs[elite].toughness) == (1, 1)
    g.objects[_named(g, "Forest")].tapped = True
    g.objects[_named(g, "Plains")].tapped = True
    g.turn_state_changed()
    assert g._chars is cs
    fuzz.check_chars(g)
    g.move(g.players["bob"].hand[0], "battlefield")
    assert (g.chars(elite).power, g.chars(elite).toughness) == (2, 3)
    fuzz.check_chars(g)


def test_a_static_unless_it_is_your_turn_is_kept_through_a_tap_and_worked_out_again_as_the_next_turn_begins() -> None:
    """"As long as it isn't your turn, SELF gets +0/+2" (a "not" of "your_turn": who is active, 102.1, changes only
    as a turn begins, 500.1): a tap keeps the characteristics, and the next turn, bob's, changes them
    (layers._by_turn reads the parts of the condition)."""
    static = {"kind": "anthem", "affects": "self", "power": 0, "toughness": 2, "condition": {"not": {"your_turn": True}}}
    g = _game(["Grizzly Bears", "Forest"])
    bears = _named(g, "Grizzly Bears")
    card = g.objects[bears].card
    ab = Ability(kind="static", text="As long as it isn't your turn, SELF gets +0/+2.", static=static)
    g.objects[bears].card = dataclasses.replace(card, abilities=card.abilities + (ab,))
    g.changed()
    cs = g.all_chars()
    assert cs[bears].toughness == 2
    g.objects[_named(g, "Forest")].tapped = True
    g.turn_state_changed()
    assert g._chars is cs
    while g.active == "alice":
        g.submit(g.pending.player, g.pending.forced or {"action": "pass"})
    assert g.chars(bears).toughness == 4
    fuzz.check_chars(g)
