"""The draft screen: the pack in front of you as cards, your picks by colour, a pick timer, a review.

The Draft (engine.decks.limited) never blocks: this widget shows Draft.pack_for(seat) and
answers Draft.pick(seat, name); the bots pick as soon as the person has. When the third
round ends, ``finished`` carries the seat's pool (a Deck), ready for the deck builder.

The pack is shown as card faces (app.cards.render, the faces the table draws) framed in
the colour of their rarity (common black, uncommon silver, rare gold, mythic orange, a
timeshifted card purple; a foil has a rainbow edge). Picking:

* mouse: click a card to look at it (the large preview), click it again to pick it; a
  double-click picks; or drag it onto your picks;
* keyboard: arrows choose, Enter picks.

The pick timer is off, or counts the seconds of ``PICK_SECONDS`` by pick number (the
usual tournament timings, 40 seconds for the first pick down to 5); at zero the card a
bot would take is picked for you. The picks so far are grouped by colour with a mana
curve; the Review tab lists every pick (the pack it came from in its tooltip), and for picks from a
pack's second lap (pick 9 on) the cards that wheeled: seen the first time round and
still there.

Several people can draft at one screen (hotseat): ``humans`` names their seats. The screen
shows the pack, picks and review of the person whose pick it is; between two people it is
covered by a "hand over" button, so that nobody sees another drafter's pack or picks.
When the draft ends, ``finished`` carries the first person's pool and ``pools()`` all of them.
"""
from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import QEvent, QMimeData, QObject, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QBrush, QColor, QDropEvent, QIcon, QKeyEvent, QPainter, QPen, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListView,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QStackedLayout,
    QTabWidget,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.cards import render
from app.decks.charts import DeckCharts
from app.widgets import named
from engine.decks.limited import Draft
from engine.decks.model import Deck

NAME_ROLE = Qt.ItemDataRole.UserRole
RARITY_ROLE = Qt.ItemDataRole.UserRole + 1
PICK_MIME = "application/x-manatable-pick"
RARITY_COLOR = {"common": "#202020", "uncommon": "#a9b4bf", "rare": "#d4af37", "mythic": "#e2561f",
                "basic": "#6b5a45", "special": "#7b3fa0"}
RARITY_MARK = {"mythic": "M", "rare": "R", "uncommon": "U", "common": "C", "basic": "L", "special": "S"}
# seconds to pick, by pick number within a round (1..15); pick 15 has one card and goes at once
PICK_SECONDS = (40, 40, 35, 30, 25, 25, 20, 20, 15, 10, 10, 5, 5, 5, 5)
COLOR_GROUPS = (("W", "White"), ("U", "Blue"), ("B", "Black"), ("R", "Red"), ("G", "Green"),
                ("M", "Multicolour"), ("C", "Colourless"), ("L", "Lands"))
CARD_W, CARD_H = 150, 209


def card_icon(name: str, rarity: str, foil: bool = False, w: int = CARD_W, h: int = CARD_H,
              set_code: str = "") -> QPixmap:
    """A card face framed in its rarity's colour (a foil with a rainbow edge); ``set_code`` is the
    printing the face shows (the booster's set), else the card's newest printing."""
    face = render.card_pixmap(name, w - 8, h - 8, set_code)
    pm = QPixmap(w, h)
    pm.fill(Qt.GlobalColor.transparent)
    p = QPainter(pm)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(RARITY_COLOR.get(rarity, "#202020")))
    p.drawRoundedRect(0, 0, w, h, 8, 8)
    if foil:
        for i, col in enumerate(("#ff5f5f", "#ffd24f", "#5fdc6f", "#4fb4ff", "#c46fff")):
            p.setPen(QPen(QColor(col), 2))
            p.drawLine(4 + i * (w - 8) // 5, 1, 4 + (i + 1) * (w - 8) // 5, 1)
            p.drawLine(4 + i * (w - 8) // 5, h - 2, 4 + (i + 1) * (w - 8) // 5, h - 2)
    p.drawPixmap(4, 4, face)
    p.end()
    return pm


def color_group(card: Any) -> str:
    """The picks group of a card: its one colour, M (several), C (none), L (a land)."""
    if card is None:
        return "C"
    if "Land" in (getattr(card, "types", ()) or ()):
        return "L"
    cols = tuple(getattr(card, "colors", ()) or ())
    return cols[0] if len(cols) == 1 else "M" if cols else "C"


class PackView(QListWidget):
    """The pack: card faces in a grid; dragging one out carries its name."""

    def mimeTypes(self) -> list[str]:
        return [PICK_MIME]

    def mimeData(self, items) -> QMimeData:
        data = QMimeData()
        data.setData(PICK_MIME, json.dumps([it.data(NAME_ROLE) for it in items]).encode("utf-8"))
        return data


class DraftWidget(QWidget):
    finished = Signal(object)          # the pool, a Deck

    def __init__(self, db: Any, sets: str | list[str], seed: int, seat: int = 0, parent: QWidget | None = None,
                 humans: tuple[int, ...] | list[int] | None = None):
        super().__init__(parent)
        self.db = db
        self.humans = sorted(set(humans)) if humans else [seat]
        self.seat = self.humans[0]
        self.seed = seed
        self.draft = Draft.new(db, sets, seed, humans=self.humans)
        self._seen: dict[int, dict[tuple[int, int], list[str]]] = {}   # seat -> (round, pick) -> the pack's names
        self._selected: str | None = None
        self.setWindowTitle(f"Draft: {'/'.join(dict.fromkeys(self.draft.sets))}, seed {seed}")
        self.status = named(QLabel(), "draftStatus")
        self.status.setStyleSheet("font-size: 15px; font-weight: bold")
        self.seed_label = named(QLabel(), "seedLabel")
        self.seed_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.timer_box = named(QComboBox(), "pickTimer")
        self.timer_box.addItem("Pick timer: off", False)
        self.timer_box.addItem("Pick timer: on (40 s down to 5 s)", True)
        self.timer_box.currentIndexChanged.connect(lambda _i: self._restart_timer())
        self.clock = named(QLabel(), "pickClock")
        self.clock.setMinimumWidth(60)
        self._left = 0
        self._tick = QTimer(self, interval=1000)
        self._tick.timeout.connect(self._count_down)

        self.pack = named(PackView(), "pack")
        self.pack.setViewMode(QListView.ViewMode.IconMode)
        self.pack.setIconSize(QSize(CARD_W, CARD_H))
        self.pack.setGridSize(QSize(CARD_W + 10, CARD_H + 10))
        self.pack.setResizeMode(QListView.ResizeMode.Adjust)
        self.pack.setMovement(QListView.Movement.Static)
        self.pack.setWrapping(True)
        self.pack.setUniformItemSizes(True)
        self.pack.setSpacing(2)
        self.pack.setMouseTracking(True)
        self.pack.setDragEnabled(True)
        self.pack.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        self.pack.setStyleSheet("QListWidget#pack { background: #565c66; }"
                                "QListWidget#pack::item:selected { background: #4a90d9; border-radius: 6px; }")
        self.pack.itemClicked.connect(self._clicked)
        self.pack.itemEntered.connect(lambda it: self.show_preview(it.data(NAME_ROLE)))
        self.pack.currentItemChanged.connect(lambda it, _old: self.show_preview(it.data(NAME_ROLE)) if it else None)
        self.pack.installEventFilter(self)
        self.pick_btn = named(QPushButton("Pick"), "pick")
        self.pick_btn.clicked.connect(lambda: self.pick(self.pack.currentItem().data(NAME_ROLE))
                                      if self.pack.currentItem() else None)

        self.preview = named(QLabel(), "draftPreview")
        self.preview.setFixedSize(300, 418)
        self.preview.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.picks = named(QTreeWidget(), "picks")
        self.picks.setHeaderHidden(True)
        self.picks.setAcceptDrops(True)
        self.picks.viewport().setAcceptDrops(True)
        self.picks.viewport().installEventFilter(self)
        self.picks.setMinimumWidth(300)
        self.picks.currentItemChanged.connect(
            lambda it, _old: self.show_preview(it.data(0, NAME_ROLE)) if it and it.data(0, NAME_ROLE) else None)
        self.curve = DeckCharts()
        self.picks_title = named(QLabel("Your picks (0)"), "picksTitle")
        self.review = named(QTreeWidget(), "review")
        self.review.setHeaderLabels(["Pick", "Card"])
        self.review.setRootIsDecorated(False)
        self.review.setWordWrap(True)
        self.review.header().setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)

        top = QHBoxLayout()
        top.addWidget(self.status, 1)
        top.addWidget(self.seed_label)
        top.addWidget(self.timer_box)
        top.addWidget(self.clock)
        left = QVBoxLayout()
        left.addLayout(top)
        left.addWidget(self.pack, 1)
        row = QHBoxLayout()
        row.addWidget(QLabel("Click a card to look, click again (or double-click, or drag it to your picks) "
                             "to take it."), 1)
        row.addWidget(self.pick_btn)
        left.addLayout(row)
        pick_side = QWidget()
        pv = QVBoxLayout(pick_side)
        pv.setContentsMargins(0, 0, 0, 0)
        pv.addWidget(self.picks_title)
        pv.addWidget(self.picks, 1)
        pv.addWidget(self.curve)
        self.tabs = named(QTabWidget(), "draftTabs")
        self.tabs.addTab(pick_side, "Picks")
        self.tabs.addTab(self.review, "Review")
        right = QVBoxLayout()
        right.addWidget(self.preview, 0, Qt.AlignmentFlag.AlignHCenter)
        right.addWidget(self.tabs, 1)
        body = named(QWidget(), "draftBody")
        lay = QHBoxLayout(body)
        lay.addLayout(left, 3)
        lay.addLayout(right, 1)
        self.handoff = named(QPushButton(), "handoff")
        self.handoff.setStyleSheet("font-size: 20px; padding: 40px")
        self.handoff.clicked.connect(self._uncover)
        self.stack = QStackedLayout(self)
        self.stack.addWidget(body)
        self.stack.addWidget(self.handoff)
        self.card_size = QSize(CARD_W, CARD_H)
        self._resize_timer = QTimer(self, singleShot=True, interval=60)
        self._resize_timer.timeout.connect(self._fit_cards)
        self.resize(1280, 800)
        self.refresh()

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        self._resize_timer.start()

    def _fit_cards(self) -> None:
        """Cards as large as five across and three down allow (a full pack of 15 without scrolling)."""
        vp = self.pack.viewport().size()
        w = int(min((vp.width() - 20) / 5 - 10, ((vp.height() - 10) / 3 - 10) * CARD_W / CARD_H))
        w = max(110, min(w, 260))
        size = QSize(w, round(w * CARD_H / CARD_W))
        if size != self.card_size:
            self.card_size = size
            self.pack.setIconSize(size)
            self.pack.setGridSize(QSize(size.width() + 10, size.height() + 10))
            self._fill_pack()

    @property
    def seen(self) -> dict[tuple[int, int], list[str]]:
        """The packs the seat on screen has seen: (round, pick) -> the names in the pack."""
        return self._seen.setdefault(self.seat, {})

    def pools(self) -> dict[int, Deck]:
        """Every person's pool (seat -> Deck)."""
        return {s: self.draft.pool(s) for s in self.humans}

    @property
    def covered(self) -> bool:
        return self.stack.currentWidget() is self.handoff

    def _cover(self) -> None:
        """Hide the screen until the next drafter takes it (hotseat)."""
        self._tick.stop()
        self.handoff.setText(f"Seat {self.seat + 1}: your pick.\n\nClick when only you can see the screen.")
        self.stack.setCurrentWidget(self.handoff)

    def _uncover(self) -> None:
        self.stack.setCurrentIndex(0)
        self.refresh()

    # -- showing ------------------------------------------------------------------------
    def refresh(self) -> None:
        d = self.draft
        who = "" if len(self.humans) == 1 else f"Seat {self.seat + 1}'s pick · "
        self.seed_label.setText(f"{who}Seat {self.seat + 1} of {d.seats} · seed {self.seed} (share it to draft "
                                f"the same packs)")
        self.pack.clear()
        self._selected = None
        pack = d.pack_for(self.seat)
        if pack is None and not d.done:
            self.status.setText("Waiting for the other drafters.")
            self._tick.stop()
        elif pack is None:
            self.status.setText(f"The draft is over: {len(d.picks[self.seat])} cards in your pool.")
            self.pick_btn.setEnabled(False)
            self._tick.stop()
            self.clock.setText("")
        else:
            arrow = "left" if d.direction() == 1 else "right"
            self.status.setText(f"Round {d.round} of {len(d.sets)}, pick {d.pick_no} (passing {arrow})")
            self.seen[(d.round, d.pick_no)] = pack.names()
            self._fill_pack()
            self._restart_timer()
        self._show_picks()
        self._show_review()

    def _fill_pack(self) -> None:
        pack = self.draft.pack_for(self.seat)
        current = self.pack.currentItem().data(NAME_ROLE) if self.pack.currentItem() else None
        self.pack.clear()
        if pack is None:
            return
        w, h = self.card_size.width(), self.card_size.height()
        for c in pack.cards:
            card = self.db.get(c.name)
            it = QListWidgetItem(QIcon(card_icon(c.name, c.rarity, c.foil, w, h, c.set_code)), "")
            it.setData(NAME_ROLE, c.name)
            it.setData(RARITY_ROLE, c.rarity)
            it.setSizeHint(QSize(w + 6, h + 6))
            tip = f"{c.name}  [{RARITY_MARK.get(c.rarity, '?')}{', foil' if c.foil else ''}]"
            if card is not None:
                tip += f"\n{card.mana_cost}  {card.type_line}\n{card.text}"
            it.setToolTip(tip)
            it.setData(Qt.ItemDataRole.AccessibleTextRole, f"{c.name} ({c.rarity})")
            self.pack.addItem(it)
            if c.name == current:
                self.pack.setCurrentItem(it)
        if self.pack.currentItem() is None:
            self.pack.setCurrentRow(0)

    def show_preview(self, name: str | None) -> None:
        if not name:
            return
        self.preview.setPixmap(render.card_pixmap(name, self.preview.width(), self.preview.height(), self.set_of(name)))
        self.preview.setToolTip(name)
        self.preview.setProperty("card", name)

    def set_of(self, name: str) -> str:
        """The set of the booster the card came from (in the pack now, or picked), else ""."""
        pack = self.draft.pack_for(self.seat)
        for c in (pack.cards if pack is not None else []) + self.draft.picks[self.seat]:
            if c.name == name:
                return c.set_code
        return ""

    def _show_picks(self) -> None:
        picks = self.draft.picks[self.seat]
        groups: dict[str, dict[str, int]] = {}
        curve: dict[int, int] = {}
        pips: dict[str, int] = {}
        types: dict[str, int] = {}
        cards: dict[str, Any] = {}
        for c in picks:
            card = cards.get(c.name) or cards.setdefault(c.name, self.db.get(c.name))
            g = color_group(card)
            groups.setdefault(g, {})
            groups[g][c.name] = groups[g].get(c.name, 0) + 1
            if card is not None and "Land" not in card.types:
                mv = min(int(card.mana_value), 7)
                curve[mv] = curve.get(mv, 0) + 1
                for col in "WUBRG":
                    if col in (card.mana_cost or ""):
                        pips[col] = pips.get(col, 0) + (card.mana_cost or "").count(col)
                t = next((t for t in ("Creature", "Instant", "Sorcery", "Artifact", "Enchantment", "Planeswalker")
                          if t in card.types), "Other")
                types[t] = types.get(t, 0) + 1
        self.picks.clear()
        for key, label in COLOR_GROUPS:
            if key not in groups:
                continue
            names = groups[key]
            top = QTreeWidgetItem([f"{label} ({sum(names.values())})"])
            top.setData(0, Qt.ItemDataRole.UserRole + 2, key)
            f = top.font(0)
            f.setBold(True)
            top.setFont(0, f)
            for name in sorted(names, key=lambda n: (getattr(cards[n], "mana_value", 0) or 0, n)):
                card = cards[name]
                cost = getattr(card, "mana_cost", "") if card is not None else ""
                child = QTreeWidgetItem([f"{names[name]}× {name}   {cost}".rstrip()])
                child.setData(0, NAME_ROLE, name)
                top.addChild(child)
            self.picks.addTopLevelItem(top)
            top.setExpanded(True)
        self.curve.set_stats(curve, pips, types)
        self.picks_title.setText(f"Your picks ({len(picks)})")

    def wheeled(self, round_no: int, pick_no: int) -> list[str]:
        """Cards of the pack seen at this pick that were already there at its first lap (pick - seats)."""
        first = self.seen.get((round_no, pick_no - self.draft.seats))
        now = self.seen.get((round_no, pick_no))
        if not first or now is None:
            return []
        return [n for n in now if n in first]

    def _show_review(self) -> None:
        self.review.clear()
        for r in self.draft.log:
            if r.seat != self.seat:
                continue
            wheel = self.wheeled(r.round, r.pick)
            it = QTreeWidgetItem([f"{r.round}-{r.pick}", r.name])
            it.setData(1, NAME_ROLE, r.name)
            it.setToolTip(1, f"from booster {r.booster}; the pack held:\n"
                             + "\n".join(self.seen.get((r.round, r.pick), [])))
            if r.name in wheel:
                it.setForeground(1, QBrush(QColor("#1e8c1e")))
            self.review.addTopLevelItem(it)
            if wheel:                      # a second lap: what came back round the table
                w = QTreeWidgetItem(["", f"wheeled: {', '.join(wheel)}"])
                w.setForeground(1, QBrush(QColor("#6a6a6a")))
                w.setToolTip(1, "seen the first time round and still in the pack:\n" + "\n".join(wheel))
                w.setData(0, Qt.ItemDataRole.UserRole + 3, "wheel")
                self.review.addTopLevelItem(w)

    # -- the pick timer --------------------------------------------------------------------
    def _restart_timer(self) -> None:
        pack = self.draft.pack_for(self.seat)
        if not self.timer_box.currentData() or pack is None:
            self._tick.stop()
            self.clock.setText("")
            return
        self._left = PICK_SECONDS[min(self.draft.pick_no, len(PICK_SECONDS)) - 1]
        self.clock.setText(f"{self._left} s")
        self._tick.start()

    def _count_down(self) -> None:
        self._left -= 1
        self.clock.setText(f"{max(self._left, 0)} s")
        if self._left <= 0 and self.draft.pack_for(self.seat) is not None and not self.covered:
            self.pick(self.draft.bot_choice(self.seat).name)         # time is up: the card a bot would take

    # -- answers ---------------------------------------------------------------------------
    def _clicked(self, item: QListWidgetItem) -> None:
        name = item.data(NAME_ROLE)
        if self._selected == name:
            self.pick(name)
            return
        self._selected = name
        self.show_preview(name)

    def pick(self, name: str | None) -> None:
        if not name or self.draft.done:
            return
        self.draft.pick(self.seat, name)
        if self.draft.done:
            self.seat = self.humans[0]
            self.refresh()
            self.finished.emit(self.pool())
            return
        after = [s for s in sorted(self.draft.waiting) if s > self.seat] or sorted(self.draft.waiting)
        if after and after[0] != self.seat:       # hotseat: the next person's turn, behind the cover
            self.seat = after[0]
            self.pack.clear()
            self.picks.clear()
            self.review.clear()
            self.preview.clear()
            self._selected = None
            self._cover()
            return
        self.refresh()

    def pool(self) -> Deck:
        return self.draft.pool(self.seat)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        et = event.type()
        if obj is self.pack and isinstance(event, QKeyEvent) and et == QEvent.Type.KeyPress \
                and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            item = self.pack.currentItem()
            if item is not None:
                self.pick(item.data(NAME_ROLE))
            return True
        if obj == self.picks.viewport() and isinstance(event, QDropEvent):   # drag enter, move, drop
            if not event.mimeData().hasFormat(PICK_MIME):
                event.ignore()
                return True
            if et == QEvent.Type.Drop:
                names = json.loads(bytes(event.mimeData().data(PICK_MIME).data()).decode("utf-8"))
                event.acceptProposedAction()
                if names:
                    QTimer.singleShot(0, lambda n=names[0]: self.pick(n))   # after the drag returns
            else:
                event.acceptProposedAction()
            return True
        return super().eventFilter(obj, event)
