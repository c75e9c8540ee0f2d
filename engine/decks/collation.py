"""How a set's boosters are collated, as data: a list of slots, each drawing from sheets, and rules.

A **sheet** names the cards a slot draws from: a rarity (``common``, ``uncommon``, ``rare``,
``mythic``, ``basic``) and optionally a kind, ``"common:dfc"`` (only double-faced cards) or
``"common:!dfc"`` (none). Kinds are facts of the card (``card_kinds``): ``dfc`` (a
double-faced or meld card, CR 711), ``planeswalker``, ``legendary_creature``, ``guildgate``
(a land with the subtype Gate and a two-colour identity: a guild's gate).

A sheet ``"@CODE"`` is every card of another set: Time Spiral's "timeshifted" slot draws
from the set of its timeshifted cards (TSB, whose cards the data gives no rarity but
"special"; each is as likely).

A sheet name ending in ``*`` gives its card as a foil (``"rare*"``): the foil slot of the
Masters sets, whose every pack holds one foil of any rarity.

A **slot** is a list of (sheet, weight) choices: the slot takes one card from a sheet
chosen with those weights. ``[("rare", 7), ("mythic", 1)]`` is the rare slot of every set
with mythics since Shards of Alara: a mythic one pack in eight.

A **rule** is checked after the slots are filled: ``("exactly_one", kind, replace)``
makes the pack hold exactly one card of the kind (War of the Spark: one planeswalker), and
``("at_least_one", kind, replace)`` at least one (Dominaria: a legendary creature). When
the pack has none, the first card of the ``replace`` sheet is swapped for a card of that
rarity and kind; cards of the kind beyond the first are swapped for cards of their own
slot that are not of it.

A **foil** (``FOIL_CHANCE``: about one pack in six, Wizards' figure for the boosters of
2016) replaces the last common with a card of any rarity, drawn as the pack's own
rarities are: it is shown as foil and has no rules effect. Sets released before foils were
first put in boosters (Urza's Legacy, ``FOILS_SINCE``) have none.

``collation(code, layout, released)`` is the set's collation: an entry of ``COLLATIONS`` when
the set has one, else one read from the booster layout MTGJSON gives (``booster_slots``),
else the modern layout (a rare or mythic, three uncommons, ten commons, a basic land).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Iterable

__all__ = ["Slot", "Collation", "COLLATIONS", "PLAIN_SETS", "FOIL_CHANCE", "FOILS_SINCE", "FOIL_SLOT", "RARE_SLOT",
           "MODERN", "collation", "booster_slots", "card_kinds", "parse_sheet"]

FOIL_CHANCE = 1 / 6
FOILS_SINCE = "1999-02-15"           # Urza's Legacy, the first set with foils in its boosters
Slot = tuple[tuple[str, float], ...]
RARE_SLOT: Slot = (("rare", 7.0), ("mythic", 1.0))
_U: Slot = (("uncommon", 1.0),)
_C: Slot = (("common", 1.0),)
_L: Slot = (("basic", 1.0),)


@dataclass(frozen=True)
class Collation:
    """A booster's slots, in pack order, and the rules checked once they are filled."""
    slots: tuple[Slot, ...]
    rules: tuple[tuple[str, str, str], ...] = ()
    foil: bool = True                    # a foil may replace the last common
    note: str = field(default="", compare=False)

    def sheets(self) -> set[str]:
        return {sheet for slot in self.slots for sheet, _w in slot} | {r[2] for r in self.rules} | \
            {f"{r[2].split(':')[0]}:{r[1]}" for r in self.rules}


MODERN = Collation((RARE_SLOT,) + (_U,) * 3 + (_C,) * 10 + (_L,), note="a modern booster")


def _with(slots: Iterable[Slot], **kw: Any) -> Collation:
    return Collation(tuple(slots), **kw)


_NOT_DFC_C: Slot = (("common:!dfc", 1.0),)
_NOT_DFC_U: Slot = (("uncommon:!dfc", 1.0),)
_NOT_DFC_RARE: Slot = (("rare:!dfc", 7.0), ("mythic:!dfc", 1.0))

# Sets whose boosters differ from their rarity counts alone.
COLLATIONS: dict[str, Collation] = {
    # Shadows over Innistrad and Eldritch Moon: one common or uncommon double-faced card in every
    # pack, and a rare or mythic double-faced card in place of a common about one pack in eight;
    # the other slots hold no double-faced card.
    "SOI": _with((_NOT_DFC_RARE,) + (_NOT_DFC_U,) * 3 + (_NOT_DFC_C,) * 8
                 + ((("common:!dfc", 7.0), ("rare:dfc", 0.875), ("mythic:dfc", 0.125)),
                    (("common:dfc", 3.0), ("uncommon:dfc", 1.0)), _L),
                 note="Shadows over Innistrad: a double-faced slot"),
    "EMN": _with((_NOT_DFC_RARE,) + (_NOT_DFC_U,) * 3 + (_NOT_DFC_C,) * 8
                 + ((("common:!dfc", 7.0), ("rare:dfc", 0.875), ("mythic:dfc", 0.125)),
                    (("common:dfc", 3.0), ("uncommon:dfc", 1.0))),
                 note="Eldritch Moon: a double-faced slot, and no basic land (the set printed none)"),
    # Guilds of Ravnica and Ravnica Allegiance: a guildgate in place of the basic land.
    "GRN": _with((RARE_SLOT,) + (_U,) * 3 + ((("common:!guildgate", 1.0),),) * 10 + ((("common:guildgate", 1.0),),),
                 note="Guilds of Ravnica: a guildgate in the land slot"),
    "RNA": _with((RARE_SLOT,) + (_U,) * 3 + ((("common:!guildgate", 1.0),),) * 10 + ((("common:guildgate", 1.0),),),
                 note="Ravnica Allegiance: a guildgate in the land slot"),
    # War of the Spark: exactly one planeswalker (uncommon, rare or mythic) in every pack.
    "WAR": _with((RARE_SLOT,) + ((("uncommon:!planeswalker", 1.0),),) * 3 + (_C,) * 10 + (_L,),
                 rules=(("exactly_one", "planeswalker", "uncommon"),),
                 note="War of the Spark: one planeswalker in every pack"),
    # Dominaria: at least one legendary creature in every pack.
    "DOM": _with((RARE_SLOT,) + (_U,) * 3 + (_C,) * 10 + (_L,),
                 rules=(("at_least_one", "legendary_creature", "uncommon"),),
                 note="Dominaria: a legendary creature in every pack"),
}

# The Arena-era sets after Core Set 2020 (their printings: engine.cards.printings_build.ARENA_SETS),
# opened with the plain draft booster. What their boosters held besides is not modelled: Kaldheim's
# snow land slot, Strixhaven's Mystical Archive card, the showcase and borderless variants, the
# bonus sheets (The List, Breaking News, The Big Score, Special Guests), and from Murders at Karlov
# Manor on the play booster's fourteen cards (six or seven commons, a wildcard, a foil of any rarity).
PLAIN_SETS = ("ELD", "THB", "IKO", "M21", "ZNR", "KHM", "STX", "AFR", "MID", "VOW", "NEO", "SNC", "DMU", "BRO",
              "ONE", "MOM", "LTR", "WOE", "LCI", "MKM", "OTJ", "MH3", "BLB", "DSK", "FDN", "DFT", "TDM", "FIN",
              "EOE", "SPM", "TLA", "ECL")
COLLATIONS.update({code: replace(MODERN, note="the plain draft booster; the set's special slots are not modelled")
                   for code in PLAIN_SETS})

# MTGJSON's booster entries, as sheets ("mythic rare" is the rare slot's mythic one time in eight)
_ENTRY = {"common": _C, "uncommon": _U, "rare": (("rare", 1.0),), "mythic rare": (("mythic", 1.0),),
          "land": _L, "basic land": _L}
_SKIP = {"marketing", "checklist", "token", "draft-matters", "power nine", "foil", "tokens", "meld"}
# MTGJSON's names of slots that draw from another set
_OTHER_SET = {"timeshifted purple": "@TSB"}
# the foil slot of the Masters sets (Modern Masters, Eternal Masters, ...): a foil of any rarity
FOIL_SLOT: Slot = (("common*", 10.0), ("uncommon*", 3.0), ("rare*", 0.875), ("mythic*", 0.125))
# a slot of a double-faced card of any rarity (Innistrad, Dark Ascension), drawn as a pack's own rarities are
_ANY_DFC: Slot = (("common:dfc", 10.0), ("uncommon:dfc", 3.0), ("rare:dfc", 0.875), ("mythic:dfc", 0.125))


def booster_slots(layout: list[Any] | None) -> Collation | None:
    """A collation from MTGJSON's booster layout of a set (a list of entries, each a sheet name
    or a list of alternatives); None when the layout has no common slots to build on."""
    if not layout:
        return None
    slots: list[Slot] = []
    foil_slot = False
    for entry in layout:
        names = [entry] if isinstance(entry, str) else list(entry)
        if names and all(n.startswith("foil ") for n in names):
            slots.append(FOIL_SLOT)
            foil_slot = True
            continue
        names = [n for n in names if n not in _SKIP]
        if not names:
            continue
        if len(names) == 1 and names[0] in _OTHER_SET:
            slots.append(((_OTHER_SET[names[0]], 1.0),))
        elif set(names) == {"rare", "mythic rare"}:
            slots.append(RARE_SLOT)
        elif set(names) <= {"land", "checklist", "basic land"}:
            slots.append(_L)
        elif names == ["double faced"]:
            slots.append(_ANY_DFC)
        else:
            found = [_ENTRY[n][0] if n in _ENTRY else _dfc_sheet(n) for n in names]
            choice = [c for c in found if c is not None]
            if choice:
                slots.append(tuple(choice))
    if not any(s == _C for s in slots):
        return None
    if any(":dfc" in sheet for slot in slots for sheet, _w in slot):
        # a set with a double-faced slot has them there only
        slots = [tuple((sheet if ":" in sheet or sheet == "basic" else f"{sheet}:!dfc", w) for sheet, w in slot)
                 for slot in slots]
    return Collation(tuple(slots), foil=not foil_slot, note="from the set's printed booster layout")


def _dfc_sheet(name: str) -> tuple[str, float] | None:
    if name.startswith("double faced "):
        rarity = name[len("double faced "):].replace("mythic rare", "mythic")
        return (f"{rarity}:dfc", 1.0)
    return None


def collation(code: str, layout: list[Any] | None = None, released: str = "") -> Collation:
    """The collation of a set: its own entry, else its printed layout, else the modern one;
    without foils for a set ``released`` before ``FOILS_SINCE`` (ISO dates; "" for unknown)."""
    col = COLLATIONS.get(code.upper()) or booster_slots(layout) or MODERN
    if released and released < FOILS_SINCE and col.foil:
        col = replace(col, foil=False)
    return col


def card_kinds(card: Any) -> frozenset[str]:
    """The kinds of a card that collation rules name (see the module docstring)."""
    if card is None:
        return frozenset()
    types = set(getattr(card, "types", ()) or ())
    kinds = set()
    if getattr(card, "layout", "") in ("transform", "meld", "double_faced", "modal_dfc"):
        kinds.add("dfc")
    if "Planeswalker" in types:
        kinds.add("planeswalker")
    if "Creature" in types and "Legendary" in (getattr(card, "supertypes", ()) or ()):
        kinds.add("legendary_creature")
    if "Land" in types and "Gate" in (getattr(card, "subtypes", ()) or ()) and \
            len(getattr(card, "color_identity", ()) or ()) == 2:
        kinds.add("guildgate")             # a guild's Gate (two colours), not Gateway Plaza
    return frozenset(kinds)


def parse_sheet(sheet: str) -> tuple[str, str | None, bool]:
    """"common:!dfc" -> ("common", "dfc", False): rarity, kind (None: any), wanted ("rare*": "rare")."""
    rarity, _, kind = sheet.rstrip("*").partition(":")
    if not kind:
        return rarity, None, True
    if kind.startswith("!"):
        return rarity, kind[1:], False
    return rarity, kind, True
