"""Compiled card behaviour: plain, immutable data the rules engine executes.

The oracle compiler (engine/cards/compiler/) turns a card's text into a CardDef: its
characteristics (CR 109.3), keyword abilities (CR 702) and a tuple of Ability objects
over a closed set of effect primitives (engine/effects.py). Nothing here refers to a
game; a CardDef is shared by every object that is a copy of that card.

Object filters and quantities are small dicts (JSON-able), e.g.
``{"types": ["Creature"], "controller": "you"}`` or ``{"count": {"types": ["Land"]}}``.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect primitive with its parameters, e.g. Effect("damage", {"amount": 3, "to": {"target": 0}})."""

    op: str
    args: dict[str, Any] = field(default_factory=dict)

    def get(self, key: str, default: Any = None) -> Any:
        return self.args.get(key, default)


@dataclass(frozen=True, slots=True)
class TargetSpec:
    """One target slot (CR 114.1): what may be chosen, and how many.

    ``filter`` is an object filter; ``{"player": True}`` alone means a player, and
    ``{"any": True}`` means a creature, player or planeswalker ("any target", CR 114.1, 2018 wording).
    """

    filter: dict[str, Any]
    text: str
    count: int = 1
    min: int = 1


@dataclass(frozen=True, slots=True)
class Cost:
    """An activation or additional cost (CR 117, 602.1): mana symbols and other parts."""

    mana: tuple[str, ...] = ()
    tap: bool = False                 # {T}
    untap: bool = False               # {Q}
    sacrifice_self: bool = False
    sacrifice: dict[str, Any] | None = None   # a filter: "Sacrifice a creature"
    discard: int = 0
    discard_self: bool = False        # cycling-like: "Discard this card"
    life: int = 0
    loyalty: int | None = None        # planeswalker loyalty ability: +N / -N (CR 606)
    remove_counters: tuple[str, int] | None = None
    exile_self: bool = False

    @property
    def is_free(self) -> bool:
        return self == Cost()


@dataclass(frozen=True, slots=True)
class Ability:
    """A spell ability, activated, triggered, mana or static ability (CR 112.3).

    kind: "spell" | "activated" | "mana" | "triggered" | "static"
    """

    kind: str
    text: str
    effects: tuple[Effect, ...] = ()
    targets: tuple[TargetSpec, ...] = ()
    cost: Cost | None = None
    trigger: dict[str, Any] | None = None      # triggered: {"event": ..., filters}
    condition: dict[str, Any] | None = None    # intervening "if" (603.4) or activation restriction
    optional: bool = False                     # "you may" on the whole ability
    modes: tuple["Ability", ...] = ()          # modal (700.2): each mode an Ability of kind "mode"
    choose: int = 0                            # number of modes to choose (0 = not modal)
    sorcery_speed: bool = False                # "Activate only as a sorcery" / loyalty abilities
    static: dict[str, Any] | None = None       # static: the continuous effect it generates
    zone: str = "battlefield"                  # where it works: battlefield, hand, graveyard, stack
    keyword: str | None = None                 # when this ability comes from a keyword (equip, cycling, ...)


@dataclass(frozen=True, slots=True)
class CardDef:
    """A card as the engine knows it: characteristics plus compiled abilities."""

    name: str
    mana_cost: tuple[str, ...]
    types: tuple[str, ...]
    supertypes: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    text: str = ""
    keywords: tuple[str, ...] = ()                 # keyword names (CR 702), e.g. "Flying"
    keyword_args: dict[str, Any] = field(default_factory=dict)  # e.g. {"Protection": ["R"], "Equip": Cost}
    abilities: tuple[Ability, ...] = ()
    unsupported: tuple[str, ...] = ()              # sentences the compiler could not read
    layout: str = "normal"

    @property
    def supported(self) -> bool:
        return not self.unsupported

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)
