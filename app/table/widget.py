"""The table window's content: the scene's view, the card preview, the prompt panel,
the game log, the hand-over screen (hotseat) and the game-over screen."""
from __future__ import annotations

import re
from typing import Any, Callable, Iterable

from PySide6.QtCore import QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QPainter, QPixmapCache, QShortcut
from PySide6.QtWidgets import (
    QFrame,
    QGraphicsView,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.cards.render import card_pixmap
from app.forms import load
from app.settings import save_stops, saved_stops
from app.table.controller import TableController
from app.table.looks import preview_overlay
from app.table.prompt import PromptPanel, decision_words
from app.table.scene import TableScene
from app.table.seats import BF_H, BF_W, HAND_H, HAND_W, PILE_H, PILE_W, TOP_HAND
from app.table.warm import Warmer
from engine.seats import result_text

PREVIEW_W, PREVIEW_H = 250, 348
SIDE_W = 290          # the side panel at the 1500 px window the table was drawn for
NO_PREVIEW = "hover a card\nto see it large"
REVEAL_MS = 2500     # how long revealed cards stay up (a click or the next decision ends it sooner)


def side_width(window_w: int) -> int:
    """The side panel's width for a window: a fifth of it, at least 240 and at most 720 px."""
    return max(240, min(720, round(window_w * 0.195)))


def side_style(px: int) -> str:
    """The table window's style sheet with text of ``px`` pixels (the side panel scales)."""
    return ("TableWidget, QWidget { background: #182028; } "
            f"QWidget {{ font-size: {px}px; }} QLabel {{ color: #ddd; background: transparent; }}"
            f"QLabel#title {{ font-size: {round(px * 1.1)}px; }}"
            "QListWidget, QPlainTextEdit { background: #10161c; color: #ddd; border: none; }"
            "QPushButton { background: #3a4c5e; color: #fff; border-radius: 6px; padding: 6px; }"
            "QPushButton:disabled { color: #99a; background: #2a343e; }"
            "QPushButton:hover { background: #4c6278; }"
            "QSpinBox, QCheckBox, QComboBox { color: #eee; }"
            # check boxes that show on the dark panel: a light frame, a bright fill when checked
            f"QCheckBox::indicator, QListWidget::indicator {{ width: {px + 3}px; height: {px + 3}px;"
            " border: 2px solid #d8dee6; border-radius: 3px; background: #0c1116; }"
            "QCheckBox::indicator:checked, QListWidget::indicator:checked {"
            " background: #ffc83c; border-color: #ffe9a8; }"
            "QListWidget::item { padding: 3px; } QListWidget::item:selected { background: #33506a; }"
            "QScrollBar:vertical { background: #10161c; width: 10px; margin: 0; }"
            "QScrollBar::handle:vertical { background: #3a4c5e; border-radius: 4px; min-height: 24px; }"
            "QScrollBar::add-line, QScrollBar::sub-line { height: 0; width: 0; }"
            "QScrollBar::add-page, QScrollBar::sub-page { background: none; }")


class _FormWindow(QWidget):
    """A window that keeps its Designer form (``ui``) for whoever drives it, tests included."""
    ui: Any


class TableView(QGraphicsView):
    """Shows the whole table, scaled to the widget."""

    def __init__(self, scene: TableScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        # items turn on antialiasing and smooth scaling themselves while they draw into their
        # cached pixmaps; the view then only blits those, and smoothing the blits would cost
        # more than half of a repaint (app.bench)
        self.setRenderHints(QPainter.RenderHint.TextAntialiasing)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setMouseTracking(True)
        # the window's shortcuts, for when the window is not active (the widget fills them in)
        self.keys: dict[Any, Callable[[], Any]] = {}
        self.on_undo: Callable[[], Any] | None = None
        self.on_roll: Callable[[], Any] | None = None   # Ctrl+R: roll the planar die (901.9)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.BoundingRectViewportUpdate)
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)  # the felt and the zone frames
        # the items' cached pixmaps live in QPixmapCache (10 MB by default): 130 cards in a
        # large window need more, or they are evicted and drawn again on every repaint
        QPixmapCache.setCacheLimit(max(QPixmapCache.cacheLimit(), 64 * 1024))
        scene.sceneRectChanged.connect(lambda _r: self.fit())   # a table of more seats is taller

    def resizeEvent(self, ev: Any) -> None:
        super().resizeEvent(ev)
        self.fit()

    def keyPressEvent(self, ev: Any) -> None:
        # the same keys as the window's shortcuts, for when the window is not active
        fn = self.keys.get(ev.key())
        if ev.matches(QKeySequence.StandardKey.Undo) and self.on_undo is not None:
            fn = self.on_undo
        if ev.key() == Qt.Key.Key_R and ev.modifiers() == Qt.KeyboardModifier.ControlModifier and self.on_roll:
            fn = self.on_roll
        if fn is not None:
            fn()
            ev.accept()
            return
        super().keyPressEvent(ev)

    def fit(self) -> None:
        self.fitInView(QRectF(self.scene().sceneRect()), Qt.AspectRatioMode.KeepAspectRatio)


class Curtain(QFrame):
    """A screen over the table: the hand-over screen (hotseat: opaque, the last player's
    table must not show through), or the game-over screen with rematch (see-through: the
    final board stays in view). Its layout is the Designer form ui_forms/curtain.ui."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.ui = load("curtain").Ui_Curtain()
        self.ui.setupUi(self)
        self.title, self.text = self.ui.title, self.ui.text
        self.button, self.button2 = self.ui.button, self.ui.button2
        self.hide()

    def set_scale(self, scale: float) -> None:
        """Text sizes of the form's style sheet times ``scale`` (the window's size)."""
        base = getattr(self, "_base_sheet", None)
        if base is None:
            base = self._base_sheet = self.styleSheet()
        self.setStyleSheet(re.sub(r"(\d+)px", lambda m: f"{max(1, round(int(m.group(1)) * scale))}px", base))

    def set_mode(self, mode: str) -> None:
        """"handover" or "over" (the style sheet's #curtain[mode=...])."""
        if self.property("mode") != mode:
            self.setProperty("mode", mode)
            self.style().unpolish(self)
            self.style().polish(self)


class TableWidget(QWidget):
    """One game on screen. ``humans`` are the seats played at this computer."""

    rematch = Signal()
    closed = Signal()

    def __init__(self, session: Any, humans: list[str], parent: QWidget | None = None,
                 modal_errors: bool = True, deck_names: Iterable[str] = (), manage_memory: bool = False,
                 remember_stops: bool = False) -> None:
        """``deck_names``: the cards in the decks of the players at this computer, whose
        faces are drawn while the table is idle; ``manage_memory``: Python's full
        collections run while the table is idle, not inside updates (app.table.warm);
        ``remember_stops``: each player's stops come from the settings and go back there
        when changed (app.settings)."""
        super().__init__(parent)
        self.ctl = TableController(session, humans, self)
        if remember_stops:
            for seat in humans:
                saved = saved_stops(seat)
                if saved is not None:
                    self.ctl.stops[seat] = saved
            self.ctl.stops_changed.connect(self._save_stops)
        self.scene = TableScene(self.ctl, self)
        self.view = TableView(self.scene)
        self.warmer = Warmer(self.view, {"battlefield": (BF_W, BF_H), "hand": (HAND_W, HAND_H),
                                         "pile": (PILE_W, PILE_H),
                                         "backs": [(HAND_W, HAND_H), TOP_HAND, (PILE_W, PILE_H)]}, self)
        self.warmer.names = list(dict.fromkeys(deck_names))
        self.warmer.manage_memory = manage_memory
        self.modal_errors = modal_errors
        self.last_error = ""
        self.fault_box: QMessageBox | None = None      # the last engine fault's dialog
        self._previewed = ""                           # the name of the card shown large
        self._preview_card: dict[str, Any] | None = None   # and that card as the view showed it
        self._stack_top: Any = None
        self.side = side = QWidget()
        side.setObjectName("side")
        side.setFixedWidth(SIDE_W)
        sl = QVBoxLayout(side)
        sl.setContentsMargins(4, 4, 4, 4)
        self.preview = QLabel()
        self.preview.setObjectName("preview")
        self.preview.setFixedSize(PREVIEW_W, PREVIEW_H)
        self.preview.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.preview.setText(NO_PREVIEW)
        self.prompt = PromptPanel(self)
        self.prompt.setStyleSheet("#prompt { background: #26303a; border-radius: 8px; } QLabel { color: #eee; }")
        self.prompt.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setStyleSheet("color: #ffb0a0; font-weight: bold;")
        # a plain text log: appending is incremental (a QListWidget with word wrap laid out
        # every line again on each addition: 10 ms per update after 600 lines)
        self.log = QPlainTextEdit()
        self.log.setObjectName("log")
        self.log.setReadOnly(True)
        self.log.setMaximumBlockCount(2000)
        self.log.setFrameShape(QFrame.Shape.NoFrame)
        self.log.setMinimumHeight(40)   # the log gives way first when the window is short
        # the log follows the newest line, also when the panel above grows and the log gets
        # shorter; a player who scrolls up to read stops the following until back at the end
        self._log_follows = True
        bar = self.log.verticalScrollBar()
        bar.actionTriggered.connect(lambda _a: QTimer.singleShot(0, self, self._log_follow_state))
        bar.rangeChanged.connect(lambda _lo, _hi: self._log_to_end())
        sl.addWidget(self.preview, 0, Qt.AlignmentFlag.AlignHCenter)
        sl.addWidget(self.prompt)
        sl.addWidget(self.status)
        sl.addWidget(QLabel("game log"))
        sl.addWidget(self.log, 1)
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.view, 1)
        lay.addWidget(side)
        self._side_scale = 0.0
        self._scale_side(SIDE_W)
        self.curtain = Curtain(self)
        self.curtain.set_scale(self._side_scale)
        self.curtain.button.clicked.connect(self._curtain_clicked)
        self.curtain.button2.clicked.connect(self.closed.emit)
        self._curtain_mode = ""
        # shown cards stay up a moment (REVEAL_MS), or until a click or the next decision
        self._reveal_timer = QTimer(self)
        self._reveal_timer.setSingleShot(True)
        self._reveal_timer.timeout.connect(self.scene.hide_reveal)
        self._reveal_key: Any = None

        self.ctl.changed.connect(self.refresh)
        self.ctl.handover.connect(self.show_handover)
        self.ctl.illegal.connect(self.show_illegal)
        self.ctl.fault.connect(self.show_fault)
        self.ctl.logged.connect(self._log)
        self.ctl.game_over.connect(self.show_game_over)
        self.scene.hovered.connect(self.show_preview)
        self.scene.open_zone.connect(self.show_zone)
        self.zone_viewer: QListWidget | None = None   # the cards of the open zone viewer
        self.zone_window: QWidget | None = None
        self.scene.message.connect(self.show_status)
        self.scene.card_menu.connect(self.show_card_menu)
        self.card_menu: QMenu | None = None
        self.scene.interaction_changed.connect(self.prompt.refresh)
        self.view.keys = {Qt.Key.Key_Space: self.prompt.primary, Qt.Key.Key_Return: self.prompt.primary,
                          Qt.Key.Key_Escape: self.scene.cancel, Qt.Key.Key_F6: self.ctl.pass_turn}
        for key, fn in self.view.keys.items():
            sc = QShortcut(QKeySequence(key), self)
            sc.setContext(Qt.ShortcutContext.WindowShortcut)
            sc.activated.connect(fn)
        roll = QShortcut(QKeySequence("Ctrl+R"), self)   # 901.9: roll the planar die (Planechase)
        roll.setContext(Qt.ShortcutContext.WindowShortcut)
        roll.activated.connect(self.roll_planar_die)
        undo = QShortcut(QKeySequence.StandardKey.Undo, self)   # Ctrl+Z: untap what was just tapped for mana
        undo.setContext(Qt.ShortcutContext.WindowShortcut)
        undo.activated.connect(self.undo_mana)
        self.view.on_undo = self.undo_mana
        self.view.on_roll = self.roll_planar_die
        self.ctl.start()

    def roll_planar_die(self) -> bool:
        """Ctrl+R or the panel's button: roll the planar die (901.9), when the engine offers it now."""
        d = self.scene.decision()
        if d is None or d.kind != "priority" or not any(o.get("action") == "roll_planar_die" for o in d.options):
            self.show_status("the planar die is rolled by the active player in a main phase of their turn, "
                             "with the stack empty (901.9)")
            return False
        return self.submit({"action": "roll_planar_die"})

    def undo_mana(self) -> bool:
        """Ctrl+Z: take back the last tap for mana, if its mana is unspent and nothing else happened."""
        if self.ctl.undo_mana():
            return True
        self.show_status("nothing to undo: only a tap for mana whose mana is still unspent can be taken back")
        return False

    def _save_stops(self, seat: str) -> None:
        save_stops(seat, *self.ctl.stops[seat])

    # -- answering from widgets ------------------------------------------------------
    def submit(self, answer: Any) -> bool:
        self.scene.pending = None
        return self.ctl.submit(answer)

    def refresh(self) -> None:
        self.status.setText(self.last_error)
        self.last_error = ""
        self.scene.rebuild()
        self._show_revealed()
        self._check_preview()
        stack = self.scene.v.get("stack") or []
        if stack and stack[0]["id"] != self._stack_top and not self.scene.hide_hands:
            # a new spell or ability: show it large, just after the table (a face not drawn
            # yet at preview size takes 17 ms)
            self._stack_top = stack[0]["id"]
            self._previewed = stack[0]["name"]
            self._preview_card = {**stack[0], "zone": "stack"}
            QTimer.singleShot(0, self, self._preview_top)
        self.prompt.refresh()
        for b in self.prompt.findChildren(QPushButton):
            b.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Space belongs to the table, not to a focused button
        self.view.setFocus()
        self.warmer.request(self.scene.v, self.ctl.seat)
        if self.scene.hide_hands and self._curtain_mode == "handover":
            QTimer.singleShot(0, self, self._paint_under_curtain)

    def _show_revealed(self) -> None:
        """Put up the cards reveals and looks showed the seat at the screen (never while the
        hand-over screen is up: a look waits behind its own seat's screen); take down
        what was up when a new decision came."""
        sc = self.scene
        if sc.hide_hands:
            return
        if sc.reveal is not None and sc._decision_key != self._reveal_key:
            sc.hide_reveal()
        shown = self.ctl.take_shown(self.ctl.seat)
        if shown:
            sc.show_reveal(shown)
            self._reveal_key = sc._decision_key
            self._reveal_timer.start(REVEAL_MS)

    def _paint_under_curtain(self) -> None:
        """While the next player comes to the computer: paint the table under the opaque
        hand-over screen (hands hidden), so that lifting it repaints only the hand (the
        turn's untapping, rings and arrows are drawn already)."""
        if self.scene.hide_hands and self.curtain.isVisible():
            self.view.setUpdatesEnabled(True)
            self.view.viewport().repaint()
            self.view.setUpdatesEnabled(False)

    def _preview_top(self) -> None:
        if self._preview_card is not None:
            self.show_preview(self._preview_card)

    def show_preview(self, card: dict[str, Any] | str) -> None:
        """Show a card large: a card as the view shows it (its current power and toughness,
        damage and counters drawn over the printed face), or a name (a printed face)."""
        card = {"name": card} if isinstance(card, str) else dict(card)
        self._preview_card = card
        self._previewed = card.get("name", "")
        self._paint_preview()

    def _paint_preview(self) -> None:
        card = self._preview_card
        if not card or not card.get("name"):
            self.clear_preview()
            return
        w, h = self.preview.width(), self.preview.height()
        dpr = self.preview.devicePixelRatioF()
        pw, ph = round(w * dpr), round(h * dpr)
        pm = card_pixmap(card["name"], max(PREVIEW_W * 2, pw), max(PREVIEW_H * 2, ph))
        pm = pm.scaled(pw, ph, Qt.AspectRatioMode.KeepAspectRatio, Qt.TransformationMode.SmoothTransformation)
        p = QPainter(pm)
        p.scale(pm.width() / w, pm.height() / h)
        preview_overlay(p, card, w, h)
        p.end()
        pm.setDevicePixelRatio(dpr)
        self.preview.setPixmap(pm)

    def clear_preview(self) -> None:
        self._preview_card = None
        self._previewed = ""
        self.preview.clear()
        self.preview.setText(NO_PREVIEW)

    def _visible_zones(self) -> Iterable[tuple[str, list[dict[str, Any]]]]:
        """The zones the seat on screen may see now: the public ones, and its own hand
        unless the hand-over screen is up (DESIGN: hidden information)."""
        v = self.scene.v
        yield "battlefield", v.get("battlefield") or []
        yield "stack", v.get("stack") or []
        for seat, p in (v.get("players") or {}).items():
            for zone in ("graveyard", "exile") + (("hand",) if seat == self.ctl.seat and not self.scene.hide_hands
                                                   else ()):
                yield zone, p.get(zone) or []

    def visible_cards(self) -> dict[int, dict[str, Any]]:
        """The cards the seat on screen may see now, by id (with their zone)."""
        return {c["id"]: {**c, "zone": zone} for zone, cards in self._visible_zones() for c in cards}

    def _visible_card(self, obj: int) -> dict[str, Any] | None:
        for zone, cards in self._visible_zones():
            for c in cards:
                if c["id"] == obj:
                    return {**c, "zone": zone}
        return None

    def _check_preview(self) -> None:
        """The card shown large is still one the seat on screen may see, as it is now (a
        creature that died, a card of a hand no longer shown, leave the preview; a pumped
        one shows its new power and toughness)."""
        card = self._preview_card
        if card is None:
            return
        if self.scene.hide_hands:
            self.clear_preview()
            return
        private = card.get("private_to")
        if private is not None:   # a card only the deciding seat looks at (103.4)
            d = self.ctl.decision
            if private != self.ctl.seat or d is None or (d.data or {}).get("top") is None:
                self.clear_preview()
            return
        if "id" not in card:
            return   # a printed face (a name): nothing hidden
        now = self._visible_card(card["id"])
        if now is None:
            self.clear_preview()
        elif now != card:
            self.show_preview(now)

    def show_zone(self, seat: str, zone: str) -> None:
        """A zone viewer for a public pile (graveyard, exile), newest first; hover previews;
        in your graveyard, a double-click casts a card with flashback. The window is the
        Designer form ui_forms/zone_viewer.ui; ``zone_viewer`` is its list of cards."""
        cards = list(reversed(self.ctl.view()["players"][seat][zone]))
        win = _FormWindow(self, Qt.WindowType.Tool)
        ui = load("zone_viewer").Ui_ZoneViewer()
        ui.setupUi(win)
        win.ui = ui
        win.setWindowTitle(f"{seat}'s {zone} ({len(cards)})")
        win.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        lw = ui.cards
        fb = {o["card"] for o in self.scene.flashback_options()} if zone == "graveyard" else set()
        if fb:
            ui.hint.setText(ui.hint.text() + " Double-click a card marked flashback to cast it.")
        for c in cards:
            item = QListWidgetItem(c["name"] + ("   (flashback: double-click)" if c["id"] in fb else ""))
            item.setData(Qt.ItemDataRole.UserRole, c["id"])
            item.setData(Qt.ItemDataRole.UserRole + 1, {**c, "zone": zone})
            lw.addItem(item)
        lw.itemEntered.connect(lambda item: self.show_preview(item.data(Qt.ItemDataRole.UserRole + 1)))
        lw.setMouseTracking(True)
        lw.itemDoubleClicked.connect(lambda item: self._zone_double_click(win, item))
        ui.closeButton.clicked.connect(win.close)
        win.show()
        self.zone_window, self.zone_viewer = win, lw

    # -- manual actions from a card's context menu (engine.manual) ----------------------
    def show_card_menu(self, obj: int, at: Any) -> QMenu:
        """The manual actions the engine offers for one card, as a context menu. Chosen
        at priority, the action is carried out and manual mode closed again; chosen while
        manual mode is open, it stays open (Done in the panel ends it)."""
        v = self.ctl.view()
        card = next((c for c in v["battlefield"] if c["id"] == obj), None)
        zone = "battlefield" if card is not None else None
        if card is None:
            for p in v["players"].values():
                for z in ("hand", "graveyard", "exile"):
                    hit = next((c for c in p.get(z) or [] if c["id"] == obj), None)
                    if hit is not None:
                        card, zone = hit, z
        menu = QMenu(self)
        menu.setObjectName("card_menu")
        if card is None:
            return menu
        menu.addSection(f"{card['name']}: by hand")

        def add(label: str, answer: dict[str, Any], parent: QMenu = menu) -> None:
            parent.addAction(label).triggered.connect(lambda _=False: self.manual_action(answer))
        if zone == "battlefield":
            add(
                "Untap" if card.get("tapped") else "Tap",
                {"action": "untap" if card.get("tapped") else "tap", "card": obj},
            )
            add("Add a +1/+1 counter", {"action": "counters", "card": obj, "kind": "+1/+1", "delta": 1})
            if (card.get("counters") or {}).get("+1/+1"):
                add("Remove a +1/+1 counter", {"action": "counters", "card": obj, "kind": "+1/+1", "delta": -1})
            add("Add a -1/-1 counter", {"action": "counters", "card": obj, "kind": "-1/-1", "delta": 1})
            for kind, n in sorted((card.get("counters") or {}).items()):
                if kind not in ("+1/+1",) and n:
                    add(f"Remove a {kind} counter", {"action": "counters", "card": obj, "kind": kind, "delta": -1})
            add("Add a charge counter", {"action": "counters", "card": obj, "kind": "charge", "delta": 1})
            add("Create a token copy", {"action": "token_copy", "card": obj})
            hosts = [c for c in v["battlefield"] if c["id"] != obj]
            if hosts:
                sub = menu.addMenu("Attach to")
                for c in hosts:
                    add(f"{c['name']} ({c['controller']})", {"action": "attach", "card": obj, "to": c["id"]}, sub)
        sub = menu.addMenu("Move to")
        for to, label in (("battlefield", "the battlefield"), ("hand", "its owner's hand"),
                          ("graveyard", "the graveyard"), ("exile", "exile"),
                          ("library_top", "the top of the library"), ("library_bottom", "the bottom of the library")):
            if to != zone:
                add(label, {"action": "move", "card": obj, "to": to}, sub)
        self.card_menu = menu
        menu.popup(at)
        return menu

    def manual_action(self, answer: dict[str, Any]) -> bool:
        d = self.ctl.decision
        if d is None:
            return False
        if d.kind == "priority":
            if not self.submit({"action": "manual"}):
                return False
            ok = self.ctl.decision is not None and self.ctl.decision.kind == "manual" and self.submit(answer)
            if self.ctl.decision is not None and self.ctl.decision.kind == "manual":
                self.submit({"action": "done"})
            return bool(ok)
        return self.submit(answer)

    def _zone_double_click(self, win: QWidget, item: Any) -> None:
        """A double-click on a card of your graveyard in the viewer casts it with flashback."""
        if self.scene.cast_from_graveyard(item.data(Qt.ItemDataRole.UserRole)):
            win.close()

    def show_status(self, text: str) -> None:
        self.status.setText(text)

    def show_illegal(self, text: str) -> None:
        self.last_error = f"Not allowed: {text}"
        self.status.setText(self.last_error)
        if self.modal_errors:
            box = QMessageBox(QMessageBox.Icon.Warning, "Not allowed", text, QMessageBox.StandardButton.Ok, self)
            box.setModal(False)
            box.show()

    def show_fault(self, text: str) -> None:
        """An engine fault (issue 21): not the player's doing, so never "Not allowed"; always a
        dialog (faults are rare), which leaves the table usable: the game was put back as it
        was and goes on."""
        self.last_error = f"Engine fault: {text}"
        self.status.setText(self.last_error)
        if self.fault_box is not None:
            self.fault_box.close()
        self.fault_box = QMessageBox(QMessageBox.Icon.Critical, "Engine fault", text, QMessageBox.StandardButton.Ok,
                                     self)
        self.fault_box.setModal(False)
        self.fault_box.show()

    def _log(self, lines: list[str]) -> None:
        self.log.appendPlainText("\n".join(lines))
        self._log_to_end()

    def _log_follow_state(self) -> None:
        bar = self.log.verticalScrollBar()
        self._log_follows = bar.value() >= bar.maximum()

    def _log_to_end(self) -> None:
        if self._log_follows:
            bar = self.log.verticalScrollBar()
            bar.setValue(bar.maximum())

    # -- the curtains -------------------------------------------------------------------
    def resizeEvent(self, ev: Any) -> None:
        super().resizeEvent(ev)
        self.curtain.setGeometry(self.rect())
        self._scale_side(side_width(self.width()), self.height())

    def _scale_side(self, width: int, height: int = 920) -> None:
        """The side panel grows with the window: its width, the preview and the text
        (a 290 px panel was tiny at 4K and crowded the table at 1024). The preview takes
        at most 36% of the height, so that the choices below it keep their room."""
        scale = width / SIDE_W
        pw = min(width - 40, round(height * 0.36 * PREVIEW_W / PREVIEW_H))
        if abs(scale - self._side_scale) < 0.02 and pw == self.preview.width():
            return
        self.preview.setFixedSize(pw, round(pw * PREVIEW_H / PREVIEW_W))
        if self._preview_card is not None:
            self._paint_preview()
        if abs(scale - self._side_scale) < 0.02:
            return
        self._side_scale = scale
        self.side.setFixedWidth(width)
        px = max(11, round(13 * scale))
        self.setStyleSheet(side_style(px))
        if hasattr(self, "curtain"):
            self.curtain.set_scale(scale)

    def show_handover(self, seat: str) -> None:
        """The hand-over screen over the table (hotseat). The controller's ``changed``
        follows and redraws the table once, with the hands hidden; the view is not painted
        while it is covered."""
        self.scene.hide_hands = True
        self.scene.hide_reveal()   # what the last player was shown is not the next one's
        self.clear_preview()   # the last player's hovered card may be one of their hand
        self.view.setUpdatesEnabled(False)
        self._curtain_mode = "handover"
        c = self.curtain
        c.set_mode("handover")
        c.title.setText(f"{seat}, your turn to decide")
        d = self.ctl.decision
        what = decision_words(d, self.ctl.view()) if d is not None else ""
        c.text.setText(f"Hand the computer to {seat}. The table stays hidden until you click."
                       + (f"\n\n{seat}: {what}" if what else ""))
        c.button.setText(f"I am {seat}: show my cards")
        c.button2.hide()
        c.setGeometry(self.rect())
        c.show()
        c.raise_()

    def reveal(self) -> None:
        """The next player is at the computer: lift the hand-over screen."""
        self.curtain.hide()
        self.scene.hide_hands = False
        self.view.setUpdatesEnabled(True)
        self.refresh()

    def show_game_over(self, winner: Any) -> None:
        self._curtain_mode = "over"
        c = self.curtain
        c.set_mode("over")
        c.title.setText(result_text(winner).capitalize() if winner is not None else "The game is a draw")
        v = self.ctl.view()
        c.text.setText("   ".join(f"{n}: {p['life']} life" for n, p in v["players"].items()) +
                       f"\nturn {v['turn']}")
        c.button.setText("Rematch")
        c.button2.setText("Back to the table")
        c.button2.show()
        try:
            c.button2.clicked.disconnect()
        except (RuntimeError, TypeError):
            pass
        c.button2.clicked.connect(c.hide)
        self.scene.hide_hands = False
        self.view.setUpdatesEnabled(True)
        self.refresh()
        c.setGeometry(self.rect())
        c.show()
        c.raise_()

    def _curtain_clicked(self) -> None:
        if self._curtain_mode == "handover":
            self.reveal()
        elif self._curtain_mode == "over":
            self.rematch.emit()
