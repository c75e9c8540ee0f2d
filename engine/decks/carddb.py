"""What the deck code needs from the card database, and where the user's data lives.

The deck code reads cards through a small interface (duck-typed, see CardSource);
engine.cards.db.CardDatabase implements it, and so does engine.decks.memorydb for tests.
"""
from __future__ import annotations

from typing import Any, Protocol

from engine import cards as card_db  # its names load on first use (engine.cards)
from engine.datadir import data_dir  # noqa: F401 - re-exported: where the deck store lives


class CardSource(Protocol):
    def get(self, name: str) -> Any | None: ...            # CardData or None
    def suggest(self, name: str, n: int = 5) -> list[str]: ...
    def printings(self, name: str) -> list[Any]: ...       # [Printing(set_code, set_name, number, rarity)]
    def cards_in_set(self, code: str) -> list[Any]: ...             # [SetCard(name, printing)]
    def sets(self) -> list[Any]: ...                       # [SetInfo(code, name, count)]


def open_card_db(path=None) -> CardSource:
    """The real card database (built on first use)."""
    return card_db.open_db(path) if path is not None else card_db.open_db()   # engine.cards loads it now


# -- small helpers over CardData, tolerant of missing fields ---------------------------------

def _field(card: Any, name: str, default=None):
    return getattr(card, name, default) if card is not None else default


def is_basic_land(card: Any) -> bool:
    sup = {s.lower() for s in (_field(card, "supertypes") or ())}
    types = {t.lower() for t in (_field(card, "types") or ())}
    if sup or types:
        return "basic" in sup and "land" in types
    tl = (_field(card, "type_line") or "").lower()
    return tl.startswith("basic") and "land" in tl


def card_text(card: Any) -> str:
    """Oracle text of the card and of each face."""
    parts = [_field(card, "text") or ""]
    for face in _field(card, "faces") or ():
        t = face.get("text") if isinstance(face, dict) else getattr(face, "text", None)
        if t and t not in parts:
            parts.append(t)
    return "\n".join(parts)


def card_faces_names(card: Any) -> list[str]:
    names = []
    for face in _field(card, "faces") or ():
        n = face.get("name") if isinstance(face, dict) else getattr(face, "name", None)
        if n:
            names.append(n)
    return names
