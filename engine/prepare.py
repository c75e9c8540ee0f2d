"""Prepared permanents (a later mechanic, Secrets of Strixhaven, 2026; not in the 2016 rules).

A card of the "prepare" layout has a creature face and a spell face (an instant or sorcery). Its
reminder text: "While it's prepared, you may cast a copy of its spell. Doing so unprepares it." A
permanent becomes prepared by its own text ("This creature enters prepared", "Whenever this creature
attacks, it becomes prepared": ``chosen["prepared"]``, a designation of that object, gone with it,
400.7). While it is prepared, its controller may cast a copy of its spell: a priority action (116.2a's
kind) that creates the copy (706.12's kind: a copy of a card created outside the stack and cast) and casts
it as any spell is cast (601.2: its timing, targets and mana cost; 706.10a: the copy ceases to exist as it
leaves the stack), and unprepares the permanent. An answer names the permanent with ``"prepared": true``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.errors import IllegalAction
from engine.state import create_object

if TYPE_CHECKING:
    from engine.cards.abilities import CardDef
    from engine.game import Game
    from engine.state import Obj

__all__ = ["LAYOUT", "spell_of", "enters_prepared", "prepared", "stand_in", "copy_for_cast"]

#: the card layout whose second face is the spell a prepared permanent's controller may cast a copy of
LAYOUT = "prepare"


def spell_of(card: "CardDef") -> "CardDef | None":
    """The spell face of a card of the prepare layout (an instant or sorcery), or None for any other card."""
    if card.layout != LAYOUT or not card.faces:
        return None
    face = card.faces[0]
    return face if "Instant" in face.types or "Sorcery" in face.types else None


def enters_prepared(card: "CardDef") -> bool:
    """"SELF enters prepared": the permanent has the designation as it enters (614.1c's kind of replacement)."""
    return any(ab.kind == "static" and (ab.static or {}).get("kind") == "enters_prepared" for ab in card.abilities)


def in_game(g: "Game") -> bool:
    """Is any card of the prepare layout in the game (on any object, a copy's card included: a copy effect copies
    an object that is in the game)? Only then can a permanent be prepared with a spell to copy (``spell_of``); known
    once per set of physical objects (next_uid grows with every new card, token or copy)."""
    known = g.__dict__.get("_prepare_any")
    if known is None or known[0] != g.next_uid:
        known = (g.next_uid, any(o.card.layout == LAYOUT for o in g.objects.values()))
        g.__dict__["_prepare_any"] = known
    return bool(known[1])


def prepared(g: "Game", player: str) -> list[int]:
    """The prepared permanents ``player`` controls whose card has a spell to cast a copy of."""
    return [i for i in g.battlefield if g.objects[i].chosen.get("prepared") and g.controller_of(i) == player
            and spell_of(g.objects[i].card) is not None]


def stand_in(g: "Game", oid: int) -> "Obj":
    """The copy of a prepared permanent's spell as the player would cast it (for its options: timing, targets,
    cost), not in the game: an object with the spell face's characteristics, standing where the permanent is, with
    its id (a spell is no legal target for itself, 114.4, but the copy, another object, may target the permanent:
    the target candidates of a source on the battlefield include it)."""
    o = g.objects[oid]
    spell = spell_of(o.card)
    assert spell is not None
    s = o.copy()
    s.card, s.chosen = spell, {"spell_copy": True}
    return s


def copy_for_cast(g: "Game", player: str, oid: Any) -> int:
    """The copy of the spell of the prepared permanent ``oid`` that ``player`` casts, created in exile (the
    caster its owner) and marked as a copy; the permanent is no longer prepared. IllegalAction when ``oid`` is
    not a prepared permanent that player controls with a spell to copy. The caller casts the copy at once (an
    illegal cast restores the game, the permanent's designation included)."""
    if not isinstance(oid, int) or isinstance(oid, bool) or oid not in prepared(g, player):
        raise IllegalAction(f"{oid!r} is not a prepared permanent you control with a spell to copy")
    o = g.objects[oid]
    spell = spell_of(o.card)
    assert spell is not None
    o = g.objects[oid] = o.copy()  # replaced, not changed in place (Game.copy shares objects)
    del o.chosen["prepared"]
    c = create_object(g, spell, player, "exile")
    c.chosen["spell_copy"] = True
    g.players[player].exile.append(c.id)
    g.changed()
    g.log("prepared_cast", player=player, card=spell.name, source=o.card.name)
    return c.id
