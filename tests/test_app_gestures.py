"""Table gestures added for issue 5 with real mouse events on the view's viewport: the
damage assignment order by dragging blockers (509.2), manual actions from a card's
context menu, kicker and flashback."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QPoint, QPointF, Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication, QListWidget, QMenu  # noqa: E402

from engine.session import LocalSession  # noqa: E402
from engine.setup import from_setup  # noqa: E402

from app.table.items import StopItem  # noqa: E402
from table_mouse import card_center, click, double_click, drag, settle, show_table, space  # noqa: E402

LIB = ["Forest"] * 10


def table_for(qtbot, setup, humans=("alice", "bob")):
    g = from_setup(setup)
    w = show_table(qtbot, LocalSession(g), humans)
    settle(w)
    return g, w


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
    lw = w.prompt.findChild(QListWidget, "order")
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
    lw = w.prompt.findChild(QListWidget, "order")
    lw.insertItem(0, lw.takeItem(1))  # what a drag inside the list does
    assert w.scene.order == [runeclaw, bears], "the table follows the list"
    QTest.mouseClick(w.prompt.ok, Qt.LeftButton)
    assert g.objects[giant].blockers == [runeclaw, bears]


def right_click(w, p: QPointF) -> None:
    click(w, p, Qt.RightButton)


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
        "alice": {"battlefield": ["Chaos Orb", "Forest"], "library": LIB}, "bob": {"library": LIB}}})
    orb = ids(g, "Chaos Orb", "alice")[0]
    forest = ids(g, "Forest", "alice")[0]
    assert {"action": "manual"} in w.ctl.decision.options
    right_click(w, card_center(w, orb))
    menu = w.card_menu
    assert menu is not None and menu.isVisible()
    choose(menu, "Add a +1/+1 counter")
    assert g.objects[orb].counters.get("+1/+1") == 1
    assert w.ctl.decision.kind == "priority", "one action from the menu, then back to priority"
    assert any(e["type"] == "manual" and "+1/+1" in e.get("what", "") for e in g.events)
    # a land is a card one may handle by hand too (the engine allows any public card)
    right_click(w, card_center(w, forest))
    choose(w.card_menu, "Tap")
    assert g.objects[forest].tapped
    right_click(w, card_center(w, orb))
    choose(w.card_menu, "Move to > the graveyard")
    assert "Chaos Orb" in [g.objects[i].card.name for i in g.players["alice"].graveyard]


def test_no_context_menu_without_manual_actions(qtbot):
    g, w = table_for(qtbot, {"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Grizzly Bears"], "library": LIB}, "bob": {"library": LIB}}})
    bears = ids(g, "Grizzly Bears", "alice")[0]
    right_click(w, card_center(w, bears))
    assert w.card_menu is None


def resolve_stack(g, w) -> None:
    for _ in range(8):
        settle(w)
        if not g.stack:
            return
        space(w)


ROIL = {"active": "alice", "step": "main1", "players": {
    "alice": {"battlefield": ["Island"] * 4, "hand": ["Into the Roil"], "library": ["Island"] * 3},
    "bob": {"battlefield": ["Hill Giant"], "library": LIB}}}


def test_kicker_asked_after_dragging_the_spell_onto_its_target(qtbot):
    g, w = table_for(qtbot, ROIL)
    roil = g.players["alice"].hand[0]
    giant = ids(g, "Hill Giant", "bob")[0]
    opt = next(o for o in w.ctl.decision.options if o.get("card") == roil)
    assert opt["kicker"] == "{1}{U}"
    drag(w, w.scene.cards[roil].sceneBoundingRect().center(), card_center(w, giant))
    assert w.scene.pending is not None and w.scene.pending.kicked is None
    assert "kicker" in w.prompt.text.text()
    QApplication.processEvents()  # a new button shows on the next pass of the event loop, as for a player
    hand_before = len(g.players["alice"].hand)
    QTest.mouseClick(w.prompt.buttons["kicker:yes"], Qt.LeftButton)
    # bob can only pass, so the controller passes for him and the spell resolves at once
    resolve_stack(g, w)
    assert [g.objects[i].card.name for i in g.players["bob"].hand] == ["Hill Giant"]
    assert len(g.players["alice"].hand) == hand_before, "kicked: alice drew a card (and Into the Roil left her hand)"
    assert not any(g.objects[i].tapped is False for i in ids(g, "Island", "alice")), "four mana paid: {1}{U} + {1}{U}"


def test_space_casts_without_kicker(qtbot):
    g, w = table_for(qtbot, ROIL)
    roil = g.players["alice"].hand[0]
    giant = ids(g, "Hill Giant", "bob")[0]
    double_click(w, w.scene.cards[roil].sceneBoundingRect().center())
    assert w.scene.pending is not None and w.scene.pending.kicked is None
    space(w)  # without kicker
    assert w.scene.pending is not None and w.scene.cards[giant].highlight == "target"
    click(w, card_center(w, giant))
    # alice is left with nothing to do, so the controller passes on into bob's turn
    assert "Hill Giant" in [g.objects[i].card.name for i in g.players["bob"].hand]
    assert len(g.players["alice"].hand) == 0, "not kicked: no card drawn"
    assert any("Into the Roil" in line for line in w.ctl.log_lines)


FLASH = {"active": "alice", "step": "main1", "players": {
    "alice": {"battlefield": ["Island"] * 3, "graveyard": ["Think Twice", "Forest"], "library": ["Island"] * 4},
    "bob": {"library": LIB}}}


def test_flashback_by_double_click_on_the_graveyard(qtbot):
    g, w = table_for(qtbot, FLASH)
    think = next(i for i in g.players["alice"].graveyard if g.objects[i].card.name == "Think Twice")
    pile = w.scene.cards.get(think)
    assert pile is not None and pile.zone == "graveyard", "the castable card is shown on the pile"
    assert pile.highlight == "playable"
    double_click(w, pile.sceneBoundingRect().center())
    if w.zone_window is not None:
        w.zone_window.close()
    resolve_stack(g, w)
    assert "Think Twice" in [g.objects[i].card.name for i in g.players["alice"].exile]
    assert len(g.players["alice"].hand) == 1


def test_flashback_by_drag_from_the_graveyard_and_from_the_viewer(qtbot):
    g, w = table_for(qtbot, FLASH)
    think = next(i for i in g.players["alice"].graveyard if g.objects[i].card.name == "Think Twice")
    drag(w, w.scene.cards[think].sceneBoundingRect().center(), w.scene.zones[("creatures", "alice")].rect.center())
    resolve_stack(g, w)
    assert "Think Twice" in [g.objects[i].card.name for i in g.players["alice"].exile]
    g2, w2 = table_for(qtbot, FLASH)
    w2.show_zone("alice", "graveyard")
    lw = w2.zone_viewer
    QApplication.processEvents()  # laid out and shown
    row = next(i for i in range(lw.count()) if "Think Twice" in lw.item(i).text())
    assert "flashback" in lw.item(row).text()
    rect = lw.visualItemRect(lw.item(row))
    QTest.mouseClick(lw.viewport(), Qt.LeftButton, Qt.NoModifier, rect.center())  # a double-click's first click
    QTest.mouseDClick(lw.viewport(), Qt.LeftButton, Qt.NoModifier, rect.center())
    resolve_stack(g2, w2)
    assert "Think Twice" in [g2.objects[i].card.name for i in g2.players["alice"].exile]
    assert len(g2.players["alice"].hand) == 1


def test_a_spell_on_the_stack_is_shown_large(qtbot):
    g, w = table_for(qtbot, {"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Mountain"], "hand": ["Lightning Bolt"], "library": LIB},
        "bob": {"battlefield": ["Island", "Island"], "hand": ["Counterspell"], "library": LIB}}})
    bolt = g.players["alice"].hand[0]
    drag(w, w.scene.cards[bolt].sceneBoundingRect().center(), w.scene.players["bob"].center())
    settle(w)  # bob can respond: the table is handed to him
    assert w.ctl.seat == "bob" and [c["name"] for c in w.ctl.view()["stack"]] == ["Lightning Bolt"]
    assert w._previewed == "Lightning Bolt"
    qtbot.waitUntil(lambda: w.preview.pixmap() is not None and not w.preview.pixmap().isNull())  # just after the update


class CopyingSession(LocalSession):
    """Like a network session: every read of the pending decision is a new object."""

    def pending(self, seat):
        from engine.state import Decision
        d = super().pending(seat)
        return None if d is None else Decision(**d.to_dict())


def test_a_plan_survives_redraws_when_each_read_gives_a_new_decision_object(qtbot):
    g = from_setup({"active": "alice", "step": "declare_attackers", "players": {
        "alice": {"battlefield": ["Hill Giant", "Grizzly Bears"], "library": LIB}, "bob": {"library": LIB}}})
    w = show_table(qtbot, CopyingSession(g), ["alice", "bob"], fit=False)
    settle(w)
    giant, bears = ids(g, "Hill Giant", "alice")[0], ids(g, "Grizzly Bears", "alice")[0]
    drag(w, card_center(w, giant), w.scene.players["bob"].center())
    drag(w, card_center(w, bears), w.scene.players["bob"].center())
    assert w.scene.attacks == {giant: "bob", bears: "bob"}, "the first attacker was not forgotten"
    space(w)
    assert g.players["bob"].life == 15, "both attacked: 3 + 2"


def test_stops_strip_toggles_where_priority_stops(qtbot):
    g, w = table_for(qtbot, {"active": "alice", "step": "main2", "players": {
        "alice": {"battlefield": ["Forest", "Grizzly Bears"], "hand": ["Giant Growth"], "library": LIB},
        "bob": {"library": LIB}}})
    row = next(it for it in w.scene.items() if isinstance(it, StopItem) and it.step == "end")
    assert "end" not in w.ctl.stops_active
    mine = row.mapToScene(QPointF(row.W - 18, row.H / 2))  # the "yours" toggle of the end step
    click(w, mine)
    assert "end" in w.ctl.stops_active
    row = next(it for it in w.scene.items() if isinstance(it, StopItem) and it.step == "end")
    assert row.state[1], "the toggle is lit"
    space(w)  # pass in main 2: alice, holding an instant, now stops in her end step
    assert w.ctl.view()["step"] == "end" and w.ctl.decision.player == "alice"
    click(w, mine)
    assert "end" not in w.ctl.stops_active


def test_without_the_stop_the_end_step_passes(qtbot):
    g, w = table_for(qtbot, {"active": "alice", "step": "main2", "players": {
        "alice": {"battlefield": ["Forest", "Grizzly Bears"], "hand": ["Giant Growth"], "library": LIB},
        "bob": {"library": LIB}}})
    space(w)
    settle(w)
    assert g.active == "bob", "no stop in alice's end step: on to bob's turn"


def test_each_player_has_their_own_stops_in_hotseat(qtbot):
    g, w = table_for(qtbot, {"active": "alice", "step": "main2", "players": {
        "alice": {"battlefield": ["Forest", "Grizzly Bears"], "hand": ["Giant Growth"], "library": LIB},
        "bob": {"library": LIB}}})
    w.scene.toggle_stop("end", "mine")
    assert "end" in w.ctl.stops["alice"][0] and "end" not in w.ctl.stops["bob"][0]


def test_a_kicker_that_cannot_be_paid_is_refused_and_asked_again(qtbot):
    setup = {"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Island"] * 3, "hand": ["Into the Roil"], "library": ["Island"] * 3},
        "bob": {"battlefield": ["Hill Giant"], "library": LIB}}}
    g, w = table_for(qtbot, setup)
    roil = g.players["alice"].hand[0]
    giant = ids(g, "Hill Giant", "bob")[0]
    drag(w, w.scene.cards[roil].sceneBoundingRect().center(), card_center(w, giant))
    QApplication.processEvents()
    QTest.mouseClick(w.prompt.buttons["kicker:yes"], Qt.LeftButton)
    assert w.status.text().startswith("Not allowed"), "three lands cannot pay {1}{U} and the kicker {1}{U}"
    assert w.scene.pending is not None and w.scene.pending.kicked is None, "asked again"
    assert w.scene.pending.targets == [[giant]], "the target chosen by the drag is kept"
    QApplication.processEvents()
    QTest.mouseClick(w.prompt.buttons["kicker:no"], Qt.LeftButton)
    assert "Hill Giant" in [g.objects[i].card.name for i in g.players["bob"].hand]


CYCLE = {"active": "alice", "step": "main1", "players": {
    "alice": {"battlefield": ["Island"] * 4, "hand": ["Hieroglyphic Illumination"], "library": ["Forest"] * 4},
    "bob": {"library": LIB}}}


def test_cycling_from_the_hand_by_double_click_and_a_choice_button(qtbot):
    """702.28a: a card that can be cast or cycled asks which, by name; clicking the cycling
    button discards it and its ability draws a card. A drag still casts it."""
    g, w = table_for(qtbot, CYCLE)
    card = g.players["alice"].hand[0]
    double_click(w, card_center(w, card))
    labels = list(w.prompt.buttons)
    assert "cast Hieroglyphic Illumination" in labels
    cyc = next(k for k in labels if "Cycling {U}" in k)
    QTest.mouseClick(w.prompt.buttons[cyc], Qt.LeftButton)
    assert [g.objects[i].card.name for i in g.players["alice"].graveyard] == ["Hieroglyphic Illumination"]
    resolve_stack(g, w)
    assert [g.objects[i].card.name for i in g.players["alice"].hand] == ["Forest"]
    g2, w2 = table_for(qtbot, CYCLE)
    card = g2.players["alice"].hand[0]
    drag(w2, card_center(w2, card), w2.scene.zones[("creatures", "alice")].rect.center())
    resolve_stack(g2, w2)
    assert [g2.objects[i].card.name for i in g2.players["alice"].hand] == ["Forest", "Forest"]
