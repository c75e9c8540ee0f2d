"""Mutate and merged permanents: a later keyword and rule (Ikoria: Lair of Behemoths, 2020), not in the 2016
rules; their rules are quoted here by their words.

Mutate: "Mutate [cost]" means "You may pay [cost] rather than pay this spell's mana cost. If you do, it becomes a
mutating creature spell and targets a non-Human creature with the same owner as this spell." The compiler reads
that target once (engine/cards/compiler ``_mutate``: ``keyword_args["Mutate"]`` holds the cost and the spell
ability, a ``mutate`` op with its target); cast that way the spell on the stack has that ability, as an awakened
spell has awaken's (702.112a, engine/awaken.py), and ``Obj.chosen["front"]`` keeps the card itself.

As it resolves, if its target is illegal, it stops being a mutating creature spell and resolves as a creature
spell: it enters the battlefield (``end_mutating``, an exception to 608.2b as bestow's is, 702.102d). Else it does
not enter the battlefield: its controller puts it on top of or under the target creature, and the two become one
merged permanent (``merge``), the same object as the creature was (400.7 does not apply: no summoning sickness
anew, no enters abilities; its counters, damage and the effects on it stay).

A merged permanent has the characteristics of its topmost card or token and the abilities of each card and token
that represents it. ``Obj.card`` is what it shows (``merged_card``); the cards and tokens it is made of, top
first, are kept in ``Obj.chosen["merged"]`` (each {"card", "owner", "token", "uid"}; the permanent's own one has
"self"), and ``chosen["mutations"]`` counts the times it mutated. "Whenever SELF mutates" triggers as a spell
merges with it (event "mutates"). When a merged permanent leaves the battlefield, each card that represents it
goes to that zone; a token that represents it ceases to exist (110.5f): Game.move moves the permanent's own card
and ``split`` the others.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from engine import cast_as, facedown, knowledge, triggers
from engine.cards.abilities import CardDef, Cost
from engine.memo import per_object
from engine.overload import spell_for, stand_in
from engine.state import create_object

if TYPE_CHECKING:
    from engine.game import Game
    from engine.state import Obj

__all__ = ["mutate_of", "cast_mutating", "is_mutating", "end_mutating", "merge", "merged_card", "own_card",
           "split", "mutations", "OVER", "UNDER"]

#: mutate: the choice of the mutating spell's controller
OVER, UNDER = "on top", "under"


@per_object
def mutate_of(card: CardDef) -> tuple[Cost, CardDef] | None:
    """(mutate cost, the card as a mutating creature spell) when its mutate cost is mana alone and its target was
    read (mutate, a later keyword); None otherwise."""
    return spell_for(card, "Mutate")


def cast_mutating(o: Any) -> tuple[Cost, Any]:
    """Mutate: the mutate cost and a stand-in copy of the card in hand as a mutating creature spell;
    IllegalAction for a card without mutate."""
    return stand_in(o, mutate_of(o.card) if o is not None else None, "mutate")


def is_mutating(s: "Obj") -> bool:
    """Is this spell a mutating creature spell (cast for its mutate cost)?"""
    if s.ability is not None or "front" not in s.chosen:
        return False
    return any(e.op == "mutate" for a in s.card.abilities if a.kind == "spell" for e in a.effects)


def end_mutating(g: "Game", s: "Obj") -> None:
    """Mutate: its target is illegal as it resolves: it is no longer a mutating creature spell and resolves as a
    creature spell (it enters the battlefield), the card it is again, with no target."""
    s.card = s.chosen.pop("front")
    s.targets = []
    g.changed()
    g.log("mutate_fails", card=s.card.name, obj=s.id)


def merged_card(parts: list[dict[str, Any]]) -> CardDef:
    """A merged permanent (a later rule): the topmost card's characteristics with the abilities of every card and
    token of the merged permanent (top first; an ability printed on two of them is there twice)."""
    top = parts[0]["card"]
    abilities = tuple(a for p in parts for a in p["card"].abilities)
    keywords = list(top.keywords)
    args: dict[str, Any] = {}
    for p in reversed(parts):
        args.update(p["card"].keyword_args)
        keywords += [k for k in p["card"].keywords if k not in keywords]
    return replace(top, abilities=abilities, keywords=tuple(keywords), keyword_args=args)


def mutations(o: "Obj") -> int:
    """How many times this permanent has mutated ("the number of times SELF has mutated")."""
    return int(o.chosen.get("mutations", 0))


def merge(g: "Game", sid: int, tid: int, over: bool) -> None:
    """Mutate: the resolving mutating spell ``sid`` merges with its target ``tid``, on top of it or under it; the
    permanent stays the same object. Over a face-down permanent, the merged permanent is face up (its card is then
    the one under); under one, it stays face down (707.2: a face-down permanent has none of those abilities)."""
    s, t = g.objects[sid], g.objects[tid]
    card = s.chosen.get("front", s.card)
    spell_part = {"card": card, "owner": s.owner, "token": bool(s.token or s.chosen.get("spell_copy")),
                  "uid": s.uid}
    parts = list(t.chosen.get("merged") or ())
    down = facedown.is_face_down(t)
    if not parts:
        parts = [{"card": facedown.hidden_card(t) if down and over else t.card, "owner": t.owner,
                  "token": t.token, "uid": t.uid, "self": True, "own": _printed(t)}]
    chosen = dict(t.chosen)
    if down and over:  # put on top of a face-down permanent: the merged permanent is face up
        for k in ("face_down", "down_by"):
            chosen.pop(k, None)
    parts = [spell_part, *parts] if over else [*parts, spell_part]
    chosen["merged"] = parts
    chosen["mutations"] = mutations(t) + 1
    t.chosen = chosen
    if not (down and not over):
        t.card = merged_card(parts)
    g.stack.remove(sid)
    del g.objects[sid]
    g.log("mutate", card=card.name, obj=tid, onto=parts[1 if over else 0]["card"].name if len(parts) > 1 else "",
          where=OVER if over else UNDER)
    g.changed()
    triggers.event(g, {"event": "mutates", "obj": tid, "player": g.controller_of(tid) or s.controller,
                       "mutations": chosen["mutations"]})


def _printed(t: "Obj") -> CardDef:
    """The card the permanent is outside the battlefield (400.7): not what it shows face down (707.2), as a copy
    (706.2), transformed (711.4a) or cast as another card (702.102a)."""
    card = facedown.hidden_card(t)
    if t.is_copy:
        card = t.chosen.get("printed", card)
    card = t.chosen.get("front", card)
    for key in cast_as.KEYS:
        card = t.chosen.get(key, card)
    return card


def own_card(o: "Obj") -> CardDef:
    """The card (or token) that is the merged permanent's own object, as it is outside the battlefield (400.7)."""
    for p in o.chosen.get("merged") or ():
        if p.get("self"):
            return p.get("own", p["card"])
    return o.card


def split(g: "Game", o: "Obj", to: str, top: bool, index: int | None) -> list[int]:
    """A merged permanent (a later rule): ``o`` left the battlefield for ``to``: each other card that represented
    it goes there too, a new object (400.7) in its owner's zone; a token ceases to exist (110.5f). Returns the new
    ids."""
    out: list[int] = []
    for p in o.chosen.get("merged") or ():
        if p.get("self") or p["token"]:
            continue
        n = create_object(g, p["card"], p["owner"], to)
        n.uid = p["uid"]
        dest = g.zone_list(n)
        if to == "library" and (top or index is not None):
            dest.insert(index if index is not None else 0, n.id)
        else:
            dest.append(n.id)
        if to == "graveyard":
            n.chosen["graveyard_turn"] = g.turn
            n.chosen["from_battlefield_turn"] = g.turn
        g.log("move", card=n.card.name, obj=n.id, frm="battlefield", to=to, owner=n.owner, hidden=False)
        if to in ("library", "hand"):  # from a public zone: the whole table saw it go there
            knowledge.show(g, [n.id], sorted(g.order))
        out.append(n.id)
    return out
