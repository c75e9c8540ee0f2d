"""Sealed pools and drafts from a set's rarity data (the card database's printings).

A booster (``make_booster``) follows a modern core set or expansion booster: one rare
slot that holds a mythic rare about one time in eight (when the set has mythics),
three uncommons, ten commons and a basic land; no card twice in one booster. Everything
takes a seeded ``random.Random``, so a seed gives the same boosters again.

Sealed (``sealed_pool``): six boosters per player, opened into one pool.

Draft (``Draft``): eight seats, three boosters each; the first and third boosters pass
left (seat i to seat i+1), the second right. Seats not played by a person are bots that
pick by a simple card rating (``rate_card``) and lean to their two main colours as the
draft goes. The engine never blocks: ``Draft.pack_for(seat)`` is the pack a person must
pick from, ``Draft.pick(seat, name)`` answers, and the bots pick as soon as every
person has. A seat's picks become its limited pool (``Draft.pool``).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Iterable

from .carddb import CardSource
from .format import SET_ALIASES
from .model import Deck

BASIC_NAMES = frozenset({"Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes", "Snow-Covered Plains",
                         "Snow-Covered Island", "Snow-Covered Swamp", "Snow-Covered Mountain",
                         "Snow-Covered Forest"})
MYTHIC_CHANCE = 1 / 8
BOOSTER_LAYOUT = {"rare": 1, "uncommon": 3, "common": 10, "basic": 1}
_RARITY = {"common": "common", "uncommon": "uncommon", "rare": "rare", "mythic": "mythic", "mythic rare": "mythic",
           "basic": "basic", "basic land": "basic", "land": "basic"}
_RARITY_SCORE = {"common": 1.0, "uncommon": 2.0, "rare": 3.2, "mythic": 3.8, "basic": 0.0}


class LimitedError(ValueError):
    """The set cannot make boosters (unknown set, no rarity data, too few cards of a rarity)."""


@dataclass(frozen=True)
class BoosterCard:
    name: str
    set_code: str
    number: str
    rarity: str        # common, uncommon, rare, mythic, basic


@dataclass
class Booster:
    id: str                              # "M19-s3-r1": opened by seat 3 in round 1 (sealed: "M19-1")
    cards: list[BoosterCard]

    def names(self) -> list[str]:
        return [c.name for c in self.cards]


@dataclass
class SetSheet:
    """A set's cards by rarity, as boosters are printed from them."""
    code: str
    by_rarity: dict[str, list[BoosterCard]]

    @property
    def has_mythics(self) -> bool:
        return bool(self.by_rarity.get("mythic"))


def set_sheet(db: CardSource, set_code: str) -> SetSheet:
    """The booster sheet of a set, or LimitedError saying plainly what the data lacks."""
    code = set_code.strip().upper()
    rows = list(db.cards_in_set(code))
    if not rows:
        for a, b in SET_ALIASES.items():      # MTG Arena's DAR is Dominaria's DOM
            other = b if code == a else a if code == b else None
            if other:
                rows = list(db.cards_in_set(other))
                code = other if rows else code
    if not rows:
        known = ", ".join(s.code for s in db.sets())
        raise LimitedError(f"the card database has no printings for set {set_code!r}; sets with printings: "
                           f"{known or 'none (import MTGJSON AllPrintings or Scryfall data)'}")
    by: dict[str, list[BoosterCard]] = {r: [] for r in ("common", "uncommon", "rare", "mythic", "basic")}
    seen: set[tuple[str, str]] = set()
    for name, p in rows:
        rarity = _RARITY.get((p.rarity or "").strip().lower())
        if name in BASIC_NAMES:
            rarity = "basic"
        if rarity is None or (name, rarity) in seen:
            continue                         # tokens, special and bonus cards are not in boosters
        seen.add((name, rarity))
        by[rarity].append(BoosterCard(name, p.set_code, str(p.number), rarity))
    # Cards numbered after the set's last basic land are planeswalker-deck and other extras,
    # not in boosters (M19 281-314, Dominaria 270-280, ...).
    basic_numbers = [_num_key(c.number)[0] for c in by["basic"] if _num_key(c.number)[0] < 10**6]
    if basic_numbers:
        last = max(basic_numbers)
        for r in ("common", "uncommon", "rare", "mythic"):
            by[r] = [c for c in by[r] if _num_key(c.number)[0] <= last]
    for cards in by.values():
        cards.sort(key=lambda c: (_num_key(c.number), c.name))
    missing = [f"{n} {r}" for r, n in (("common", 10), ("uncommon", 3)) if len(by[r]) < n]
    if not by["rare"] and not by["mythic"]:
        missing.append("1 rare")
    if missing:
        have = ", ".join(f"{len(v)} {k}" for k, v in by.items())
        raise LimitedError(f"set {code} cannot make boosters: a booster needs at least {', '.join(missing)} "
                           f"with rarity data, and the card database has {have}")
    return SetSheet(code, by)


def _num_key(number: str) -> tuple[int, str]:
    digits = "".join(ch for ch in number if ch.isdigit())
    return (int(digits) if digits else 10**6, number)


def make_booster(sheet: SetSheet, rng: random.Random, booster_id: str = "") -> Booster:
    by = sheet.by_rarity
    cards: list[BoosterCard] = []
    if sheet.has_mythics and (not by["rare"] or rng.random() < MYTHIC_CHANCE):
        cards.append(rng.choice(by["mythic"]))
    else:
        cards.append(rng.choice(by["rare"]))
    cards += rng.sample(by["uncommon"], BOOSTER_LAYOUT["uncommon"])
    cards += rng.sample(by["common"], BOOSTER_LAYOUT["common"])
    if by["basic"]:
        cards.append(rng.choice(by["basic"]))
    else:
        cards.append(BoosterCard(rng.choice(sorted(BASIC_NAMES - {"Wastes"} - {n for n in BASIC_NAMES
                                                                             if n.startswith("Snow")})),
                                 sheet.code, "", "basic"))
    return Booster(booster_id or sheet.code, cards)


def pool_deck(cards: Iterable[BoosterCard], name: str = "") -> Deck:
    """A pool as a Deck (every card in the main list), keeping a printing per card."""
    deck = Deck(name=name)
    for c in cards:
        deck.add(c.name)
        deck.printings.setdefault(c.name, (c.set_code, c.number))
    return deck


def sealed_pool(db: CardSource, set_codes: str | list[str], seed: int, boosters: int = 6) -> tuple[list[Booster], Deck]:
    """Open `boosters` boosters (of one set, or one set per booster); returns them and the pool."""
    codes = [set_codes] * boosters if isinstance(set_codes, str) else list(set_codes)
    rng = random.Random(seed)
    sheets: dict[str, SetSheet] = {}
    packs = []
    for i, code in enumerate(codes, 1):
        sheet = sheets.get(code) or sheets.setdefault(code, set_sheet(db, code))
        packs.append(make_booster(sheet, rng, f"{sheet.code}-{i}"))
    label = "/".join(dict.fromkeys(s.code for s in sheets.values()))
    return packs, pool_deck((c for b in packs for c in b.cards), f"{label} sealed (seed {seed})")


# -- draft ----------------------------------------------------------------------------------

def rate_card(card: Any, rarity: str, colors: dict[str, float] | None = None) -> float:
    """A simple pick rating: rarity, creatures and removal first, fewer expensive cards,
    and (given a bot's colour weights) cards in its main colours."""
    score = _RARITY_SCORE.get(rarity, 1.0)
    if card is None:
        return score
    types = {t.lower() for t in (getattr(card, "types", ()) or ())}
    text = (getattr(card, "text", "") or "").lower()
    if "creature" in types:
        score += 0.6
    if any(w in text for w in ("destroy target", "damage to target", "damage to any target", "exile target")):
        score += 0.8
    if "land" in types and "basic" not in {s.lower() for s in getattr(card, "supertypes", ()) or ()}:
        score -= 0.3
    mv = float(getattr(card, "mana_value", 0) or 0)
    score -= 0.15 * max(0.0, mv - 4)
    card_colors = set(getattr(card, "colors", ()) or ())
    if colors:
        main = sorted(colors, key=lambda c: -colors[c])[:2]
        if not card_colors:
            score += 0.4
        elif card_colors <= set(main):
            score += 1.0 * min(1.0, sum(colors.values()) / 4)
        else:
            score -= 0.5 * min(1.0, sum(colors.values()) / 4)
    return score


@dataclass
class PickRecord:
    round: int          # 1..3
    pick: int           # 1..15 within the round
    seat: int
    name: str
    booster: str        # the booster's id


@dataclass
class Draft:
    db: CardSource
    sets: list[str]                      # one set code per round
    seed: int
    seats: int = 8
    humans: frozenset[int] = frozenset({0})
    rng: random.Random = field(default=None, repr=False)  # type: ignore[assignment]
    round: int = 0
    pick_no: int = 0
    packs: list[Booster] = field(default_factory=list)         # packs[seat]: the pack in front of that seat
    picks: list[list[BoosterCard]] = field(default_factory=list)
    waiting: set[int] = field(default_factory=set)             # human seats still to pick this step
    log: list[PickRecord] = field(default_factory=list)
    _cards: dict[str, Any] = field(default_factory=dict, repr=False)

    @classmethod
    def new(cls, db: CardSource, sets: str | list[str], seed: int, seats: int = 8,
            humans: Iterable[int] = (0,)) -> "Draft":
        codes = [sets] * 3 if isinstance(sets, str) else list(sets)
        for code in dict.fromkeys(codes):
            set_sheet(db, code)              # fail early, and plainly
        d = cls(db, codes, seed, seats, frozenset(humans), random.Random(seed))
        d.picks = [[] for _ in range(seats)]
        d._open_round()
        if not d.waiting:
            d._bots_pick_and_pass()
        return d

    # -- state -------------------------------------------------------------------------
    @property
    def done(self) -> bool:
        return self.round > len(self.sets)

    def direction(self, round_no: int | None = None) -> int:
        """+1: pass left (to seat i+1), -1: pass right."""
        r = self.round if round_no is None else round_no
        return 1 if r % 2 == 1 else -1

    def pack_for(self, seat: int) -> Booster | None:
        """The pack the seat must pick from now, or None when it has picked (or the draft is over)."""
        if self.done or seat not in self.waiting:
            return None
        return self.packs[seat]

    def pool(self, seat: int) -> Deck:
        return pool_deck(self.picks[seat], f"{'/'.join(dict.fromkeys(self.sets))} draft (seed {self.seed}), "
                                           f"seat {seat + 1}")

    # -- answers ---------------------------------------------------------------------
    def pick(self, seat: int, name: str) -> None:
        if self.done:
            raise ValueError("the draft is over")
        if seat not in self.waiting:
            raise ValueError(f"seat {seat + 1} has no pick to make now")
        pack = self.packs[seat]
        for i, c in enumerate(pack.cards):
            if c.name.lower() == name.strip().lower():
                self._take(seat, i)
                break
        else:
            raise ValueError(f"{name} is not in the pack of seat {seat + 1}: {', '.join(pack.names())}")
        self.waiting.discard(seat)
        if not self.waiting:
            self._bots_pick_and_pass()

    def run_bots(self) -> None:
        """Let bots make every pick, humans' seats included (for a quick or a test draft)."""
        while not self.done:
            seat = min(self.waiting)
            self.pick(seat, self.bot_choice(seat).name)

    def bot_choice(self, seat: int) -> BoosterCard:
        weights: dict[str, float] = {}
        for c in self.picks[seat]:
            card = self._card(c.name)
            for col in getattr(card, "colors", ()) or ():
                weights[col] = weights.get(col, 0.0) + 1.0
        best = None
        for c in self.packs[seat].cards:
            score = rate_card(self._card(c.name), c.rarity, weights) + self.rng.random() * 0.01
            if best is None or score > best[0]:
                best = (score, c)
        return best[1]

    # -- internals ---------------------------------------------------------------------
    def _card(self, name: str):
        if name not in self._cards:
            self._cards[name] = self.db.get(name)
        return self._cards[name]

    def _open_round(self) -> None:
        self.round += 1
        self.pick_no = 1
        if self.done:
            self.packs = []
            self.waiting = set()
            return
        sheet = set_sheet(self.db, self.sets[self.round - 1])
        self.packs = [make_booster(sheet, self.rng, f"{sheet.code}-s{s}-r{self.round}") for s in range(self.seats)]
        self.waiting = set(self.humans)

    def _take(self, seat: int, index: int) -> None:
        pack = self.packs[seat]
        card = pack.cards.pop(index)
        self.picks[seat].append(card)
        self.log.append(PickRecord(self.round, self.pick_no, seat, card.name, pack.id))

    def _bots_pick_and_pass(self) -> None:
        while True:
            for seat in range(self.seats):
                if seat not in self.humans:
                    choice = self.bot_choice(seat)
                    self._take(seat, self.packs[seat].cards.index(choice))
            step = self.direction()
            # seat i hands its pack to seat i+step: seat i receives from seat i-step
            self.packs = [self.packs[(s - step) % self.seats] for s in range(self.seats)]
            self.pick_no += 1
            if not self.packs[0].cards:
                self._open_round()
                if self.done or self.waiting:
                    return
                continue
            self.waiting = set(self.humans)
            if self.waiting:
                return
