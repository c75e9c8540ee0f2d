"""A new game at one computer for 2 to 6 seats (issue 17, item 4): how many seats, the
variant, and for each seat a name, who plays it (a person at this computer, or a bot: the
random bot or the AI at a level, app.ai_seat) and a deck.

Every deck offered is checked (app.deckchoice): an illegal one is listed last with its
reason, and while a seat has one the dialog says why and OK stays disabled. The hand-over
screen (app.table.widget) comes between the people at the computer; at most four people
share one screen (``MAX_PEOPLE``): more would wait too long for it.
"""
from __future__ import annotations

import inspect
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.widgets import named
from engine.rng import new_seed

MAX_SEATS = 6
MAX_PEOPLE = 4            # people sharing one screen (hotseat)
NAMES = ["alice", "bob", "carol", "dave", "erin", "frank"]
PERSON = "person at this computer"
BOTS = {"bot: random": "random", "bot: AI easy": "easy", "bot: AI medium": "medium", "bot: AI hard": "hard"}
VARIANTS = {"Free-for-all": None, "Commander": "commander"}   # 806; 903


def commander_available() -> bool:
    """The engine starts Commander games (Game.new takes a ``format``): the variant is offered."""
    from engine.game import Game
    return "format" in inspect.signature(Game.new).parameters


@dataclass(frozen=True)
class SeatConfig:
    """One seat of the game to start: its name, deck, and its bot level (None: a person)."""

    name: str
    deck: tuple[str, ...]
    bot: str | None = None


class TableDialog(QDialog):
    """The new-game dialog for 2 to 6 seats. ``result_config()`` after OK gives the seats
    (in turn order), the variant's format, the seed and who plays first."""

    def __init__(self, parent: QWidget | None = None, seats: int = 3) -> None:
        super().__init__(parent)
        from app.deckchoice import deck_choices
        self.setWindowTitle("New game at this computer")
        self.offered = deck_choices()
        self.decks = {c.label: list(c.cards) for c in self.offered}
        self.problems = {c.label: c.problem for c in self.offered}
        lay = QVBoxLayout(self)
        form = QFormLayout()
        self.count = named(QSpinBox(self), "seats", minimum=2, maximum=MAX_SEATS, value=seats)
        self.count.setToolTip("how many players sit at the table (2 to 6), in turn order from the top")
        form.addRow("Players", self.count)
        self.variant = named(QComboBox(self), "variant")
        for label, fmt in VARIANTS.items():
            if fmt is None or commander_available():
                self.variant.addItem(label, fmt)
        form.addRow("Variant", self.variant)
        lay.addLayout(form)
        grid = QGridLayout()
        for col, head in enumerate(("", "name", "played by", "deck")):
            grid.addWidget(QLabel(f"<b>{head}</b>", self), 0, col)
        self.rows: list[tuple[QLabel, QLineEdit, QComboBox, QComboBox]] = []
        legal = [c.label for c in self.offered if not c.problem]
        for i in range(MAX_SEATS):
            number = QLabel(f"{i + 1}.")
            name = named(QLineEdit(NAMES[i], self), f"name{i + 1}")
            who = named(QComboBox(self), f"who{i + 1}")
            who.addItems([PERSON, *BOTS])
            deck = named(QComboBox(self), f"deck{i + 1}")
            for choice in self.offered:
                deck.addItem(choice.label)
                if choice.problem:
                    deck.setItemData(deck.count() - 1, QColor(255, 150, 120), Qt.ItemDataRole.ForegroundRole)
                deck.setItemData(deck.count() - 1, choice.label, Qt.ItemDataRole.ToolTipRole)
            deck.setCurrentIndex(deck.findText(legal[i % len(legal)]) if legal else 0)
            deck.currentIndexChanged.connect(self._check)
            who.currentIndexChanged.connect(self._check)
            row: tuple[QLabel, QLineEdit, QComboBox, QComboBox] = (number, name, who, deck)
            for col, wdg in enumerate(row):
                grid.addWidget(wdg, i + 1, col)
            self.rows.append(row)
        lay.addLayout(grid)
        form2 = QFormLayout()
        self.first = named(QComboBox(self), "first")
        form2.addRow("Who starts", self.first)
        self.seed = named(QSpinBox(self), "seed", maximum=1_000_000)
        self.seed.setSpecialValueText("random")   # 0: a fresh 128-bit seed; a number replays the shuffles
        self.seed.setToolTip("the same seed and decks give the same shuffles")
        form2.addRow("Seed", self.seed)
        lay.addLayout(form2)
        self.warning = named(QLabel(self), "warning", wordWrap=True)
        self.warning.setStyleSheet("color: #b00020; font-weight: bold;")
        lay.addWidget(self.warning)
        self.buttons = named(QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                              | QDialogButtonBox.StandardButton.Cancel, self), "buttons")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        lay.addWidget(self.buttons)
        self.count.valueChanged.connect(self._show_rows)
        for _, name, _, _ in self.rows:
            name.textChanged.connect(self._names_changed)
        self._show_rows()

    def seats(self) -> int:
        return self.count.value()

    def _show_rows(self) -> None:
        n = self.seats()
        for i, row in enumerate(self.rows):
            for wdg in row:
                wdg.setVisible(i < n)
        self._names_changed()

    def _names_changed(self) -> None:
        keep = self.first.currentText()
        self.first.blockSignals(True)
        self.first.clear()
        self.first.addItem("random")
        self.first.addItems(self.names())
        i = self.first.findText(keep)
        self.first.setCurrentIndex(max(0, i))
        self.first.blockSignals(False)
        self._check()

    def names(self) -> list[str]:
        """The seats' names in turn order, each told apart from the others."""
        out: list[str] = []
        for i, (_, name, _, _) in enumerate(self.rows[:self.seats()]):
            n = name.text().strip() or f"player {i + 1}"
            while n in out:
                n += " 2"
            out.append(n)
        return out

    def problems_now(self) -> list[str]:
        """Why the game cannot start as chosen (empty when it can)."""
        out = []
        names = self.names()
        people = 0
        for n, (_, _, who, deck) in zip(names, self.rows):
            if self.problems.get(deck.currentText()):
                out.append(f"{n}'s deck is not legal: {self.problems[deck.currentText()]}")
            people += who.currentText() == PERSON
        if people == 0:
            out.append("At least one seat is played by a person at this computer.")
        if people > MAX_PEOPLE:
            out.append(f"At most {MAX_PEOPLE} people share one computer; make the others bots "
                       "or play them over the LAN.")
        return out

    def _check(self) -> None:
        bad = self.problems_now()
        if any("deck is not legal" in b for b in bad):
            bad.append("Choose another deck, or fix it in the deck builder.")
        self.warning.setText("\n".join(bad))
        self.warning.setVisible(bool(bad))
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        if ok is not None:
            ok.setEnabled(not bad)

    def accept(self) -> None:
        if self.problems_now():
            return   # the warning says why
        super().accept()

    def result_config(self) -> dict[str, Any]:
        names = self.names()
        seats = [SeatConfig(n, tuple(self.decks[deck.currentText()]), BOTS.get(who.currentText()))
                 for n, (_, _, who, deck) in zip(names, self.rows)]
        first = self.first.currentText()
        return {"seats": seats, "format": self.variant.currentData(), "seed": self.seed.value() or new_seed(),
                "play_first": first if first in names else None}


def start_seats(window: Any, seats: list[SeatConfig], seed: int, play_first: str | None = None,
                format: str | None = None, modal_errors: bool = True, chooser: str | None = "coin") -> Any:
    """Start the game of ``seats`` on ``window``'s table (app.application.MainWindow): the
    people at the table's seats in turn order, the random bots inside the session, each AI
    seat thinking off the GUI thread (app.ai_seat). With no ``play_first``, ``chooser``
    chooses who plays first (103.2): a coin flip's winner by default."""
    from app.ai_seat import AISeat
    from engine.ai.random_bot import RandomBot
    from engine.game import Game
    from engine.session import LocalSession

    decks = [(s.name, list(s.deck)) for s in seats]
    kw: dict[str, Any] = {"play_first": play_first, "chooser": None if play_first else chooser}
    if format is not None:
        kw["format"] = format
    bots = {s.name: RandomBot(seed + i + 1) for i, s in enumerate(seats) if s.bot == "random"}
    session = LocalSession(Game.new(decks, None, seed, **kw), bots)
    for old in getattr(window, "ai_seats", []):
        old.stop()
    if getattr(window, "ai_seat", None) is not None:
        window.ai_seat.stop()
        window.ai_seat = None
    window.ai_seats = []

    def advance() -> None:
        table = getattr(window, "table", None)
        if table is not None and table.ctl.session is session:
            table.ctl.advance()

    for i, s in enumerate(seats):
        if s.bot not in (None, "random"):
            ai = AISeat(session, s.name, s.bot, seed=seed + i + 1, parent=window, after=advance)
            window.ai_seats.append(ai)
    window.last_game = {"seats": list(seats), "seed": seed, "play_first": play_first, "format": format,
                        "modal_errors": modal_errors, "chooser": chooser}
    humans = [s.name for s in seats if s.bot is None]
    return window._open_table(session, humans, modal_errors,
                              deck_names=[c for s in seats if s.bot is None for c in s.deck])
