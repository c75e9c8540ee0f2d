"""Facts read from an immutable, shared object (a card definition, an ability), worked out
once per object.

Card definitions and compiled abilities never change after compiling and are shared by
every game, so what a hot path asks of them (a card's timing, whether an ability's whole
cost is {T}) can be kept, keyed by the object's identity. The object itself is kept with the
answer so its id cannot be reused meanwhile; each memo is bounded.
"""
from __future__ import annotations

from functools import wraps
from typing import Any, Callable, TypeVar

T = TypeVar("T")

LIMIT = 8192  # objects per memo before it starts again


def per_object(fn: Callable[[Any], T]) -> Callable[[Any], T]:
    """``fn(x)`` computed once per object ``x`` (by identity)."""
    memo: dict[int, tuple[Any, T]] = {}

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
