"""The deck builder window, driven by real keyboard and mouse events (pytest-qt, offscreen)."""
import pathlib

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QFileDialog, QMessageBox

from app.decks.window import DeckBuilderWindow
from engine.decks.files import read_deck
from engine.decks.memorydb import load_cards
from engine.decks.store import DeckStore

FIX = pathlib.Path(__file__).resolve().parent / "fixtures" / "decks"


@pytest.fixture(scope="module")
def db():
    return load_cards(FIX / "cards.yaml")


@pytest.fixture()
def win(qtbot, db, tmp_path):
    w = DeckBuilderWindow(db, DeckStore(tmp_path / "decks.sqlite"))
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    w.activateWindow()
    return w


def search(qtbot, win, text):
    win.search_box.setFocus()
    win.search_box.selectAll()
    QTest.keyClicks(win.search_box, text)
    qtbot.waitUntil(lambda: win.results.count() > 0 or win.search_error.isVisible(), timeout=1000)


def result_names(win):
    return [win.results.item(i).data(Qt.ItemDataRole.UserRole) for i in range(win.results.count())]


def rows(tree):
    return [(tree.topLevelItem(i).text(0), tree.topLevelItem(i).text(1)) for i in range(tree.topLevelItemCount())]


def item_named(tree, name):
    for i in range(tree.topLevelItemCount()):
        if tree.topLevelItem(i).text(1) == name:
            return tree.topLevelItem(i)
    raise AssertionError(f"{name} not in {rows(tree)}")


def click_row(tree, name):
    item = item_named(tree, name)
    tree.scrollToItem(item)                                     # as a player scrolls to it
    rect = tree.visualRect(tree.indexFromItem(item, 1))        # the name's cell (the row may scroll sideways)
    QTest.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert tree.currentItem() is item


def test_typing_a_query_shows_results(qtbot, win):
    search(qtbot, win, "t:creature goblin")
    assert result_names(win) == ["Goblin Instigator", "Krenko, Mob Boss"]
    assert win.result_count.text() == "2 cards"


def test_a_bad_query_is_shown_not_raised(qtbot, win):
    search(qtbot, win, 'o:"draw')
    assert win.search_error.isVisible() and "unbalanced quote" in win.search_error.text()
    assert win.results.count() == 0


def test_enter_adds_to_the_deck_and_shift_enter_to_the_sideboard(qtbot, win):
    search(qtbot, win, "shock")
    QTest.keyClick(win.search_box, Qt.Key.Key_Return)        # to the results
    assert win.results.hasFocus()
    for _ in range(3):
        QTest.keyClick(win.results, Qt.Key.Key_Return)
    QTest.keyClick(win.results, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    assert win.deck.main == {"Shock": 3} and win.deck.sideboard == {"Shock": 1}
    assert rows(win.main_list) == [("3", "Shock")]
    assert rows(win.side_list) == [("1", "Shock")]
    assert win.main_title.text() == "Main deck (3)"


def test_double_click_on_a_result_adds_it(qtbot, win):
    search(qtbot, win, "lava")
    item = win.results.item(0)
    rect = win.results.visualItemRect(item)
    # a real double click: press/release, then the second press as a double click (Qt needs the first press)
    QTest.mouseClick(win.results.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    QTest.mouseDClick(win.results.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert win.deck.main == {"Lava Axe": 1}


def test_plus_minus_delete_and_move_keys_in_the_deck_list(qtbot, win):
    win.add_card("Shock", 2)
    win.add_card("Murder", 1)
    click_row(win.main_list, "Shock")
    QTest.keyClick(win.main_list, Qt.Key.Key_Plus)
    QTest.keyClick(win.main_list, Qt.Key.Key_Plus)
    assert win.deck.main["Shock"] == 4 and item_named(win.main_list, "Shock").text(0) == "4"
    QTest.keyClick(win.main_list, Qt.Key.Key_Minus)
    assert win.deck.main["Shock"] == 3
    QTest.keyClick(win.main_list, Qt.Key.Key_S)
    assert win.deck.main["Shock"] == 2 and win.deck.sideboard == {"Shock": 1}
    click_row(win.main_list, "Murder")
    QTest.keyClick(win.main_list, Qt.Key.Key_Delete)
    assert "Murder" not in win.deck.main and [r[1] for r in rows(win.main_list)] == ["Shock"]


def test_the_plus_and_minus_buttons(qtbot, win):
    win.add_card("Opt", 1)
    click_row(win.main_list, "Opt")
    QTest.mouseClick(win.findChild(type(win.add_main_btn), "plus"), Qt.MouseButton.LeftButton)
    assert win.deck.main == {"Opt": 2}
    QTest.mouseClick(win.findChild(type(win.add_main_btn), "minus"), Qt.MouseButton.LeftButton)
    assert win.deck.main == {"Opt": 1}


def test_live_validation_marks_the_offending_card(qtbot, win):
    win.add_card("Mountain", 56)
    win.add_card("Shock", 4)
    assert win.verdict.text() == "Legal in Casual"
    click_row(win.main_list, "Shock")
    QTest.keyClick(win.main_list, Qt.Key.Key_Plus)
    assert win.verdict.text().startswith("Not legal in Casual: 1 problem")
    messages = [win.problem_list.item(i).text() for i in range(win.problem_list.count())]
    assert messages == ["✖ 5 copies of Shock; Casual allows at most 4."]
    shock = item_named(win.main_list, "Shock")
    assert shock.foreground(1).color().red() > 150
    assert "5 copies of Shock" in shock.toolTip(1)
    assert item_named(win.main_list, "Mountain").foreground(1).color().red() < 150


def test_the_format_picker_revalidates(qtbot, win):
    win.add_card("Mountain", 97)
    win.add_card("Shock", 1)
    win.add_card("Sol Ring", 1)
    win.add_card("Krenko, Mob Boss", 1)
    win.format_box.setFocus()
    idx = win.format_box.findData("commander")
    while win.format_box.currentIndex() != idx:
        QTest.keyClick(win.format_box, Qt.Key.Key_Down if win.format_box.currentIndex() < idx else Qt.Key.Key_Up)
    assert "Commander (April 2016) needs a commander." in [p.message for p in win.problems]
    click_row(win.main_list, "Krenko, Mob Boss")
    QTest.keyClick(win.main_list, Qt.Key.Key_C)               # make it the commander
    assert win.deck.commander == "Krenko, Mob Boss" and "Krenko, Mob Boss" not in win.deck.main
    assert win.commander_label.text() == "Commander: Krenko, Mob Boss"
    assert [p for p in win.problems if p.is_error] == []
    assert win.verdict.text() == "Legal in Commander (April 2016)"
    win.add_card("Counterspell")
    assert any(p.rule == "color-identity" and p.card == "Counterspell" for p in win.problems)


def test_p_makes_a_partner_and_the_pair_is_validated(qtbot, win):
    """Two commanders (a later rule, Partner): C then P on two cards of the list; a pair that may not lead
    together is an error on the second; Clear commanders puts both back."""
    win.add_card("Island", 49)
    win.add_card("Plains", 48)
    for name in ("Thrasios, Triton Hero", "Ravos, Soultender", "Krenko, Mob Boss"):
        win.add_card(name, 1)
    win.format_box.setFocus()
    idx = win.format_box.findData("commander")
    while win.format_box.currentIndex() != idx:
        QTest.keyClick(win.format_box, Qt.Key.Key_Down if win.format_box.currentIndex() < idx else Qt.Key.Key_Up)
    click_row(win.main_list, "Thrasios, Triton Hero")
    QTest.keyClick(win.main_list, Qt.Key.Key_C)
    click_row(win.main_list, "Krenko, Mob Boss")
    QTest.keyClick(win.main_list, Qt.Key.Key_P)
    assert win.deck.commanders == ["Thrasios, Triton Hero", "Krenko, Mob Boss"]
    assert win.commander_label.text() == "Commanders: Thrasios, Triton Hero and Krenko, Mob Boss"
    assert any(p.rule == "commander" and "cannot be commanders together" in p.message for p in win.problems)
    click_row(win.main_list, "Ravos, Soultender")
    QTest.keyClick(win.main_list, Qt.Key.Key_P)             # the new partner; Krenko back to the deck
    assert win.deck.partner == "Ravos, Soultender" and win.deck.main.get("Krenko, Mob Boss") == 1
    win.remove_card("Krenko, Mob Boss")
    win.add_card("Swamp", 1)
    assert win.deck.main_count == 100
    assert [p for p in win.problems if p.is_error] == [], [p.message for p in win.problems]
    QTest.mouseClick(win.clear_commander_btn, Qt.MouseButton.LeftButton)
    assert win.deck.commanders == [] and win.deck.main["Thrasios, Triton Hero"] == 1
    assert win.deck.main["Ravos, Soultender"] == 1 and win.commander_label.text() == "Commander: none"


def test_ctrl_i_imports_a_file(qtbot, win, monkeypatch):
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(FIX / "arena.txt"), ""))
    QTest.keyClick(win, Qt.Key.Key_I, Qt.KeyboardModifier.ControlModifier)
    assert win.deck.name == "Arena Red" and win.deck.main["Shock"] == 4
    assert win.name_box.text() == "Arena Red"
    assert ("44", "Mountain") in rows(win.main_list)


def test_a_bad_import_shows_where_and_keeps_the_deck(qtbot, win, monkeypatch, tmp_path):
    win.add_card("Opt", 2)
    bad = tmp_path / "bad.txt"
    bad.write_text("4 Shock\n2 Lightening Bolt\n")
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text, *a: shown.append(text))
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(bad), ""))
    QTest.keyClick(win, Qt.Key.Key_I, Qt.KeyboardModifier.ControlModifier)
    assert shown == [f"{bad}:2: unknown card 'Lightening Bolt'; did you mean Lightning Bolt?"]
    assert win.deck.main == {"Opt": 2}


def test_ctrl_e_exports_in_the_chosen_kind(qtbot, win, monkeypatch, tmp_path, db):
    win.add_card("Shock", 4)
    win.add_card("Duress", 2, sideboard=True)
    out = tmp_path / "mine.dek"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(out), "MTGO (*.dek)"))
    QTest.keyClick(win, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    back = read_deck(out, db)
    assert back.main == {"Shock": 4} and back.sideboard == {"Duress": 2}


def test_every_change_is_saved_and_undo_works(qtbot, win):
    search(qtbot, win, "murder")
    QTest.keyClick(win.search_box, Qt.Key.Key_Return)
    QTest.keyClick(win.results, Qt.Key.Key_Return)
    QTest.keyClick(win.results, Qt.Key.Key_Return)
    [info] = win.store.list()
    assert win.store.load(info.id).main == {"Murder": 2}
    QTest.keyClick(win, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert win.deck.main == {"Murder": 1} and win.store.load(info.id).main == {"Murder": 1}
    QTest.keyClick(win, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert win.deck.main == {"Murder": 2}
    assert [v.main_count for v in win.store.history(info.id)] == [1, 2, 1, 2]


def test_rename_and_reload_from_the_store(qtbot, win, db, tmp_path):
    win.add_card("Opt", 4)
    win.name_box.setFocus()
    win.name_box.selectAll()
    QTest.keyClicks(win.name_box, "Blue Cantrips")
    QTest.keyClick(win.name_box, Qt.Key.Key_Return)
    deck_id = win.deck_id
    assert win.store.info(deck_id).name == "Blue Cantrips"
    QTest.keyClick(win, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert win.deck.main == {} and win.name_box.text() == "Untitled"
    win.load_deck(deck_id)
    assert win.deck.main == {"Opt": 4} and win.name_box.text() == "Blue Cantrips"


def test_ctrl_f_focuses_the_search_box(qtbot, win):
    win.main_list.setFocus()
    QTest.keyClick(win, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert win.search_box.hasFocus()


def test_a_sealed_pool_becomes_a_limited_deck(qtbot, tmp_path):
    from test_decks_limited import make_set_db
    db = make_set_db()
    w = DeckBuilderWindow(db, DeckStore(tmp_path / "d.sqlite"))
    qtbot.addWidget(w)
    w.show()
    assert w.open_sealed("TST", 8)
    assert w.format_name == "limited" and w.deck.sideboard_count == 90 and w.deck.main == {}
    assert [x.kind for x in w.store.list(kind="pool")] == ["pool"]
    name = next(n for n in w.deck.sideboard if n.startswith("Test"))
    click_row(w.side_list, name)
    QTest.keyClick(w.side_list, Qt.Key.Key_S)                # from the pool into the deck
    assert w.deck.main == {name: 1}
    assert [p.rule for p in w.problems] == ["deck-size"]
    w.add_card(name, w.pool.main[name])                     # now one more than the pool holds
    assert any(p.rule == "pool" and p.card == name for p in w.problems)
    assert item_named(w.main_list, name).foreground(1).color().red() > 150


def test_drafting_with_the_keyboard_gives_a_limited_pool(qtbot, tmp_path):
    from test_decks_limited import make_set_db
    db = make_set_db()
    w = DeckBuilderWindow(db, DeckStore(tmp_path / "d.sqlite"))
    qtbot.addWidget(w)
    w.show()
    dw = w.start_draft("TST", 5)
    qtbot.waitExposed(dw)
    assert dw.status.text() == "Round 1 of 3, pick 1 (passing left)" and dw.pack.count() == 15
    dw.pack.setFocus()
    QTest.keyClick(dw.pack, Qt.Key.Key_Down)
    second = dw.pack.currentItem().data(Qt.ItemDataRole.UserRole)
    QTest.keyClick(dw.pack, Qt.Key.Key_Return)
    assert [c.name for c in dw.draft.picks[0]] == [second]
    assert dw.pack.count() == 14 and dw.status.text() == "Round 1 of 3, pick 2 (passing left)"
    for _ in range(14):
        QTest.keyClick(dw.pack, Qt.Key.Key_Return)
    assert dw.status.text() == "Round 2 of 3, pick 1 (passing right)"
    for _ in range(30):
        QTest.keyClick(dw.pack, Qt.Key.Key_Return)
    assert dw.draft.done
    assert w.format_name == "limited" and w.deck.sideboard_count == 45 and w.pool.main_count == 45


def test_filters_add_query_terms(qtbot, win):
    QTest.mouseClick(win.color_buttons["R"], Qt.MouseButton.LeftButton)
    QTest.mouseClick(win.color_buttons["G"], Qt.MouseButton.LeftButton)
    win.type_filter.setCurrentIndex(win.type_filter.findData("creature"))
    win.mv_filter.setCurrentIndex(win.mv_filter.findData("mv=2"))
    win.rarity_filter.setCurrentIndex(win.rarity_filter.findData("common"))
    QTest.keyClicks(win.set_filter, "M19")
    win.search_box.setFocus()
    QTest.keyClicks(win.search_box, "goblin")
    assert win.query() == "goblin c<=rg t:creature mv=2 r:common s:m19"
    QTest.mouseClick(win.color_buttons["R"], Qt.MouseButton.LeftButton)
    assert win.query().startswith("goblin c<=g ")


def test_the_type_filter_narrows_the_results(qtbot, win):
    search(qtbot, win, "damage")
    assert "Viashino Pyromancer" in result_names(win) and "Shock" in result_names(win)
    win.type_filter.setFocus()
    idx = win.type_filter.findData("creature")
    while win.type_filter.currentIndex() != idx:
        QTest.keyClick(win.type_filter, Qt.Key.Key_Down)
    assert win.query() == "damage t:creature"
    qtbot.waitUntil(lambda: result_names(win) == ["Viashino Pyromancer"], timeout=1000)


def drop(win, tree, mime):
    """Deliver a drag's enter and drop events as Qt's drag manager would."""
    import warnings

    from PySide6.QtCore import QPoint, QPointF
    from PySide6.QtGui import QDragEnterEvent, QDropEvent
    from PySide6.QtWidgets import QApplication
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        enter = QDragEnterEvent(QPoint(10, 10), Qt.DropAction.CopyAction | Qt.DropAction.MoveAction, mime,
                                Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(tree.viewport(), enter)
    if not enter.isAccepted():
        return False
    ev = QDropEvent(QPointF(10, 10), Qt.DropAction.CopyAction | Qt.DropAction.MoveAction, mime,
                    Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(tree.viewport(), ev)
    return ev.isAccepted()


def test_dropping_results_on_a_list_adds_them_and_between_lists_moves(qtbot, win):
    # QDrag.exec() does not run under the offscreen platform (NOTES.md): the drop is sent as the event Qt
    # would deliver, with the data the results list itself makes for the dragged items.
    search(qtbot, win, "damage")
    items = [it for it in (win.results.item(i) for i in range(win.results.count()))
             if it.data(Qt.ItemDataRole.UserRole) in ("Shock", "Lava Axe")]
    assert drop(win, win.main_list, win.results.mimeData(items))
    assert win.deck.main == {"Lava Axe": 1, "Shock": 1}
    assert drop(win, win.side_list, win.results.mimeData(items[:1]))
    assert win.deck.sideboard == {items[0].data(Qt.ItemDataRole.UserRole): 1}
    shock = item_named(win.main_list, "Shock")
    assert drop(win, win.side_list, win.main_list.mimeData([shock]))       # main -> sideboard moves one
    assert "Shock" not in win.deck.main and win.deck.sideboard["Shock"] >= 1
    from PySide6.QtCore import QMimeData
    plain = QMimeData()
    plain.setText("4 Shock")
    assert not drop(win, win.main_list, plain)


def test_an_old_version_can_be_restored_from_history(qtbot, win, monkeypatch):
    from PySide6.QtWidgets import QInputDialog
    win.add_card("Opt", 1)
    win.add_card("Opt", 1)
    win.add_card("Shock", 1)
    versions = win.store.history(win.deck_id)
    assert [v.main_count for v in versions] == [1, 2, 3]
    offered = []

    def pick(parent, title, label, items, *a):
        offered.extend(items)
        return next(i for i in items if i.startswith("1:")), True
    monkeypatch.setattr(QInputDialog, "getItem", pick)
    win.menu_actions["history"].trigger()
    assert offered[0].startswith("3:") and len(offered) == 3          # newest first
    assert win.deck.main == {"Opt": 1}
    assert win.store.load(win.deck_id).main == {"Opt": 1}


def test_charts_follow_the_deck(qtbot, win, tmp_path):
    """Issue 6: the mana curve, color pips and type counts as charts, updated live."""
    search(qtbot, win, "shock")
    QTest.keyClick(win.search_box, Qt.Key.Key_Return)
    QTest.keyClick(win.results, Qt.Key.Key_Return)
    QTest.keyClick(win.results, Qt.Key.Key_Return)
    charts = dict((title, bars) for title, bars in win.charts.bars())
    assert ("1", 2, "#8aa4c8") in charts["mana curve"]
    assert dict((c, v) for c, v, _ in charts["color pips"])["R"] == 2
    assert dict((t, v) for t, v, _ in charts["types"]) == {"Inst": 2}
    path = tmp_path / "charts.png"
    assert win.charts.grab().save(str(path)) and path.stat().st_size > 0


def test_legal_filter_hides_cards_banned_in_the_format(qtbot, win):
    """Issue 6: a format legality filter in the search (Eye of Ugin is banned in Modern 2016)."""
    win.format_box.setCurrentIndex(win.format_box.findData("modern-2016"))
    search(qtbot, win, "t:land")
    assert "Eye of Ugin" in result_names(win)
    QTest.mouseClick(win.legal_filter, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "Eye of Ugin" not in result_names(win), timeout=2000)
    assert "Forest" in result_names(win)
