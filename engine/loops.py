"""Loops of mandatory actions (CR 716.4, 104.4b; 801.16 with the limited range of influence option), and
fragmented loops of several players' optional actions (716.3: the second half of this module).

A loop repeats a sequence of events with no way to stop (104.4b). The game finds one as it
happens: whenever a triggered ability is about to resolve, the position is written down
without object ids (400.7 makes a new object of each card that changes zones, so a card
that dies and returns is the same position again): every object's card, controller, status,
counters and damage, every zone's cards, life totals, mana pools, the stack, the step.
When a position comes back for the third time and no player has made a choice in between,
every action of the loop was mandatory:

- passing priority does not break it: no player can be forced to take an action that would
  end a loop other than actions called for by objects involved in it (716.5);
- a decision with one legal answer is no choice (the game answers it for the player);
- not paying for "[A] unless [B]" does not break it either: no player can be forced to
  perform [B], and if no one does the loop goes on as though [A] were mandatory (716.6).

Any other answer (casting, activating, a "may", choosing among several objects) is a
choice that may change what comes next: the record starts again (716.2a: a loop with
optional actions is shortened by its players, here by playing on).

The game is then a draw (716.4, 104.4b); with the limited range of influence option (801.16)
only for each player who controls an object involved in the loop (the abilities that
resolved in it) and each player within the range of influence of one of them: they leave
the game (800.4a) and the others play on.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.game import Game
    from engine.state import Decision

#: how many times a position is seen before the loop is called: twice shows it repeats, the third
#: time that it repeats with nothing changed in between (no random event took it elsewhere)
SEEN = 3


def _obj(g: "Game", oid: int) -> tuple[Any, ...]:
    o = g.objects[oid]
    att = g.objects[o.attached_to].card.name if o.attached_to in g.objects else ""
    return (o.card.name, o.controller, o.owner, o.tapped, tuple(sorted(o.counters.items())), o.damage,
            o.token, "face_down" in o.chosen, att, o.attacking is not None, o.is_blocking)


def _name(g: "Game", x: Any) -> str:
    """A target without its object id: its card's name (a player by name)."""
    return g.objects[x].card.name if isinstance(x, int) and x in g.objects else str(x)


def position(g: "Game") -> tuple[Any, ...]:
    """The game's position without object ids (400.7): equal for the same cards in the same places,
    with the same status, life totals, mana, stack and step."""
    objs = g.objects
    players = []
    for n in g.order:
        p = g.players[n]
        players.append((n, p.life, p.poison, tuple(sorted(p.counters.items())) if p.counters else (),
                        tuple(sorted(objs[i].card.name for i in p.hand)), len(p.library),
                        tuple(objs[i].card.name for i in p.graveyard),
                        tuple(sorted(objs[i].card.name for i in p.exile)),
                        tuple(sorted(p.pool.items())) if p.pool else (), p.lost))
    stack = tuple((o.card.name, o.controller, o.ability.text if o.ability is not None else "",
                   tuple(tuple(_name(g, x) for x in t) for t in o.targets)) for o in (objs[i] for i in g.stack))
    field = tuple(sorted(_obj(g, i) for i in g.battlefield))
    return (g.step, g.active, tuple(players), stack, field, len(g.effects), len(g.delayed))


def answered(g: "Game", d: "Decision", a: Any) -> None:
    """After an answer: a choice starts the record again (716.2a); passing priority (716.5), a
    forced answer, and not paying for "[A] unless [B]" (716.6) do not."""
    if not g.loop:
        return
    if d.kind == "priority" and isinstance(a, dict) and a.get("action") == "pass":
        return
    if d.forced is not None:
        return
    if isinstance(a, dict) and a.get("option") == "no" and str(d.data.get("slot", "")).endswith("unless"):
        return
    g.loop = {}


def resolving(g: "Game") -> bool:
    """The top of the stack is about to resolve (608.2): write the position down when it is a
    triggered ability; True when it is the third time with no choice since, and the game is
    then a draw for the players of the loop (716.4, 104.4b, 801.16)."""
    top = g.objects.get(g.stack[-1]) if g.stack else None
    if top is None or top.ability is None or top.ability.kind != "triggered":
        return False
    key = position(g)
    seen = dict(g.loop.get("seen", {}))  # a new record: a copy of the game shares the old one
    seen[key] = seen.get(key, 0) + 1
    who = sorted(set(g.loop.get("who", ())) | {top.controller})
    g.loop = {"seen": seen, "who": who}
    if seen[key] < SEEN:
        return False
    g.log("loop", players=who)
    g.draw_game(who[0], involved=who)
    return True


# ---------------------------------------------------------------- fragmented loops (716.3)
#: a priority action taken this many times in one step by one player arms the record of 716.3
ARM = 2


def _sig(g: "Game", a: dict[str, Any]) -> tuple[Any, ...] | None:
    """A priority action as a game choice (116.2): cast which card, activate which ability of which
    permanent, by which alternative; None for passing and anything else. Targets are not part of it:
    716.3's different choice is another action, not the same one aimed elsewhere."""
    act = a.get("action")
    if act != "cast" and act != "activate":
        return None
    card = a.get("card")
    if act == "cast":  # a card cast again is the same choice from any zone (it is a new object, 400.7)
        card = g.objects[card].card.name if card in g.objects else card
    return (act, card, a.get("ability"), a.get("alt"))


def _state(g: "Game") -> tuple[Any, ...]:
    """The game state of 716.3: the position (without object ids), with the permanents' characteristics
    in place of the number of continuous effects: "gains flying" and then "loses flying" is the same
    state again although two effects now exist (613: what counts is what they make the objects)."""
    chars = []
    for i in g.battlefield:
        c = g.chars(i)
        chars.append((g.objects[i].card.name, c.power, c.toughness, tuple(sorted(map(str, c.keywords))),
                      tuple(sorted(c.types)), tuple(sorted(c.colors)), c.controller))
    return position(g)[:-2] + (tuple(sorted(chars)), len(g.delayed))


def _state_here(g: "Game") -> tuple[Any, ...]:
    """``_state``, found once for a priority decision: the state its options are built in (``offered``) is the one
    its answer is made in (``before``), nothing happening between (Game.submit). Kept with the wait record (a copy
    of the game has its own), the version of the state (Game.changed) and the number of answers."""
    kept = g.__dict__.get("_frag_state")
    wait, version, n = g.wait, g._version, len(g.answers)
    if kept is not None and kept[0] is wait and kept[1] == version and kept[2] == n:
        return kept[3]
    got = _state(g)
    g._frag_state = (wait, version, n, got)
    return got


def offered(g: "Game", player: str, opts: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """716.3: ``player``'s priority options, without the choices a fragmented loop forbids.

    Once a player takes the same priority action a second time in a step, the game writes down,
    at each priority decision of that step, the state and what was done there (``acted``). When a
    state comes back to the same player after actions of two or more players, the loop is
    fragmented: the active player (or, if the active player took no action in it, the first player
    in turn order who did) must make a different game choice: for the rest of the step, at each
    state of the loop, that player may not take again the action taken there in it."""
    f = g.frag
    if not f.get("armed") or f.get("step") != (g.turn, g.step):
        return opts
    here = (_state_here(g), player)
    trail = f.get("trail", [])
    ban = f.get("ban", {})
    start = next((k for k, t in enumerate(trail) if t[0] == here), None)
    if start is not None:
        doers = {t[0][1] for t in trail[start:] if t[1] is not None}
        if len(doers) >= 2:  # each player's independent actions bring the same state back
            k = g.order.index(g.active)
            must = next(p for p in g.order[k:] + g.order[:k] if p in doers)
            mine = {t[0]: t[1] for t in trail[start:] if t[0][1] == must and t[1] is not None}
            if any(ban.get(s) != v for s, v in mine.items()):
                g.frag = {**f, "ban": {**ban, **mine}}
                g.log("fragmented_loop", player=must)
    no = g.frag.get("ban", {}).get(here)
    return opts if no is None else [o for o in opts if _sig(g, o) != no]


def before(g: "Game", player: str, a: Any) -> tuple[Any, ...] | None:
    """Before a priority answer is carried out: the state it is made in, when 716.3's record wants it
    (the record is armed, or this action arms it)."""
    f = g.frag
    if not f and ARM > 1:  # nothing counted yet: one action cannot arm the record
        return None
    same = f.get("step") == (g.turn, g.step)
    if same and f.get("armed"):
        return (_state_here(g), player)
    sig = _sig(g, a) if isinstance(a, dict) else None
    if sig is None or not same or f.get("counts", {}).get((player, sig), 0) + 1 < ARM:
        return None
    return (_state_here(g), player)


def acted(g: "Game", player: str, a: Any, here: tuple[Any, ...] | None) -> None:
    """After a priority answer made in state ``here`` (``before``): count the action (arming 716.3's
    record), write down what was done there. A new step starts a new record."""
    f = g.frag
    if not f.get("armed") and (not isinstance(a, dict) or a.get("action") not in ("cast", "activate")):
        # no game choice (_sig) outside an armed record: nothing is counted, a new step only forgets the old record
        if f and f.get("step") != (g.turn, g.step):
            g.frag = {}
        return
    sig = _sig(g, a) if isinstance(a, dict) else None
    if f.get("step") != (g.turn, g.step):
        if sig is None:
            if f:
                g.frag = {}
            return
        f = {"step": (g.turn, g.step)}
    f = dict(f)
    if sig is not None and not f.get("armed"):
        counts = dict(f.get("counts", {}))
        counts[(player, sig)] = n = counts.get((player, sig), 0) + 1
        f["counts"] = counts
        f["armed"] = n >= ARM
    if here is not None and f.get("armed"):
        f["trail"] = f.get("trail", []) + [(here, sig)]
    g.frag = f


def banned(g: "Game", player: str, a: dict[str, Any]) -> bool:
    """Is this answer the choice 716.3 forbids ``player`` in this state?"""
    ban = g.frag.get("ban")
    sig = _sig(g, a)
    if not ban or sig is None or sig not in ban.values() or g.frag.get("step") != (g.turn, g.step):
        return False
    return ban.get((_state(g), player)) == sig
