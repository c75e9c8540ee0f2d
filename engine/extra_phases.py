"""Additional combat and main phases (CR 500.8): "After this main phase, there is an
additional combat phase followed by an additional main phase", and "After this phase, there is an
additional combat phase" said during a combat phase (Combat Celebrant, Aurelia, the Warleader).

The effect leaves a marker in ``Game.effects`` (layer "turn", ended by the cleanup step
with the turn's other until-end-of-turn effects, 514.2). When the main phase it was created
in ends, every such marker becomes one block of an additional combat phase and an
additional (postcombat) main phase, directly after that main phase; the turn then goes on
where it would have (500.8: the phases are added directly after the main phase; several
added after the same phase all come before the rest of the turn).

Additional steps (500.9: "that player gets an additional upkeep step after this step", Paradox Haze) are markers
too, each naming the step it follows; as that step ends, the most recent one becomes the next step. The steps of
each name begun this turn are counted (``steps_begun``): "the first upkeep each turn" is not an additional one.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.game import Game


def add_combat_after_this_main(g: "Game") -> None:
    """500.8: an additional combat phase and main phase after the current main phase."""
    g.ts += 1
    g.effects.append({"layer": "turn", "extra_combat": True, "ts": g.ts, "until": "eot"})
    g.changed()


def after_main(g: "Game", natural: str) -> str:
    """500.8: the step that follows the main phase that is ending: the first step of an additional
    combat phase while blocks are due, else ``natural`` (where the turn would have gone)."""
    new = [e for e in g.effects if e.get("layer") == "turn" and e.get("extra_combat")]
    run = next((e for e in g.effects if e.get("layer") == "turn" and "blocks" in e), None)
    if not new and run is None:
        return natural
    blocks = len(new) + (run["blocks"] if run else 0)
    resume = run["resume"] if run else natural
    g.effects = [e for e in g.effects if not (e.get("layer") == "turn" and (e.get("extra_combat") or "blocks" in e))]
    g.changed()
    if blocks == 0:
        return resume
    g.ts += 1
    g.effects.append({"layer": "turn", "blocks": blocks - 1, "resume": resume, "ts": g.ts, "until": "eot"})
    return "beginning_of_combat"


def add_combat_after_this_combat(g: "Game") -> None:
    """500.8: "After this phase, there is an additional combat phase", said during a combat phase: one more
    combat phase directly after this one (several such: each one, one after the other)."""
    g.ts += 1
    g.effects.append({"layer": "turn", "combat_after_combat": True, "ts": g.ts, "until": "eot"})
    g.changed()


def after_combat(g: "Game", natural: str) -> str:
    """500.8: the step that follows the end of combat step that is ending: the beginning of combat step of an
    additional combat phase added after this one, else ``natural``."""
    new = [e for e in g.effects if e.get("layer") == "turn" and e.get("combat_after_combat")]
    if not new:
        return natural
    g.effects = [e for e in g.effects if e is not new[-1]]
    g.changed()
    return "beginning_of_combat"


def add_step_after_this_step(g: "Game", step: str) -> None:
    """500.9: an additional ``step`` directly after the current step."""
    g.ts += 1
    g.effects.append({"layer": "turn", "extra_step": step, "after": g.step, "turn": g.turn, "ts": g.ts,
                      "until": "eot"})
    g.changed()


def after_step(g: "Game", natural: str) -> str:
    """500.9: the step that follows the step that is ending: an additional step added after it (the most recently
    created first, when several were), else ``natural``."""
    new = [e for e in g.effects if e.get("layer") == "turn" and e.get("extra_step") and e.get("after") == g.step
           and e.get("turn") == g.turn]
    if not new:
        return natural
    last = max(new, key=lambda e: e["ts"])
    g.effects = [e for e in g.effects if e is not last]
    g.changed()
    return str(last["extra_step"])


def step_begun(g: "Game", step: str) -> None:
    """Count a step of this turn as it begins (500.9: an additional step is one more of that name)."""
    seen = g.steps_this_turn
    if seen[0] != g.turn:
        seen = (g.turn, {})
    counts = dict(seen[1])
    counts[step] = counts.get(step, 0) + 1
    g.steps_this_turn = (g.turn, counts)


def steps_begun(g: "Game", step: str) -> int:
    """How many ``step`` steps this turn has begun, the current one included."""
    seen = g.steps_this_turn
    return seen[1].get(step, 0) if seen[0] == g.turn else 0
