"""The draft screen: pick from the pack in front of you while seven bots draft around you.

The Draft (engine.decks.limited) never blocks: this widget shows Draft.pack_for(seat) and
answers Draft.pick(seat, name); the bots pick as soon as the person has. When the third
round ends, ``finished`` carries the seat's pool (a Deck), ready for the deck builder.

Keyboard: Up/Down choose a card, Enter (or a double-click) picks it.
"""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtWidgets import (QHBoxLayout, QLabel, QListWidget, QListWidgetItem, QPushButton, QVBoxLayout,
                               QWidget)

from engine.decks.limited import Draft
from engine.decks.model import Deck

NAME_ROLE = Qt.ItemDataRole.UserRole
_RARITY_MARK = {"mythic": "M", "rare": "R", "uncommon": "U", "common": "C", "basic": "L"}


class DraftWidget(QWidget):
    finished = Signal(object)          # the pool, a Deck

    def __init__(self, db: Any, sets: str | list[str], seed: int, seat: int = 0, parent: QWidget | None = None):
        super().__init__(parent)
        self.db = db
        self.seat = seat
        self.draft = Draft.new(db, sets, seed, humans=(seat,))
        self.setWindowTitle(f"Draft: {'/'.join(dict.fromkeys(self.draft.sets))}, seed {seed}")
        self.status = QLabel(objectName="draftStatus")
        self.pack = QListWidget(objectName="pack")
        self.pack.itemDoubleClicked.connect(lambda it: self.pick(it.data(NAME_ROLE)))
        self.pack.installEventFilter(self)
        self.picks = QListWidget(objectName="picks")
        self.pick_btn = QPushButton("Pick", objectName="pick")
        self.pick_btn.clicked.connect(lambda: self.pick(self.pack.currentItem().data(NAME_ROLE))
                                      if self.pack.currentItem() else None)
        left = QVBoxLayout()
        left.addWidget(self.status)
        left.addWidget(self.pack, 1)
        left.addWidget(self.pick_btn)
        right = QVBoxLayout()
        self.picks_title = QLabel("Your picks (0)", objectName="picksTitle")
        right.addWidget(self.picks_title)
        right.addWidget(self.picks, 1)
        lay = QHBoxLayout(self)
        lay.addLayout(left, 3)
        lay.addLayout(right, 2)
        self.resize(800, 560)
        self.refresh()

    def refresh(self) -> None:
        d = self.draft
        self.pack.clear()
        pack = d.pack_for(self.seat)
        if pack is None:
            self.status.setText(f"The draft is over: {len(d.picks[self.seat])} cards in your pool.")
            self.pick_btn.setEnabled(False)
        else:
            arrow = "left" if d.direction() == 1 else "right"
            self.status.setText(f"Round {d.round} of {len(d.sets)}, pick {d.pick_no} (passing {arrow})")
            for c in pack.cards:
                card = self.db.get(c.name)
                cost = card.mana_cost if card else ""
                it = QListWidgetItem(f"[{_RARITY_MARK.get(c.rarity, '?')}] {c.name}   {cost}".rstrip())
                it.setData(NAME_ROLE, c.name)
                if card is not None:
                    it.setToolTip(f"{card.name} {card.mana_cost}\n{card.type_line}\n{card.text}")
                self.pack.addItem(it)
            self.pack.setCurrentRow(0)
        self.picks.clear()
        counts: dict[str, int] = {}
        for c in d.picks[self.seat]:
            counts[c.name] = counts.get(c.name, 0) + 1
        for name, n in sorted(counts.items()):
            self.picks.addItem(f"{n} {name}")
        self.picks_title.setText(f"Your picks ({len(d.picks[self.seat])})")

    def pick(self, name: str | None) -> None:
        if not name or self.draft.done:
            return
        self.draft.pick(self.seat, name)
        self.refresh()
        if self.draft.done:
            self.finished.emit(self.pool())

    def pool(self) -> Deck:
        return self.draft.pool(self.seat)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if obj is self.pack and event.type() == QEvent.Type.KeyPress and \
                event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            item = self.pack.currentItem()
            if item is not None:
                self.pick(item.data(NAME_ROLE))
            return True
        return super().eventFilter(obj, event)
