"""The cards a reveal or a look shows, face up over the table for a moment.

A reveal shows cards to every player (701.13a); a look, or a reveal "to" one player, shows
them to that player alone (engine/knowledge.py gives the cards only to the event's
audience). The controller queues what each seat was shown (``TableController.take_shown``);
the widget puts it up here for the seat at the screen and takes it down after a moment,
on a click, at the next decision, or when the hand-over screen goes up.
"""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QFontMetrics, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject, QStyleOptionGraphicsItem

from app.table.items import CardItem
from app.table.looks import LEFT_MIDDLE, font

Z_REVEAL = 200          # over everything on the table, dragged cards included
REVEAL_W, REVEAL_H = 110, 154
PAD, GAP, TITLE_H = 12, 8, 26
HINT = "   (click to close)"


def title(e: dict[str, Any], you: str) -> str:
    """The overlay's heading: who shows the cards, and to whom."""
    who = e.get("player")
    if e.get("type") == "look":
        return "you look at" if who == you else f"{who} looks at"
    to = e.get("to")
    verb = "you reveal" if who == you else f"{who} reveals"
    return verb + (f" to {'you' if to == you else to}" if to not in (None, "all") else "")


class RevealOverlay(QGraphicsObject):
    """Face-up cards with a heading in a dark panel (one panel for one or more events)."""

    def __init__(self, events: list[dict[str, Any]], you: str) -> None:
        super().__init__()
        self.setZValue(Z_REVEAL)
        self.events = events
        self.names = [n for e in events for n in e.get("cards") or []]
        self.title = "; ".join(dict.fromkeys(title(e, you) for e in events))
        self.cards: list[CardItem] = []
        n = len(self.names)
        per_row = min(n, 8)
        rows = (n + per_row - 1) // per_row if n else 1
        cards_w = per_row * REVEAL_W + GAP * max(0, per_row - 1)
        text_w = QFontMetrics(font(12, True)).horizontalAdvance(self.title + HINT)
        self.w = PAD * 2 + max(cards_w, text_w)
        left = PAD + (self.w - 2 * PAD - cards_w) / 2    # the cards centered under the heading
        self.h = PAD * 2 + TITLE_H + rows * REVEAL_H + GAP * (rows - 1)
        for i, name in enumerate(self.names):
            it = CardItem({"name": name}, "reveal", str(events[0].get("player")), REVEAL_W, REVEAL_H, True)
            it.setParentItem(self)
            r, c = divmod(i, per_row)
            it.setPos(QPointF(left + c * (REVEAL_W + GAP), PAD + TITLE_H + r * (REVEAL_H + GAP)))
            self.cards.append(it)

    def boundingRect(self) -> QRectF:
        return QRectF(0, 0, self.w, self.h)

    def paint(self, p: QPainter, opt: QStyleOptionGraphicsItem, widget: Any = None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(QPen(QColor(255, 205, 40), 2))
        p.setBrush(QColor(12, 16, 20, 225))
        p.drawRoundedRect(QRectF(1, 1, self.w - 2, self.h - 2), 10, 10)
        p.setPen(QColor(240, 240, 240))
        p.setFont(font(12, True))
        p.drawText(QRectF(PAD, 4, self.w - 2 * PAD, TITLE_H), LEFT_MIDDLE,
                   self.title + HINT)


def place(overlay: RevealOverlay, mine: bool, main_x: float, main_w: float, scene_h: float) -> None:
    """Near the revealing player: over their half of the table, centered on the play area."""
    x = main_x + max(0.0, (main_w - overlay.w) / 2)
    y = scene_h * 0.55 if mine else scene_h * 0.12
    overlay.setPos(QPointF(x, min(y, scene_h - overlay.h - 4)))
    overlay.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, False)
