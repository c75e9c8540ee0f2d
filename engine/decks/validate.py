"""The generic validator: a deck against a Format (data), reading cards from the card database.

validate() returns every problem, never stopping at the first. Each Problem names the
card (None for the deck as a whole), the rule broken and a message for people.

Rules (Problem.rule):
    unknown-card      the card is not in the card database
    deck-size         too few or too many main-deck cards
    sideboard-size    too many sideboard cards
    copy-limit        more copies than the format allows (singleton formats say so)
    restricted        more than one copy of a restricted card
    banned            a banned card (or a card of a banned type)
    set-legality      not printed in any set legal in the format
    unknown-legality  a warning, once per deck: the format is set-based, the card database lacks
                      printings for some of its sets (no MTGJSON/Scryfall import), and so it cannot
                      tell for the cards it names; it says so instead of guessing
    commander         no commander, an ineligible commander, or a commander in a format without one
    color-identity    a card outside the commander's color identity
    pool              a limited deck using cards its pool does not hold, or no pool given
"""
from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from typing import Any, Mapping

from engine.cards.data import fold_key, wubrg
from engine.commander import BACKGROUND, COMPANION, pair_problems

from .carddb import CardSource, card_text, is_basic_land
from .format import CommanderRule, Format, norm_set
from .model import Deck


@dataclass(frozen=True)
class Problem:
    rule: str
    card: str | None
    message: str
    severity: str = "error"     # "error" makes the deck illegal; "warning" only informs

    def to_dict(self) -> dict:
        return asdict(self)

    @property
    def is_error(self) -> bool:
        return self.severity == "error"


def is_legal(problems: list[Problem]) -> bool:
    """True when no problem is an error (warnings allowed)."""
    return not any(p.is_error for p in problems)


_ANY_NUMBER = re.compile(r"a deck can have any number of cards named", re.I)
_UP_TO = re.compile(r"a deck can have up to (\w+) cards named", re.I)
_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
          "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}
_UNLIMITED = -1


def text_copy_limit(card: Any) -> int | None:
    """The copy limit a card's own text sets: _UNLIMITED, a number, or None."""
    text = card_text(card)
    if "cards named" not in text:
        return None
    if _ANY_NUMBER.search(text):
        return _UNLIMITED
    m = _UP_TO.search(text)
    if m:
        word = m.group(1).lower()
        return int(word) if word.isdigit() else _WORDS.get(word)
    return None


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


class Validator:
    """Validates decks against one format; keeps the card lookups it has made (cheap re-validation)."""

    def __init__(self, db: CardSource, fmt: Format):
        self.db = db
        self.fmt = fmt
        self._cards: dict[str, Any] = {}
        self._printings: dict[str, frozenset[str]] = {}
        self._covered: frozenset[str] | None = None

    # -- lookups (cached) ----------------------------------------------------------
    def card(self, name: str):
        key = name.lower()
        try:
            return self._cards[key]
        except KeyError:
            card = self._cards[key] = self.db.get(name)
            return card

    def _printed_in(self, card) -> frozenset[str]:
        key = card.name.lower()
        got = self._printings.get(key)
        if got is None:
            got = self._printings[key] = frozenset(norm_set(p.set_code) for p in self.db.printings(card.name))
        return got

    def covered_sets(self) -> frozenset[str]:
        """Sets for which the card database has printings."""
        if self._covered is None:
            self._covered = frozenset(norm_set(s.code) for s in self.db.sets()
                                      if getattr(s, "card_count", 1))
        return self._covered

    # -- the rules -----------------------------------------------------------------
    def validate(self, deck: Deck, pool: Deck | Mapping[str, int] | None = None) -> list[Problem]:
        fmt = self.fmt
        problems: list[Problem] = []
        add = problems.append
        counts: dict[str, int] = {}
        cards: dict[str, Any] = {}
        for name, n in deck.all_counts().items():
            card = self.card(name)
            key = card.name if card is not None else name   # "Fire" and "Fire // Ice" are one card
            counts[key] = counts.get(key, 0) + n
            cards[key] = card
        leaders: list[str] = []       # the commanders' names as the database writes them (one, or two partners)
        for given in deck.commanders:
            c = self.card(given)
            leaders.append(c.name if c is not None else given)
        commander_name = " and ".join(leaders) or None

        # deck-level sizes first
        main_n = deck.main_count
        if fmt.deck_min is not None and main_n < fmt.deck_min:
            exact = fmt.deck_max == fmt.deck_min
            add(Problem("deck-size", None,
                        f"The deck has {_plural(main_n, 'card')}; {fmt.label} needs "
                        f"{'exactly' if exact else 'at least'} {fmt.deck_min}"
                        + (" (the commander included)" if fmt.commander else "") + "."))
        if fmt.deck_max is not None and main_n > fmt.deck_max:
            exact = fmt.deck_max == fmt.deck_min
            add(Problem("deck-size", None,
                        f"The deck has {_plural(main_n, 'card')}; {fmt.label} allows "
                        f"{'exactly' if exact else 'at most'} {fmt.deck_max}"
                        + (" (the commander included)" if fmt.commander else "") + "."))
        side_n = deck.sideboard_count
        if fmt.sideboard_max is not None and side_n > fmt.sideboard_max:
            if fmt.sideboard_max == 0:
                msg = f"{fmt.label} has no sideboard; this deck has {_plural(side_n, 'sideboard card')}."
            else:
                msg = (f"The sideboard has {_plural(side_n, 'card')}; {fmt.label} allows at most "
                       f"{fmt.sideboard_max}.")
            add(Problem("sideboard-size", None, msg))

        # the commander (903.3), or two partners (a later rule: Partner)
        leader_cards = [cards[n] for n in leaders if cards.get(n) is not None]
        if fmt.commander is not None:
            if not leaders:
                if fmt.commander.required:
                    add(Problem("commander", None, f"{fmt.label} needs a commander."))
            else:
                pair = [_Leader.of(c) for c in leader_cards]
                for card, lead in zip(leader_cards, pair):
                    background = "Background" in lead.subtypes and any(BACKGROUND in o.keywords for o in pair)
                    if not background and not self._eligible(card, fmt.commander):
                        wants = " or ".join(fmt.commander.eligible)
                        add(Problem("commander", card.name, f"{card.name} cannot be a commander: it is not a {wants}."))
                if len(pair) == 2:
                    for msg in pair_problems(_Leaders(pair), [lead.name for lead in pair]):
                        add(Problem("commander", pair[1].name, msg + "."))
        else:
            for name in deck.commanders:
                add(Problem("commander", name, f"{fmt.label} has no commander; move {name} to the deck or sideboard."))

        # the pool (limited)
        pool_counts: dict[str, int] | None = None
        if fmt.pool is not None:
            if pool is None:
                add(Problem("pool", None, f"{fmt.label} checks the deck against its card pool, and none was given."))
            else:
                raw = pool.all_counts() if isinstance(pool, Deck) else dict(pool)
                pool_counts = {}
                for k, v in raw.items():
                    c = self.card(k)
                    key = fold_key(c.name if c is not None else k)
                    pool_counts[key] = pool_counts.get(key, 0) + v
            free = {fold_key(n) for n in fmt.pool.free_cards}

        identity = None     # 903.5c; with two commanders, both identities together (a later rule: Partner)
        if leader_cards and fmt.commander is not None and fmt.commander.color_identity:
            identity = frozenset().union(*(frozenset(c.color_identity or ()) for c in leader_cards))

        set_based = fmt.legal_sets is not None
        legal_sets = fmt.legal_sets or frozenset()
        if set_based:
            covered = self.covered_sets()
            usable = legal_sets & covered
            decisive = legal_sets <= covered
            missing = sorted(legal_sets - covered)
        undetermined: list[str] = []

        # card by card
        for name, total in counts.items():
            card = cards[name]
            if card is None:
                hint = self.db.suggest(name, 5)
                add(Problem("unknown-card", name,
                            f"{name} is not in the card database"
                            + (f"; did you mean {', '.join(hint)}?" if hint else ".")))
                continue
            lname = card.name.lower()
            basic = is_basic_land(card)

            # banned
            if lname in fmt.banned_lc or name.lower() in fmt.banned_lc:
                add(Problem("banned", name, f"{name} is banned in {fmt.label}."))
            elif fmt.banned_types:
                types = {t.lower() for t in (card.types or ())}
                bad = types & set(fmt.banned_types)
                if bad:
                    add(Problem("banned", name,
                                f"{name} is banned in {fmt.label}: {sorted(bad)[0].capitalize()} cards are banned."))

            # copies
            if pool_counts is not None or fmt.pool is not None:
                if pool_counts is not None and fold_key(card.name) not in free:
                    have = pool_counts.get(fold_key(card.name), 0)
                    if total > have:
                        add(Problem("pool", name,
                                    f"The deck uses {total} {name} and the pool has {have}."
                                    if have else f"{name} is not in the pool."))
            else:
                limit = fmt.copy_limit
                own = text_copy_limit(card) if fmt.any_number_text else None
                if basic and fmt.basic_lands_unlimited:
                    limit = None
                elif own == _UNLIMITED:
                    limit = None
                elif own is not None:
                    limit = own
                if lname in fmt.restricted_lc or name.lower() in fmt.restricted_lc:
                    if total > 1:
                        add(Problem("restricted", name,
                                    f"{name} is restricted in {fmt.label}: at most 1 copy; the deck has {total}."))
                elif limit is not None and total > limit:
                    if limit == 1:
                        add(Problem("copy-limit", name,
                                    f"{fmt.label} is singleton: {total} copies of {name}, at most 1."))
                    else:
                        add(Problem("copy-limit", name,
                                    f"{total} copies of {name}; {fmt.label} allows at most {limit}."))

            # color identity
            if identity is not None and name not in leaders:
                own_id = frozenset(card.color_identity or ())
                if not own_id <= identity:
                    add(Problem("color-identity", name,
                                f"{name} ({''.join(wubrg(own_id))}) is outside the color identity of "
                                f"{commander_name} ({''.join(wubrg(identity)) or 'colorless'})."))

            # sets
            if set_based and not basic:
                printed = self._printed_in(card) if usable else frozenset()
                if printed & legal_sets:
                    pass
                elif decisive:
                    if printed:
                        msg = (f"{name} is not legal in {fmt.label}: it was printed in {', '.join(sorted(printed))}, "
                               f"none of them legal there.")
                    else:
                        msg = (f"{name} is not legal in {fmt.label}: it was printed in none of its sets "
                               f"({', '.join(sorted(legal_sets))}).")
                    add(Problem("set-legality", name, msg))
                else:
                    undetermined.append(name)
        if undetermined:
            shown = ", ".join(missing[:8]) + (f" and {len(missing) - 8} more" if len(missing) > 8 else "")
            cards_shown = ", ".join(undetermined[:10]) + (
                f" and {len(undetermined) - 10} more" if len(undetermined) > 10 else "")
            add(Problem("unknown-legality", None,
                        f"Set legality not checked for {_plural(len(undetermined), 'card')} ({cards_shown}): "
                        f"the card database has no printings for {shown}, sets {fmt.label} allows. "
                        f"Import MTGJSON AllPrintings or Scryfall card data to check set legality.",
                        severity="warning"))
        return problems

    def _eligible(self, card: Any, rule: CommanderRule) -> bool:
        if re.search(r"can be your commander", card_text(card), re.I):
            return True
        words = {w.lower() for w in (*(card.supertypes or ()), *(card.types or ()))}
        for wanted in rule.eligible:
            if set(wanted.split()) <= words:
                return True
        return False


def validate(deck: Deck, fmt: Format, db: CardSource, pool: Deck | Mapping[str, int] | None = None) -> list[Problem]:
    """Every problem of the deck in the format (a fresh Validator; keep one to re-validate fast)."""
    return Validator(db, fmt).validate(deck, pool)


@dataclass(frozen=True)
class _Leader:
    """What ``engine.commander.pair_problems`` reads of a commander, from the card data: its types and its
    partner keyword lines ("Partner", "Partner—TEXT", "Partner with NAME", "Choose a Background",
    "Doctor's companion"; a later rule: Partner), so the deck builder judges a pair as the game does."""
    name: str
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    supertypes: tuple[str, ...]
    keywords: frozenset[str]
    keyword_args: Mapping[str, str]

    @classmethod
    def of(cls, card: Any) -> "_Leader":
        keywords: set[str] = set()
        args: dict[str, str] = {}
        for line in card_text(card).splitlines():
            line = re.sub(r"\s*\([^)]*\)\s*$", "", line).strip()      # reminder text
            if line.startswith("Partner with "):
                keywords.add("Partner with")
                args["Partner with"] = line[len("Partner with "):]
            elif line == "Partner" or line.startswith("Partner—"):
                keywords.add("Partner")
                if "—" in line:
                    args["Partner"] = line.split("—", 1)[1]
            elif line in (BACKGROUND, COMPANION):
                keywords.add(line)
        return cls(card.name, tuple(card.types or ()), tuple(card.subtypes or ()), tuple(card.supertypes or ()),
                   frozenset(keywords), args)


@dataclass(frozen=True)
class _Leaders:
    """The two leaders by name, as ``pair_problems`` looks them up."""
    pair: list[_Leader]

    def definition(self, name: str) -> _Leader:
        return next(lead for lead in self.pair if lead.name == name)
