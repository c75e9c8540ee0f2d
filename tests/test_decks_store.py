"""Decks in SQLite with history (engine/decks/store.py)."""
import pathlib

import pytest

from engine.decks import Deck
from engine.decks.store import DeckNotFound, DeckStore, default_path


def test_default_path_follows_manatable_data(monkeypatch, tmp_path):
    monkeypatch.setenv("MANATABLE_DATA", str(tmp_path / "data"))
    assert default_path() == tmp_path / "data" / "decks.sqlite"
    store = DeckStore()
    store.save(Deck(name="x", main={"Shock": 1}))
    assert (tmp_path / "data" / "decks.sqlite").is_file()


def test_save_load_list_and_survives_reopening(tmp_path):
    path = tmp_path / "d.sqlite"
    s = DeckStore(path)
    d = Deck(name="Red", main={"Shock": 4, "Mountain": 20}, sideboard={"Duress": 2}, commander=None,
             printings={"Shock": ("M19", "156")})
    i = s.save(d, format="casual")
    s.close()
    s = DeckStore(path)
    assert s.load(i) == d
    [info] = s.list()
    assert (info.id, info.name, info.format, info.main_count, info.sideboard_count) == (i, "Red", "casual", 24, 2)
    assert s.find("Red") == i and s.find("Blue") is None


def test_every_change_is_a_version_and_an_old_one_can_be_restored(tmp_path):
    s = DeckStore(tmp_path / "d.sqlite")
    d = Deck(name="Red", main={"Shock": 4})
    i = s.save(d)
    s.save(d, i)                      # unchanged: no new version
    d.add("Lava Axe", 2)
    s.save(d, i)
    d.remove("Shock", 4)
    s.save(d, i)
    hist = s.history(i)
    assert [(v.version, v.main_count) for v in hist] == [(1, 4), (2, 6), (3, 2)]
    assert s.load_version(i, 2).main == {"Shock": 4, "Lava Axe": 2}
    restored = s.restore(i, 1)
    assert restored.main == {"Shock": 4}
    assert s.load(i).main == {"Shock": 4}
    assert [v.version for v in s.history(i)] == [1, 2, 3, 4]
    with pytest.raises(DeckNotFound):
        s.load_version(i, 99)


def test_history_keeps_the_last_n_versions(tmp_path):
    s = DeckStore(tmp_path / "d.sqlite", keep=3)
    d = Deck(name="x")
    i = None
    for n in range(1, 7):
        d.main["Shock"] = n
        i = s.save(d, i)
    assert [v.version for v in s.history(i)] == [4, 5, 6]
    assert s.load_version(i, 4).main == {"Shock": 4}


def test_delete_is_recoverable_and_purge_is_not(tmp_path):
    s = DeckStore(tmp_path / "d.sqlite")
    i = s.save(Deck(name="gone", main={"Shock": 1}))
    s.delete(i)
    assert s.list() == [] and [x.id for x in s.list(deleted=True)] == [i]
    s.undelete(i)
    assert [x.name for x in s.list()] == ["gone"]
    s.purge(i)
    with pytest.raises(DeckNotFound):
        s.load(i)


def test_pools_are_stored_apart_from_decks(tmp_path):
    s = DeckStore(tmp_path / "d.sqlite")
    p = s.save(Deck(name="M19 sealed", main={"Shock": 2}), kind="pool")
    d = s.save(Deck(name="sealed deck", main={"Shock": 1}), format="limited", pool_id=p)
    assert [x.id for x in s.list()] == [d]
    assert [x.id for x in s.list(kind="pool")] == [p]
    assert s.info(d).pool_id == p


def test_opening_and_resaving_an_unchanged_deck_writes_nothing(tmp_path):
    path = tmp_path / "d.sqlite"
    s = DeckStore(path)
    i = s.save(Deck(name="Red", main={"Shock": 4}), format="casual")
    s.close()
    before = path.stat().st_mtime_ns, path.read_bytes()
    s = DeckStore(path)
    d = s.load(i)
    assert s.save(d, i, format="casual") == i and s.save(d, i) == i
    s.close()
    assert (path.stat().st_mtime_ns, path.read_bytes()) == before


def test_a_read_only_folder_opens_decks_and_refuses_changes_in_one_line():
    from unwritable import read_only_folder, run_read_only
    with read_only_folder() as folder:
        s = DeckStore(folder / "decks.sqlite")
        i = s.save(Deck(name="Red", main={"Shock": 4}), format="casual")
        s.close()
        before = sorted((p.name, p.read_bytes()) for p in folder.iterdir())
        code = ("from engine.decks.store import DeckStore\n"
                "from engine.atomicfile import WriteError\n"
                "s = DeckStore()\n"
                f"d = s.load({i})\n"
                f"s.save(d, {i}, format='casual')\n"
                "print(len(s.list()), d.main)\n"
                "d.add('Mountain', 2)\n"
                "try:\n"
                f"    s.save(d, {i})\n"
                "except WriteError as e:\n"
                "    print(e)\n")
        r = run_read_only(code, folder)
        assert r.returncode == 0, r.stderr
        lines = r.stdout.splitlines()
        assert lines[0] == "1 {'Shock': 4}"
        assert lines[1].startswith(f"could not write {folder / 'decks.sqlite'}: ")
        assert "readonly" in lines[1] or "unable to open" in lines[1] or "Read-only" in lines[1]
        assert len(lines) == 2 and r.stderr == ""
        assert sorted((p.name, p.read_bytes()) for p in folder.iterdir()) == before


@pytest.mark.parametrize("content", [b"garbage" * 100, b"SQLite format 3\x00" + b"\x01" * 500])
def test_a_garbage_deck_file_is_one_clear_error_and_is_kept(tmp_path, content):
    from engine.decks.store import DeckStoreError
    path = tmp_path / "decks.sqlite"
    path.write_bytes(content)
    with pytest.raises(DeckStoreError) as e:
        DeckStore(path)
    assert str(e.value).startswith(f"{path} is not a deck database (") and "\n" not in str(e.value)
    assert path.read_bytes() == content


def test_a_database_of_another_shape_is_refused(tmp_path):
    import sqlite3
    from engine.decks.store import DeckStoreError
    path = tmp_path / "decks.sqlite"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE decks (x)")
    conn.commit()
    conn.close()
    with pytest.raises(DeckStoreError, match="no such column"):
        DeckStore(path)
