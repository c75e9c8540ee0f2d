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


# ------------------------------------------------------------------ the casual variants' cards
#: the casual variants and the types of their nontraditional cards (901 Planechase, 904 Archenemy, 902 Vanguard,
#: 905.4 conspiracies)
CASUAL_VARIANTS = {"planechase": ("Plane", "Phenomenon"), "archenemy": ("Scheme",), "vanguard": ("Vanguard",),
                   "conspiracy": ("Conspiracy",)}
_CASUAL_KINDS = ("Plane", "Phenomenon", "Scheme", "Vanguard", "Conspiracy")


def casual_type(pool: CardPool, name: str) -> str | None:
    """The nontraditional card type of the card ``name`` (plane, phenomenon, scheme, vanguard, conspiracy), or None."""
    rec = corpus().get(name.lower())
    types = list(rec.get("types") or []) if rec is not None else None
    if types is None:
        try:
            types = list(pool.definition(name).types)
        except KeyError:
            return None
    return next((t for t in _CASUAL_KINDS if t in types), None)


@lru_cache(maxsize=4)
def casual_cards(pool: CardPool, only: frozenset[str] | None = None) -> dict[str, tuple[str, ...]]:
    """The plane, phenomenon, scheme, vanguard and conspiracy cards the engine plays by their text (of ``only``
    when it names some), by type, sorted."""
    names = sorted(only) if only and any(casual_type(pool, n) for n in only) else \
        sorted(r.get("name", "") for r in corpus().values()
               if COMMAND_CARDS & set(r.get("types") or ()) and r.get("name"))
    got: dict[str, list[str]] = {}
    for n in names:
        t = casual_type(pool, n)
        if t and playable(pool, n):
            got.setdefault(t, []).append(n)
    return {t: tuple(v) for t, v in got.items()}


def random_casual(rng: random.Random, names: list[str], pool: CardPool, variants: "tuple[str, ...] | list[str]",
                  only: frozenset[str] | None = None) -> dict[str, object]:
    """Game.new's ``casual`` built at random from the supported cards: for "planechase" a planar deck of ten for
    each player, at most two phenomena (901.3); for "archenemy" a scheme deck of twenty, no more than two of a name
    (904.3), for the first player (two players) or for each (more: the Supervillain Rumble option, 904.12); for
    "vanguard" an avatar each (902.3); for "conspiracy" a conspiracy each (905.4). A variant with too few supported
    cards is left out."""
    cards = casual_cards(pool, only)
    out: dict[str, object] = {}
    planes, phen = list(cards.get("Plane", ())), list(cards.get("Phenomenon", ()))
    if "planechase" in variants and len(planes) >= 8:
        decks = {}
        for n in names:
            k = min(2, len(phen), rng.randint(0, 2))
            decks[n] = rng.sample(planes, 10 - k) + rng.sample(phen, k)
            rng.shuffle(decks[n])
        out["planar"] = decks
    schemes = list(cards.get("Scheme", ()))
    if "archenemy" in variants and len(schemes) >= 10:
        sdecks = {}
        for n in (names[:1] if len(names) == 2 else names):
            deck = rng.sample(schemes, 10) * 2 if len(schemes) < 20 else rng.sample(schemes, 20)
            rng.shuffle(deck)
            sdecks[n] = deck
        out["schemes"] = sdecks
    if "vanguard" in variants and cards.get("Vanguard"):
        out["vanguard"] = {n: rng.choice(cards["Vanguard"]) for n in names}
    if "conspiracy" in variants and cards.get("Conspiracy"):
        out["conspiracies"] = {n: [rng.choice(cards["Conspiracy"])] for n in names}
    return out
