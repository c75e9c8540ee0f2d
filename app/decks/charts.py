"""Deck statistics as small bar charts: the mana curve, color pips and card types."""
from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QWidget

PIP_COLORS = {"W": "#e9e2c6", "U": "#3f7fc4", "B": "#3b3340", "R": "#d2533b", "G": "#3f9a55"}


class DeckCharts(QWidget):
    """Three bar charts side by side; ``set_stats`` redraws them."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("charts")
        self.curve: dict[int, int] = {}
        self.pips: dict[str, int] = {}
        self.types: dict[str, int] = {}
        self.setMinimumHeight(110)

    def sizeHint(self) -> QSize:
        return QSize(420, 120)

    def set_stats(self, curve: dict[int, int], pips: dict[str, int], types: dict[str, int]) -> None:
        self.curve, self.pips, self.types = dict(curve), dict(pips), dict(types)
        self.update()

    def bars(self) -> list[tuple[str, list[tuple[str, int, str]]]]:
        """The charts as data (title, [(label, value, color)]): what is painted, and what tests read."""
        curve = [(f"{k}{'+' if k == 7 else ''}", self.curve.get(k, 0), "#8aa4c8") for k in range(8)]
        pips = [(c, self.pips.get(c, 0), PIP_COLORS[c]) for c in "WUBRG"]
        types = [(t[:4], n, "#b9a27a") for t, n in sorted(self.types.items())]
        return [("mana curve", curve), ("color pips", pips), ("types", types)]

    def fit_label(self, label: str, width: float) -> str:
        """The label as long as the bar's width shows without running into the next one (down to a letter)."""
        fm = self.fontMetrics()
        for cut in (len(label), 3, 2, 1):
            if fm.horizontalAdvance(label[:cut]) <= width:
                return label[:cut]
        return label[:1]

    def paintEvent(self, _event) -> None:  # noqa: N802 (Qt name)
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        charts = self.bars()
        w = self.width() / len(charts)
        h = self.height()
        for i, (title, bars) in enumerate(charts):
            x0 = i * w + 6
            p.setPen(QColor("#555"))
            p.drawText(QRectF(x0, 0, w - 12, 14), Qt.AlignmentFlag.AlignLeft, title)
            top = max([v for _, v, _ in bars] + [1])
            n = max(len(bars), 1)
            bw = (w - 12) / n
            for j, (label, v, color) in enumerate(bars):
                bh = (h - 48) * v / top
                r = QRectF(x0 + j * bw + 2, h - 16 - bh, bw - 4, bh)
                p.fillRect(r, QColor(color))
                p.setPen(QColor("#333"))
                p.drawRect(r)
                p.drawText(QRectF(x0 + j * bw, h - 15, bw, 14), Qt.AlignmentFlag.AlignCenter,
                           self.fit_label(label, bw - 2))
                if v:
                    p.drawText(QRectF(x0 + j * bw, h - 30 - bh, bw, 14), Qt.AlignmentFlag.AlignCenter, str(v))
        p.end()
