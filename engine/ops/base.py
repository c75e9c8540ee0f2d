"""What every module of effect primitives shares: the signature of an op, its own table
and the shape of the questions ops ask (CR 608.2c-d: a player's choice during resolution).

An op is ``fn(game, r, effect) -> wait | None``: ``r`` is the resolution record
(engine/effects.py), ``effect`` one Effect of the op contract (engine/cards/abilities.py).
It returns a wait record when it needs a player's answer first; it then runs again once
the answer is in ``r["answers"]`` and must not have changed anything before asking.

Each module keeps its own table, filled by its ``@op`` decorator (a plain dict in the
module, nothing global); engine/ops/__init__.py merges the tables into OPS in one place.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from engine.cards.abilities import Effect
from engine.values import Ctx

if TYPE_CHECKING:
    from engine.game import Game

OpFn = Callable[["Game", Ctx, Effect], "dict[str, Any] | None"]


def table() -> tuple[dict[str, OpFn], Callable[[str], Callable[[OpFn], OpFn]]]:
    """A module's own op table and the decorator that adds a function to it by name."""
    ops: dict[str, OpFn] = {}

    def op(name: str) -> Callable[[OpFn], OpFn]:
        def deco(fn: OpFn) -> OpFn:
            if name in ops:
                raise ValueError(f"op {name!r} defined twice")
            ops[name] = fn
            return fn
        return deco
    return ops, op


def ask_cards(r: Ctx, player: str, options: list[int], lo: int, hi: int, prompt: str) -> dict[str, Any]:
    """A choose_cards question answered into this effect's slot."""
    return {"kind": "choose_cards", "player": player, "options": options, "min": lo, "max": hi,
            "slot": r["i"], "prompt": prompt}

