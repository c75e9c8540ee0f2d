"""Name-suggestion benchmark: ``python -m engine.cards.bench_suggest [--db PATH] [--json]``.

Measures, against the targets of issue 23 on the full card database:

* the time to suggest names for one unknown name (the median over ten misspellings, each
  the median of five runs; the slowest is printed too): at most 5 ms;
* the median time to import a deck list with ten misspelled names (parse, check every
  name, suggest for the ten): at most 100 ms.

It also prints the first suggestion for each misspelling. Exit code 0 when both targets are met.
"""
from __future__ import annotations

import argparse
import json
import statistics
import time

from engine.cards.db import open_db
from engine.decks.files import DeckFileError, parse, resolve

TARGET_SUGGEST_MS = 5.0
TARGET_DECK_MS = 100.0

MISSPELLED = [
    "Lightnig Bolt", "serra angle", "Tarmogoyph", "Llanowar Elfs", "Counterspel", "Shivan Dragun",
    "Wrath of Gd", "Birds of Paradice", "Jace the Mind Scultpor", "Brainstorn",
]


def _median_ms(fn, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def run(db, repeats: int = 5) -> dict:
    t = time.perf_counter()
    db.suggest("warm up the name index")                  # the index is built on first use
    first_ms = (time.perf_counter() - t) * 1000
    per_name = [_median_ms(lambda n=n: db.suggest(n, 5), repeats) for n in MISSPELLED]
    text = "\n".join(f"2 {n}" for n in MISSPELLED) + "\n20 Mountain\n4 Shock\n"

    def import_deck() -> None:
        try:
            resolve(parse(text, "text", "ten.txt"), db, "ten.txt")
        except DeckFileError:
            return
        raise AssertionError("the misspelled deck was accepted")

    return {"first_call_ms": first_ms,
            "suggest_ms_median": statistics.median(per_name), "suggest_ms_max": max(per_name),
            "deck_of_ten_ms": _median_ms(import_deck, repeats),
            "first": {n: (db.suggest(n, 1) or [None])[0] for n in MISSPELLED}}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.cards.bench_suggest", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--db", help="the card database (default: the user's, built if missing)")
    ap.add_argument("--json", action="store_true", help="print the results as JSON")
    args = ap.parse_args(argv)
    with open_db(args.db) as db:
        r = run(db)
    if args.json:
        print(json.dumps(r, indent=1))
    else:
        for n, first in r["first"].items():
            print(f"  {n!r:28} -> {first!r}")
        print(f"suggest per unknown name: median {r['suggest_ms_median']:.2f} ms, max {r['suggest_ms_max']:.2f} ms "
              f"(target <= {TARGET_SUGGEST_MS} ms)")
        print(f"deck of ten misspelled names: {r['deck_of_ten_ms']:.1f} ms (target <= {TARGET_DECK_MS} ms)")
        print(f"first call (builds the name index): {r['first_call_ms']:.0f} ms")
    ok = r["suggest_ms_median"] <= TARGET_SUGGEST_MS and r["deck_of_ten_ms"] <= TARGET_DECK_MS
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
