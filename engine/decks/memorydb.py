"""An in-memory card source with the reading methods of engine.cards.db.CardDatabase.

Used by tests (and by anything that wants to validate against a handful of cards
without building the real database). Cards are engine.cards.data.CardData records,
built with the same helpers the real database uses; printings and sets use the same
record types too.

A card list can be read from a YAML file (load_cards), one mapping per card:

    - name: Shock
      cost: "{R}"
      type: Instant
      text: Shock deals 2 damage to any target.
      printings: [M19 156 common, AKH 144 common]
    - name: Fire // Ice
      layout: split
      faces:
        - {name: Fire, cost: "{1}{R}", type: Instant, text: ...}
        - {name: Ice, cost: "{1}{U}", type: Instant, text: ...}
"""
from __future__ import annotations

import pathlib
import re
from typing import Iterable

import yaml

from engine.cards.data import CardData, Printing, SetInfo, cost_colors, fold_key, make_card, make_face
from engine.cards.suggest import NameIndex

__all__ = ["MemoryCardDB", "load_cards", "Printing", "SetInfo"]


class MemoryCardDB:
    def __init__(self) -> None:
        self._cards: dict[str, CardData] = {}          # fold_key(name) -> card
        self._alias: dict[str, str] = {}                # fold_key(face name) -> fold_key(card name)
        self._printings: dict[str, list[Printing]] = {}  # fold_key(card name) -> printings
        self._sets: dict[str, str] = {}                 # code -> set name
        self._index: NameIndex | None = None            # suggestions, built on first use

    # -- building ----------------------------------------------------------------
    def add(self, name: str, type_line: str = "Instant", *, mana_cost: str = "", text: str = "",
            identity: Iterable[str] | None = None, power: str | None = None, toughness: str | None = None,
            loyalty: str | None = None, layout: str = "normal", faces: list[dict] | None = None,
            keywords: Iterable[str] = (), color_indicator: Iterable[str] | None = None,
            printings: Iterable[tuple[str, str, str] | str] = (),
            legalities: dict[str, str] | None = None) -> CardData:
        """Add a card. faces: dicts of make_face arguments (name, mana_cost, type_line, text, ...).
        printings: (set code, number, rarity) triples or "SET NUMBER RARITY" strings."""
        if faces:
            face_recs = [make_face(layout=layout, **f) for f in faces]
        else:
            face_recs = [make_face(name=name, mana_cost=mana_cost, type_line=type_line, power=power,
                                   toughness=toughness, loyalty=loyalty, text=text, keywords=list(keywords),
                                   color_indicator=list(color_indicator) if color_indicator else None,
                                   layout=layout)]
        if identity is None:
            identity = _identity(face_recs)
        card = make_card(face_recs, name=name, layout=layout, color_identity=list(identity),
                         legalities=legalities or {})
        key = fold_key(card.name)
        self._cards[key] = card
        self._index = None
        if " // " in card.name:
            for part in card.name.split(" // "):
                self._alias.setdefault(fold_key(part), key)
        for p in printings:
            if isinstance(p, str):
                parts = p.split()
                set_code, number, rarity = parts[0], parts[1] if len(parts) > 1 else "", \
                    parts[2] if len(parts) > 2 else ""
            else:
                set_code, number, rarity = p
            code = set_code.upper()
            self._sets.setdefault(code, code)
            self._printings.setdefault(key, []).append(Printing(code, self._sets[code], str(number), rarity))
        return card

    def add_set(self, code: str, name: str | None = None) -> None:
        self._sets[code.upper()] = name or code.upper()

    # -- the CardDatabase reading API ---------------------------------------------
    def get(self, name: str) -> CardData | None:
        key = fold_key(name)
        card = self._cards.get(key)
        if card is None and key in self._alias:
            card = self._cards.get(self._alias[key])
        return card

    def suggest(self, name: str, n: int = 5) -> list[str]:
        """The names nearest to ``name``, ranked as the card database ranks them (engine.cards.suggest)."""
        if self._index is None:
            pairs = [(c.name, c.name) for c in self._cards.values()]
            pairs += [(alias, self._cards[key].name) for alias, key in self._alias.items()]
            self._index = NameIndex(pairs)
        return self._index.suggest(name, n)

    def names(self) -> list[str]:
        return sorted(c.name for c in self._cards.values())

    def search(self, query: str, limit: int | None = None) -> list[CardData]:
        """A tiny stand-in for the real query language: every word must occur in name, type or text;
        t:WORD in the type line. An unbalanced quote is a ValueError, as the real parser's QueryError is."""
        if query.count('"') % 2:
            raise ValueError(f"unbalanced quote (at column {query.index(chr(34)) + 1})")
        words = query.replace('"', " ").lower().split()
        out = []
        for c in self._cards.values():
            hay = f"{c.name}\n{c.type_line}\n{c.text}".lower()
            if all((w[2:] in c.type_line.lower()) if w.startswith("t:") else (w in hay) for w in words):
                out.append(c)
        out.sort(key=lambda c: c.name)
        return out[:limit] if limit is not None else out

    def printings(self, name: str) -> list[Printing]:
        card = self.get(name)
        return list(self._printings.get(fold_key(card.name), [])) if card else []

    def cards_in_set(self, set_code: str) -> list[tuple[str, Printing]]:
        code = set_code.upper()
        out = []
        for key, prints in self._printings.items():
            for p in prints:
                if p.set_code == code:
                    out.append((self._cards[key].name, p))
        return out

    def sets(self) -> list[SetInfo]:
        counts: dict[str, int] = {}
        for prints in self._printings.values():
            for p in prints:
                counts[p.set_code] = counts.get(p.set_code, 0) + 1
        return [SetInfo(code, self._sets[code], counts[code]) for code in sorted(counts)]


def _identity(faces: list[dict]) -> set[str]:
    """Color identity from the faces' costs, colors and mana symbols in their text (CR 903.4)."""
    ident = set()
    for f in faces:
        ident |= set(f["colors"]) | set(cost_colors(f["mana_cost"]))
        ident |= set(cost_colors("".join("{" + s + "}" for s in _text_symbols(f["text"]))))
    return ident


def _text_symbols(text: str) -> list[str]:
    return re.findall(r"\{([^{}]*)\}", text or "")


def load_cards(path: str | pathlib.Path, db: MemoryCardDB | None = None) -> MemoryCardDB:
    """A MemoryCardDB from a YAML card list (see the module docstring)."""
    data = yaml.safe_load(pathlib.Path(path).read_text(encoding="utf-8"))
    db = db or MemoryCardDB()
    for rec in data.get("sets", []) if isinstance(data, dict) else []:
        db.add_set(rec["code"], rec.get("name"))
    cards = data["cards"] if isinstance(data, dict) else data
    known = {"name", "type", "cost", "text", "identity", "power", "toughness", "loyalty", "layout", "faces",
             "color_indicator", "printings"}
    for rec in cards:
        extra = set(rec) - known
        if extra or not isinstance(rec.get("name"), str):
            raise ValueError(f"{path}: bad card record {rec!r} (unknown keys: {sorted(extra)})")
        faces = None
        if rec.get("faces"):
            faces = [{"name": f["name"], "mana_cost": f.get("cost", ""), "type_line": f.get("type", ""),
                      "text": f.get("text", ""), "power": f.get("power"), "toughness": f.get("toughness")}
                     for f in rec["faces"]]
        db.add(rec["name"], rec.get("type", "Instant"), mana_cost=rec.get("cost", ""), text=rec.get("text", ""),
               identity=rec.get("identity"), power=rec.get("power"), toughness=rec.get("toughness"),
               loyalty=rec.get("loyalty"), layout=rec.get("layout", "normal"), faces=faces,
               color_indicator=rec.get("color_indicator"), printings=rec.get("printings", []))
    return db
