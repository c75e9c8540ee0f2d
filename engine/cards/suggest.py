"""Card-name suggestions: the names nearest to a name the card database does not know.

One ``NameIndex`` serves the card database (engine.cards.db) and the in-memory pool
(engine.decks.memorydb). Names are compared by their fold key (case, spacing and
diacritics folded, engine.cards.data.fold_key). The ranking:

1. the closest spelling (rapidfuzz's normalised Indel similarity, the measure difflib's
   ``ratio`` approximates, at least 60 of 100; ties go to the smaller Levenshtein distance),
   so "Lightnig Bolt" gives Lightning Bolt first;
2. for three letters or more, names that start with what was typed, shortest first, then
   names that contain it, shortest first ("tarmog" gives Tarmogoyf);
3. the other close spellings, best first.

Substring hits come from ``str.find`` over all keys joined in one string and close
spellings from ``rapidfuzz.process.extract``, both in C: about a millisecond per name on
the 36,000 names of the full database (``python -m engine.cards.bench_suggest``), where
difflib took over 100 ms.
"""
from __future__ import annotations

import bisect
from typing import Iterable

from rapidfuzz import fuzz, process
from rapidfuzz.distance import Levenshtein

from engine.cards.data import fold_key

__all__ = ["NameIndex", "MIN_SCORE"]

MIN_SCORE = 60


class NameIndex:
    """Suggestions over a fixed set of names. ``pairs``: (name to match, name to show)."""

    def __init__(self, pairs: Iterable[tuple[str, str]]) -> None:
        shown: dict[str, str] = {}
        for name, show in pairs:
            shown.setdefault(fold_key(name), show)
        self._shown = shown
        self._keys = list(shown)
        self._joined = "\n".join(self._keys)
        self._starts: list[int] = []
        at = 0
        for k in self._keys:
            self._starts.append(at)
            at += len(k) + 1

    def __len__(self) -> int:
        return len(self._keys)

    def _containing(self, key: str) -> tuple[list[str], list[str]]:
        """The keys that start with ``key`` and the keys that contain it elsewhere."""
        starts: list[str] = []
        inside: list[str] = []
        seen: set[int] = set()
        pos = self._joined.find(key)
        while pos >= 0:
            i = bisect.bisect_right(self._starts, pos) - 1
            if i not in seen:
                seen.add(i)
                (starts if pos == self._starts[i] else inside).append(self._keys[i])
            pos = self._joined.find(key, pos + 1)
        return starts, inside

    def suggest(self, name: str, n: int = 5) -> list[str]:
        """Up to ``n`` names nearest to ``name`` (see the module's ranking); [] for a blank name."""
        key = fold_key(name or "").strip() if isinstance(name, str) else ""
        if not key or n <= 0 or "\n" in key:
            return []
        hits = process.extract(key, self._keys, scorer=fuzz.ratio, limit=max(n, 10), score_cutoff=MIN_SCORE)
        # equal ratios (one letter swapped for another counts as two edits there) go to the
        # name fewer keystrokes away: "Brainstorn" is Brainstorm before Brainstone
        hits.sort(key=lambda h: (-h[1], Levenshtein.distance(key, h[0]), h[2]))
        close = [k for k, _, _ in hits[:n]]
        near: list[str] = []
        if len(key) >= 3:
            starts, inside = self._containing(key)
            near = sorted(starts, key=len)[:n] + sorted(inside, key=len)[:n]
        ranked = list(dict.fromkeys(close[:1] + near + close))
        return list(dict.fromkeys(self._shown[k] for k in ranked))[:n]
