"""`python -m engine.decks`: validate, list formats, convert deck files, open sealed pools, draft.

    python -m engine.decks validate FILE --format NAME [--pool FILE] [--json]
    python -m engine.decks formats
    python -m engine.decks convert IN OUT
    python -m engine.decks sealed SET [--seed N] [--boosters 6] [--out FILE] [--json]
    python -m engine.decks draft SET [SET SET] [--seed N] [--seat 1] [--out FILE] [--json]

Without --seed, sealed and draft take a fresh random seed and print it, so that the same
pool can be opened again (or by a friend) with --seed.

Exit codes: 0 ok (a legal deck; warnings allowed), 1 an illegal deck, 2 bad input (an
unreadable or malformed file, an unknown card name, an unknown format or set), 3 the output
could not be written (one line naming the file and the cause; an old file is kept).

--cards PATH (before the command) reads cards from PATH instead of the user's card
database: a YAML card list (engine.decks.memorydb) or a card database file.
"""
from __future__ import annotations

import argparse
import json
import pathlib
import sys

from engine.atomicfile import WriteError

from .carddb import open_card_db
from .files import KINDS, DeckFileError, kind_from_path, read_deck, write_deck
from .format import FormatError, get_format, load_formats, user_formats_dir
from .limited import Draft, LimitedError, new_seed, sealed_pool
from .memorydb import load_cards
from .validate import Validator, is_legal

OK, INVALID, BAD_INPUT, CANNOT_WRITE = 0, 1, 2, 3


class CliError(Exception):
    pass


def _open_cards(path: str | None):
    if path and path.lower().endswith((".yaml", ".yml")):
        try:
            return load_cards(path)
        except (OSError, ValueError, KeyError) as exc:
            raise CliError(f"{path}: cannot read the card list: {exc}") from None
    try:
        return open_card_db(path)
    except ImportError as exc:
        raise CliError(f"the card database is not available ({exc})") from None


def _formats():
    return load_formats([user_formats_dir()])


def cmd_formats(args, out) -> int:
    for name, fmt in sorted(_formats().items()):
        print(f"{name:15} {fmt.description}", file=out)
    return OK


def cmd_validate(args, out) -> int:
    try:
        fmt = get_format(args.format, [user_formats_dir()])
    except FormatError as exc:
        raise CliError(str(exc)) from None
    db = _open_cards(args.cards)
    deck = read_deck(args.file, db)
    pool = read_deck(args.pool, db) if args.pool else None
    problems = Validator(db, fmt).validate(deck, pool)
    legal = is_legal(problems)
    if args.json:
        json.dump({"file": str(args.file), "format": fmt.name, "legal": legal,
                   "problems": [dict(p.to_dict(), line=deck.lines.get(p.card) if p.card else None)
                                for p in problems]}, out, indent=2, ensure_ascii=False)
        print(file=out)
    else:
        for p in problems:
            line = deck.lines.get(p.card) if p.card else None
            where = f"{args.file}:{line}" if line else f"{args.file}"
            print(f"{where}: {p.severity}: {p.message} [{p.rule}]", file=out)
        n_err = sum(p.is_error for p in problems)
        verdict = (f"legal in {fmt.label}" if legal else
                   f"not legal in {fmt.label}: {n_err} problem{'s' if n_err != 1 else ''}")
        print(f"{args.file}: {deck.main_count} cards, sideboard {deck.sideboard_count}: {verdict}", file=out)
    return OK if legal else INVALID


def cmd_convert(args, out) -> int:
    kind = args.to or kind_from_path(args.output)
    if kind is None:
        raise CliError(f"{args.output}: cannot tell the kind from the extension; use .txt, .arena.txt, .dek or "
                       f".cod, or --to {{{','.join(KINDS)}}}")
    db = None if args.no_check else _open_cards(args.cards)
    deck = read_deck(args.input, db)
    write_deck(deck, args.output, kind)
    print(f"{args.input} -> {args.output} ({kind}): {deck.main_count} cards, sideboard {deck.sideboard_count}",
          file=out)
    return OK


def _print_boosters(packs, out) -> None:
    for p in packs:
        print(f"Booster {p.id}:", file=out)
        for c in p.cards:
            foil = "  (foil)" if getattr(c, "foil", False) else ""
            print(f"  {c.rarity[:1].upper()} {c.name} ({c.set_code}) {c.number}".rstrip() + foil, file=out)


def cmd_sealed(args, out) -> int:
    db = _open_cards(args.cards)
    if args.seed is None:
        args.seed = new_seed()
    try:
        packs, pool = sealed_pool(db, args.set, args.seed, args.boosters)
    except LimitedError as exc:
        raise CliError(str(exc)) from None
    if args.out:
        write_deck(pool, args.out)
    if args.json:
        json.dump({"seed": args.seed, "boosters": [{"id": p.id, "cards": [c.__dict__ for c in p.cards]}
                                                     for p in packs], "pool": pool.to_dict()},
                  out, indent=2, ensure_ascii=False)
        print(file=out)
    else:
        _print_boosters(packs, out)
        print(f"Pool: {pool.main_count} cards (seed {args.seed})" + (f", written to {args.out}" if args.out else ""),
              file=out)
    return OK


def cmd_draft(args, out) -> int:
    db = _open_cards(args.cards)
    if args.seed is None:
        args.seed = new_seed()
    sets = args.set if len(args.set) == 3 else args.set * 3 if len(args.set) == 1 else None
    if sets is None:
        raise CliError("give one set (three boosters of it) or three sets (one per round)")
    if not 1 <= args.seat <= 8:
        raise CliError("--seat is 1 to 8")
    try:
        d = Draft.new(db, [s.upper() for s in sets], args.seed, humans=())
    except LimitedError as exc:
        raise CliError(str(exc)) from None
    seat = args.seat - 1
    pool = d.pool(seat)
    if args.out:
        write_deck(pool, args.out)
    if args.json:
        json.dump({"seed": args.seed, "seat": args.seat,
                   "picks": [dict(r.__dict__, seat=r.seat + 1) for r in d.log if r.seat == seat],   # seats from 1
                   "pool": pool.to_dict()},
                  out, indent=2, ensure_ascii=False)
        print(file=out)
    else:
        for r in d.log:
            if r.seat == seat:
                print(f"round {r.round} pick {r.pick:2}: {r.name}  (from {r.booster})", file=out)
        print(
            f"Pool of seat {args.seat}: {pool.main_count} cards (seed {args.seed})"
            + (f", written to {args.out}" if args.out else ""),
            file=out,
        )
    return OK


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m engine.decks", description="Decks: validate, convert, sealed, draft.")
    p.add_argument("--cards", metavar="PATH", help="a YAML card list or card database file instead of the user's")
    sub = p.add_subparsers(dest="command", required=True)

    v = sub.add_parser("validate", help="check a deck file against a format")
    v.add_argument("file", type=pathlib.Path)
    v.add_argument("--format", "-f", required=True)
    v.add_argument("--pool", type=pathlib.Path, help="the card pool of a limited deck (a deck file)")
    v.add_argument("--json", action="store_true")
    v.set_defaults(func=cmd_validate)

    f = sub.add_parser("formats", help="list the formats")
    f.set_defaults(func=cmd_formats)

    c = sub.add_parser("convert", help="convert a deck file (kinds from the extensions .txt .arena.txt .dek .cod)")
    c.add_argument("input", type=pathlib.Path)
    c.add_argument("output", type=pathlib.Path)
    c.add_argument("--to", choices=KINDS)
    c.add_argument("--no-check", action="store_true", help="do not check card names against the card database")
    c.set_defaults(func=cmd_convert)

    s = sub.add_parser("sealed", help="open sealed boosters")
    s.add_argument("set")
    s.add_argument("--seed", type=int, help="the seed (default: a fresh random one, printed)")
    s.add_argument("--boosters", type=int, default=6)
    s.add_argument("--out", type=pathlib.Path, help="write the pool to this deck file")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_sealed)

    d = sub.add_parser("draft", help="draft with seven bots (every seat picks by rating)")
    d.add_argument("set", nargs="+")
    d.add_argument("--seed", type=int, help="the seed (default: a fresh random one, printed)")
    d.add_argument("--seat", type=int, default=1, help="whose picks to show and write (1-8)")
    d.add_argument("--out", type=pathlib.Path)
    d.add_argument("--json", action="store_true")
    d.set_defaults(func=cmd_draft)
    return p


def main(argv: list[str] | None = None, out=None, err=None) -> int:
    out = out or sys.stdout
    err = err or sys.stderr
    args = build_parser().parse_args(argv)
    try:
        return args.func(args, out)
    except DeckFileError as exc:
        for line in exc.lines():
            print(line, file=err)
        return BAD_INPUT
    except (CliError, FormatError) as exc:
        print(f"error: {exc}", file=err)
        return BAD_INPUT
    except WriteError as exc:                  # read-only folder, full disk: one line, the old file kept
        print(f"error: {exc}", file=err)
        return CANNOT_WRITE
