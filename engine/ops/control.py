"""Effect primitives that run other effects: "if" (608.2c), delayed triggered abilities
(603.7), and adding mana (106.4). "You may" (608.2d) is in misc.py, with paying."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.actions import add_mana
from engine.cards.abilities import Ability, Effect
from engine.choices import COLORS
from engine.ops.base import table
from engine.values import Ctx, condition, controller, source_id

if TYPE_CHECKING:
    from engine.game import Game

OPS, op = table()


@op("add_mana")
def _add(g: "Game", r: Ctx, e: Effect) -> dict | None:
    if "any" in e.args and not e.get("chosen_color"):  # "N mana of any (one) color": the controller chooses
        n = 1 if e.get("same") else int(e.args["any"])
        picks = []
        for k in range(n):
            slot = r["i"] if k == 0 else f"{r['i']}.mana{k}"
            got = r["answers"].get(slot)
            if got is None:
                return {"kind": "choose_option", "player": controller(g, r), "options": list(COLORS), "slot": slot,
                        "prompt": f"{g.objects[r['obj']].card.name}: add mana of which color?"}
            picks.append(COLORS[got])
        for c in picks:
            add_mana(g, controller(g, r), Effect("add_mana", {"any": int(e.args["any"]) if e.get("same") else 1}),
                      source_id(g, r), c)
        return None
    add_mana(g, controller(g, r), e, source_id(g, r))
    return None


@op("flip_coin")
def _flip_coin(g: "Game", r: Ctx, e: Effect) -> dict | None:
    """705.1: the controller flips a coin and calls it: the call matches the result (wins the
    flip) half the time, by the game's random stream (705.3); then "If you win the flip, ..."
    or "If you lose the flip, ...". The result is kept for the resolution, so effects that
    wait for a choice do not flip again."""
    slot = f"{r['i']}.flip"
    won = r["answers"].get(slot)
    if won is None:
        won = r["answers"][slot] = bool(g.rng.getrandbits(1))
        g.log("coin_flip", player=controller(g, r), won=won)
    return _run_inline(g, r, list(e.get("win" if won else "lose", ())))


@op("if")
def _if(g: "Game", r: Ctx, e: Effect) -> dict | None:
    ok = condition(g, e.args["cond"], source_id(g, r), r)
    return _run_inline(g, r, list(e.get("then", ())) if ok else list(e.get("else", ())))


def _run_inline(g: "Game", r: Ctx, effs: list[Effect]) -> dict | None:
    """Nested effects: run in order; a nested choice is not supported inside them."""
    for sub in effs:
        fn = g.OPS.get(sub.op)  # the whole table (engine/ops/__init__.py), through the game
        if fn is None:
            continue
        w = fn(g, r, sub)
        if w is not None:
            return w
        g.changed()
    return None


@op("delayed")
def _delayed(g: "Game", r: Ctx, e: Effect) -> None:
    s = g.objects[r["obj"]]
    ab = Ability("triggered", "delayed", effects=tuple(e.get("effects", ())))
    fol = r.get("followed", {})
    # 603.7c: the delayed ability refers to the objects its creating effect affected (followed into their new zone)
    legal = [[fol.get(x, x) if isinstance(x, int) else x for x in slot] for slot in r.get("legal", [])]
    g.delayed.append({"step": e.get("step", "end"), "controller": s.controller, "ability": ab,
                      "source": source_id(g, r), "card": s.card, "info": {"delayed_legal": legal}})
