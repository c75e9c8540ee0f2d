"""The card database and card data (engine.cards.db, engine.cards.data).

Importing this package is cheap: the names below are loaded on first use, so that
``engine.cards.abilities`` or ``engine.cards.compiler`` can be imported without SQLite
or the card importers.

    from engine.cards import open_db
    db = open_db()                      # builds the database on first use
    db.get("Lightning Bolt"), db.search("t:goblin c:r mv<=2")
"""
from __future__ import annotations

import importlib
from typing import Any

_LAZY = {
    "CardData": "engine.cards.data", "Printing": "engine.cards.data", "SetInfo": "engine.cards.data",
    "Stats": "engine.cards.data",
    "CardDatabase": "engine.cards.db", "open_db": "engine.cards.db", "build_db": "engine.cards.db",
    "data_dir": "engine.cards.db", "default_db_path": "engine.cards.db", "SCHEMA_VERSION": "engine.cards.db",
    "completed_faces": "engine.cards.db", "full_card": "engine.cards.db",
    "CardFileError": "engine.cards.importers", "CardDataMissing": "engine.cards.importers",
    "QueryError": "engine.cards.search",
}

__all__ = sorted(_LAZY)


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'engine.cards' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))
