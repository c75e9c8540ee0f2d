"""The command line, python -m engine.cards: output and exit codes (0 found, 1 nothing, 2 bad input)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import types

import pytest

from carddb_helpers import FIXTURES, ROOT, full_db  # noqa: F401  (fixture)


def run(*args, env=None):
    e = dict(os.environ)
    e.update(env or {})
    return subprocess.run([sys.executable, "-m", "engine.cards", *args], capture_output=True, text=True,
                          cwd=ROOT, env=e, timeout=120)


@pytest.fixture(scope="module")
def cli(full_db):
    """The full database is built before the CLI runs against it."""
    return run


def test_stats(cli):
    r = cli("stats")
    assert r.returncode == 0
    assert "cards" in r.stdout and "faces" in r.stdout and "printings" in r.stdout and "sets" in r.stdout
    r = cli("stats", "--json")
    d = json.loads(r.stdout)
    assert d["cards"] >= 34_600 and d["faces"] >= 35_000 and d["sets"] >= 10 and d["schema_version"] == 2


def test_search_names_one_per_line(cli):
    r = cli("search", "t:goblin c:r mv=1", "--limit", "5")
    assert r.returncode == 0
    lines = r.stdout.splitlines()
    assert len(lines) == 5 and all(lines)


def test_search_words_are_joined_and_dash_terms_stay_terms(cli):
    r = cli("search", "-t:land", "bolt", "c:r", "-n", "3")
    assert r.returncode == 0 and len(r.stdout.splitlines()) == 3
    r = cli("search", "--limit=2", "--", "-c:r", "bolt")
    assert r.returncode == 0 and len(r.stdout.splitlines()) == 2
    assert "Lightning Bolt" not in r.stdout


def test_search_json(cli):
    r = cli("search", '!"lightning bolt"', "--json")
    assert r.returncode == 0
    cards = json.loads(r.stdout)
    assert [c["name"] for c in cards] == ["Lightning Bolt"] and cards[0]["mana_cost"] == "{R}"


def test_search_nothing_found(cli):
    r = cli("search", "zzqxv")
    assert r.returncode == 1 and r.stdout == "" and "no cards match" in r.stderr
    assert "note:" not in r.stderr


def test_search_says_when_the_database_lacks_the_data(cli):
    r = cli("search", "f:standard")
    assert r.returncode == 1 and "no format legalities" in r.stderr and "AllPrintings" in r.stderr
    r = cli("search", "s:lea")
    assert r.returncode == 0 and "Black Lotus" in r.stdout.splitlines()      # the printings of MTGJSON 3
    r = cli("search", "s:mh2")
    assert r.returncode == 1 and "no printings of set MH2" in r.stderr


@pytest.mark.parametrize("args,words", [
    (["search", "t:goblin (c:r"], "never closed"),
    (["search", "foo:bar"], "unknown keyword"),
    (["search"], "needs a query"),
    (["search", "bolt", "--limit", "0"], "--limit"),
    (["search", "bolt", "--limit", "x"], "invalid int"),
    (["show"], "needs a card name"),
    (["frobnicate"], "invalid choice"),
    (["build", "--from", "/no/such/file.json"], "no such file"),
])
def test_bad_input_exits_2(cli, args, words):
    r = cli(*args)
    assert r.returncode == 2
    assert words in r.stderr


def test_bad_query_shows_where(cli):
    r = cli("search", "t:goblin (c:r")
    assert "t:goblin (c:r\n" in r.stderr and "           ^" in r.stderr


def test_no_command_prints_help_and_exits_2(cli):
    r = cli()
    assert r.returncode == 2 and "search" in r.stderr


def test_show(cli):
    r = cli("show", "lightning", "bolt")
    assert r.returncode == 0
    assert "Lightning Bolt" in r.stdout and "{R}" in r.stdout and "Instant" in r.stdout
    r = cli("show", "Ice")
    assert r.returncode == 0 and "Fire // Ice" in r.stdout
    r = cli("show", "Delver of Secrets", "--json")
    d = json.loads(r.stdout)
    assert [f["name"] for f in d["faces"]] == ["Delver of Secrets", "Insectile Aberration"]
    assert d["printings"] == [] or all("set_code" in p for p in d["printings"])
    r = cli("show", "History of Benalia")
    assert "DOM" in r.stdout and "mythic" in r.stdout


def test_show_not_found_suggests(cli):
    r = cli("show", "Lightnig Bolt")
    assert r.returncode == 1
    assert "did you mean" in r.stderr and "Lightning Bolt" in r.stderr


def test_help_documents_the_query_language(cli):
    r = cli("--help")
    assert r.returncode == 0
    for term in ("t:creature", "o:\"draw a card\"", "c:rg", "id:", "mv", "pow", "tou", "r:", "s:", "is:",
                 "-t:land", " or ", "(c:r or c:g)", "exit codes"):
        assert term in r.stdout, term
    r = cli("search", "--help")
    assert r.returncode == 0 and "c>=w" in r.stdout


def test_build_from_a_file(tmp_path, cli):
    db = tmp_path / "c.sqlite3"
    r = cli("--db", str(db), "build", "--from", str(FIXTURES / "AllPrintings.json"))
    assert r.returncode == 0, r.stderr
    assert "7 cards" in r.stdout and "done" in r.stderr and "reading AllPrintings" in r.stderr
    r = cli("--db", str(db), "search", "s:lea", "--limit", "2")
    assert r.stdout.splitlines() == ["Channel", "Lightning Bolt"]
    r = cli("--db", str(db), "stats", "--json")
    assert json.loads(r.stdout)["cards"] == 7


def test_build_from_a_broken_file_keeps_the_database(tmp_path, cli):
    db = tmp_path / "c.sqlite3"
    assert cli("--db", str(db), "build", "--from", str(FIXTURES / "AllPrintings.json")).returncode == 0
    before = db.read_bytes()
    r = cli("--db", str(db), "build", "--from", str(FIXTURES / "truncated-AllPrintings.json"))
    assert r.returncode == 2
    assert "truncated-AllPrintings.json" in r.stderr and "byte" in r.stderr
    assert db.read_bytes() == before


def test_first_use_builds_with_progress(tmp_path, cli):
    r = cli("--db", str(tmp_path / "new.sqlite3"), "search", "!Tarmogoyf")
    assert r.returncode == 0 and r.stdout == "Tarmogoyf\n"
    assert "reading the oracle corpus" in r.stderr and "done" in r.stderr


def test_coverage_dispatches_lazily(monkeypatch):
    from engine.cards import __main__ as cli_main
    got = []
    fake = types.ModuleType("engine.cards.coverage")
    fake.main = lambda argv: got.append(argv) or 0
    monkeypatch.setitem(sys.modules, "engine.cards.coverage", fake)
    assert cli_main.main(["coverage", "--json", "--set", "DOM"]) == 0
    assert got == [["--json", "--set", "DOM"]]


def test_coverage_missing_module_is_a_clear_error(monkeypatch, capsys):
    from engine.cards import __main__ as cli_main
    monkeypatch.setitem(sys.modules, "engine.cards.coverage", None)      # import fails as if missing
    assert cli_main.main(["coverage"]) == 2
    assert "coverage" in capsys.readouterr().err


def test_coverage_is_not_imported_for_other_commands():
    r = subprocess.run([sys.executable, "-c",
                        "import sys; from engine.cards.__main__ import main; main(['--help']) if False else None; "
                        "print('engine.cards.coverage' in sys.modules)"], capture_output=True, text=True, cwd=ROOT)
    assert r.stdout.strip() == "False"


def test_build_into_a_folder_that_cannot_take_it_is_one_line(tmp_path):
    (tmp_path / "file").write_text("a file where the data folder should be")
    r = run("build", "--from", str(FIXTURES / "AllPrintings.json"), env={"MANATABLE_DATA": str(tmp_path / "file")})
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert r.stderr.startswith(f"error: could not write {tmp_path / 'file' / 'cards.sqlite3'}: ")
    assert r.stderr.count("\n") == 1
