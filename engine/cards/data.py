"""Card data records: what the card database stores and returns.

Everything here is plain Python (no database, no Qt): the rules engine, the deck
editor and the importers share these types and helpers.

Top-level fields of a multi-face card are those of its front face (CR 712, 709),
except that a split card's mana value and colors combine both halves when the
source has both (CR 709.4: outside the stack a split card has the combined
characteristics of its halves).  Every face the source has is in ``faces``.
"""
from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import asdict, dataclass, field

__all__ = [
    "CardData", "Printing", "SetInfo", "Stats",
    "COLOR_ORDER", "RARITY_RANK", "SUPERTYPES", "PERMANENT_TYPES",
    "mana_symbols", "mana_value", "cost_colors", "wubrg", "fold", "name_key", "fold_key",
    "split_type_line", "make_face", "make_card", "card_to_dict", "card_from_json",
]

COLOR_ORDER = "WUBRG"
COLOR_BIT = {c: 1 << i for i, c in enumerate(COLOR_ORDER)}
# Rarity order for r>= and friends (Scryfall's order, with MTGA's "basic" lowest).
RARITY_RANK = {"basic": 0, "common": 1, "uncommon": 2, "rare": 3, "special": 4, "mythic": 5, "bonus": 6}
SUPERTYPES = frozenset({"Basic", "Legendary", "Snow", "World", "Ongoing", "Elite", "Host"})
PERMANENT_TYPES = frozenset({"Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle"})
# Card types that are not Magic cards one plays from a library.
NONTRADITIONAL_TYPES = frozenset({"Plane", "Phenomenon", "Scheme", "Vanguard", "Conspiracy", "Dungeon",
                                  "Emblem", "Hero"})
MULTIWORD_SUBTYPES = ("Time Lord",)


@dataclass(frozen=True, slots=True)
class CardData:
    name: str                 # full name, "Fire // Ice" for multi-face
    mana_cost: str            # "{1}{R}" ("" when none)
    mana_value: float         # CR 202.3
    type_line: str            # "Legendary Creature — Elf Warrior"
    types: tuple[str, ...]    # ("Creature",)
    supertypes: tuple[str, ...]
    subtypes: tuple[str, ...]
    power: str | None         # strings: "*" and "1+*" exist
    toughness: str | None
    loyalty: str | None
    text: str                 # oracle text of the (front) face, "" when none
    layout: str               # normal, split, transform, modal_dfc, adventure, flip, meld, ...
    colors: tuple[str, ...]   # from the mana cost (and color indicator when a source has it), in WUBRG order
    color_identity: tuple[str, ...]
    keywords: tuple[str, ...]
    # every face the source has, each with the same fields as above; () for single-face cards
    faces: tuple[dict, ...] = field(hash=False)
    # format -> "legal"/"banned"/"restricted" when the source had them, else {}
    legalities: dict = field(hash=False)

    def to_dict(self) -> dict:
        return card_to_dict(self)

    @property
    def face_names(self) -> tuple[str, ...]:
        """The names of the faces (from the full name, so also for faces the source lacks)."""
        return tuple(self.name.split(" // ")) if " // " in self.name else (self.name,)


@dataclass(frozen=True, slots=True)
class Printing:
    set_code: str
    set_name: str
    number: str
    rarity: str               # common, uncommon, rare, mythic, special, bonus, basic ("" when unknown)


@dataclass(frozen=True, slots=True)
class SetInfo:
    code: str
    name: str
    card_count: int
    released: str = ""        # ISO date when known

    @property
    def count(self) -> int:
        """The number of cards (the name engine.decks uses)."""
        return self.card_count


@dataclass(frozen=True, slots=True)
class Stats:
    cards: int
    faces: int                # every face of every card; a single-faced card counts one
    printings: int
    sets: int

    def as_dict(self) -> dict:
        return asdict(self)


# ---------------------------------------------------------------------------
# mana costs (CR 202)

_SYMBOL_RE = re.compile(r"\{([^{}]*)\}")
_DIGITS_RE = re.compile(r"^\d+(\.\d+)?$")


def mana_symbols(cost: str | None) -> list[str]:
    """The symbols of a mana cost, without braces: "{2}{W/U}" -> ["2", "W/U"]."""
    return _SYMBOL_RE.findall(cost or "")


def _symbol_value(sym: str) -> float:
    s = sym.upper()
    if _DIGITS_RE.match(s):
        return float(s)
    if s in ("X", "Y", "Z"):
        return 0.0
    if s.startswith("H"):               # half mana ({HW}, Unhinged)
        return 0.5
    if s in ("∞", "INFINITY"):
        return float("inf")
    if "/" in s:                        # hybrid: {2/W} counts 2, {W/U} and {W/P} count 1
        parts = s.split("/")
        nums = [float(p) for p in parts if _DIGITS_RE.match(p)]
        return max(nums) if nums else 1.0
    return 1.0                          # {W}, {C}, {S}, {P}, ...


def mana_value(cost: str | None) -> float:
    """CR 202.3: the total amount of mana in a mana cost; X is 0, {2/W} is 2."""
    return float(sum(_symbol_value(s) for s in mana_symbols(cost)))


def wubrg(colors) -> tuple[str, ...]:
    """Colors (letters, any order, duplicates allowed) in WUBRG order."""
    have = {c.upper() for c in colors}
    return tuple(c for c in COLOR_ORDER if c in have)


def cost_colors(cost: str | None) -> tuple[str, ...]:
    """CR 202.2: a card's colors are the colors of the mana symbols in its cost."""
    found = set()
    for sym in mana_symbols(cost):
        for part in sym.upper().split("/"):
            part = part[1:] if part.startswith("H") and len(part) == 2 else part
            if part in COLOR_BIT:
                found.add(part)
    return wubrg(found)


def color_bits(colors) -> int:
    bits = 0
    for c in colors:
        bits |= COLOR_BIT.get(c.upper(), 0)
    return bits


# ---------------------------------------------------------------------------
# names

_FOLD_TABLE = str.maketrans({
    "Æ": "Ae", "æ": "ae", "Œ": "Oe", "œ": "oe", "ß": "ss", "Ø": "O", "ø": "o",
    "’": "'", "‘": "'", "“": '"', "”": '"', "꞉": ":", "–": "-", "—": "-",
})
_SLASHES_RE = re.compile(r"\s*//\s*")
_SPACES_RE = re.compile(r"\s+")


def fold(text: str) -> str:
    """ASCII-fold a name: "Æther Vial" -> "Aether Vial", "Junún" -> "Junun"."""
    text = text.translate(_FOLD_TABLE)
    if text.isascii():
        return text
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def name_key(name: str) -> str:
    """Lookup key for a name: case-insensitive, spacing around // and runs of spaces normalised."""
    name = _SPACES_RE.sub(" ", name.strip())
    return _SLASHES_RE.sub(" // ", name).casefold()


def fold_key(name: str) -> str:
    """Lookup key for a name with diacritics and ligatures folded to ASCII."""
    return name_key(fold(name))


# ---------------------------------------------------------------------------
# building records

def split_type_line(type_line: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """("Legendary Creature — Elf Warrior") -> (types, supertypes, subtypes)."""
    left, sep, right = (type_line or "").partition("—")
    if not sep:
        left, sep, right = (type_line or "").partition(" - ")
    words = left.split()
    supertypes = tuple(w for w in words if w in SUPERTYPES)
    types = tuple(w for w in words if w not in SUPERTYPES)
    right = right.strip()
    if not right:
        subtypes: tuple[str, ...] = ()
    elif "Plane" in types and "Planeswalker" not in types:
        subtypes = (right,)             # plane subtypes are multi-word ("New Phyrexia")
    else:
        subs, rest = [], right
        for multi in MULTIWORD_SUBTYPES:
            if multi in rest:
                subs.append(multi)
                rest = rest.replace(multi, " ")
        subs += rest.split()
        order = {s: right.find(s) for s in subs}
        subtypes = tuple(sorted(subs, key=lambda s: order[s]))
    return types, supertypes, subtypes


def _str_or_none(v) -> str | None:
    if v is None or v == "":
        return None
    return str(v)


def make_face(*, name: str, mana_cost: str | None = None, type_line: str | None = None,
              types=None, supertypes=None, subtypes=None, power=None, toughness=None,
              loyalty=None, text: str | None = None, keywords=None, color_indicator=None,
              layout: str = "normal", color_identity=None) -> dict:
    """A face record with every CardData field except faces and legalities."""
    type_line = type_line or ""
    if types is None or supertypes is None or subtypes is None:
        t, sup, sub = split_type_line(type_line)
        types = t if types is None else types
        supertypes = sup if supertypes is None else supertypes
        subtypes = sub if subtypes is None else subtypes
    keywords = tuple(keywords or ())
    if color_indicator:
        colors = wubrg(color_indicator)
    else:
        colors = cost_colors(mana_cost)
    if any(k.casefold() == "devoid" for k in keywords):     # CR 702.113a: devoid cards are colorless
        colors = ()
    return {
        "name": name,
        "mana_cost": mana_cost or "",
        "mana_value": mana_value(mana_cost),
        "type_line": type_line,
        "types": tuple(types),
        "supertypes": tuple(supertypes),
        "subtypes": tuple(subtypes),
        "power": _str_or_none(power),
        "toughness": _str_or_none(toughness),
        "loyalty": _str_or_none(loyalty),
        "text": text or "",
        "layout": layout or "normal",
        "colors": colors,
        "color_identity": wubrg(color_identity or ()),
        "keywords": keywords,
    }


SPLIT_LAYOUTS = frozenset({"split", "aftermath"})
# Layouts whose back face has no mana cost of its own: its mana value is the front's (CR 711.4b).
BACK_USES_FRONT_MV = frozenset({"transform", "meld", "flip"})
MULTIFACE_LAYOUTS = frozenset({"split", "aftermath", "transform", "modal_dfc", "adventure", "flip", "meld",
                               "reversible_card", "prepare", "double_faced_token", "battle"})


def make_card(faces: list[dict], *, name: str | None = None, layout: str | None = None,
              color_identity=None, keywords=None, legalities: dict | None = None) -> CardData:
    """A card from its face records (make_face); the first face is the front."""
    if not faces:
        raise ValueError("a card needs at least one face")
    front = faces[0]
    layout = layout or front.get("layout") or "normal"
    name = name or " // ".join(f["name"] for f in faces)
    identity = wubrg(color_identity if color_identity is not None else
                     {c for f in faces for c in f["colors"]})
    if keywords is None:
        keywords = tuple(dict.fromkeys(k for f in faces for k in f["keywords"]))
    keywords = tuple(keywords)
    fixed = []
    for i, f in enumerate(faces):
        f = dict(f)
        f["layout"] = layout
        f["color_identity"] = identity
        if i and not f["mana_cost"] and layout in BACK_USES_FRONT_MV:
            f["mana_value"] = front["mana_value"]
        fixed.append(f)
    front = fixed[0]
    mv = front["mana_value"]
    colors = front["colors"]
    if layout in SPLIT_LAYOUTS and len(fixed) > 1:
        mv = float(sum(f["mana_value"] for f in fixed))
        colors = wubrg({c for f in fixed for c in f["colors"]})
    multi = len(fixed) > 1 or " // " in name
    legal = {}
    for fmt, status in (legalities or {}).items():
        status = str(status).lower().replace(" ", "_")
        if status in ("legal", "banned", "restricted"):
            legal[str(fmt).lower()] = status
    return CardData(
        name=name,
        mana_cost=front["mana_cost"],
        mana_value=mv,
        type_line=front["type_line"],
        types=front["types"],
        supertypes=front["supertypes"],
        subtypes=front["subtypes"],
        power=front["power"],
        toughness=front["toughness"],
        loyalty=front["loyalty"],
        text=front["text"],
        layout=layout,
        colors=colors,
        color_identity=identity,
        keywords=keywords,
        faces=tuple(fixed) if multi else (),
        legalities=legal,
    )


# ---------------------------------------------------------------------------
# (de)serialisation

def card_to_dict(card: CardData) -> dict:
    """A JSON-ready dict of every field (tuples become lists)."""
    def conv(v):
        if isinstance(v, tuple):
            return [conv(x) for x in v]
        if isinstance(v, dict):
            return {k: conv(x) for k, x in v.items()}
        return v
    return {f: conv(getattr(card, f)) for f in CardData.__dataclass_fields__}


def _tuplify_face(face: dict) -> dict:
    return {k: tuple(v) if isinstance(v, list) else v for k, v in face.items()}


def card_from_json(d: dict) -> CardData:
    """Inverse of card_to_dict (lists back to tuples)."""
    return CardData(
        name=d["name"], mana_cost=d["mana_cost"], mana_value=float(d["mana_value"]),
        type_line=d["type_line"], types=tuple(d["types"]), supertypes=tuple(d["supertypes"]),
        subtypes=tuple(d["subtypes"]), power=d["power"], toughness=d["toughness"], loyalty=d["loyalty"],
        text=d["text"], layout=d["layout"], colors=tuple(d["colors"]),
        color_identity=tuple(d["color_identity"]), keywords=tuple(d["keywords"]),
        faces=tuple(_tuplify_face(f) for f in d.get("faces") or ()),
        legalities=dict(d.get("legalities") or {}),
    )


def dumps(v) -> str:
    return json.dumps(v, ensure_ascii=False, separators=(",", ":"))
