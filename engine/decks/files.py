"""Deck files: plain text lists, MTG Arena exports, MTGO .dek and Cockatrice .cod.

Reading is two steps: ``parse`` turns a file's content into a Deck of the names as
written (recording the line each card came from in ``Deck.lines``), and ``resolve``
checks every name against the card database and rewrites it to the database's name
("lightning bolt", "Fire/Ice" and "Aether Vial" become "Lightning Bolt", "Fire // Ice"
and "Æther Vial"). Either step collects every problem and raises one DeckFileError
naming the file, each line and what was wrong (with the nearest names for an unknown
card); nothing is half-imported. ``read_deck`` does both for a path.

Kinds (``KINDS``) and what each keeps on a round trip:

    text   name (a "# Name:" comment), comments, main, sideboard, commanders, companion
    arena  name (About section), main, sideboard, commanders, companion, printings
    dek    main, sideboard, commanders (CommandZone attribute), MTGO catalogue ids
    cod    name, comments, main, sideboard, commanders (a "commander" zone), printings

A deck has one commander, or two that are partners (a later rule, Partner): each format
writes the second as a second card of its commander section; which two cards may lead a
deck together is the deck validation's question (engine.decks.validate), not the file's.

The text reader accepts what deck sites write: ``4 Lightning Bolt``, ``4x Lightning Bolt``,
a bare name (one copy), Arena's ``4 Shock (M19) 156``, section headers (Deck, Main,
Sideboard, Commander, Companion, About, with or without a colon or a count), ``SB: 2 Duress``
lines, ``#`` and ``//`` comment lines, and MTGO's text export (a blank line before the
sideboard when the file has no headers).

Limits: a count is 1 to MAX_COUNT on a line; a deck holds at most MAX_CARDS cards in all
(main deck, sideboard, commander and companion: 10,000 is far beyond any format, a
250-card Battle Box and its sideboard included, yet keeps a hostile file from making a deck
of 700,000 cards out of one-card lines); a file is at most MAX_BYTES. ``write_deck`` writes
through engine.atomicfile: a killed export leaves the old file or the new one, never a cut one.
"""
from __future__ import annotations

import pathlib
import re
from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

from engine.atomicfile import write_atomic

from . import xmlsafe
from .model import Deck

KINDS = ("text", "arena", "dek", "cod")
EXTENSIONS = {".arena.txt": "arena", ".dek": "dek", ".cod": "cod", ".txt": "text", ".dck": "text",
              ".deck": "text"}
MAX_COUNT = 999
MAX_CARDS = 10_000
MAX_BYTES = 8 * 1024 * 1024


@dataclass(frozen=True)
class LineError:
    line: int | None
    message: str


class DeckFileError(ValueError):
    """A deck file could not be read: names the file and every line that was wrong."""

    def __init__(self, path: str, errors: list[LineError]):
        self.path = str(path)
        self.errors = list(errors)
        super().__init__("\n".join(self.lines()))

    def lines(self) -> list[str]:
        return [f"{self.path}:{e.line}: {e.message}" if e.line else f"{self.path}: {e.message}"
                for e in self.errors]


# -- kinds -------------------------------------------------------------------------------

def kind_from_path(path: str | pathlib.Path) -> str | None:
    name = str(path).lower()
    for ext, kind in EXTENSIONS.items():      # ".arena.txt" before ".txt"
        if name.endswith(ext):
            return kind
    return None


_ARENA_LINE = re.compile(r"^\s*\d+x?\s+.+\s\([A-Za-z0-9_]{2,6}\)(\s+\S+)?\s*$")


def detect_kind(content: str | bytes, path: str | pathlib.Path | None = None) -> str:
    """The kind of a deck file, from its content (XML root, Arena lines) and then its extension."""
    text = content.decode("utf-8", "replace") if isinstance(content, bytes) else content
    head = text.lstrip("\ufeff \t\r\n")
    if head.startswith("<"):
        if "<cockatrice_deck" in text[:4096]:
            return "cod"
        if re.search(r"<Deck[\s>]", text[:4096]):
            return "dek"
        by_ext = kind_from_path(path) if path else None
        return by_ext if by_ext in ("dek", "cod") else "dek"
    by_ext = kind_from_path(path) if path else None
    if by_ext == "arena":
        return "arena"
    lines = [ln for ln in text.splitlines() if ln.strip()]
    if any(_ARENA_LINE.match(ln) for ln in lines) or any(ln.strip() == "About" for ln in lines[:2]):
        return "arena"
    return "text"


# -- plain text and Arena ----------------------------------------------------------------

_HEADERS = {"deck": "main", "main": "main", "maindeck": "main", "main deck": "main", "mainboard": "main",
            "sideboard": "side", "side": "side", "side board": "side", "commander": "commander",
            "commanders": "commander", "companion": "companion", "about": "about"}
_HEADER = re.compile(r"^(?P<h>[A-Za-z][A-Za-z ]*?)\s*(\(\d+\))?\s*:?\s*$")
_CARD = re.compile(r"^(?:(?P<n>-?\d+)\s*[xX]?\s+)?(?P<name>.*?)"
                   r"(?:\s+\((?P<set>[A-Za-z0-9_]{2,6})\)(?:\s+(?P<num>[^\s*]+))?)?(?:\s+\*[A-Za-z]+\*)?\s*$")
_SB = re.compile(r"^SB:\s*", re.I)


def parse_text(text: str, path: str = "<text>") -> Deck:
    """A plain text or Arena deck list (both read the same way)."""
    deck = Deck()
    errors: list[LineError] = []
    comments: list[str] = []
    lines = text.lstrip("\ufeff").splitlines()
    has_headers = any(_is_header(ln) for ln in lines) or any(_SB.match(ln.strip()) for ln in lines)
    section = "main"
    seen_cards = False
    total = 0
    for no, raw in enumerate(lines, 1):
        line = raw.strip()
        if not line:
            if not has_headers and seen_cards and section == "main":
                section = "side"          # MTGO's text export: a blank line, then the sideboard
            continue
        if line.startswith("#") or line.startswith("//"):
            body = line.lstrip("#/").strip()
            if body.lower().startswith("name:") and not deck.name:
                deck.name = body[5:].strip()
            else:
                comments.append(body)
            continue
        header = _is_header(line)
        if header:
            section = header
            continue
        if section == "about":
            key, _, value = line.partition(" ")
            if key.lower() == "name":
                deck.name = value.strip()
            else:
                comments.append(line)
            continue
        target = section
        if _SB.match(line):
            target, line = "side", _SB.sub("", line)
        m = _CARD.match(line)
        name = (m.group("name") or "").strip() if m else ""
        if not m or not name or re.fullmatch(r"\d+\s*[xX]?", name):
            errors.append(LineError(no, f"cannot read {raw.strip()!r}: expected a count and a card name, "
                                        f"like '4 Lightning Bolt'"))
            continue
        count = int(m.group("n")) if m.group("n") is not None else 1
        if count < 1 or count > MAX_COUNT:
            errors.append(LineError(no, f"bad count {count} for {name}: a count is 1 to {MAX_COUNT}"))
            continue
        seen_cards = True
        total += count
        if total > MAX_CARDS:
            errors.append(LineError(no, f"the deck passes {MAX_CARDS} cards here; a deck has at most {MAX_CARDS}"))
            break
        _put(deck, target, name, count, no, errors)
        deck.lines.setdefault(name, no)
        if m.group("set"):
            deck.printings[name] = (m.group("set").upper(), m.group("num") or "")
    if errors:
        raise DeckFileError(path, errors)
    deck.comments = "\n".join(comments)
    return deck


def _is_header(line: str) -> str | None:
    m = _HEADER.match(line.strip())
    if not m:
        return None
    return _HEADERS.get(" ".join(m.group("h").lower().split()))


def _put(deck: Deck, section: str, name: str, count: int, line: int, errors: list[LineError]) -> None:
    if section == "commander":
        have = deck.commanders
        if count == 1 and name in have:
            return                          # named again: still one card
        if count != 1 or len(have) == 2:
            errors.append(LineError(line, f"a deck has one commander or two partners; {name} would make "
                                          f"{len(have) + count}"))
            return
        if have:
            deck.partner = name
        else:
            deck.commander = name
    elif section == "companion":
        current = deck.companion
        if count != 1 or (current and current != name):
            errors.append(LineError(line, f"a deck has one {section}; {name} would make "
                                          f"{count + (1 if current else 0)}"))
            return
        deck.companion = name
    else:
        deck.add(name, count, sideboard=(section == "side"))


def dump_text(deck: Deck) -> str:
    out: list[str] = []
    if deck.name:
        out.append(f"# Name: {deck.name}")
    for c in deck.comments.splitlines():
        out.append(f"# {c}" if c else "#")
    if out:
        out.append("")
    if deck.commanders:
        out += ["Commander", *(f"1 {n}" for n in deck.commanders), ""]
    if deck.companion:
        out += ["Companion", f"1 {deck.companion}", ""]
    if deck.commanders or deck.companion or deck.sideboard:
        out.append("Deck")
    out += [f"{n} {name}" for name, n in deck.main.items()]
    if deck.sideboard:
        out += ["", "Sideboard"] + [f"{n} {name}" for name, n in deck.sideboard.items()]
    return "\n".join(out) + "\n"


def dump_arena(deck: Deck) -> str:
    def line(name: str, n: int) -> str:
        p = deck.printings.get(name)
        if p and p[0]:
            return f"{n} {name} ({p[0]})" + (f" {p[1]}" if p[1] else "")
        return f"{n} {name}"

    out: list[str] = []
    if deck.name:
        out += ["About", f"Name {deck.name}", ""]
    if deck.commanders:
        out += ["Commander", *(line(n, 1) for n in deck.commanders), ""]
    if deck.companion:
        out += ["Companion", line(deck.companion, 1), ""]
    out.append("Deck")
    out += [line(name, n) for name, n in deck.main.items()]
    if deck.sideboard:
        out += ["", "Sideboard"] + [line(name, n) for name, n in deck.sideboard.items()]
    return "\n".join(out) + "\n"


# -- MTGO .dek ---------------------------------------------------------------------------

def _xml_root(content: str | bytes, path: str) -> xmlsafe.Element:
    try:
        return xmlsafe.parse(content)
    except (xmlsafe.BadXML, xmlsafe.UnsafeXML) as exc:
        raise DeckFileError(path, [LineError(exc.line, str(exc))]) from None


def _count(value: str | None, name: str, line: int, errors: list[LineError]) -> int | None:
    try:
        n = int((value or "").strip())
    except ValueError:
        errors.append(LineError(line, f"bad quantity {value!r} for {name}"))
        return None
    if n < 1 or n > MAX_COUNT:
        errors.append(LineError(line, f"bad quantity {n} for {name}: a count is 1 to {MAX_COUNT}"))
        return None
    return n


def parse_dek(content: str | bytes, path: str = "<dek>") -> Deck:
    root = _xml_root(content, path)
    if root.tag != "Deck":
        raise DeckFileError(path, [LineError(root.line, f"an MTGO .dek file has a <Deck> root, not <{root.tag}>")])
    deck = Deck()
    errors: list[LineError] = []
    for el in root.children:
        if el.tag != "Cards":
            continue
        name = (el.attrib.get("Name") or "").strip()
        if not name:
            errors.append(LineError(el.line, "a <Cards> element without a Name"))
            continue
        name = _mtgo_name(name)
        n = _count(el.attrib.get("Quantity"), name, el.line, errors)
        if n is None:
            continue
        side = el.attrib.get("Sideboard", "false").strip().lower() == "true"
        if el.attrib.get("CommandZone", "false").strip().lower() == "true":
            _put(deck, "commander", name, n, el.line, errors)
        else:
            deck.add(name, n, sideboard=side)
        deck.lines.setdefault(name, el.line)
        if el.attrib.get("CatID", "").strip() not in ("", "0"):
            deck.catids[name] = el.attrib["CatID"].strip()
    if errors:
        raise DeckFileError(path, errors)
    return deck


def _mtgo_name(name: str) -> str:
    """MTGO writes split cards as "Fire/Ice"."""
    if "/" in name and " // " not in name:
        return " // ".join(p.strip() for p in name.split("/") if p.strip())
    return name


def dump_dek(deck: Deck) -> str:
    def card(name: str, n: int, side: bool, command: bool = False) -> str:
        attrs = f' CatID={quoteattr(deck.catids.get(name, "0"))} Quantity="{n}"' \
                f' Sideboard="{"true" if side else "false"}" Name={quoteattr(name.replace(" // ", "/"))}'
        if command:
            attrs += ' CommandZone="true"'
        return f"  <Cards{attrs} />"

    out = ['<?xml version="1.0" encoding="utf-8"?>',
           '<Deck xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">',
           "  <NetDeckID>0</NetDeckID>", "  <PreconstructedDeckID>0</PreconstructedDeckID>"]
    out += [card(n, 1, True, True) for n in deck.commanders]
    out += [card(name, n, False) for name, n in deck.main.items()]
    out += [card(name, n, True) for name, n in deck.sideboard.items()]
    out.append("</Deck>")
    return "\n".join(out) + "\n"


# -- Cockatrice .cod ----------------------------------------------------------------------

_COD_ZONES = {"main": "main", "side": "side", "commander": "commander", "command": "commander"}


def parse_cod(content: str | bytes, path: str = "<cod>") -> Deck:
    root = _xml_root(content, path)
    if root.tag != "cockatrice_deck":
        raise DeckFileError(path, [LineError(root.line,
                                             f"a Cockatrice .cod file has a <cockatrice_deck> root, not <{root.tag}>")])
    deck = Deck()
    errors: list[LineError] = []
    for el in root.children:
        if el.tag == "deckname":
            deck.name = el.text.strip()
        elif el.tag == "comments":
            deck.comments = el.text.strip()
        elif el.tag == "zone":
            zone = _COD_ZONES.get((el.attrib.get("name") or "").strip().lower())
            if zone is None:
                continue          # "tokens" and other zones are not part of the deck
            for c in el.find_all("card"):
                name = (c.attrib.get("name") or "").strip()
                if not name:
                    errors.append(LineError(c.line, "a <card> element without a name"))
                    continue
                n = _count(c.attrib.get("number"), name, c.line, errors)
                if n is None:
                    continue
                _put(deck, zone, name, n, c.line, errors)
                deck.lines.setdefault(name, c.line)
                set_code = (c.attrib.get("setShortName") or "").strip()
                if set_code:
                    deck.printings[name] = (set_code.upper(), (c.attrib.get("collectorNumber") or "").strip())
    if errors:
        raise DeckFileError(path, errors)
    return deck


def dump_cod(deck: Deck) -> str:
    def card(name: str, n: int) -> str:
        attrs = f'number="{n}" name={quoteattr(name)}'
        p = deck.printings.get(name)
        if p and p[0]:
            attrs += f" setShortName={quoteattr(p[0])}"
            if p[1]:
                attrs += f" collectorNumber={quoteattr(p[1])}"
        return f"        <card {attrs}/>"

    out = ['<?xml version="1.0" encoding="UTF-8"?>', '<cockatrice_deck version="1">',
           f"    <deckname>{escape(deck.name)}</deckname>", f"    <comments>{escape(deck.comments)}</comments>"]
    if deck.commanders:
        out += ['    <zone name="commander">', *(card(n, 1) for n in deck.commanders), "    </zone>"]
    out.append('    <zone name="main">')
    out += [card(name, n) for name, n in deck.main.items()]
    out.append("    </zone>")
    if deck.sideboard:
        out.append('    <zone name="side">')
        out += [card(name, n) for name, n in deck.sideboard.items()]
        out.append("    </zone>")
    out.append("</cockatrice_deck>")
    return "\n".join(out) + "\n"


# -- the front door -------------------------------------------------------------------------

def parse(content: str | bytes, kind: str | None = None, path: str = "<deck>") -> Deck:
    """A Deck of the names as the file writes them (not checked against the card database)."""
    kind = kind or detect_kind(content, path)
    if kind in ("dek", "cod"):
        return _within_limit((parse_dek if kind == "dek" else parse_cod)(content, path), path)
    if kind not in ("text", "arena"):
        raise ValueError(f"unknown deck file kind {kind!r}; the kinds are {', '.join(KINDS)}")
    if isinstance(content, bytes):
        raw = content
        try:
            content = raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            line = raw.count(b"\n", 0, exc.start) + 1
            raise DeckFileError(path, [LineError(line, "the file is not UTF-8 text")]) from None
    if "\x00" in content:
        raise DeckFileError(path, [LineError(None, "the file is binary, not a deck list")])
    return parse_text(content, path)


def _within_limit(deck: Deck, path: str) -> Deck:
    """The deck, or DeckFileError when it holds more than MAX_CARDS cards in all."""
    total = sum(deck.main.values()) + sum(deck.sideboard.values()) + len(deck.commanders) + bool(deck.companion)
    if total > MAX_CARDS:
        raise DeckFileError(path, [LineError(None, f"the deck has {total} cards; a deck has at most {MAX_CARDS}")])
    return deck


def dumps(deck: Deck, kind: str) -> str:
    try:
        return {"text": dump_text, "arena": dump_arena, "dek": dump_dek, "cod": dump_cod}[kind](deck)
    except KeyError:
        raise ValueError(f"unknown deck file kind {kind!r}; the kinds are {', '.join(KINDS)}") from None


def resolve(deck: Deck, db, path: str = "<deck>") -> Deck:
    """A copy of deck with every name as the card database writes it; DeckFileError lists each unknown name."""
    errors: list[LineError] = []
    names: dict[str, str] = {}
    for name in deck.names():
        card = db.get(name)
        if card is None:
            hint = db.suggest(name, 5)
            errors.append(LineError(deck.lines.get(name),
                                    f"unknown card {name!r}" + (f"; did you mean {', '.join(hint)}?" if hint else "")))
        else:
            names[name] = card.name
    if errors:
        errors.sort(key=lambda e: e.line or 0)
        raise DeckFileError(path, errors)
    out = Deck(name=deck.name, comments=deck.comments,
               commander=names[deck.commander] if deck.commander else None,
               partner=names[deck.partner] if deck.partner else None,
               companion=names[deck.companion] if deck.companion else None)
    for name, n in deck.main.items():
        out.add(names[name], n)
    for name, n in deck.sideboard.items():
        out.add(names[name], n, sideboard=True)
    for old, new in names.items():
        if old in deck.printings:
            out.printings[new] = deck.printings[old]
        if old in deck.catids:
            out.catids[new] = deck.catids[old]
        if old in deck.lines:
            out.lines.setdefault(new, deck.lines[old])
    return out


def read_deck(path: str | pathlib.Path, db=None, kind: str | None = None) -> Deck:
    """Read a deck file; with db, check and canonicalise every card name. Raises DeckFileError."""
    path = pathlib.Path(path)
    try:
        if path.stat().st_size > MAX_BYTES:
            raise DeckFileError(str(path), [LineError(None, f"the file is larger than {MAX_BYTES // 2**20} MB")])
        content = path.read_bytes()
    except OSError as exc:
        raise DeckFileError(str(path), [LineError(None, exc.strerror or str(exc))]) from None
    deck = parse(content, kind or detect_kind(content, path), str(path))
    if not deck.name:
        deck.name = path.name.split(".")[0]
    if deck.is_empty():
        raise DeckFileError(str(path), [LineError(None, "the file holds no cards")])
    return resolve(deck, db, str(path)) if db is not None else deck


def write_deck(deck: Deck, path: str | pathlib.Path, kind: str | None = None) -> str:
    """Write deck to path in the kind given or named by the extension (plain text otherwise); returns the kind.

    Atomic (engine.atomicfile): a failure raises WriteError naming the path and the cause and
    leaves an old file as it was."""
    kind = kind or kind_from_path(path) or "text"
    write_atomic(path, dumps(deck, kind))
    return kind
