"""Sealed pools and drafts from a set's printings and its collation (engine.decks.collation).

A booster (``make_booster``) fills the slots of its set's collation in order: each slot
takes a card from one of its sheets (a rarity, maybe narrowed to a kind of card), then
the collation's rules are checked (War of the Spark: exactly one planeswalker), and about
one pack in six a foil of any rarity replaces the last common (shown, no rules effect).
No card is in one booster twice. Everything takes a seeded ``random.Random``, so a seed
gives the same boosters again; ``new_seed()`` is a fresh one, to show and share.

Sealed (``sealed_pool``): six boosters per player, opened into one pool.

Draft (``Draft``): eight seats, three boosters each; the first and third boosters pass
left (seat i to seat i+1), the second right. Seats are counted from 0 in code and shown
from 1 everywhere (booster ids, pool names, ``--seat``). Seats not played by a person
are bots that pick by ``rate_card`` (engine.decks.ratings: the card's effects first,
rarity last) and lean to their two main colours as the draft goes. The engine never
blocks: ``Draft.pack_for(seat)`` is the pack a person must pick from,
``Draft.pick(seat, name)`` answers, and the bots pick as soon as every person has. A
seat's picks become its limited pool (``Draft.pool``).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Iterable

from engine.cards import printings

from .carddb import CardSource
from .collation import FOIL_CHANCE, Collation, card_kinds, collation, parse_sheet
from .format import SET_ALIASES
from .model import Deck
from .ratings import IDEAL_CURVE, curve_bonus, curve_bucket, rate_card

BASIC_NAMES = frozenset({"Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes", "Snow-Covered Plains",
                         "Snow-Covered Island", "Snow-Covered Swamp", "Snow-Covered Mountain",
                         "Snow-Covered Forest"})
# a foil's rarity, drawn as a pack's own cards are (ten commons, three uncommons, a rare or mythic)
FOIL_RARITY = (("common", 10.0), ("uncommon", 3.0), ("rare", 7 / 8), ("mythic", 1 / 8))
_RARITY = {"common": "common", "uncommon": "uncommon", "rare": "rare", "mythic": "mythic", "mythic rare": "mythic",
           "basic": "basic", "basic land": "basic", "land": "basic"}
_PLAIN_BASICS = ("Forest", "Island", "Mountain", "Plains", "Swamp")


class LimitedError(ValueError):
    """The set cannot make boosters (unknown set, no rarity data, too few cards of a rarity)."""


def new_seed() -> int:
    """A fresh random seed (from the operating system), short enough to read out and share."""
    return random.SystemRandom().randrange(1, 10**9)


@dataclass(frozen=True)
class BoosterCard:
    name: str
    set_code: str
    number: str
    rarity: str        # common, uncommon, rare, mythic, basic; special (a timeshifted card)
    foil: bool = False  # shown as foil; no rules effect


@dataclass
class Booster:
    id: str                              # "M19-s3-r1": opened by seat 3 (of 1-8) in round 1 (sealed: "M19-1")
    cards: list[BoosterCard]

    def names(self) -> list[str]:
        return [c.name for c in self.cards]


@dataclass
class SetSheet:
    """A set's cards by rarity, the kinds of each card, and the set's collation."""
    code: str
    by_rarity: dict[str, list[BoosterCard]]
    kinds: dict[str, frozenset[str]] = field(default_factory=dict)
    collation: Collation = field(default_factory=lambda: collation(""))
    others: dict[str, list[BoosterCard]] = field(default_factory=dict)   # "@CODE" sheets: another set's cards
    _sheets: dict[str, list[BoosterCard]] = field(default_factory=dict, repr=False)

    @property
    def has_mythics(self) -> bool:
        return bool(self.by_rarity.get("mythic"))

    def sheet(self, name: str) -> list[BoosterCard]:
        """The cards of a sheet ("common", "uncommon:dfc", "common:!guildgate")."""
        if name not in self._sheets:
            rarity, kind, wanted = parse_sheet(name)
            cards = self.others.get(rarity[1:], []) if rarity.startswith("@") else self.by_rarity.get(rarity, [])
            if kind is not None:
                cards = [c for c in cards if (kind in self.kinds.get(c.name, ())) == wanted]
            self._sheets[name] = cards
        return self._sheets[name]


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
        known = ", ".join(s[0] for s in booster_sets(db))
        raise LimitedError(f"the card database has no printings for set {set_code!r}; sets that open boosters: "
                           f"{known or 'none (import MTGJSON AllPrintings or Scryfall data)'}")
    by = _by_rarity(rows)
    missing = _missing(by)
    if missing:
        have = ", ".join(f"{len(v)} {k}" for k, v in by.items())
        raise LimitedError(f"set {code} cannot make boosters: a booster needs at least {', '.join(missing)} "
                           f"with rarity data, and the card database has {have}")
    col = collation(code, *_printed_layout(code))
    others = {}
    for sheet in col.sheets():
        if sheet.startswith("@"):              # another set's cards (Time Spiral's timeshifted slot)
            others[sheet[1:]] = sorted((BoosterCard(name, p.set_code, str(p.number), "special")
                                        for name, p in db.cards_in_set(sheet[1:])),
                                       key=lambda c: (_num_key(c.number), c.name))
    kinds = {c.name: card_kinds(db.get(c.name)) for cards in (*by.values(), *others.values()) for c in cards}
    return SetSheet(code, by, kinds, col, others)


def _by_rarity(rows: Iterable[Any]) -> dict[str, list[BoosterCard]]:
    """A set's printings by booster rarity, each card once, in collector-number order; tokens,
    special cards and those numbered after the last basic land (not in boosters) left out."""
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
    if basic_numbers and not _booster_only(by):
        last = max(basic_numbers)
        for r in ("common", "uncommon", "rare", "mythic"):
            by[r] = [c for c in by[r] if _num_key(c.number)[0] <= last]
    for cards in by.values():
        cards.sort(key=lambda c: (_num_key(c.number), c.name))
    return by


def _booster_only(by: dict[str, list[BoosterCard]]) -> bool:
    """Whether the printings data lists only the set's booster cards (see engine.cards.printings)."""
    code = next((c.set_code for cards in by.values() for c in cards), "")
    return bool(code) and printings.booster_only(code)


def _missing(by: dict[str, list[BoosterCard]]) -> list[str]:
    """What a booster needs that the set's cards lack ("10 common", "1 rare"), or []."""
    missing = [f"{n} {r}" for r, n in (("common", 10), ("uncommon", 3)) if len(by[r]) < n]
    if not by["rare"] and not by["mythic"]:
        missing.append("1 rare")
    return missing


def booster_sets(db: CardSource) -> list[tuple[str, str, str]]:
    """The sets that were sold in boosters and that the card data can open, newest first, as
    (code, name, release date): a set the printings data gives a booster layout (a Duel Deck or
    a Commander set has none), or one it does not know (the Arena sets), with enough cards of
    each rarity for a booster (``set_sheet`` opens each of them)."""
    out = []
    for info in db.sets():
        if printings.released(info.code) and not printings.booster_layout(info.code):
            continue                         # in the printings data, and never in boosters
        if not _missing(_by_rarity(db.cards_in_set(info.code))):
            out.append((info.code, info.name, getattr(info, "released", "") or ""))
    out.sort(key=lambda s: (s[2], s[0]), reverse=True)
    return out


def _printed_layout(code: str) -> tuple[list | None, str]:
    """The set's printed booster layout and release date (None and "" when the data lacks them)."""
    return printings.booster_layout(code), printings.released(code)


def _num_key(number: str) -> tuple[int, str]:
    digits = "".join(ch for ch in number if ch.isdigit())
    return (int(digits) if digits else 10**6, number)


def _draw(sheet: SetSheet, choices: Iterable[tuple[str, float]], rng: random.Random,
          taken: set[str]) -> BoosterCard | None:
    """One card of a slot: a sheet by weight among those with a card not yet in the pack, then a card of it."""
    options = [(name, w) for name, w in choices if any(c.name not in taken for c in sheet.sheet(name))]
    if not options:
        # the slot's sheets are empty in this set (a rarity it lacks): its rarities without the kind
        options = [(parse_sheet(name)[0], w) for name, w in choices
                   if any(c.name not in taken for c in sheet.sheet(parse_sheet(name)[0]))]
    if not options:
        return None
    name = rng.choices([o[0] for o in options], weights=[o[1] for o in options])[0]
    cards = [c for c in sheet.sheet(name) if c.name not in taken]
    card = rng.choice(cards)
    if name.endswith("*"):                  # a foil slot (collation: "rare*")
        card = BoosterCard(card.name, card.set_code, card.number, card.rarity, foil=True)
    return card


def make_booster(sheet: SetSheet, rng: random.Random, booster_id: str = "") -> Booster:
    """A booster of the set, by its collation (see the module docstring)."""
    col = sheet.collation
    cards: list[BoosterCard] = []
    slots: list[int] = []                # the slot index of each card
    taken: set[str] = set()
    for i, slot in enumerate(col.slots):
        card: BoosterCard | None
        if all(parse_sheet(name)[0] == "basic" for name, _w in slot) and not sheet.by_rarity["basic"]:
            card = BoosterCard(rng.choice(_PLAIN_BASICS), sheet.code, "", "basic")
        else:
            card = _draw(sheet, slot, rng, taken)
        if card is None:
            continue
        cards.append(card)
        slots.append(i)
        taken.add(card.name)
    for rule, kind, replace in col.rules:
        _apply_rule(sheet, cards, slots, taken, rng, rule, kind, replace)
    if col.foil and rng.random() < FOIL_CHANCE:
        commons = [i for i, c in enumerate(cards) if c.rarity == "common" and _plain_common(col.slots[slots[i]])]
        if commons:
            i = commons[-1]
            taken.discard(cards[i].name)
            foil = _draw(sheet, FOIL_RARITY, rng, taken)
            if foil is not None:
                cards[i] = BoosterCard(foil.name, foil.set_code, foil.number, foil.rarity, foil=True)
            taken.add(cards[i].name)
    return Booster(booster_id or sheet.code, cards)


def _plain_common(slot) -> bool:
    """A slot of commons only, none of a wanted kind: a foil replaces such a card, never the
    double-faced card or the guildgate of a slot of their own."""
    return all(parse_sheet(name)[0] == "common" and (parse_sheet(name)[1] is None or not parse_sheet(name)[2])
               for name, _w in slot)


def _apply_rule(sheet: SetSheet, cards: list[BoosterCard], slots: list[int], taken: set[str],
                rng: random.Random, rule: str, kind: str, replace: str) -> None:
    """Make the pack hold exactly one / at least one card of a kind (collation rules)."""
    has = [i for i, c in enumerate(cards) if kind in sheet.kinds.get(c.name, ())]
    if not has:
        targets = [i for i, c in enumerate(cards) if c.rarity == parse_sheet(replace)[0]]
        pool = [c for c in sheet.sheet(f"{parse_sheet(replace)[0]}:{kind}") if c.name not in taken]
        if targets and pool:
            i = targets[0]
            taken.discard(cards[i].name)
            cards[i] = rng.choice(pool)
            taken.add(cards[i].name)
    elif rule == "exactly_one":
        for i in has[1:]:
            slot = sheet.collation.slots[slots[i]]
            without = [(f"{parse_sheet(n)[0]}:!{kind}", w) for n, w in slot]
            card = _draw(sheet, without, rng, taken)
            if card is not None:
                taken.discard(cards[i].name)
                cards[i] = card
                taken.add(card.name)


def pool_deck(cards: Iterable[BoosterCard], name: str = "") -> Deck:
    """A pool as a Deck (every card in the main list), keeping a printing per card and its foils."""
    deck = Deck(name=name)
    for c in cards:
        deck.add(c.name)
        deck.printings.setdefault(c.name, (c.set_code, c.number))
        if c.foil:
            deck.foils[c.name] = deck.foils.get(c.name, 0) + 1
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
    _sheets: dict[str, SetSheet] = field(default_factory=dict, repr=False)

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
        """A bot's pick: the card's rating (its effects, leaning to the bot's two main colours
        once it has settled on them) plus what it adds to the curve of the picks in those
        colours (``ratings.curve_bonus``), a little randomness breaking ties."""
        weights: dict[str, float] = {}
        for c in self.picks[seat]:
            card = self._card(c.name)
            for col in getattr(card, "colors", ()) or ():
                weights[col] = weights.get(col, 0.0) + 1.0
        main = set(sorted(weights, key=lambda c: -weights[c])[:2])
        have = [0] * len(IDEAL_CURVE)
        for c in self.picks[seat]:
            card = self._card(c.name)
            if card is not None and "Land" not in (card.types or ()) and set(card.colors or ()) <= main:
                have[curve_bucket(card)] += 1
        settled = min(1.0, sum(weights.values()) / 4)
        # two thirds of a drafter's picks end in its colours: 30 of 45 for a 23-spell deck
        share = 1.3 * (len(self.picks[seat]) + 1) / (15 * len(self.sets))
        best: tuple[float, BoosterCard] | None = None
        for c in self.packs[seat].cards:
            card = self._card(c.name)
            score = rate_card(card, c.rarity, weights) + settled * curve_bonus(card, have, share)
            score += self.rng.random() * 0.01
            if best is None or score > best[0]:
                best = (score, c)
        assert best is not None, "a seat picks from a pack with cards"
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
        code = self.sets[self.round - 1]
        sheet = self._sheets.get(code) or self._sheets.setdefault(code, set_sheet(self.db, code))
        self.packs = [make_booster(sheet, self.rng, f"{sheet.code}-s{s + 1}-r{self.round}")
                      for s in range(self.seats)]
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


# -- a bot's deck --------------------------------------------------------------------------

_BASIC_OF = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}


def bot_deck(db: CardSource, cards: Iterable[BoosterCard], name: str = "", spells: int = 23,
             size: int = 40) -> Deck:
    """A limited deck of ``size`` cards from a pool, as a bot builds it.

    - Colours: the pair whose ``spells`` best castable cards (colourless ones too) rate highest.
    - Spells: chosen one at a time by rating plus what each adds to the curve
      (``ratings.curve_bonus``); when the pair is short, a splash of the third colour's best.
    - Lands: 17 basics, 16 under a low curve (mean mana value 2.5 or less), 18 under a high one
      (3.5 or more), split by each colour's share of the mana symbols, a splash colour getting
      three at least. The rest of the pool is the sideboard.
    """
    pool = [c for c in cards if c.name not in BASIC_NAMES]
    rated = []
    for c in pool:
        card = db.get(c.name)
        if card is not None and "Land" not in (getattr(card, "types", ()) or ()):
            rated.append((rate_card(card, c.rarity), c.name, card))
    rated.sort(key=lambda r: (-r[0], r[1]))

    def cols(r: tuple[float, str, Any]) -> set[str]:
        return set(getattr(r[2], "colors", ()) or ())

    pairs = [{a, b} for i, a in enumerate("WUBRG") for b in "WUBRG"[i + 1:]]
    pair = max(pairs, key=lambda p: (sum(r[0] for r in [r for r in rated if cols(r) <= p][:spells]),
                                     "".join(sorted(p))))
    playable = [r for r in rated if cols(r) <= pair]
    splash: set[str] = set()
    if len(playable) < spells:          # too few in two colours: the best cards of a third
        strength = {c: sum(r[0] for r in rated if cols(r) <= pair | {c}) for c in "WUBRG" if c not in pair}
        splash = {max(sorted(strength), key=lambda c: strength[c])}
        playable += [r for r in rated if r not in playable and cols(r) <= pair | splash]
    chosen = _curve_pick(playable, spells)
    mean_mv = sum(_number(getattr(r[2], "mana_value", 0)) for r in chosen) / max(1, len(chosen))
    lands = 16 if mean_mv <= 2.5 else 18 if mean_mv >= 3.5 else 17
    lands = max(lands, size - len(playable))   # a pool short of spells: more lands, never off-colour cards
    chosen = _curve_pick(playable, size - lands)
    deck = Deck(name=name)
    pips = {col: 0 for col in pair}
    for _s, nm, card in chosen:
        deck.add(nm)
        for col in "WUBRG":
            n = (getattr(card, "mana_cost", "") or "").count(col)
            if n:
                pips[col] = pips.get(col, 0) + n
    lands = size - deck.main_count
    total = sum(pips.values()) or 1
    order = sorted(pips, key=lambda c: (-pips[c], c))
    counts = {col: round(lands * pips[col] / total) for col in order}
    for col in order:                   # a splash (or a thin colour) needs three sources to be cast
        if pips[col] and counts[col] < 3:
            counts[order[0]] -= 3 - counts[col]
            counts[col] = 3
    counts[order[0]] += lands - sum(counts.values())
    for col, n in counts.items():
        if n > 0:
            deck.add(_BASIC_OF[col], n)
    for c in pool:
        in_main = deck.main.get(c.name, 0)
        taken = sum(1 for x in pool if x.name == c.name)
        if in_main < taken and deck.sideboard.get(c.name, 0) < taken - in_main:
            deck.add(c.name, sideboard=True)
    return deck


def _number(v: Any) -> float:
    try:
        return float(v)
    except (TypeError, ValueError):
        return 0.0


def _curve_pick(rated: list[tuple[float, str, Any]], n: int) -> list[tuple[float, str, Any]]:
    """``n`` cards of ``rated`` (best first), each the best by rating plus curve bonus given
    those taken before it."""
    left = list(rated)
    out: list[tuple[float, str, Any]] = []
    have = [0] * len(IDEAL_CURVE)
    share = n / sum(IDEAL_CURVE)
    while left and len(out) < n:
        r = max(left, key=lambda r: r[0] + curve_bonus(r[2], have, share))
        left.remove(r)
        out.append(r)
        have[curve_bucket(r[2])] += 1
    return out
