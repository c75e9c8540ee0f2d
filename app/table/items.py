"""The graphics items of the table: cards, players, zones, arrows; item kinds and z-layers.

Items only draw: what they show comes from the game's view, and what a drag means is
decided by the scene (app.table.scene), which turns it into an answer.
"""
from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPixmap, QPolygonF
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsObject,
    QGraphicsPathItem,
    QGraphicsSimpleTextItem,
    QStyleOptionGraphicsItem,
)

from app.table.looks import (
    HIGHLIGHT,
    IDENTITY,
    LEFT_MIDDLE,
    TEAM_COLOURS,
    blit_look,
    draw_look_scaled,
    font,
    look_key,
    unsupported_note,
)

# item kinds (QGraphicsItem.type()): above QGraphicsItem::UserType, which the type stubs lack
USER_TYPE: int = getattr(QGraphicsItem, "UserType")
CARD_TYPE = USER_TYPE + 1
PLAYER_TYPE = USER_TYPE + 2
ZONE_TYPE = USER_TYPE + 3
STOP_TYPE = USER_TYPE + 4

# z-layers, bottom to top
Z_ZONE = 0
Z_ATTACHED = 5
Z_CARD = 10
Z_STACK = 20
Z_ARROW = 50
Z_DRAG = 100

LEFT_STRIP_W = 184  # the stops strip in the left column


def move_to(item: Any, rect: QRectF) -> bool:
    """Give an item drawn in its own ``rect`` (from 0,0) a new place and size; False when
    it is already there."""
    if rect == item.rect:
        return False
    if rect.size() != item.rect.size():
        item.prepareGeometryChange()
    item.rect = QRectF(rect)
    item.setPos(rect.topLeft())
    return True


class CardItem(QGraphicsObject):
    """One card: a face (or back) with its state drawn over it."""

    def __init__(self, card: dict[str, Any] | None, zone: str, seat: str, w: int, h: int,
                 face_up: bool = True) -> None:
        super().__init__()
        self.zone = zone
        self.seat = seat
        self.w, self.h = w, h
        self.card: dict[str, Any] = {}
        self.highlight: str | None = None
        self.count: int | None = None     # piles show how many cards they hold
        self.badge: str | None = None     # a place in an order being chosen (1 = first)
        self.home = QPointF()
        self.row_z = float(Z_CARD)        # its z in its row (a pile's later cards lie higher)
        self.setAcceptHoverEvents(True)
        self.setZValue(Z_CARD)
        self.tapped = False
        self._bounds = self._bounds_of(False)
        self.face_up = False
        self.look: tuple[Any, ...] = ()
        # drawn once into a pixmap of the view's resolution, redrawn only on update():
        # a table of 120 permanents repaints by blitting (issue 5: 16 ms per update)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.set_card(card, face_up, force=True)

    def set_card(self, card: dict[str, Any] | None, face_up: bool, force: bool = False) -> None:
        """Show ``card`` (the game's view of it); repaints only when something changed."""
        card = card or {}
        face_up = face_up and bool(card.get("name"))
        if not force and card == self.card and face_up == self.face_up:
            return
        ring = self.ring() if not force else None
        self.card = card
        self.obj = card.get("id")
        self.name = card.get("name", "")
        self.face_up = face_up
        tapped = bool(card.get("tapped"))
        if tapped != self.tapped:
            # a tapped card is drawn turned inside paint(), not with setRotation(): an item
            # that is only ever translated keeps its cached pixmap when its row moves
            self.prepareGeometryChange()
            self.tapped = tapped
            self._bounds = self._bounds_of(tapped)
        tip = self.name if self.face_up else ""
        counters = {k: v for k, v in (card.get("counters") or {}).items() if v} if self.face_up else {}
        if counters:
            tip += "\ncounters: " + ", ".join(f"{k} ×{v}" for k, v in counters.items())
        if self.face_up and unsupported_note(self.name):
            tip += "\nnot supported by the rules engine: played by hand (right-click for manual actions)"
        if tip != self.toolTip():
            self.setToolTip(tip)
        look = look_key(card, self.face_up, self.zone, self.w, self.h)
        if force or look != self.look or ring != self.ring():
            self.look = look
            self.update()

    def set_badge(self, badge: str | None) -> None:
        if badge != self.badge:
            self.badge = badge
            self.update()

    def type(self) -> int:  # noqa: A003 (Qt's name)
        return CARD_TYPE

    def _bounds_of(self, tapped: bool) -> QRectF:
        if tapped:  # turned a quarter about its center
            return QRectF(self.w / 2 - self.h / 2 - 3, self.h / 2 - self.w / 2 - 3, self.h + 6, self.w + 6)
        return QRectF(-3, -3, self.w + 6, self.h + 6)

    def boundingRect(self) -> QRectF:
        # Qt asks a table's 120 items for it several times a repaint (370 calls an update in
        # app.bench): kept, not made again, and changed with prepareGeometryChange (tapping)
        return self._bounds

    def center(self) -> QPointF:
        return self.mapToScene(QPointF(self.w / 2, self.h / 2))

    def paint(self, p: QPainter, opt: QStyleOptionGraphicsItem, widget: Any = None) -> None:
        # the look (face, state and ring) is one shared pixmap blitted pixel for pixel;
        # only an order badge or a pile's count is drawn here
        if self.tapped:
            at = QPointF(self.w / 2 - self.h / 2, self.h / 2 - self.w / 2)
            size = (self.h, self.w)
        else:
            at, size = QPointF(0, 0), (self.w, self.h)
        key = self.look + (self.ring(),)
        if not blit_look(p, key, at):
            draw_look_scaled(p, key, QRectF(at.x(), at.y(), *size))
        if self.count is None and not self.badge:
            return
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self.count is not None:
            p.setFont(font(11, True))
            r = QRectF(self.w / 2 - 18, self.h - 28, 36, 22)
            p.setBrush(QColor(0, 0, 0, 190))
            p.setPen(Qt.PenStyle.NoPen)
            p.drawRoundedRect(r, 6, 6)
            p.setPen(QColor(255, 255, 255))
            p.drawText(r, Qt.AlignmentFlag.AlignCenter, str(self.count))
        if self.badge:
            c = QPointF(self.w / 2, self.h / 2)
            p.setPen(QPen(QColor(20, 20, 20), 2))
            p.setBrush(QColor(255, 205, 40))
            p.drawEllipse(c, 20, 20)
            p.setFont(font(16, True))
            p.drawText(QRectF(c.x() - 20, c.y() - 20, 40, 40), Qt.AlignmentFlag.AlignCenter, self.badge)

    def ring(self) -> str | None:
        """The ring around the card: the decision's highlight, else attacking or blocking."""
        if self.highlight is not None or self.zone != "battlefield":
            return self.highlight
        c = self.card
        if c.get("attacking") is not None:
            return "attacking"
        return "blocking" if c.get("blocking") else None

    def hoverEnterEvent(self, ev: Any) -> None:
        sc = self.scene()
        if self.face_up and sc is not None and hasattr(sc, "hovered"):
            sc.hovered.emit({**self.card, "zone": self.zone})
        super().hoverEnterEvent(ev)


def variant_decks(info: dict[str, Any]) -> str:
    """The sizes of a player's planar deck (901.3) and scheme deck (904.3), hidden piles whose count is public: ""
    when the game has neither."""
    parts = [f"{label} {info[key]}" for key, label in (("planar_deck", "planar"), ("scheme_deck", "schemes"))
             if info.get(key)]
    return " · ".join(parts)


def commander_facts(info: dict[str, Any]) -> tuple[str, str]:
    """A player's Commander numbers as a badge and a tooltip: the most combat damage dealt to
    them by one player's commander (903.11a: 21 loses), and their commander tax (903.8:
    {2} more for each earlier cast from the command zone). ("", "") outside Commander."""
    damage = {k: v for k, v in (info.get("commander_damage") or {}).items() if v}
    casts = info.get("commander_casts")
    if not damage and casts is None:  # no Commander game: an emblem, a plane or an avatar in the command zone
        return "", ""                   # makes no tax
    parts, tip = [], []
    if damage:
        worst = max(damage.values())
        parts.append(f"⚔{worst}/21")
        tip.append("commander damage taken: " + ", ".join(
            f"{v} from {_dealer(k)}" for k, v in sorted(damage.items(), key=lambda kv: -kv[1]))
            + " (21 from one commander loses the game, 903.11a)")
    else:
        tip.append("no commander damage taken")
    each = info.get("commander_casts_by")
    if each is not None:   # two partners (a later rule): each one's tax counts its own casts (903.8)
        parts.append("tax " + " / ".join(f"+{2 * int(k)}" for k in each.values()))
        tip += [f"commander tax of {name}: cast {k} time{'s' if k != 1 else ''} from the command zone, so its next "
                f"cast costs {{{2 * int(k)}}} more (903.8)" for name, k in each.items()]
        return "  ".join(parts), "\n".join(tip)
    n = int(casts or 0)
    parts.append(f"tax +{2 * n}")
    tip.append(f"commander tax: cast {n} time{'s' if n != 1 else ''} from the command zone, "
               f"so the next cast costs {{{2 * n}}} more (903.8)")
    return "  ".join(parts), "\n".join(tip)


def _dealer(key: str) -> str:
    """Whose commander a commander-damage key names: "OWNER", or "OWNER: CARD" for one of two partners (903.11a,
    engine.commander.damage_key)."""
    owner, _, card = key.partition(": ")
    return f"{card}, {owner}'s commander" if card else f"{owner}'s commander"


class PlayerItem(QGraphicsObject):
    """A player's panel: name, life, poison, counts, Commander numbers; a target for spells
    and attacks. ``compact``: an opponent's smaller panel at a table of three or more."""

    def __init__(self, name: str, info: dict[str, Any], rect: QRectF, active: bool, priority: bool,
                 deciding: bool, compact: bool = False) -> None:
        super().__init__()
        self.name = name
        self.info = info
        self.rect = QRectF(rect)
        self.compact = compact
        self.active, self.priority, self.deciding = active, priority, deciding
        self.highlight: str | None = None
        self.setPos(rect.topLeft())
        self.setZValue(Z_CARD)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setToolTip(commander_facts(info)[1])

    def set_rect(self, rect: QRectF) -> None:
        if move_to(self, rect):
            self.update()

    def set_info(self, info: dict[str, Any], active: bool, priority: bool, deciding: bool) -> None:
        """Show new facts about the player; repaints only when they changed."""
        if (info, active, priority, deciding) != (self.info, self.active, self.priority, self.deciding):
            self.info = info
            self.active, self.priority, self.deciding = active, priority, deciding
            tip = commander_facts(info)[1]
            if tip != self.toolTip():
                self.setToolTip(tip)
            self.update()

    def type(self) -> int:  # noqa: A003
        return PLAYER_TYPE

    def boundingRect(self) -> QRectF:
        return QRectF(-3, -3, self.rect.width() + 6, self.rect.height() + 6)

    def center(self) -> QPointF:
        return self.mapToScene(QPointF(self.rect.width() / 2, self.rect.height() / 2))

    def paint(self, p: QPainter, opt: QStyleOptionGraphicsItem, widget: Any = None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        w, h = self.rect.width(), self.rect.height()
        p.setBrush(QColor(48, 56, 70) if not self.active else QColor(60, 74, 96))
        border = HIGHLIGHT.get(self.highlight or "", QColor(200, 200, 200) if self.deciding else QColor(90, 96, 110))
        p.setPen(QPen(border, 3 if (self.highlight or self.deciding) else 1.5))
        p.drawRoundedRect(QRectF(0, 0, w, h), 12, 12)
        if self.compact:
            self._paint_compact(p, w, h)
            return
        p.setPen(QColor(235, 235, 235))
        p.setFont(font(13, True))
        label = self.name + ("  ●" if self.priority else "")
        p.drawText(QRectF(12, 8, w - 24, 24), LEFT_MIDDLE, label)
        i = self.info
        if not self._paint_team_life(p, QRectF(12, 34, w - 24, 52), 34, 10):
            p.setFont(font(34, True))
            p.setPen(QColor(255, 120, 110) if i["life"] <= 5 else QColor(255, 255, 255))
            p.drawText(QRectF(12, 34, w - 24, 52), LEFT_MIDDLE, f"♥ {i['life']}")
        p.setFont(font(10))
        p.setPen(QColor(210, 214, 222))
        lines = [f"hand {i['hand_count']}   library {i['library']}",
                 f"graveyard {len(i['graveyard'])}   exile {len(i['exile'])}"]
        badge = commander_facts(i)[0]
        if badge:
            lines.append(badge)
        if variant_decks(i):
            lines.append(variant_decks(i))
        if i.get("poison"):
            lines.append(f"poison {i['poison']}")
        pool = "".join(k * v for k, v in (i.get("mana_pool") or {}).items())
        if pool:
            lines.append(f"mana pool: {pool}")
        if i.get("lost"):
            lines.append("LOST")
        for n, ln in enumerate(lines):
            p.drawText(QRectF(12, 92 + n * 18, w - 24, 18), LEFT_MIDDLE, ln)

    def _paint_team_life(self, p: QPainter, r: QRectF, big: int, small: int) -> bool:
        """Two-Headed Giant: a team's one life total (810.9a) is shown once. The panel that
        shows it reads "♥ 30" and "team"; a teammate's panel names the panel to look at
        instead. False outside Two-Headed Giant (the caller draws the life as usual)."""
        where = self.info.get("team_life")
        if where is None:
            return False
        life = self.info["life"]
        if where == "shown":
            p.setFont(font(big, True))
            p.setPen(QColor(255, 120, 110) if life <= 5 else QColor(255, 255, 255))
            p.drawText(r, LEFT_MIDDLE, f"♥ {life}")
            p.setFont(font(small, True))
            p.setPen(QColor(255, 214, 90))
            p.drawText(r, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, "team")
        else:
            p.setFont(font(small + 1))
            p.setPen(QColor(200, 206, 216))
            p.drawText(r, LEFT_MIDDLE, f"♥ team life: see {where}")
        return True

    def _paint_compact(self, p: QPainter, w: float, h: float) -> None:
        """An opponent's panel at a table of three or more: name, life and the counts in
        less room (the turn and priority also show on the seat's frame, SeatItem)."""
        i = self.info
        p.setPen(QColor(235, 235, 235))
        p.setFont(font(11, True))
        p.drawText(QRectF(8, 3, w - 16, 18), LEFT_MIDDLE, self.name)
        tags = [t for t, on in (("TURN", self.active), ("● PRIORITY", self.priority)) if on]
        if i.get("lost"):
            tags = ["LOST"]
        y = 21
        if tags:
            p.setFont(font(8, True))
            p.setPen(QColor(255, 214, 90) if self.active else QColor(130, 200, 255))
            p.drawText(QRectF(8, y, w - 16, 13), LEFT_MIDDLE, "  ".join(tags))
        y += 12
        if not self._paint_team_life(p, QRectF(8, y, w - 16, 30), 22, 8):
            p.setFont(font(22, True))
            p.setPen(QColor(255, 120, 110) if i["life"] <= 5 else QColor(255, 255, 255))
            p.drawText(QRectF(8, y, w - 16, 30), LEFT_MIDDLE, f"♥ {i['life']}")
        y += 30
        p.setFont(font(9))
        p.setPen(QColor(210, 214, 222))
        lines = [f"hand {i['hand_count']} · lib {i['library']}"]
        badge = commander_facts(i)[0]
        if badge:
            lines.append(badge)
        if variant_decks(i):
            lines.append(variant_decks(i))
        extra = []
        if i.get("poison"):
            extra.append(f"poison {i['poison']}")
        pool = "".join(k * v for k, v in (i.get("mana_pool") or {}).items())
        if pool:
            extra.append(f"pool {pool}")
        if extra:
            lines.append(" · ".join(extra))
        for ln in lines:
            if y + 16 > h:
                break
            p.drawText(QRectF(8, y, w - 16, 16), LEFT_MIDDLE, ln)
            y += 16


class SeatItem(QGraphicsItem):
    """The frame of a seat's part of the table (three or more seats): gold for the player
    whose turn it is, blue for the player the game waits for, dim for one who has left."""

    def __init__(self, rect: QRectF) -> None:
        super().__init__()
        self.rect = QRectF(rect)
        self.state: tuple[bool, bool, bool] = (False, False, False)
        self.team = 0       # Two-Headed Giant: 1 or 2, a band of the team's colour and its name
        self.setPos(rect.topLeft())
        self.setZValue(Z_ZONE - 1)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def set_rect(self, rect: QRectF) -> None:
        move_to(self, rect)

    def set_state(self, active: bool, waited_for: bool, lost: bool, team: int = 0) -> None:
        if (active, waited_for, lost) != self.state or team != self.team:
            self.state = (active, waited_for, lost)
            self.team = team
            self.update()

    def boundingRect(self) -> QRectF:
        return QRectF(0, 0, self.rect.width(), self.rect.height())

    def shape(self) -> QPainterPath:
        return QPainterPath()   # in no hit test: the cards, panel and zones inside are

    def paint(self, p: QPainter, opt: QStyleOptionGraphicsItem, widget: Any = None) -> None:
        active, waited, lost = self.state
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = self.boundingRect().adjusted(2, 2, -2, -2)
        if self.team:
            colour = QColor(TEAM_COLOURS[self.team - 1])
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(colour)
            badge = QRectF(r.right() - 64, r.bottom() - 20, 60, 16)   # the corner no zone labels
            p.drawRoundedRect(badge, 5, 5)
            p.setPen(QColor(255, 255, 255))
            p.setFont(font(8, True))
            p.drawText(badge, Qt.AlignmentFlag.AlignCenter, f"team {self.team}")
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.setPen(QPen(colour, 2))
            p.drawLine(QPointF(r.x() + 12, r.bottom() - 1), QPointF(r.right() - 68, r.bottom() - 1))
        if lost:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(0, 0, 0, 90))
            p.drawRoundedRect(r, 12, 12)
            return
        if active:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(255, 205, 40, 22))
            p.drawRoundedRect(r, 12, 12)
        p.setBrush(Qt.BrushStyle.NoBrush)
        if active:
            p.setPen(QPen(QColor(255, 205, 40), 4))
            p.drawRoundedRect(r, 12, 12)
        if waited:
            p.setPen(QPen(QColor(110, 190, 255), 3, Qt.PenStyle.DashLine if active else Qt.PenStyle.SolidLine))
            p.drawRoundedRect(r.adjusted(5, 5, -5, -5), 9, 9)
        if not active and not waited:
            p.setPen(QPen(QColor(255, 255, 255, 28), 1.5))
            p.drawRoundedRect(r, 12, 12)


class StopItem(QGraphicsObject):
    """One row of the stops strip (as in Forge): a step's name and two toggles, "stop here
    in their turn" and "stop here in my turn"; the current step is lit."""

    W, H = LEFT_STRIP_W, 26

    def __init__(self, step: str, label: str) -> None:
        super().__init__()
        self.step, self.label = step, label
        self.state: tuple[bool, bool, bool, bool] = (False, False, False, False)
        self.setZValue(Z_CARD)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def set_state(self, theirs: bool, mine: bool, current: bool, my_turn: bool) -> None:
        if (theirs, mine, current, my_turn) != self.state:
            self.state = (theirs, mine, current, my_turn)
            self.update()

    def type(self) -> int:  # noqa: A003
        return STOP_TYPE

    def boundingRect(self) -> QRectF:
        return QRectF(0, 0, self.W, self.H)

    def toggle_at(self, x: float) -> str:
        """Which toggle a point (item coordinates) is on: "theirs" or "mine"."""
        return "theirs" if x < self.W - 36 else "mine"

    def paint(self, p: QPainter, opt: QStyleOptionGraphicsItem, widget: Any = None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        theirs, mine, current, my_turn = self.state
        if current:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(255, 226, 140, 60))
            p.drawRoundedRect(QRectF(0, 1, self.W, self.H - 2), 6, 6)
        p.setFont(font(9, current))
        p.setPen(QColor(255, 236, 170) if current else QColor(200, 206, 214))
        p.drawText(QRectF(8, 0, self.W - 80, self.H), LEFT_MIDDLE, self.label)
        for i, (on, active) in enumerate(((theirs, current and not my_turn), (mine, current and my_turn))):
            c = QPointF(self.W - 54 + i * 36, self.H / 2)
            p.setPen(QPen(QColor(255, 236, 170) if active else QColor(120, 130, 140), 2 if active else 1.2))
            p.setBrush(QColor(240, 110, 80) if on else QColor(40, 48, 56))
            p.drawEllipse(c, 7, 7)


SHORT_LABELS = {"graveyard": "grave", "command": "cmd", "library": "library"}   # on the narrowest piles


class ZoneItem(QGraphicsItem):
    """A labelled area of the table: a drop target. Its frame is part of the scene's
    background (drawn once and cached by the view, see ``draw_frame``); its label is a
    small cached text item; the zone itself paints nothing unless highlighted (Qt skips
    items without contents)."""

    def __init__(self, kind: str, seat: str | None, rect: QRectF, label: str) -> None:
        super().__init__()
        self.kind, self.seat, self.rect, self.label = kind, seat, rect, ""
        self.setPos(rect.topLeft())
        self.setZValue(Z_ZONE)
        self.highlight: str | None = None
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, True)
        self.text = QGraphicsSimpleTextItem(self)
        self.text.setFont(font(9))
        self.text.setBrush(QColor(255, 255, 255, 90))
        self.text.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.text.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.set_label(label)

    def set_label(self, label: str) -> None:
        if label == self.label:
            return
        self.label = label
        self.text.setText(label)
        self._place_label()

    def _place_label(self) -> None:
        """A narrow pile (an opponent's, at a table of three or more) gets smaller words."""
        small = self.rect.width() < 72
        if self.text.font().pointSize() != (7 if small else 9):
            self.text.setFont(font(7 if small else 9))
        words = SHORT_LABELS.get(self.label, self.label) if self.rect.width() < 56 else self.label
        if words != self.text.text():
            self.text.setText(words)
        self.setToolTip(self.label if words != self.label else "")
        # the rows' labels sit at their right end, where cards (laid out from the left) seldom reach
        w = self.rect.width()
        at_end = w > 400 or (self.kind in ("battlefield", "hand") and w > 200)
        x = w - 8 - self.text.boundingRect().width() if at_end else (8 if w >= 72 else 3)
        self.text.setPos(x, 2)

    def set_rect(self, rect: QRectF) -> None:
        """Move the zone (its size stays: the seats swap sides, the rows keep their shapes)."""
        if move_to(self, rect):
            self._place_label()

    def set_highlight(self, highlight: str | None) -> None:
        if highlight != self.highlight:
            self.highlight = highlight
            self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, highlight is None)
            self.update()

    def type(self) -> int:  # noqa: A003
        return ZONE_TYPE

    def boundingRect(self) -> QRectF:
        return QRectF(0, 0, self.rect.width(), self.rect.height())

    @staticmethod
    def draw_frame(p: QPainter, rect: QRectF) -> None:
        """The zone's dashed frame, in scene coordinates (the scene's background)."""
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(QPen(QColor(255, 255, 255, 40), 1.5, Qt.PenStyle.DashLine))
        p.setBrush(QColor(255, 255, 255, 10))
        p.drawRoundedRect(rect.adjusted(1, 1, -1, -1), 10, 10)

    def paint(self, p: QPainter, opt: QStyleOptionGraphicsItem, widget: Any = None) -> None:
        if self.highlight:
            p.setRenderHint(QPainter.RenderHint.Antialiasing)
            p.setPen(QPen(HIGHLIGHT[self.highlight], 1.5))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(self.boundingRect().adjusted(1, 1, -1, -1), 10, 10)


ARROW_COLORS = {"target": QColor(255, 190, 40, 220), "attack": QColor(230, 60, 50, 220),
                "block": QColor(70, 140, 250, 230), "drag": QColor(255, 255, 255, 200)}
ARROW_WIDTH = 5


def arrow_shape(a: QPointF, b: QPointF) -> tuple[QPainterPath, QPolygonF]:
    """An arrow from ``a`` to ``b``: a gently bent curve and its head."""
    path = QPainterPath(a)
    mid = (a + b) / 2
    dx, dy = b.x() - a.x(), b.y() - a.y()
    length = math.hypot(dx, dy) or 1.0
    ctrl = mid + QPointF(-dy, dx) * (0.12)
    path.quadTo(ctrl, b)
    ang = math.atan2(b.y() - ctrl.y(), b.x() - ctrl.x())
    head = 18.0 if length > 30 else 8.0
    p1 = b - QPointF(math.cos(ang - 0.45) * head, math.sin(ang - 0.45) * head)
    p2 = b - QPointF(math.cos(ang + 0.45) * head, math.sin(ang + 0.45) * head)
    return path, QPolygonF([b, p1, p2, b])


def draw_arrow(p: QPainter, curve: QPainterPath, head: QPolygonF, kind: str, dashed: bool) -> None:
    """Stroke the curve, fill only the head (a filled curve is a crescent)."""
    color = ARROW_COLORS[kind]
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    style = Qt.PenStyle.DashLine if dashed else Qt.PenStyle.SolidLine
    p.setPen(QPen(color, ARROW_WIDTH, style, Qt.PenCapStyle.RoundCap))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawPath(curve)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(color)
    p.drawPolygon(head)


class ArrowItem(QGraphicsPathItem):
    """One arrow that follows the mouse (a drag in progress). The table's other arrows
    are drawn together by the ArrowLayer."""

    COLORS = ARROW_COLORS

    def __init__(self, a: QPointF, b: QPointF, kind: str, dashed: bool = False) -> None:
        super().__init__()
        self.kind, self.dashed = kind, dashed
        self.setZValue(Z_ARROW)
        self.setPen(QPen(ARROW_COLORS[kind], ARROW_WIDTH))
        self.ends: tuple[QPointF, QPointF] | None = None
        self.set_points(a, b)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setAcceptHoverEvents(False)

    def set_points(self, a: QPointF, b: QPointF) -> None:
        if self.ends == (a, b):
            return
        self.ends = (QPointF(a), QPointF(b))
        self.curve, self.head = arrow_shape(a, b)
        path = QPainterPath(self.curve)
        path.addPolygon(self.head)
        self.setPath(path)   # the curve and the head: what the bounding rect is made from

    def paint(self, p: QPainter, opt: QStyleOptionGraphicsItem, widget: Any = None) -> None:
        draw_arrow(p, self.curve, self.head, self.kind, self.dashed)


class ArrowLayer(QGraphicsItem):
    """Every arrow on the table (targets, attacks, blocks) in one item, drawn into one
    pixmap of the scene at the view's resolution: a new arrow is stroked onto it (0.25 ms),
    and a repaint blits the area the arrows cover once. Thirty attackers' arrows as thirty
    cached items were thirty large, mostly transparent blits on every repaint (3-4 ms),
    and each new one allocated and cleared a pixmap of its own bounding rect."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(Z_ARROW)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.specs: dict[Any, tuple[float, float, float, float, str, bool]] = {}
        self.shapes: dict[Any, tuple[QPainterPath, QPolygonF, str, bool]] = {}
        self.bounds = QRectF()
        self._pm: QPixmap | None = None
        self._pm_scale = 0.0
        self._full = True
        self._adds: list[Any] = []

    def set_arrows(self, specs: dict[Any, tuple[QPointF, QPointF, str, bool]]) -> None:
        """The arrows to show, by key: (from, to, kind, dashed). Only new ones are drawn
        onto the pixmap; a removed or moved one redraws them all."""
        flat = {k: (a.x(), a.y(), b.x(), b.y(), kind, dashed) for k, (a, b, kind, dashed) in specs.items()}
        if flat == self.specs:
            return
        if any(flat.get(k) != v for k, v in self.specs.items()):
            self._full, self._adds = True, []
        else:
            self._adds += [k for k in flat if k not in self.specs]
        before, self.specs = self.specs, flat
        for k in list(self.shapes):
            if k not in flat:
                del self.shapes[k]
        for k, spec in flat.items():
            # an arrow whose ends moved (the seats swapped sides in hotseat, a row was laid
            # out again) is shaped again from where its ends are now
            if k not in self.shapes or before.get(k) != spec:
                ax, ay, bx, by, kind, dashed = spec
                curve, head = arrow_shape(QPointF(ax, ay), QPointF(bx, by))
                self.shapes[k] = (curve, head, kind, dashed)
        bounds = QRectF()
        for curve, head, _, _ in self.shapes.values():
            bounds = bounds.united(curve.controlPointRect().united(head.boundingRect()))
        bounds = bounds.adjusted(-ARROW_WIDTH, -ARROW_WIDTH, ARROW_WIDTH, ARROW_WIDTH) if self.shapes else QRectF()
        if bounds != self.bounds:
            self.prepareGeometryChange()
            self.bounds = bounds
        self.update()

    def boundingRect(self) -> QRectF:
        return self.bounds

    def shape(self) -> QPainterPath:
        return QPainterPath()   # in no hit test: the cards and players under it are

    def _draw(self, keys: Any) -> None:
        assert self._pm is not None
        p = QPainter(self._pm)
        p.scale(self._pm_scale, self._pm_scale)
        for k in keys:
            if k in self.shapes:
                draw_arrow(p, *self.shapes[k])
        p.end()

    def paint(self, p: QPainter, opt: QStyleOptionGraphicsItem, widget: Any = None) -> None:
        if not self.shapes:
            return
        t = p.worldTransform()
        s = t.m11()
        if t.m12() or t.m21() or t.m13() or t.m23() or s <= 0 or abs(s - t.m22()) > 1e-6:
            for shape in self.shapes.values():   # a turned painter: vector drawing
                draw_arrow(p, *shape)
            return
        dev = p.device()
        dpr = dev.devicePixelRatioF() if dev is not None else 1.0
        scale = s * dpr
        sc = self.scene()
        area = sc.sceneRect() if sc is not None else self.bounds
        if self._pm is None or abs(self._pm_scale - scale) > 1e-9:
            self._pm = QPixmap(max(1, math.ceil(area.right() * scale)), max(1, math.ceil(area.bottom() * scale)))
            self._pm_scale, self._full = scale, True
        if self._full:
            self._pm.fill(Qt.GlobalColor.transparent)
            self._draw(self.shapes)
        elif self._adds:
            self._draw(self._adds)
        self._full, self._adds = False, []
        # the arrows' area of the pixmap, pixel for pixel onto the device
        src = QRectF(math.floor(self.bounds.x() * scale), math.floor(self.bounds.y() * scale),
                     math.ceil(self.bounds.width() * scale) + 2, math.ceil(self.bounds.height() * scale) + 2)
        ox, oy = round(t.dx() * dpr), round(t.dy() * dpr)
        p.setWorldTransform(IDENTITY)
        p.drawPixmap(QRectF((src.x() + ox) / dpr, (src.y() + oy) / dpr, src.width() / dpr, src.height() / dpr),
                     self._pm, src)
        p.setWorldTransform(t)
