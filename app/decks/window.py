"""The deck builder window: search, build, validate live, import/export, save/load, sealed pools.

Usable standalone (``python -m app.decks``) or from the main window:

    from app.decks.window import DeckBuilderWindow
    w = DeckBuilderWindow(db)            # db: engine.cards.db.CardDatabase (or any CardSource with search)
    w.show()

All deck logic lives in engine.decks; this module only shows it. Keyboard:

    Ctrl+F          focus the search box          Enter (in the search box)  go to the results
    Enter, double-click on a result: add one to the main deck; Shift+Enter: to the sideboard;
    or drag results onto either list, and cards between the lists
    In the main deck and sideboard lists:
      + / -         one copy more / less          Delete   remove the card
      S             move one copy to the other list
      C             make the card the commander
      P             make the card the second commander, its partner (a later rule: Partner)
    Ctrl+N new, Ctrl+O open, Ctrl+S save, Ctrl+I import, Ctrl+E export, Ctrl+Z undo, Ctrl+Shift+Z redo

Search results come by relevance (app.decks.ranking: "bolt" puts Lightning Bolt first),
without Alchemy "A-" cards or a reversible card's doubled name; a search that finds
nothing suggests the nearest card names. The selected card is shown large on the right.

A limited deck (a sealed pool or a draft: the format "limited" with a pool) is built by
moving cards: the pool is the sideboard, and a double-click, Enter, + or - MOVES a card
between the pool and the deck, never copies it (a move the pool cannot make is refused,
and says why); a search shows only the pool's cards; basic lands come from the row of
land buttons, one click each. After a draft, "Play against a drafter" builds a bot's
deck from its picks and asks for a game against it (``playRequested``).

A draft of several people at one screen (the draft dialog's "People drafting") ends with
every person's pool saved, and each person's deck saved as they build it ("Next drafter's
deck" switches between them), so that any of them can take their deck to a LAN game (the
lobby offers the saved decks); "Play against a drafter" offers the other people too, for a
hotseat game of two built decks (``hotseatRequested``).
"""
from __future__ import annotations

import json
import pathlib
from typing import Any

from PySide6.QtCore import QEvent, QMimeData, QObject, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QBrush, QColor, QDropEvent, QIcon, QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QLineEdit,
    QListView,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTabWidget,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.cards import render
from app.decks.charts import DeckCharts
from app.decks.draft import card_icon, color_group
from app.decks.ranking import rank_names, single_name, visible_names
from app.widgets import named
from engine.decks.carddb import is_basic_land
from engine.decks.files import DeckFileError, read_deck, write_deck
from engine.decks.format import FormatError, load_formats, user_formats_dir
from engine.decks.limited import LimitedError, booster_sets, bot_deck, new_seed, sealed_pool
from engine.decks.model import Deck
from engine.decks.validate import Problem, Validator

from .draft import DraftWidget

NAME_ROLE = Qt.ItemDataRole.UserRole
SEARCH_LIMIT = 300
ERROR_COLOR = QColor(200, 30, 30)
WARNING_COLOR = QColor(190, 120, 0)
DECK_FILTER = "Deck files (*.txt *.dek *.cod *.dck);;All files (*)"
EXPORT_FILTER = ("Plain text (*.txt);;MTG Arena (*.arena.txt);;MTGO (*.dek);;Cockatrice (*.cod)")
BASIC_LANDS = (("W", "Plains"), ("U", "Island"), ("B", "Swamp"), ("R", "Mountain"), ("G", "Forest"))
RARITY_LETTER = {"common": "C", "uncommon": "U", "rare": "R", "mythic": "M", "basic": "L", "special": "S"}
RARITY_COLORS = {"C": QColor(40, 40, 40), "U": QColor(110, 125, 140), "R": QColor(176, 141, 30),
                 "M": QColor(214, 80, 25), "S": QColor(123, 63, 160)}
SORTS = (("mv", "Sort: mana value"), ("color", "Sort: colour, then mana value"), ("rarity", "Sort: rarity"),
         ("name", "Sort: name"))
PREVIEW_W, PREVIEW_H = 250, 349
POOL_CARD = QSize(104, 145)
POOL_GROUPS = (("W", "White"), ("U", "Blue"), ("B", "Black"), ("R", "Red"), ("G", "Green"), ("M", "Multicolour"),
               ("C", "Colourless"), ("L", "Lands"))


CARDS_MIME = "application/x-manatable-cards"


def _cards_mime(names: list[str], source: str) -> QMimeData:
    data = QMimeData()
    data.setData(CARDS_MIME, json.dumps({"names": names, "from": source}).encode("utf-8"))
    data.setText("\n".join(names))
    return data


class CardResultList(QListWidget):
    """The search results: dragging cards out carries their names."""

    def mimeTypes(self) -> list[str]:
        return [CARDS_MIME]

    def mimeData(self, items) -> QMimeData:
        return _cards_mime([it.data(NAME_ROLE) for it in items], "results")


class DeckTree(QTreeWidget):
    """A deck list (main or sideboard): drag cards out to the other list, drop cards in."""

    def mimeTypes(self) -> list[str]:
        return [CARDS_MIME]

    def mimeData(self, items) -> QMimeData:
        return _cards_mime([it.data(1, NAME_ROLE) for it in items], self.objectName())


class DeckBuilderWindow(QMainWindow):
    """A deck builder over a card database (engine.decks.carddb.CardSource with search)."""

    deckChanged = Signal()
    validated = Signal(list)          # list[Problem]
    # a game against a bot's deck: (your deck's card names, the bot's name, the bot's card names)
    playRequested = Signal(list, str, list)
    # a hotseat game of two people's decks: (first name, its card names, second name, its card names)
    hotseatRequested = Signal(str, list, str, list)

    def __init__(self, db: Any, store: Any = None, parent: QWidget | None = None, *,
                 formats: dict | None = None, format_name: str = "casual"):
        super().__init__(parent)
        self.db = db
        self.store = store                 # engine.decks.store.DeckStore: autosave on every change when given
        self.deck_id: int | None = None
        self.deck = Deck(name="Untitled")
        self.pool: Deck | None = None
        self.problems: list[Problem] = []
        self._undo: list[str] = []
        self._redo: list[str] = []
        self.draft_result: Any = None       # the finished Draft (engine.decks.limited), for games vs its bots
        self.draft_seat = 0
        self.pool_id: int | None = None       # the stored pool of the limited deck shown (saved with it)
        self.drafter_pools: dict[int, tuple[Deck, int | None]] = {}   # person's seat -> (pool, stored pool id)
        self.drafter_decks: dict[int, int] = {}                      # person's seat -> stored deck id
        self._rarity: dict[tuple[str, str], str] = {}
        try:
            self.formats = formats or load_formats([user_formats_dir()])
        except FormatError:
            self.formats = load_formats()
        self._validators: dict[str, Validator] = {}
        self.setWindowTitle("Deck builder")
        self.resize(1200, 760)
        self._build_ui()
        self._build_actions()
        if format_name in self.formats:
            self.format_box.setCurrentIndex(self.format_box.findData(format_name))
        self._search_timer = QTimer(self, singleShot=True, interval=0)
        self._search_timer.timeout.connect(self.run_search)
        self.search_box.textChanged.connect(lambda _t: self._search_timer.start())
        self.refresh()

    # -- the widgets -----------------------------------------------------------------
    def _build_ui(self) -> None:
        left = QWidget()
        lv = QVBoxLayout(left)
        self.search_box = named(QLineEdit(), "search")
        self.search_box.setPlaceholderText('Search cards: bolt, t:creature c:r mv<=2, o:"draw a card", s:m19 ...')
        self.search_box.setClearButtonEnabled(True)
        filters = QHBoxLayout()
        self.color_buttons: dict[str, QPushButton] = {}
        for c in "WUBRGC":
            b = named(QPushButton(c), f"color{c}", checkable=True)
            b.setFixedWidth(28)
            b.setToolTip({"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green",
                          "C": "colorless"}[c] + " (cards within the chosen colors)")
            b.toggled.connect(lambda _on: self._search_timer.start())
            self.color_buttons[c] = b
            filters.addWidget(b)
        self.type_filter = named(QComboBox(), "typeFilter")
        self.mv_filter = named(QComboBox(), "mvFilter")
        self.rarity_filter = named(QComboBox(), "rarityFilter")
        self.set_filter = named(QLineEdit(), "setFilter")
        self.set_filter.setPlaceholderText("set")
        self.set_filter.setFixedWidth(52)
        for box, first, values in ((self.type_filter, "any type", ["creature", "instant", "sorcery", "artifact",
                                                                     "enchantment", "planeswalker", "land"]),
                                   (self.mv_filter, "any mana value", [f"mv={i}" for i in range(7)] + ["mv>=7"]),
                                   (self.rarity_filter, "any rarity", ["common", "uncommon", "rare", "mythic"])):
            box.addItem(first, "")
            for v in values:
                box.addItem(v, v)
            box.currentIndexChanged.connect(lambda _i: self._search_timer.start())
            box.setMinimumContentsLength(6)
            box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        filters.addStretch(1)
        filters2 = QHBoxLayout()          # a second row, so that the search column stays narrow at 1280
        for box in (self.type_filter, self.mv_filter, self.rarity_filter):
            filters2.addWidget(box, 1)
        self.set_filter.textChanged.connect(lambda _t: self._search_timer.start())
        filters2.addWidget(self.set_filter)
        self.legal_filter = named(QCheckBox("legal"), "legalFilter")
        self.legal_filter.setToolTip("only cards legal in the deck's format (banned lists, sets, card types)")
        self.legal_filter.toggled.connect(lambda _on: self._search_timer.start())
        filters.insertWidget(filters.count() - 1, self.legal_filter)
        self.search_error = named(QLabel(), "searchError")
        self.search_error.setStyleSheet("color: #c81e1e")
        self.search_error.hide()
        self.suggestion = named(QLabel(), "suggestion")
        self.suggestion.setTextFormat(Qt.TextFormat.RichText)
        self.suggestion.linkActivated.connect(self._use_suggestion)
        self.suggestion.hide()
        self.results = named(CardResultList(), "results")
        self.results.setDragEnabled(True)
        self.results.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        self.results.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.results.itemDoubleClicked.connect(lambda it: self.activate(it.data(NAME_ROLE), False, "results"))
        self.results.currentItemChanged.connect(lambda it, _o: self.show_preview(it.data(NAME_ROLE)) if it else None)
        self.result_count = named(QLabel(), "resultCount")
        row = QHBoxLayout()
        self.add_main_btn = named(QPushButton("Add to deck"), "addMain")
        self.add_side_btn = named(QPushButton("Add to sideboard"), "addSide")
        self.add_main_btn.clicked.connect(lambda: self._add_selected_results(False))
        self.add_side_btn.clicked.connect(lambda: self._add_selected_results(True))
        row.addWidget(self.add_main_btn)
        row.addWidget(self.add_side_btn)
        lv.addWidget(self.search_box)
        lv.addLayout(filters)
        lv.addLayout(filters2)
        for w in (self.search_error, self.suggestion, self.results, self.result_count):
            lv.addWidget(w)
        lv.addLayout(row)

        right = QWidget()
        rv = QVBoxLayout(right)
        top = QHBoxLayout()
        self.name_box = named(QLineEdit(), "deckName")
        self.name_box.setPlaceholderText("Deck name")
        self.name_box.editingFinished.connect(self._rename)
        self.format_box: QComboBox = named(QComboBox(), "format")
        for name, fmt in sorted(self.formats.items()):
            self.format_box.addItem(fmt.label, name)
            self.format_box.setItemData(self.format_box.count() - 1, fmt.description, Qt.ItemDataRole.ToolTipRole)
        self.format_box.currentIndexChanged.connect(lambda _i: self._format_changed())
        top.addWidget(QLabel("Name:"))
        top.addWidget(self.name_box, 1)
        top.addWidget(QLabel("Format:"))
        top.addWidget(self.format_box)
        rv.addLayout(top)

        cmd_row = QHBoxLayout()
        self.commander_label = named(QLabel("Commander: none"), "commander")
        self.clear_commander_btn = named(QPushButton("Clear commanders"), "clearCommander")
        self.clear_commander_btn.clicked.connect(lambda: self.set_commander(None))
        cmd_row.addWidget(self.commander_label, 1)
        cmd_row.addWidget(self.clear_commander_btn)
        rv.addLayout(cmd_row)

        lists = QSplitter(Qt.Orientation.Horizontal)
        self.main_list = self._deck_tree("main")
        self.side_list = self._deck_tree("sideboard")
        self.main_title = named(QLabel("Main deck"), "mainTitle")
        self.side_title = named(QLabel("Sideboard"), "sideTitle")
        for title, tree in ((self.main_title, self.main_list), (self.side_title, self.side_list)):
            column = QWidget()
            bl = QVBoxLayout(column)
            bl.setContentsMargins(0, 0, 0, 0)
            bl.addWidget(title)
            bl.addWidget(tree)
            lists.addWidget(column)
        lists.setSizes([500, 260])
        rv.addWidget(lists, 1)

        btns = QHBoxLayout()
        for label, name, slot in (
            ("+", "plus", lambda: self._on_current(lambda n, s: self.add_card(n, sideboard=s))),
            ("-", "minus", lambda: self._on_current(lambda n, s: self.remove_card(n, sideboard=s))),
            ("Move", "move", lambda: self._on_current(self.move_card)),
            ("Make commander", "makeCommander", lambda: self._on_current(lambda n, s: self.set_commander(n))),
            ("Make partner", "makePartner", lambda: self._on_current(lambda n, s: self.set_partner(n))),
        ):
            b = named(QPushButton(label), name)
            b.clicked.connect(slot)
            btns.addWidget(b)
        btns.addStretch(1)
        self.sort_box = named(QComboBox(), "sortBy")
        self.sort_box.setMinimumContentsLength(10)
        self.sort_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        for key, label in SORTS:
            self.sort_box.addItem(label, key)
        self.sort_box.currentIndexChanged.connect(lambda _i: self.refresh())
        btns.addWidget(self.sort_box)
        rv.addLayout(btns)
        lands = QHBoxLayout()
        lands.addWidget(QLabel("Basic lands:"))
        self.land_buttons: dict[str, QPushButton] = {}
        for c, land in BASIC_LANDS:
            b = named(QPushButton(f"+ {land}"), f"basic{land}")
            b.setToolTip(f"one {land} into the main deck (basic lands are not taken from a limited pool)")
            b.clicked.connect(lambda _c=False, n=land: self.add_card(n))
            lands.addWidget(b)
            self.land_buttons[land] = b
        lands.addStretch(1)
        rv.addLayout(lands)
        self.stats_label = named(QLabel(), "stats")
        self.stats_label.setWordWrap(True)
        rv.addWidget(self.stats_label)
        self.charts = DeckCharts()
        rv.addWidget(self.charts)
        verdict_row = QHBoxLayout()
        self.verdict = named(QLabel(), "verdict")
        verdict_row.addWidget(self.verdict, 1)
        self.play_btn = named(QPushButton("Play against a drafter…"), "playBot")
        self.play_btn.setToolTip("a game against the deck a bot builds from its picks in this draft")
        self.play_btn.clicked.connect(self.play_dialog)
        self.play_btn.hide()
        self.next_drafter_btn = named(QPushButton("Next drafter's deck"), "nextDrafter")
        self.next_drafter_btn.setToolTip("save this deck and build the next person's deck from their pool")
        self.next_drafter_btn.clicked.connect(self.next_drafter)
        self.next_drafter_btn.hide()
        verdict_row.addWidget(self.next_drafter_btn)
        verdict_row.addWidget(self.play_btn)
        rv.addLayout(verdict_row)
        self.notice = named(QLabel(), "notice")
        self.notice.setWordWrap(True)
        self.notice.setStyleSheet("color: #b05a00")
        rv.addWidget(self.notice)
        self.problem_list = named(QListWidget(), "problems")
        self.problem_list.setWordWrap(True)
        self.problem_list.itemActivated.connect(self._goto_problem)
        self.problem_list.setMaximumHeight(120)
        rv.addWidget(self.problem_list)

        side = named(QWidget(), "previewPanel")
        sv = QVBoxLayout(side)
        self.preview = named(QLabel(), "cardPreview")
        self.preview.setFixedSize(PREVIEW_W, PREVIEW_H)
        self.preview.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.preview_text = named(QLabel(), "previewText")
        self.preview_text.setWordWrap(True)
        self.preview_text.setFixedWidth(PREVIEW_W)
        self.preview_text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        sv.addWidget(self.preview)
        sv.addWidget(self.preview_text)
        sv.addStretch(1)

        # a limited deck's pool as cards, grouped by colour and mana value, beside the search
        self.pool_view = named(QListWidget(), "poolView")
        self.pool_view.setViewMode(QListView.ViewMode.IconMode)
        self.pool_view.setIconSize(POOL_CARD)
        self.pool_view.setGridSize(QSize(POOL_CARD.width() + 8, POOL_CARD.height() + 22))
        self.pool_view.setResizeMode(QListView.ResizeMode.Adjust)
        self.pool_view.setMovement(QListView.Movement.Static)
        self.pool_view.setWordWrap(True)
        self.pool_view.setStyleSheet("QListWidget#poolView { background: #565c66; color: #f0f0f0; }")
        self.pool_view.itemDoubleClicked.connect(
            lambda it: self.take(it.data(NAME_ROLE), to_sideboard=False) if it.data(NAME_ROLE) else None)
        self.pool_view.currentItemChanged.connect(
            lambda it, _o: self.show_preview(it.data(NAME_ROLE)) if it and it.data(NAME_ROLE) else None)
        self._icon_queue: list[tuple[QListWidgetItem, str, str]] = []
        self._icons: dict[tuple[str, str], QIcon] = {}      # _icon_key -> the framed face, once drawn
        self._icon_timer = QTimer(self, interval=0)
        self._icon_timer.timeout.connect(self._draw_some_pool_icons)
        self.left_tabs = named(QTabWidget(), "leftTabs")
        self.left_tabs.addTab(left, "Search")
        self.left_tabs.addTab(self.pool_view, "Your pool (cards)")
        self.left_tabs.setTabVisible(1, False)

        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.left_tabs)
        split.addWidget(right)
        split.addWidget(side)
        split.setSizes([330, 660, PREVIEW_W + 20])
        split.setStretchFactor(0, 2)
        split.setStretchFactor(1, 3)
        split.setStretchFactor(2, 0)
        self.setCentralWidget(split)
        for watched in (self.search_box, self.results, self.main_list, self.side_list):
            watched.installEventFilter(self)

    def _deck_tree(self, name: str) -> QTreeWidget:
        t = named(DeckTree(), name)
        t.setDragEnabled(True)
        t.setAcceptDrops(True)
        t.setDragDropMode(QAbstractItemView.DragDropMode.DragDrop)
        t.viewport().installEventFilter(self)
        t.setColumnCount(5)
        t.setHeaderLabels(["#", "Card", "Cost", "R", "Type"])
        t.headerItem().setToolTip(3, "rarity: C common, U uncommon, R rare, M mythic")
        t.setRootIsDecorated(False)
        t.setUniformRowHeights(True)
        t.header().setStretchLastSection(True)
        for col in range(4):          # names are never cut: the columns fit their text, the list scrolls
            t.header().setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        t.itemDoubleClicked.connect(lambda it, _c, side=(name == "sideboard"):
                                    self.activate(it.data(1, NAME_ROLE), side, "list"))
        t.currentItemChanged.connect(lambda it, _o: self.show_preview(it.data(1, NAME_ROLE)) if it else None)
        return t

    def _build_actions(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        edit_menu = self.menuBar().addMenu("&Edit")
        limited_menu = self.menuBar().addMenu("&Limited")
        self.menu_actions: dict[str, QAction] = {}

        def act(menu, key, text, shortcut, slot):
            a = QAction(text, self)
            if shortcut:
                a.setShortcut(QKeySequence(shortcut))
                a.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
            a.triggered.connect(slot)
            menu.addAction(a)
            self.addAction(a)
            self.menu_actions[key] = a
            return a

        act(file_menu, "new", "&New deck", "Ctrl+N", self.new_deck)
        act(file_menu, "open", "&Open saved deck...", "Ctrl+O", self.open_stored_dialog)
        act(file_menu, "save", "&Save", "Ctrl+S", self.save)
        file_menu.addSeparator()
        act(file_menu, "import", "&Import deck file...", "Ctrl+I", self.import_dialog)
        act(file_menu, "export", "&Export deck file...", "Ctrl+E", self.export_dialog)
        file_menu.addSeparator()
        act(file_menu, "history", "&History...", None, self.history_dialog)
        act(edit_menu, "undo", "&Undo", "Ctrl+Z", self.undo)
        act(edit_menu, "redo", "&Redo", "Ctrl+Shift+Z", self.redo)
        act(edit_menu, "find", "&Find cards", "Ctrl+F", self.focus_search)
        act(limited_menu, "sealed", "New &sealed pool...", None, self.sealed_dialog)
        act(limited_menu, "draft", "New &draft...", None, self.draft_dialog)
        act(limited_menu, "pool", "Load card &pool file...", None, self.pool_dialog)

    # -- searching ---------------------------------------------------------------------
    def focus_search(self) -> None:
        self.left_tabs.setCurrentIndex(0)
        self.search_box.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search_box.selectAll()

    def query(self) -> str:
        """The search box's query with the filters' terms added (the card database's query language)."""
        terms = [self.search_box.text().strip()]
        colors = "".join(c for c, b in self.color_buttons.items() if b.isChecked() and c != "C")
        if colors:
            terms.append(f"c<={colors.lower()}")
        elif self.color_buttons["C"].isChecked():
            terms.append("c:c")
        if self.type_filter.currentData():
            terms.append(f"t:{self.type_filter.currentData()}")
        if self.mv_filter.currentData():
            terms.append(self.mv_filter.currentData())
        if self.rarity_filter.currentData():
            terms.append(f"r:{self.rarity_filter.currentData()}")
        if self.set_filter.text().strip():
            terms.append(f"s:{self.set_filter.text().strip().lower()}")
        return " ".join(t for t in terms if t)

    def run_search(self) -> None:
        query = self.query()
        self.results.clear()
        self.search_error.hide()
        self.suggestion.hide()
        if not query:
            self.result_count.setText("")
            return
        text = self.search_box.text()
        pool = self.pool_names()
        try:
            cards = self._ranked_cards(query, text, pool)
        except ValueError as exc:          # engine.cards.search.QueryError is a ValueError
            self.search_error.setText(str(exc))
            self.search_error.show()
            self.result_count.setText("")
            return
        if self.legal_filter.isChecked():
            cards = [c for c in cards if self.card_legal(c.name)]
        for card in cards[:SEARCH_LIMIT]:
            label = single_name(card.name)
            item = QListWidgetItem(f"{label}   {card.mana_cost}   {card.type_line}".rstrip())
            item.setData(NAME_ROLE, card.name)
            item.setToolTip(_card_tip(card))
            self.results.addItem(item)
        more = len(cards) > SEARCH_LIMIT
        where = " in your pool" if pool is not None else ""
        self.result_count.setText(f"{min(len(cards), SEARCH_LIMIT)}{'+' if more else ''} cards{where}")
        if self.results.count():
            self.results.setCurrentRow(0)
        elif text.strip():
            self._suggest(text.strip(), pool)

    def _ranked_cards(self, query: str, text: str, pool: set[str] | None) -> list[Any]:
        """The cards matching the query, by relevance (app.decks.ranking); only the pool's in a limited deck."""
        if hasattr(self.db, "search_names"):
            names = self.db.search_names(query, limit=5000)
        else:
            names = [c.name for c in self.db.search(query)]
        if pool is not None:
            names = [n for n in names if n in pool]
        names = visible_names(names, text, exists=self._is_card)
        printings = getattr(self.db, "printings", None)
        names = rank_names(names, text, (lambda n: len(printings(n))) if printings else None)
        out = []
        for n in names[:SEARCH_LIMIT + 1]:
            card = self.db.get(n)
            if card is not None:
                out.append(card)
        return out

    def _is_card(self, name: str) -> bool:
        card = self.db.get(name)
        return card is not None and card.name == name

    def _suggest(self, text: str, pool: set[str] | None) -> None:
        """Nearest names for a search that found nothing (a misspelling), as links."""
        hints = self.db.suggest(text, 8) if hasattr(self.db, "suggest") else []
        hints = [h for h in visible_names(hints, text) if pool is None or h in pool][:3]
        if pool is not None and not hints:
            self.suggestion.setText(f"No card of your pool matches “{text}”.")
        elif hints:
            links = ", ".join(f'<a href="{h}">{h}</a>' for h in hints)
            self.suggestion.setText(f"No cards match “{text}”. Did you mean {links}?")
        else:
            self.suggestion.setText(f"No cards match “{text}”.")
        self.suggestion.show()

    def _use_suggestion(self, name: str) -> None:
        self.search_box.setText(f'!"{name}"' if " " in name else f"!{name}")
        self._search_timer.stop()
        self.run_search()

    def show_preview(self, name: str | None) -> None:
        """The card large on the right, with its text (every face)."""
        if not name:
            return
        card = self.db.get(name)
        try:
            self.preview.setPixmap(render.card_pixmap(name, PREVIEW_W, PREVIEW_H, self.printed_set(name)))
        except Exception:           # noqa: BLE001 - no face to draw: the text alone
            self.preview.clear()
        self.preview.setProperty("card", name)
        if card is None:
            self.preview_text.setText(name)
            return
        faces = card.faces or ({"name": card.name, "mana_cost": card.mana_cost, "type_line": card.type_line,
                                "text": card.text, "power": card.power, "toughness": card.toughness,
                                "loyalty": card.loyalty},)
        parts = []
        for f in faces:
            lines = [f"<b>{f.get('name', '')}</b> {f.get('mana_cost') or ''}", f.get("type_line") or ""]
            if f.get("text"):
                lines.append((f.get("text") or "").replace("\n", "<br>"))
            if f.get("power") is not None:
                lines.append(f"{f.get('power')}/{f.get('toughness')}")
            if f.get("loyalty") is not None:
                lines.append(f"Loyalty {f.get('loyalty')}")
            parts.append("<br>".join(lines))
        self.preview_text.setText("<hr>".join(parts))

    def _add_selected_results(self, sideboard: bool) -> None:
        items = self.results.selectedItems() or ([self.results.currentItem()] if self.results.currentItem() else [])
        for it in items:
            self.activate(it.data(NAME_ROLE), sideboard, "results")

    # -- limited: the pool and the deck --------------------------------------------------
    @property
    def pool_mode(self) -> bool:
        """A limited deck with a pool: cards move between the pool (the sideboard) and the deck."""
        return self.pool is not None and self.format_name == "limited"

    def pool_names(self) -> set[str] | None:
        """The names in the pool (a limited deck), else None."""
        return set(self.pool.all_counts()) if self.pool_mode and self.pool is not None else None

    def activate(self, name: str | None, sideboard: bool, source: str) -> None:
        """A double-click or Enter on a card: in a limited deck it moves between the pool and the
        deck (from the results: into the list asked for; in a list: to the other list); else one
        copy more in that list."""
        if not name:
            return
        if not self.pool_mode:
            self.add_card(name, sideboard=sideboard)
        elif source == "list":
            self.take(name, to_sideboard=not sideboard)
        else:
            self.take(name, to_sideboard=sideboard)

    def take(self, name: str, to_sideboard: bool) -> bool:
        """Move one copy of a pool card into the deck (or back to the pool); basic lands come and go
        freely. A move the pool cannot make is refused, and the notice says why."""
        card = self.validator().card(name)
        if card is not None and is_basic_land(card):
            if to_sideboard:
                self.remove_card(name)
            else:
                self.add_card(name)
            self.notice.setText("")
            return True
        source = self.deck.main if to_sideboard else self.deck.sideboard
        if name in source:
            self.move_card(name, from_sideboard=not to_sideboard)
            self.notice.setText("")
            return True
        have = self.pool.all_counts().get(name, 0) if self.pool is not None else 0
        shown = single_name(name)
        if have == 0:
            why = f"{shown} is not in your pool: a limited deck uses only the pool's cards and basic lands."
        elif to_sideboard:
            why = f"{shown} is not in the deck."
        else:
            why = (f"Your pool has {have} {shown}, and {'it is' if have == 1 else 'all are'} in the deck "
                   f"already.")
        self.notice.setText(why)
        return False

    # -- editing -------------------------------------------------------------------------
    def _checkpoint(self) -> None:
        self._undo.append(self.deck.to_json())
        del self._undo[:-200]
        self._redo.clear()

    def add_card(self, name: str | None, count: int = 1, *, sideboard: bool = False) -> None:
        if not name:
            return
        self._checkpoint()
        self.deck.add(name, count, sideboard=sideboard)
        self._changed(select=(name, sideboard))

    def remove_card(self, name: str | None, count: int = 1, *, sideboard: bool = False) -> None:
        zone = self.deck.sideboard if sideboard else self.deck.main
        if not name or name not in zone:
            return
        self._checkpoint()
        self.deck.remove(name, count, sideboard=sideboard)
        self._changed(select=(name, sideboard) if name in zone else None)

    def move_card(self, name: str | None, from_sideboard: bool = False) -> None:
        zone = self.deck.sideboard if from_sideboard else self.deck.main
        if not name or name not in zone:
            return
        self._checkpoint()
        self.deck.remove(name, sideboard=from_sideboard)
        self.deck.add(name, sideboard=not from_sideboard)
        self._changed(select=(name, from_sideboard) if name in zone else (name, not from_sideboard))

    def set_commander(self, name: str | None, *_: Any) -> None:
        """Make ``name`` the commander (903.3): the card leaves its list and the old commander goes back to the
        main deck; the partner's card becomes the commander and the commander its partner; None clears both."""
        deck = self.deck
        if name == deck.commander or (name is None and not deck.commanders):
            return
        self._checkpoint()
        if name is not None and name == deck.partner:
            deck.commander, deck.partner = name, deck.commander
        else:
            back = [deck.commander] if name else deck.commanders
            self._take_out(name)
            for old in back:
                if old:
                    deck.add(old)
            deck.commander = name
            if name is None:
                deck.partner = None
        self._changed()

    def set_partner(self, name: str | None, *_: Any) -> None:
        """Make ``name`` the second commander (a later rule: Partner; whether the two may lead together is
        validation's to say); with no commander yet it becomes the commander."""
        deck = self.deck
        if not deck.commander or name is None:
            self.set_commander(name)
            return
        if name in deck.commanders:
            return
        self._checkpoint()
        self._take_out(name)
        if deck.partner:
            deck.add(deck.partner)
        deck.partner = name
        self._changed()

    def _take_out(self, name: str | None) -> None:
        """One copy of ``name`` leaves the main deck (or else the sideboard) to lead the deck."""
        if name and name in self.deck.main:
            self.deck.remove(name)
        elif name and name in self.deck.sideboard:
            self.deck.remove(name, sideboard=True)

    def _rename(self) -> None:
        name = self.name_box.text().strip() or "Untitled"
        if name != self.deck.name:
            self._checkpoint()
            self.deck.name = name
            self._changed()

    def _on_current(self, fn) -> None:
        tree = self.side_list if self.side_list.hasFocus() or (
            self.focusWidget() is not self.main_list and self.side_list.currentItem() and
            not self.main_list.currentItem()) else self.main_list
        item = tree.currentItem()
        if item is not None:
            fn(item.data(1, NAME_ROLE), tree is self.side_list)

    def undo(self) -> None:
        if self._undo:
            self._redo.append(self.deck.to_json())
            self.deck = Deck.from_json(self._undo.pop())
            self._changed()

    def redo(self) -> None:
        if self._redo:
            self._undo.append(self.deck.to_json())
            self.deck = Deck.from_json(self._redo.pop())
            self._changed()

    def set_deck(self, deck: Deck, deck_id: int | None = None, format_name: str | None = None,
                 pool: Deck | None = None) -> None:
        """Show another deck (an undoable change)."""
        self._checkpoint()
        self.deck = deck
        self.deck_id = deck_id
        if pool is None and deck_id is None:
            self.pool_id = None             # a new deck: not one built from a stored pool
        if pool is not None:
            self.pool = pool
        if format_name and format_name in self.formats:
            self.format_box.blockSignals(True)
            self.format_box.setCurrentIndex(self.format_box.findData(format_name))
            self.format_box.blockSignals(False)
        self._changed()

    def new_deck(self) -> None:
        self.pool_id = None
        self.leave_draft()
        self.set_deck(Deck(name="Untitled"))
        self.pool = None
        self.refresh()

    def _format_changed(self) -> None:
        self.refresh()
        self._autosave()

    def _changed(self, select: tuple[str, bool] | None = None) -> None:
        self.refresh(select)
        self._autosave()
        self.deckChanged.emit()

    # -- showing the deck and its problems ------------------------------------------------
    @property
    def format_name(self) -> str:
        return self.format_box.currentData()

    def card_legal(self, name: str) -> bool:
        """Is one copy of this card allowed in the chosen format (no error naming the card)?"""
        probe = Deck(name="", main={name: 1})
        return not any(p.is_error and p.card == name for p in self.validator().validate(probe))

    def validator(self) -> Validator:
        name = self.format_name
        if name not in self._validators:
            self._validators[name] = Validator(self.db, self.formats[name])
        return self._validators[name]

    def refresh(self, select: tuple[str, bool] | None = None) -> None:
        deck = self.deck
        if self.name_box.text() != deck.name:
            self.name_box.setText(deck.name)
        self.problems = self.validator().validate(deck, self.pool)
        by_card: dict[str, list[Problem]] = {}
        for p in self.problems:
            if p.card:
                by_card.setdefault(p.card, []).append(p)
        for tree, zone, side in ((self.main_list, deck.main, False), (self.side_list, deck.sideboard, True)):
            item = tree.currentItem()
            current = item.data(1, NAME_ROLE) if item is not None else None
            tree.clear()
            for name, n in sorted(zone.items(), key=lambda kv: self._sort_key(kv[0])):
                card = self.validator().card(name)
                rarity = self.rarity_letter(name)
                item = QTreeWidgetItem([str(n), single_name(name), card.mana_cost if card else "", rarity,
                                        card.type_line if card else "?"])
                item.setData(1, NAME_ROLE, name)
                item.setTextAlignment(0, Qt.AlignmentFlag.AlignRight)
                if rarity in RARITY_COLORS:
                    item.setForeground(3, QBrush(RARITY_COLORS[rarity]))
                canon = card.name if card else name
                probs = by_card.get(canon, []) + (by_card.get(name, []) if canon != name else [])
                if probs:
                    color = ERROR_COLOR if any(p.is_error for p in probs) else WARNING_COLOR
                    for col in range(5):
                        item.setForeground(col, QBrush(color))
                    item.setToolTip(1, "\n".join(p.message for p in probs))
                elif card is not None:
                    item.setToolTip(1, _card_tip(card))
                tree.addTopLevelItem(item)
                if (select and select == (name, side)) or (not select and name == current):
                    tree.setCurrentItem(item)
        self.main_title.setText(f"Main deck ({deck.main_count - len(deck.commanders)})")
        self.side_title.setText(f"Sideboard ({sum(deck.sideboard.values())})")
        self.commander_label.setText(("Commanders: " if deck.partner else "Commander: ")
                                     + (" and ".join(deck.commanders) or "none"))
        cmd_probs = [p for n in deck.commanders for p in by_card.get(n, [])]
        self.commander_label.setStyleSheet("color: #c81e1e" if any(p.is_error for p in cmd_probs) else "")
        self.commander_label.setToolTip("\n".join(p.message for p in cmd_probs))
        self.clear_commander_btn.setEnabled(bool(deck.commanders))
        self.problem_list.clear()
        for p in self.problems:
            it = QListWidgetItem(("⚠ " if not p.is_error else "✖ ") + p.message)
            it.setData(NAME_ROLE, p.card)
            it.setForeground(QBrush(ERROR_COLOR if p.is_error else WARNING_COLOR))
            self.problem_list.addItem(it)
        errors = sum(p.is_error for p in self.problems)
        fmt = self.formats[self.format_name]
        if errors:
            self.verdict.setText(f"Not legal in {fmt.label}: {errors} problem{'s' if errors != 1 else ''}")
            self.verdict.setStyleSheet("color: #c81e1e; font-weight: bold")
        else:
            self.verdict.setText(f"Legal in {fmt.label}")
            self.verdict.setStyleSheet("color: #1e8c1e; font-weight: bold")
        self.stats_label.setText(self._stats_text())
        self._show_pool_cards()
        title = f"{deck.name or 'Untitled'} - Deck builder"
        self.setWindowTitle(title)
        self.validated.emit(self.problems)

    def _show_pool_cards(self) -> None:
        """The pool cards not in the deck, as card faces framed by rarity, by colour then mana value,
        each colour after a heading; a double-click moves a card into the deck."""
        if not hasattr(self, "pool_view"):
            return
        self.left_tabs.setTabVisible(1, self.pool_mode)
        if not self.pool_mode:
            self.pool_view.clear()
            return
        groups: dict[str, list[str]] = {}
        for name in self.deck.sideboard:
            groups.setdefault(color_group(self.validator().card(name)), []).append(name)
        current = self.pool_view.currentItem().data(NAME_ROLE) if self.pool_view.currentItem() else None
        self.pool_view.clear()
        self._icon_queue = []
        letters = {"C": "common", "U": "uncommon", "R": "rare", "M": "mythic", "L": "basic", "S": "special"}
        for key, label in POOL_GROUPS:
            names = groups.get(key)
            if not names:
                continue
            count = sum(self.deck.sideboard[n] for n in names)
            head = QListWidgetItem(f"{label}\n{count} card{'' if count == 1 else 's'}")
            head.setFlags(Qt.ItemFlag.NoItemFlags)
            head.setSizeHint(POOL_CARD)
            self.pool_view.addItem(head)
            for name in sorted(names, key=lambda n: (getattr(self.validator().card(n), "mana_value", 0) or 0, n)):
                n = self.deck.sideboard[name]
                rarity = letters.get(self.rarity_letter(name), "common")
                it = QListWidgetItem(f"{single_name(name)}" + (f" ×{n}" if n > 1 else ""))
                it.setSizeHint(QSize(POOL_CARD.width() + 4, POOL_CARD.height() + 18))
                it.setData(NAME_ROLE, name)
                if self._icon_key(name, rarity) in self._icons:
                    it.setIcon(self._icons[self._icon_key(name, rarity)])
                    it.setText(f"×{n}" if n > 1 else "")
                else:
                    self._icon_queue.append((it, name, rarity + (f" ×{n}" if n > 1 else "")))
                foil = ", foil" if self.opened_foil(name) else ""
                it.setToolTip(f"{single_name(name)} ({rarity}{foil}): double-click to put it in the deck")
                self.pool_view.addItem(it)
                if name == current:
                    self.pool_view.setCurrentItem(it)

        if self._icon_queue:
            self._icon_timer.start()

    def _icon_key(self, name: str, rarity: str) -> tuple[str, str]:
        """The pool view's cache key of a face: name, rarity, foil ("rare*") and printed set."""
        return (name, rarity + ("*" if self.opened_foil(name) else "") + self.printed_set(name))

    def opened_foil(self, name: str) -> bool:
        """Whether the pool's boosters held this card as a foil (its face gets a rainbow edge)."""
        return self.pool is not None and self.pool.foils.get(name, 0) > 0

    def printed_set(self, name: str) -> str:
        """The set of the deck's printing of a card (a sealed or drafted card: its booster's set); in a
        limited deck, a card the pool lacks (a basic land from the land buttons) takes the pool's main set;
        else ""."""
        printing = self.deck.printings.get(name) or (self.pool.printings.get(name) if self.pool is not None else None)
        if printing:
            return str(printing[0])
        if self.pool_mode and self.pool is not None and self.pool.printings:
            sets: dict[str, int] = {}
            for set_code, _number in self.pool.printings.values():
                sets[set_code] = sets.get(set_code, 0) + 1
            return max(sets, key=sets.__getitem__)
        return ""

    def _draw_some_pool_icons(self, batch: int = 6) -> None:
        """Card faces for the pool view a few at a time, so that the window answers while they are drawn
        (the first drawing of a face takes tens of milliseconds); the name shows until then."""
        for _ in range(batch):
            if not self._icon_queue:
                self._icon_timer.stop()
                return
            it, name, label = self._icon_queue.pop(0)
            rarity, _, count = label.partition(" ")
            icon = self._icons.get(self._icon_key(name, rarity))
            if icon is None:
                icon = QIcon(card_icon(name, rarity, self.opened_foil(name), POOL_CARD.width(), POOL_CARD.height(),
                                       self.printed_set(name)))
                self._icons[self._icon_key(name, rarity)] = icon
            try:
                it.setIcon(icon)
                it.setText(count)
            except RuntimeError:       # the item went away with a newer refresh
                continue

    def _sort_key(self, name: str):
        card = self.validator().card(name)
        if card is None:
            return (9, 0, 0, name)
        land = "Land" in (card.types or ())
        how = self.sort_box.currentData() if hasattr(self, "sort_box") else "mv"
        if how == "color":
            cols = tuple(card.colors or ())
            group = 7 if land else ("WUBRG".index(cols[0]) if len(cols) == 1 else 5 if cols else 6)
            return (group, card.mana_value, 0, name)
        if how == "rarity":
            return (-"LCURM".find(self.rarity_letter(name) or "L"), 2 if land else 1, card.mana_value, name)
        if how == "name":
            return (0, 0, 0, name)
        return (2 if land else 1, card.mana_value, 0, name)

    def rarity_letter(self, name: str) -> str:
        """The rarity of the deck's printing of a card (else of its newest printing): C, U, R, M, L or ""."""
        key = (name, self.deck.printings.get(name, ("", ""))[0] if hasattr(self.deck, "printings") else "")
        if key not in self._rarity:
            letter = ""
            try:
                prints = list(self.db.printings(name)) if hasattr(self.db, "printings") else []
            except Exception:          # noqa: BLE001 - a source without printings
                prints = []
            chosen = [p for p in prints if p.set_code == key[1]] or prints[-1:]
            if chosen:
                letter = RARITY_LETTER.get((chosen[0].rarity or "").lower(), "")
            self._rarity[key] = letter
        return self._rarity[key]

    def _stats_text(self) -> str:
        curve: dict[int, int] = {}
        colors: dict[str, int] = {}
        types: dict[str, int] = {}
        for name, n in self.deck.main.items():
            card = self.validator().card(name)
            if card is None:
                continue
            main_types = [t for t in card.types if t in ("Creature", "Instant", "Sorcery", "Artifact",
                                                         "Enchantment", "Planeswalker", "Land")]
            for t in main_types[:1] or ["Other"]:
                types[t] = types.get(t, 0) + n
            if "Land" not in card.types:
                mv = min(int(card.mana_value), 7)
                curve[mv] = curve.get(mv, 0) + n
            for sym in card.mana_cost.replace("}", "").split("{")[1:]:
                for c in "WUBRG":
                    if c in sym:
                        colors[c] = colors.get(c, 0) + n
        if hasattr(self, "charts"):
            self.charts.set_stats(curve, colors, types)
        curve_s = "  ".join(f"{k}{'+' if k == 7 else ''}: {v}" for k, v in sorted(curve.items())) or "-"
        pips = "  ".join(f"{c}: {colors[c]}" for c in "WUBRG" if c in colors) or "-"
        type_s = "  ".join(f"{k}: {v}" for k, v in sorted(types.items())) or "-"
        return f"Mana curve  {curve_s}\nColor pips  {pips}\nTypes  {type_s}"

    def _goto_problem(self, item: QListWidgetItem) -> None:
        name = item.data(NAME_ROLE)
        for tree in (self.main_list, self.side_list):
            for i in range(tree.topLevelItemCount()):
                it = tree.topLevelItem(i)
                if it is not None and it.data(1, NAME_ROLE) == name:
                    tree.setCurrentItem(it)
                    tree.setFocus()
                    return

    # -- keyboard --------------------------------------------------------------------------
    def drop_cards(self, mime: QMimeData, sideboard: bool) -> bool:
        """Cards dropped on the main deck (sideboard False) or the sideboard: added, or moved between the lists."""
        if not mime.hasFormat(CARDS_MIME):
            return False
        try:
            data = json.loads(bytes(mime.data(CARDS_MIME).data()).decode("utf-8"))
            names, source = list(data["names"]), data.get("from")
        except (ValueError, KeyError, TypeError):
            return False
        target = "sideboard" if sideboard else "main"
        if source == target:
            return False
        for name in names:
            if source in ("main", "sideboard"):
                self.move_card(name, from_sideboard=(source == "sideboard"))
            else:
                self.activate(name, sideboard, "results")
        return True

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        et = event.type()
        if obj in (self.main_list.viewport(), self.side_list.viewport()) and isinstance(event, QDropEvent):
            if not event.mimeData().hasFormat(CARDS_MIME):
                event.ignore()
                return True
            if et == QEvent.Type.Drop:
                if self.drop_cards(event.mimeData(), obj is self.side_list.viewport()):
                    event.setDropAction(Qt.DropAction.CopyAction)
                    event.accept()
                else:
                    event.ignore()
            else:
                event.acceptProposedAction()
            return True
        if et != QEvent.Type.KeyPress or not isinstance(event, QKeyEvent):
            return super().eventFilter(obj, event)
        key, mods = event.key(), event.modifiers()
        enter = key in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        if obj is self.search_box and (enter or key == Qt.Key.Key_Down):
            self._search_timer.stop()
            self.run_search()
            self.results.setFocus()
            return True
        if obj is self.results and enter:
            side = bool(mods & (Qt.KeyboardModifier.ShiftModifier | Qt.KeyboardModifier.ControlModifier))
            self._add_selected_results(side)
            return True
        if obj in (self.main_list, self.side_list) and not (mods & Qt.KeyboardModifier.ControlModifier):
            item = obj.currentItem()
            side = obj is self.side_list
            name = item.data(1, NAME_ROLE) if item else None
            text = event.text()
            if enter and name:
                self.activate(name, side, "list")
                return True
            if text in ("+", "="):
                if self.pool_mode and name:
                    self.take(name, to_sideboard=side)          # one more here, from the other list
                else:
                    self.add_card(name, sideboard=side)
                return True
            if text == "-":
                if self.pool_mode and name:
                    self.take(name, to_sideboard=not side)
                else:
                    self.remove_card(name, sideboard=side)
                return True
            if key in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
                zone = self.deck.sideboard if side else self.deck.main
                if name in zone and self.pool_mode and not is_basic_land(self.validator().card(name)):
                    if side:
                        self.notice.setText(f"{single_name(name)} is part of your pool: it stays in the sideboard.")
                    else:
                        for _ in range(zone[name]):                  # back to the pool, not away
                            self.take(name, to_sideboard=True)
                elif name in zone:
                    self.remove_card(name, zone[name], sideboard=side)
                return True
            if text.lower() == "s":
                self.move_card(name, side)
                return True
            if text.lower() == "c" and name:
                self.set_commander(name)
                return True
            if text.lower() == "p" and name:
                self.set_partner(name)
                return True
        return super().eventFilter(obj, event)

    # -- files and storage -----------------------------------------------------------------
    def import_file(self, path: str | pathlib.Path) -> bool:
        """Read a deck file; on an error show every problem and keep the current deck."""
        try:
            deck = read_deck(path, self.db)
        except DeckFileError as exc:
            self.last_error = str(exc)
            QMessageBox.warning(self, "Cannot import the deck", str(exc))
            return False
        self.set_deck(deck, None)
        return True

    def export_file(self, path: str | pathlib.Path) -> str:
        return write_deck(self.deck, path)

    def import_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Import a deck", "", DECK_FILTER)
        if path:
            self.import_file(path)

    def export_dialog(self) -> None:
        path, chosen = QFileDialog.getSaveFileName(self, "Export the deck", f"{self.deck.name or 'deck'}.txt",
                                                   EXPORT_FILTER)
        if path:
            ext = {"MTG Arena": ".arena.txt", "MTGO": ".dek", "Cockatrice": ".cod"}
            for label, suffix in ext.items():
                if chosen.startswith(label) and not path.lower().endswith(suffix):
                    path = path.rsplit(".", 1)[0] + suffix if "." in pathlib.Path(path).name else path + suffix
            self.export_file(path)

    def pool_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Load a card pool", "", DECK_FILTER)
        if path:
            try:
                pool = read_deck(path, self.db)
            except DeckFileError as exc:
                QMessageBox.warning(self, "Cannot read the pool", str(exc))
                return
            self.set_pool(pool)

    def set_pool(self, pool: Deck, pool_id: int | None = None) -> None:
        """Use a limited pool: the deck starts empty with the whole pool in the sideboard, format limited."""
        self.sort_box.setCurrentIndex(self.sort_box.findData("color"))
        self.pool_id = pool_id
        self.set_deck(Deck(name=pool.name or "Limited deck", sideboard=dict(pool.all_counts()),
                           printings=dict(pool.printings)), None, "limited", pool)
        self.left_tabs.setCurrentIndex(1)

    def open_sealed(self, set_code: str | list[str], seed: int) -> bool:
        try:
            _packs, pool = sealed_pool(self.db, set_code, seed)
        except LimitedError as exc:
            QMessageBox.warning(self, "Cannot open sealed boosters", str(exc))
            return False
        pool_id = self.store.save(pool, kind="pool") if self.store is not None else None
        self.leave_draft()
        self.set_pool(pool, pool_id)
        return True

    def leave_draft(self) -> None:
        """Forget the finished draft (its bots and its people) when another deck is started."""
        self.draft_result = None
        self.drafter_pools = {}
        self.drafter_decks = {}
        self.play_btn.hide()
        self.next_drafter_btn.hide()

    def start_draft(self, sets: str | list[str], seed: int, people: int = 1):
        """Open the draft screen; its pool comes here (as a limited deck) when the draft ends. With
        several ``people`` (at this screen, hotseat) they sit evenly round the table of eight."""
        if isinstance(sets, list) and len(sets) not in (1, 3):
            QMessageBox.warning(self, "Cannot draft", "Give one set (three boosters of it) or three sets "
                                                      "(one per round).")
            return None
        try:
            w = DraftWidget(self.db, sets, seed, humans=drafter_seats(people))
        except LimitedError as exc:
            QMessageBox.warning(self, "Cannot draft", str(exc))
            return None
        w.setWindowFlag(Qt.WindowType.Window)
        w.setParent(self, Qt.WindowType.Window)
        w.finished.connect(self._draft_finished)
        self.draft_widget = w
        w.show()
        return w

    def _draft_finished(self, pool: Deck) -> None:
        """Every person's pool saved; the first person's deck to build (the others' after "Next drafter")."""
        w = self.draft_widget
        self.draft_result = w.draft
        self.drafter_pools = {}
        self.drafter_decks = {}
        for seat, p in w.pools().items():
            self.drafter_pools[seat] = (p, self.store.save(p, kind="pool") if self.store is not None else None)
        self.draft_seat = min(self.drafter_pools)
        self.set_pool(*self.drafter_pools[self.draft_seat])
        self._undo.clear()
        self._redo.clear()
        self.play_btn.show()
        self.next_drafter_btn.setVisible(len(self.drafter_pools) > 1)
        w.close()

    def next_drafter(self) -> None:
        """Save this person's deck and show the next person's (their saved deck, or their pool to build)."""
        seats = sorted(self.drafter_pools)
        if len(seats) < 2:
            return
        self._remember_drafter_deck()
        seat = seats[(seats.index(self.draft_seat) + 1) % len(seats)]
        self.draft_seat = seat
        if seat in self.drafter_decks and self.store is not None:
            self.load_deck(self.drafter_decks[seat])
        else:
            self.set_pool(*self.drafter_pools[seat])
        self._undo.clear()                  # no undo into another person's deck
        self._redo.clear()
        self.statusBar().showMessage(f"Seat {seat + 1}'s deck", 3000)

    def _remember_drafter_deck(self) -> None:
        if self.draft_seat in self.drafter_pools:
            if self.store is not None:
                self.deck_id = self.store.save(self.deck, self.deck_id, format=self.format_name,
                                               pool_id=self.pool_id)
                self.drafter_decks[self.draft_seat] = self.deck_id

    def drafter_deck(self, seat: int) -> tuple[Deck | None, list[str]]:
        """A person's saved deck from this draft and why it cannot be played ([] when it is legal)."""
        if seat not in self.drafter_decks or self.store is None:
            return None, [f"Seat {seat + 1} has not built a deck yet (\"Next drafter's deck\")."]
        deck = self.store.load(self.drafter_decks[seat])
        problems = [p.message for p in self.validator().validate(deck, self.drafter_pools[seat][0]) if p.is_error]
        return deck, problems

    def bot_decks(self) -> dict[int, Deck]:
        """The deck each bot of the finished draft builds from its picks (seat index -> Deck)."""
        d = self.draft_result
        if d is None:
            return {}
        people = set(self.drafter_pools) | {self.draft_seat}
        return {s: bot_deck(self.db, d.picks[s], f"Seat {s + 1} bot") for s in range(d.seats) if s not in people}

    def play_dialog(self) -> None:
        """Choose a drafter (a person at this screen, or a bot seat) and play your deck against theirs."""
        decks = self.bot_decks()
        if not decks and len(self.drafter_pools) < 2:
            return
        labels = [f"Seat {s + 1}: a person (hotseat)" for s in sorted(self.drafter_pools) if s != self.draft_seat]
        for s, deck in decks.items():
            cols = sorted({c for n in deck.main for c in (getattr(self.db.get(n), "colors", ()) or ())},
                          key="WUBRG".index)
            labels.append(f"Seat {s + 1}: {''.join(cols) or 'colourless'}")
        label, ok = QInputDialog.getItem(self, "Play against a drafter", "Whose deck?", labels, 0, False)
        if ok and label:
            self.play_against(int(label.split(":")[0].split()[1]) - 1)

    def play_against(self, seat: int) -> bool:
        """Ask for a game of your deck against the deck the bot of that seat builds (your deck must be legal)."""
        errors = [p for p in self.problems if p.is_error]
        if errors:
            QMessageBox.warning(self, "Your deck is not legal yet",
                                "\n".join(p.message for p in errors[:8]))
            return False
        if seat in self.drafter_pools:
            return self.play_hotseat(seat)
        theirs = self.bot_decks()[seat]
        mine = [n for n, k in self.deck.main.items() for _ in range(k)]
        self.playRequested.emit(mine, f"Seat {seat + 1} bot", [n for n, k in theirs.main.items() for _ in range(k)])
        return True

    def play_hotseat(self, seat: int) -> bool:
        """A hotseat game of this person's deck against another person's saved deck from the draft."""
        self._remember_drafter_deck()
        deck, problems = self.drafter_deck(seat)
        if deck is None or problems:
            QMessageBox.warning(self, f"Seat {seat + 1}'s deck is not ready", "\n".join(problems[:8]))
            return False
        mine = [n for n, k in self.deck.main.items() for _ in range(k)]
        theirs = [n for n, k in deck.main.items() for _ in range(k)]
        self.hotseatRequested.emit(f"Seat {self.draft_seat + 1}", mine, f"Seat {seat + 1}", theirs)
        return True

    def booster_sets(self) -> list[tuple[str, str, str]]:
        """The sets the card data opens boosters of, newest first (looked up once)."""
        if getattr(self, "_booster_sets", None) is None:
            self._booster_sets = booster_sets(self.db)
        return self._booster_sets

    def draft_dialog(self) -> None:
        dlg = LimitedDialog(self, "Draft", "Sets (one, or one per round: SOI SOI EMN):", people=True,
                            choices=self.booster_sets())
        if dlg.exec() != QDialog.DialogCode.Accepted:
            return
        sets, seed, people = dlg.set_codes(), dlg.seed.value(), dlg.people.value()
        if sets:
            self.start_draft(sets if len(sets) > 1 else sets[0], seed, people)

    def sealed_dialog(self) -> None:
        sets, seed = LimitedDialog.ask(self, "Sealed", "Set (or six sets, one per booster):", self.booster_sets())
        if sets and len(sets) not in (1, 6):
            QMessageBox.warning(self, "Cannot open sealed boosters", "Give one set (six boosters of it) or six "
                                                                     "sets (one per booster).")
        elif sets:
            self.open_sealed(sets[0] if len(sets) == 1 else sets, seed)

    def save(self) -> int | None:
        if self.store is None:
            path, _ = QFileDialog.getSaveFileName(self, "Save the deck", f"{self.deck.name or 'deck'}.txt",
                                                  EXPORT_FILTER)
            if path:
                self.export_file(path)
            return None
        self.deck_id = self.store.save(self.deck, self.deck_id, format=self.format_name, pool_id=self.pool_id)
        self.statusBar().showMessage(f"Saved {self.deck.name}", 3000)
        return self.deck_id

    def _autosave(self) -> None:
        if self.store is not None and (self.deck_id is not None or not self.deck.is_empty()):
            self.deck_id = self.store.save(self.deck, self.deck_id, format=self.format_name, pool_id=self.pool_id)

    def load_deck(self, deck_id: int) -> None:
        info = self.store.info(deck_id)
        pool = self.store.load(info.pool_id) if info.pool_id else None
        self.pool_id = info.pool_id
        self.set_deck(self.store.load(deck_id), deck_id, info.format, pool)

    def open_stored_dialog(self) -> None:
        if self.store is None:
            self.import_dialog()
            return
        deck_id = self.choose_stored_deck()
        if deck_id is not None:
            self.load_deck(deck_id)

    def choose_stored_deck(self) -> int | None:
        dlg = QDialog(self)
        dlg.setWindowTitle("Open a deck")
        lay = QVBoxLayout(dlg)
        lst = named(QListWidget(), "storedDecks")
        for info in self.store.list():
            it = QListWidgetItem(f"{info.name}  ({info.format or 'no format'}, {info.main_count} cards)")
            it.setData(NAME_ROLE, info.id)
            lst.addItem(it)
        lay.addWidget(lst)
        bb = QDialogButtonBox(QDialogButtonBox.StandardButton.Open | QDialogButtonBox.StandardButton.Cancel)
        bb.accepted.connect(dlg.accept)
        bb.rejected.connect(dlg.reject)
        lst.itemDoubleClicked.connect(lambda _i: dlg.accept())
        lay.addWidget(bb)
        if dlg.exec() and lst.currentItem():
            return lst.currentItem().data(NAME_ROLE)
        return None

    def history_dialog(self) -> None:
        if self.store is None or self.deck_id is None:
            QMessageBox.information(self, "History", "Save the deck first: history is kept for saved decks.")
            return
        versions = self.store.history(self.deck_id)
        labels = [f"{v.version}: {v.saved[:19].replace('T', ' ')}  {v.name} ({v.main_count} + {v.sideboard_count})"
                  for v in reversed(versions)]
        choice, ok = QInputDialog.getItem(self, "History", "Restore version:", labels, 0, False)
        if ok and choice:
            version = int(choice.split(":", 1)[0])
            self.restore_version(version)

    def restore_version(self, version: int) -> None:
        self.set_deck(self.store.load_version(self.deck_id, version), self.deck_id)


def drafter_seats(people: int, seats: int = 8) -> tuple[int, ...]:
    """The seats of ``people`` drafters at one screen, spread evenly round the table (0 first)."""
    people = max(1, min(people, seats))
    return tuple(i * seats // people for i in range(people))


def _card_tip(card: Any) -> str:
    lines = [f"{card.name}  {card.mana_cost}".strip(), card.type_line]
    if card.text:
        lines.append(card.text)
    if card.power is not None:
        lines.append(f"{card.power}/{card.toughness}")
    if card.loyalty is not None:
        lines.append(f"Loyalty {card.loyalty}")
    return "\n".join(lines)


class LimitedDialog(QDialog):
    """Sets and a seed for a sealed pool or a draft: the seed is a fresh random one, shown so
    that a pool can be shared (type a friend's seed to open the same boosters). ``choices``
    lists the sets that open boosters (code, name, date), newest first: a click on one adds
    its code to the sets."""

    def __init__(self, parent: QWidget | None, title: str, prompt: str, people: bool = False,
                 choices: list[tuple[str, str, str]] | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        form = QFormLayout(self)
        self.sets = named(QLineEdit(), "limitedSets")
        self.sets.setPlaceholderText("e.g. SOI, DTK, M19, or RIX XLN XLN")
        self.seed = named(QSpinBox(), "limitedSeed")
        self.seed.setRange(0, 2**31 - 1)
        self.seed.setValue(new_seed())
        again = named(QPushButton("New seed"), "newSeed")
        again.clicked.connect(lambda: self.seed.setValue(new_seed()))
        row = QHBoxLayout()
        row.addWidget(self.seed, 1)
        row.addWidget(again)
        form.addRow(prompt, self.sets)
        self.choices = named(QListWidget(), "limitedChoices")
        for code, name, date in choices or ():
            it = QListWidgetItem(f"{code}  {name}" + (f" ({date[:4]})" if date else ""))
            it.setData(NAME_ROLE, code)
            it.setToolTip(f"click to add {code} to the sets")
            self.choices.addItem(it)
        self.choices.setMinimumHeight(220)
        self.choices.itemClicked.connect(self._add_set)
        if choices:
            form.addRow("Sets that open boosters (click to add):", self.choices)
        else:
            self.choices.hide()
        form.addRow("Seed (share it to open the same boosters):", row)
        self.people = named(QSpinBox(), "people")
        self.people.setRange(1, 8)
        self.people.setToolTip("people drafting at this screen, taking turns (the other seats are bots)")
        if people:
            form.addRow("People drafting (hotseat):", self.people)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.resize(560, self.sizeHint().height())

    def _add_set(self, item: QListWidgetItem) -> None:
        text = self.sets.text().strip()
        self.sets.setText(f"{text} {item.data(NAME_ROLE)}".strip())

    def set_codes(self) -> list[str]:
        return [c.upper() for c in self.sets.text().replace(",", " ").split() if c.strip()]

    @classmethod
    def ask(cls, parent: QWidget | None, title: str, prompt: str,
            choices: list[tuple[str, str, str]] | None = None) -> tuple[list[str], int]:
        dlg = cls(parent, title, prompt, choices=choices)
        if dlg.exec() != QDialog.DialogCode.Accepted:
            return [], 0
        return dlg.set_codes(), dlg.seed.value()
