"""Sealed and draft as a limited player meets them, with real mouse and keyboard events (pytest-qt):
a whole draft by mouse, the pool built into a legal deck by clicks, a game against a bot drafter;
the deck builder's search and preview (issue 25, issue 16 item 13)."""
from __future__ import annotations

import pathlib

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QInputDialog

from app.decks.window import DeckBuilderWindow
from engine.decks.store import DeckStore

from carddb_helpers import full_db  # noqa: F401  (fixture)

SHOTS = pathlib.Path(__file__).resolve().parent.parent / ".test-data" / "screenshots"
KEEP = []


@pytest.fixture
def builder(qtbot, full_db, tmp_path):  # noqa: F811
    w = DeckBuilderWindow(full_db, DeckStore(tmp_path / "decks.sqlite"))
    KEEP.append(w)
    qtbot.addWidget(w)
    w.resize(1280, 800)
    w.show()
    qtbot.waitExposed(w)
    return w


def _item_point(view, item) -> QPoint:
    view.scrollToItem(item)
    return view.visualItemRect(item).center()


def _pick_by_clicks(dw, index: int) -> str:
    """Click a card of the pack to look at it, click it again to take it."""
    item = dw.pack.item(index)
    name = item.data(Qt.ItemDataRole.UserRole)
    pos = _item_point(dw.pack, item)
    QTest.mouseClick(dw.pack.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    assert dw.preview.property("card") == name                  # the first click shows it large
    assert dw.draft.pack_for(dw.seat) is not None and len(dw.draft.picks[dw.seat]) == dw._picked
    QTest.mouseClick(dw.pack.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    dw._picked += 1
    return name


def _dclick(view, pos: QPoint) -> None:
    """A real double click: press/release, then the second press as a double click (Qt needs the first)."""
    QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    QTest.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=pos)


def _tree_cell(tree, item, col=1) -> QPoint:
    tree.scrollToItem(item)
    return tree.visualRect(tree.indexFromItem(item, col)).center()


def _find(tree, name):
    for i in range(tree.topLevelItemCount()):
        it = tree.topLevelItem(i)
        if it.data(1, Qt.ItemDataRole.UserRole) == name:
            return it
    raise AssertionError(f"{name} not in the list")


def _shot(widget, name: str, size: tuple[int, int]) -> pathlib.Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    widget.resize(*size)
    QTest.qWait(120)                     # the debounced card resize
    path = SHOTS / f"{name}-{size[0]}x{size[1]}.png"
    assert widget.grab().save(str(path))
    return path


def test_a_whole_draft_by_mouse_to_a_legal_deck_and_a_game(qtbot, builder, full_db, monkeypatch):  # noqa: F811
    dw = builder.start_draft("SOI", 20160408)
    KEEP.append(dw)
    qtbot.addWidget(dw)
    dw.resize(1280, 800)
    qtbot.waitExposed(dw)
    dw._picked = 0
    assert dw.pack.count() == 15 and dw.status.text() == "Round 1 of 3, pick 1 (passing left)"
    assert "Seat 1 of 8" in dw.seed_label.text() and "seed 20160408" in dw.seed_label.text()
    _shot(dw, "draft", (1280, 800))
    picked = []
    # the first pick by dragging the card onto the picks: the pack's drag data, delivered as Qt's drag
    # manager delivers it (enter, move, drop; QDrag.exec itself blocks offscreen)
    from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
    from PySide6.QtWidgets import QApplication
    item = dw.pack.item(0)
    first = item.data(Qt.ItemDataRole.UserRole)
    mime = dw.pack.mimeData([item])
    at = dw.picks.viewport().rect().center()
    for cls in (QDragEnterEvent, QDragMoveEvent, QDropEvent):
        QApplication.sendEvent(dw.picks.viewport(), cls(at, Qt.DropAction.MoveAction, mime, Qt.MouseButton.LeftButton,
                                                        Qt.KeyboardModifier.NoModifier))
    qtbot.waitUntil(lambda: len(dw.draft.picks[0]) == 1, timeout=2000)
    assert dw.draft.picks[0][0].name == first
    dw._picked = 1
    picked.append(first)
    # then 44 picks by clicking, each the card a player in two colours would take (the first shown)
    while not dw.draft.done:
        if len(picked) == 20:
            _shot(dw, "draft", (1920, 1080))
            dw.tabs.setCurrentIndex(1)
            _shot(dw, "draft-review", (1280, 800))
            dw.tabs.setCurrentIndex(0)
            dw.resize(1280, 800)
            QTest.qWait(120)
        picked.append(_pick_by_clicks(dw, 0))
    assert len(picked) == 45 == len(dw.draft.picks[0])
    # the picks grouped by colour, with a curve; the review lists every pick and what wheeled
    groups = [dw.picks.topLevelItem(i).text(0) for i in range(dw.picks.topLevelItemCount())]
    assert sum(int(g.rsplit("(", 1)[1].rstrip(")")) for g in groups) == 45
    rows = [dw.review.topLevelItem(i) for i in range(dw.review.topLevelItemCount())]
    assert len([r for r in rows if r.text(0)]) == 45
    assert any(r.text(1).startswith("wheeled: ") for r in rows)
    assert any(dw.wheeled(1, p) for p in range(9, 16))          # a pack's second lap shows its wheel

    # the pool reaches the deck builder as a limited deck, the pool in the sideboard
    assert builder.format_name == "limited" and builder.pool_mode
    assert builder.deck.sideboard_count == 45 and builder.deck.main_count == 0
    # build it by double-clicks: 23 spells of the two main colours move from the pool into the deck
    from engine.decks.limited import bot_deck
    plan = bot_deck(full_db, dw.draft.picks[0])
    spells = [n for n, k in plan.main.items() for _ in range(k) if n not in ("Plains", "Island", "Swamp",
                                                                             "Mountain", "Forest")]
    for name in spells:
        item = _find(builder.side_list, name)
        _dclick(builder.side_list, _tree_cell(builder.side_list, item))
    assert builder.deck.main_count == len(spells) and builder.deck.sideboard_count == 45 - len(spells)  # moved
    # one click per basic land
    lands = {n: k for n, k in plan.main.items() if n in ("Plains", "Island", "Swamp", "Mountain", "Forest")}
    for land, k in lands.items():
        for _ in range(k):
            QTest.mouseClick(builder.land_buttons[land], Qt.MouseButton.LeftButton)
    assert builder.deck.main_count == 40
    assert "Legal in" in builder.verdict.text(), [p.message for p in builder.problems]
    heads = [builder.pool_view.item(i).text() for i in range(builder.pool_view.count())
             if not builder.pool_view.item(i).data(Qt.ItemDataRole.UserRole)]
    counts = [int(h.split("\n")[1].split()[0]) for h in heads]   # the rest of the pool, by colour
    assert sum(counts) == builder.deck.sideboard_count and 1 in counts
    assert all(h.endswith("\n1 card" if n == 1 else " cards") for h, n in zip(heads, counts)), heads
    _shot(builder, "sealed-deck", (1280, 800))
    _shot(builder, "sealed-deck", (1920, 1080))

    # a game against a bot drafter's deck
    asked = []
    monkeypatch.setattr(QInputDialog, "getItem", lambda *a, **k: (a[3][2], True))
    builder.playRequested.connect(lambda mine, bot, theirs: asked.append((mine, bot, theirs)))
    assert builder.play_btn.isVisible()
    QTest.mouseClick(builder.play_btn, Qt.MouseButton.LeftButton)
    assert len(asked) == 1
    mine, bot, theirs = asked[0]
    assert len(mine) == 40 and len(theirs) == 40 and bot == "Seat 4 bot"
    import app.application
    from app.application import MainWindow
    monkeypatch.setattr(app.application, "new_seed", lambda: 3)      # the game's shuffles (fresh by default)
    main = MainWindow()
    KEEP.append(main)
    qtbot.addWidget(main)
    table = main.play_limited(mine, bot, theirs)
    assert main.state == "table" and table.ctl.humans == ["you"]
    assert main.ai_seat.seat == "Seat 4 bot" and main.ai_seat.ai.level.name == "medium"  # the AI plays the bot
    game = main.session.game
    assert sorted(game.players) == sorted(["you", "Seat 4 bot"])
    for name in game.players:                         # the 40 cards of each deck, in library and hand
        p = game.players[name]
        assert len(p.library) + len(p.hand) == 40
    # and play it: keep the hand and pass with Space until your first main phase, then drag a land out
    from table_mouse import drag, space
    for _ in range(80):
        qtbot.waitUntil(lambda: table.ctl.decision is not None, timeout=20000)     # the AI answers meanwhile
        d, v = table.ctl.decision, table.ctl.view()
        if d.kind == "priority" and v["active"] == "you" and v["step"] == "main1":
            break
        space(table)                                  # Keep, then pass / OK
    else:
        raise AssertionError("the game never reached your main phase")
    from app.table.items import CardItem
    land = next(it for it in table.scene.items() if isinstance(it, CardItem) and it.zone == "hand"
                and it.seat == "you" and it.name in BASICS)
    drag(table, land.sceneBoundingRect().center(), table.scene.zones[("lands", "you")].rect.center())
    assert [c["name"] for c in table.ctl.view()["battlefield"] if c["controller"] == "you"] == [land.name]
    _shot(main, "drafted-game", (1280, 800))
    main.ai_seat.stop()


def test_pool_cards_move_never_copy_and_the_search_shows_the_pool(qtbot, builder):
    assert builder.open_sealed("SOI", 7)
    pool = dict(builder.pool.all_counts())
    name = next(n for n, k in pool.items() if k == 1 and n not in ("Plains", "Island", "Swamp", "Mountain",
                                                                   "Forest"))
    item = _find(builder.side_list, name)
    builder.side_list.setFocus()
    QTest.mouseClick(builder.side_list.viewport(), Qt.MouseButton.LeftButton, pos=_tree_cell(builder.side_list, item))
    QTest.keyClick(builder.side_list, Qt.Key.Key_Return)                  # Enter moves it into the deck
    assert builder.deck.main == {name: 1} and name not in builder.deck.sideboard
    assert builder.deck.sideboard_count == 89
    item = _find(builder.main_list, name)
    _dclick(builder.main_list, _tree_cell(builder.main_list, item))
    assert builder.deck.main == {} and builder.deck.sideboard[name] == 1       # and back, never a copy
    # from the search: only the pool's cards, and adding one moves it
    builder.search_box.setFocus()
    QTest.keyClicks(builder.search_box, "t:creature")
    qtbot.waitUntil(lambda: builder.results.count() > 0, timeout=2000)
    shown = {builder.results.item(i).data(Qt.ItemDataRole.UserRole) for i in range(builder.results.count())}
    assert shown <= set(pool) and "in your pool" in builder.result_count.text()
    target = builder.results.item(0)
    tname = target.data(Qt.ItemDataRole.UserRole)
    for _ in range(pool[tname] + 1):                      # one more than the pool holds
        _dclick(builder.results, _item_point(builder.results, target))
    assert builder.deck.main[tname] == pool[tname] and tname not in builder.deck.sideboard
    assert "in the deck already" in builder.notice.text()
    assert not any(p.rule == "pool" for p in builder.problems)          # the deck never broke the pool
    # a card outside the pool is refused with the reason
    builder.take("Lightning Bolt", to_sideboard=False)
    assert "not in your pool" in builder.notice.text() and "Lightning Bolt" not in builder.deck.main
    # Delete on a deck card puts it back into the pool
    builder.main_list.setFocus()
    builder.main_list.setCurrentItem(_find(builder.main_list, tname))
    QTest.keyClick(builder.main_list, Qt.Key.Key_Delete)
    assert tname not in builder.deck.main and builder.deck.sideboard[tname] == pool[tname]


def _search(qtbot, w, text):
    w.search_box.setFocus()
    w.search_box.selectAll()
    QTest.keyClicks(w.search_box, text)
    qtbot.waitUntil(lambda: not w._search_timer.isActive(), timeout=2000)     # the search ran
    QTest.qWait(20)
    return [w.results.item(i).data(Qt.ItemDataRole.UserRole) for i in range(w.results.count())]


def test_search_by_relevance_without_alchemy_or_doubled_names(qtbot, builder):
    names = _search(qtbot, builder, "bolt")
    assert names[0] == "Lightning Bolt"
    assert builder.preview.property("card") == "Lightning Bolt"            # the first result, shown large
    assert "Lightning Bolt deals 3 damage" in builder.preview_text.text()
    assert builder.preview.pixmap() is not None and builder.preview.pixmap().width() >= 200
    names = _search(qtbot, builder, "jace beleren")
    assert names == ["Jace Beleren"]                                    # not "Jace Beleren // Jace Beleren"
    names = _search(qtbot, builder, "t:creature c:r")
    assert names and not any(n.startswith("A-") for n in names)
    names = _search(qtbot, builder, "lightnig bolt")
    assert names == [] and builder.suggestion.isVisible()
    assert "Did you mean" in builder.suggestion.text() and "Lightning Bolt" in builder.suggestion.text()
    builder.suggestion.linkActivated.emit("Lightning Bolt")             # the link a click follows
    assert [builder.results.item(i).data(Qt.ItemDataRole.UserRole) for i in range(builder.results.count())] \
        == ["Lightning Bolt"]


def test_deck_list_names_are_not_cut(qtbot, builder):
    long = "Avacynian Missionaries // Lunarch Inquisitors"
    builder.add_card(long)
    builder.add_card("Lightning Bolt")
    item = _find(builder.main_list, long)
    fm = builder.main_list.fontMetrics()
    rect = builder.main_list.visualRect(builder.main_list.indexFromItem(item, 1))
    assert rect.width() >= fm.horizontalAdvance(long)
    _shot(builder, "deck-builder", (1280, 800))


def test_the_dialogs_offer_a_fresh_seed_and_take_mixed_sets(qtbot, builder, monkeypatch):
    from app.decks.window import LimitedDialog
    d1, d2 = LimitedDialog(builder, "Draft", "Sets"), LimitedDialog(builder, "Draft", "Sets")
    assert d1.seed.value() != d2.seed.value() and d1.seed.value() > 0
    from PySide6.QtWidgets import QPushButton
    before = d1.seed.value()
    QTest.mouseClick(d1.findChild(QPushButton, "newSeed"), Qt.MouseButton.LeftButton)
    assert d1.seed.value() != before
    QTest.keyClicks(d1.sets, "rix xln, xln")
    assert d1.set_codes() == ["RIX", "XLN", "XLN"]
    started = []
    def answer(dlg):                                      # what a person types into the draft dialog
        assert dlg.people.isVisibleTo(dlg)                  # the draft dialog asks how many people draft
        QTest.keyClicks(dlg.sets, "RIX XLN XLN")
        dlg.seed.setValue(77)
        dlg.people.setValue(2)
        return 1
    monkeypatch.setattr(LimitedDialog, "exec", answer)
    monkeypatch.setattr(builder, "start_draft", lambda sets, seed, people=1: started.append((sets, seed, people)))
    builder.menu_actions["draft"].trigger()
    assert started == [(["RIX", "XLN", "XLN"], 77, 2)]
    from app.decks.window import drafter_seats
    assert drafter_seats(1) == (0,) and drafter_seats(2) == (0, 4) and drafter_seats(3) == (0, 2, 5)


def test_the_dialog_lists_the_sets_that_open_and_a_click_adds_one(qtbot, builder, monkeypatch):
    from app.decks.window import LimitedDialog
    seen = []

    def answer(dlg):                                       # a player who does not know the codes clicks them
        seen.append(dlg)
        items = {dlg.choices.item(i).data(Qt.ItemDataRole.UserRole): dlg.choices.item(i)
                 for i in range(dlg.choices.count())}
        assert dlg.choices.isVisibleTo(dlg) and {"SOI", "EMN", "DTK", "ORI", "BFZ", "OGW", "M19"} <= set(items)
        assert "TSB" not in items and "DDC" not in items
        assert items["SOI"].text().startswith("SOI  Shadows over Innistrad (2016)")
        dlg.show()
        for code in ("SOI", "SOI", "EMN"):
            QTest.mouseClick(dlg.choices.viewport(), Qt.MouseButton.LeftButton, pos=_item_point(dlg.choices,
                                                                                                  items[code]))
        assert dlg.sets.text() == "SOI SOI EMN"
        dlg.seed.setValue(8)
        _shot(dlg, "draft-dialog", (560, 560))
        return 1
    monkeypatch.setattr(LimitedDialog, "exec", answer)
    started = []
    monkeypatch.setattr(builder, "start_draft", lambda sets, seed, people=1: started.append((sets, seed)))
    builder.menu_actions["draft"].trigger()
    assert started == [(["SOI", "SOI", "EMN"], 8)] and seen


def test_the_pick_timer_picks_for_you_when_time_is_up(qtbot, full_db):  # noqa: F811
    from app.decks.draft import PICK_SECONDS, DraftWidget
    dw = DraftWidget(full_db, "DTK", 11)
    KEEP.append(dw)
    qtbot.addWidget(dw)
    dw.show()
    qtbot.waitExposed(dw)
    assert dw.clock.text() == ""                                   # off by default
    dw.timer_box.setFocus()
    QTest.keyClick(dw.timer_box, Qt.Key.Key_Down)                   # "on"
    assert dw.clock.text() == f"{PICK_SECONDS[0]} s"
    from engine.decks.ratings import rate_card
    pack = dw.draft.pack_for(0).cards
    scores = {c.name: rate_card(full_db.get(c.name), c.rarity) for c in pack}
    dw._left = 1                                                    # (not 40 real seconds)
    qtbot.waitUntil(lambda: len(dw.draft.picks[0]) == 1, timeout=15000)   # a 1 s tick; slow on a loaded machine
    assert scores[dw.draft.picks[0][0].name] >= max(scores.values()) - 0.011    # the card a bot would take
    assert dw.clock.text() == f"{PICK_SECONDS[1]} s" and dw.status.text().endswith("pick 2 (passing left)")


def test_the_pool_as_cards_grouped_by_colour_a_double_click_moves_one(qtbot, builder):
    assert builder.open_sealed("M19", 5)
    view = builder.pool_view
    assert builder.left_tabs.currentWidget() is view and view.isVisible()
    heads = [view.item(i).text() for i in range(view.count()) if not view.item(i).data(Qt.ItemDataRole.UserRole)]
    cards = [view.item(i) for i in range(view.count()) if view.item(i).data(Qt.ItemDataRole.UserRole)]
    assert heads and all("\n" in h and (h.endswith(" cards") or h.endswith("\n1 card")) for h in heads)
    assert sum(int(h.split("\n")[1].split()[0]) for h in heads) == 90
    assert len(cards) == len(builder.deck.sideboard)
    item = cards[0]
    name = item.data(Qt.ItemDataRole.UserRole)
    before = builder.deck.sideboard[name]
    _dclick(view, _item_point(view, item))
    assert builder.deck.main.get(name) == 1 and builder.deck.sideboard.get(name, 0) == before - 1
    assert builder.deck.sideboard_count == 89
    # the faces come a few at a time (the window answers meanwhile), each drawn once
    qtbot.waitUntil(lambda: not builder._icon_queue, timeout=60000)  # faces drawn a few per tick
    assert not view.item(1).icon().isNull()
    # a foil opened in a booster is shown as one (a rainbow edge, "foil" in its tooltip), and kept when saved
    assert builder.pool.foils == {"Volcanic Dragon": 1}
    foil = next(view.item(i) for i in range(view.count()) if view.item(i).data(Qt.ItemDataRole.UserRole)
                == "Volcanic Dragon")
    assert "Volcanic Dragon (uncommon, foil)" in foil.toolTip()                  # an M19 uncommon
    plain = next(view.item(i) for i in range(view.count()) if view.item(i).data(Qt.ItemDataRole.UserRole)
                 not in (None, "Volcanic Dragon"))
    assert "foil" not in plain.toolTip()
    assert builder.store.load(builder.pool_id).foils == {"Volcanic Dragon": 1}
    _shot(builder, "sealed-pool", (1280, 800))
    _shot(builder, "sealed-pool", (1920, 1080))
    QTest.keyClick(builder, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert builder.left_tabs.currentIndex() == 0 and builder.search_box.hasFocus()


def test_printing_for_a_set_chooses_that_printing(monkeypatch):
    """A booster's card shows its set's symbol and rarity, not the card's newest printing."""
    from types import SimpleNamespace

    from app.cards import render
    rows = [SimpleNamespace(set_code="m10", rarity="uncommon"), SimpleNamespace(set_code="soi", rarity="common"),
            SimpleNamespace(set_code="m19", rarity="rare")]
    monkeypatch.setattr(render, "_db", SimpleNamespace(printings=lambda name: rows))
    render.printing_for.cache_clear()
    try:
        assert render.printing_for("Shock") == ("M19", "rare")              # no set asked: the newest
        assert render.printing_for("Shock", "SOI") == ("SOI", "common")
        assert render.printing_for("Shock", "m10") == ("M10", "uncommon")
        assert render.printing_for("Shock", "DTK") == ("M19", "rare")       # not printed there: the newest
    finally:
        render.printing_for.cache_clear()


def test_draft_and_pool_faces_ask_for_the_boosters_set(qtbot, builder, full_db, monkeypatch):  # noqa: F811
    from app.cards import render
    calls = []
    real = render.card_pixmap

    def spy(name, w, h, set_code=""):
        calls.append((name, set_code))
        return real(name, w, h, set_code)
    monkeypatch.setattr(render, "card_pixmap", spy)
    from app.decks.draft import DraftWidget
    dw = DraftWidget(full_db, ["DTK", "ORI", "ORI"], 3)
    KEEP.append(dw)
    qtbot.addWidget(dw)
    pack = {c.name for c in dw.draft.pack_for(0).cards}
    asked = {n: s for n, s in calls if n in pack}
    assert set(asked) == pack and set(asked.values()) == {"DTK"}
    calls.clear()
    item = dw.pack.item(0)
    QTest.mouseClick(dw.pack.viewport(), Qt.MouseButton.LeftButton, pos=_item_point(dw.pack, item))
    assert (item.data(Qt.ItemDataRole.UserRole), "DTK") in calls           # the large preview too
    # a sealed pool of two sets: each face asks for the set its booster came from
    assert builder.open_sealed(["DTK", "DTK", "DTK", "ORI", "ORI", "ORI"], 9)
    qtbot.waitUntil(lambda: not builder._icon_queue, timeout=60000)  # faces drawn a few per tick
    printed = builder.deck.printings
    pool_calls = {n: s for n, s in calls if n in builder.deck.sideboard}
    assert pool_calls and all(s == printed[n][0] for n, s in pool_calls.items())
    assert {s for s in pool_calls.values()} == {"DTK", "ORI"}
    # a basic land from the land buttons shows the pool's set (its main set), not the newest printing
    calls.clear()
    land = next(n for n in BASICS if n not in builder.pool.printings)
    QTest.mouseClick(builder.land_buttons[land], Qt.MouseButton.LeftButton)
    assert builder.deck.main.get(land) == 1
    builder.show_preview(land)
    sets = [s for s, _n in builder.pool.printings.values()]
    main_set = max(set(sets), key=sets.count)
    assert (land, main_set) in calls


BASICS = ("Plains", "Island", "Swamp", "Mountain", "Forest")


def _build_by_clicks(builder, full_db, picks) -> None:  # noqa: F811
    """Double-click the spells a two-colour player keeps from the pool into the deck, then one click per basic."""
    from engine.decks.limited import bot_deck
    plan = bot_deck(full_db, picks)
    for name, k in plan.main.items():
        for _ in range(k):
            if name in BASICS:
                QTest.mouseClick(builder.land_buttons[name], Qt.MouseButton.LeftButton)
            else:
                item = _find(builder.side_list, name)
                _dclick(builder.side_list, _tree_cell(builder.side_list, item))
    assert builder.deck.main_count == 40 and "Legal in" in builder.verdict.text(), builder.verdict.text()


def test_two_people_draft_at_one_screen_save_their_decks_and_play_each_other(
        qtbot, builder, full_db, monkeypatch):  # noqa: F811
    from PySide6.QtWidgets import QMessageBox
    dw = builder.start_draft("DTK", 5, people=2)
    KEEP.append(dw)
    qtbot.addWidget(dw)
    dw.resize(1280, 800)
    qtbot.waitExposed(dw)
    assert dw.humans == [0, 4] and dw.seat == 0 and not dw.covered
    assert "Seat 1's pick" in dw.seed_label.text()
    picks, seats = 0, []
    while not dw.draft.done:
        if dw.covered:
            # between two people the screen hides the pack and the picks: nobody sees the other's cards
            assert dw.pack.count() == 0 and dw.picks.topLevelItemCount() == 0 and dw.review.topLevelItemCount() == 0
            assert f"Seat {dw.seat + 1}: your pick" in dw.handoff.text()
            if picks == 1:
                _shot(dw, "draft-handoff", (1280, 800))
            QTest.mouseClick(dw.handoff, Qt.MouseButton.LeftButton)
            assert not dw.covered
        seat = dw.seat
        seats.append(seat)
        assert [dw.pack.item(i).data(Qt.ItemDataRole.UserRole) for i in range(dw.pack.count())] \
            == dw.draft.pack_for(seat).names()
        assert f"Seat {seat + 1}'s pick" in dw.seed_label.text()
        before = len(dw.draft.picks[seat])
        if picks % 2 == 0:                                 # two clicks: look, then take
            item = dw.pack.item(0)
            pos = _item_point(dw.pack, item)
            QTest.mouseClick(dw.pack.viewport(), Qt.MouseButton.LeftButton, pos=pos)
            QTest.mouseClick(dw.pack.viewport(), Qt.MouseButton.LeftButton, pos=pos)
        else:                                               # or the keyboard: Enter takes the chosen card
            dw.pack.setFocus()
            QTest.keyClick(dw.pack, Qt.Key.Key_Return)
        assert len(dw.draft.picks[seat]) == before + 1
        picks += 1
    assert picks == 90 and seats[:4] == [0, 4, 0, 4]
    assert len(dw.draft.picks[0]) == len(dw.draft.picks[4]) == 45

    # both pools saved; the first person builds first, then "Next drafter's deck" gives the second theirs
    store = builder.store
    assert len(store.list(kind="pool")) == 2
    assert builder.draft_seat == 0 and builder.deck.sideboard_count == 45 and builder.next_drafter_btn.isVisible()
    _build_by_clicks(builder, full_db, dw.draft.picks[0])
    first_main = dict(builder.deck.main)
    # a game against the other person refused while they have no deck, and saying why
    warned = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _p, title, text: warned.append((title, text)))
    choices = []

    def choose(_parent, _title, _label, labels, *_a, **_k):
        choices.append(list(labels))
        return next(x for x in labels if "a person" in x), True
    monkeypatch.setattr(QInputDialog, "getItem", choose)
    asked = []
    builder.hotseatRequested.connect(lambda *a: asked.append(a))
    QTest.mouseClick(builder.play_btn, Qt.MouseButton.LeftButton)
    assert choices[-1][0] == "Seat 5: a person (hotseat)" and len(choices[-1]) == 7   # the person, six bots
    assert not any(label.startswith("Seat 1:") for label in choices[-1])
    assert asked == [] and "has not built a deck" in warned[-1][1]

    QTest.mouseClick(builder.next_drafter_btn, Qt.MouseButton.LeftButton)
    assert builder.draft_seat == 4 and builder.deck.main_count == 0 and builder.deck.sideboard_count == 45
    assert set(builder.pool.all_counts()) == {c.name for c in dw.draft.picks[4]}
    _build_by_clicks(builder, full_db, dw.draft.picks[4])
    QTest.mouseClick(builder.play_btn, Qt.MouseButton.LeftButton)
    assert choices[-1][0] == "Seat 1: a person (hotseat)"
    assert len(asked) == 1
    me, mine, them, theirs = asked[0]
    assert (me, them) == ("Seat 5", "Seat 1") and len(mine) == len(theirs) == 40
    assert sorted(theirs) == sorted(n for n, k in first_main.items() for _ in range(k))

    # the decks are saved as decks (what the LAN lobby offers), each with its pool
    decks = [d for d in store.list() if d.format == "limited"]
    assert sorted(d.main_count for d in decks) == [40, 40] and all(d.pool_id for d in decks)
    assert {store.load(d.pool_id).name for d in decks} == {dw.draft.pool(0).name, dw.draft.pool(4).name}
    # and the LAN lobby's deck list (app.deckchoice, the player's saved decks) offers both, legal with their pools
    import engine.decks.store as store_module
    from app.deckchoice import store_choices
    monkeypatch.setattr(store_module, "default_path", lambda: store.path)
    offered = {c.title: c for c in store_choices() if c.format == "limited"}
    assert sorted(offered) == sorted(f"Deck: {d.name}" for d in decks)
    assert all(c.problem == "" and len(c.cards) == 40 for c in offered.values()), offered
    # switching back shows the first person's saved deck
    QTest.mouseClick(builder.next_drafter_btn, Qt.MouseButton.LeftButton)
    assert builder.draft_seat == 0 and builder.deck.main == first_main and builder.pool_mode

    # the hotseat game: both people at the table, each with their 40 cards
    from app.application import MainWindow
    main = MainWindow()
    KEEP.append(main)
    qtbot.addWidget(main)
    table = main.play_hotseat(me, mine, them, theirs)
    assert main.state == "table" and sorted(table.ctl.humans) == ["Seat 1", "Seat 5"]
    game = main.session.game
    for name in ("Seat 1", "Seat 5"):
        p = game.players[name]
        assert len(p.library) + len(p.hand) == 40
    # a new sealed pool leaves the draft: no drafters to switch to or play
    assert builder.open_sealed("DTK", 2)
    assert not builder.next_drafter_btn.isVisible() and not builder.play_btn.isVisible()
    assert builder.drafter_pools == {} and builder.bot_decks() == {}


def test_chart_labels_shorten_to_fit_their_bars(qtbot):
    """The draft's picks panel is narrow: a type's label shortens so that it never runs into the next."""
    from app.decks.charts import DeckCharts
    c = DeckCharts()
    qtbot.addWidget(c)
    fm = c.fontMetrics()
    assert c.fit_label("Creature", 1000) == "Creature"
    for width in (12, 20, 30, 45):
        for label in ("Arti", "Crea", "Ench", "Inst", "Plan", "Sorc"):
            short = c.fit_label(label, width)
            assert short and label.startswith(short)
            assert fm.horizontalAdvance(short) <= width or len(short) == 1
    assert c.fit_label("Crea", fm.horizontalAdvance("Cr")) == "Cr"
