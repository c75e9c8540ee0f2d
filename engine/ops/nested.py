"""Nested effects with choices of their own, resumable like any resolution step.

An op that runs other effects (unless, a dig that asks twice, ...) gives each nested
question its own answer slot ``"<i>.<key>"`` so an answer to the outer question is never
mistaken for an answer to an inner one, and records how many nested effects are done so
that re-running the outer op after an answer does not repeat them.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

from engine.cards.abilities import Effect

if TYPE_CHECKING:
    from engine.game import Game


def slot(r: dict, key: str) -> str:
    """The answer slot of the nested question ``key`` of the effect now resolving."""
    return f"{r['i']}.{key}"


def answer(r: dict, key: str) -> Any:
    return r["answers"].get(slot(r, key))


def ask_cards(r: dict, key: str, player: str, options: list[int], lo: int, hi: int, prompt: str) -> dict:
    return {"kind": "choose_cards", "player": player, "options": list(options), "min": lo, "max": hi,
            "slot": slot(r, key), "prompt": prompt}


def choose_one(r: dict, key: str, player: str, options: list[int], prompt: str) -> list[int] | dict:
    """The player's choice of one of ``options`` (a list of one id), asked only when there are
    several: with one, it is that one, and a rule that says "choose" asks nothing then. Returns
    the wait dict of the question while it is unanswered."""
    got = answer(r, key)
    if got is not None:
        return list(got)
    if len(options) > 1:
        return ask_cards(r, key, player, options, 1, 1, prompt)
    return list(options)


def ask_yes_no(r: dict, key: str, player: str, prompt: str) -> dict:
    return {"kind": "choose_option", "player": player, "options": ["yes", "no"], "slot": slot(r, key),
            "prompt": prompt}


def run(g: "Game", r: dict, key: str, effs: Iterable[Effect]) -> dict | None:
    """Run ``effs`` in order as part of the current effect; returns a wait dict or None.

    Each nested effect sees ``r["i"]`` = "<i>.<key>.<j>", so its own questions land in
    their own slots; progress is kept in ``r["nested"]`` so finished ones are not redone."""
    base = r["i"]
    prog = r.setdefault("nested", {})
    pk = f"{base}.{key}"
    effs = list(effs)
    j = prog.get(pk, 0)
    while j < len(effs):
        sub = effs[j]
        fn = g.OPS.get(sub.op)  # the whole table (engine/ops/__init__.py), through the game
        if fn is not None:
            r["i"] = f"{pk}.{j}"
            try:
                w = fn(g, r, sub)
            finally:
                r["i"] = base
            if w is not None:
                return w
            g.changed()
        j += 1
        prog[pk] = j
    return None
