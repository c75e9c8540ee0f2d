"""Real mouse and key events on a table's view (pytest-qt tests; NOTES: pytest-qt)."""
from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from app.table.widget import TableWidget


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


KEEP: list = []   # every table a test shows stays referenced until the run ends


def show_table(qtbot, session, humans, size=(1500, 920), fit: bool = True, **options):
    """A TableWidget for ``humans`` on ``session``, shown at ``size`` (None: Qt's own size); with ``fit`` it is also
    activated and the view fitted to the table, as the application does at the start."""
    w = TableWidget(session, list(humans), modal_errors=False, **options)
    KEEP.append(w)
    qtbot.addWidget(w)
    if size is not None:
        w.resize(*size)
    w.show()
    if fit:
        w.activateWindow()
        w.view.fit()
    return w


def settle(w) -> None:
    """Lift the hand-over screen with a click, as the next player does."""
    if w.curtain.isVisible() and w.scene.hide_hands:
        QTest.mouseClick(w.curtain.button, Qt.LeftButton)


def card_center(w, obj) -> QPointF:
    return w.scene.cards[obj].sceneBoundingRect().center()


def pick(qtbot, combo, text: str) -> None:
    """Choose ``text`` in a combo box by mouse: a click opens its list, a click on the item
    chooses it (the open list ignores a release within a double-click interval of opening, as
    a person's second click never comes that fast)."""
    QTest.mouseClick(combo, Qt.MouseButton.LeftButton)
    view = combo.view()
    qtbot.waitUntil(view.isVisible, timeout=2000)
    qtbot.wait(QApplication.doubleClickInterval() + 50)
    row = combo.findText(text)
    assert row >= 0, f"{text!r} not offered"
    index = view.model().index(row, 0)
    view.scrollTo(index)
    QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.visualRect(index).center())
    qtbot.waitUntil(lambda: not view.isVisible(), timeout=2000)
    assert combo.currentText() == text
