"""The prompt panel: every decision that is not a drag, and the OK/Pass button (Space).

It always says who decides, what and why. Mulligans, ordering, damage assignment,
choosing cards or options, numbers, X and modes are answered here; attackers and
blockers are dragged on the table and confirmed here.
"""
from __future__ import annotations

from typing import Any, Callable

from PySide6.QtCore import QSize, QStringListModel, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QCompleter,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QStyle,
    QStyleOptionButton,
    QStylePainter,
    QVBoxLayout,
    QWidget,
)

from app.cards.render import card_pixmap
from app.forms import load
from app.table.scene import step_name
from engine.cards.db import open_db
from engine.seats import result_text

MAX_TARGET_BUTTONS = 8  # more candidate targets than this are offered as a list
PICK_KINDS = ("choose_cards", "discard_to_hand_size", "legend_rule")   # cards also picked by clicking them


class WrapButton(QPushButton):
    """A push button whose text wraps onto more lines instead of being cut ("…let
    Greenwood Sentinel res…"); ``text()`` is the whole text, also its tooltip."""

    PAD_W, PAD_H = 14, 10

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.label = QLabel(self)
        self.label.setObjectName("wrap")
        self.label.setWordWrap(True)
        self.label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.label.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.label.setStyleSheet("QLabel { background: transparent; color: #ffffff; }"
                                 "QLabel:disabled { color: #a4acb4; }")

        sp = self.sizePolicy()
        sp.setHorizontalPolicy(QSizePolicy.Policy.Expanding)
        sp.setHeightForWidth(True)
        self.setSizePolicy(sp)
        self.setMinimumWidth(40)
        self._base_min = 0
        self.setText(text)

    def setText(self, text: str) -> None:  # noqa: N802 (Qt's name)
        super().setText(text)
        self.label.setText(text)
        self.setToolTip(text)
        self.updateGeometry()

    def changeEvent(self, ev: Any) -> None:
        super().changeEvent(ev)
        self.label.setFont(self.font())
        self.label.setEnabled(self.isEnabled())

    def setMinimumHeight(self, h: int) -> None:  # noqa: N802
        self._base_min = h
        super().setMinimumHeight(max(h, self._text_height(self.width())) if self.width() > 40 else h)

    def _text_height(self, w: int) -> int:
        return self.label.heightForWidth(max(10, w - self.PAD_W)) + self.PAD_H

    def heightForWidth(self, w: int) -> int:  # noqa: N802
        return max(getattr(self, "_base_min", 0), self._text_height(w))

    def sizeHint(self) -> QSize:  # noqa: N802
        one_line = self.label.fontMetrics().horizontalAdvance(self.text()) + self.PAD_W + 4
        w = self.width() if self.width() > 40 else min(one_line, 600)
        return QSize(min(one_line, 600), self.heightForWidth(w))

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        return QSize(40, self.heightForWidth(self.width() if self.width() > 40 else 200))

    def resizeEvent(self, ev: Any) -> None:
        super().resizeEvent(ev)
        self._place_label()
        # the layouts of the side panel do not ask for a height for the width: the button
        # asks for the height its wrapped text needs as its minimum
        need = self.heightForWidth(self.width())
        if need != self.minimumHeight():
            super().setMinimumHeight(need)

    def _place_label(self) -> None:
        r = self.rect().adjusted(self.PAD_W // 2, self.PAD_H // 2, -(self.PAD_W // 2), -(self.PAD_H // 2))
        if self.label.geometry() != r:
            self.label.setGeometry(r)

    def showEvent(self, ev: Any) -> None:  # noqa: N802
        super().showEvent(ev)
        self._place_label()

    def paintEvent(self, ev: Any) -> None:  # noqa: N802
        # the button's frame and background only: the label draws the text
        self._place_label()
        p = QStylePainter(self)
        opt = QStyleOptionButton()
        self.initStyleOption(opt)
        opt.text = ""
        p.drawControl(QStyle.ControlElement.CE_PushButton, opt)


class WrapCheck(QWidget):
    """A check box with a label that wraps (a mode of a modal spell can be a long sentence);
    a click on the words toggles it too."""

    def __init__(self, text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 2, 0, 2)
        self.box = QCheckBox()
        self.label = QLabel(text)
        self.label.setWordWrap(True)
        self.label.setToolTip(text)
        self.label.mousePressEvent = lambda _ev: self.box.toggle()   # type: ignore[method-assign]
        lay.addWidget(self.box, 0, Qt.AlignmentFlag.AlignTop)
        lay.addWidget(self.label, 1)

    def isChecked(self) -> bool:  # noqa: N802
        return self.box.isChecked()


class ModeCount(QWidget):
    """How many times a mode is chosen, for a spell that lets the same mode be chosen more than once
    (the Confluences, 700.2d): a number from 0 and the mode's words, which wrap."""

    def __init__(self, text: str, most: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 2, 0, 2)
        self.spin = QSpinBox()
        self.spin.setRange(0, most)
        self.label = QLabel(text)
        self.label.setWordWrap(True)
        self.label.setToolTip(text)
        lay.addWidget(self.spin, 0, Qt.AlignmentFlag.AlignTop)
        lay.addWidget(self.label, 1)


def decision_words(d: Any, v: dict[str, Any]) -> str:
    """What a decision asks, in a player's words (the hand-over screen, the panel's title)."""
    kind = d.kind
    if kind == "priority":
        stack = v.get("stack") or []
        if stack:
            return f"respond to {stack[0]['name']}, or let it resolve"
        return f"your priority in the {step_name(v.get('step') or '')}"
    return {
        "play_first": "choose who plays first",
        "mulligan": "keep your opening hand or mulligan",
        "mulligan_bottom": "look at the top card of your library",
        "attackers": "declare attackers",
        "blockers": "declare blockers",
        "order_blockers": "put the blockers in damage assignment order",
        "order_attackers": "put the attackers in damage assignment order",
        "assign_damage": "assign combat damage",
        "order_triggers": "put your triggered abilities on the stack in order",
        "trigger_targets": "choose targets for a triggered ability",
        "discard_to_hand_size": "discard down to your maximum hand size",
        "legend_rule": "keep one of your legendary permanents",
        "choose_cards": "choose cards",
        "choose_option": "choose an option",
        "choose_number": "choose a number",
        "name_card": "name a card",
        "manual": "carry out a card's text by hand",
    }.get(kind, kind.replace("_", " "))


_NAMES: list[str] = []


def card_names() -> list[str]:
    """Every card name of the card database, each name of a card with several (201.3, 708.7),
    read once, when a card is first named (opening the database costs); none when it cannot
    be opened (the suggestions and typing remain)."""
    if not _NAMES:
        try:
            names = open_db().names()
        except Exception:  # noqa: BLE001 - no database: the line edit still takes any name
            return []
        _NAMES.extend(dict.fromkeys(part for n in names for part in n.split(" // ")))
    return _NAMES


class PromptPanel(QWidget):
    def __init__(self, table: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.table = table  # the TableWidget: .scene, .ctl, .submit()
        # the panel's frame is the Designer form ui_forms/prompt.ui; its body is filled
        # per decision below
        self.ui = load("prompt").Ui_PromptPanel()
        self.ui.setupUi(self)
        self.title, self.text, self.body = self.ui.title, self.ui.text, self.ui.body
        self.body_lay = self.ui.bodyLayout
        # the form's two buttons, as buttons whose text wraps
        for name in ("ok", "second"):
            old = getattr(self.ui, name)
            b = WrapButton(old.text())
            b.setObjectName(name)
            b.setStyleSheet(old.styleSheet())
            b.setMinimumHeight(old.minimumHeight())
            self.ui.buttonRow.replaceWidget(old, b)
            old.hide()
            old.deleteLater()
            setattr(self.ui, name, b)
        self.ok, self.second = self.ui.ok, self.ui.second
        self._second_on = False  # the second button shown with the decision of the moment
        lay = self.layout()
        assert isinstance(lay, QVBoxLayout)   # the form's top layout
        lay.addStretch(1)   # room left over stays below the buttons, not inside the labels
        # squeezed in a short window only down to what its parts need at least (a wrapped
        # choice keeps its lines, a list scrolls); room left over goes to the game log
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        self.ok.clicked.connect(self.primary)
        self.second.clicked.connect(self.secondary)
        self._answer: Callable[[], Any] | None = None
        self._second: Callable[[], Any] | None = None
        self.buttons: dict[str, QPushButton] = {}

    # -- building ----------------------------------------------------------------
    def _clear(self) -> None:
        while self.body_lay.count():
            it = self.body_lay.takeAt(0)
            w = it.widget()
            if w is not None:
                w.hide()
                w.setParent(None)  # out of findChild() at once, not at the next event loop pass
                w.deleteLater()
        self.buttons = {}

    def _button(self, label: str, fn: Callable[..., Any], key: str | None = None) -> QPushButton:
        b = WrapButton(label)
        b.clicked.connect(fn)
        self.body_lay.addWidget(b)
        self.buttons[key or label] = b
        return b

    def _name(self, x: Any) -> str:
        """A card's name; on the battlefield, told apart from others of the same name by
        its place in its row ("Grizzly Bears (bob, 2nd from left)")."""
        if isinstance(x, int):
            v = self.table.scene.v
            for c in v.get("battlefield", []):
                if c["id"] == x:
                    return c["name"] + self._which(c, v)
            for c in v.get("stack", []):
                if c["id"] == x:
                    return c["name"]
            for p in v.get("players", {}).values():
                for c in (p.get("hand") or []) + p["graveyard"] + p["exile"]:
                    if c["id"] == x:
                        return c["name"]
            return f"#{x}"
        return str(x)

    def _which(self, c: dict[str, Any], v: dict[str, Any]) -> str:
        same = [o for o in v.get("battlefield", []) if o["name"] == c["name"]]
        if len(same) < 2:
            return ""
        owners = {o["controller"] for o in same}
        mine = [o for o in same if o["controller"] == c["controller"]]
        who = c["controller"] if len(owners) > 1 else ""
        if len(mine) < 2:
            return f" ({who})"
        items = self.table.scene.cards
        mine.sort(key=lambda o: (items[o["id"]].pos().x() if o["id"] in items else 0, o["id"]))
        k = [o["id"] for o in mine].index(c["id"]) + 1
        where = f"{k}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(k if k < 20 else k % 10, 'th')} from left"
        return f" ({who + ', ' if who else ''}{where})"

    def refresh(self) -> None:
        """Show the decision of the moment (or the pending action being built)."""
        self._refresh()
        # shown or hidden only when that changes: hiding the second button and showing it
        # again laid the panel out anew on every update (app.bench: priority after priority)
        if self.second.isHidden() == self._second_on:
            self.second.setVisible(self._second_on)
        # an empty body takes no room (it kept the height of what it showed last)
        self.body.setVisible(self.body_lay.count() > 0)

    def _refresh(self) -> None:
        self._clear()
        sc, ctl = self.table.scene, self.table.ctl
        d = sc.decision()
        self._answer = self._second = None
        self.ok.setEnabled(True)
        self._second_on = False  # shown or hidden once the panel is built (refresh)
        if sc.hide_hands:
            self.title.setText(f"{ctl.seat}'s turn to decide")
            self.text.setText("Hand the computer over. The table is hidden until you click.")
            self.ok.setText("Show my cards")
            self._answer = self.table.reveal
            return
        if d is None:
            w = ctl.waiting()
            self.title.setText("game over" if w is None else f"waiting for {w[0]}")
            v = sc.v
            self.text.setText(result_text(v.get("winner")))
            self.ok.setText("OK")
            self.ok.setEnabled(False)
            return
        self.title.setText(f"{d.player}: {decision_words(d, sc.v)}")
        self.text.setText(d.prompt)
        if sc.pending is not None:
            return self._pending(sc.pending)
        if sc.choices:
            self.text.setText(f"choose what to do with {sc.choices[0].get('name')}")
            for o in sc.choices:
                self._button(choice_label(o), lambda _=False, o=o: sc._start(o))
            self.ok.setText("Cancel")
            self._answer = sc.cancel
            return
        getattr(self, "_k_" + d.kind, self._k_other)(d)

    def _pending(self, p: Any) -> None:
        sc = self.table.scene
        self.text.setText(p.describe())
        self.second.setText("Cancel (Esc)")
        self._second_on = True
        self._second = sc.cancel
        if p.kicked is None:  # 702.32a: kicker is announced before targets (601.2b)
            self._button(f"Pay the kicker {p.option['kicker']}", lambda _=False: sc.set_kicked(True), "kicker:yes")
            self._button("Cast without kicker", lambda _=False: sc.set_kicked(False), "kicker:no")
            self.ok.setText("Without kicker")
            self._answer = lambda: sc.set_kicked(False)
            return
        if not p.targets_done():
            self.ok.setText("Done choosing targets")
            self.ok.setEnabled(len(p.targets[p.slot]) >= p.slot_min())
            self._answer = sc.finish_targets
            cands = p.candidates
            if len(cands) <= MAX_TARGET_BUTTONS:  # the same targets, as buttons: handy for players and tests
                for c in cands:
                    self._button(f"target: {self._name(c)}", lambda _=False, c=c: self._pick(c), f"target:{c}")
                return
            # a crowded table: one list, not a button per creature (62 buttons took 13 ms to make)
            lw = QListWidget()
            lw.setObjectName("targets")
            lw.setMaximumHeight(180)
            ctl = {c["id"]: c.get("controller") for c in self.table.scene.v.get("battlefield", [])}
            for c in cands:   # "Grizzly Bears (bob)": a crowded table has many of a name
                item = QListWidgetItem(self._name(c) + (f" ({ctl[c]})" if ctl.get(c) else ""))
                item.setData(Qt.ItemDataRole.UserRole, c)
                lw.addItem(item)
            lw.itemClicked.connect(lambda item: self._pick(item.data(Qt.ItemDataRole.UserRole)))
            self.body_lay.addWidget(lw)
            return
        if p.option.get("x") and p.x is None:
            spin = QSpinBox()
            spin.setRange(0, 99)
            spin.setObjectName("x")
            self.body_lay.addWidget(QLabel("X ="))
            self.body_lay.addWidget(spin)
            self.ok.setText("Cast")
            self._answer = lambda: sc.set_x(spin.value())
            return
        # 601.2b: the modes first; the targets of the chosen modes are then clicked on the table (601.2c)
        if p.option.get("repeat_modes"):
            return self._mode_counts(p)
        boxes = []
        targeted = False
        per = p.option.get("mode_targets") or []
        for i, m in enumerate(p.option.get("modes", [])):
            legal = p.mode_legal(i)
            cb = WrapCheck(m if legal else f"{m} (no legal target)")
            cb.setObjectName(f"mode:{i}")
            cb.setEnabled(legal)  # 700.2a: a mode without legal targets can't be chosen
            if not legal:
                cb.label.setStyleSheet("color: #8a9099;")   # greyed: the panel's style sheet keeps enabled colours
            self.body_lay.addWidget(cb)
            boxes.append((i, cb))
            targeted = targeted or legal and i < len(per) and bool(per[i]["targets"])
        self.ok.setText("Next" if targeted else "Cast")  # targets may follow
        entwine = (p.option.get("extra_costs") or {}).get("entwine")
        if entwine is not None:  # 702.41a: pay the entwine cost and choose every mode
            en = WrapCheck(f"Entwine: pay {entwine} more and choose all modes")
            en.setObjectName("entwine")
            self.body_lay.addWidget(en)
            self._answer = lambda: sc.set_modes([i for i, cb in boxes if cb.isChecked()], en.isChecked())
            return
        self._answer = lambda: sc.set_modes([i for i, cb in boxes if cb.isChecked()])

    def _mode_counts(self, p: Any) -> None:
        """A spell whose same mode may be chosen more than once (700.2d): how many times each mode is chosen."""
        sc = self.table.scene
        counts = []
        for i, m in enumerate(p.option.get("modes", [])):
            legal = p.mode_legal(i)
            most = p.mode_range()[1]
            weights = p.option.get("mode_weights")
            if weights and i < len(weights) and weights[i]:  # pawprint modes (a later rule, Bloomburrow): at most the
                most = min(most, int(p.option.get("weight_budget", most)) // int(weights[i]))  # budget's worth
            row = ModeCount(m if legal else f"{m} (no legal target)", most)
            row.setObjectName(f"mode:{i}")
            row.setEnabled(legal)  # 700.2a
            if not legal:
                row.label.setStyleSheet("color: #8a9099;")
            self.body_lay.addWidget(row)
            counts.append((i, row))
        self.ok.setText("Next")
        self._answer = lambda: sc.set_modes([i for i, row in counts for _ in range(row.spin.value())])

    def _pick(self, c: Any) -> None:
        sc = self.table.scene
        if sc.pending is not None:
            sc.pending.add_target(c)
            sc._continue()

    # -- decision kinds --------------------------------------------------------------
    def _k_priority(self, d: Any) -> None:
        sc = self.table.scene
        v = sc.v
        self.text.setText(("Stack: " + ", ".join(c["name"] for c in v["stack"]) + ". " if v["stack"] else "")
                          + "Drag a card to play it, double-click to tap or activate.")
        self.ok.setText("Pass" if not v["stack"] else f"Pass (let {v['stack'][0]['name']} resolve)")
        self._answer = lambda: self.table.submit({"action": "pass"})
        if {"action": "manual"} in d.options:
            self._button("Manual actions…", lambda _=False: self.table.submit({"action": "manual"}), "manual")
        roll = next((o for o in d.options if o.get("action") == "roll_planar_die"), None)
        if roll is not None:  # 901.9: a special action, {N} for the Nth roll of the turn (Ctrl+R)
            cost = f"{{{roll.get('cost', 0)}}}"
            self._button(f"Roll the planar die ({cost}, Ctrl+R)", lambda _=False: self.table.roll_planar_die(),
                         "roll_planar_die")
        self.second.setText("Pass turn")
        self.second.setToolTip("pass priority until the end of this turn (F6)")
        self._second_on = True
        self._second = self.table.ctl.pass_turn

    def _k_play_first(self, d: Any) -> None:
        """103.2: the chooser (the coin flip's winner, or the loser of the last game) says who
        takes the first turn."""
        self.text.setText(f"{d.player}, choose who plays first (103.2).")
        for o in d.options:
            who = o["player"]
            label = "I play first" if who == d.player else f"{who} plays first"
            self._button(label, lambda _=False, o=o: self.table.submit(dict(o)), f"play_first:{who}")
        self.ok.setText("I play first")
        self._answer = lambda: self.table.submit({"player": d.player})

    def _k_mulligan(self, d: Any) -> None:
        self.ok.setText("Keep")
        self._answer = lambda: self.table.submit({"option": "keep"})
        self.second.setText("Mulligan")
        self._second_on = True
        self._second = lambda: self.table.submit({"option": "mulligan"})

    def _k_mulligan_bottom(self, d: Any) -> None:
        """103.4: the top card, which only this player sees, is shown in the panel and large."""
        lib = self.table.scene.v["players"][d.player]
        top = (d.data or {}).get("top")
        self.text.setText(d.prompt + f" (library: {lib['library']} cards)")
        if top:
            says = QLabel(f"The top card of your library: {top['name']}")
            says.setWordWrap(True)
            self.body_lay.addWidget(says)
            face = QLabel()
            face.setObjectName("top_card")
            face.setToolTip(top["name"])
            w = max(90, self.width() // 2)
            face.setPixmap(card_pixmap(top["name"], w * 2, round(w * 2.78)).scaledToWidth(
                w, Qt.TransformationMode.SmoothTransformation))
            self.body_lay.addWidget(face, 0, Qt.AlignmentFlag.AlignHCenter)
            self.table.show_preview({"name": top["name"], "private_to": d.player})
        self.ok.setText("Keep on top")
        self._answer = lambda: self.table.submit({"option": "top"})
        self.second.setText("Put on bottom")
        self._second_on = True
        self._second = lambda: self.table.submit({"option": "bottom"})

    def _k_attackers(self, d: Any) -> None:
        sc = self.table.scene
        n = len(sc.attacks)
        how = ("Drag each attacker onto the player (or planeswalker) it attacks; "
               if len(sc.boxes) > 2 else "Drag creatures toward your opponent (or double-click them) to attack; ")
        self.text.setText(how + "drag one back to cancel.\n" +
                          "\n".join(f"{self._name(a)} → {self._name(t)}" for a, t in sc.attacks.items()))
        self.ok.setText(f"Attack with {n}" if n else "No attack")
        self._answer = lambda: self.table.submit(sc.attack_answer())

    def _k_blockers(self, d: Any) -> None:
        sc = self.table.scene
        n = len(sc.blocks)
        self.text.setText("Drag your creatures onto attackers to block; drag one away to cancel.\n" +
                          "\n".join(f"{self._name(b)} blocks {self._name(a)}" for b, a in sc.blocks.items()))
        self.ok.setText(f"Block with {n}" if n else "No blocks")
        self._answer = lambda: self.table.submit(sc.block_answer())

    def _order_list(self, ids: list[Any], label: Callable[[Any], str]) -> QListWidget:
        lw = QListWidget()
        lw.setObjectName("order")
        lw.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        for x in ids:
            it = QListWidgetItem(label(x))
            it.setData(Qt.ItemDataRole.UserRole, x)
            lw.addItem(it)
        self.body_lay.addWidget(QLabel("drag to reorder (first at the top)"))
        self.body_lay.addWidget(lw)
        return lw

    @staticmethod
    def _list_values(lw: QListWidget) -> list[Any]:
        return [lw.item(i).data(Qt.ItemDataRole.UserRole) for i in range(lw.count())]

    def _k_order_blockers(self, d: Any) -> None:
        """Damage assignment order (509.2, 509.3): dragged on the table (numbered cards), or
        here in the list; the two stay the same."""
        sc = self.table.scene
        lw = self._order_list(list(sc.order if sc.order is not None else d.options), self._name)
        self.text.setText(f"{d.prompt}: drag a numbered card onto another on the table, or reorder "
                          "this list; 1 is dealt damage first.")
        for sig in (lw.model().rowsMoved, lw.model().rowsInserted):
            sig.connect(lambda *_: sc.set_order(self._list_values(lw)))
        self.ok.setText("OK")
        self._answer = lambda: self.table.submit({"order": self._list_values(lw)})

    _k_order_attackers = _k_order_blockers

    def _k_order_triggers(self, d: Any) -> None:
        lw = self._order_list([o["index"] for o in d.options],
                              lambda i: f"{d.options[i]['name']}: {d.options[i]['text']}")
        self.ok.setText("OK")
        self._answer = lambda: self.table.submit({"order": self._list_values(lw)})

    def _k_assign_damage(self, d: Any) -> None:
        o = d.options
        left = o["power"]
        grid = QWidget()
        g = QGridLayout(grid)
        spins = {}
        for i, r in enumerate(o["recipients"]):
            lethal = o["lethal"].get(r, o["lethal"].get(str(r), left)) if isinstance(r, int) else left
            n = min(left, lethal)
            left -= n
            s = QSpinBox()
            s.setRange(0, o["power"])
            s.setValue(n)
            row = QLabel(f"{self._name(r)} (lethal {lethal})" if isinstance(r, int) else self._name(r))
            row.setWordWrap(True)
            g.addWidget(row, i, 0)
            g.addWidget(s, i, 1)
            spins[r] = s
        if left and spins:
            last = list(spins.values())[-1]
            last.setValue(last.value() + left)
        self.body_lay.addWidget(QLabel(f"{o['power']} damage to assign, in order"))
        self.body_lay.addWidget(grid)
        self.ok.setText("Assign")
        self._answer = lambda: self.table.submit({"assign": {r: s.value() for r, s in spins.items()}})

    def _checklist(self, ids: list[Any], picked: set[Any] | None = None) -> QListWidget:
        """Cards to check; with ``picked`` (the scene's cards clicked on the table) the two
        stay the same both ways."""
        lw = QListWidget()
        lw.setObjectName("choices")
        lw.setWordWrap(True)
        for x in ids:
            it = QListWidgetItem(self._name(x))
            it.setData(Qt.ItemDataRole.UserRole, x)
            it.setToolTip(it.text())
            it.setFlags(it.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            it.setCheckState(Qt.CheckState.Checked if picked and x in picked else Qt.CheckState.Unchecked)
            lw.addItem(it)
        lw.setMaximumHeight(min(200, 8 + sum(lw.sizeHintForRow(i) for i in range(lw.count()))))
        lw.itemClicked.connect(lambda it: it.setCheckState(
            Qt.CheckState.Unchecked if it.checkState() == Qt.CheckState.Checked else Qt.CheckState.Checked))
        if picked is not None:
            lw.itemChanged.connect(lambda _it: self.table.scene.set_picked(self._checked(lw)))
        self.body_lay.addWidget(lw)
        return lw

    @staticmethod
    def _checked(lw: QListWidget) -> list[Any]:
        return [lw.item(i).data(Qt.ItemDataRole.UserRole) for i in range(lw.count())
                if lw.item(i).checkState() == Qt.CheckState.Checked]

    def _k_choose_cards(self, d: Any) -> None:
        if d.data.get("ordered"):  # the order itself is chosen (404.3: cards put into a graveyard at once)
            order = self._order_list(list(d.options), self._name)
            self.ok.setText("OK")
            self._answer = lambda: self.table.submit({"cards": self._list_values(order)})
            return
        lw = self._checklist(list(d.options), self.table.scene.picked)
        lo, hi = d.data.get("min", 0), d.data.get("max", len(d.options))
        if d.kind == "discard_to_hand_size":
            lo = hi = d.data.get("n", 1)
        if d.kind == "legend_rule":
            lo = hi = 1
        how = QLabel(f"choose {lo}" + (f" to {hi}" if hi != lo else "")
                     + " — click the cards on the table or check them here")
        how.setWordWrap(True)
        self.body_lay.insertWidget(0, how)
        self.ok.setText("OK")
        self._answer = lambda: self.table.submit({"cards": self._checked(lw)})

    _k_discard_to_hand_size = _k_choose_cards
    _k_legend_rule = _k_choose_cards

    def _k_choose_option(self, d: Any) -> None:
        for o in d.options:
            self._button(str(o), lambda _=False, o=o: self.table.submit({"option": o}), f"option:{o}")
        self.ok.setText(f"{d.options[0]}" if d.options else "OK")
        self._answer = lambda: self.table.submit({"option": d.options[0]})

    def _k_choose_number(self, d: Any) -> None:
        s = QSpinBox()
        s.setRange(d.data.get("min", 0), d.data.get("max", 99))
        self.body_lay.addWidget(s)
        self.ok.setText("OK")
        self._answer = lambda: self.table.submit({"number": s.value()})

    def _k_name_card(self, d: Any) -> None:
        """201.3: name a card: a line edit that completes over every card name (the names
        seen on the table first, as buttons); the engine checks the name."""
        edit = QLineEdit()
        edit.setObjectName("card_name")
        edit.setPlaceholderText("a card name")
        names = list(d.options) + [n for n in card_names() if n not in d.options]
        comp = QCompleter(QStringListModel(names, edit), edit)
        comp.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        comp.setFilterMode(Qt.MatchFlag.MatchContains)
        edit.setCompleter(comp)
        self.body_lay.addWidget(edit)
        for n in list(d.options)[:6]:
            self._button(n, lambda _=False, n=n: self.table.submit({"name": n}), f"name:{n}")
        self.ok.setText("Name it")
        self._answer = lambda: self.table.submit({"name": edit.text().strip()})
        edit.returnPressed.connect(self.primary)

    def _k_trigger_targets(self, d: Any) -> None:
        lists = []
        for i, (slot, (lo, hi)) in enumerate(zip(d.options["targets"], d.options["target_counts"])):
            self.body_lay.addWidget(QLabel(f"target {i + 1}: choose {lo}" + (f" to {hi}" if hi != lo else "")))
            lists.append(self._checklist(slot))
        self.ok.setText("OK")
        self._answer = lambda: self.table.submit({"targets": [self._checked(lw) for lw in lists]})

    def _k_manual(self, d: Any) -> None:
        """Manual mode: carry out an unsupported card's text by hand, one logged action at a time."""
        o = d.options
        self.text.setText(f"{d.prompt}. Each action is shown to "
                          f"{'every other player' if len(self.table.scene.boxes) > 2 else 'your opponent'}.")
        grid = QGridLayout()
        action, card, target, zone, player = QComboBox(), QComboBox(), QComboBox(), QComboBox(), QComboBox()
        for a in o["actions"]:
            if a != "done":
                action.addItem(a)
        for x in o["objects"]:
            card.addItem(self._name(x), x)
            target.addItem(self._name(x), x)
        for z in o["zones"]:
            zone.addItem(z)
        for p in o["players"]:
            player.addItem(p)
        delta = QSpinBox()
        delta.setRange(-99, 99)
        delta.setValue(1)
        kind = QComboBox()
        kind.setEditable(True)
        kind.addItems(["+1/+1", "-1/-1", "loyalty", "charge"])
        for i, (label, w) in enumerate((("action", action), ("card", card), ("to zone", zone), ("onto", target),
                                        ("player", player), ("amount", delta), ("counter", kind))):
            w.setObjectName(f"manual_{label.replace(' ', '_')}")
            grid.addWidget(QLabel(label), i, 0)
            grid.addWidget(w, i, 1)
        self.body_lay.addLayout(grid)

        def apply() -> None:
            a = action.currentText()
            ans: dict[str, Any] = {"action": a}
            if a in ("move", "tap", "untap", "counters", "token_copy", "attach"):
                ans["card"] = card.currentData()
            if a == "move":
                ans["to"] = zone.currentText()
            if a == "attach":
                ans["to"] = target.currentData()
            if a in ("counters", "life"):
                ans["delta"] = delta.value()
            if a == "counters":
                ans["kind"] = kind.currentText()
            if a == "life":
                ans["player"] = player.currentText()
            if a == "draw":
                ans["amount"] = max(1, delta.value())
            self.table.submit(ans)

        self._button("Apply", apply, "manual:apply")
        self.ok.setText("Done")
        self._answer = lambda: self.table.submit({"action": "done"})

    def _k_cast_offer(self, d: Any) -> None:
        """A card a resolving ability lets its owner cast now (madness, cascade, rebound, suspend:
        engine/ops/cast.py): cast it (its targets are then chosen on the table), or decline."""
        sc = self.table.scene
        self.text.setText(d.prompt)
        for o in d.options:
            if o.get("action") == "cast":
                self._button(f"Cast {o.get('name', '')}", lambda _=False, o=o: sc._start(dict(o)), "cast_offer:cast")
        if {"action": "pass"} in d.options:
            self.ok.setText("Decline")
            self._answer = lambda: self.table.submit({"action": "pass"})
        else:
            self.ok.setEnabled(False)

    def _k_other(self, d: Any) -> None:
        self.text.setText(f"{d.prompt}\n(options: {d.options})")
        if d.forced is not None:
            self.ok.setText("OK")
            self._answer = lambda: self.table.submit(d.forced)
        else:
            self.ok.setEnabled(False)

    # -- buttons --------------------------------------------------------------------
    def primary(self) -> None:
        if self._answer is not None and self.ok.isEnabled():
            self._answer()

    def secondary(self) -> None:
        if self._second is not None:
            self._second()


#: a special action's words on its button (115.2): "{}" is the card's name
SPECIAL_WORDS = {"turn_face_up": "turn {} face up", "suspend": "suspend {}", "foretell": "foretell {}",
                 "plot": "plot {}", "end_effect": "end the effect of {}", "unlock": "unlock a door of {}"}


def choice_label(o: dict[str, Any]) -> str:
    """A button's words for one priority option of a card (play, cast, activate, a special action)."""
    name = o.get("name", "")
    act = o.get("action")
    if act == "play":
        return f"play {name}"
    if act == "cast":
        alt = o.get("alt")
        extra = f" ({o['cost_words']})" if o.get("cost_words") else ""  # 601.2b: the alternative paid of "A or B"
        return f"cast {name}" + (" for its alternative cost" if alt == "alternative" else
                                 " with flashback" if alt == "flashback" else "") + extra
    if act not in (None, "activate"):  # a special action (115.2): its own words, or the action's
        if o.get("text"):
            return str(o["text"])
        how = f" ({o['alt']})" if act == "turn_face_up" and o.get("alt") else ""
        return SPECIAL_WORDS.get(str(act), str(act).replace("_", " ") + " {}").format(name) + how
    what = o.get("text") or f"ability {o.get('ability', 0) + 1}"
    xs: list[int] = o.get("x_values") or []
    return f"{name}: {what}" + (" (mana)" if o.get("mana") else "") + (f" (X={xs[0]})" if len(xs) == 1 else "")
