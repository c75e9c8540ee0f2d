"""Protection (CR 702.16): what a quality of protection means for a given source.

A quality is a color letter ("R"), one of the words below, or an object filter of the
compiler ("protection from creatures", "from Goblins", "from instants"). A permanent
with protection from a quality can't be damaged, enchanted or equipped, blocked or
targeted by anything with that quality (702.16b-e, "DEBT").
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.filters import matches, unknown_keys

if TYPE_CHECKING:
    from engine.game import Game
    from engine.layers import Chars

#: Word qualities this engine understands (others keep a card unsupported). "the chosen player": the player
#: chosen as the permanent entered (702.16j; read with the protected object, ``protected``)
WORDS = frozenset({"everything", "multicolored", "monocolored", "all colors", "each color", "colorless",
                   "the chosen player"})


#: the Chars.kwargs key of the protections that leave some attachments on (Black Ward: "This effect doesn't remove
#: SELF"): (quality, "self" or "auras", the granting object) for each such instance of protection
SPARES = "Protection spares"


def supported(q: Any) -> bool:
    """Can this engine check this quality?"""
    if isinstance(q, str):
        return len(q) == 1 or q in WORDS
    if isinstance(q, dict):
        return not unknown_keys(q)
    return False


def has_quality(g: "Game", q: Any, src: int | None, colors: Any = None) -> bool:
    """Does source object ``src`` (with these colors, if given) have quality ``q``?"""
    if q == "everything":
        return True
    if colors is None:
        if src is None or src not in g.objects:
            return False
        colors = g.chars(src).colors
    if isinstance(q, str):
        if len(q) == 1:
            return q in colors
        if q == "multicolored":
            return len(colors) > 1
        if q == "monocolored":
            return len(colors) == 1
        if q == "colorless":
            return not colors
        if q in ("all colors", "each color"):
            return bool(colors)
        return False
    if isinstance(q, dict) and src is not None and src in g.objects:
        f = q if "zone" in q else dict(q, zone="any_card")
        return matches(g, src, f, None, g.controller_of(src))
    return False


def protected(g: "Game", c: "Chars", src: int | None, colors: Any = None, holder: int | None = None) -> bool:
    """Is the object with characteristics ``c`` (the object ``holder``) protected from source ``src`` (702.16)?"""
    if "Protection" not in c.keywords:
        return False
    return any(from_chosen_player(g, src, holder) if q == "the chosen player" else has_quality(g, q, src, colors)
               for q in c.kwargs.get("Protection") or ())


def attach_protected(g: "Game", c: "Chars", src: int, holder: int) -> bool:
    """702.16c, 704.5n, 704.5p: does protection keep ``src`` (an Aura, Equipment or Fortification) from being attached
    to ``holder``? An instance of protection granted by an effect that "doesn't remove SELF" (the granting object) or
    "doesn't remove Auras" does not count for what it spares; another instance of the same quality still does."""
    if "Protection" not in c.keywords:
        return False
    spares = c.kwargs.get(SPARES) or ()
    if not spares:
        return protected(g, c, src, holder=holder)
    kinds = g.chars(src).subtypes if src in g.objects else ()
    left = [(q, kind, by) for q, kind, by in spares
            if by == src and kind == "self" or kind == "auras" and "Aura" in kinds]
    for q in c.kwargs.get("Protection") or ():
        hit = from_chosen_player(g, src, holder) if q == "the chosen player" else has_quality(g, q, src)
        if not hit:
            continue
        spare = next((s for s in left if s[0] == q), None)
        if spare is None:
            return True
        left.remove(spare)
    return False


def from_chosen_player(g: "Game", src: int | None, holder: int | None) -> bool:
    """702.16j: protection from a player is protection from each object that player controls; the player is
    the one chosen as ``holder`` entered ("As SELF enters, choose a player", 614.12)."""
    if holder is None or holder not in g.objects or src is None or src not in g.objects:
        return False
    chosen = g.objects[holder].chosen.get("player")
    return chosen is not None and g.controller_of(src) == chosen
