"""Decks in SQLite, with a recoverable history of versions.

One file, ``decks.sqlite`` in the user data folder (engine.decks.carddb.data_dir():
MANATABLE_DATA overrides it). Two tables:

    decks          id, name, kind ("deck" or "pool"), format, pool_id, created, updated,
                   deleted (a deleted deck stays until purged, so it can be undeleted),
                   data (the Deck as JSON)
    deck_versions  deck_id, version, saved, data: every saved content, newest last;
                   the oldest beyond ``keep`` are pruned

Saving a deck whose name, content and format did not change writes nothing at all, so the
app can save on every change and opening a deck changes nothing on disk (a deck opens from a
read-only folder). A write that fails (read-only folder or file, full disk) raises
engine.atomicfile.WriteError naming the file and the cause, and changes nothing.
sqlite-utils 4: DDL and writes go through db.execute, reads through db.query.
"""
from __future__ import annotations

import builtins
import contextlib
import datetime as _dt
import pathlib
import sqlite3
from dataclasses import dataclass
from typing import Iterator

import sqlite_utils

from engine.atomicfile import WriteError

from .carddb import data_dir
from .model import Deck

SCHEMA = [
    """CREATE TABLE IF NOT EXISTS decks (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        kind TEXT NOT NULL DEFAULT 'deck',
        format TEXT,
        pool_id INTEGER REFERENCES decks(id),
        created TEXT NOT NULL,
        updated TEXT NOT NULL,
        deleted INTEGER NOT NULL DEFAULT 0,
        data TEXT NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS deck_versions (
        deck_id INTEGER NOT NULL REFERENCES decks(id),
        version INTEGER NOT NULL,
        saved TEXT NOT NULL,
        data TEXT NOT NULL,
        PRIMARY KEY (deck_id, version)
    )""",
    "CREATE INDEX IF NOT EXISTS decks_name ON decks(name)",
]


class DeckNotFound(KeyError):
    pass


class DeckStoreError(ValueError):
    """The deck file is not a deck database (garbage, another kind of file): one line naming it."""


@dataclass(frozen=True)
class DeckInfo:
    id: int
    name: str
    kind: str
    format: str | None
    pool_id: int | None
    updated: str
    main_count: int
    sideboard_count: int
    deleted: bool = False


@dataclass(frozen=True)
class VersionInfo:
    version: int
    saved: str
    name: str
    main_count: int
    sideboard_count: int


def default_path() -> pathlib.Path:
    return data_dir() / "decks.sqlite"


def _now() -> str:
    return _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="milliseconds")


class DeckStore:
    def __init__(self, path: str | pathlib.Path | None = None, keep: int = 100):
        path = pathlib.Path(path) if path is not None else default_path()
        if str(path) != ":memory:":
            path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self.keep = keep
        self.db = sqlite_utils.Database(str(path))
        if str(path) != ":memory:" and path.exists():
            self._check_shape()
        with self._writing():
            for stmt in SCHEMA:
                self.db.execute(stmt)

    def close(self) -> None:
        self.db.close()

    # -- writing ---------------------------------------------------------------------
    def save(self, deck: Deck, deck_id: int | None = None, *, format: str | None = None,
             kind: str = "deck", pool_id: int | None = None) -> int:
        """Create (deck_id None) or update a deck; returns its id. A new version only when the content changed."""
        data = deck.to_json()
        now = _now()
        if deck_id is not None:
            row = self._row(deck_id)
            if (row["data"] == data and row["name"] == (deck.name or "Untitled") and not row["deleted"]
                    and (format is None or format == row["format"])):
                return deck_id                          # nothing changed: nothing written
        with self._writing():
            if deck_id is None:
                cur = self.db.execute(
                    "INSERT INTO decks (name, kind, format, pool_id, created, updated, data) VALUES (?,?,?,?,?,?,?)",
                    [deck.name or "Untitled", kind, format, pool_id, now, now, data])
                assert cur.lastrowid is not None
                deck_id = int(cur.lastrowid)
            else:
                row = self._row(deck_id)
                fmt = format if format is not None else row["format"]
                self.db.execute("UPDATE decks SET name=?, format=?, data=?, updated=?, deleted=0 WHERE id=?",
                                [deck.name or "Untitled", fmt, data,
                                 now if data != row["data"] or fmt != row["format"] else row["updated"], deck_id])
            last = self._last_version(deck_id)
            if last is None or last[1] != data:
                version = (last[0] + 1) if last else 1
                self.db.execute("INSERT INTO deck_versions (deck_id, version, saved, data) VALUES (?,?,?,?)",
                                [deck_id, version, now, data])
                self.db.execute("DELETE FROM deck_versions WHERE deck_id=? AND version<=?",
                                [deck_id, version - self.keep])
        return deck_id

    def set_format(self, deck_id: int, format: str | None) -> None:
        self._row(deck_id)
        with self._writing():
            self.db.execute("UPDATE decks SET format=? WHERE id=?", [format, deck_id])

    def delete(self, deck_id: int) -> None:
        """Mark a deck deleted; undelete() brings it back, purge() removes it for good."""
        self._row(deck_id)
        with self._writing():
            self.db.execute("UPDATE decks SET deleted=1 WHERE id=?", [deck_id])

    def undelete(self, deck_id: int) -> None:
        self._row(deck_id)
        with self._writing():
            self.db.execute("UPDATE decks SET deleted=0 WHERE id=?", [deck_id])

    def purge(self, deck_id: int) -> None:
        with self._writing():
            self.db.execute("DELETE FROM deck_versions WHERE deck_id=?", [deck_id])
            self.db.execute("DELETE FROM decks WHERE id=?", [deck_id])

    def restore(self, deck_id: int, version: int) -> Deck:
        """Make an old version the current one (itself saved as a new version); returns it."""
        deck = self.load_version(deck_id, version)
        self.save(deck, deck_id)
        return deck

    # -- reading ---------------------------------------------------------------------
    def load(self, deck_id: int) -> Deck:
        return Deck.from_json(self._row(deck_id)["data"])

    def info(self, deck_id: int) -> DeckInfo:
        return self._info(self._row(deck_id))

    def list(self, *, kind: str | None = "deck", deleted: bool = False) -> list[DeckInfo]:
        sql = "SELECT * FROM decks WHERE deleted=?"
        params: list = [1 if deleted else 0]
        if kind is not None:
            sql += " AND kind=?"
            params.append(kind)
        return [self._info(r) for r in self.db.query(sql + " ORDER BY name COLLATE NOCASE, id", params)]

    def find(self, name: str, kind: str = "deck") -> int | None:
        rows = list(self.db.query("SELECT id FROM decks WHERE name=? AND kind=? AND deleted=0 ORDER BY id DESC",
                                  [name, kind]))
        return rows[0]["id"] if rows else None

    def history(self, deck_id: int) -> builtins.list[VersionInfo]:
        """The saved versions, oldest first."""
        self._row(deck_id)
        out = []
        for r in self.db.query("SELECT version, saved, data FROM deck_versions WHERE deck_id=? ORDER BY version",
                               [deck_id]):
            d = Deck.from_json(r["data"])
            out.append(VersionInfo(r["version"], r["saved"], d.name, d.main_count, d.sideboard_count))
        return out

    def load_version(self, deck_id: int, version: int) -> Deck:
        rows = list(self.db.query("SELECT data FROM deck_versions WHERE deck_id=? AND version=?", [deck_id, version]))
        if not rows:
            raise DeckNotFound(f"deck {deck_id} has no version {version}")
        return Deck.from_json(rows[0]["data"])

    # -- internals -------------------------------------------------------------------
    def _check_shape(self) -> None:
        """Read (never write) an existing file: DeckStoreError when it is not a deck database."""
        try:
            tables = {r[0] for r in self.db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if "decks" in tables:
                self.db.execute("SELECT id, name, kind, format, pool_id, created, updated, deleted, data "
                                "FROM decks LIMIT 0")
            if "deck_versions" in tables:
                self.db.execute("SELECT deck_id, version, saved, data FROM deck_versions LIMIT 0")
        except sqlite3.DatabaseError as e:
            self.db.close()
            raise DeckStoreError(f"{self.path} is not a deck database ({e}); move it aside to start a new one") from e

    @contextlib.contextmanager
    def _writing(self) -> Iterator[None]:
        """One transaction; a failed write (read-only, full disk) rolls back and raises WriteError."""
        try:
            with self.db.atomic():
                yield
        except sqlite3.OperationalError as e:
            raise WriteError(self.path, e) from e

    def _row(self, deck_id: int) -> dict:
        rows = list(self.db.query("SELECT * FROM decks WHERE id=?", [deck_id]))
        if not rows:
            raise DeckNotFound(f"no deck with id {deck_id}")
        return rows[0]

    def _last_version(self, deck_id: int) -> tuple[int, str] | None:
        rows = list(self.db.query("SELECT version, data FROM deck_versions WHERE deck_id=? "
                                  "ORDER BY version DESC LIMIT 1", [deck_id]))
        return (rows[0]["version"], rows[0]["data"]) if rows else None

    @staticmethod
    def _info(r: dict) -> DeckInfo:
        d = Deck.from_json(r["data"])
        return DeckInfo(r["id"], r["name"], r["kind"], r["format"], r["pool_id"], r["updated"],
                        d.main_count, d.sideboard_count, bool(r["deleted"]))
