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
    from app.application import MainWindow
    main = MainWindow()
    KEEP.append(main)
    qtbot.addWidget(main)
    table = main.play_limited(mine, bot, theirs)
    assert main.state == "table" and table.ctl.humans == ["you"]
    game = main.session.game
    assert sorted(game.players) == sorted(["you", "Seat 4 bot"])
    for name in game.players:                         # the 40 cards of each deck, in library and hand
        p = game.players[name]
        assert len(p.library) + len(p.hand) == 40


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
    monkeypatch.setattr(LimitedDialog, "ask", classmethod(lambda cls, *a: (["RIX", "XLN", "XLN"], 77)))
    monkeypatch.setattr(builder, "start_draft", lambda sets, seed: started.append((sets, seed)))
    builder.actions["draft"].trigger()
    assert started == [(["RIX", "XLN", "XLN"], 77)]


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
    qtbot.waitUntil(lambda: len(dw.draft.picks[0]) == 1, timeout=3000)
    assert scores[dw.draft.picks[0][0].name] >= max(scores.values()) - 0.011    # the card a bot would take
    assert dw.clock.text() == f"{PICK_SECONDS[1]} s" and dw.status.text().endswith("pick 2 (passing left)")


def test_the_pool_as_cards_grouped_by_colour_a_double_click_moves_one(qtbot, builder):
    assert builder.open_sealed("M19", 5)
    view = builder.pool_view
    assert builder.left_tabs.currentWidget() is view and view.isVisible()
    heads = [view.item(i).text() for i in range(view.count()) if not view.item(i).data(Qt.ItemDataRole.UserRole)]
    cards = [view.item(i) for i in range(view.count()) if view.item(i).data(Qt.ItemDataRole.UserRole)]
    assert heads and all("\n" in h and h.endswith("cards") for h in heads)
    assert sum(int(h.split("\n")[1].split()[0]) for h in heads) == 90
    assert len(cards) == len(builder.deck.sideboard)
    item = cards[0]
    name = item.data(Qt.ItemDataRole.UserRole)
    before = builder.deck.sideboard[name]
    _dclick(view, _item_point(view, item))
    assert builder.deck.main.get(name) == 1 and builder.deck.sideboard.get(name, 0) == before - 1
    assert builder.deck.sideboard_count == 89
    # the faces come a few at a time (the window answers meanwhile), each drawn once
    qtbot.waitUntil(lambda: not builder._icon_queue, timeout=20000)
    assert not view.item(1).icon().isNull()
    _shot(builder, "sealed-pool", (1280, 800))
    QTest.keyClick(builder, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert builder.left_tabs.currentIndex() == 0 and builder.search_box.hasFocus()
