"""The decks a player may pick to play (new-game dialog, LAN lobby), each checked first.

A deck comes from the samples shipped in assets/decks/, the two classic decks, or the
player's deck store (the deck builder saves there, drafts and sealed pools included). Each
is validated in its own format (casual when it names none) with engine.decks: an illegal
deck (a 4-card draft autosaved as "Untitled") is still listed, after the legal ones and
marked, with the reason, so that starting a game with it never happens without a clear
warning.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.bench import GREEN, RED
from engine.decks import Validator, get_format
from engine.decks.carddb import open_card_db
from engine.decks.files import parse_text
from engine.decks.store import DeckStore

ASSET_DECKS = Path(__file__).resolve().parent.parent / "assets" / "decks"


@dataclass(frozen=True)
class DeckChoice:
    """One deck to offer: its title in a list, its main deck as card names, and why it is
    not a legal deck ("" when it is)."""

    title: str
    cards: tuple[str, ...]
    problem: str = ""
    format: str = "casual"

    @property
    def label(self) -> str:
        """Its words in a list: an illegal deck says so."""
        return self.title if not self.problem else f"⚠ {self.title} — not legal: {self.problem}"


def _cards(deck: Any) -> tuple[str, ...]:
    return tuple(n for n, k in deck.main.items() for _ in range(k))


def _check(deck: Any, fmt_name: str, validators: dict[str, Any], pool: Any = None) -> str:
    """The first error that makes ``deck`` illegal in its format, or "" (``pool``: a limited
    deck's pool)."""
    try:
        v = validators.get(fmt_name)
        if v is None:
            db = validators.get("") or open_card_db()
            validators[""] = db
            v = validators[fmt_name] = Validator(db, get_format(fmt_name))
        errors = [p for p in v.validate(deck, pool) if p.is_error]
    except Exception as e:  # noqa: BLE001 - a check that cannot run says so, it does not hide the deck
        return f"could not be checked ({e})"
    if not errors:
        return ""
    more = f" (and {len(errors) - 1} more problems)" if len(errors) > 1 else ""
    return errors[0].message + more


def deck_choices(include_store: bool = True) -> list[DeckChoice]:
    """Every deck to offer, legal ones first (in their order: samples, classics, the player's),
    then the illegal ones."""
    validators: dict[str, Any] = {}
    out: list[DeckChoice] = []
    for path in sorted(ASSET_DECKS.glob("*.txt")):
        try:
            deck = parse_text(path.read_text(encoding="utf-8"), str(path))
        except (OSError, ValueError):
            continue
        out.append(DeckChoice(f"Sample: {path.stem.replace('-', ' ').title()}", _cards(deck),
                              _check(deck, "casual", validators)))
    # the two classic 40-card decks of the first versions (six Grizzly Bears): kitchen-table
    # decks, offered as they are
    for title, cards in (("Classic: Red (burn and goblins)", RED), ("Classic: Green (elves and bears)", GREEN)):
        out.append(DeckChoice(title, tuple(cards), "", "free"))
    if include_store:
        out += store_choices(validators)
    return [c for c in out if not c.problem] + [c for c in out if c.problem]


def store_choices(validators: dict[str, Any] | None = None) -> list[DeckChoice]:
    """The player's saved decks (none when the store cannot be opened)."""
    validators = {} if validators is None else validators
    out: list[DeckChoice] = []
    try:
        store = DeckStore()
    except Exception:  # noqa: BLE001 - no store: no decks of the player's to offer
        return out
    try:
        for info in store.list():
            deck = store.load(info.id)
            cards = _cards(deck)
            if not cards:
                continue
            fmt = info.format or "casual"
            pool = None
            if info.pool_id is not None:
                try:
                    pool = store.load(info.pool_id)
                except Exception:  # noqa: BLE001 - a pool that is gone: checked without it
                    pool = None
            out.append(DeckChoice(f"Deck: {info.name}", cards, _check(deck, fmt, validators, pool=pool), fmt))
    except Exception:  # noqa: BLE001 - a broken store row must not stop a game
        pass
    finally:
        store.close()
    return out
