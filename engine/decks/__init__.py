"""Decks: the model, formats as data, validation, file formats, storage, sealed and draft.

No Qt here (DESIGN.md). The card database is read through the small CardSource protocol
(engine.decks.carddb), so everything also works on an in-memory card list (memorydb).
"""
from .format import Format, FormatError, get_format, load_formats
from .model import Deck
from .validate import Problem, Validator, is_legal, validate

__all__ = ["Deck", "Format", "FormatError", "Problem", "Validator", "get_format", "is_legal", "load_formats",
           "validate"]
