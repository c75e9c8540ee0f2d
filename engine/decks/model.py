"""The deck: plain data, no card database, no Qt.

A deck is a main deck and a sideboard (card name -> count), an optional commander
(and its partner: a second commander, a later rule), an optional companion (MTG Arena's
section), a name and free-text comments.
Alongside the counts it keeps what the file formats can carry per card, so that
round trips keep it: the printing (set code and collector number, from MTG Arena
and Cockatrice files) and the MTGO catalogue id (from .dek files). A limited pool also
keeps how many copies of a card were opened as foils (shown; no rules effect).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Iterable, Iterator


@dataclass
class Deck:
    name: str = ""
    main: dict[str, int] = field(default_factory=dict)
    sideboard: dict[str, int] = field(default_factory=dict)
    commander: str | None = None
    partner: str | None = None          # the second of two commanders (a later rule: Partner); never without one
    companion: str | None = None
    comments: str = ""
    # name -> (set code, collector number); number may be "" when a file gave only the set
    printings: dict[str, tuple[str, str]] = field(default_factory=dict)
    # name -> MTGO catalogue id (CatID in .dek files)
    catids: dict[str, str] = field(default_factory=dict)
    # name -> copies opened as foils (a sealed or drafted pool; display only)
    foils: dict[str, int] = field(default_factory=dict)
    # name -> line of the file it was read from (not stored, not compared): for messages
    lines: dict[str, int] = field(default_factory=dict, compare=False, repr=False)

    # -- editing -----------------------------------------------------------------
    def add(self, name: str, count: int = 1, *, sideboard: bool = False) -> None:
        """Add count copies (a negative count removes; a count that reaches 0 drops the card)."""
        zone = self.sideboard if sideboard else self.main
        new = zone.get(name, 0) + count
        if new > 0:
            zone[name] = new
        else:
            zone.pop(name, None)

    def remove(self, name: str, count: int = 1, *, sideboard: bool = False) -> None:
        self.add(name, -count, sideboard=sideboard)

    # -- reading -----------------------------------------------------------------
    @property
    def main_count(self) -> int:
        """Cards in the main deck, the commanders included (903.5a: they are part of a 100-card deck)."""
        return sum(self.main.values()) + len(self.commanders)

    @property
    def commanders(self) -> list[str]:
        """The deck's commanders: none, one, or two partners (903.3; two: a later rule, Partner)."""
        return [n for n in (self.commander, self.partner) if n]

    def leader(self) -> str | list[str] | None:
        """The commander as a game names it (``engine.commander.names``): one name, a list of two, or None."""
        got = self.commanders
        return got[0] if len(got) == 1 else (got or None)

    @property
    def sideboard_count(self) -> int:
        """Cards in the sideboard, the companion included (it starts the game there)."""
        return sum(self.sideboard.values()) + (1 if self.companion else 0)

    def all_counts(self) -> dict[str, int]:
        """Every card of the deck with its total count: main, sideboard, commander, companion."""
        total: dict[str, int] = dict(self.main)
        for name, n in self.sideboard.items():
            total[name] = total.get(name, 0) + n
        for extra in (self.commander, self.partner, self.companion):
            if extra:
                total[extra] = total.get(extra, 0) + 1
        return total

    def names(self) -> Iterator[str]:
        """Each distinct card name once."""
        yield from self.all_counts()

    def is_empty(self) -> bool:
        return not (self.main or self.sideboard or self.commander or self.partner or self.companion)

    # -- plain data --------------------------------------------------------------
    def to_dict(self) -> dict:
        d: dict = {"name": self.name, "main": dict(self.main), "sideboard": dict(self.sideboard)}
        if self.commander:
            d["commander"] = self.commander
        if self.partner:
            d["partner"] = self.partner
        if self.companion:
            d["companion"] = self.companion
        if self.comments:
            d["comments"] = self.comments
        if self.printings:
            d["printings"] = {k: list(v) for k, v in self.printings.items()}
        if self.catids:
            d["catids"] = dict(self.catids)
        if self.foils:
            d["foils"] = dict(self.foils)
        return d

    @classmethod
    def from_dict(cls, d: dict) -> "Deck":
        return cls(
            name=d.get("name", ""),
            main={str(k): int(v) for k, v in d.get("main", {}).items()},
            sideboard={str(k): int(v) for k, v in d.get("sideboard", {}).items()},
            commander=d.get("commander") or None,
            partner=d.get("partner") or None,
            companion=d.get("companion") or None,
            comments=d.get("comments", ""),
            printings={k: (str(v[0]), str(v[1])) for k, v in d.get("printings", {}).items()},
            catids={k: str(v) for k, v in d.get("catids", {}).items()},
            foils={str(k): int(v) for k, v in d.get("foils", {}).items()},
        )

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> "Deck":
        return cls.from_dict(json.loads(text))

    def copy(self) -> "Deck":
        return Deck.from_dict(self.to_dict())

    @classmethod
    def from_cards(cls, main: Iterable[str] = (), sideboard: Iterable[str] = (), **kw) -> "Deck":
        """A deck from lists of names, one entry per copy."""
        deck = cls(**kw)
        for n in main:
            deck.add(n)
        for n in sideboard:
            deck.add(n, sideboard=True)
        return deck
