"""Sealed boosters and drafts from set and rarity data (engine/decks/limited.py)."""
import collections
import pathlib

import pytest

from engine.decks import get_format, validate
from engine.decks.limited import Draft, LimitedError, make_booster, sealed_pool, set_sheet
from engine.decks.memorydb import MemoryCardDB, load_cards

FIX = pathlib.Path(__file__).resolve().parent / "fixtures" / "decks"
COLORS = "WUBRG"


def make_set_db() -> MemoryCardDB:
    """A set TST of 60 commons, 30 uncommons, 20 rares, 8 mythics and 5 basic lands, over the fixture cards."""
    db = load_cards(FIX / "cards.yaml")
    n = 0
    for rarity, count in (("common", 60), ("uncommon", 30), ("rare", 20), ("mythic", 8)):
        for i in range(count):
            n += 1
            col = COLORS[i % 5]
            creature = i % 3 != 0
            db.add(f"Test {rarity.title()} {i}", "Creature — Test" if creature else "Instant",
                   mana_cost="{%d}{%s}" % (i % 4, col), power="2" if creature else None,
                   toughness="2" if creature else None, printings=[f"TST {n} {rarity}"])
    for i, land in enumerate(("Plains", "Island", "Swamp", "Mountain", "Forest")):
        db.add(land, f"Basic Land — {land}", printings=[f"TST {200 + i} basic"])
    return db


@pytest.fixture(scope="module")
def db():
    return make_set_db()


def test_booster_has_the_printed_rarity_layout(db):
    import random
    sheet = set_sheet(db, "tst")
    b = make_booster(sheet, random.Random(3))
    rar = collections.Counter(c.rarity for c in b.cards if not c.foil)
    assert len(b.cards) == 15
    foils = sum(c.foil for c in b.cards)
    assert rar["common"] + foils == 10 and rar["uncommon"] == 3 and rar["basic"] == 1  # a foil replaces a common
    assert rar["rare"] + rar["mythic"] == 1
    assert len(set(b.names())) == 15                # no card twice in a booster
    assert all(c.set_code == "TST" for c in b.cards)


def test_a_mythic_about_one_booster_in_eight(db):
    import random
    sheet = set_sheet(db, "TST")
    rng = random.Random(11)
    n = 4000
    mythics = sum(any(c.rarity == "mythic" for c in make_booster(sheet, rng).cards) for _ in range(n))
    assert 0.10 < mythics / n < 0.15


def test_sealed_is_six_boosters_and_the_seed_repeats_it(db):
    packs, pool = sealed_pool(db, "TST", seed=42)
    assert len(packs) == 6 and pool.main_count == 90
    again, pool2 = sealed_pool(db, "TST", seed=42)
    assert [p.names() for p in packs] == [p.names() for p in again] and pool == pool2
    other, _ = sealed_pool(db, "TST", seed=43)
    assert [p.names() for p in packs] != [p.names() for p in other]
    assert "seed 42" in pool.name


def test_a_deck_built_from_a_sealed_pool_validates_as_limited(db):
    _, pool = sealed_pool(db, "TST", seed=5)
    nonbasic = [n for n in pool.main if "Test" in n][:22]
    from engine.decks import Deck
    deck = Deck(main={n: pool.main[n] for n in nonbasic})
    deck.add("Mountain", 40 - deck.main_count)
    assert validate(deck, get_format("limited"), db, pool=pool) == []
    deck.add("Test Mythic 0", 5)
    assert [p.rule for p in validate(deck, get_format("limited"), db, pool=pool)] == ["pool"]


def test_sets_without_rarity_data_say_so():
    fix = load_cards(FIX / "cards.yaml")
    with pytest.raises(LimitedError, match="no printings for set 'ZZZ'"):
        set_sheet(fix, "ZZZ")
    with pytest.raises(LimitedError, match="cannot make boosters.*10 common"):
        set_sheet(fix, "M19")


def test_draft_eight_seats_three_boosters_fifteen_picks_each(db):
    d = Draft.new(db, "TST", seed=7, humans=())
    assert d.done
    assert [len(p) for p in d.picks] == [45] * 8
    assert len(d.log) == 8 * 45
    pool = d.pool(0)
    assert pool.main_count == 45


def test_draft_passing_order_left_right_left(db):
    d = Draft.new(db, "TST", seed=9, humans=())
    by = {(r.round, r.pick, r.seat): r.booster for r in d.log}
    # round 1 passes left: seat 0's second pick comes from the booster seat 7 opened
    # (booster ids count seats from 1, as --seat and the screens do: seat 0 in code is "s1")
    assert by[(1, 1, 0)] == "TST-s1-r1" and by[(1, 2, 0)] == "TST-s8-r1" and by[(1, 3, 0)] == "TST-s7-r1"
    # round 2 passes right: from seat 1
    assert by[(2, 1, 0)] == "TST-s1-r2" and by[(2, 2, 0)] == "TST-s2-r2" and by[(2, 3, 0)] == "TST-s3-r2"
    # round 3 left again
    assert by[(3, 2, 0)] == "TST-s8-r3"
    # a booster goes round the table: the 9th pick of round 1 at seat 0 is from its own booster again
    assert by[(1, 9, 0)] == "TST-s1-r1"


def test_draft_waits_for_the_human_and_bots_pick_after(db):
    d = Draft.new(db, "TST", seed=3)
    pack = d.pack_for(0)
    assert pack is not None and len(pack.cards) == 15 and pack.id == "TST-s1-r1"
    assert all(len(p) == 0 for p in d.picks)        # nobody picked yet: the engine waits
    with pytest.raises(ValueError, match="is not in the pack"):
        d.pick(0, "Black Lotus")
    with pytest.raises(ValueError, match="no pick to make"):
        d.pick(1, pack.cards[0].name)
    first = pack.cards[-1].name
    d.pick(0, first)
    assert d.picks[0][0].name == first
    assert all(len(p) == 1 for p in d.picks)
    nxt = d.pack_for(0)
    assert nxt.id == "TST-s8-r1" and len(nxt.cards) == 14
    d.run_bots()
    assert d.done and d.pack_for(0) is None and len(d.picks[0]) == 45


def test_bots_take_the_best_rated_card_first_and_stay_in_their_colors(db):
    from engine.decks.ratings import rate_card
    d = Draft.new(db, "TST", seed=21, humans=())
    first_picks = [r for r in d.log if r.round == 1 and r.pick == 1]
    again = Draft.new(db, "TST", seed=21, humans=list(range(8)))
    for r in first_picks:
        pack = again.pack_for(r.seat)
        best = max(rate_card(db.get(c.name), c.rarity) for c in pack.cards)
        assert rate_card(db.get(r.name), next(c.rarity for c in pack.cards if c.name == r.name)) >= best - 0.011
    # later picks concentrate in two colours
    for seat in range(8):
        cols = collections.Counter()
        for c in d.picks[seat]:
            card = db.get(c.name)
            cols.update(card.colors)
        top2 = sum(n for _, n in cols.most_common(2))
        assert top2 >= 0.6 * sum(cols.values())


def test_draft_seed_repeats(db):
    a = Draft.new(db, "TST", seed=4, humans=())
    b = Draft.new(db, "TST", seed=4, humans=())
    assert [r.name for r in a.log] == [r.name for r in b.log]


def test_cards_numbered_after_the_basic_lands_are_not_in_boosters():
    db = make_set_db()
    db.add("Planeswalker Deck Exclusive", "Creature — Test", mana_cost="{R}", printings=["TST 250 rare"])
    sheet = set_sheet(db, "TST")
    assert "Planeswalker Deck Exclusive" not in [c.name for c in sheet.by_rarity["rare"]]
    assert len(sheet.by_rarity["rare"]) == 20
