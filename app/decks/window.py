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
    Ctrl+N new, Ctrl+O open, Ctrl+S save, Ctrl+I import, Ctrl+E export, Ctrl+Z undo, Ctrl+Shift+Z redo
"""
from __future__ import annotations

import json
import pathlib
from typing import Any

from PySide6.QtCore import QEvent, QMimeData, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QBrush, QColor, QKeySequence
from PySide6.QtWidgets import (QAbstractItemView, QComboBox, QDialog, QDialogButtonBox, QFileDialog, QHBoxLayout,
                               QHeaderView, QInputDialog, QLabel, QLineEdit, QListWidget, QListWidgetItem,
                               QMainWindow, QMessageBox, QPushButton, QSplitter, QTreeWidget, QTreeWidgetItem,
                               QVBoxLayout, QWidget)

from engine.decks.files import DeckFileError, read_deck, write_deck
from engine.decks.format import FormatError, load_formats, user_formats_dir
from engine.decks.limited import LimitedError, sealed_pool
from engine.decks.model import Deck
from engine.decks.validate import Problem, Validator

NAME_ROLE = Qt.ItemDataRole.UserRole
SEARCH_LIMIT = 300
ERROR_COLOR = QColor(200, 30, 30)
WARNING_COLOR = QColor(190, 120, 0)
DECK_FILTER = "Deck files (*.txt *.dek *.cod *.dck);;All files (*)"
EXPORT_FILTER = ("Plain text (*.txt);;MTG Arena (*.arena.txt);;MTGO (*.dek);;Cockatrice (*.cod)")


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
        self.search_box = QLineEdit(objectName="search")
        self.search_box.setPlaceholderText('Search cards: bolt, t:creature c:r mv<=2, o:"draw a card", s:m19 ...')
        self.search_box.setClearButtonEnabled(True)
        filters = QHBoxLayout()
        self.color_buttons: dict[str, QPushButton] = {}
        for c in "WUBRGC":
            b = QPushButton(c, objectName=f"color{c}", checkable=True)
            b.setFixedWidth(28)
            b.setToolTip({"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green",
                          "C": "colorless"}[c] + " (cards within the chosen colors)")
            b.toggled.connect(lambda _on: self._search_timer.start())
            self.color_buttons[c] = b
            filters.addWidget(b)
        self.type_filter = QComboBox(objectName="typeFilter")
        self.mv_filter = QComboBox(objectName="mvFilter")
        self.rarity_filter = QComboBox(objectName="rarityFilter")
        self.set_filter = QLineEdit(objectName="setFilter")
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
            filters.addWidget(box)
        self.set_filter.textChanged.connect(lambda _t: self._search_timer.start())
        filters.addWidget(self.set_filter)
        from PySide6.QtWidgets import QCheckBox
        self.legal_filter = QCheckBox("legal", objectName="legalFilter")
        self.legal_filter.setToolTip("only cards legal in the deck's format (banned lists, sets, card types)")
        self.legal_filter.toggled.connect(lambda _on: self._search_timer.start())
        filters.addWidget(self.legal_filter)
        filters.addStretch(1)
        self.search_error = QLabel(objectName="searchError")
        self.search_error.setStyleSheet("color: #c81e1e")
        self.search_error.hide()
        self.results = CardResultList(objectName="results")
        self.results.setDragEnabled(True)
        self.results.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        self.results.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.results.itemDoubleClicked.connect(lambda it: self.add_card(it.data(NAME_ROLE)))
        self.result_count = QLabel(objectName="resultCount")
        row = QHBoxLayout()
        self.add_main_btn = QPushButton("Add to deck", objectName="addMain")
        self.add_side_btn = QPushButton("Add to sideboard", objectName="addSide")
        self.add_main_btn.clicked.connect(lambda: self._add_selected_results(False))
        self.add_side_btn.clicked.connect(lambda: self._add_selected_results(True))
        row.addWidget(self.add_main_btn)
        row.addWidget(self.add_side_btn)
        lv.addWidget(self.search_box)
        lv.addLayout(filters)
        for w in (self.search_error, self.results, self.result_count):
            lv.addWidget(w)
        lv.addLayout(row)

        right = QWidget()
        rv = QVBoxLayout(right)
        top = QHBoxLayout()
        self.name_box = QLineEdit(objectName="deckName")
        self.name_box.setPlaceholderText("Deck name")
        self.name_box.editingFinished.connect(self._rename)
        self.format_box = QComboBox(objectName="format")
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
        self.commander_label = QLabel("Commander: none", objectName="commander")
        self.clear_commander_btn = QPushButton("Clear commander", objectName="clearCommander")
        self.clear_commander_btn.clicked.connect(lambda: self.set_commander(None))
        cmd_row.addWidget(self.commander_label, 1)
        cmd_row.addWidget(self.clear_commander_btn)
        rv.addLayout(cmd_row)

        lists = QSplitter(Qt.Orientation.Horizontal)
        self.main_list = self._deck_tree("main")
        self.side_list = self._deck_tree("sideboard")
        self.main_title = QLabel("Main deck", objectName="mainTitle")
        self.side_title = QLabel("Sideboard", objectName="sideTitle")
        for title, tree in ((self.main_title, self.main_list), (self.side_title, self.side_list)):
            box = QWidget()
            bl = QVBoxLayout(box)
            bl.setContentsMargins(0, 0, 0, 0)
            bl.addWidget(title)
            bl.addWidget(tree)
            lists.addWidget(box)
        lists.setSizes([500, 260])
        rv.addWidget(lists, 3)

        btns = QHBoxLayout()
        for label, name, slot in (("+", "plus", lambda: self._on_current(lambda n, s: self.add_card(n, sideboard=s))),
                                  ("-", "minus", lambda: self._on_current(lambda n, s: self.remove_card(n, sideboard=s))),
                                  ("Move to other list", "move", lambda: self._on_current(self.move_card)),
                                  ("Make commander", "makeCommander", lambda: self._on_current(
                                      lambda n, s: self.set_commander(n)))):
            b = QPushButton(label, objectName=name)
            b.clicked.connect(slot)
            btns.addWidget(b)
        btns.addStretch(1)
        rv.addLayout(btns)
        self.stats_label = QLabel(objectName="stats")
        self.stats_label.setWordWrap(True)
        rv.addWidget(self.stats_label)
        from app.decks.charts import DeckCharts
        self.charts = DeckCharts()
        rv.addWidget(self.charts)
        self.verdict = QLabel(objectName="verdict")
        rv.addWidget(self.verdict)
        self.problem_list = QListWidget(objectName="problems")
        self.problem_list.setWordWrap(True)
        self.problem_list.itemActivated.connect(self._goto_problem)
        rv.addWidget(self.problem_list, 1)

        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(left)
        split.addWidget(right)
        split.setSizes([420, 780])
        self.setCentralWidget(split)
        for w in (self.search_box, self.results, self.main_list, self.side_list):
            w.installEventFilter(self)

    def _deck_tree(self, name: str) -> QTreeWidget:
        t = DeckTree(objectName=name)
        t.setDragEnabled(True)
        t.setAcceptDrops(True)
        t.setDragDropMode(QAbstractItemView.DragDropMode.DragDrop)
        t.viewport().installEventFilter(self)
        t.setColumnCount(4)
        t.setHeaderLabels(["#", "Card", "Cost", "Type"])
        t.setRootIsDecorated(False)
        t.setUniformRowHeights(True)
        t.header().setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        t.header().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        t.itemDoubleClicked.connect(lambda it, _c, side=(name == "sideboard"):
                                    self.add_card(it.data(1, NAME_ROLE), sideboard=side))
        return t

    def _build_actions(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        edit_menu = self.menuBar().addMenu("&Edit")
        limited_menu = self.menuBar().addMenu("&Limited")
        self.actions: dict[str, QAction] = {}

        def act(menu, key, text, shortcut, slot):
            a = QAction(text, self)
            if shortcut:
                a.setShortcut(QKeySequence(shortcut))
                a.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
            a.triggered.connect(slot)
            menu.addAction(a)
            self.addAction(a)
            self.actions[key] = a
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
        if not query:
            self.result_count.setText("")
            return
        try:
            cards = self.db.search(query, limit=SEARCH_LIMIT + 1)
        except ValueError as exc:          # engine.cards.search.QueryError is a ValueError
            self.search_error.setText(str(exc))
            self.search_error.show()
            self.result_count.setText("")
            return
        if self.legal_filter.isChecked():
            cards = [c for c in cards if self.card_legal(c.name)]
        for card in cards[:SEARCH_LIMIT]:
            item = QListWidgetItem(f"{card.name}   {card.mana_cost}   {card.type_line}".rstrip())
            item.setData(NAME_ROLE, card.name)
            item.setToolTip(_card_tip(card))
            self.results.addItem(item)
        more = len(cards) > SEARCH_LIMIT
        self.result_count.setText(f"{min(len(cards), SEARCH_LIMIT)}{'+' if more else ''} cards")
        if self.results.count():
            self.results.setCurrentRow(0)

    def _add_selected_results(self, sideboard: bool) -> None:
        items = self.results.selectedItems() or ([self.results.currentItem()] if self.results.currentItem() else [])
        for it in items:
            self.add_card(it.data(NAME_ROLE), sideboard=sideboard)

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
        if name == self.deck.commander:
            return
        self._checkpoint()
        old = self.deck.commander
        if name:
            if name in self.deck.main:
                self.deck.remove(name)
            elif name in self.deck.sideboard:
                self.deck.remove(name, sideboard=True)
        if old:
            self.deck.add(old)
        self.deck.commander = name
        self._changed()

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
        if pool is not None:
            self.pool = pool
        if format_name and format_name in self.formats:
            self.format_box.blockSignals(True)
            self.format_box.setCurrentIndex(self.format_box.findData(format_name))
            self.format_box.blockSignals(False)
        self._changed()

    def new_deck(self) -> None:
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
        from engine.decks.model import Deck
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
            current = tree.currentItem().data(1, NAME_ROLE) if tree.currentItem() else None
            tree.clear()
            for name, n in sorted(zone.items(), key=lambda kv: self._sort_key(kv[0])):
                card = self.validator().card(name)
                item = QTreeWidgetItem([str(n), name, card.mana_cost if card else "", card.type_line if card else "?"])
                item.setData(1, NAME_ROLE, name)
                item.setTextAlignment(0, Qt.AlignmentFlag.AlignRight)
                canon = card.name if card else name
                probs = by_card.get(canon, []) + (by_card.get(name, []) if canon != name else [])
                if probs:
                    color = ERROR_COLOR if any(p.is_error for p in probs) else WARNING_COLOR
                    for col in range(4):
                        item.setForeground(col, QBrush(color))
                    item.setToolTip(1, "\n".join(p.message for p in probs))
                elif card is not None:
                    item.setToolTip(1, _card_tip(card))
                tree.addTopLevelItem(item)
                if (select and select == (name, side)) or (not select and name == current):
                    tree.setCurrentItem(item)
        self.main_title.setText(f"Main deck ({deck.main_count - (1 if deck.commander else 0)})")
        self.side_title.setText(f"Sideboard ({sum(deck.sideboard.values())})")
        self.commander_label.setText(f"Commander: {deck.commander or 'none'}")
        cmd_probs = by_card.get(deck.commander or "", [])
        self.commander_label.setStyleSheet("color: #c81e1e" if any(p.is_error for p in cmd_probs) else "")
        self.commander_label.setToolTip("\n".join(p.message for p in cmd_probs))
        self.clear_commander_btn.setEnabled(bool(deck.commander))
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
        title = f"{deck.name or 'Untitled'} - Deck builder"
        self.setWindowTitle(title)
        self.validated.emit(self.problems)

    def _sort_key(self, name: str):
        card = self.validator().card(name)
        if card is None:
            return (3, 0, name)
        land = "Land" in (card.types or ())
        return (2 if land else 1, card.mana_value, name)

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
                if it.data(1, NAME_ROLE) == name:
                    tree.setCurrentItem(it)
                    tree.setFocus()
                    return

    # -- keyboard --------------------------------------------------------------------------
    def drop_cards(self, mime: QMimeData, sideboard: bool) -> bool:
        """Cards dropped on the main deck (sideboard False) or the sideboard: added, or moved between the lists."""
        if not mime.hasFormat(CARDS_MIME):
            return False
        try:
            data = json.loads(bytes(mime.data(CARDS_MIME)).decode("utf-8"))
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
                self.add_card(name, sideboard=sideboard)
        return True

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        et = event.type()
        if obj in (self.main_list.viewport(), self.side_list.viewport()) and et in (
                QEvent.Type.DragEnter, QEvent.Type.DragMove, QEvent.Type.Drop):
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
        if et != QEvent.Type.KeyPress:
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
            if text in ("+", "=") or (enter and name):
                self.add_card(name, sideboard=side)
                return True
            if text == "-":
                self.remove_card(name, sideboard=side)
                return True
            if key in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
                zone = self.deck.sideboard if side else self.deck.main
                if name in zone:
                    self.remove_card(name, zone[name], sideboard=side)
                return True
            if text.lower() == "s":
                self.move_card(name, side)
                return True
            if text.lower() == "c" and name:
                self.set_commander(name)
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

    def set_pool(self, pool: Deck) -> None:
        """Use a limited pool: the deck starts empty with the whole pool in the sideboard, format limited."""
        self.set_deck(Deck(name=pool.name or "Limited deck", sideboard=dict(pool.all_counts()),
                           printings=dict(pool.printings)), None, "limited", pool)

    def open_sealed(self, set_code: str, seed: int) -> bool:
        try:
            _packs, pool = sealed_pool(self.db, set_code, seed)
        except LimitedError as exc:
            QMessageBox.warning(self, "Cannot open sealed boosters", str(exc))
            return False
        if self.store is not None:
            self.store.save(pool, kind="pool")
        self.set_pool(pool)
        return True

    def start_draft(self, sets: str | list[str], seed: int):
        """Open the draft screen; its pool comes here (as a limited deck) when the draft ends."""
        from .draft import DraftWidget
        try:
            w = DraftWidget(self.db, sets, seed)
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
        if self.store is not None:
            self.store.save(pool, kind="pool")
        self.set_pool(pool)
        self.draft_widget.close()

    def draft_dialog(self) -> None:
        code, ok = QInputDialog.getText(self, "Draft", "Set code (e.g. M19, DOM, XLN):")
        if not ok or not code.strip():
            return
        seed, ok = QInputDialog.getInt(self, "Draft", "Seed:", 1, 0, 2**31 - 1)
        if ok:
            self.start_draft(code.strip(), seed)

    def sealed_dialog(self) -> None:
        code, ok = QInputDialog.getText(self, "Sealed", "Set code (e.g. M19, DOM, XLN):")
        if not ok or not code.strip():
            return
        seed, ok = QInputDialog.getInt(self, "Sealed", "Seed:", 1, 0, 2**31 - 1)
        if ok:
            self.open_sealed(code.strip(), seed)

    def save(self) -> int | None:
        if self.store is None:
            path, _ = QFileDialog.getSaveFileName(self, "Save the deck", f"{self.deck.name or 'deck'}.txt",
                                                  EXPORT_FILTER)
            if path:
                self.export_file(path)
            return None
        self.deck_id = self.store.save(self.deck, self.deck_id, format=self.format_name)
        self.statusBar().showMessage(f"Saved {self.deck.name}", 3000)
        return self.deck_id

    def _autosave(self) -> None:
        if self.store is not None and (self.deck_id is not None or not self.deck.is_empty()):
            self.deck_id = self.store.save(self.deck, self.deck_id, format=self.format_name)

    def load_deck(self, deck_id: int) -> None:
        info = self.store.info(deck_id)
        pool = self.store.load(info.pool_id) if info.pool_id else None
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
        lst = QListWidget(objectName="storedDecks")
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


def _card_tip(card: Any) -> str:
    lines = [f"{card.name}  {card.mana_cost}".strip(), card.type_line]
    if card.text:
        lines.append(card.text)
    if card.power is not None:
        lines.append(f"{card.power}/{card.toughness}")
    if card.loyalty is not None:
        lines.append(f"Loyalty {card.loyalty}")
    return "\n".join(lines)
