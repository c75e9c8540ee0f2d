"""The effect primitives of the op contract (engine/cards/abilities.py), in one table.

OPS maps an op name to its function; it is built here, and only here, from the tables
the modules below export (each module's ``OPS``, filled by its own ``@op``):

  damage.py      damage, fight, prevent, gain_life, lose_life, set_life (120, 119, 615)
  continuous.py  pump, grant, restrict, animate, color, gain_control (611, 613)
  objects.py     destroy, regenerate, tap, untap, counters, attach, sacrifice, keep_rest, token, counter
  zones.py       exile, bounce, move, draw, mill, discard, scry, shuffle, search, exchange_zones
  control.py     if, delayed, add_mana
  misc.py        may, pay, unless, exchange_control, win_game, lose_game, reveal, emblem, extra_turn
  library.py     dig, reveal_until, exile_top, piles (looking at and moving cards of a library; two piles)
  actions.py     action: proliferate, amass, explore, bolster, adapt, populate, connive, fateseal
  playable.py    playable (cast or play cards from other zones)
  ward.py        ward: counter what targeted unless its controller pays (a later keyword)
  poison.py      poison: players get poison counters (121.1c)
  cast.py        cast_offer, cascade: cast a card while an ability resolves (608.2c)
  ring.py        action: the Ring tempts you (a later keyword action; its actions only, no op)
  time_travel.py action: time travel, forage (later keyword actions; no op)

Helpers: base.py (the op signature, a module's table), nested.py (running nested effects
that ask questions of their own). To add a module of ops: write it with
``OPS, op = base.table()`` and add it to MODULES below (one line); a name defined twice
is an error when this package is imported.
"""
from __future__ import annotations

from typing import Any

from engine import filters
from engine.cards.abilities import Effect
from engine.ops import (
    actions,
    cast,
    continuous,
    control,
    damage,
    library,
    misc,
    objects,
    playable,
    poison,
    ring,
    time_travel,
    ward,
    zones,
)
from engine.ops.base import OpFn

MODULES = (damage, continuous, objects, zones, control, misc, library, actions, playable, ward, poison, cast, ring,
           time_travel)


def _merge() -> dict[str, OpFn]:
    out: dict[str, OpFn] = {}
    for m in MODULES:
        for name, fn in m.OPS.items():
            if name in out:
                raise ValueError(f"op {name!r} defined in two modules ({m.__name__})")
            out[name] = fn
    return out


OPS: dict[str, OpFn] = _merge()


#: Effect arguments that hold an object filter (engine/filters.py).
#: (as engine/support.py reads them)
FILTER_ARGS = frozenset({"filter", "each", "count", "choose", "affects", "by", "except"})


def check(effect: Effect) -> None:
    """For the compiler: raise ValueError when an effect names an op this table lacks, or
    when a filter among its arguments (or those of the effects nested in it) has a key the
    engine does not read (filters.check). Group keys are allowed where a search or dig
    chooses the cards."""
    if effect.op not in OPS:
        raise ValueError(f"unknown op {effect.op!r}")
    _check_args(effect.op, effect.args)


def _check_args(op: str, x: Any) -> None:
    if isinstance(x, Effect):
        check(x)
    elif isinstance(x, dict):
        for k, v in x.items():
            if k in FILTER_ARGS and isinstance(v, dict):
                filters.check(v, group_ok=op in ("search", "dig") and k == "filter")
            _check_args(op, v)
    elif isinstance(x, (list, tuple)):
        for v in x:
            _check_args(op, v)
