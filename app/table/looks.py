"""A card's look: its face with what the game shows on it, drawn once and shared.

What a card on the table looks like depends on a few facts only: the face (or the
back), its size, whether it is tapped, and on the battlefield its P/T, damage, counters,
summoning sickness and token mark. ``look_key`` names those facts; ``look_pixmap``
draws the look once per key at the view's pixel size and keeps it, so every item that
looks the same (thirty untapped Forests) blits one shared pixmap, and a change of state
(untapping at the turn's start, 502.2) swaps pixmaps instead of scaling faces again
(issue 5: at most 16 ms per update with 60 permanents a side; ``python -m app.bench``).

The ring a decision puts around a card (playable, target, attacking...) is the last
element of the key, drawn over the look without it; order badges and pile counts are
drawn live by the item (rare, and they change with the decision, not with the card).
"""
from __future__ import annotations

from collections import OrderedDict
from functools import lru_cache
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen, QPixmap, QTransform

from app.cards.render import back_pixmap, card_pixmap, face_for
from engine.cardpool import default_pool
from engine.support import unsupported_reasons

RENDER_SCALE = 2        # the face is scaled from a pixmap twice the scene size
MARGIN = 3              # room around the card for its ring
MAX_LOOKS = 1000        # 15-50 MB at the usual view scales; the oldest go first
LookKey = tuple[Any, ...]

# the rings around cards: what a card is for in the decision of the moment
LEFT_MIDDLE = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter   # text at the left, centred in height
TEAM_COLOURS = ("#2f6fb0", "#b0452f")   # Two-Headed Giant (810): team 1, team 2, on the table and in the dialog

HIGHLIGHT = {
    "playable": QColor(80, 220, 110),
    "target": QColor(255, 205, 40),
    "attacking": QColor(230, 60, 50),
    "blocking": QColor(60, 130, 240),
    "selected": QColor(255, 255, 255),
}

_looks: OrderedDict[tuple[LookKey, float, float], QPixmap] = OrderedDict()


@lru_cache(maxsize=32)
def font(size: int, bold: bool = False) -> QFont:
    """A DejaVu Sans font, made once (a QFont per paint costs a font lookup each time)."""
    return QFont("DejaVu Sans", size, QFont.Weight.Bold if bold else QFont.Weight.Normal)


def look_key(card: dict[str, Any], face_up: bool, zone: str, w: int, h: int) -> LookKey:
    """The facts a card's look is drawn from, but its ring (hashable; equal keys look the
    same). The item adds the ring (a HIGHLIGHT name or None) at the end."""
    name = card.get("name", "") if face_up else ""
    marks: tuple[Any, ...] = ()
    manual = bool(name) and bool(unsupported_note(name))
    if zone == "battlefield" and face_up:
        power, toughness = card.get("power"), card.get("toughness")
        sick = bool(card.get("sick")) and power is not None and "Haste" not in (card.get("keywords") or [])
        changed = False
        if power is not None:
            face = face_for(name)
            changed = (str(power), str(toughness)) != (str(face.power), str(face.toughness))
        counters = tuple(sorted((k, n) for k, n in (card.get("counters") or {}).items() if n))
        damage, token = card.get("damage") or 0, bool(card.get("token"))
        if sick or power is not None or damage or counters or token:
            marks = (sick, power, toughness, changed, damage, counters, token)
    if manual:   # the banner of a card played by hand, over whatever marks it has
        marks = (marks or (False, None, None, False, 0, (), False)) + (True,)
    return (name, w, h, bool(card.get("tapped")), marks)


def look_pixmap(key: LookKey, scale: float, dpr: float = 1.0) -> QPixmap:
    """The look named by ``key`` at ``scale`` device pixels per scene unit on a device of
    ``dpr`` pixels per logical pixel (turned a quarter clockwise when tapped: 701.17a, sideways),
    drawn on first use."""
    k = (key, round(scale, 3), dpr)
    pm = _looks.get(k)
    if pm is not None:
        _looks.move_to_end(k)
        return pm
    pm = QPixmap(_cached(key, scale * dpr))  # shares the pixels; only its pixel ratio differs
    pm.setDevicePixelRatio(dpr)
    _remember(k, pm)
    return pm


def _cached(key: LookKey, scale: float) -> QPixmap:
    """A look in device pixels (pixel ratio 1), drawn on first use."""
    k = (key, round(scale, 3), 0.0)
    pm = _looks.get(k)
    if pm is None:
        pm = _draw(key, scale)
        _remember(k, pm)
    return pm


def _remember(k: tuple[LookKey, float, float], pm: QPixmap) -> None:
    _looks[k] = pm
    if len(_looks) > MAX_LOOKS:
        _looks.popitem(last=False)


def forget_looks() -> None:
    """Drop every drawn look (the card images changed)."""
    _looks.clear()


def _draw(key: LookKey, scale: float) -> QPixmap:
    """Draw a look at ``scale`` device pixels per scene unit. Only the bare face (untapped,
    no marks, no ring) is scaled; marks are drawn over the bare face, a ring over the look
    with its marks, and a tapped look is the untapped one turned (exact, no resampling)."""
    name, w, h, tapped, marks, ring = key
    if tapped:
        return _cached((name, w, h, False, marks, ring), scale).transformed(QUARTER_TURN)
    if ring or marks:
        # a ring, or the battlefield's marks (damage, counters, P/T...), drawn over the look
        # without them: the face is not scaled again
        pm = QPixmap(_cached((name, w, h, False, marks if ring else (), None), scale))  # a copy: drawn on below
        p = QPainter(pm)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        p.scale(pm.width() / (w + 2 * MARGIN), pm.height() / (h + 2 * MARGIN))
        p.translate(MARGIN, MARGIN)
        if ring:
            p.setPen(QPen(HIGHLIGHT[ring], 3))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(QRectF(-1.5, -1.5, w + 3, h + 3), 6, 6)
        else:
            _marks(p, w, h, *marks)
        p.end()
        return pm
    pw, ph = max(1, round((w + 2 * MARGIN) * scale)), max(1, round((h + 2 * MARGIN) * scale))
    pm = QPixmap(pw, ph)
    pm.fill(Qt.GlobalColor.transparent)
    p = QPainter(pm)
    p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    p.scale(pw / (w + 2 * MARGIN), ph / (h + 2 * MARGIN))
    p.translate(MARGIN, MARGIN)
    sw, sh = w * RENDER_SCALE, h * RENDER_SCALE
    face = card_pixmap(name, sw, sh) if name else back_pixmap(sw, sh)
    p.drawPixmap(QRectF(0, 0, w, h), face, QRectF(0, 0, sw, sh))
    p.end()
    return pm


def _marks(p: QPainter, w: int, h: int, sick: bool, power: Any, toughness: Any, changed: bool, damage: int,
           counters: tuple[tuple[str, int], ...], token: bool, manual: bool = False) -> None:
    """What the table shows on a card: sickness, P/T, damage, counters, token (on the
    battlefield), and on any face a banner when the engine plays it by hand (engine.manual)."""
    counters = tuple((k, v) for k, v in counters if v)   # a count of 0 is no counter at all
    if sick:  # 302.6: can't attack or {T} yet
        p.fillRect(QRectF(0, 0, w, h), QColor(0, 0, 0, 60))
        badge(p, QPointF(12, h * 0.36), "zz", QColor(90, 90, 160))
    if power is not None:
        r = QRectF(w - 40, h - 22, 38, 20)
        p.setPen(QPen(QColor(10, 10, 10), 1))
        p.setBrush(QColor(255, 236, 150) if changed else QColor(245, 245, 240))
        p.drawRoundedRect(r, 5, 5)
        p.setFont(font(9, True))
        p.setPen(QColor(10, 10, 10))
        p.drawText(r, Qt.AlignmentFlag.AlignCenter, f"{power}/{toughness}")
    if damage:
        badge(p, QPointF(w - 12, h * 0.36), str(damage), QColor(200, 30, 30))
    if counters:
        txt = " ".join(f"{k.replace('+1/+1', '+1')}×{v}" for k, v in counters)
        p.setFont(font(7, True))
        r = QRectF(2, h * 0.5, w - 4, 14)
        p.fillRect(r, QColor(20, 20, 20, 200))
        p.setPen(QColor(255, 240, 160))
        p.drawText(r, Qt.AlignmentFlag.AlignCenter, txt)
    if token:
        badge(p, QPointF(w / 2, h * 0.36), "T", QColor(120, 120, 120))
    if manual:
        r = QRectF(0, h * 0.18, w, 14)
        p.fillRect(r, QColor(150, 20, 20, 225))
        p.setFont(font(7, True))
        p.setPen(QColor(255, 240, 200))
        p.drawText(r, Qt.AlignmentFlag.AlignCenter, "BY HAND")


def badge(p: QPainter, at: QPointF, text: str, color: QColor) -> None:
    """A small round badge with a short text."""
    p.setPen(QPen(QColor(255, 255, 255), 1.5))
    p.setBrush(color)
    p.drawEllipse(at, 11, 11)
    p.setFont(font(8, True))
    p.drawText(QRectF(at.x() - 11, at.y() - 11, 22, 22), Qt.AlignmentFlag.AlignCenter, text)


def blit_look(p: QPainter, key: LookKey, at: QPointF) -> bool:
    """Draw a look with the top-left corner of its card at ``at`` (the painter's
    coordinates), pixel for pixel on the device. False when the painter turns, shears or
    stretches (the caller draws it scaled instead)."""
    t = p.worldTransform()
    s = t.m11()
    if t.m12() or t.m21() or t.m13() or t.m23() or s <= 0 or abs(s - t.m22()) > 1e-6:
        return False
    dev = p.device()
    dpr = dev.devicePixelRatioF() if dev is not None else 1.0
    pm = look_pixmap(key, s, dpr)
    x, y = (at.x() - MARGIN) * s + t.dx(), (at.y() - MARGIN) * s + t.dy()
    p.setWorldTransform(IDENTITY)
    p.drawPixmap(QPointF(round(x * dpr) / dpr, round(y * dpr) / dpr), pm)
    p.setWorldTransform(t)
    return True


def draw_look_scaled(p: QPainter, key: LookKey, rect: QRectF) -> None:
    """A look scaled into ``rect``, its card's place (for a painter that turns or shears)."""
    pm = look_pixmap(key, RENDER_SCALE)
    p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    p.drawPixmap(rect.adjusted(-MARGIN, -MARGIN, MARGIN, MARGIN), pm, QRectF(0, 0, pm.width(), pm.height()))


IDENTITY = QTransform()
QUARTER_TURN = QTransform().rotate(90)


@lru_cache(maxsize=1)
def _pool() -> Any:
    return default_pool()


@lru_cache(maxsize=4096)
def unsupported_note(name: str) -> str:
    """Why the engine cannot play a card exactly as written ("" when it can): such a card is
    played in manual mode (engine.manual), and its face and preview say so."""
    if not name:
        return ""
    try:
        reasons = unsupported_reasons(_pool().definition(name))
    except Exception:  # noqa: BLE001 - a card the pool does not know: nothing to say about it
        return ""
    return "; ".join(reasons)


def preview_overlay(p: QPainter, card: dict[str, Any], w: float, h: float) -> None:
    """What the large preview adds to a printed face: the current power and toughness (a
    pumped or shrunk creature, 613), damage, counters, and a banner on a card the engine
    plays by hand."""
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    k = w / 250.0
    power, toughness = card.get("power"), card.get("toughness")
    if power is not None and card.get("zone", "battlefield") == "battlefield" and "id" in card:
        face = face_for(card.get("name", ""))
        changed = (str(power), str(toughness)) != (str(face.power), str(face.toughness))
        r = QRectF(w - 78 * k, h - 40 * k, 72 * k, 32 * k)
        p.setPen(QPen(QColor(10, 10, 10), 1.5))
        p.setBrush(QColor(255, 226, 110) if changed else QColor(245, 245, 240))
        p.drawRoundedRect(r, 6 * k, 6 * k)
        p.setFont(font(max(6, round(15 * k)), True))
        p.setPen(QColor(10, 10, 10))
        p.drawText(r, Qt.AlignmentFlag.AlignCenter, f"{power}/{toughness}")
    lines = []
    if card.get("damage"):
        lines.append(f"damage marked: {card['damage']}")
    counters = {c: n for c, n in (card.get("counters") or {}).items() if n}
    if counters:
        lines.append("counters: " + ", ".join(f"{c} ×{n}" for c, n in sorted(counters.items())))
    note = unsupported_note(card.get("name", ""))
    if note:
        lines.insert(0, "NOT SUPPORTED by the rules engine: played by hand (right-click it for manual actions)")
    if not lines:
        return
    p.setFont(font(max(6, round(9 * k)), True))
    fm = p.fontMetrics()
    box = QRectF(6 * k, h * 0.56, w - 12 * k, h * 0.3)
    text_h = fm.boundingRect(box.toRect(), int(Qt.TextFlag.TextWordWrap), "\n".join(lines)).height()
    box.setHeight(text_h + 10 * k)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(120, 20, 20, 230) if note else QColor(20, 20, 20, 220))
    p.drawRoundedRect(box, 6 * k, 6 * k)
    p.setPen(QColor(255, 244, 200))
    flags = int(Qt.TextFlag.TextWordWrap | Qt.AlignmentFlag.AlignLeft)
    p.drawText(box.adjusted(5 * k, 5 * k, -5 * k, -5 * k), flags, "\n".join(lines))
