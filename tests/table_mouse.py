"""Real mouse and key events on a table's view (pytest-qt tests; NOTES: pytest-qt)."""
from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest


def vp_point(w, scene_pt: QPointF) -> QPoint:
    """A scene point of table ``w`` in its view's viewport."""
    return w.view.mapFromScene(scene_pt)


def drag(w, a: QPointF, b: QPointF) -> None:
    """A real drag on the viewport: press, two moves, release."""
    vp = w.view.viewport()
    pa, pb = vp_point(w, a), vp_point(w, b)
    QTest.mousePress(vp, Qt.LeftButton, Qt.NoModifier, pa)
    QTest.mouseMove(vp, (pa + pb) / 2)
    QTest.mouseMove(vp, pb)
    QTest.mouseRelease(vp, Qt.LeftButton, Qt.NoModifier, pb)


def click(w, a: QPointF, button=Qt.LeftButton) -> None:
    QTest.mouseClick(w.view.viewport(), button, Qt.NoModifier, vp_point(w, a))


def double_click(w, a: QPointF) -> None:
    QTest.mouseDClick(w.view.viewport(), Qt.LeftButton, Qt.NoModifier, vp_point(w, a))


def space(w) -> None:
    QTest.keyClick(w.view, Qt.Key_Space)
