"""A player leaves a multiplayer game (CR 800.4a-d, 800.4h; 104.3a).

A player who loses a multiplayer game leaves it at once: this is not a state-based action
(800.4a), though losing for life, poison or an empty library is found by one (704.5a-c).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine import combat, knowledge, planechase, seats, triggers
from engine.until import objects_gone, source_left

if TYPE_CHECKING:
    from engine.game import Game


def leave(g: "Game", p: str) -> None:
    """800.4a: ``p`` leaves the game. In order: every object ``p`` owns leaves the game; effects
    giving ``p`` control of objects end; objects ``p`` controls on the stack that are not cards
    (abilities, copies) cease to exist; objects ``p`` still controls are exiled. Then 800.4d:
    ``p``'s delayed and waiting triggered abilities are gone; priority held by ``p`` passes to the
    next player in turn order (800.4a); a decision ``p`` was making passes to who is next (800.4f)."""
    if p in g.gone:
        return
    g.players[p].lost = True
    g.gone.append(p)
    g.log("leave", player=p)
    # objects owned by p leave the game (800.4a); 610.3 durations tied to them end
    for i in [i for i in g.battlefield if g.objects[i].owner == p]:
        _vanish(g, i)
        source_left(g, i)
    for i in [i for i in g.stack if g.objects[i].owner == p]:  # p's spells; abilities p controls
        g.stack.remove(i)
        del g.objects[i]
    if g.casual:
        planechase.player_left(g, p)  # 901.6, 901.10: a new planar controller; their plane leaves, another turns up
    pl = g.players[p]
    for zone in ("library", "hand", "graveyard", "exile", "command", "planar", "schemes"):
        for i in pl.zone(zone):
            del g.objects[i]
            knowledge.forget(g, i)
        pl.zone(zone).clear()
    # effects giving p control end (layer 2); effects on only p's objects ended with them (611.2c)
    if g.effects:
        g.effects = [e for e in g.effects if not (e["layer"] == "2" and e.get("controller") == p)]
        objects_gone(g)
    g.changed()
    # what p still controls is exiled (spells p cast from another's cards, permanents p took)
    for i in [i for i in g.stack if g.objects[i].controller == p]:
        g.move(i, "exile")
    for i in [i for i in g.battlefield if g.chars(i).controller == p]:
        if i in g.objects and g.objects[i].zone == "battlefield":  # not exiled already (exile_orphans)
            g.move(i, "exile")
    # 800.4d: p's triggered abilities are not put on the stack
    g.delayed = [d for d in g.delayed if d["controller"] != p]
    g.triggered = [t for t in g.triggered if t["controller"] != p]
    g.queue = [w for w in g.queue if w.get("player") != p or w["kind"].startswith("_")]
    g.changed()
    # 603.9: "whenever a player loses the game" triggers when a player loses or leaves, whatever the
    # reason (a draw ends the game for everyone and leaves no one to trigger)
    triggers.event(g, {"event": "loses_game", "player": p})
    r = g.resolving
    gone = r is not None and r.get("obj") not in g.objects
    if gone and r is not None and r.get("lki_self") is not None and r["lki_self"].controller != p:
        gone = False  # it left the stack before, by its own instruction: it resolves fully (608.2j)
    if gone:  # the object resolving ceased to exist with its controller (800.4a)
        g.resolving = None
        g.wait = None
        g._give_priority()  # 116.3b: as after a resolution
    _hand_over(g, p)


def _vanish(g: "Game", oid: int) -> None:
    """An object leaves the game from the battlefield (800.4a): no zone change, no trigger."""
    o = g.objects[oid]
    if o.in_combat:
        combat.remove_from_combat(g, o)
    for other in g.battlefield:
        if g.objects[other].attached_to == oid:
            g.objects[other].attached_to = None
    g.battlefield.remove(oid)
    del g.objects[oid]
    knowledge.forget(g, oid)


def _hand_over(g: "Game", p: str) -> None:
    """800.4a: priority held by ``p`` passes to the next player still in the game; a blockers
    declaration ``p`` owed is skipped (no creature of theirs is left to block)."""
    if g.priority == p:
        g.priority = seats.next_player(g, p)
    w = g.wait
    if w is not None and w.get("player") == p:
        g.wait = None
        if w["kind"] == "blockers":
            combat.next_defender(g, p)
        elif w["kind"] == "mulligan":
            g._next_mulligan(p, w.get("declared"))
        elif w["kind"] == "mulligan_bottom" or w.get("answer_to") == "opening":
            g._after_mulligans()
        elif w["kind"] == "play_first":  # 103.2: the first player still in the game chooses instead
            g.wait = {"kind": "play_first", "player": seats.next_player(g, p)}
        elif g.resolving is not None:
            # 800.4f: a choice the resolving object asked of ``p`` goes to another player: the
            # object's controller chooses again who makes it ("an opponent separates ...": another
            # opponent if possible, engine/values.py one_opponent); the resolution then goes on
            r = g.resolving
            r["answers"] = {k: v for k, v in r.get("answers", {}).items() if v != p}


def exile_orphans(g: "Game") -> None:
    """800.4c: when an effect giving a player still in the game control of a permanent ends,
    no other effect gives it to a player in the game, and it entered the battlefield under the
    control of a player who has left, it is exiled at once (not a state-based action). Such a
    permanent is one whose controller, with the effects left, is a player who left: called
    where control-changing effects end (cleanup 514.2, a new turn, a source leaving 611.2b)."""
    if not g.gone:
        return
    ps = g.players
    for i in [i for i in g.battlefield if ps[g.chars(i).controller].lost]:
        if i in g.objects and g.objects[i].zone == "battlefield":
            g.log("orphan_exiled", card=g.objects[i].card.name, obj=i, player=g.chars(i).controller)
            g.move(i, "exile")

