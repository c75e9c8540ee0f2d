"""Controlling another player (CR 712): Mindslaver, Sorin Markov's "-7: You control target player
during that player's next turn."

The game keeps ``g.player_control``: ``pending``, the effects created and not yet begun, oldest
first, each ``[affected, controller]``; ``now``, the seats controlled during the current turn,
``{affected: controller}``. Only control of the player changes (712.3): objects keep their
controllers and the controlled player is still the active player. Every decision the rules give
the controlled player is answered by the controller (712.5, 712.8): the game hands the controller
the decision (engine/game.py), while the rules code acts for the controlled seat, with its
resources (712.5a). The controller sees what the controlled player sees (712.4: its hand and its
face-down permanents, engine/knowledge.py and engine/view.py).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.game import Game


def new() -> dict[str, Any]:
    """No player controls another."""
    return {"pending": [], "now": {}}


def add(g: "Game", affected: str, controller: str, then_extra_turn: bool = False) -> None:
    """712.1: ``controller`` will control ``affected`` during the next turn ``affected`` actually
    takes (712.1b: a skipped turn is not taken). A later effect overwrites an earlier one (712.1a).
    ``then_extra_turn``: "After that turn, that player takes an extra turn" (Emrakul, the Promised End):
    the extra turn is created as the controlled turn begins, so it follows that turn (500.7)."""
    g.player_control["pending"].append([affected, controller, *([True] if then_extra_turn else [])])
    g.changed()


def begin_turn(g: "Game") -> None:
    """712.1: as a turn begins, the control of the turn before ends; the active player is controlled
    for the whole turn by the controller of the last such effect created (712.1a). A player who
    controls themselves decides as usual (712.9)."""
    pc = g.player_control
    if not pc["pending"] and not pc["now"]:
        return
    taken = [x for x in pc["pending"] if x[0] == g.active]
    mine = [x[1] for x in taken]
    pc["pending"] = [x for x in pc["pending"] if x[0] != g.active]
    pc["now"] = {g.active: mine[-1]} if mine and mine[-1] != g.active else {}
    if pc["now"]:
        g.log("player_controlled", player=g.active, controller=mine[-1])
    for _ in (x for x in taken if len(x) > 2 and x[2]):  # each "after that turn, that player takes an extra turn"
        g.extra_turns.insert(0, g.active)  # 500.7: created now, taken right after this turn
        g.log("extra_turn", player=g.active)


def during(g: "Game", affected: str, controller: str, obj: int) -> None:
    """712.2: ``controller`` controls ``affected`` until the object ``obj`` finishes resolving (Word of
    Command, and the spell it made that player cast); the control the turn gave before comes back
    then (``resolved``)."""
    pc = g.player_control
    before = pc["now"].get(affected)
    pc["now"] = {**pc["now"], affected: controller}
    pc["during"] = [*pc.get("during", ()), [affected, controller, obj, before]]
    g.log("player_controlled", player=affected, controller=controller)
    g.changed()


def resolved(g: "Game", obj: int) -> None:
    """``obj`` has finished resolving (608.2k): the control it gave ends (712.2)."""
    pc = g.player_control
    mine = [x for x in pc.get("during", ()) if x[2] == obj]
    if not mine:
        return
    pc["during"] = [x for x in pc["during"] if x[2] != obj]
    now = dict(pc["now"])
    for affected, _, _, before in reversed(mine):
        if before is None:
            now.pop(affected, None)
        else:
            now[affected] = before
    pc["now"] = now
    g.changed()


def decider(g: "Game", seat: str) -> str:
    """712.5: the seat that makes ``seat``'s decisions now: its controller, or the seat itself (and
    itself again once the controller has left the game, 800.4a)."""
    ctl = g.player_control["now"].get(seat) if g.player_control["now"] else None
    return seat if ctl is None or ctl in g.gone else ctl


def controls(g: "Game", player: str, seat: str) -> bool:
    """712.4: whether ``player`` controls ``seat`` now (and so sees what ``seat`` sees)."""
    return bool(g.player_control["now"]) and player != seat and decider(g, seat) == player
