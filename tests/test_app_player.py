"""The table as a player sees it (issue 16), driven with real mouse and key events on the
widgets (tests/table_mouse.py): arrows that follow the seats, no hidden card on screen,
responses after "pass turn", readable choices, undo of a mana tap, words."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QPointF, Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication, QLabel  # noqa: E402

from engine.session import LocalSession  # noqa: E402
from engine.setup import from_setup  # noqa: E402

from app.table.items import ArrowLayer, CardItem  # noqa: E402
from table_mouse import card_center, click, double_click, drag, settle, show_table, space, vp_point  # noqa: E402,F401

KEEP = []
LIB = ["Forest"] * 10


def table_for(qtbot, setup, humans=("alice", "bob"), size=(1500, 920)):
    g = from_setup(setup)
    w = show_table(qtbot, LocalSession(g), humans, size=size)
    settle(w)
    return g, w


def ids(g, name, controller, zone="battlefield"):
    objs = g.battlefield if zone == "battlefield" else g.players[controller].zone(zone)
    return [i for i in objs if g.objects[i].card.name == name and g.objects[i].controller == controller]


def arrows(w):
    layer = next(it for it in w.scene.items() if isinstance(it, ArrowLayer))
    return layer


def assert_arrows_follow(w):
    """Every arrow drawn starts and ends at the current centers of what it joins."""
    layer = arrows(w)
    assert layer.shapes, "arrows are drawn"
    for (a, b, kind, dashed), (curve, head, _, _) in layer.shapes.items():
        pa, pb = w.scene._anchor(a), w.scene._anchor(b)
        start = curve.elementAt(0)
        end = curve.elementAt(curve.elementCount() - 1)
        assert (round(start.x), round(start.y)) == (round(pa.x()), round(pa.y())), (kind, a, b)
        assert (round(end.x), round(end.y)) == (round(pb.x()), round(pb.y())), (kind, a, b)


def test_arrows_follow_the_seats_when_the_hotseat_view_turns_around(qtbot):
    g, w = table_for(qtbot, {"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Mountain", "Forest", "Raging Goblin", "Hill Giant"],
                  "hand": ["Lightning Bolt", "Giant Growth"],
                  "library": LIB},
        "bob": {"battlefield": ["Grizzly Bears", "Runeclaw Bear", "Mountain"], "hand": ["Lightning Bolt"],
                "library": LIB}}})
    bears = ids(g, "Grizzly Bears", "bob")[0]
    goblin, giant = ids(g, "Raging Goblin", "alice")[0], ids(g, "Hill Giant", "alice")[0]
    drag(w, card_center(w, ids(g, "Lightning Bolt", "alice", "hand")[0]), card_center(w, bears))
    assert w.scene.v["stack"], "the bolt is on the stack"
    settle(w)
    assert w.ctl.seat == "bob", "bob may respond"
    assert_arrows_follow(w)
    # bob answers with his own bolt at the goblin: alice, now at the bottom again, sees both arrows
    drag(w, card_center(w, ids(g, "Lightning Bolt", "bob", "hand")[0]), card_center(w, goblin))
    settle(w)
    assert w.ctl.seat == "alice" and len(w.scene.v["stack"]) == 2
    assert len(arrows(w).shapes) == 2
    assert_arrows_follow(w)
    for _ in range(8):   # both resolve; on to combat
        d = w.ctl.decision
        if d is not None and d.kind == "attackers":
            break
        space(w)
        settle(w)
    assert w.ctl.seat == "alice" and w.ctl.decision.kind == "attackers"
    drag(w, card_center(w, giant), w.scene.players["bob"].center())
    space(w)
    settle(w)
    assert w.ctl.seat == "bob" and w.ctl.decision.kind == "blockers"
    assert_arrows_follow(w)
    runeclaw = ids(g, "Runeclaw Bear", "bob")[0]
    drag(w, card_center(w, runeclaw), card_center(w, giant))
    space(w)
    settle(w)
    assert w.ctl.seat == "alice", "alice gets priority after blockers"
    kinds = sorted(k[2] for k in arrows(w).shapes)
    assert kinds == ["attack", "block"]
    assert_arrows_follow(w)


# -- item 2: the look at the top card after a mulligan (103.4) ------------------------------
def test_the_top_card_after_a_mulligan_is_shown_to_the_deciding_seat_only(qtbot):
    from engine.bench import GREEN, RED
    from engine.game import Game
    g = Game.new([("alice", RED), ("bob", GREEN)], None, 5, play_first="alice")
    w = show_table(qtbot, LocalSession(g), ["alice", "bob"], fit=False)
    for _ in range(6):
        settle(w)
        d = w.ctl.decision
        if d.kind == "mulligan_bottom":
            break
        if d.kind == "mulligan" and d.player == "alice" and not g.players["alice"].mulligans:
            QTest.mouseClick(w.prompt.second, Qt.LeftButton)   # Mulligan
        else:
            space(w)                                            # Keep
    settle(w)
    d = w.ctl.decision
    assert d.kind == "mulligan_bottom" and w.ctl.seat == "alice"
    top = g.objects[g.players["alice"].library[0]].card.name
    face = w.prompt.findChild(QLabel, "top_card")
    assert face is not None and face.toolTip() == top and not face.pixmap().isNull()
    assert w._previewed == top, "shown large too"
    assert top not in repr(w.ctl.session.view("bob")), "bob's view does not carry it"
    QTest.mouseClick(w.prompt.second, Qt.LeftButton)   # put it on the bottom
    assert g.objects[g.players["alice"].library[-1]].card.name == top
    assert w.ctl.decision is None or w._previewed != top


# -- item 3: the preview: current P/T, gone with its card, never a hidden card -----------------
def hover(w, obj):
    QTest.mouseMove(w.view.viewport(), vp_point(w, QPointF(2, 2)))   # from off any card: a hover enters
    QTest.mouseMove(w.view.viewport(), vp_point(w, card_center(w, obj)))
    QApplication.processEvents()


def test_the_preview_shows_current_power_and_leaves_with_a_dead_creature(qtbot):
    g, w = table_for(qtbot, {"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Forest", "Mountain", "Grizzly Bears", "Llanowar Elves"],
                  "hand": ["Giant Growth", "Lightning Bolt"], "library": LIB},
        "bob": {"library": LIB}}})
    bears, elves = ids(g, "Grizzly Bears", "alice")[0], ids(g, "Llanowar Elves", "alice")[0]
    drag(w, card_center(w, ids(g, "Giant Growth", "alice", "hand")[0]), card_center(w, bears))
    for _ in range(3):
        settle(w)
        if not w.scene.v["stack"]:
            break
        space(w)
    assert g.chars(bears).power == 5
    hover(w, bears)
    assert w._previewed == "Grizzly Bears" and w._preview_card["power"] == 5
    # the P/T box drawn on the large card is the yellow of a changed value
    img = w.preview.pixmap().toImage()
    k = img.width() / 250
    c = img.pixelColor(int(img.width() - 20 * k), int(img.height() - 24 * k))
    assert (c.red(), c.green()) > (230, 200) and c.blue() < 160, c.name()
    hover(w, elves)
    drag(w, card_center(w, ids(g, "Lightning Bolt", "alice", "hand")[0]), card_center(w, elves))
    for _ in range(3):
        settle(w)
        if not w.scene.v["stack"]:
            break
        space(w)
    assert elves not in g.battlefield
    assert w._previewed != "Llanowar Elves" and w.preview.pixmap().isNull(), "a dead creature leaves the preview"


def test_a_whole_hotseat_game_never_shows_a_hidden_card_at_a_hand_over(qtbot):
    import re

    from engine.ai.random_bot import RandomBot
    from engine.bench import GREEN, RED
    from engine.game import Game
    g = Game.new([("alice", RED), ("bob", GREEN)], None, 7, play_first="alice")
    w = show_table(qtbot, LocalSession(g), ["alice", "bob"], fit=False)
    bot = RandomBot(7)
    handovers = 0
    for _ in range(700):
        if w.curtain.isVisible() and w.scene.hide_hands:
            handovers += 1
            seat = w.ctl.seat
            assert w._preview_card is None and w.preview.pixmap().isNull(), "no card shown large"
            assert not [it for it in w.scene.items() if isinstance(it, CardItem) and it.zone == "hand"
                        and it.face_up], "no hand face up"
            assert not [ln for ln in w.log.toPlainText().splitlines()
                        if re.search(r"draws (?!a card|\d+ cards)", ln)], "no hidden draw named"
            settle(w)
            visible = w.visible_cards()
            shown = [it for it in w.scene.items() if isinstance(it, CardItem) and it.face_up]
            assert all(it.obj in visible or it.zone not in ("hand",) for it in shown)
            assert all(it.seat == seat for it in shown if it.zone == "hand")
        d = w.ctl.decision
        if d is None or w.ctl.finished:
            break
        hand = [it for it in w.scene.items() if isinstance(it, CardItem) and it.zone == "hand" and it.face_up]
        if hand:   # the player looks at a card of their hand before answering
            QTest.mouseMove(w.view.viewport(), vp_point(w, hand[0].sceneBoundingRect().center()))
            QApplication.processEvents()
        w.submit(bot.answer(d))
    assert handovers > 10 and (w.ctl.finished or g.turn > 6)


# -- item 4: "pass turn" gives priority back when the opponent acts ----------------------------
def test_f6_still_stops_when_the_opponent_casts_a_spell(qtbot):
    g, w = table_for(qtbot, {"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Forest", "Grizzly Bears"], "hand": ["Giant Growth"], "library": LIB},
        "bob": {"battlefield": ["Mountain"], "hand": ["Lightning Bolt"], "library": LIB}}})
    bears = ids(g, "Grizzly Bears", "alice")[0]
    QTest.keyClick(w.view, Qt.Key_F6)
    for _ in range(10):   # alice's turn goes on; bob stops at alice's end step (his stop)
        settle(w)
        d = w.ctl.decision
        if w.ctl.seat == "bob" and d is not None and d.kind == "priority":
            break
        if d.kind == "attackers":
            space(w)
    assert w.ctl.seat == "bob"
    drag(w, card_center(w, ids(g, "Lightning Bolt", "bob", "hand")[0]), card_center(w, bears))
    settle(w)
    d = w.ctl.decision
    assert w.ctl.seat == "alice" and d.kind == "priority" and w.scene.v["stack"], "alice may respond"
    drag(w, card_center(w, ids(g, "Giant Growth", "alice", "hand")[0]), card_center(w, bears))
    for _ in range(6):
        settle(w)
        if not g.stack:
            break
        space(w)
    assert bears in g.battlefield, "the Giant Growth saved the bears"


# -- item 5: choice buttons never cut their text ------------------------------------------------
def shows_whole_text(b) -> bool:
    from app.table.prompt import WrapButton
    if isinstance(b, WrapButton):
        return (b.label.text() == b.text() and b.label.heightForWidth(b.label.width()) <= b.label.height() + 1
                and b.label.width() <= b.width())
    return b.fontMetrics().horizontalAdvance(b.text()) <= b.contentsRect().width() - 8


def test_choice_buttons_show_their_whole_text(qtbot):
    from PySide6.QtWidgets import QPushButton
    g, w = table_for(qtbot, {"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Garruk Wildspeaker", "Forest", "Forest"], "library": LIB},
        "bob": {"battlefield": ["Craw Wurm"], "library": LIB}}})
    garruk = ids(g, "Garruk Wildspeaker", "alice")[0]
    double_click(w, card_center(w, garruk))
    qtbot.wait(50)   # the layout settles
    buttons = [b for b in w.prompt.findChildren(QPushButton) if b.isVisible() and b.text()]
    labels = [b.text() for b in buttons]
    assert any("+1: Untap two target lands" in t for t in labels), labels
    assert any("-1: Create a 3/3 green Beast creature token" in t for t in labels), labels
    for b in buttons:
        assert shows_whole_text(b), b.text()
        assert b.toolTip() == b.text()


def test_modes_of_a_modal_spell_wrap_and_are_checked_by_clicking(qtbot):
    from app.table.prompt import WrapCheck
    g, w = table_for(qtbot, {"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Island"] * 4, "hand": ["Cryptic Command"], "library": LIB},
        "bob": {"battlefield": ["Craw Wurm"], "library": LIB}}})
    cmd = ids(g, "Cryptic Command", "alice", "hand")[0]
    drag(w, card_center(w, cmd), w.scene.zones[("creatures", "alice")].rect.center())
    for _ in range(4):
        checks = w.prompt.findChildren(WrapCheck)
        if checks:
            break
        buttons = [b for k, b in w.prompt.buttons.items() if k.startswith("target:")]
        if buttons:
            QTest.mouseClick(buttons[0], Qt.LeftButton)
    checks = w.prompt.findChildren(WrapCheck)
    assert len(checks) == 4
    for c in checks:
        assert c.label.heightForWidth(c.label.width()) <= c.label.height() + 1, c.label.text()
    QTest.mouseClick(checks[3].label, Qt.LeftButton)   # a click on the words checks it
    assert checks[3].isChecked()


# -- item 6: the log follows -------------------------------------------------------------------
def test_the_log_follows_when_the_panel_grows(qtbot):
    g, w = table_for(qtbot, {"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Garruk Wildspeaker", "Forest", "Forest"], "library": LIB},
        "bob": {"library": LIB}}})
    w._log([f"line {i}" for i in range(300)])
    QApplication.processEvents()
    bar = w.log.verticalScrollBar()
    assert bar.value() == bar.maximum()
    double_click(w, card_center(w, ids(g, "Garruk Wildspeaker", "alice")[0]))   # the panel grows
    QApplication.processEvents()
    assert bar.value() == bar.maximum(), "the newest line stays in view"
    # a player who scrolls up to read is left there
    QTest.keyClick(w.log, Qt.Key_PageUp)
    QApplication.processEvents()
    w._log(["one more"])
    assert bar.value() < bar.maximum()


# -- item 7: readable check boxes; clicking hand cards to discard --------------------------------
def test_discard_to_hand_size_by_clicking_the_cards(qtbot):
    from PySide6.QtWidgets import QListWidget
    hand = ["Forest", "Mountain", "Island", "Plains", "Swamp", "Grizzly Bears", "Craw Wurm", "Hill Giant", "Shock"]
    g, w = table_for(qtbot, {"active": "alice", "step": "end", "players": {
        "alice": {"hand": hand, "library": LIB}, "bob": {"library": LIB}}})
    for _ in range(4):
        settle(w)
        d = w.ctl.decision
        if d is not None and d.kind == "discard_to_hand_size":
            break
        space(w)
    assert w.ctl.decision.kind == "discard_to_hand_size"
    wurm, shock = ids(g, "Craw Wurm", "alice", "hand")[0], ids(g, "Shock", "alice", "hand")[0]
    click(w, card_center(w, wurm))
    click(w, card_center(w, shock))
    assert w.scene.cards[wurm].highlight == "selected"
    lw = w.prompt.findChild(QListWidget, "choices")
    checked = [lw.item(i).data(Qt.UserRole) for i in range(lw.count()) if lw.item(i).checkState() == Qt.Checked]
    assert sorted(checked) == sorted([wurm, shock]), "the panel's list follows the table"
    # the check boxes show on the dark panel: a light frame around each
    img = lw.viewport().grab().toImage()
    r = lw.visualItemRect(lw.item(0))
    lum = [img.pixelColor(x, r.center().y()).lightness() for x in range(r.left(), r.left() + 40)]
    assert max(lum) - min(lum) > 120, lum
    space(w)
    names = [g.objects[i].card.name for i in g.players["alice"].graveyard]
    assert sorted(names) == ["Craw Wurm", "Shock"]


# -- item 8: dragging a targeted spell lights its targets and leaves them in view ---------------
def test_dragging_a_targeted_spell_lights_the_targets_and_does_not_cover_them(qtbot):
    g, w = table_for(qtbot, {"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Mountain", "Raging Goblin"], "hand": ["Lightning Bolt"], "library": LIB},
        "bob": {"battlefield": ["Grizzly Bears", "Hill Giant"], "library": LIB}}})
    bolt, bears = ids(g, "Lightning Bolt", "alice", "hand")[0], ids(g, "Grizzly Bears", "bob")[0]
    vp = w.view.viewport()
    a, b = vp_point(w, card_center(w, bolt)), vp_point(w, card_center(w, bears))
    QTest.mousePress(vp, Qt.LeftButton, Qt.NoModifier, a)
    QTest.mouseMove(vp, (a + b) / 2)
    QTest.mouseMove(vp, b)
    lit = {o for o, it in w.scene.cards.items() if it.highlight == "target"}
    assert bears in lit and ids(g, "Hill Giant", "bob")[0] in lit and w.scene.players["bob"].highlight == "target"
    dragged = w.scene.cards[bolt]
    assert not dragged.sceneBoundingRect().contains(card_center(w, bears)), "the target under the pointer shows"
    QTest.mouseRelease(vp, Qt.LeftButton, Qt.NoModifier, b)
    assert any(e.get("type") == "cast" and e.get("targets") == [[bears]] for e in g.events), "cast at the bears"
    assert all(it.opacity() == 1.0 and it.scale() == 1.0 for it in w.scene.cards.values())


# -- item 9: the side panel scales with the window -----------------------------------------------
def test_the_side_panel_scales_with_the_window(qtbot):
    _, w = table_for(qtbot, {"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Forest"], "library": LIB}, "bob": {"library": LIB}}})
    w.resize(3840, 2160)
    QApplication.processEvents()
    big = (w.side.width(), w.preview.width(), w.prompt.ok.fontInfo().pixelSize())
    w.resize(1024, 700)
    QApplication.processEvents()
    small = (w.side.width(), w.preview.width(), w.prompt.ok.fontInfo().pixelSize())
    assert big[0] >= 600 and big[1] >= 500 and big[2] >= 24, big
    assert small[0] <= 250 and w.view.width() >= 760, small


# -- item 10: same-named creatures told apart ----------------------------------------------------
def test_same_named_blockers_are_told_apart_in_the_order_and_damage_rows(qtbot):
    from PySide6.QtWidgets import QListWidget
    g, w = table_for(qtbot, {"active": "alice", "step": "declare_attackers", "players": {
        "alice": {"battlefield": ["Craw Wurm"], "library": LIB},
        "bob": {"battlefield": ["Grizzly Bears", "Grizzly Bears"], "library": LIB}}})
    wurm = ids(g, "Craw Wurm", "alice")[0]
    b1, b2 = ids(g, "Grizzly Bears", "bob")
    drag(w, card_center(w, wurm), w.scene.players["bob"].center())
    space(w)
    settle(w)
    drag(w, card_center(w, b1), card_center(w, wurm))
    drag(w, card_center(w, b2), card_center(w, wurm))
    space(w)
    for _ in range(5):
        settle(w)
        if w.ctl.decision is not None and w.ctl.decision.kind == "order_blockers":
            break
        space(w)
    lw = w.prompt.findChild(QListWidget, "order")
    rows = [lw.item(i).text() for i in range(lw.count())]
    assert len(set(rows)) == 2 and all(r.startswith("Grizzly Bears") for r in rows), rows
    space(w)   # this order
    for _ in range(5):
        settle(w)
        if w.ctl.decision is not None and w.ctl.decision.kind == "assign_damage":
            break
        space(w)
    assert w.ctl.decision.kind == "assign_damage"
    rows = [lb.text() for lb in w.prompt.findChildren(QLabel) if lb.text().startswith("Grizzly Bears")]
    assert len(rows) == 2 and len(set(rows)) == 2, rows


# -- item 16: words -------------------------------------------------------------------------------
def test_words_against_the_bot_and_before_the_first_turn(qtbot):
    import re

    from engine.ai.random_bot import RandomBot
    from engine.bench import GREEN, RED
    from engine.game import Game
    g = Game.new([("you", RED), ("bot", GREEN)], None, 3, play_first="you")
    w = show_table(qtbot, LocalSession(g, {"bot": RandomBot(3)}), ["you"], fit=False)
    banner = next(it for k, it in w.scene._pool.items() if k == ("text", "step")).text()
    assert "step" not in banner and "mulligan" in banner, banner   # no "mulligan step": there is none
    space(w)   # keep
    drag(w, w.scene.cards[next(c["id"] for c in w.ctl.view()["players"]["you"]["hand"]
                               if c["name"] == "Mountain")].sceneBoundingRect().center(),
         w.scene.zones[("lands", "you")].rect.center())
    log = w.ctl.log_lines
    assert not [ln for ln in log if re.match(r"you (draws|plays|casts|discards|gains|loses) ", ln)], log
    assert "you play Mountain" in log
    opening = log[:log.index(next(ln for ln in log if ln.startswith("— turn 1")))]
    draws = [ln for ln in opening if "draw" in ln]
    assert [ln.split(":")[0] for ln in draws] == ["you draw 7 cards", "bot draws 7 cards"], draws


def test_the_hand_over_screen_says_what_is_asked_in_plain_words(qtbot):
    g, w = table_for(qtbot, {"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Mountain"], "hand": ["Lightning Bolt"], "library": LIB},
        "bob": {"battlefield": ["Grizzly Bears", "Forest"], "hand": ["Giant Growth"], "library": LIB}}})
    drag(w, card_center(w, ids(g, "Lightning Bolt", "alice", "hand")[0]), card_center(w, ids(g, "Grizzly Bears", "bob")[0]))
    assert w.curtain.isVisible()
    text = w.curtain.text.text()
    assert "respond to Lightning Bolt" in text and "main1" not in text and "you have priority" not in text, text


def test_counters_that_cancel_leave_no_mark(qtbot):
    g, w = table_for(qtbot, {"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Grizzly Bears"], "library": LIB}, "bob": {"library": LIB}}})
    bears = ids(g, "Grizzly Bears", "alice")[0]
    g.objects[bears].counters["-1/-1"] = 0   # what +1/+1 and -1/-1 counters leave after cancelling (704.5r)
    w.refresh()
    it = w.scene.cards[bears]
    assert "×0" not in it.toolTip()
    assert all(n for _, n in it.look[4][5]) if it.look[4] else True
    hover(w, bears)
    assert "-1/-1" not in repr({k: v for k, v in (w._preview_card.get("counters") or {}).items() if v})


def test_an_opponents_aura_shows_above_its_host(qtbot):
    g, w = table_for(qtbot, {"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Grizzly Bears"], "library": LIB},
        "bob": {"battlefield": ["Hill Giant", {"name": "Holy Strength", "attached_to": "Hill Giant"}], "library": LIB}}})
    giant = ids(g, "Hill Giant", "bob")[0]
    aura = ids(g, "Holy Strength", "bob")[0]
    assert g.objects[aura].attached_to == giant
    a, h = w.scene.cards[aura], w.scene.cards[giant]
    strip = a.sceneBoundingRect().adjusted(3, 3, -3, 0)
    strip.setHeight(20)   # the Aura's name bar
    covering = [it for it in w.scene.items(strip) if isinstance(it, CardItem) and it is not a
                and it.zValue() >= a.zValue() and it.sceneBoundingRect().adjusted(3, 3, -3, -3).intersects(strip)]
    assert not covering, [c.name for c in covering]
    assert a.sceneBoundingRect().top() < h.sceneBoundingRect().top()


def test_screenshot_help_names_no_issue_and_no_idle_flag(capsys):
    from app import screenshot
    with pytest.raises(SystemExit):
        screenshot.main(["--help"])
    out = capsys.readouterr().out
    assert "issue" not in out and "--demo" not in out and "--until" in out


# -- item 11: concede asks first, and for the right seat ---------------------------------------
def click_in_box(text: str) -> None:
    """Click a button of the open message box (it runs its own event loop)."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QMessageBox

    def go() -> None:
        box = next(w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox) and w.isVisible())
        b = next(b for b in box.buttons() if b.text() == text)
        QTest.mouseClick(b, Qt.LeftButton)
    QTimer.singleShot(0, go)


def main_window(qtbot):
    from app.application import MainWindow
    win = MainWindow()
    KEEP.append(win)
    qtbot.addWidget(win)
    win.show()
    return win


def test_concede_asks_and_concedes_for_the_player_chosen(qtbot):
    from engine.bench import GREEN, RED
    win = main_window(qtbot)
    t = win.start_game([("alice", RED), ("bob", GREEN)], 4, "alice", vs_bot=False, modal_errors=False)
    shown = t.ctl.seat
    click_in_box("Keep playing")
    win.menu_actions["concede"].trigger()
    assert t.ctl.view()["winner"] is None and not t.ctl.finished, "nothing happens without a yes"
    other = "bob" if shown == "alice" else "alice"
    click_in_box(f"{other} concedes")   # not the seat on screen
    win.menu_actions["concede"].trigger()
    assert t.ctl.view()["winner"] == shown


def test_concede_against_the_bot_asks_first(qtbot):
    from engine.bench import GREEN, RED
    win = main_window(qtbot)
    t = win.start_game([("ann", RED), ("bot", GREEN)], 4, "ann", vs_bot=True, modal_errors=False)
    click_in_box("Concede")
    win.menu_actions["concede"].trigger()
    assert t.ctl.view()["winner"] == "bot"


# -- item 14: illegal decks are not offered without a clear warning ------------------------------
def test_an_illegal_autosaved_draft_cannot_start_a_game_unwarned(qtbot, tmp_path, monkeypatch):
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox

    import engine.decks.store as store_mod
    from engine.decks.model import Deck
    monkeypatch.setattr(store_mod, "default_path", lambda: tmp_path / "decks.sqlite3")
    st = store_mod.DeckStore()
    st.save(Deck(name="Untitled", main={"Forest": 2, "Grizzly Bears": 2}))
    st.close()
    win = main_window(qtbot)
    seen = {}

    def fill() -> None:
        dlg = next(w for w in QApplication.topLevelWidgets() if isinstance(w, QDialog) and w.isVisible())
        combo: QComboBox = dlg.ui.deck1
        labels = [combo.itemText(i) for i in range(combo.count())]
        seen["labels"] = labels
        seen["start"] = combo.currentText()
        combo.setFocus()
        QTest.keyClick(combo, Qt.Key_End)   # the last deck: the illegal draft
        seen["chosen"] = combo.currentText()
        seen["warning"] = dlg.warning.text() if dlg.warning.isVisible() else ""
        ok = dlg.ui.buttons.button(QDialogButtonBox.Ok)
        seen["ok"] = ok.isEnabled()
        QTest.mouseClick(ok, Qt.LeftButton)
        seen["still_open"] = dlg.isVisible()
        QTest.mouseClick(dlg.ui.buttons.button(QDialogButtonBox.Cancel), Qt.LeftButton)

    QTimer.singleShot(0, fill)
    win.menu_actions["hotseat"].trigger()
    assert "Untitled" in seen["chosen"] and "not legal" in seen["chosen"], seen
    assert not seen["start"].startswith("⚠"), "a legal deck is chosen first"
    assert "Untitled" not in " ".join(seen["labels"][:-1]), "the illegal deck comes last"
    assert "4 cards" in seen["warning"] or "60" in seen["warning"], seen["warning"]
    assert not seen["ok"] and seen["still_open"] and win.state == "home"


# -- item 12: undo of a mana ability tapped by mistake -------------------------------------------
def test_a_land_tapped_by_mistake_is_untapped_while_its_mana_is_unspent(qtbot):
    import json
    g, w = table_for(qtbot, {"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Mountain", "Forest"], "hand": ["Lightning Bolt"], "library": LIB},
        "bob": {"battlefield": ["Grizzly Bears"], "library": LIB}}})
    session = w.ctl.session
    before = (json.dumps(session.view("alice"), sort_keys=True), json.dumps(session.view("bob"), sort_keys=True))
    forest = ids(g, "Forest", "alice")[0]
    double_click(w, card_center(w, forest))   # a mistake: the Forest, not the Mountain
    assert session.game.objects[forest].tapped and session.game.players["alice"].pool
    double_click(w, card_center(w, forest))   # take it back
    g2 = session.game
    assert not g2.objects[forest].tapped and not any(g2.players["alice"].pool.values())
    assert (json.dumps(session.view("alice"), sort_keys=True), json.dumps(session.view("bob"), sort_keys=True)) == before
    assert not w.scene.cards[forest].card.get("tapped")
    # once the mana is spent, there is nothing to take back
    mountain = ids(g2, "Mountain", "alice")[0]
    double_click(w, card_center(w, mountain))
    drag(w, card_center(w, ids(g2, "Lightning Bolt", "alice", "hand")[0]), card_center(w, ids(g2, "Grizzly Bears", "bob")[0]))
    QTest.keyClick(w.view, Qt.Key_Z, Qt.ControlModifier)
    assert "nothing to undo" in w.status.text()
    assert session.game.objects[mountain].tapped


# -- Also: an unsupported card says so, and its manual actions are on a right-click --------------
def test_an_unsupported_card_says_so_on_its_face_in_the_preview_and_offers_manual_actions(qtbot):
    from PySide6.QtWidgets import QMenu
    g, w = table_for(qtbot, {"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Chaos Orb", "Grizzly Bears"], "library": LIB}, "bob": {"library": LIB}}})
    orb, bears = ids(g, "Chaos Orb", "alice")[0], ids(g, "Grizzly Bears", "alice")[0]
    it = w.scene.cards[orb]
    assert it.look[4] and it.look[4][-1] is True, "the face carries the by-hand banner"
    assert not (w.scene.cards[bears].look[4] and w.scene.cards[bears].look[4][-1] is True)
    assert "not supported" in it.toolTip()
    # the banner is drawn: the card's pixels at its top fifth are the banner's red
    img = w.view.viewport().grab().toImage()
    r = w.view.mapFromScene(it.sceneBoundingRect()).boundingRect()
    c = img.pixelColor(r.center().x(), r.top() + int(r.height() * 0.2))
    assert c.red() > 120 and c.green() < 80 and c.blue() < 80, c.name()
    hover(w, orb)
    pimg = w.preview.pixmap().toImage()
    reds = sum(1 for y in range(0, pimg.height(), 4) for x in range(0, pimg.width(), 4)
               if pimg.pixelColor(x, y).red() > 100 and pimg.pixelColor(x, y).green() < 40)
    assert reds > 50, "the preview's banner"
    click(w, card_center(w, orb), Qt.RightButton)
    menu = w.card_menu
    assert isinstance(menu, QMenu) and any("by hand" in a.text() for a in menu.actions())
    menu.close()
