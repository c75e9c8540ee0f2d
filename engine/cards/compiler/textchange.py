"""Text-changing effects (CR 612): a card's text with one word changed, compiled again.

"Change the text of target spell or permanent by replacing all instances of one color word
with another" (Sleight of Mind), "... one basic land type with another" (Magical Hack),
"... one creature type with another" (Artificial Evolution). The effect applies in layer 3
(613.1c); what the object then does follows from its new text, so its text is compiled again
with the words replaced, and that card stands for the printed one in every later layer.

- 612.1: the words of the rules text and of the type line change (an Island's subtype, and so
  its mana ability, 305.6);
- 612.2: only words used as such a word change: never the card's name ("Whitemane Lion" stays),
  and words inside other words only as the rules use them ("nonwhite", "islandwalk", plurals);
- 612.2a: creature types naming tokens change with them ("create a 1/1 white Soldier token");
- 612.3: abilities granted by other effects are not the object's text: they are not rewritten
  (they are added after this layer, 613.1f);
- 612.4: a token's text and subtypes are those its creator gave it, and they change alike.
"""
from __future__ import annotations

import re
from typing import Any

from engine.cards.abilities import CardDef
from engine.cards.compiler import compile_card
from engine.cards.compiler.subtypes import _IRREGULAR, CREATURE_TYPES

COLOR_WORDS = ("white", "blue", "black", "red", "green")          # 105.1
LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")   # 305.6
#: the kinds of words an effect may change, and the words of each kind
KINDS: dict[str, tuple[str, ...]] = {
    "color": COLOR_WORDS,
    "land": LAND_TYPES,
    "color_or_land": COLOR_WORDS + LAND_TYPES,
    "creature": tuple(sorted(CREATURE_TYPES)),
}
_PLURAL = {v: k.capitalize() for k, v in _IRREGULAR.items() if k.capitalize() != v}
_PLURAL.update({"Plains": "Plains", "Elf": "Elves", "Dwarf": "Dwarves", "Wolf": "Wolves"})


def same_kind(a: str, b: str) -> bool:
    """A color word is replaced by a color word, a land type by a land type (612.2)."""
    return any(a in ws and b in ws for k, ws in KINDS.items() if k != "color_or_land")


def _plural(word: str) -> str:
    return _PLURAL.get(word, word + "s")


def _match_case(found: str, word: str) -> str:
    if found.isupper() and len(found) > 1:
        return word.upper()
    return word[0].upper() + word[1:] if found[0].isupper() else word[0].lower() + word[1:]


def replace_words(text: str, name: str, frm: str, to: str) -> str:
    """``text`` with every instance of the word ``frm`` used as such a word replaced by ``to``
    (612.2): whole words, with "non" before them or a plural or "walk" / "cycling" after them;
    the card's name is left as it is."""
    parts = re.split(f"({re.escape(name)})", text) if name else [text]
    forms = sorted({frm, _plural(frm)}, key=len, reverse=True)
    rx = re.compile(r"\b(non-?)?(" + "|".join(re.escape(f) for f in forms) + r")(walk|cycling)?\b", re.I)

    def sub(m: re.Match) -> str:
        new = _plural(to) if m.group(2).lower() == _plural(frm).lower() and _plural(frm) != frm else to
        return (m.group(1) or "") + _match_case(m.group(2), new) + (m.group(3) or "")

    return "".join(p if i % 2 else rx.sub(sub, p) for i, p in enumerate(parts))


_CACHE: dict[tuple[int, tuple[tuple[str, str], ...]], tuple[CardDef, CardDef]] = {}


def rewrite(card: CardDef, changes: tuple[tuple[str, str], ...]) -> CardDef:
    """The card with each (from, to) change applied in order (613.6: timestamp order within
    layer 3), compiled again. Cached per card and changes."""
    key = (id(card), changes)
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is card:
        return hit[1]
    text, subtypes = card.text, tuple(card.subtypes)
    for frm, to in changes:
        text = replace_words(text, card.name, frm, to)
        subtypes = tuple(to if s == frm else s for s in subtypes)
    if not card.text:  # a token whose abilities its creator gave (612.4): its subtypes change
        new = CardDef(**{**_fields(card), "subtypes": subtypes})
    else:
        new = compile_card({
            "name": card.name, "layout": card.layout, "text": text, "types": card.types,
            "supertypes": card.supertypes, "subtypes": subtypes, "colors": card.colors,
            "mana_cost": "".join(f"{{{s}}}" for s in card.mana_cost), "power": card.power,
            "toughness": card.toughness, "loyalty": card.loyalty})
    _CACHE[key] = (card, new)
    return new


def _fields(card: CardDef) -> dict[str, Any]:
    return {f: getattr(card, f) for f in card.__dataclass_fields__}


_FULL: dict[tuple[int, int], tuple[CardDef, CardDef, CardDef]] = {}


def full_text(card: CardDef, of: CardDef, extra: Any) -> CardDef:
    """612.5 (Volrath's Shapeshifter): ``card`` with the full text of ``of`` - its name, mana cost,
    color, types, abilities, power and toughness - and the ability ``extra`` besides. Cached.
    The characteristics the layers compute follow it; what reads a permanent's name from its
    card (the legend rule, the table's label) still sees the printed name: a known gap."""
    key = (id(card), id(of))
    hit = _FULL.get(key)
    if hit is not None and hit[0] is card and hit[1] is of:
        return hit[2]
    new = CardDef(**{**_fields(of), "abilities": tuple(of.abilities) + (extra,), "faces": ()})
    _FULL[key] = (card, of, new)
    return new
