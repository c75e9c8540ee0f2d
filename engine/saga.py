"""Saga cards: lore counters and chapter abilities.

The Saga rules are a later addition (Dominaria, 2018); the 2016 rules have none, so this module cites
the 2016 rules it builds on. A Saga's chapter line "I, II — [effect]" is one chapter ability for each
number (the compiler: ``_lower_chapter``), a triggered ability (603.2) whose event "chapter" is read here:

- As a Saga enters, its controller puts a lore counter on it (engine/replacement.py ``enter_replacements``,
  like the counters a permanent enters with, 614.1c; "twice that many" applies, 121.6).
- As a player's precombat main phase begins, that player puts a lore counter on each Saga they control:
  a turn-based action, no stack (``main_phase``, called by the game as that phase begins, 505.1, 703.2).
- A chapter ability triggers when the number of lore counters on the permanent becomes at least its chapter
  number from fewer, however they were put (entering, the turn-based action, proliferate, an effect). The
  game sees the change as it checks its state before a player would receive priority (``check``, called
  from engine/sba.py; 117.5: the ability waits until then to be put on the stack anyway).
- A state-based action: a Saga with chapter abilities whose lore counters are at least its final chapter
  number (its greatest) and that is not the source of a chapter ability that has triggered but not yet
  left the stack is sacrificed by its controller (``check``; 704.3, 701.14a).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine import seats, triggers
from engine.actions import sacrifice
from engine.decision_kinds import named_option
from engine.layers import counters_allowed
from engine.replacement import counter_count

if TYPE_CHECKING:
    from engine.decisions import Decision
    from engine.game import Game
    from engine.layers import Chars
    from engine.state import Obj

__all__ = ["final_chapter", "check", "sacrifice_sagas", "main_phase", "answer_read_ahead"]


def final_chapter(c: "Chars") -> int:
    """The greatest chapter number among the chapter abilities it has now (0: it has none)."""
    return max((ab.trigger.get("chapter", 0) for ab in triggers.triggered_of(c.abilities)
                if ab.trigger.get("event") == "chapter"), default=0)


def _pending(g: "Game", oid: int) -> bool:
    """Is ``oid`` the source of a chapter ability that has triggered but not yet left the stack?"""
    if any(t["source"] == oid and (t["ability"].trigger or {}).get("event") == "chapter" for t in g.triggered):
        return True
    for sid in g.stack:
        s = g.objects[sid]
        if s.source == oid and s.ability is not None and (s.ability.trigger or {}).get("event") == "chapter":
            return True
    return False


def check(g: "Game", o: "Obj", c: "Chars") -> tuple[bool, bool, bool]:
    """For a permanent as the game checks its state: (did a chapter ability trigger, is it to be
    sacrificed, does it wait for a chapter ability of its own to leave the stack). The lore counters last
    seen are kept on the permanent (``chosen["lore_seen"]``), so each chapter number reached from fewer
    counters triggers once, and again if counters were removed and put back (a new event). A Saga that
    waits is looked at again at every check (engine/sba.py: the stack changing is no change of state the
    game's version counts)."""
    lore = o.counters.get("lore", 0)
    seen = o.chosen.get("lore_seen", 0) if o.chosen else 0
    fired = False
    if lore != seen:
        o.chosen["lore_seen"] = lore
        if lore > seen:
            before = len(g.triggered)
            triggers.event(g, {"event": "chapter", "obj": o.id, "player": c.controller, "from": seen, "to": lore})
            fired = len(g.triggered) > before
    last = final_chapter(c) if lore else 0
    if not (last and lore >= last and "Saga" in c.subtypes):
        return fired, False, False
    waits = _pending(g, o.id)
    return fired, not waits, waits


def sacrifice_sagas(g: "Game", oids: list[int]) -> bool:
    """The Sagas found by ``check``, sacrificed by their controllers at once with the other state-based
    actions (704.3; a sacrifice, 701.14a: "whenever you sacrifice" sees it)."""
    did = False
    for oid in oids:
        if oid in g.objects and g.objects[oid].zone == "battlefield":
            g.log("saga_done", card=g.objects[oid].card.name, obj=oid)
            sacrifice(g, oid)
            did = True
    return did


def main_phase(g: "Game") -> None:
    """As the active player's precombat main phase begins, they put a lore counter on each Saga they
    control (a turn-based action: it uses no stack, 703.2; 805.4: each player of the active team)."""
    active = set(seats.active_team(g))
    put = False
    for oid in list(g.battlefield):
        c = g.chars(oid)
        if "Saga" in c.subtypes and c.controller in active and counters_allowed(g, oid, "lore"):
            o = g.objects[oid]
            n = counter_count(g, oid, "lore", 1, ask=False)  # 121.6, 614.1a: "twice that many"
            o.counters["lore"] = o.counters.get("lore", 0) + n
            g.log("lore_counter", card=o.card.name, obj=oid, amount=n)
            put = True
    if put:
        g.changed()


def answer_read_ahead(g: "Game", d: "Decision", a: dict[str, Any]) -> None:
    """Read ahead (a later keyword, Dominaria United 2022): "As this Saga enters, choose a chapter number from one
    to its final chapter number. It enters with that many lore counters; its chapter abilities with lower numbers
    don't trigger" (asked by engine/replacement.py enter_replacements, 614.12). The chapter chosen: that many lore
    counters on it (121.6, 614.1a: "twice that
    many"), the chapters below it counted as seen (``check``): only the chosen one and those after trigger."""
    n = int(named_option(list(d.options), a.get("option")))
    o = g.objects.get(d.data["enter"])
    if o is None or o.zone != "battlefield" or not counters_allowed(g, o.id, "lore"):
        return
    o.counters["lore"] = o.counters.get("lore", 0) + counter_count(g, o.id, "lore", n, ask=False)
    o.chosen["lore_seen"] = max(int(o.chosen.get("lore_seen", 0)), n - 1)
    g.log("lore_counter", card=o.card.name, obj=o.id, amount=n)
    g.changed()
