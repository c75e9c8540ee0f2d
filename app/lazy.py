"""The app's one lazy-loading point: the screens, dialogs and the AI seat that the home
screen does not need, each imported the first time it is used.

Why: ``manatable`` shows its main window before these modules are imported; importing
them first would add about 0.2 s of CPU time to the 0.7 s the start takes to its first
window (``lazy.load(*lazy.WHERE)`` timed after ``import app.application``; more in wall time).
``app.application.warm_up_qt`` loads the table's modules just after the window is up, so
the first "new game" does not wait for them either. Every other module of app/ imports at
its top: it is itself loaded only when needed, by this module or by a command's entry point.

Use ``from app import lazy`` and then ``lazy.TableWidget(...)``: a name of ``WHERE`` is
imported from its module on first access (a module ``__getattr__``, PEP 562, as
``engine.cards`` does for the card database). Never ``from app.lazy import Name``, which
would import it at once (tests/test_layering.py checks). The type checker sees the real
names through the ``TYPE_CHECKING`` imports below.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from app.ai_seat import LEVELS, AISeat, attach, level_box
    from app.decks.window import DeckBuilderWindow
    from app.lobby.newgame import TableDialog, start_seats
    from app.lobby.window import LobbyWindow
    from app.settings_dialog import open_settings_dialog
    from app.table.items import CardItem
    from app.table.widget import TableWidget

#: each name loaded on demand, and the module that defines it
WHERE = {
    "AISeat": "app.ai_seat", "LEVELS": "app.ai_seat", "attach": "app.ai_seat", "level_box": "app.ai_seat",
    "DeckBuilderWindow": "app.decks.window",
    "TableDialog": "app.lobby.newgame", "start_seats": "app.lobby.newgame",
    "LobbyWindow": "app.lobby.window",
    "open_settings_dialog": "app.settings_dialog",
    "CardItem": "app.table.items",
    "TableWidget": "app.table.widget",
}

__all__ = ["AISeat", "CardItem", "DeckBuilderWindow", "LEVELS", "LobbyWindow", "TableDialog", "TableWidget",
           "attach", "level_box", "open_settings_dialog", "start_seats"]   # the names of WHERE


def __getattr__(name: str) -> Any:
    module = WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value   # the next access finds it without coming here
    return value


def load(*names: str) -> None:
    """Import the modules of these names now (the warm-up, once the main window is up)."""
    for name in names:
        __getattr__(name)


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(WHERE))
