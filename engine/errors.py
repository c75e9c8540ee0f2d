"""Errors the engine raises at its boundary."""
from __future__ import annotations

from typing import Any


class IllegalAction(Exception):
    """An answer the rules do not allow; the game is left exactly as it was."""


class Unsupported(RuntimeError):
    """The compiled data of a card asks the runtime for what it does not evaluate (an amount,
    a reference): an engine bug, not the player's (engine/contract.py refuses such cards).
    Not an IllegalAction, so an answer that meets it is contained as an engine fault rather
    than refused as if the player had broken a rule (a pass that could never be taken)."""


class EngineFault(Exception):
    """An engine bug met while carrying out an answer (anything but IllegalAction, in the
    answer or in what it set off until the next decision). The game has been put back
    exactly as it was before the answer; ``decision`` (kind, player, data), ``answer``,
    ``traceback`` (text) and ``report`` (the bug report's path, or None if it could not be
    written) say what failed."""

    def __init__(self, message: str, decision: dict[str, Any], answer: Any, traceback: str,
                 report: str | None = None) -> None:
        super().__init__(message)
        self.decision = decision
        self.answer = answer
        self.traceback = traceback
        self.report = report
