"""A new game at one computer for 2 to 6 seats (issue 17, item 4): how many seats, the
variant (Free-for-all, Commander, or Two-Headed Giant: two teams of two or three, the teams
shown and seated together, 810.1, 810.3), and for each seat a name, who plays it (a person
at this computer, or a bot: the random bot or the AI at a level, app.ai_seat) and a deck.
Besides, the casual variants of section 9 with their nontraditional cards: Planechase (901: a
planar deck for each seat), Vanguard (902: an avatar for each seat) and Archenemy (904: the first
seat, or every seat beyond two as a Supervillain Rumble), their cards built at random from the
ones the engine plays by their text (engine.randomdeck.random_casual), with the game's seed.

Every deck offered is checked (app.deckchoice): an illegal one is listed last with its
reason, and while a seat has one the dialog says why and OK stays disabled. The hand-over
screen (app.table.widget) comes between the people at the computer; at most four people
share one screen (``MAX_PEOPLE``): more would wait too long for it.
"""
from __future__ import annotations

import inspect
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QCheckBox,
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

from app.ai_seat import AISeat
from app.deckchoice import deck_choices
from app.table.looks import TEAM_COLOURS
from app.widgets import named
from engine.ai.random_bot import RandomBot
from engine.cardpool import CardPool
from engine.commander import deck_problems
from engine.decks.files import parse_text
from engine.decks.store import DeckStore
from engine.game import Game
from engine.randomdeck import random_casual
from engine.rng import new_seed
from engine.session import LocalSession

MAX_SEATS = 6
MAX_PEOPLE = 4            # people sharing one screen (hotseat)
NAMES = ["alice", "bob", "carol", "dave", "erin", "frank"]
PERSON = "person at this computer"
BOTS = {"bot: random": "random", "bot: AI easy": "easy", "bot: AI medium": "medium", "bot: AI hard": "hard"}
VARIANTS = {"Free-for-all": None, "Commander": "commander", "Two-Headed Giant": None}   # label -> format: 806; 903; 810
TEAM_VARIANT = "two_headed_giant"
TEAMED = {"Two-Headed Giant": TEAM_VARIANT}      # label -> the engine's variant (engine.seats.VARIANTS)
COMMANDER_DECKS = Path(__file__).resolve().parents[2] / "assets" / "decks" / "commander"
#: the casual variants played with nontraditional cards (engine.randomdeck.CASUAL_VARIANTS): label -> name
CASUAL = {"Planechase (901): a planar deck each": "planechase",
          "Vanguard (902): an avatar each": "vanguard",
          "Archenemy (904): the first seat (every seat beyond two)": "archenemy",
          "Conspiracy (905): a conspiracy each, face up in the command zone": "conspiracy"}


def commander_available() -> bool:
    """The engine starts Commander games (Game.new takes a ``format``): the variant is offered."""
    return "format" in inspect.signature(Game.new).parameters


@dataclass(frozen=True)
class SeatConfig:
    """One seat of the game to start: its name, deck, its bot level (None: a person) and,
    in a Commander game, its commander (the deck is then the other 99 cards; two partners, a later rule:
    a list of both and 98 cards); in Two-Headed Giant its ``team``, 1 or 2 (810.1)."""

    name: str
    deck: tuple[str, ...]
    bot: str | None = None
    commander: str | list[str] | None = None
    team: int | None = None


@dataclass(frozen=True)
class Offer:
    """A deck offered for a seat: its words in the list, its cards, its commander, and why
    it cannot be played ("" when it can)."""

    label: str
    cards: tuple[str, ...]
    commander: str | list[str] | None = None     # one name, or two partners (a later rule)
    problem: str = ""


def commander_offers() -> list[Offer]:
    """The Commander decks to offer (903): the samples in assets/decks/commander/ and the
    player's saved decks that name a commander, each checked as the engine checks it at the
    start (engine.commander.deck_problems: 100 cards, singleton, colour identity); legal first."""
    decks: list[tuple[str, Any]] = []
    for path in sorted(COMMANDER_DECKS.glob("*.txt")):
        try:
            decks.append((f"Commander: {path.stem.replace('-', ' ').title()}",
                          parse_text(path.read_text(encoding="utf-8"), str(path))))
        except (OSError, ValueError):
            continue
    try:
        store = DeckStore()
        try:
            decks += [(f"Deck: {i.name}", store.load(i.id)) for i in store.list()]
        finally:
            store.close()
    except Exception:  # noqa: BLE001 - no store: only the samples
        pass
    pool = CardPool()
    out = []
    for title, deck in decks:
        leader = deck.leader()
        if not leader:
            continue
        cards = tuple(n for n, k in deck.main.items() for _ in range(k))
        problems = deck_problems(pool, list(cards), leader)
        problem = problems[0] + (f" (and {len(problems) - 1} more problems)" if len(problems) > 1 else "") \
            if problems else ""
        label = f"{title} ({' and '.join(deck.commanders)})" + (f" — not legal: {problem}" if problem else "")
        out.append(Offer(("⚠ " if problem else "") + label, cards, leader, problem))
    return [o for o in out if not o.problem] + [o for o in out if o.problem]


class TableDialog(QDialog):
    """The new-game dialog for 2 to 6 seats. ``result_config()`` after OK gives the seats
    (in turn order), the variant's format, the seed and who plays first."""

    def __init__(self, parent: QWidget | None = None, seats: int = 3) -> None:
        super().__init__(parent)
        self.setWindowTitle("New game at this computer")
        self.offers: dict[str | None, list[Offer]] = {
            None: [Offer(c.label, c.cards, None, c.problem) for c in deck_choices()]}
        self.by_label: dict[str, Offer] = {}
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
        self.casual: dict[str, QCheckBox] = {}
        for label, kind in CASUAL.items():
            box = named(QCheckBox(label, self), f"casual_{kind}")
            box.setToolTip("its cards are drawn at random, with the game's seed, from those the engine plays")
            form.addRow("" if self.casual else "Casual cards", box)
            self.casual[kind] = box
        lay.addLayout(form)
        grid = QGridLayout()
        for col, head in enumerate(("", "name", "played by", "deck", "team")):
            grid.addWidget(QLabel(f"<b>{head}</b>", self), 0, col)
        self.rows: list[tuple[QLabel, QLineEdit, QComboBox, QComboBox]] = []
        self.team_labels: list[QLabel] = []
        for i in range(MAX_SEATS):
            number = QLabel(f"{i + 1}.")
            name = named(QLineEdit(NAMES[i], self), f"name{i + 1}")
            who = named(QComboBox(self), f"who{i + 1}")
            who.addItems([PERSON, *BOTS])
            deck = named(QComboBox(self), f"deck{i + 1}")
            deck.currentIndexChanged.connect(self._check)
            who.currentIndexChanged.connect(self._check)
            row: tuple[QLabel, QLineEdit, QComboBox, QComboBox] = (number, name, who, deck)
            for col, wdg in enumerate(row):
                grid.addWidget(wdg, i + 1, col)
            self.rows.append(row)
            team = named(QLabel(self), f"team{i + 1}")
            grid.addWidget(team, i + 1, 4)
            self.team_labels.append(team)
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
        self.variant.currentIndexChanged.connect(self._fill_decks)
        self.variant.currentIndexChanged.connect(self._variant_changed)
        self._fill_decks()
        for _, name, _, _ in self.rows:
            name.textChanged.connect(self._names_changed)
        self._show_rows()

    def seats(self) -> int:
        return self.count.value()

    def format(self) -> str | None:
        """The chosen variant's format: None (free-for-all) or "commander"."""
        fmt = self.variant.currentData()
        return str(fmt) if fmt else None

    def game_variant(self) -> str | None:
        """The engine's variant (engine.seats): "two_headed_giant", or None (the default for the
        number of seats: the two-player game or Free-for-All)."""
        return TEAMED.get(self.variant.currentText())

    def teams(self) -> list[list[str]] | None:
        """Two-Headed Giant: the seats of team 1 (the first half of the rows) and team 2 (the
        second half), who sit together in that turn order (810.3, 805.1); None otherwise."""
        if self.game_variant() != TEAM_VARIANT:
            return None
        names = self.names()
        half = len(names) // 2
        return [names[:half], names[half:]]

    def _variant_changed(self) -> None:
        """Two-Headed Giant seats two teams of two or three (810.1, 810.11): the players' box
        offers 4 or 6; other variants 2 to 6."""
        if self.game_variant() == TEAM_VARIANT:
            self.count.setRange(4, MAX_SEATS)
            self.count.setSingleStep(2)
            if self.count.value() not in (4, 6):
                self.count.setValue(4)
        else:
            self.count.setSingleStep(1)
            self.count.setRange(2, MAX_SEATS)
        self._show_rows()

    def _fill_decks(self) -> None:
        """Every seat's deck list for the chosen variant (Commander decks for Commander),
        a legal deck chosen for each, different ones where there are enough."""
        fmt = self.format()
        if fmt not in self.offers:
            self.offers[fmt] = commander_offers()
        offers = self.offers[fmt]
        self.by_label = {o.label: o for o in offers}
        legal = [o.label for o in offers if not o.problem]
        for i, (_, _, _, deck) in enumerate(self.rows):
            deck.blockSignals(True)
            deck.clear()
            for o in offers:
                deck.addItem(o.label)
                if o.problem:
                    deck.setItemData(deck.count() - 1, QColor(255, 150, 120), Qt.ItemDataRole.ForegroundRole)
                deck.setItemData(deck.count() - 1, o.label, Qt.ItemDataRole.ToolTipRole)
            deck.setCurrentIndex(deck.findText(legal[i % len(legal)]) if legal else 0)
            deck.blockSignals(False)
        self._check()

    def _show_rows(self) -> None:
        n = self.seats()
        teamed = self.game_variant() == TEAM_VARIANT
        for i, row in enumerate(self.rows):
            for wdg in row:
                wdg.setVisible(i < n)
            team = 1 + (i >= n // 2)
            label = self.team_labels[i]
            label.setText(f"team {team}" if teamed else "")
            label.setStyleSheet(f"color: {TEAM_COLOURS[team - 1]}; font-weight: bold;" if teamed else "")
            label.setVisible(teamed and i < n)
            row[0].setStyleSheet(f"background: {TEAM_COLOURS[team - 1]}; color: white;" if teamed else "")
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
            offer = self.by_label.get(deck.currentText())
            if offer is None:
                out.append(f"{n} has no deck: there is none to play in this variant")
            elif offer.problem:
                out.append(f"{n}'s deck is not legal: {offer.problem}")
            people += who.currentText() == PERSON
        if people == 0:
            out.append("At least one seat is played by a person at this computer.")
        if self.game_variant() == TEAM_VARIANT and self.seats() not in (4, 6):
            out.append("Two-Headed Giant is two teams of two or three: 4 or 6 players (810.1, 810.11).")
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
        offers = [self.by_label[deck.currentText()] for _, _, _, deck in self.rows[:len(names)]]
        teams = self.teams()
        team_of = {n: k + 1 for k, t in enumerate(teams or []) for n in t}
        seats = [SeatConfig(n, o.cards, BOTS.get(who.currentText()), o.commander, team_of.get(n))
                 for n, o, (_, _, who, _) in zip(names, offers, self.rows)]
        first = self.first.currentText()
        out: dict[str, Any] = {"seats": seats, "format": self.format(), "seed": self.seed.value() or new_seed(),
                               "play_first": first if first in names else None}
        if teams:
            out["variant"] = TEAM_VARIANT
        chosen = [n for n, box in self.casual.items() if box.isChecked()]
        if chosen:
            out["casual"] = random_casual(random.Random(out["seed"]), names, CardPool(), chosen)
        return out


def start_seats(window: Any, seats: list[SeatConfig], seed: int, play_first: str | None = None,
                format: str | None = None, modal_errors: bool = True, chooser: str | None = "coin",
                variant: str | None = None, casual: dict[str, Any] | None = None, seating: str = "random") -> Any:
    """Start the game of ``seats`` on ``window``'s table (app.application.MainWindow): the
    people at the table's seats in turn order, the random bots inside the session, each AI
    seat thinking off the GUI thread (app.ai_seat). With no ``play_first``, ``chooser``
    chooses who plays first (103.2): a coin flip's winner by default. ``variant`` is
    "two_headed_giant" for Two-Headed Giant: the teams are read from each seat's ``team``. ``casual``: the
    casual variants' cards (Game.new: planar and scheme decks, vanguards). ``seating``: a Free-for-All game of three
    or more seats the players at random (806.3: "random", drawn with the game's seed and logged for the table), or
    in the order of ``seats`` ("fixed": for tests and benches that need it)."""
    decks = [(s.name, list(s.deck)) for s in seats]
    kw: dict[str, Any] = {"play_first": play_first, "chooser": None if play_first else chooser, "seating": seating}
    if format is not None:
        kw["format"] = format
        kw["commanders"] = {s.name: s.commander for s in seats if s.commander}
    if variant is not None:
        kw["variant"] = variant
        if variant == TEAM_VARIANT:
            kw["teams"] = [[s.name for s in seats if s.team == t] for t in (1, 2)]
    if casual:
        kw["casual"] = casual
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
                        "modal_errors": modal_errors, "chooser": chooser, "variant": variant, "casual": casual}
    humans = [s.name for s in seats if s.bot is None]
    return window._open_table(session, humans, modal_errors,
                              deck_names=[c for s in seats if s.bot is None for c in s.deck])
