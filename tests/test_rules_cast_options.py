"""Which keyword ways of casting the engine carries out for a card, and with what cost
(engine/cast_options.py): a keyword whose cost casting cannot pay makes its card unsupported
rather than cast wrongly (117.6, 601.2f-h), and each cost read is the one the card prints."""
from __future__ import annotations

import dataclasses

import pytest

from engine.cardpool import CardPool, default_pool
from engine.cards.abilities import Cost
from engine.cast_options import (
    ROWS,
    alternatives,
    cost_of,
    escalate_cost,
    implemented,
    keyword_cost_ok,
    offering_reduce,
    plot_cost,
    reduce_generic,
    storm_problems,
    suspend_of,
    times,
)


@pytest.fixture(scope="module")
def cards() -> CardPool:
    return default_pool()


@pytest.mark.parametrize("name,keyword,done", [
    ("Deep Analysis", "Flashback", True),     # 702.33a: "{1}{U}, Pay 3 life": mana and life, paid as it is cast
    ("Cabal Therapy", "Flashback", True),     # "Sacrifice a creature": an object chosen while paying (601.2h)
    ("Constant Mists", "Buyback", True),      # 702.26a: "Buyback—Sacrifice a land"
    ("Faithless Looting", "Flashback", True),
    ("Beloved Beggar", "Disturb", True),      # cast transformed: its back face is a creature (711.1)
    ("Lantern Bearer", "Disturb", True),      # its back face is an Aura: cast transformed, it targets what it enchants
    ("Make Disappear", "Casualty", True),     # "Casualty 1": a number
    ("Rift Bolt", "Suspend", True),           # 702.61a: "Suspend 1—{R}"
    ("Barkshell Blessing", "Conspire", True),  # 702.77a: a cost of tapping creatures, no mana
    ("Raven's Crime", "Retrace", True),       # 702.80a: its mana cost, paid from the graveyard
    ("Stoke the Flames", "Convoke", True),    # 702.50a: a pay-with row
    ("Grizzly Bears", "Flashback", False),    # a keyword the card does not have: no cost to read
    # alternative and additional costs of more than mana outside OTHER_PARTS: not paid as they are cast
    ("Timeline Culler", "Warp", False),        # "Warp—{B}, Pay 2 life"
    ("Tenacious Underdog", "Blitz", False),    # "Blitz—{2}{B}{B}, Pay 2 life"
    ("Shadowgrange Archfiend", "Madness", False),  # "Madness—{2}{B}, Pay 8 life"
    ("Psionic Ritual", "Replicate", False),    # "Replicate—Tap an untapped Horror you control"
    # a keyword of no row of the table (demonstrate, a later keyword: its copy is not made): not carried out,
    # so the card is unsupported (engine/support.py) rather than cast as if the keyword were not printed
    ("Healing Technique", "Demonstrate", False),
])
def test_a_keyword_is_carried_out_only_with_a_cost_casting_pays(cards, name, keyword, done):
    assert implemented(keyword, cards.definition(name)) is done


@pytest.mark.parametrize("arg", [
    {"amount": 0, "cost": Cost(mana=("R",))},      # 702.61a: a suspended card needs a time counter
    {"amount": "X", "cost": Cost(mana=("R",))},    # a count that is no number
    "Suspend",                                     # no count and cost read at all
])
def test_suspend_is_carried_out_only_with_a_positive_count_and_a_mana_cost(cards, arg):
    bolt = cards.definition("Rift Bolt")
    assert not implemented("Suspend", dataclasses.replace(bolt, keyword_args={"Suspend": arg}))


@pytest.mark.parametrize("cost,ok", [
    (Cost(mana=("1", "U"), life=3), True),
    (Cost(sacrifice={"types": ["Creature"]}), True),
    (Cost(discard=1), True),
    (Cost(tap_others={"types": ["Creature"], "amount": 2}), True),
    (Cost(), False),                                               # 117.6: no cost at all
    (Cost(mana=("2",), discard=-1), False),                        # "discard your hand": not a fixed number
    (Cost(mana=("2",), life=-1), False),                           # "pay X life": not a fixed amount
    (Cost(mana=("2",), tap=True), False),                          # {T}: no part of casting a spell
    (Cost(sacrifice={"types": ["Creature"], "amount": "X"}), False),  # a number of objects not fixed
])
def test_a_keyword_cost_is_paid_while_casting_only_with_fixed_parts_601_2f(cost, ok):
    assert keyword_cost_ok(cost) is ok


def test_escalate_reads_the_printed_cost_of_each_extra_mode(cards):
    """Escalate (a later keyword, Eldritch Moon): "{2}" (Blessed Alliance), "Discard a card" (Collective
    Brutality); a card without it has none."""
    assert escalate_cost(cards.definition("Blessed Alliance")) == Cost(mana=("2",))
    assert escalate_cost(cards.definition("Collective Brutality")) == Cost(discard=1)
    assert escalate_cost(cards.definition("Lightning Bolt")) is None


def test_a_cost_paid_twice_adds_up_every_part_601_2f():
    c = Cost(mana=("1",), life=2, discard=1, sacrifice={"types": ["Land"]}, tap_others={"types": ["Creature"],
                                                                                         "amount": 2})
    t = times(c, 2)
    assert t.mana == ("1", "1") and t.life == 4 and t.discard == 2
    assert t.sacrifice == {"types": ["Land"], "amount": 2}
    assert t.tap_others == {"types": ["Creature"], "amount": 4}
    assert times(Cost(mana=("2",)), 3).sacrifice is None


def test_the_cost_a_keyword_names(cards):
    """601.2f: flashback's cost as printed, suspend's from its "N—[cost]"; none for a keyword not printed."""
    assert cost_of(cards.definition("Faithless Looting"), "Flashback") == Cost(mana=("2", "R"))
    assert cost_of(cards.definition("Rift Bolt"), "Suspend") == Cost(mana=("R",))
    assert cost_of(cards.definition("Rift Bolt"), "Flashback") is None
    assert suspend_of(cards.definition("Rift Bolt")) == (1, Cost(mana=("R",)))
    assert suspend_of(cards.definition("Faithless Looting")) is None


def test_alternative_costs_are_the_printed_ones_and_retrace_pays_the_mana_cost(cards):
    """118.9: flashback's cost is the one printed after the keyword ({2}{R}, not Faithless Looting's
    mana cost {R}); retrace casts the card from the graveyard for its mana cost (702.80a)."""
    assert alternatives(cards.definition("Faithless Looting")) == (
        ("flashback", ROWS["Flashback"], Cost(mana=("2", "R"))),)
    crime = cards.definition("Raven's Crime")
    assert alternatives(crime) == (("retrace", ROWS["Retrace"], Cost(mana=tuple(crime.mana_cost))),)
    assert alternatives(cards.definition("Grizzly Bears")) == ()


def test_offering_reduces_colored_mana_by_color_and_the_rest_as_generic_702_47c():
    # a Goblin of mana cost {1}{R} sacrificed for a spell of {2}{R}{R}: {R} pays {R}, {1} pays {1}
    assert offering_reduce(("2", "R", "R"), ("1", "R")) == ("R", "1")
    # a color the cost lacks reduces generic mana; never below zero
    assert offering_reduce(("2", "R"), ("G", "G", "G")) == ("R",)
    assert offering_reduce(("3", "U"), ("G",)) == ("U", "2")
    assert offering_reduce(("1", "U"), ("X", "U")) == ("1",)
    assert reduce_generic(("3", "G"), 2) == ("G", "1")
    assert reduce_generic(("3", "G"), 5) == ("G",)


def test_storm_copies_are_made_only_of_instants_and_sorceries_with_one_target(cards):
    """702.39a, 706.10: Grapeshot's copies may choose new targets: one target slot each."""
    assert storm_problems(cards.definition("Grapeshot")) == []
    assert storm_problems(cards.definition("Lightning Bolt")) == []  # no storm at all


def test_storm_copies_the_engine_cannot_make_make_the_card_unsupported(cards):
    """706.10c: Super Combo's copies would choose new targets for two target slots: not done. A copy of a permanent
    spell becomes a token (a later rule: Hatchery Sliver's replicate, Stormscale Scion's storm, an Aura's storm with
    its one enchant target) is made."""
    assert storm_problems(cards.definition("Super Combo")) == ["storm copies of a spell with several targets"]
    assert storm_problems(cards.definition("Hatchery Sliver")) == []
    assert storm_problems(cards.definition("Stormscale Scion")) == []
    assert storm_problems(cards.definition("Krosan Adaptation")) == []


def test_plot_reads_a_mana_cost_only(cards):
    """Plot (a later keyword: Outlaws of Thunder Junction): the mana of its plot cost, for the special action."""
    assert plot_cost(cards.definition("Slickshot Show-Off")) == ("1", "R")
    assert plot_cost(cards.definition("Lightning Bolt")) is None


def test_copies_for_each_without_a_storm_keyword_are_checked_like_storm_706_10c(cards):
    """706.10c: "When you cast SELF, copy it for each time you've cast your commander ..." (Echo Storm: no storm-family
    keyword, the compiler's storm effect with record "copies") makes copies that may choose new targets. With one target
    slot they are made; the same sentence on a spell with two target slots would need new targets for each slot of each
    copy, which the engine does not do, so the card is refused as a storm card with several targets is."""
    echo = cards.definition("Echo Storm")
    assert storm_problems(echo) == []
    spell = next(a for a in echo.abilities if a.kind == "spell")
    wide = dataclasses.replace(echo, abilities=tuple(
        dataclasses.replace(a, targets=a.targets * 2) if a is spell else a for a in echo.abilities))
    assert storm_problems(wide) == ["storm copies of a spell with several targets"]
