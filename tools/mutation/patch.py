"""Putting a mutant into a running interpreter: one function's code object is swapped.

Every reference to the function (``from engine.combat import lethal`` in another module, a
bound method, a memo wrapper) keeps pointing at the same function object, so swapping its
``__code__`` reaches them all without reloading anything.
"""
from __future__ import annotations

import importlib
import types


def find_code(code: types.CodeType, qualname: str) -> types.CodeType | None:
    """The code object named ``qualname`` inside a module's code (methods sit in class bodies)."""
    for c in code.co_consts:
        if isinstance(c, types.CodeType):
            if c.co_qualname == qualname:
                return c
            hit = find_code(c, qualname)
            if hit is not None:
                return hit
    return None


def live_function(module: types.ModuleType, qualname: str) -> types.FunctionType:
    """The function object behind ``qualname`` in an imported module (unwrapping decorators)."""
    obj: object = module
    for part in qualname.split("."):
        holder = obj
        obj = vars(holder).get(part) if isinstance(holder, type) else getattr(holder, part)
        if obj is None:
            raise LookupError(f"{module.__name__}.{qualname} not found")
    if isinstance(obj, (staticmethod, classmethod)):
        obj = obj.__func__
    if isinstance(obj, property):
        obj = obj.fget
    while not isinstance(obj, types.FunctionType) or obj.__code__.co_qualname != qualname:
        inner = getattr(obj, "__wrapped__", None)
        if inner is None:
            raise LookupError(f"{module.__name__}.{qualname} is not a plain function")
        obj = inner
    return obj


def apply(module_name: str, module_code: types.CodeType, qualname: str) -> None:
    """Give the live function ``qualname`` of ``module_name`` its code from ``module_code``."""
    module = importlib.import_module(module_name)
    new = find_code(module_code, qualname)
    if new is None:
        raise LookupError(f"{qualname} not in the mutated code of {module_name}")
    live_function(module, qualname).__code__ = new
