"""`python -m engine.decks`: validate, formats, convert, sealed, draft and their exit codes."""
import io
import json
import pathlib
import subprocess
import sys

import pytest

from engine.decks.cli import main
from engine.decks.files import read_deck
from engine.decks.memorydb import load_cards

ROOT = pathlib.Path(__file__).resolve().parent.parent
FIX = ROOT / "tests" / "fixtures" / "decks"
CARDS = str(FIX / "cards.yaml")


def run(*argv):
    out, err = io.StringIO(), io.StringIO()
    code = main(["--cards", CARDS, *map(str, argv)], out, err)
    return code, out.getvalue(), err.getvalue()


def test_validate_a_legal_deck_exits_0():
    code, out, err = run("validate", FIX / "red.txt", "--format", "casual")
    assert code == 0 and err == ""
    assert "legal in Casual" in out


def test_validate_an_illegal_deck_exits_1_and_names_lines_and_cards():
    code, out, _ = run("validate", FIX / "red.txt", "--format", "commander")
    assert code == 1
    assert f"{FIX / 'red.txt'}:3: error: Commander (April 2016) is singleton: 4 copies of Shock, at most 1. " \
           f"[copy-limit]" in out
    assert "needs a commander" in out


def test_validate_json():
    code, out, _ = run("validate", FIX / "krenko.txt", "--format", "commander", "--json")
    data = json.loads(out)
    assert code == 0 and data["legal"] is True and data["format"] == "commander"
    assert [p["rule"] for p in data["problems"]] == ["unknown-legality"]   # a warning: exit stays 0


def test_validate_limited_with_a_pool(tmp_path):
    pool = tmp_path / "pool.txt"
    pool.write_text("2 Shock\n1 Murder\n")
    deck = tmp_path / "deck.txt"
    deck.write_text("2 Shock\n38 Mountain\n")
    assert run("validate", deck, "--format", "limited", "--pool", pool)[0] == 0
    deck.write_text("3 Shock\n37 Mountain\n")
    code, out, _ = run("validate", deck, "--format", "limited", "--pool", pool)
    assert code == 1 and f"{deck}:1: error: The deck uses 3 Shock and the pool has 2." in out


@pytest.mark.parametrize("content, fmt, message", [
    ("4 Shock\n4 Lightening Bolt\n", "casual", ":2: unknown card 'Lightening Bolt'; did you mean Lightning Bolt?"),
    ("4 Shock\n", "pauper", "unknown format 'pauper'"),
    ("4 Shock\n0 Mountain\n", "casual", ":2: bad count 0"),
])
def test_validate_bad_input_exits_2_and_says_where(tmp_path, content, fmt, message):
    f = tmp_path / "d.txt"
    f.write_text(content)
    code, out, err = run("validate", f, "--format", fmt)
    assert code == 2 and message in err and out == ""


def test_validate_a_malformed_xml_file_exits_2(tmp_path):
    f = tmp_path / "d.cod"
    f.write_text('<cockatrice_deck>\n<zone name="main">\n<card number="2" name="Shock">\n</cockatrice_deck>')
    code, _, err = run("validate", f, "--format", "casual")
    assert code == 2 and f"{f}:4: malformed XML" in err


def test_formats_lists_every_format():
    code, out, _ = run("formats")
    names = [line.split()[0] for line in out.splitlines()]
    assert code == 0 and names == ["casual", "commander", "legacy-2016", "limited", "modern-2016", "standard-2016",
                                   "standard-2019", "vintage-2016"]


@pytest.mark.parametrize("src, dst", [("red.txt", "out.dek"), ("red.dek", "out.cod"), ("red.cod", "out.arena.txt"),
                                      ("arena.txt", "out.txt")])
def test_convert_between_file_kinds(tmp_path, src, dst):
    db = load_cards(CARDS)
    code, out, _ = run("convert", FIX / src, tmp_path / dst)
    assert code == 0
    a, b = read_deck(FIX / src, db), read_deck(tmp_path / dst, db)
    assert (a.main, a.sideboard) == (b.main, b.sideboard)


def test_convert_to_an_unknown_extension_exits_2(tmp_path):
    code, _, err = run("convert", FIX / "red.txt", tmp_path / "out.xyz")
    assert code == 2 and "cannot tell the kind" in err


def set_cards(tmp_path) -> str:
    """A YAML card list with a booster-ready set TST."""
    import yaml
    cards = []
    n = 0
    for rarity, count in (("common", 30), ("uncommon", 12), ("rare", 6), ("mythic", 2)):
        for i in range(count):
            n += 1
            cards.append({"name": f"{rarity.title()} {i}", "type": "Creature — Test", "cost": "{%s}" % "WUBRG"[i % 5],
                          "power": "1", "toughness": "1", "printings": [f"TST {n} {rarity}"]})
    for i, land in enumerate(("Plains", "Island", "Swamp", "Mountain", "Forest")):
        cards.append({"name": land, "type": f"Basic Land — {land}", "printings": [f"TST {100 + i} basic"]})
    f = tmp_path / "set.yaml"
    f.write_text(yaml.safe_dump({"cards": cards}))
    return str(f)


def test_sealed_with_a_seed_writes_the_pool(tmp_path):
    cards = set_cards(tmp_path)
    out = io.StringIO()
    assert main(["--cards", cards, "sealed", "tst", "--seed", "5", "--out", str(tmp_path / "pool.txt")], out) == 0
    assert out.getvalue().count("Booster TST-") == 6
    pool = read_deck(tmp_path / "pool.txt", load_cards(cards))
    assert pool.main_count == 90
    again = io.StringIO()
    main(["--cards", cards, "sealed", "TST", "--seed", "5"], again)
    assert again.getvalue().splitlines()[:-1] == out.getvalue().splitlines()[:-1]


def test_sealed_and_draft_without_a_seed_take_a_fresh_one_and_print_it(tmp_path):
    import re
    cards = set_cards(tmp_path)
    seeds = []
    for _ in range(2):
        out = io.StringIO()
        assert main(["--cards", cards, "sealed", "TST"], out) == 0
        seeds.append(int(re.search(r"Pool: 90 cards \(seed (\d+)\)", out.getvalue()).group(1)))
    assert seeds[0] != seeds[1]
    again = io.StringIO()
    main(["--cards", cards, "sealed", "TST", "--seed", str(seeds[1])], again)
    assert again.getvalue() == out.getvalue()                 # the printed seed opens the same pool
    out = io.StringIO()
    assert main(["--cards", cards, "draft", "TST", "--seat", "3"], out) == 0
    assert re.search(r"Pool of seat 3: 45 cards \(seed \d+\)", out.getvalue())
    assert "(from TST-s" in out.getvalue()


def test_sealed_of_a_set_without_data_exits_2():
    code, _, err = run("sealed", "ZZZ", "--seed", "1")
    assert code == 2 and "no printings for set 'ZZZ'" in err


def test_draft_json_lists_45_picks_and_writes_the_pool(tmp_path):
    cards = set_cards(tmp_path)
    out = io.StringIO()
    code = main(["--cards", cards, "draft", "TST", "--seed", "3", "--seat", "2", "--json",
                 "--out", str(tmp_path / "pool.dek")], out)
    data = json.loads(out.getvalue())
    assert code == 0 and len(data["picks"]) == 45 and {p["seat"] for p in data["picks"]} == {2}
    # seats count from 1 everywhere: --seat 2 opened the boosters named "s2", and its first pick
    # of each round is from its own booster
    firsts = [p["booster"] for p in data["picks"] if p["pick"] == 1]
    assert firsts == ["TST-s2-r1", "TST-s2-r2", "TST-s2-r3"]
    assert sum(data["pool"]["main"].values()) == 45
    assert read_deck(tmp_path / "pool.dek").main_count == 45


def test_python_dash_m_exit_codes(tmp_path):
    def code(*args):
        return subprocess.run([sys.executable, "-m", "engine.decks", "--cards", CARDS, *map(str, args)],
                              cwd=ROOT, capture_output=True, text=True).returncode
    assert code("validate", FIX / "red.txt", "--format", "casual") == 0
    assert code("validate", FIX / "red.txt", "--format", "commander") == 1
    assert code("validate", tmp_path / "missing.txt", "--format", "casual") == 2
    assert code("validate", FIX / "red.txt") == 2          # --format is required


def test_convert_to_a_folder_or_a_full_disk_exits_3_in_one_line(tmp_path):
    (tmp_path / "out.dek").mkdir()
    code, _, err = run("convert", FIX / "red.txt", tmp_path / "out.dek")
    assert code == 3 and err == f"error: could not write {tmp_path / 'out.dek'}: Is a directory\n"
    old = tmp_path / "old.dek"
    old.write_text("the old file")
    limit = ("import resource, sys\nfrom engine.decks.cli import main\n"
             "resource.setrlimit(resource.RLIMIT_FSIZE, (300, 300))\n"
             f"sys.exit(main(['--cards', {CARDS!r}, 'convert', {str(FIX / 'red.txt')!r}, {str(old)!r}]))\n")
    r = subprocess.run([sys.executable, "-c", limit], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 3 and r.stderr == f"error: could not write {old}: File too large\n"
    assert old.read_text() == "the old file"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old.dek", "out.dek"]
