"""Deck model, formats as data, and validation of every format rule (engine/decks)."""
import pathlib
import time

import pytest

from engine.decks import Deck, FormatError, Validator, get_format, is_legal, load_formats, validate
from engine.decks.format import format_from_dict
from engine.decks.memorydb import load_cards

FIX = pathlib.Path(__file__).resolve().parent / "fixtures" / "decks"


@pytest.fixture(scope="module")
def db():
    return load_cards(FIX / "cards.yaml")


def rules(problems):
    return sorted((p.rule, p.card) for p in problems)


def errors(problems):
    return [p for p in problems if p.is_error]


def red_deck(**extra) -> Deck:
    d = Deck(name="Red", main={"Shock": 4, "Lava Axe": 4, "Goblin Instigator": 4, "Viashino Pyromancer": 4,
                               "Mountain": 44})
    for k, v in extra.items():
        setattr(d, k, v)
    return d


# -- the model -------------------------------------------------------------------------

def test_deck_add_remove_counts_and_json_round_trip():
    d = Deck(name="x")
    d.add("Shock", 3)
    d.add("Shock")
    d.add("Duress", 2, sideboard=True)
    d.remove("Shock", 1)
    d.commander = "Krenko, Mob Boss"
    assert d.main == {"Shock": 3}
    assert d.sideboard == {"Duress": 2}
    assert d.main_count == 4 and d.sideboard_count == 2
    d.remove("Shock", 5)
    assert "Shock" not in d.main
    d.printings["Duress"] = ("M19", "94")
    back = Deck.from_json(d.to_json())
    assert back == d


# -- formats as data ------------------------------------------------------------------

def test_every_format_the_issue_names_ships():
    names = set(load_formats())
    assert {"casual", "standard-2016", "modern-2016", "legacy-2016", "vintage-2016", "commander",
            "standard-2019", "limited"} <= names
    std = get_format("standard-2016")
    assert std.legal_sets == frozenset({"DTK", "ORI", "BFZ", "OGW", "SOI", "W16"})
    assert get_format("standard-2019").legal_sets == frozenset({"XLN", "RIX", "DOM", "M19", "GRN", "RNA", "WAR",
                                                                "M20"})
    cmd = get_format("commander")
    assert (cmd.deck_min, cmd.deck_max, cmd.copy_limit, cmd.sideboard_max) == (100, 100, 1, 0)
    assert "Griselbrand" in cmd.banned and "Prophet of Kruphix" in cmd.banned
    assert "Eye of Ugin" in get_format("modern-2016").banned
    assert "Lodestone Golem" in get_format("vintage-2016").restricted


def test_unknown_format_lists_the_known_ones():
    with pytest.raises(FormatError, match="unknown format 'pauper'.*casual"):
        get_format("pauper")


@pytest.mark.parametrize("data, message", [
    ({"name": "x"}, "'description' is required"),
    ({"name": "x", "description": "d", "copy_limit": "four"}, "copy_limit"),
    ({"name": "x", "description": "d", "banned": "Black Lotus"}, "list of card names"),
    ({"name": "x", "description": "d", "colour": 1}, "unknown keys colour"),
])
def test_malformed_format_data_is_refused(data, message):
    with pytest.raises(FormatError, match=message):
        format_from_dict(data, "x.yaml")


def test_a_user_format_file_is_read_from_an_extra_folder(tmp_path, db):
    (tmp_path / "pauperish.yaml").write_text(
        "name: pauperish\ndescription: tiny\ndeck: {min: 2}\ncopy_limit: 1\nbanned: [Shock]\n")
    fmt = get_format("pauperish", [tmp_path])
    problems = validate(Deck(main={"Shock": 2, "Murder": 1}), fmt, db)
    assert rules(problems) == [("banned", "Shock"), ("copy-limit", "Shock")]


# -- casual: size, copies, basics, "any number" ---------------------------------------------

def test_a_legal_casual_deck_has_no_problems(db):
    assert validate(red_deck(), get_format("casual"), db) == []


def test_deck_size_and_sideboard_size(db):
    d = red_deck()
    d.remove("Mountain", 1)
    d.sideboard = {"Duress": 4, "Murder": 4, "Opt": 4, "Counterspell": 4}
    problems = validate(d, get_format("casual"), db)
    assert rules(problems) == [("deck-size", None), ("sideboard-size", None)]
    msgs = " | ".join(p.message for p in problems)
    assert "59 cards" in msgs and "at least 60" in msgs
    assert "sideboard has 16 cards" in msgs and "at most 15" in msgs


def test_copy_limit_counts_main_and_sideboard_and_names_the_card(db):
    d = red_deck()
    d.sideboard = {"Shock": 1}
    problems = validate(d, get_format("casual"), db)
    assert rules(problems) == [("copy-limit", "Shock")]
    assert "5 copies of Shock" in problems[0].message


def test_basic_lands_are_exempt_but_not_other_lands(db):
    d = Deck(main={"Mountain": 30, "Forest": 26, "Wastes": 4})
    assert validate(d, get_format("casual"), db) == []
    d.main["Eye of Ugin"] = 5
    assert rules(validate(d, get_format("casual"), db)) == [("copy-limit", "Eye of Ugin")]


def test_cards_that_say_any_number_or_up_to_seven(db):
    d = Deck(main={"Relentless Rats": 20, "Seven Dwarves": 7, "Swamp": 33})
    assert validate(d, get_format("casual"), db) == []
    d.main["Seven Dwarves"] = 8
    problems = validate(d, get_format("casual"), db)
    assert rules(problems) == [("copy-limit", "Seven Dwarves")]
    assert "at most 7" in problems[0].message


def test_split_card_face_names_count_as_the_same_card(db):
    d = red_deck()
    d.main["Mountain"] -= 5
    d.main["Fire"] = 3
    d.main["Fire // Ice"] = 2
    problems = validate(d, get_format("casual"), db)
    assert rules(problems) == [("copy-limit", "Fire // Ice")]


def test_unknown_card_is_reported_with_near_names(db):
    d = red_deck()
    d.main["Lightening Bolt"] = 1
    problems = validate(d, get_format("casual"), db)
    assert rules(problems) == [("unknown-card", "Lightening Bolt")]
    assert "did you mean Lightning Bolt" in problems[0].message


# -- banned, restricted, banned types ------------------------------------------------------

def test_vintage_restricts_and_bans_conspiracies(db):
    fmt = get_format("vintage-2016")
    d = red_deck()
    d.main["Mountain"] -= 3
    d.main["Black Lotus"] = 1
    d.main["Brainstorm"] = 2
    problems = errors(validate(d, fmt, db))
    assert rules(problems) == [("restricted", "Brainstorm")]
    assert "Brainstorm is restricted in Vintage (April 8, 2016)" in problems[0].message
    d.main["Backup Plan"] = 1
    problems = errors(validate(d, fmt, db))
    assert ("banned", "Backup Plan") in rules(problems)
    assert "Conspiracy cards are banned" in " ".join(p.message for p in problems)


def test_legacy_and_modern_banned_lists(db):
    d = red_deck()
    d.main["Mountain"] -= 2
    d.main.update({"Black Lotus": 1, "Ponder": 1})
    assert rules(errors(validate(d, get_format("legacy-2016"), db))) == [("banned", "Black Lotus")]
    d.main["Mountain"] -= 1
    d.main["Eye of Ugin"] = 1
    modern = rules(errors(validate(d, get_format("modern-2016"), db)))
    assert ("banned", "Ponder") in modern and ("banned", "Eye of Ugin") in modern


# -- set legality ---------------------------------------------------------------------------

@pytest.fixture()
def db2019():
    """The fixture cards, plus printings in every Standard 2019 set so the data decides."""
    d = load_cards(FIX / "cards.yaml")
    d.add("Filler", "Instant", printings=["RIX 1 common", "GRN 1 common", "RNA 1 common", "WAR 1 common"])
    return d


def test_standard_2019_checks_sets_bans_and_rat_colony(db2019):
    fmt = get_format("standard-2019")
    d = Deck(main={"Shock": 4, "Rat Colony": 20, "Murder": 4, "Swamp": 16, "Mountain": 16})
    assert validate(d, fmt, db2019) == []
    d.main["Lightning Bolt"] = 4
    d.main["Rampaging Ferocidon"] = 1
    problems = validate(d, fmt, db2019)
    assert rules(problems) == [("banned", "Rampaging Ferocidon"), ("set-legality", "Lightning Bolt")]
    bolt = [p for p in problems if p.card == "Lightning Bolt"][0]
    assert "printed in LEA, M10" in bolt.message


def test_set_legality_says_plainly_when_the_data_cannot_tell(db):
    fmt = get_format("standard-2016")
    problems = validate(red_deck(), fmt, db)
    assert [p.rule for p in problems] == ["unknown-legality"]
    p = problems[0]
    assert p.severity == "warning" and is_legal(problems)
    assert "no printings for" in p.message and "DTK" in p.message and "Shock" in p.message
    assert "Mountain" not in p.message   # basic lands are legal everywhere


# -- commander --------------------------------------------------------------------------------

def krenko_deck() -> Deck:
    return Deck(commander="Krenko, Mob Boss", main={"Mountain": 97, "Shock": 1, "Sol Ring": 1})


def test_a_legal_commander_deck(db):
    problems = validate(krenko_deck(), get_format("commander"), db)
    assert errors(problems) == []


def test_commander_singleton_identity_size_bans_and_sideboard(db):
    d = krenko_deck()
    d.main["Shock"] = 2
    d.main["Counterspell"] = 1
    d.main["Griselbrand"] = 1
    d.sideboard = {"Lava Axe": 1}
    problems = errors(validate(d, get_format("commander"), db))
    assert rules(problems) == [("banned", "Griselbrand"), ("color-identity", "Counterspell"),
                               ("color-identity", "Griselbrand"), ("copy-limit", "Shock"),
                               ("deck-size", None), ("sideboard-size", None)]
    text = {p.card: p.message for p in problems}
    assert "singleton" in text["Shock"]
    assert text["Counterspell"] == "Counterspell (U) is outside the color identity of Krenko, Mob Boss (R)."
    assert "has no sideboard" in text[None] or any("no sideboard" in p.message for p in problems)


def test_commander_must_be_there_and_eligible(db):
    d = krenko_deck()
    d.commander = None
    d.main["Mountain"] += 1
    assert rules(errors(validate(d, get_format("commander"), db))) == [("commander", None)]
    d.main["Mountain"] -= 1
    d.commander = "Sword of Fire and Ice"
    problems = errors(validate(d, get_format("commander"), db))
    assert ("commander", "Sword of Fire and Ice") in rules(problems)
    d.commander = "Daretti, Scrap Savant"      # "can be your commander"
    assert errors(validate(d, get_format("commander"), db)) == []


def test_a_commander_in_a_format_without_one(db):
    d = red_deck(commander="Krenko, Mob Boss")
    assert rules(validate(d, get_format("casual"), db)) == [("commander", "Krenko, Mob Boss")]


# -- limited pools ---------------------------------------------------------------------------

def test_limited_deck_comes_from_the_pool_plus_basics(db):
    fmt = get_format("limited")
    pool = Deck(main={"Shock": 2, "Lava Axe": 1, "Goblin Instigator": 3, "Murder": 1, "Opt": 2})
    d = Deck(main={"Shock": 2, "Goblin Instigator": 3, "Mountain": 35}, sideboard={"Lava Axe": 1, "Opt": 2})
    assert validate(d, fmt, db, pool=pool) == []
    d.main["Shock"] = 3
    d.main["Counterspell"] = 1
    d.main["Mountain"] -= 3
    problems = validate(d, fmt, db, pool=pool)
    assert rules(problems) == [("deck-size", None), ("pool", "Counterspell"), ("pool", "Shock")]
    text = {p.card: p.message for p in problems}
    assert text["Shock"] == "The deck uses 3 Shock and the pool has 2."
    assert text["Counterspell"] == "Counterspell is not in the pool."
    assert "at least 40" in text[None]


def test_limited_without_a_pool_says_so(db):
    problems = validate(Deck(main={"Mountain": 40}), get_format("limited"), db)
    assert rules(problems) == [("pool", None)]


# -- every problem at once, and speed -------------------------------------------------------

def test_validation_returns_every_problem_not_the_first(db):
    d = Deck(main={"Shock": 9, "Lava Axe": 5, "Nope Card": 1})
    assert len(validate(d, get_format("casual"), db)) == 4


def test_a_100_card_deck_validates_in_under_20_ms(db):
    v = Validator(db, get_format("commander"))
    d = krenko_deck()
    v.validate(d)
    t = time.perf_counter()
    for _ in range(10):
        v.validate(d)
    assert (time.perf_counter() - t) / 10 < 0.020


def test_a_card_with_no_printing_in_a_decisive_set_based_format(db2019):
    d = Deck(main={"Shock": 4, "Seven Dwarves": 1, "Mountain": 55})
    [p] = validate(d, get_format("standard-2019"), db2019)
    assert (p.rule, p.card) == ("set-legality", "Seven Dwarves")
    assert p.message.endswith("printed in none of its sets (DOM, GRN, M19, M20, RIX, RNA, WAR, XLN).")


# -- two commanders (a later rule: Partner) ------------------------------------------------------

def partner_deck(first: str, second: str, **main: int) -> Deck:
    cards = main or {"Forest": 49, "Island": 49}
    return Deck(commander=first, partner=second, main=dict(cards))


def test_two_partners_lead_one_deck_of_100_with_both_identities(db):
    d = partner_deck("Thrasios, Triton Hero", "Ravos, Soultender", Forest=24, Island=24, Plains=25, Swamp=25)
    assert d.main_count == 100 and d.commanders == ["Thrasios, Triton Hero", "Ravos, Soultender"]
    assert errors(validate(d, get_format("commander"), db)) == []
    d.main["Swamp"] -= 1
    d.main["Mountain"] = 1               # red is in neither identity (903.5c)
    problems = errors(validate(d, get_format("commander"), db))
    assert rules(problems) == [("color-identity", "Mountain")]
    assert "Thrasios, Triton Hero and Ravos, Soultender (WUBG)" in problems[0].message


def test_partner_with_names_each_other_and_no_one_else(db):
    assert errors(validate(partner_deck("Pir, Imaginative Rascal", "Toothy, Imaginary Friend"),
                           get_format("commander"), db)) == []
    problems = errors(validate(partner_deck("Pir, Imaginative Rascal", "Thrasios, Triton Hero"),
                               get_format("commander"), db))
    assert rules(problems) == [("commander", "Thrasios, Triton Hero")]
    assert "cannot be commanders together" in problems[0].message


def test_a_commander_without_partner_takes_no_second(db):
    problems = errors(validate(partner_deck("Krenko, Mob Boss", "Thrasios, Triton Hero", Mountain=48, Forest=25,
                                            Island=25), get_format("commander"), db))
    assert [p.rule for p in problems] == ["commander"]
    assert "Krenko, Mob Boss and Thrasios, Triton Hero cannot be commanders together" in problems[0].message


def test_two_commanders_in_a_format_without_one_are_two_problems(db):
    d = red_deck(commander="Thrasios, Triton Hero", partner="Ravos, Soultender")
    assert rules(validate(d, get_format("casual"), db)) == [("commander", "Ravos, Soultender"),
                                                          ("commander", "Thrasios, Triton Hero")]


def test_the_partner_survives_json():
    d = Deck(commander="Thrasios, Triton Hero", partner="Ravos, Soultender", main={"Island": 98})
    back = Deck.from_json(d.to_json())
    assert back == d and back.leader() == ["Thrasios, Triton Hero", "Ravos, Soultender"]
    assert Deck(commander="Krenko, Mob Boss").leader() == "Krenko, Mob Boss" and Deck().leader() is None
