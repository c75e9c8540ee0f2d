"""Errors the engine raises at its boundary."""


class IllegalAction(Exception):
    """An answer the rules do not allow; the game is left exactly as it was."""
