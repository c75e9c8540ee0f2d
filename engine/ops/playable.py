"""The "playable" op: the controller may play or cast cards from other zones (CR 601.2a,
305.1); the permission record it leaves is read by engine/zones_cast.py."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.cards.abilities import Effect
from engine.ops.base import table
from engine.values import refs, source_id, this

if TYPE_CHECKING:
    from engine.game import Game

OPS, op = table()


@op("playable")
def _playable(g: "Game", r: dict, e: Effect) -> None:
    """The controller may play/cast the named cards (or cards matching a filter) until the
    duration ends (601.2a: a spell may be cast from another zone when an effect allows it)."""
    s = this(g, r)
    what = e.args.get("what")
    until = e.get("until", "eot")
    rec: dict[str, Any] = {"layer": "play", "controller": s.controller, "play": e.get("play", "cast"),
                           "free": bool(e.get("free")), "until": until if until in DURATIONS else "never"}
    if e.get("exile_instead"):  # 614.1a: "if that spell would be put into your graveyard, exile it instead"
        rec["exile_instead"] = True
    if e.get("any_color"):  # 609.4: "you may spend mana as though it were mana of any color to cast that spell"
        rec["any_color"] = True
    if e.get("cost") is not None:  # "its owner may cast it for {2} rather than its mana cost" (airbend, a later
        rec["cost"] = list(e.args["cost"])  # keyword action): an alternative cost (118.9; engine/casting.py)
    if e.get("one"):  # "you may cast an instant or sorcery spell from among those exiled cards": one spell in all
        rec["one"] = True  # (engine/casting.py ends the permission as that spell is cast)
    if until == "next_turn_end":  # 500.1, 514.2: ends in the cleanup of a turn of its controller's after this one
        rec["after_turn"] = g.turn
    if isinstance(what, dict) and "choose" not in what and "target" not in what and "each" not in what:
        rec["objects"] = []
        rec["filter"] = dict(what)
    else:
        rec["objects"] = [x for x in refs(g, r, what) if isinstance(x, int)]
        if e.get("only"):  # "you may cast creature spells from among them": those of that kind only
            rec["only"] = dict(e.args["only"])
    recs = [rec]
    if e.get("owner_may") and rec["objects"]:  # "its owner may cast it" (Release to the Wind): each card's owner
        owners = sorted({g.objects[x].owner for x in rec["objects"] if x in g.objects})
        recs = [dict(rec, controller=p, objects=[x for x in rec["objects"] if g.objects[x].owner == p]) for p in owners]
    for one in recs:
        g.ts += 1
        one["ts"] = g.ts
        one["source"] = source_id(g, r)
        g.effects.append(one)
    g.changed()


#: the durations of the permission (611.2a): this turn, or "until the end of your next turn"
#: (ended by engine/game.py in the cleanup step, 514.2); "for as long as it remains exiled" (the permission
#: names objects: a card that leaves exile is a new object, 400.7, so it ends by itself); "for as long as you
#: control SELF" (ended by engine/until.py when SELF leaves or changes control, 611.2b); "until your next end step"
#: (ended by engine/game.py as an end step of its controller's turn begins, 513.1: this turn's, if it is theirs)
DURATIONS = ("eot", "next_turn_end", "remains_exiled", "while_source", "next_end_step")


def supported(e: Effect) -> bool:
    """The playable effects this module carries out."""
    return e.get("until", "eot") in DURATIONS and e.get("play", "cast") in ("play", "cast")
