"""Small helpers for building widgets in code.

PySide6 accepts Qt properties as keyword arguments of a constructor (``QLabel(objectName="x")``),
but its type stubs do not know them, so the type checker cannot check such calls. ``named``
sets the object name (what tests and style sheets find a widget by) and any other property
through its typed setter instead.
"""
from __future__ import annotations

from typing import Any, TypeVar

from PySide6.QtCore import QObject

W = TypeVar("W", bound=QObject)


def named(widget: W, name: str, **props: Any) -> W:
    """``widget`` with its object name set to ``name`` and each property of ``props`` set by its
    setter (``checkable=True`` calls ``setCheckable(True)``); returns the widget."""
    widget.setObjectName(name)
    for prop, value in props.items():
        setter = getattr(widget, "set" + prop[0].upper() + prop[1:], None)
        if setter is None:
            raise AttributeError(f"{type(widget).__name__} has no property {prop!r}")
        setter(value)
    return widget
