"""Sagas (a later rule, Dominaria 2018; the Saga section of the rules of that time, after this engine's 2016 text):
chapter abilities, lore counters, and the sacrifice after the last chapter.

A chapter ability ("I, II — Create a 2/2 white Knight creature token") is a triggered ability
(``trigger {"event": "chapter", "self": True, "chapters": [1, 2]}``) that triggers when lore
counters put on its Saga bring their number from less than the chapter number to at least it
(the Saga rules of that time). Each Saga remembers how many lore counters it has been seen with
(``chosen["lore_seen"]``); whenever a player would receive priority the new ones are compared
with it, so a lore counter from anywhere (entering, the precombat main phase, proliferate, an
effect) triggers the chapters it reaches. As a Saga enters it gets a lore counter (engine/
replacement.py); as its controller's precombat main phase begins, another (turn-based, no
stack); once it has as many as its final chapter number and no chapter ability of it waits or
is on the stack, its controller sacrifices it (a state-based action).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine import triggers
from engine.memo import per_object
from engine.replacement import counter_count

if TYPE_CHECKING:
    from engine.game import Game

__all__ = ["chapters", "final_chapter", "chapter_triggers", "precombat_main", "finished", "at_last_chapter"]


def chapters(ab: Any) -> tuple[int, ...]:
    """The chapter numbers of a chapter ability (none for any other ability)."""
    t = ab.trigger or {} if ab.kind == "triggered" else {}
    return tuple(t.get("chapters", ())) if t.get("event") == "chapter" else ()


def final_chapter(abilities: Any) -> int:
    """The greatest chapter number among these abilities (0: not a Saga with chapters)."""
    return max((n for ab in abilities for n in chapters(ab)), default=0)


@per_object
def _card_final(card: Any) -> int:
    """The final chapter number of a card, of any of its faces (it may transform into a Saga)."""
    return max([final_chapter(card.abilities), *(final_chapter(f.abilities) for f in card.faces)])


def _sagas(g: "Game") -> list[int]:
    """The permanents whose card has chapter abilities; none in most games (known once per set of
    physical objects, as engine/triggers.py state_triggers does)."""
    some = g.__dict__.get("_sagas_any")
    if some is None or some[0] != g.next_uid:
        some = g._sagas_any = (g.next_uid, any(_card_final(o.card) for o in g.objects.values()))
    if not some[1]:
        return []
    return [oid for oid in g.battlefield if _card_final(g.objects[oid].card)]


def chapter_triggers(g: "Game") -> bool:
    """Sagas (a later rule): each chapter ability whose number the Saga's lore counters reached since
    last seen triggers, once per chapter. True when a Saga's lore counters changed since last seen
    (the game checks its state-based actions again: one may now be sacrificed)."""
    fired = False
    for oid in _sagas(g):
        o = g.objects[oid]
        lore, seen = o.counters.get("lore", 0), int(o.chosen.get("lore_seen", 0))
        if lore == seen:
            continue
        o.chosen["lore_seen"] = lore  # fewer than seen: counters were removed, a later one may reach a chapter again
        g.changed()  # the state-based action that sacrifices it after its final chapter reads this (engine/sba.py)
        fired = True
        if lore < seen:
            continue
        c = g.chars(oid)
        for ab in c.abilities:
            for n in chapters(ab):
                if seen < n <= lore:
                    triggers.add(g, o, ab, c.controller, {"event": "chapter", "chapter": n})
    return fired


def precombat_main(g: "Game") -> None:
    """Sagas (a later rule): as a player's precombat main phase begins, that player puts a lore
    counter on each Saga they control (a turn-based action: no stack)."""
    for oid in _sagas(g):
        c = g.chars(oid)
        if c.controller == g.active and "Saga" in c.subtypes:
            o = g.objects[oid]
            o.counters["lore"] = o.counters.get("lore", 0) + counter_count(g, oid, "lore", 1, ask=False)
            g.changed()


def at_last_chapter(g: "Game") -> bool:
    """Whether a Saga has as many lore counters as its final chapter number: its sacrifice waits only
    on its chapter abilities leaving the stack, which the state-based actions' shortcut does not see
    (a trigger removed for want of targets changes nothing else, 603.3d)."""
    return any(g.objects[oid].counters.get("lore", 0) >= _card_final(g.objects[oid].card) for oid in _sagas(g))


def finished(g: "Game", oid: int, c: Any) -> bool:
    """Sagas (a later rule): a Saga with at least its final chapter number of lore counters, that is not the
    source of a chapter ability that triggered and has not left the stack, is sacrificed."""
    last = final_chapter(c.abilities)
    if not last or "Saga" not in c.subtypes or g.objects[oid].counters.get("lore", 0) < last:
        return False
    if g.objects[oid].counters.get("lore", 0) > int(g.objects[oid].chosen.get("lore_seen", 0)):
        return False  # its last chapters have yet to trigger (checked before any player gets priority)
    if any(t["source"] == oid and chapters(t["ability"]) for t in g.triggered):
        return False
    return not any(g.objects[s].source == oid and g.objects[s].ability is not None and chapters(g.objects[s].ability)
                   for s in g.stack)
