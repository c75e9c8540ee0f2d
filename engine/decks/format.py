"""Formats as data: one YAML file per format, read into a Format.

A format file (engine/decks/formats/NAME.yaml, or NAME.yaml in the user's
data folder under formats/) has these keys; everything but name and description
is optional:

    name: modern-2016               # the name used on the command line
    title: Modern (April 8, 2016)   # for messages
    description: one line for `python -m engine.decks formats`
    as_of: 2016-04-08               # informational
    sources: [...]                  # where the lists come from (informational)
    deck: {min: 60, max: null}      # main deck size; a commander counts as a main-deck card
    sideboard: {max: 15}            # null: no limit
    copy_limit: 4                   # copies of a card across deck, sideboard and command zone; null: no limit
    basic_lands_unlimited: true     # basic lands are exempt from the copy limit
    any_number_text: true           # honour "A deck can have any number of cards named ..." (and "up to seven")
    banned: [names]
    banned_types: [Conspiracy]      # card types banned outright
    restricted: [names]             # at most one copy
    legal_sets: [set codes]         # null: every set; else a card needs a printing in one of them
    commander:                      # a commander deck
      required: true
      eligible: [legendary creature]  # type words the commander needs (or text "can be your commander")
      color_identity: true
    pool:                           # a limited deck: cards come from the pool
      free_cards: [Plains, Island, Swamp, Mountain, Forest]
"""
from __future__ import annotations

import pathlib
from dataclasses import dataclass, field
from typing import Any, Iterable

import yaml

from engine.datadir import data_dir

FORMATS_DIR = pathlib.Path(__file__).resolve().parent / "formats"

_KNOWN_KEYS = {"name", "title", "description", "as_of", "sources", "notes", "deck", "sideboard", "copy_limit",
               "basic_lands_unlimited", "any_number_text", "banned", "banned_types", "restricted",
               "legal_sets", "commander", "pool"}

# Set codes that name the same set in different sources (MTG Arena calls Dominaria DAR).
SET_ALIASES = {"DAR": "DOM"}


def norm_set(code: str) -> str:
    c = code.strip().upper()
    return SET_ALIASES.get(c, c)


class FormatError(Exception):
    """A format file is malformed, or a format name is unknown."""


@dataclass(frozen=True)
class CommanderRule:
    required: bool = True
    eligible: tuple[str, ...] = ("legendary creature",)
    color_identity: bool = True


@dataclass(frozen=True)
class PoolRule:
    free_cards: tuple[str, ...] = ("Plains", "Island", "Swamp", "Mountain", "Forest")


@dataclass(frozen=True)
class Format:
    name: str
    description: str
    title: str = ""
    as_of: str | None = None
    deck_min: int | None = 60
    deck_max: int | None = None
    sideboard_max: int | None = 15
    copy_limit: int | None = 4
    basic_lands_unlimited: bool = True
    any_number_text: bool = True
    banned: tuple[str, ...] = ()
    banned_types: tuple[str, ...] = ()
    restricted: tuple[str, ...] = ()
    legal_sets: frozenset[str] | None = None
    commander: CommanderRule | None = None
    pool: PoolRule | None = None
    path: str = ""
    banned_lc: frozenset[str] = field(default=frozenset(), repr=False)
    restricted_lc: frozenset[str] = field(default=frozenset(), repr=False)

    @property
    def label(self) -> str:
        return self.title or self.name


def _names(value: Any, key: str, where: str) -> tuple[str, ...]:
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise FormatError(f"{where}: '{key}' must be a list of card names")
    return tuple(v.strip() for v in value)


def _opt_int(value: Any, key: str, where: str) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise FormatError(f"{where}: '{key}' must be a whole number or null")
    return value


def format_from_dict(data: dict, where: str = "<format>") -> Format:
    if not isinstance(data, dict):
        raise FormatError(f"{where}: a format file holds a mapping of keys")
    unknown = set(data) - _KNOWN_KEYS
    if unknown:
        raise FormatError(f"{where}: unknown keys {', '.join(sorted(unknown))}")
    for key in ("name", "description"):
        if not isinstance(data.get(key), str) or not data[key].strip():
            raise FormatError(f"{where}: '{key}' is required")
    deck = data.get("deck") or {}
    side = data.get("sideboard") or {}
    if not isinstance(deck, dict) or not isinstance(side, dict):
        raise FormatError(f"{where}: 'deck' and 'sideboard' are mappings")
    legal_sets = data.get("legal_sets")
    if legal_sets is not None:
        if not isinstance(legal_sets, list) or not all(isinstance(s, str) for s in legal_sets):
            raise FormatError(f"{where}: 'legal_sets' must be a list of set codes or null")
        legal_sets = frozenset(norm_set(s) for s in legal_sets)
    commander = data.get("commander")
    if commander is not None:
        if commander is True:
            commander = {}
        if not isinstance(commander, dict):
            raise FormatError(f"{where}: 'commander' must be a mapping")
        commander = CommanderRule(
            required=bool(commander.get("required", True)),
            eligible=tuple(s.lower() for s in commander.get("eligible", ["legendary creature"])),
            color_identity=bool(commander.get("color_identity", True)))
    pool = data.get("pool")
    if pool is not None:
        if pool is True:
            pool = {}
        if not isinstance(pool, dict):
            raise FormatError(f"{where}: 'pool' must be a mapping")
        pool = PoolRule(free_cards=_names(pool.get("free_cards", list(PoolRule.free_cards)), "free_cards", where))
    banned = _names(data.get("banned"), "banned", where)
    restricted = _names(data.get("restricted"), "restricted", where)
    return Format(
        name=data["name"].strip(),
        description=data["description"].strip(),
        title=str(data.get("title") or "").strip(),
        as_of=str(data["as_of"]) if data.get("as_of") is not None else None,
        deck_min=_opt_int(deck.get("min", 60), "deck.min", where),
        deck_max=_opt_int(deck.get("max"), "deck.max", where),
        sideboard_max=_opt_int(side.get("max", 15), "sideboard.max", where),
        copy_limit=_opt_int(data.get("copy_limit", 4), "copy_limit", where),
        basic_lands_unlimited=bool(data.get("basic_lands_unlimited", True)),
        any_number_text=bool(data.get("any_number_text", True)),
        banned=banned,
        banned_types=tuple(t.lower() for t in _names(data.get("banned_types"), "banned_types", where)),
        restricted=restricted,
        legal_sets=legal_sets,
        commander=commander,
        pool=pool,
        path=where,
        banned_lc=frozenset(n.lower() for n in banned),
        restricted_lc=frozenset(n.lower() for n in restricted),
    )


def load_format_file(path: pathlib.Path) -> Format:
    try:
        text = path.read_text(encoding="utf-8")
        loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
        data = yaml.load(text, Loader=loader)
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
        raise FormatError(f"{path}: {exc}") from None
    fmt = format_from_dict(data, str(path))
    if fmt.name != path.stem:
        raise FormatError(f"{path}: the file of format '{fmt.name}' must be named {fmt.name}.yaml")
    return fmt


_cache: dict[tuple[str, ...], dict[str, Format]] = {}


def user_formats_dir() -> pathlib.Path:
    return data_dir() / "formats"


def load_formats(extra_dirs: Iterable[pathlib.Path] = ()) -> dict[str, Format]:
    """Every format: the shipped ones, then those of extra_dirs (which may replace them)."""
    dirs = [FORMATS_DIR, *[pathlib.Path(d) for d in extra_dirs]]
    key = tuple(str(d) for d in dirs)
    if key not in _cache:
        formats: dict[str, Format] = {}
        for d in dirs:
            if d.is_dir():
                for path in sorted(d.glob("*.yaml")):
                    fmt = load_format_file(path)
                    formats[fmt.name] = fmt
        _cache[key] = formats
    return _cache[key]


def get_format(name: str, extra_dirs: Iterable[pathlib.Path] = ()) -> Format:
    formats = load_formats(extra_dirs)
    try:
        return formats[name]
    except KeyError:
        raise FormatError(f"unknown format '{name}'; the formats are: {', '.join(sorted(formats))}") from None
