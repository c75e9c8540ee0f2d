"""Facts read from an immutable, shared object (a card definition, an ability), worked out
once per object.

Card definitions and compiled abilities never change after compiling and are shared by
every game, so what a hot path asks of them (a card's timing, whether an ability's whole
cost is {T}) can be kept, keyed by the object's identity. The object itself is kept with the
answer so its id cannot be reused meanwhile; each memo is bounded.

``in_game`` asks such a fact of every card in one game, once per set of physical objects, so
that a hot path can skip the work of a feature no card in the game has.
"""
from __future__ import annotations

from functools import wraps
from typing import TYPE_CHECKING, Any, Callable, Iterator, TypeVar

if TYPE_CHECKING:
    from engine.cards.abilities import CardDef
    from engine.game import Game
    from engine.state import Obj

T = TypeVar("T")

LIMIT = 8192  # objects per memo before it starts again
_MEMOS: list[dict[int, Any]] = []  # every per_object memo, for clear_all


def per_object(fn: Callable[[Any], T]) -> Callable[[Any], T]:
    """``fn(x)`` computed once per object ``x`` (by identity)."""
    memo: dict[int, tuple[Any, T]] = {}
    _MEMOS.append(memo)

    @wraps(fn)
    def get(x: Any) -> T:
        hit = memo.get(id(x))
        if hit is not None and hit[0] is x:
            return hit[1]
        if len(memo) > LIMIT:
            memo.clear()
        value = fn(x)
        memo[id(x)] = (x, value)
        return value

    return get


def clear_all() -> None:
    """Empty every ``per_object`` memo. No game needs it (the facts never change); the mutation runner's probed
    run (tools/mutation/runner.py) empties them before each scenario file and test, so that every item asking a
    fact computes it and is recorded as reaching the function behind it, not only the first item that asked."""
    for memo in _MEMOS:
        memo.clear()


def in_game(g: "Game", fact: Callable[[Any], Any]) -> bool:
    """Does any card in the game have ``fact`` (a ``per_object`` function of a card definition, truthy for a card
    with the feature): the card of any object in any zone, any face of it, or a card the object keeps beside the
    one it shows (face down, 707.2; the front face of a transformed permanent, 711.8; the printed card of a copy,
    706.2)? Every card an object can show is one of these, so a feature absent from all of them can't come into
    play before a new card, token or emblem enters the game (next_uid grows) or the game is restored or copied
    (another dict of objects); only then is the question asked again."""
    known = g.__dict__.get("_in_game")
    objs = g.objects
    if known is None or known[0] != g.next_uid or known[1] is not objs:
        table: dict[Any, bool] = {}
        known = g.__dict__["_in_game"] = (g.next_uid, objs, table)
    got = known[2].get(fact)
    if got is None:
        got = known[2][fact] = any(fact(c) for o in objs.values() for c in _cards(o))
    return got


def _cards(o: "Obj") -> Iterator["CardDef"]:
    """The card an object shows, its faces and the cards it keeps in its chosen values (with their faces): the
    values of its card's class (this module sits below the card data, engine/__init__.py)."""
    yield o.card
    yield from o.card.faces
    kind = type(o.card)
    for v in o.chosen.values():
        if isinstance(v, kind):
            yield v
            yield from v.faces
