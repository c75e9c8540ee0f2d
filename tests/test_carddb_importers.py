"""Streamed importers (engine.cards.importers): every format, compression, and every error path."""
from __future__ import annotations

import bz2
import gzip
import hashlib
import io
import json
import lzma
import tracemalloc
import zipfile

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carddb_helpers import FIXTURES
from engine.cards.data import Printing as P
from engine.cards.db import CardDatabase, build_db
from engine.cards.importers import CardFileError, JsonReader


def build(tmp_path, source, name="cards.sqlite3"):
    path = tmp_path / name
    stats = build_db(path, source)
    return CardDatabase(path), stats


# -- formats -------------------------------------------------------------------------------

def test_atomic_cards(tmp_path):
    db, stats = build(tmp_path, FIXTURES / "AtomicCards.json")
    assert stats.cards == 9 and stats.faces == 11
    fire = db.get("fire // ice")
    assert [f["name"] for f in fire.faces] == ["Fire", "Ice"]
    assert fire.mana_value == 4 and fire.colors == ("U", "R")          # split: both halves
    delver = db.get("Insectile Aberration")
    assert delver.name == "Delver of Secrets // Insectile Aberration"
    assert delver.faces[1]["colors"] == ("U",) and delver.faces[1]["power"] == "3"   # color indicator
    assert delver.faces[1]["mana_value"] == 1                           # back face: the front's mana value
    assert db.get("jotun grunt").name == "Jötun Grunt"
    assert db.get("Channel").legalities == {"vintage": "restricted", "legacy": "banned", "commander": "banned"}
    assert db.get("Teferi, Hero of Dominaria").loyalty == "4"
    assert [p.set_code for p in db.printings("Lightning Bolt")] == ["LEA", "M10", "M11"]
    assert db.meta()["format"] == "AtomicCards"


def test_all_printings(tmp_path):
    db, stats = build(tmp_path, FIXTURES / "AllPrintings.json")
    assert stats.cards == 7 and stats.sets == 4 and stats.printings == 9
    assert db.printings("Lightning Bolt") == [
        P("LEA", "Limited Edition Alpha", "161", "common"), P("M19", "Core Set 2019", "999", "common")]
    assert db.printings("Fire // Ice") == [P("APC", "Apocalypse", "128a", "uncommon")]    # one per card, not face
    assert [s.code for s in db.sets()] == ["LEA", "APC", "DOM", "M19"]                    # by release date
    assert db.sets()[0].card_count == 4 and db.sets()[0].released == "1993-08-05"
    assert [c.name for c in db.cards_in_set("dom")] == ["Serra Angel", "Teferi, Hero of Dominaria"]
    assert db.cards_in_set("DOM")[1].printing.rarity == "mythic"
    assert "Knight" not in db                                           # tokens are skipped
    assert db.get("Serra Angel").legalities["standard"] == "legal"
    assert db.meta()["format"] == "AllPrintings"


def test_scryfall_oracle_cards(tmp_path):
    db, stats = build(tmp_path, FIXTURES / "scryfall-oracle-cards.json")
    assert stats.cards == 6                                             # the token is skipped
    assert "Goblin" not in db
    b = db.get("Petty Theft")
    assert b.name == "Brazen Borrower // Petty Theft" and b.layout == "adventure"
    assert b.mana_cost == "{1}{U}{U}" and b.mana_value == 3 and b.power == "3"
    assert db.get("aether vial").name == "Æther Vial"
    assert db.get("Tarmogoyf").power == "*" and db.get("Tarmogoyf").toughness == "1+*"
    assert db.get("Lightning Bolt").legalities["modern"] == "legal"
    assert "standard" not in db.get("Lightning Bolt").legalities      # not_legal is left out
    assert db.printings("Brazen Borrower") == [P("ELD", "Throne of Eldraine", "39", "mythic")]
    assert db.meta()["format"] == "Scryfall"


def test_scryfall_default_cards(tmp_path):
    db, stats = build(tmp_path, FIXTURES / "scryfall-default-cards.json")
    assert stats.cards == 5
    assert "Bruna, the Fading Light" in db and "Brisela, Voice of Nightmares" not in db    # a melded face
    assert [p.set_code for p in db.printings("Lightning Bolt")] == ["LEA", "M10", "2XM"]
    assert [p.set_code for p in db.printings("tarmogoyf")] == ["FUT", "MM3"]
    assert db.printings("tarmogoyf")[1].rarity == "mythic"
    assert db.search_names("s:2xm") == ["Lightning Bolt"]
    assert db.search_names("r:mythic") == ["Tarmogoyf"]


def test_scryfall_api_list_object(tmp_path):
    cards = json.loads((FIXTURES / "scryfall-oracle-cards.json").read_text())
    f = tmp_path / "list.json"
    f.write_text(json.dumps({"object": "list", "has_more": False, "total_cards": len(cards), "data": cards}))
    db, stats = build(tmp_path, f)
    assert stats.cards == 6


def test_mtgjson_card_list_like_the_corpus(tmp_path):
    recs = [
        {"name": "Delver of Secrets // Insectile Aberration", "manaCost": "{U}", "type": "Creature — Human Wizard",
         "types": ["Creature"], "subtypes": ["Human", "Wizard"], "supertypes": [], "power": "1", "toughness": "1",
         "text": "...", "layout": "transform", "colorIdentity": ["U"], "back": "Insectile Aberration"},
        {"name": "Insectile Aberration", "manaCost": None, "type": "Creature — Human Insect", "types": ["Creature"],
         "subtypes": ["Human", "Insect"], "supertypes": [], "power": "3", "toughness": "2", "text": "Flying",
         "layout": "transform", "colorIdentity": ["U"], "face": "back", "front": "Delver of Secrets"},
        {"name": "Grizzly Bears", "manaCost": "{1}{G}", "type": "Creature — Bear", "types": ["Creature"],
         "subtypes": ["Bear"], "supertypes": [], "power": "2", "toughness": "2", "text": None, "layout": "normal",
         "colorIdentity": ["G"]},
    ]
    f = tmp_path / "corpus.json"
    f.write_text(json.dumps(recs))
    db, stats = build(tmp_path, f)
    assert db.names() == ["Delver of Secrets // Insectile Aberration", "Grizzly Bears"]
    assert stats.faces == 3
    assert db.get("insectile aberration").faces[1]["text"] == "Flying"


@pytest.mark.parametrize("kind", ["gz", "bz2", "xz", "zip"])
def test_compressed_files(tmp_path, kind):
    raw = (FIXTURES / "scryfall-oracle-cards.json").read_bytes()
    f = tmp_path / f"oracle.json.{kind}"
    if kind == "gz":
        f.write_bytes(gzip.compress(raw))
    elif kind == "bz2":
        f.write_bytes(bz2.compress(raw))
    elif kind == "xz":
        f.write_bytes(lzma.compress(raw))
    else:
        with zipfile.ZipFile(f, "w") as z:
            z.writestr("README.txt", "hello")
            z.writestr("oracle-cards.json", raw)
    db, stats = build(tmp_path, f)
    assert stats.cards == 6


def test_progress_is_reported(tmp_path):
    seen = []
    build_db(tmp_path / "c.sqlite3", FIXTURES / "AllPrintings.json", progress=lambda m, f: seen.append((m, f)))
    assert ("reading AllPrintings", 1.0) in seen and seen[-1] == ("done", 1.0)
    assert any(m == "indexing" for m, _ in seen)


# -- errors ----------------------------------------------------------------------------------

def digest(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def good_db(tmp_path):
    (tmp_path / "db").mkdir()
    path = tmp_path / "db" / "cards.sqlite3"
    build_db(path, FIXTURES / "scryfall-oracle-cards.json")
    return path


def assert_untouched(path, before):
    assert digest(path) == before
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]      # no temporary files left
    with CardDatabase(path) as db:
        assert len(db) == 6


@pytest.mark.parametrize("fixture,words", [
    ("truncated-AllPrintings.json", ["truncated", "set 'DOM', card 1"]),
    ("broken-scryfall.json", ["broken JSON", "Expecting ':' delimiter", "record 3"]),
    ("foreign-package.json", ["not an MTGJSON or Scryfall file"]),
    ("foreign-list.json", ["not a card", "record 1"]),
    ("not-json.txt", ["not a JSON card file"]),
    ("empty.json", ["empty"]),
])
def test_bad_fixture_files(good_db, fixture, words):
    before = digest(good_db)
    with pytest.raises(CardFileError) as e:
        build_db(good_db, FIXTURES / fixture)
    msg = str(e.value)
    assert fixture in msg and "at byte" in msg
    for w in words:
        assert w in msg
    assert_untouched(good_db, before)


def test_error_offset_points_at_the_problem():
    data = (FIXTURES / "broken-scryfall.json").read_bytes()
    with pytest.raises(CardFileError) as e:
        build_db(FIXTURES.parent / "never-written.sqlite3", FIXTURES / "broken-scryfall.json")
    assert e.value.offset is not None
    assert data[e.value.offset - 7:e.value.offset] == b'"name" '
    assert not (FIXTURES.parent / "never-written.sqlite3").exists()


def _write(tmp_path, name, content):
    f = tmp_path / name
    f.write_bytes(content if isinstance(content, bytes) else content.encode())
    return f


@pytest.mark.parametrize("name,content,words", [
    ("bad-utf8.json", b'[{"object": "card", "name": "Bolt\xff\xfe"}]', ["not UTF-8", "byte 33"]),
    ("extra.json", '[{"object": "card", "name": "Bolt", "type_line": "Instant", "set": "m10"}] [1]',
     ["after the end"]),
    ("no-cards.json", "[]", ["no cards"]),
    ("no-cards-atomic.json", '{"meta": {}, "data": {}}', ["no cards"]),
    ("no-name.json", '[{"object": "card", "type_line": "Instant"}]', ["record 1 has no name"]),
    ("not-object.json", '[{"object": "card", "name": "A"}, 7]', ["record 2 is not a JSON object"]),
    ("atomic-not-list.json", '{"meta": {}, "data": {"Bolt": [{"name": "Bolt"}], "Shock": "x"}}',
     ["entry 'Shock'"]),
    ("atomic-face.json", '{"data": {"Bolt": [{"text": "x"}]}}', ["face 0 has no name"]),
    ("mixed.json", '{"data": {"Bolt": [{"name": "Bolt"}], "M10": {"cards": []}}}', ["AtomicCards"]),
    ("data-string.json", '{"data": "nope"}', ["neither an object"]),
    ("set-cards.json", '{"data": {"M10": {"cards": {"a": 1}}}}', ["'cards' is not a list"]),
    ("set-card-noname.json", '{"data": {"M10": {"cards": [{"number": "1"}]}}}', ["card 1 of set 'M10' has no name"]),
    ("bad-sep.json", '[{"object": "card", "name": "A"} {"object": "card", "name": "B"}]', ["expected ',' or ']'"]),
    ("bad-key.json", '{data: 1}', ["expected a quoted key"]),
    ("number.json", "42", ["starts with '4'"]),
    ("truncated-array.json", '[{"object": "card", "name": "A", "set": "x"},', ["truncated"]),
    ("truncated-string.json", '[{"object": "card", "name": "Lightn', ["truncated", "Unterminated string"]),
])
def test_bad_content(good_db, tmp_path, name, content, words):
    src = tmp_path / "src"
    src.mkdir()
    f = _write(src, name, content)
    before = digest(good_db)
    with pytest.raises(CardFileError) as e:
        build_db(good_db, f)
    for w in words:
        assert w in str(e.value)
    assert name in str(e.value)
    assert_untouched(good_db, before)


def test_missing_file_and_folder(good_db, tmp_path):
    before = digest(good_db)
    with pytest.raises(CardFileError, match="cannot read"):
        build_db(good_db, tmp_path / "nope.json")
    with pytest.raises(CardFileError, match="is a folder"):
        build_db(good_db, tmp_path)
    assert_untouched(good_db, before)


def test_broken_compressed_files(good_db, tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    raw = gzip.compress((FIXTURES / "scryfall-oracle-cards.json").read_bytes())
    cut = _write(src, "cut.json.gz", raw[: len(raw) // 2])
    empty_zip = src / "nojson.zip"
    with zipfile.ZipFile(empty_zip, "w") as z:
        z.writestr("README.txt", "no cards here")
    bad_zip = _write(src, "bad.zip", b"PK\x03\x04garbage")
    before = digest(good_db)
    for f, words in [(cut, "cut.json.gz"), (empty_zip, "no .json file"), (bad_zip, "zip")]:
        with pytest.raises(CardFileError) as e:
            build_db(good_db, f)
        assert words in str(e.value)
    assert_untouched(good_db, before)


# -- the incremental reader ------------------------------------------------------------------

def read_all(text: str, chunk: int):
    r = JsonReader(io.BytesIO(text.encode("utf-8")), "x.json", chunk=chunk)
    if r.peek() == "[":
        out = [r.value() for _ in r.elements()]
    else:
        out = {k: r.value() for k in r.items()}
    r.end()
    return out


@pytest.mark.parametrize("chunk", [1, 2, 3, 7, 64, 1 << 20])
def test_reader_across_chunk_boundaries(chunk):
    doc = [1234567, -0.5e3, "Æther — Jötun “quoted” 🐉", {"a": [1, 2, {"b": None}]}, True, False, None, 98765]
    assert read_all(json.dumps(doc, ensure_ascii=False), chunk) == doc
    obj = {"ünïcode": "é" * 50, "n": 10 ** 20, "list": list(range(50))}
    assert read_all(json.dumps(obj, ensure_ascii=False, indent=2), chunk) == obj


@pytest.mark.parametrize("chunk", [1, 2, 3, 5, 100])
def test_reader_reports_the_offset_of_bad_utf8(chunk):
    data = '["é", "ü", "'.encode() + b"\xff" + b'"]'
    r = JsonReader(io.BytesIO(data), "x.json", chunk=chunk)
    with pytest.raises(CardFileError) as e:
        for _ in r.elements():
            r.value()
    assert e.value.offset == data.index(b"\xff")


def test_reader_byte_offsets_count_utf8_bytes():
    text = '["ééé", "x" 1]'
    r = JsonReader(io.BytesIO(text.encode()), "x.json", chunk=2)
    with pytest.raises(CardFileError) as e:
        for _ in r.elements():
            r.value()
    assert e.value.offset == text.encode().index(b"1")


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=5), children, max_size=4),
    max_leaves=20)


@settings(max_examples=60, deadline=None)
@given(st.lists(json_values, max_size=6), st.integers(min_value=1, max_value=40), st.booleans())
def test_reader_matches_json_loads(values, chunk, pretty):
    text = json.dumps(values, ensure_ascii=False, indent=1 if pretty else None)
    assert read_all(text, chunk) == values


def test_reader_fails_fast_on_a_syntax_error_in_a_big_file():
    good = json.dumps({"object": "card", "name": "X", "oracle_text": "y" * 200})
    data = ("[" + good + "," + good.replace('"name":', '"name"', 1) + "," + ",".join([good] * 20000) + "]").encode()
    stream = io.BytesIO(data)
    r = JsonReader(stream, "big.json", chunk=4096)
    with pytest.raises(CardFileError) as e:
        for _ in r.elements():
            r.value()
    assert "Expecting ':'" in str(e.value)
    assert stream.tell() < 64 * 1024                  # it did not read on to the end of the file


def test_reader_memory_stays_bounded():
    rec = {"object": "card", "name": "X" * 20, "oracle_text": "lorem ipsum " * 80, "prices": {"usd": "1"}}
    one = json.dumps(rec)
    n = 8000                                     # about 8 MB
    data = ("[" + ",".join([one] * n) + "]").encode()
    stream = io.BytesIO(data)
    tracemalloc.start()
    try:
        r = JsonReader(stream, "big.json", chunk=64 * 1024)
        count = 0
        for _ in r.elements():
            r.value()
            count += 1
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert count == n
    assert peak < 1.5 * 1024 * 1024, peak        # a few chunks, never the whole file
