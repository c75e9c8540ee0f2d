"""Deck files: plain text, MTG Arena, MTGO .dek, Cockatrice .cod (engine/decks/files.py)."""
import pathlib

import pytest

from engine.decks import Deck
from engine.decks.files import (DeckFileError, detect_kind, dumps, parse, read_deck, resolve, write_deck)
from engine.decks.memorydb import load_cards

FIX = pathlib.Path(__file__).resolve().parent / "fixtures" / "decks"
RED_MAIN = {"Shock": 4, "Lava Axe": 4, "Goblin Instigator": 4, "Viashino Pyromancer": 4, "Mountain": 44}


@pytest.fixture(scope="module")
def db():
    return load_cards(FIX / "cards.yaml")


# -- reading each kind -------------------------------------------------------------------------

def test_plain_text_with_x_counts_sideboard_header_sb_lines_and_comments(db):
    d = read_deck(FIX / "red.txt", db)
    assert d.name == "Red Deck Wins"
    assert d.main == RED_MAIN
    assert d.sideboard == {"Duress": 2, "Murder": 1}
    assert d.comments == "A mono-red list for the tests."
    assert d.lines["Lava Axe"] == 4 and d.lines["Murder"] == 11


def test_mtgo_text_export_blank_line_starts_the_sideboard(db):
    d = read_deck(FIX / "mtgo.txt", db)
    assert d.main == RED_MAIN and d.sideboard == {"Murder": 3}
    assert d.name == "mtgo"          # no name in the file: the file's name


def test_arena_export_keeps_printings_and_name(db):
    d = read_deck(FIX / "arena.txt", db)
    assert detect_kind((FIX / "arena.txt").read_text()) == "arena"
    assert d.name == "Arena Red"
    assert d.main == RED_MAIN and d.sideboard == {"Duress": 2}
    assert d.printings["Shock"] == ("M19", "156")
    assert d.printings["Duress"] == ("M19", "94")


def test_commander_section(db):
    d = read_deck(FIX / "krenko.txt", db)
    assert d.commander == "Krenko, Mob Boss"
    assert d.main == {"Mountain": 97, "Shock": 1, "Sol Ring": 1} and d.main_count == 100


def test_mtgo_dek_with_catids_and_split_card_names(db):
    d = read_deck(FIX / "red.dek", db)
    assert detect_kind((FIX / "red.dek").read_bytes()) == "dek"
    assert d.main["Fire // Ice"] == 2 and d.main["Mountain"] == 42
    assert d.sideboard == {"Duress": 2}
    assert d.catids["Shock"] == "68442"


def test_cockatrice_cod_with_name_comments_printings_and_tokens_ignored(db):
    d = read_deck(FIX / "red.cod", db)
    assert detect_kind((FIX / "red.cod").read_bytes()) == "cod"
    assert d.name == "Cockatrice Red" and d.comments == "Burn & more"
    assert d.main == RED_MAIN and d.sideboard == {"Duress": 2}
    assert d.printings == {"Shock": ("M19", "156")}


def test_names_are_canonicalised_by_the_card_database(db):
    d = resolve(parse("3 lightning bolt\n2 Fire\n1 Aether Vial\n", "text"), db)
    assert d.main == {"Lightning Bolt": 3, "Fire // Ice": 2, "Æther Vial": 1}


def test_text_reader_accepts_site_variants():
    d = parse("Deck:\n4 Shock (M19) 156 *F*\nLava Axe\n\nSideboard (2)\n2X Duress\n", "text")
    assert d.main == {"Shock": 4, "Lava Axe": 1} and d.sideboard == {"Duress": 2}
    assert d.printings["Shock"] == ("M19", "156")
    d = parse("// a comment\n4 Fire // Ice\nCompanion\n1 Shock\n", "text")
    assert d.main == {"Fire // Ice": 4} and d.companion == "Shock" and d.comments == "a comment"


# -- errors: file, line, what, near names; nothing half-imported -------------------------------

def test_unknown_cards_name_file_line_and_near_names(db, tmp_path):
    f = tmp_path / "bad.txt"
    f.write_text("4 Shock\n4 Lightening Bolt\n20 Mountain\n1 Zzzzqqq\n")
    with pytest.raises(DeckFileError) as ei:
        read_deck(f, db)
    lines = ei.value.lines()
    assert lines[0] == f"{f}:2: unknown card 'Lightening Bolt'; did you mean Lightning Bolt?"
    assert lines[1] == f"{f}:4: unknown card 'Zzzzqqq'"
    assert len(lines) == 2


@pytest.mark.parametrize("content, line, what", [
    ("4 Shock\n0 Lava Axe\n", 2, "bad count 0"),
    ("4 Shock\n\n4\n", 3, "expected a count and a card name"),
    ("Commander\n1 Krenko, Mob Boss\n1 Shock\n1 Lava Axe\n", 4, "one commander or two partners"),
    ("Commander\n2 Krenko, Mob Boss\n", 2, "one commander or two partners"),
    ("4 Shock\n1000 Mountain\n", 2, "bad count 1000"),
])
def test_malformed_text_lines(tmp_path, content, line, what):
    f = tmp_path / "deck.txt"
    f.write_text(content)
    with pytest.raises(DeckFileError) as ei:
        read_deck(f)
    assert ei.value.errors[0].line == line
    assert what in ei.value.errors[0].message
    assert str(ei.value).startswith(f"{f}:{line}: ")


def test_binary_and_non_utf8_and_empty_files(tmp_path):
    (tmp_path / "a.txt").write_bytes(b"4 Shock\n\xff\xfe junk\n")
    with pytest.raises(DeckFileError, match=r"a.txt:2: the file is not UTF-8"):
        read_deck(tmp_path / "a.txt")
    (tmp_path / "b.txt").write_text("# nothing\n\n")
    with pytest.raises(DeckFileError, match="holds no cards"):
        read_deck(tmp_path / "b.txt")
    with pytest.raises(DeckFileError, match="missing.txt"):
        read_deck(tmp_path / "missing.txt")


@pytest.mark.parametrize("kind, content, line, what", [
    ("dek", '<Deck>\n  <Cards Quantity="4" Sideboard="false" Name="Shock" />\n  <Cards Quantity="x" Name="Duress"/>\n'
            '</Deck>', 3, "bad quantity 'x' for Duress"),
    ("dek", '<Deck>\n  <Cards Quantity="4" />\n</Deck>', 2, "without a Name"),
    ("dek", '<Deck>\n  <Cards Quantity="4" Name="Shock">\n</Deck>', 3, "malformed XML"),
    ("dek", '<Foo/>', 1, "<Deck> root, not <Foo>"),
    ("cod", '<cockatrice_deck>\n<zone name="main">\n<card number="-1" name="Shock"/>\n</zone>\n</cockatrice_deck>',
     3, "bad quantity -1"),
    ("cod", '<Deck/>', 1, "<cockatrice_deck> root"),
])
def test_malformed_xml_files(tmp_path, kind, content, line, what):
    f = tmp_path / f"deck.{kind}"
    f.write_text(content)
    with pytest.raises(DeckFileError) as ei:
        read_deck(f)
    err = ei.value.errors[0]
    assert (err.line, what in err.message) == (line, True), err


@pytest.mark.parametrize("payload", [
    # billion laughs
    '<?xml version="1.0"?>\n<!DOCTYPE lolz [\n <!ENTITY lol "lol">\n <!ENTITY lol2 "&lol;&lol;&lol;&lol;">\n]>\n'
    '<Deck><Cards Quantity="1" Name="&lol2;"/></Deck>',
    # external entity (XXE)
    '<?xml version="1.0"?>\n<!DOCTYPE d [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n'
    '<cockatrice_deck><deckname>&xxe;</deckname></cockatrice_deck>',
])
def test_xml_with_a_dtd_or_entities_is_refused(tmp_path, payload):
    f = tmp_path / "evil.dek"
    f.write_text(payload)
    with pytest.raises(DeckFileError) as ei:
        read_deck(f)
    assert "DTD" in str(ei.value) and ei.value.errors[0].line == 2
    assert "root:" not in str(ei.value)


# -- round trips and export ------------------------------------------------------------------

def full_deck() -> Deck:
    return Deck(name="Round & <Trip>", comments="line one\nline two", commander="Krenko, Mob Boss",
                main={"Shock": 1, "Fire // Ice": 1, "Mountain": 97},
                sideboard={"Duress": 2}, printings={"Shock": ("M19", "156"), "Mountain": ("M20", "272")},
                catids={"Shock": "68442"})


@pytest.mark.parametrize("kind, kept", [
    ("text", {"name", "comments", "commander", "main", "sideboard"}),
    ("arena", {"name", "commander", "main", "sideboard", "printings"}),
    ("dek", {"commander", "main", "sideboard", "catids"}),
    ("cod", {"name", "comments", "commander", "main", "sideboard", "printings"}),
])
def test_round_trip_keeps_what_each_format_can_hold(db, tmp_path, kind, kept):
    d = full_deck()
    ext = {"text": ".txt", "arena": ".arena.txt", "dek": ".dek", "cod": ".cod"}[kind]
    f = tmp_path / f"deck{ext}"
    assert write_deck(d, f) == kind
    back = read_deck(f, db)
    for attr in kept:
        assert getattr(back, attr) == getattr(d, attr), attr


@pytest.mark.parametrize("kind", ["text", "arena", "dek", "cod"])
def test_two_partners_round_trip_in_every_format(db, tmp_path, kind):
    d = Deck(name="Pair", commander="Thrasios, Triton Hero", partner="Ravos, Soultender",
             main={"Island": 49, "Plains": 49})
    f = tmp_path / f"pair{ {'text': '.txt', 'arena': '.arena.txt', 'dek': '.dek', 'cod': '.cod'}[kind]}"
    write_deck(d, f)
    back = read_deck(f, db)
    assert back.commanders == ["Thrasios, Triton Hero", "Ravos, Soultender"] and back.main == d.main


def test_a_commander_section_of_two_reads_as_partners(db, tmp_path):
    f = tmp_path / "pair.txt"
    f.write_text("Commander\n1 thrasios, triton hero\n1 Ravos, Soultender\n\nDeck\n98 Island\n")
    d = read_deck(f, db)
    assert (d.commander, d.partner, d.main_count) == ("Thrasios, Triton Hero", "Ravos, Soultender", 100)


def test_arena_export_lines():
    d = Deck(name="A", main={"Shock": 4, "Lava Axe": 2}, sideboard={"Duress": 1},
             printings={"Shock": ("M19", "156")})
    assert dumps(d, "arena") == "About\nName A\n\nDeck\n4 Shock (M19) 156\n2 Lava Axe\n\nSideboard\n1 Duress\n"


def test_dek_export_writes_split_cards_as_mtgo_does():
    out = dumps(Deck(main={"Fire // Ice": 2}), "dek")
    assert 'Name="Fire/Ice"' in out and 'Quantity="2"' in out


# -- limits and atomic writes ----------------------------------------------------------------

def test_a_negative_count_is_a_bad_count_with_its_line():
    with pytest.raises(DeckFileError) as e:
        parse("4 Shock\n-3 Lightning Bolt\n", "text", "neg.txt")
    assert e.value.lines() == ["neg.txt:2: bad count -3 for Lightning Bolt: a count is 1 to 999"]


def test_a_deck_has_a_size_limit_as_a_whole():
    from engine.decks.files import MAX_CARDS
    assert MAX_CARDS == 10_000
    parse("1 Mountain\n" * MAX_CARDS, "text")                               # at the limit: fine
    with pytest.raises(DeckFileError) as e:
        parse("1 Mountain\n" * 700_000, "text", "big.txt")
    assert e.value.lines() == [f"big.txt:{MAX_CARDS + 1}: the deck passes {MAX_CARDS} cards here; "
                               f"a deck has at most {MAX_CARDS}"]
    cards = "".join(f'<Cards CatID="1" Quantity="999" Sideboard="false" Name="Mountain"/>' for _ in range(11))
    with pytest.raises(DeckFileError) as e:
        parse(f'<?xml version="1.0"?><Deck>{cards}</Deck>', "dek", "big.dek")
    assert e.value.lines() == ["big.dek: the deck has 10989 cards; a deck has at most 10000"]


def test_write_deck_is_atomic_and_a_failure_is_one_line(tmp_path, db):
    from engine.atomicfile import WriteError
    d = read_deck(FIX / "red.txt", db)
    out = tmp_path / "red.dek"
    write_deck(d, out)
    old = out.read_bytes()
    (tmp_path / "dir.txt").mkdir()
    with pytest.raises(WriteError) as e:
        write_deck(d, tmp_path / "dir.txt")
    assert str(e.value) == f"could not write {tmp_path / 'dir.txt'}: Is a directory"
    assert out.read_bytes() == old
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dir.txt", "red.dek"]
