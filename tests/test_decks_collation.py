"""Boosters of the real sets by their collation (engine/decks/collation.py), each rule over 1,000 packs,
and the bots' ratings (engine/decks/ratings.py) on real cards."""
from __future__ import annotations

import collections
import random

import pytest
from carddb_helpers import full_db  # noqa: F401  (fixture)

from engine.cards import printings
from engine.cards.printings_build import ARENA_SETS
from engine.decks.collation import COLLATIONS, MODERN, PLAIN_SETS, booster_slots, collation
from engine.decks.limited import Draft, make_booster, new_seed, sealed_pool, set_sheet
from engine.decks.ratings import rate_card

PACKS = 1000
SETS_2016 = ("DTK", "ORI", "BFZ", "OGW", "SOI", "EMN")
ARENA = ("XLN", "RIX", "DOM", "M19", "GRN", "RNA", "WAR", "M20")


@pytest.fixture(scope="module")
def packs(full_db):  # noqa: F811
    """1,000 boosters of each set the tests look at (opened once)."""
    out = {}
    for code in SETS_2016 + ARENA + ("M15", "ISD", "LEA", "MM2"):
        sheet = set_sheet(full_db, code)
        rng = random.Random(code)
        out[code] = (sheet, [make_booster(sheet, rng, code) for _ in range(PACKS)])
    return out


def _kind(sheet, card, kind):
    return kind in sheet.kinds.get(card.name, ())


@pytest.mark.parametrize("code", SETS_2016 + ARENA + ("M15", "ISD", "LEA", "MM2"))
def test_every_set_opens_full_packs_without_a_card_twice(packs, code):
    sheet, boosters = packs[code]
    size = 14 if code == "EMN" else 15                         # Eldritch Moon printed no basic land
    for b in boosters:
        assert len(b.cards) == size, (code, b.names())
        assert len(set(b.names())) == size
        basics = [c for c in b.cards if c.rarity == "basic"]
        assert len(basics) <= 1
        assert all(c.set_code == sheet.code for c in b.cards if c.number)


@pytest.mark.parametrize("code", SETS_2016 + ARENA + ("M15", "ISD"))
def test_one_rare_or_mythic_and_a_mythic_one_pack_in_eight(packs, code):
    sheet, boosters = packs[code]
    mythic = 0
    for b in boosters:
        top = [c for c in b.cards if c.rarity in ("rare", "mythic") and not c.foil]
        extra_dfc = [c for c in top if _kind(sheet, c, "dfc") and code in ("SOI", "EMN", "ISD")]
        assert len(top) - len(extra_dfc) == 1, b.names()
        mythic += top[0].rarity == "mythic"
    assert 0.085 < mythic / PACKS < 0.17, mythic                 # 1/8 = 0.125; 1,000 packs: +-0.03 is 3 sigma


@pytest.mark.parametrize("code", ("SOI", "EMN"))
def test_soi_and_emn_have_a_double_faced_slot(packs, code):
    sheet, boosters = packs[code]
    rare_dfc = 0
    for b in boosters:
        normal = [c for c in b.cards if not c.foil]
        dfc = [c for c in normal if _kind(sheet, c, "dfc")]
        low = [c for c in dfc if c.rarity in ("common", "uncommon")]
        assert len(low) == 1, b.names()                            # the double-faced slot, in every pack
        assert len(dfc) - len(low) <= 1
        rare_dfc += len(dfc) - len(low)
        # the double-faced card is in its slot, after the commons
        assert _kind(sheet, b.cards[-1 if code == "EMN" else -2], "dfc") or b.cards[-1 if code == "EMN" else -2].foil
    assert 0.085 < rare_dfc / PACKS < 0.17, rare_dfc              # a rare or mythic DFC about one pack in eight


@pytest.mark.parametrize("code", ("GRN", "RNA"))
def test_guilds_sets_put_a_guildgate_in_the_land_slot(packs, code):
    sheet, boosters = packs[code]
    gates = {c.name for c in sheet.sheet("common:guildgate")}
    assert len(gates) == 5
    for b in boosters:
        normal = [c for c in b.cards if not c.foil]
        assert sum(c.name in gates for c in normal) == 1, b.names()
        assert b.cards[-1].name in gates
        assert not any(c.rarity == "basic" for c in b.cards)


def test_war_has_exactly_one_planeswalker(packs):
    sheet, boosters = packs["WAR"]
    where = collections.Counter()
    for b in boosters:
        walkers = [c for c in b.cards if not c.foil and _kind(sheet, c, "planeswalker")]
        assert len(walkers) == 1, b.names()
        where[walkers[0].rarity] += 1
    assert where["uncommon"] > where["rare"] + where["mythic"] > 0


def test_dom_has_a_legendary_creature_in_every_pack(packs):
    sheet, boosters = packs["DOM"]
    for b in boosters:
        assert any(_kind(sheet, c, "legendary_creature") for c in b.cards if not c.foil), b.names()


@pytest.mark.parametrize("code", ("DTK", "SOI", "M19", "WAR"))
def test_a_foil_replaces_a_common_about_one_pack_in_six(packs, code):
    sheet, boosters = packs[code]
    foils = collections.Counter()
    for b in boosters:
        f = [c for c in b.cards if c.foil]
        assert len(f) <= 1
        if f:
            foils[f[0].rarity] += 1
            assert not any(c.rarity == "basic" and c.foil for c in b.cards)
        commons = [c for c in b.cards if c.rarity == "common" and not c.foil and not _kind(sheet, c, "dfc")
                   and not _kind(sheet, c, "guildgate")]
        if code == "SOI":     # eight commons, and a ninth unless a rare or mythic double-faced card took its place
            rare_dfc = any(_kind(sheet, c, "dfc") and c.rarity in ("rare", "mythic") and not c.foil for c in b.cards)
            assert len(commons) + len(f) == (8 if rare_dfc else 9), b.names()
        else:
            assert len(commons) + len(f) == 10, b.names()
    n = sum(foils.values())
    assert 0.13 < n / PACKS < 0.21, n                               # 1/6 = 0.167
    assert foils["common"] > foils["uncommon"] > foils["rare"] + foils["mythic"]


def test_masters_sets_have_a_foil_slot_in_every_pack(packs):
    _sheet, boosters = packs["MM2"]
    rarities = collections.Counter()
    for b in boosters:
        foils = [c for c in b.cards if c.foil]
        assert len(foils) == 1 and b.cards[-1].foil, b.names()     # the last slot, and only there
        rarities[foils[0].rarity] += 1
    assert rarities["common"] > rarities["uncommon"] > rarities["rare"] > rarities["mythic"] > 0


def _core_sets() -> list[str]:
    from engine.cards.printings import load
    return [s["code"] for s in load()["sets"] if s.get("type") == "core"] + ["M20"]


def test_every_core_set_opens(full_db):  # noqa: F811
    """Alpha to Core 2020: each opens packs of its printed layout, no card twice, one rare (or
    mythic), a mythic about one pack in eight once the set has mythics, no foil before foils existed."""
    codes = _core_sets()
    assert {"LEA", "4ED", "10E", "M10", "M15", "ORI", "M19", "M20"} <= set(codes) and len(codes) >= 20
    n = 400
    for code in codes:
        sheet = set_sheet(full_db, code)
        rng = random.Random(code)
        size = len(sheet.collation.slots)
        mythic = foils = 0
        for _ in range(n):
            b = make_booster(sheet, rng, code)
            assert len(b.cards) == size and len(set(b.names())) == size, (code, b.names())
            top = [c for c in b.cards if c.rarity in ("rare", "mythic") and not c.foil]
            assert len(top) == 1, (code, b.names())
            mythic += top[0].rarity == "mythic"
            foils += sum(c.foil for c in b.cards)
        if sheet.has_mythics:
            assert 0.07 < mythic / n < 0.19, (code, mythic)
        else:
            assert mythic == 0
        if code in ("LEA", "LEB", "2ED", "3ED", "4ED", "5ED"):
            assert foils == 0, code                       # printed before Urza's Legacy: no foils
        else:
            assert 0.1 < foils / n < 0.24, (code, foils)


def test_every_set_sold_in_boosters_opens(full_db):  # noqa: F811
    """booster_sets lists every set the data can open and no other: each listed set opens
    packs of its collation with no card twice; Duel Decks, Commander decks and sets the data
    lacks the rarities of are left out."""
    from engine.decks.limited import LimitedError, booster_sets
    listed = booster_sets(full_db)
    codes = [c for c, _n, _d in listed]
    assert set(SETS_2016 + ARENA) <= set(codes) and len(codes) >= 100
    assert codes.index("M20") < codes.index("SOI") < codes.index("DTK") < codes.index("LEA")   # newest first
    assert not {"DDC", "C16", "EVG", "TSB", "V15"} & set(codes)
    assert set(PLAIN_SETS) <= set(codes) and codes.index("ECL") < codes.index("ELD") < codes.index("M20")
    assert dict((c, n) for c, n, _d in listed)["SOI"] == "Shadows over Innistrad"
    for code in codes:
        sheet = set_sheet(full_db, code)
        rng = random.Random(code)
        for _ in range(20):
            b = make_booster(sheet, rng, code)
            assert len(b.cards) == len(sheet.collation.slots) and len(set(b.names())) == len(b.cards), code
    with pytest.raises(LimitedError, match="sets that open boosters: ECL, TLA, SPM"):
        set_sheet(full_db, "ZZZ")


def test_time_spiral_has_a_timeshifted_card_in_every_pack(full_db):  # noqa: F811
    sheet = set_sheet(full_db, "TSP")
    shifted = {c.name for c in sheet.sheet("@TSB")}
    assert len(shifted) == 121 and "Akroma, Angel of Wrath" in shifted
    rng = random.Random(6)
    seen = set()
    for _ in range(PACKS):
        b = make_booster(sheet, rng, "TSP")
        assert len(b.cards) == 15 and len(set(b.names())) == 15, b.names()
        purple = [c for c in b.cards if c.name in shifted]
        assert len(purple) == 1 and purple[0].rarity == "special" and purple[0].set_code == "TSB" and \
            b.cards[-1] is purple[0], b.names()                # the last slot, never taken by a foil
        assert sum(c.rarity in ("rare", "mythic") and not c.foil for c in b.cards) == 1
        seen.add(purple[0].name)
    assert len(seen) > 100                                      # every timeshifted card can come


def test_no_foils_in_sets_printed_before_urzas_legacy(full_db):  # noqa: F811
    from engine.cards.printings import released
    from engine.decks.collation import FOILS_SINCE
    for code, foiled in (("USG", False), ("MIR", False), ("ULG", True), ("UDS", True)):
        assert (released(code) >= FOILS_SINCE) is foiled
        sheet = set_sheet(full_db, code)
        rng = random.Random(4)
        foils = sum(c.foil for _ in range(PACKS) for c in make_booster(sheet, rng).cards)
        assert (foils > 0) is foiled, (code, foils)
    assert collation("USG", None, "1998-10-12").foil is False and collation("USG", None, "").foil is True


def test_collation_data_reads_the_printed_layouts():
    assert collation("DTK", None) is MODERN
    assert collation("SOI") is COLLATIONS["SOI"]
    lea = booster_slots(["rare"] + ["uncommon"] * 3 + ["common"] * 11)
    assert lea is not None and len(lea.slots) == 15 and lea.slots[0] == (("rare", 1.0),)
    isd = booster_slots([["rare", "mythic rare"]] + ["uncommon"] * 3 + ["common"] * 9 + [["land", "checklist"]]
                        + ["marketing", "double faced"])
    assert isd is not None and len(isd.slots) == 15 and any("dfc" in s[0][0] for s in isd.slots)
    assert booster_slots(None) is None and booster_slots(["marketing"]) is None


def test_sealed_and_draft_of_every_2016_set(full_db):  # noqa: F811
    for code in SETS_2016:
        _packs, pool = sealed_pool(full_db, code, seed=3)
        assert pool.main_count == (84 if code == "EMN" else 90)
    d = Draft.new(full_db, ["SOI", "SOI", "EMN"], seed=5, humans=())
    assert d.done and [len(p) for p in d.picks] == [44] * 8     # two packs of 15, one of 14
    mixed = Draft.new(full_db, ["RIX", "XLN", "XLN"], seed=1, humans=())
    assert mixed.done and {r.booster.split("-")[0] for r in mixed.log} == {"RIX", "XLN"}


def test_new_seeds_differ():
    seeds = {new_seed() for _ in range(20)}
    assert len(seeds) >= 19 and all(0 < s < 10**9 for s in seeds)


# -- ratings --------------------------------------------------------------------------------

def test_removal_outranks_a_vanilla_creature_of_the_same_rarity(full_db):  # noqa: F811
    for removal, rarity in (("Murder", "uncommon"), ("Lightning Strike", "common"), ("Luminous Bonds", "common"),
                            ("Dwindle", "common"), ("Pacifism", "common")):
        for vanilla in ("Grizzly Bears", "Colossal Dreadmaw", "Hill Giant"):
            assert rate_card(full_db.get(removal), rarity) > rate_card(full_db.get(vanilla), rarity), (removal, vanilla)
    # quality before rarity: a rare that does nothing on the board under common removal
    assert rate_card(full_db.get("Amulet of Safekeeping"), "rare") < rate_card(full_db.get("Murder"), "uncommon")
    assert rate_card(full_db.get("Amulet of Safekeeping"), "rare") < rate_card(full_db.get("Shock"), "common")


def test_the_documented_scale_holds_for_its_examples(full_db):  # noqa: F811
    """engine/decks/ratings.py's table: each example card in its band (colour-blind, common)."""
    bands = {(3.0, 9.0): ("Murder", "Doom Blade", "Pacifism", "Lightning Strike", "Flametongue Kavu"),
             (2.0, 3.0): ("Serra Angel", "Air Elemental", "Shock"),
             (1.4, 2.0): ("Grizzly Bears", "Hill Giant", "Cancel", "Divination", "Giant Growth"),
             (0.0, 1.3): ("Amulet of Safekeeping", "Mind Rot", "Ornithopter")}
    for (low, high), names in bands.items():
        for name in names:
            assert low <= rate_card(full_db.get(name), "common") < high, name
    # a creature that removes one rates above plain removal; evasion is worth the power it carries
    assert rate_card(full_db.get("Flametongue Kavu"), "common") > rate_card(full_db.get("Murder"), "common")
    assert rate_card(full_db.get("Ornithopter"), "common") < rate_card(full_db.get("Grizzly Bears"), "common")
    assert rate_card(full_db.get("Serra Angel"), "common") > rate_card(full_db.get("Colossal Dreadmaw"), "common")


@pytest.mark.parametrize("code", ("M19", "SOI", "DTK"))
def test_in_a_whole_set_every_common_kill_spell_beats_every_vanilla_common(full_db, code):  # noqa: F811
    sheet = set_sheet(full_db, code)
    kill, vanilla = [], []
    for c in sheet.by_rarity["common"]:
        card = full_db.get(c.name)
        text = (card.text or "").lower()
        if "destroy target creature" in text or "exile target creature" in text:
            kill.append(rate_card(card, "common"))
        elif "Creature" in card.types and not text.strip():
            vanilla.append(rate_card(card, "common"))
    assert kill, code
    if vanilla:
        assert min(kill) > max(vanilla)


def test_the_arena_sets_after_m20_are_the_sets_of_their_printings():
    assert set(PLAIN_SETS) == set(ARENA_SETS)
    for code in PLAIN_SETS:
        assert printings.booster_only(code) and printings.released(code) == ARENA_SETS[code], code
        assert COLLATIONS[code].slots == MODERN.slots and "not modelled" in COLLATIONS[code].note
    assert not printings.booster_only("SOI")


@pytest.mark.parametrize("code", PLAIN_SETS)
def test_every_arena_set_after_m20_opens_plain_boosters(full_db, code):  # noqa: F811
    """1,000 packs of each: fifteen cards, none twice, one rare or mythic (a mythic about one pack
    in eight), three uncommons, one basic land; every card of the set's list can be opened."""
    sheet = set_sheet(full_db, code)
    assert sheet.code == code
    listed = {name for name, _n, r in printings.load()["printings"][code]}
    in_sheets = {c.name.split(" // ")[0] for cards in sheet.by_rarity.values() for c in cards}
    assert in_sheets == listed, sorted(listed ^ in_sheets)[:5]     # none left out for its collector number
    rng = random.Random(code)
    mythic = 0
    for _ in range(PACKS):
        b = make_booster(sheet, rng, code)
        names = b.names()
        assert len(names) == 15 and len(set(names)) == 15, (code, names)
        top = [c for c in b.cards if c.rarity in ("rare", "mythic") and not c.foil]
        assert len(top) == 1, (code, names)
        mythic += top[0].rarity == "mythic"
        assert sum(c.rarity == "uncommon" and not c.foil for c in b.cards) == 3, (code, names)
        assert sum(c.rarity == "basic" for c in b.cards) == 1, (code, names)
    assert 0.085 < mythic / PACKS < 0.17, (code, mythic)
