"""Search results in the order a player expects (plain Python, no Qt).

The card database returns matches in name order; the deck builder shows them by
relevance to the words typed (the parts of the query that are not ``key:value`` terms):

0. the card's name is the words (``lightning bolt``);
1. every word is a whole word of the name (``bolt``: Lightning Bolt, Bolt of Keranos);
2. every word starts a word of the name (``bolt``: Boltwing Marauder);
3. the name contains the words (``bolt``: Firebolt);
4. the words match the rules text or type line only.

Within a tier, cards printed more often come first (a reprinted staple before a one-off:
Lightning Bolt before Bolt of Keranos), then shorter names, then by name.

``visible_names`` drops what a player never wants in the results: MTG Arena's rebalanced
Alchemy cards (``A-`` names) unless the search asks for them, and the doubled name of a
reversible card (``Jace Beleren // Jace Beleren``) when the card itself is there.
"""
from __future__ import annotations

import re
from typing import Callable, Iterable

from engine.cards.data import fold

__all__ = ["query_words", "relevance_tier", "rank_names", "visible_names", "single_name"]

_TERM = re.compile(r"""[-!]?[a-z]+(?:[:=<>!]+)(?:"[^"]*"|\S+)|\bor\b|\band\b|[()]""", re.I)


def query_words(text: str) -> list[str]:
    """The plain words of a search ("t:creature bolt" -> ["bolt"]), folded to lower case."""
    rest = _TERM.sub(" ", text or "")
    return [w for w in re.findall(r"[\w'-]+", fold(rest).lower()) if w]


def _name_words(name: str) -> list[str]:
    return re.findall(r"[\w'-]+", fold(name).lower())


def relevance_tier(name: str, words: list[str]) -> int:
    """The tier (0 best .. 4) of a name for the typed words (see the module docstring)."""
    if not words:
        return 4
    folded = fold(name).lower()
    faces = [fold(f).lower() for f in name.split(" // ")]
    phrase = " ".join(words)
    if phrase in faces or phrase == folded:
        return 0
    name_words = _name_words(name)
    if all(w in name_words for w in words):
        return 1
    if all(any(nw.startswith(w) for nw in name_words) for w in words):
        return 2
    if all(w in folded for w in words):
        return 3
    return 4


def rank_names(names: Iterable[str], text: str, printings: Callable[[str], int] | None = None,
               max_lookups: int = 400) -> list[str]:
    """The names by relevance to the search text; ``printings(name)`` counts a card's printings
    (asked for at most ``max_lookups`` names, those of the best tiers)."""
    words = query_words(text)
    names = list(names)
    if not words:
        return names
    tiers = {n: relevance_tier(n, words) for n in names}
    counts: dict[str, int] = {}
    if printings is not None:
        for n in sorted(names, key=lambda n: tiers[n])[:max_lookups]:
            if tiers[n] < 4:
                counts[n] = printings(n)
    return sorted(names, key=lambda n: (tiers[n], -counts.get(n, 0), len(n), n))


def single_name(name: str) -> str:
    """"Jace Beleren // Jace Beleren" -> "Jace Beleren" (a reversible card's doubled name); else the name."""
    faces = name.split(" // ")
    return faces[0] if len(faces) > 1 and all(f == faces[0] for f in faces) else name


def visible_names(names: Iterable[str], text: str, exists: Callable[[str], bool] | None = None) -> list[str]:
    """The names without Alchemy ``A-`` cards (unless the search text has ``a-``) and without the
    doubled name of a reversible card whose single name is a card too (in the results, or
    ``exists``)."""
    names = list(names)
    want_alchemy = "a-" in (text or "").lower()
    present = set(names)
    out = []
    for n in names:
        if n.startswith("A-") and not want_alchemy:
            continue
        single = single_name(n)
        if single != n and (single in present or (exists is not None and exists(single))):
            continue
        out.append(n)
    return out
