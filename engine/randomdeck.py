"""Seeded random decks of supported cards, for the fuzzers and the benchmarks.

A deck is 60 cards: ``spells`` nonland cards of at most two colors (and colorless), at most
four of each (100.2a), drawn from every card the engine plays by its text, and basic
lands of its colors for the rest. The same seed gives the same deck. Cards are found by
drawing names from the corpus and compiling them on demand, so a deck costs about a
hundred compilations, not the whole corpus.
"""
from __future__ import annotations

import random
from functools import lru_cache
from typing import Callable

from engine.cardpool import CardPool, corpus
from engine.state import COMMAND_CARDS
from engine.support import unsupported_reasons

BASIC = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}
COLORS = "WUBRG"


@lru_cache(maxsize=1)
def _names() -> tuple[str, ...]:
    out = set()
    for rec in corpus().values():
        n = rec.get("name", "")
        types = rec.get("types") or []
        if not n or " // " in n or n.startswith("A-") or "Land" in types or rec.get("layout") not in (None, "normal") \
                or COMMAND_CARDS & set(types):  # 108.5, 313.3: a nontraditional card is never in a deck
            continue
        out.add(n)
    return tuple(sorted(out))


def playable(pool: CardPool, name: str) -> bool:
    """Whether the engine plays this card by its text (engine/support.py)."""
    try:
        d = pool.definition(name)
    except Exception:  # noqa: BLE001 - a card that does not compile is not playable
        return False
    return not d.unsupported and not unsupported_reasons(d)


def random_deck(rng: random.Random, pool: CardPool, spells: int = 36,
                accept: Callable[[str], bool] | None = None, among: tuple[str, ...] | None = None) -> list[str]:
    """A seeded 60-card deck of supported cards (see the module docstring). ``among``: the spells
    are drawn from these names only (the cards a change made supported, for a fuzz aimed at
    them), in the colors of one of them picked at random and one more color."""
    # 108.5, 313.3: a plane, scheme, vanguard or conspiracy card is never part of a deck
    names = tuple(n for n in among if not COMMAND_CARDS & set(corpus()[n.lower()].get("types") or ())) \
        if among else _names()
    pair = set(rng.sample(COLORS, 2))
    if among:
        ident = set(corpus()[rng.choice(among).lower()].get("colorIdentity") or ())
        if len(ident) <= 2:
            pair = ident | set(rng.sample([c for c in COLORS if c not in ident], 2 - len(ident)))
    chosen: list[str] = []
    tries = 0
    while len(chosen) < spells and tries < 20000:
        tries += 1
        n = rng.choice(names)
        if n in chosen or (accept is not None and not accept(n)):
            continue
        if not set(corpus()[n.lower()].get("colorIdentity") or ()) <= pair or not playable(pool, n):
            continue
        chosen += [n] * min(rng.randint(1, 4), spells - len(chosen))
    rng.shuffle(chosen)
    basics = sorted(pair)
    return chosen + [BASIC[basics[i % len(basics)]] for i in range(60 - len(chosen))]
