"""Table gestures added for issue 5 with real mouse events on the view's viewport: the
damage assignment order by dragging blockers (509.2), manual actions from a card's
context menu, kicker and flashback."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QPoint, QPointF, Qt, QTimer  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication, QMenu  # noqa: E402

from engine.session import LocalSession  # noqa: E402
from engine.setup import from_setup  # noqa: E402

from app.table.widget import TableWidget  # noqa: E402

KEEP = []
LIB = ["Forest"] * 10


def table_for(qtbot, setup, humans=("alice", "bob")):
    g = from_setup(setup)
    w = TableWidget(LocalSession(g), list(humans), modal_errors=False)
    KEEP.append(w)
    qtbot.addWidget(w)
    w.resize(1500, 920)
    w.show()
    w.activateWindow()
    w.view.fit()
    settle(w)
    return g, w


def settle(w) -> None:
    if w.curtain.isVisible() and w.scene.hide_hands:
        QTest.mouseClick(w.curtain.button, Qt.LeftButton)


def vp(w, p: QPointF) -> QPoint:
    return w.view.mapFromScene(p)


def drag(w, a: QPointF, b: QPointF) -> None:
    v = w.view.viewport()
    pa, pb = vp(w, a), vp(w, b)
    QTest.mousePress(v, Qt.LeftButton, Qt.NoModifier, pa)
    QTest.mouseMove(v, (pa + pb) / 2)
    QTest.mouseMove(v, pb)
    QTest.mouseRelease(v, Qt.LeftButton, Qt.NoModifier, pb)


def space(w) -> None:
    QTest.keyClick(w.view, Qt.Key_Space)


def card_center(w, obj) -> QPointF:
    return w.scene.cards[obj].sceneBoundingRect().center()


def ids(g, name, controller):
    return [i for i in g.battlefield if g.objects[i].card.name == name and g.objects[i].controller == controller]


def test_damage_assignment_order_by_dragging_blockers(qtbot):
    g, w = table_for(qtbot, {"active": "alice", "step": "declare_attackers", "players": {
        "alice": {"battlefield": ["Hill Giant"], "library": LIB},
        "bob": {"battlefield": ["Grizzly Bears", "Runeclaw Bear"], "library": LIB}}})
    giant = ids(g, "Hill Giant", "alice")[0]
    bears, runeclaw = ids(g, "Grizzly Bears", "bob")[0], ids(g, "Runeclaw Bear", "bob")[0]
    assert w.ctl.decision.kind == "attackers"
    drag(w, card_center(w, giant), w.scene.players["bob"].center())
    space(w)
    settle(w)
    assert w.ctl.seat == "bob" and w.ctl.decision.kind == "blockers"
    drag(w, card_center(w, bears), card_center(w, giant))
    drag(w, card_center(w, runeclaw), card_center(w, giant))
    assert w.scene.blocks == {bears: giant, runeclaw: giant}
    space(w)
    for _ in range(5):
        settle(w)
        if w.ctl.decision is not None and w.ctl.decision.kind == "order_blockers":
            break
        space(w)
    d = w.ctl.decision
    assert w.ctl.seat == "alice" and d.kind == "order_blockers"
    assert w.scene.order == [bears, runeclaw]
    assert w.scene.cards[bears].badge == "1" and w.scene.cards[runeclaw].badge == "2"
    # drag the second blocker onto the first: it takes the first place
    drag(w, card_center(w, runeclaw), card_center(w, bears))
    assert w.scene.order == [runeclaw, bears]
    assert w.scene.cards[runeclaw].badge == "1" and w.scene.cards[bears].badge == "2"
    lw = w.prompt.findChild(type(w.log), "order")
    assert [lw.item(i).data(Qt.UserRole) for i in range(lw.count())] == [runeclaw, bears], "the panel follows"
    space(w)  # confirm the order
    assert g.objects[giant].blockers == [runeclaw, bears]
    for _ in range(5):  # the damage panel comes prefilled in that order: 2 to Runeclaw Bear, 1 to the bears
        settle(w)
        if w.ctl.decision is not None and w.ctl.decision.kind == "assign_damage":
            space(w)
            break
        space(w)
    names = [g.objects[i].card.name for i in g.battlefield]
    assert "Runeclaw Bear" not in names and "Grizzly Bears" in names


def test_order_panel_is_still_a_fallback(qtbot):
    g, w = table_for(qtbot, {"active": "alice", "step": "declare_attackers", "players": {
        "alice": {"battlefield": ["Hill Giant"], "library": LIB},
        "bob": {"battlefield": ["Grizzly Bears", "Runeclaw Bear"], "library": LIB}}})
    giant = ids(g, "Hill Giant", "alice")[0]
    bears, runeclaw = ids(g, "Grizzly Bears", "bob")[0], ids(g, "Runeclaw Bear", "bob")[0]
    w.submit({"attackers": {giant: "bob"}})
    settle(w)
    w.submit({"blockers": {bears: [giant], runeclaw: [giant]}})
    for _ in range(5):
        settle(w)
        if w.ctl.decision is not None and w.ctl.decision.kind == "order_blockers":
            break
        space(w)
    lw = w.prompt.findChild(type(w.log), "order")
    lw.insertItem(0, lw.takeItem(1))  # what a drag inside the list does
    assert w.scene.order == [runeclaw, bears], "the table follows the list"
    QTest.mouseClick(w.prompt.ok, Qt.LeftButton)
    assert g.objects[giant].blockers == [runeclaw, bears]


def right_click(w, p: QPointF) -> None:
    QTest.mouseClick(w.view.viewport(), Qt.RightButton, Qt.NoModifier, vp(w, p))


def choose(menu: QMenu, text: str) -> None:
    """Click a menu entry with the mouse (opening a submenu first: "Move to > exile")."""
    for part in text.split(" > "):
        act = next(a for a in menu.actions() if a.text() == part)
        QTest.mouseClick(menu, Qt.LeftButton, Qt.NoModifier, menu.actionGeometry(act).center())
        if act.menu() is not None:
            menu = act.menu()
            menu.popup(QPoint(0, 0))
            QApplication.processEvents()


def test_manual_actions_from_a_cards_context_menu(qtbot):
    g, w = table_for(qtbot, {"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Tarmogoyf", "Forest"], "library": LIB}, "bob": {"library": LIB}}})
    goyf = ids(g, "Tarmogoyf", "alice")[0]
    forest = ids(g, "Forest", "alice")[0]
    assert {"action": "manual"} in w.ctl.decision.options
    right_click(w, card_center(w, goyf))
    menu = w.card_menu
    assert menu is not None and menu.isVisible()
    choose(menu, "Add a +1/+1 counter")
    assert g.objects[goyf].counters.get("+1/+1") == 1
    assert w.ctl.decision.kind == "priority", "one action from the menu, then back to priority"
    assert any(e["type"] == "manual" and "+1/+1" in e.get("what", "") for e in g.events)
    # a land is a card one may handle by hand too (the engine allows any public card)
    right_click(w, card_center(w, forest))
    choose(w.card_menu, "Tap")
    assert g.objects[forest].tapped
    right_click(w, card_center(w, goyf))
    choose(w.card_menu, "Move to > the graveyard")
    assert "Tarmogoyf" in [g.objects[i].card.name for i in g.players["alice"].graveyard]


def test_no_context_menu_without_manual_actions(qtbot):
    g, w = table_for(qtbot, {"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Grizzly Bears"], "library": LIB}, "bob": {"library": LIB}}})
    bears = ids(g, "Grizzly Bears", "alice")[0]
    right_click(w, card_center(w, bears))
    assert w.card_menu is None
