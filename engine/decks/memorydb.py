"""An in-memory card source with the reading methods of engine.cards.db.CardDatabase.

Used by tests (and by anything that wants to validate against a handful of cards
without building the real database). Cards are plain objects carrying the CardData
fields the deck code reads.
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Iterable, NamedTuple


class Printing(NamedTuple):
    set_code: str
    set_name: str
    number: str
    rarity: str  # common / uncommon / rare / mythic / basic


class SetInfo(NamedTuple):
    code: str
    name: str
    count: int


@dataclass
class MemoryCard:
    name: str
    mana_cost: str = ""
    mana_value: float = 0
    type_line: str = ""
    types: list[str] = field(default_factory=list)
    supertypes: list[str] = field(default_factory=list)
    subtypes: list[str] = field(default_factory=list)
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    text: str = ""
    layout: str = "normal"
    colors: list[str] = field(default_factory=list)
    color_identity: list[str] = field(default_factory=list)
    keywords: list[str] = field(default_factory=list)
    faces: list = field(default_factory=list)
    legalities: dict[str, str] = field(default_factory=dict)


def _parse_type_line(type_line: str) -> tuple[list[str], list[str], list[str]]:
    left, _, right = type_line.partition("—")
    words = left.split()
    supers = [w for w in words if w in ("Basic", "Legendary", "Snow", "World", "Ongoing")]
    types = [w for w in words if w not in supers]
    return supers, types, right.split()


class MemoryCardDB:
    def __init__(self) -> None:
        self._cards: dict[str, MemoryCard] = {}
        self._alias: dict[str, str] = {}
        self._printings: dict[str, list[Printing]] = {}
        self._sets: dict[str, str] = {}

    def add(self, name: str, type_line: str = "Instant", *, mana_cost: str = "", mv: float | None = None,
            text: str = "", colors: Iterable[str] = (), identity: Iterable[str] | None = None,
            power: str | None = None, toughness: str | None = None, layout: str = "normal",
            faces: list | None = None, printings: Iterable[tuple[str, str, str]] = (),
            legalities: dict[str, str] | None = None) -> MemoryCard:
        """Add a card. printings: (set code, number, rarity) triples."""
        supers, types, subs = _parse_type_line(type_line)
        colors = list(colors)
        if mv is None:
            mv = _mana_value(mana_cost)
        card = MemoryCard(name=name, mana_cost=mana_cost, mana_value=mv, type_line=type_line, types=types,
                          supertypes=supers, subtypes=subs, power=power, toughness=toughness, text=text,
                          layout=layout, colors=colors,
                          color_identity=list(identity) if identity is not None else list(colors),
                          faces=faces or [], legalities=legalities or {})
        self._cards[name.lower()] = card
        if " // " in name:
            for part in name.split(" // "):
                self._alias.setdefault(part.lower(), name.lower())
        for f in card.faces:
            fname = f.get("name") if isinstance(f, dict) else getattr(f, "name", None)
            if fname:
                self._alias.setdefault(fname.lower(), name.lower())
        for set_code, number, rarity in printings:
            self._sets.setdefault(set_code.upper(), set_code.upper())
            self._printings.setdefault(name.lower(), []).append(
                Printing(set_code.upper(), self._sets[set_code.upper()], str(number), rarity))
        return card

    def add_set(self, code: str, name: str | None = None) -> None:
        self._sets[code.upper()] = name or code.upper()

    # -- the CardDatabase reading API ---------------------------------------------
    def get(self, name: str):
        key = name.strip().lower()
        card = self._cards.get(key)
        if card is None and key in self._alias:
            card = self._cards.get(self._alias[key])
        return card

    def suggest(self, name: str, n: int = 5) -> list[str]:
        names = [c.name for c in self._cards.values()]
        lower = {x.lower(): x for x in names}
        hits = difflib.get_close_matches(name.lower(), list(lower), n=n, cutoff=0.5)
        return [lower[h] for h in hits]

    def printings(self, name: str) -> list[Printing]:
        card = self.get(name)
        return list(self._printings.get(card.name.lower(), [])) if card else []

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


def _mana_value(cost: str) -> float:
    total = 0.0
    for sym in cost.replace("}", "").split("{")[1:]:
        if sym.isdigit():
            total += int(sym)
        elif sym in ("X", "Y", "Z"):
            continue
        else:
            total += 1
    return total
