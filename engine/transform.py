"""Transforming double-faced permanents (CR 701.25, 711).

A double-faced card's compiled definition is its front face, with its back face in
``CardDef.faces`` (the card database completes the faces: engine/cards/db.py). On the
battlefield the object shows one face: ``Obj.card`` is the face that is up, and while the
back face is up ``chosen["front"]`` keeps the front (711.4b: only the back face's
characteristics). Transforming turns it over without making a new object (711.12), so
every effect on it, its counters, damage and attachments stay; anywhere else it has its
front face again (711.4a; Game.move restores it).
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from engine import triggers
from engine.cards.abilities import joined_spell
from engine.errors import IllegalAction
from engine.memo import per_object
from engine.object_statics import rule_in_force

if TYPE_CHECKING:
    from engine.cards.abilities import CardDef
    from engine.game import Game

__all__ = ["back_face", "transform", "front_face", "flip", "split_halves", "cast_half", "put_half", "fused",
           "aftermath_cost", "aftermath_half",
           "cast_fused", "ADVENTURE", "adventure_half", "cast_adventure", "on_adventure", "MODAL", "BACK",
           "modal_back", "modal_face", "cast_back", "cast_transformed", "OMEN"]

#: the layouts whose second face is the back of the same card and can be turned up (711.1)
TRANSFORM_LAYOUTS = frozenset({"transform"})


def back_face(card: "CardDef") -> "CardDef | None":
    """The back face of a double-faced card that can transform, or None (711.5)."""
    if card.layout in TRANSFORM_LAYOUTS and card.faces:
        return card.faces[0]
    return None


#: modal double-faced cards (a later card layout, Zendikar Rising, 2020; double-faced cards of 711 in 2016 terms):
#: either face may be cast or played, and the permanent keeps the face it entered with, never transforming
MODAL = "modal_dfc"
#: the face index of a modal double-faced card's back face in a cast or play answer (``face: 1``)
BACK = 1


def modal_back(card: "CardDef") -> "CardDef | None":
    """The back face of a modal double-faced card (its later rule: a player casting or playing one chooses the
    face; in every zone but the stack and the battlefield it has only its front face's characteristics, as
    711.4a says of every double-faced card), or None for any other card."""
    if card.layout == MODAL and card.faces:
        return card.faces[0]
    return None


def modal_face(card: "CardDef", face: Any) -> "CardDef":
    """The face of a card a cast or play answer names: the back face of a modal double-faced card for
    ``face: 1``, else the card itself; IllegalAction for any other face."""
    if face in (None, 0) and not isinstance(face, bool):
        return card
    back = modal_back(card)
    if face == BACK and not isinstance(face, bool) and back is not None:
        return back
    raise IllegalAction(f"face {face!r}: {card.name} has no such face to cast or play")


def cast_back(o: Any) -> Any:
    """Casting a modal double-faced card's back face (its later rule): the spell has only that face's
    characteristics (a stand-in copy of the card with them; the card itself is unchanged until it is on the
    stack, where ``put_half`` keeps the whole card). IllegalAction for a land face (305.9: a land is never
    cast) and for a card without one."""
    back = modal_back(o.card) if o is not None else None
    if back is None:
        raise IllegalAction(f"{o.card.name if o is not None else 'that card'} has no back face to cast")
    if "Land" in back.types:
        raise IllegalAction(f"{back.name} is a land: it is played, not cast (305.9)")
    stand_in = o.copy()
    stand_in.card = back
    return stand_in


def cast_transformed(o: Any) -> Any:
    """A card cast transformed (disturb, a later keyword): the spell has its back face's characteristics from
    the moment it is cast (its targets, an Aura's included, its timing and its type), as a stand-in copy of the
    card (the card itself is unchanged until it is on the stack, where ``put_half`` keeps the whole card, and the
    permanent it becomes enters transformed). IllegalAction for a card with no back face to transform into."""
    back = back_face(o.card) if o is not None else None
    if back is None:
        raise IllegalAction(f"{o.card.name if o is not None else 'that card'} has no back face to cast")
    stand_in = o.copy()
    stand_in.card = back
    return stand_in


def front_face(chosen: dict[str, Any], card: "CardDef") -> "CardDef":
    """The face a card has outside the battlefield (711.4a): its front, even if it left with its back up."""
    return chosen.get("front", card)


#: the layouts whose halves are cast one at a time (708.3; aftermath, a later keyword of split cards, too)
SPLIT_LAYOUTS = frozenset({"split", "aftermath"})


def split_halves(card: "CardDef") -> tuple["CardDef", ...]:
    """The halves of a split card a player may choose to cast (708.3), first half first; () for
    any other card. Of an aftermath card (a later keyword, Amonkhet) only its first half: "this half of this
    split card can't be cast from any zone other than a graveyard" (its second, aftermath_half)."""
    if card.layout == "aftermath" and card.faces and aftermath_cost(card) is not None:
        return (_first_half(card),)
    if card.layout in SPLIT_LAYOUTS and card.faces:  # 702.101a: a fuse card's halves too, one at a time
        return (_first_half(card),) + tuple(card.faces)
    return ()


@per_object
def fused(card: "CardDef") -> "CardDef | None":
    """702.101a-d: the fused split spell a split card with fuse is when both halves are cast: two sets
    of characteristics (its name both names, its colors both halves', 702.101b), one mana cost
    holding both (702.101b-c), and one spell ability following the left half's instructions, then
    the right half's (702.101d), with the left half's targets first. None for any other card, or
    when a half is modal or has no spell ability this engine reads."""
    if "Fuse" not in card.keywords or card.layout not in SPLIT_LAYOUTS or len(card.faces) != 1:
        return None
    left, right = _first_half(card), card.faces[0]
    la = next((a for a in left.abilities if a.kind == "spell"), None)
    ra = next((a for a in right.abilities if a.kind == "spell"), None)
    if la is None or ra is None or la.modes or ra.modes or la.choose or ra.choose:
        return None
    spell = joined_spell(la, ra)
    colors = tuple(c for c in "WUBRG" if c in left.colors or c in right.colors)
    return replace(card, faces=(), mana_cost=left.mana_cost + right.mana_cost, colors=colors,
                   abilities=(spell,) + tuple(a for a in left.abilities if a.kind != "spell"))


def cast_fused(o: Any) -> Any:
    """702.101a: a stand-in copy of the card in hand as the fused split spell (the card itself is
    unchanged until it is on the stack); IllegalAction for a card without fuse."""
    card = fused(o.card) if o is not None else None
    if card is None:
        raise IllegalAction(f"{o.card.name if o is not None else 'that card'} has no fuse (702.101a)")
    stand_in = o.copy()
    stand_in.card = card
    return stand_in


@per_object
def _first_half(card: "CardDef") -> "CardDef":
    """708.3: on the stack a split spell has only the characteristics of the half cast: the first
    half alone (its name; the card's own definition also names the second half)."""
    return replace(card, name=card.name.split(" // ")[0], faces=())


def aftermath_cost(card: "CardDef") -> Any:
    """Aftermath (a later keyword, Amonkhet): the mana cost of the second half of an aftermath split card, which "you
    may cast from your graveyard" (engine/cast_options.py, the keyword's row), or None for any other card."""
    if card.layout != "aftermath" or len(card.faces) != 1 or "Aftermath" not in card.faces[0].keywords:
        return None
    return card.faces[0].mana_cost or None


def aftermath_half(o: Any) -> Any:
    """Aftermath: a stand-in copy of the card in the graveyard with only its second half's characteristics, the
    spell cast from there (708.3 as for any half); IllegalAction for a card without one."""
    if o is None or aftermath_cost(o.card) is None:
        raise IllegalAction(f"{o.card.name if o is not None else 'that card'} has no aftermath half")
    stand_in = o.copy()
    stand_in.card = o.card.faces[0]
    return stand_in


def cast_half(o: Any, face: Any) -> Any:
    """708.3: the player casting a split card chooses a half, and the spell has only that half's
    characteristics until it leaves the stack. Returns a stand-in copy of the card with that half's
    characteristics (the card itself is unchanged); IllegalAction for a face it does not have."""
    halves = split_halves(o.card) if o is not None else ()
    if not isinstance(face, int) or isinstance(face, bool) or not 0 <= face < len(halves):
        raise IllegalAction(f"face {face!r}: not a half of {o.card.name if o is not None else 'that card'} "
                            f"to cast (708.3)")
    stand_in = o.copy()
    stand_in.card = halves[face]
    return stand_in


#: the face index of an adventurer card's Adventure in a cast answer (``face: 1``); its creature is cast
#: as any card is (no face, or face 0)
ADVENTURE = 1


@per_object
def adventure_half(card: "CardDef") -> "CardDef | None":
    """The Adventure of an adventurer card (a later card layout, Throne of Eldraine; rule 715 of later rules):
    its second face, an instant or sorcery with the subtype Adventure; None for any other card, or when the
    card data lacks that face. Everywhere but on the stack cast as an Adventure, the card has only its main
    characteristics (the card's own definition: its front face)."""
    if card.layout != "adventure" or not card.faces:
        return None
    half = card.faces[0]
    return half if "Adventure" in half.subtypes or OMEN in half.subtypes else None


#: an Omen (a later card layout, Tarkir: Dragonstorm, 2025): cast like an Adventure, its second face; as the Omen
#: spell resolves its owner shuffles it into their library instead of putting it anywhere else
OMEN = "Omen"



def cast_adventure(o: Any) -> Any:
    """Casting an adventurer card as an Adventure (a later rule): the spell has only the Adventure's
    characteristics, as a split card's half has (708.3). Returns a stand-in copy of the card with them;
    IllegalAction for a card without an Adventure, or for one exiled on an adventure, which may be cast
    again only as its creature (the later rule: "It can't be cast as an Adventure this way")."""
    half = adventure_half(o.card) if o is not None else None
    if half is None:
        raise IllegalAction(f"{o.card.name if o is not None else 'that card'} has no Adventure to cast")
    if o.zone == "exile" and "adventure" in o.chosen:
        raise IllegalAction(f"{o.card.name} is on an adventure: it may be cast only as its creature")
    stand_in = o.copy()
    stand_in.card = half
    return stand_in


def on_adventure(g: "Game", s: Any, new: int) -> None:
    """An Adventure spell resolved and was exiled instead of put into its owner's graveyard (the later
    rule of Adventures): for as long as the card remains exiled, the player who cast it may cast it,
    but not as an Adventure (engine/zones_cast.py reads the mark; a new object elsewhere has none, 400.7)."""
    o = g.objects.get(new)
    if o is not None and o.zone == "exile":
        o.chosen["adventure"] = s.controller


def put_half(s: Any, whole: "CardDef", half: "CardDef") -> None:
    """The spell on the stack is the half cast (708.3); Game.move gives back the whole card after."""
    s.chosen["front"] = whole
    s.card = half


@per_object
def flipped_face(card: "CardDef") -> "CardDef | None":
    """A flip card's alternative characteristics (709.1b) with its own color and mana cost, which
    flipping does not change (709.1c); None for any other card."""
    if card.layout != "flip" or not card.faces:
        return None
    return replace(card.faces[0], mana_cost=card.mana_cost, colors=card.colors, layout="flip")


def flip(g: "Game", oid: int) -> bool:
    """709: flip a flip card's permanent: its alternative name, text, type line, power and toughness
    apply (709.2); flipping is one way (709.4) and it is the same object, as with transforming.
    Nothing happens to a copy, to another card, or to one already flipped. True when it flipped."""
    o = g.objects.get(oid)
    if o is None or o.zone != "battlefield" or o.is_copy or "front" in o.chosen:
        return False
    new = flipped_face(o.card)
    if new is None:
        return False
    o.chosen["front"] = o.card
    old, o.card = o.card, new
    g.changed()
    g.log("flip", card=old.name, into=new.name, obj=oid)
    return True


#: Day and night (a later rule, Innistrad: Midnight Hunt): the keywords of the faces that turn with them
DAYBOUND, NIGHTBOUND = "Daybound", "Nightbound"


def day_night_enters(g: "Game", card: "CardDef") -> bool:
    """Daybound (a later keyword): "If it is night, this permanent enters transformed"; and if it's neither
    day nor night as a permanent with daybound appears, it becomes day. True: it enters with its back up."""
    if g.day_night is None and any(a.kind == "static" and (a.static or {}).get("kind") == "day_as_enters"
                                   for a in card.abilities):
        become(g, "day")  # "If it's neither day nor night, it becomes day as SELF enters" (a later rule)
    if DAYBOUND not in card.keywords or back_face(card) is None:
        return False
    if g.day_night is None:
        become(g, "day")
    return g.day_night == "night"


def become(g: "Game", when: str) -> None:
    """It becomes day or night (a later rule, Innistrad: Midnight Hunt): as it becomes night, each permanent
    with daybound front face up transforms; as it becomes day, each one with nightbound back face up does."""
    if g.day_night == when:
        return
    before, g.day_night = g.day_night, when
    g.log("day_night", now=when)
    word = DAYBOUND if when == "night" else NIGHTBOUND
    for oid in list(g.battlefield):
        if word in g.chars(oid).keywords:
            transform(g, oid, day_night=True)
    if before is not None:  # "whenever day becomes night or night becomes day" (not as it first becomes day)
        triggers.event(g, {"event": "day_night", "now": when})


def next_turn_day_night(g: "Game", previous: str | None, spells: int) -> None:
    """As a turn begins (the later rule of day and night): if it's day and the previous turn's active player
    cast no spells during that turn, it becomes night; if it's night and they cast two or more, it becomes
    day. ``spells``: how many that player cast then."""
    if g.day_night is None and any(DAYBOUND in g.chars(i).keywords for i in g.battlefield):
        become(g, "day")  # a permanent with daybound and neither day nor night (set up that way)
    if previous is None:
        return
    if g.day_night == "day" and spells == 0:
        become(g, "night")
    elif g.day_night == "night" and spells >= 2:
        become(g, "day")


def cant_transform(g: "Game", oid: int) -> bool:
    """A static ("Enchanted creature can't attack, block, or transform", "Non-Human Werewolves you control can't
    transform") or a resolved effect says this permanent can't transform (101.2: "can't" wins)."""
    if any(r.get("rule") == "cant_transform" for r in g.chars(oid).rules):
        return True
    return bool(g.effects) and any(e["layer"] == "rule" and e.get("rule") == "cant_transform"
                                   and oid in e.get("objects", ()) and rule_in_force(g, e) for e in g.effects)


def transform(g: "Game", oid: int, by: int | None = None, day_night: bool = False) -> bool:
    """701.25a: turn a double-faced permanent over; "transforms" triggers (701.25e). ``by``: the
    id of the ability on the stack that does it. Nothing happens to a permanent that is not a
    double-faced card, a copy of one included (711.5), to one whose other face is an instant or
    sorcery (711.6), and (701.25f) when an ability of the permanent itself finds that it has
    transformed since that ability was put on the stack (stack objects are numbered in order,
    so a later transform carries a higher number). True when it transformed."""
    o = g.objects.get(oid)
    if o is None or o.zone != "battlefield" or o.is_copy:
        return False
    if not day_night and ({DAYBOUND, NIGHTBOUND} & set(g.chars(oid).keywords)):
        return False  # "this permanent can't transform except due to its daybound (nightbound) ability"
    if cant_transform(g, oid):
        return False  # 101.2: "Enchanted creature can't transform" beats any instruction to transform it
    s = g.objects.get(by) if by is not None else None
    if s is not None and s.ability is not None and s.source == oid and o.chosen.get("transformed_at", -1) > by:
        return False  # 701.25f
    front = o.chosen.get("front")
    if front is not None and front.layout == "flip":
        return False  # 701.25c: a flip card is not double-faced
    if front is not None and front.layout == MODAL:
        return False  # a modal double-faced card never transforms (its later rule; 711.5 for its front face)
    if front is not None and front.layout in SPLIT_LAYOUTS:
        return False  # a Room (a split permanent, engine/rooms.py) is not double-faced (711.5)
    if front is not None:
        new = front
        del o.chosen["front"]
    else:
        back = back_face(o.card)
        if back is None or "Instant" in back.types or "Sorcery" in back.types:
            return False  # 711.5, 711.6
        new = back
        o.chosen["front"] = o.card
    old = o.card
    o.card = new
    o.chosen["transformed_at"] = g.next_id
    g.next_id += 1
    g.changed()
    g.log("transform", card=old.name, into=new.name, obj=oid)
    triggers.event(g, {"event": "transforms", "obj": oid, "player": g.chars(oid).controller})
    return True
