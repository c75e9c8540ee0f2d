"""The QApplication and the main window: a home screen, the table, the deck builder.

Screens are a small state machine (STYLE 14): ``home`` and ``table`` live in a
QStackedWidget; ``move_to(state)`` switches. The deck builder opens in its own window.
"""
from __future__ import annotations

import argparse
import json
import sys
import threading
import time
from pathlib import Path
from typing import Any, Literal

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction, QColor, QImage, QKeySequence, QPainter
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QGraphicsScene,
    QLabel,
    QMainWindow,
    QMessageBox,
    QProgressDialog,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from app import lazy, savedgames
from app.cards.render import cache_dir
from app.deckchoice import deck_choices
from app.forms import load
from app.settings import read_settings
from engine.ai.random_bot import RandomBot
from engine.atomicfile import WriteError, remove_stale_temps
from engine.bench import GREEN, RED
from engine.cardpool import corpus
from engine.cards.db import SCHEMA_VERSION, build_db, default_db_path, open_db, schema_version
from engine.datadir import data_dir
from engine.decks.files import parse_text
from engine.decks.store import DeckStore
from engine.game import Game
from engine.rng import new_seed
from engine.session import LocalSession

Screen = Literal["home", "table"]

SAMPLE_DECKS: dict[str, list[str]] = {
    "Classic: Red (burn and goblins)": RED,
    "Classic: Green (elves and bears)": GREEN,
}
ASSET_DECKS = Path(__file__).resolve().parent.parent / "assets" / "decks"


def asset_decks() -> dict[str, list[str]]:
    """The sample decks shipped in assets/decks/ (plain text lists), by their title."""
    out: dict[str, list[str]] = {}
    for path in sorted(ASSET_DECKS.glob("*.txt")):
        try:
            deck = parse_text(path.read_text(encoding="utf-8"), str(path))
        except (OSError, ValueError):
            continue
        title = path.stem.replace("-", " ").title()
        out[f"Sample: {title}"] = [n for n, k in deck.main.items() for _ in range(k)]
    return out


def store_decks() -> dict[str, list[str]]:
    """The user's saved decks as card name lists (empty when the store cannot be opened)."""
    out: dict[str, list[str]] = {}
    try:
        store = DeckStore()
        for info in store.list():
            deck = store.load(info.id)
            cards = [n for n, k in deck.main.items() for _ in range(k)]
            if cards:
                out[f"Deck: {info.name}"] = cards
        store.close()
    except Exception:  # a broken or missing store must not stop a game
        pass
    return out


class NewGameDialog(QDialog):
    """Deck choice for each seat, names, who starts: the Designer form ui_forms/new_game.ui.
    Every deck is checked (app.deckchoice): illegal ones come last, marked with the reason,
    and while one is chosen a warning says why and the game cannot start."""

    def __init__(self, vs_bot: bool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ui = ui = load("new_game").Ui_NewGameDialog()
        ui.setupUi(self)
        self.setWindowTitle("New game vs bot" if vs_bot else "New hotseat game")
        self.offered = deck_choices()
        self.decks = {c.label: list(c.cards) for c in self.offered}
        self.problems = {c.label: c.problem for c in self.offered}
        self.names = [ui.name1, ui.name2]
        self.choices = [ui.deck1, ui.deck2]
        self.level = None
        if vs_bot:
            ui.name2.setText("bot")
            ui.name2Label.setText("Player 2 (bot)")
            self.level = lazy.level_box(self)  # issue 18: the AI's level (random: the random bot)
        legal = [c.label for c in self.offered if not c.problem]
        for i, c in enumerate(self.choices):
            for choice in self.offered:
                c.addItem(choice.label)
                if choice.problem:
                    c.setItemData(c.count() - 1, QColor(255, 150, 120), Qt.ItemDataRole.ForegroundRole)
                c.setItemData(c.count() - 1, choice.label, Qt.ItemDataRole.ToolTipRole)
            c.setCurrentIndex(c.findText(legal[i % len(legal)]) if legal else 0)
            c.currentIndexChanged.connect(self._check_decks)
        self.warning = QLabel()
        self.warning.setObjectName("warning")
        self.warning.setWordWrap(True)
        self.warning.setStyleSheet("color: #b00020; font-weight: bold;")
        ui.form.insertRow(ui.form.rowCount() - 1, self.warning)
        self.first = ui.first
        self.seed = ui.seed
        # 0 (shown as "random") draws a fresh 128-bit seed; a number replays the same shuffles
        self.seed.setSpecialValueText("random")
        self.seed.setValue(0)
        ui.buttons.accepted.connect(self.accept)
        ui.buttons.rejected.connect(self.reject)
        self._check_decks()

    def _check_decks(self) -> None:
        """A chosen deck that is not legal: say why, and no game starts with it."""
        bad = [f"{n.text().strip() or f'player {i + 1}'}'s deck is not legal: {self.problems[c.currentText()]}"
               for i, (n, c) in enumerate(zip(self.names, self.choices)) if self.problems.get(c.currentText())]
        self.warning.setText("\n".join(bad + (["Choose another deck, or fix it in the deck builder."] if bad else [])))
        self.warning.setVisible(bool(bad))
        self.ui.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(not bad)

    def accept(self) -> None:
        if any(self.problems.get(c.currentText()) for c in self.choices):
            return   # the warning says why
        super().accept()

    def result_config(self) -> dict[str, Any]:
        names = [n.text().strip() or f"player {i + 1}" for i, n in enumerate(self.names)]
        if names[0] == names[1]:
            names[1] += " 2"
        first = {1: names[0], 2: names[1]}.get(self.first.currentIndex())
        out = {"decks": [(names[i], self.decks[self.choices[i].currentText()]) for i in range(2)],
               "seed": self.seed.value() or new_seed(), "play_first": first}
        if self.level is not None:
            out["ai_level"] = self.level.currentText()
        return out


def _ai_seats(path: Path) -> dict[str, str]:
    """The seats of a saved game that the AI plays, with their levels (issue 18: the "ai"
    key beside "bots"); nothing when the file says none or says it badly."""
    try:
        ai = json.loads(Path(path).read_text(encoding="utf-8")).get("ai") or {}
    except (OSError, ValueError, AttributeError):
        return {}
    if not isinstance(ai, dict):
        return {}
    return {str(k): str(v) for k, v in ai.items() if v in lazy.LEVELS and v != "random"}


class MainWindow(QMainWindow):
    def __init__(self) -> None:
        super().__init__()
        self.setWindowTitle("manatable")
        self.resize(1500, 920)
        self.stack = QStackedWidget()
        self.setCentralWidget(self.stack)
        self.home = self._home()
        self.stack.addWidget(self.home)
        self.table: Any = None
        self.state: Screen = "home"
        self.last_game: dict[str, Any] | None = None
        self.deck_windows: list[QWidget] = []
        self.autosave_path: Path | None = None     # this game's own autosave file
        self.autosave_error: str | None = None     # the last autosave failure, said once
        self._menus()

    # -- screens -------------------------------------------------------------------
    def _home(self) -> QWidget:
        w = QWidget()
        w.setStyleSheet("QWidget { background: #182028; color: #eee; }"
                        "QPushButton { background: #3a4c5e; border-radius: 8px; padding: 14px; font-size: 17px; }"
                        "QPushButton:hover { background: #4c6278; }")
        lay = QVBoxLayout(w)
        lay.addStretch(1)
        t = QLabel("manatable")
        t.setAlignment(Qt.AlignmentFlag.AlignCenter)
        t.setStyleSheet("font-size: 44px; font-weight: bold;")
        sub = QLabel("Magic: The Gathering for two, rules enforced")
        sub.setAlignment(Qt.AlignmentFlag.AlignCenter)
        sub.setStyleSheet("font-size: 16px; color: #aab;")
        lay.addWidget(t)
        lay.addWidget(sub)
        lay.addSpacing(30)
        for label, fn, name in (("New hotseat game  (Ctrl+N)", self.new_hotseat, "hotseat"),
                                ("New game for 2–6 players  (Ctrl+Shift+N)", self.new_table, "table"),
                                ("New game vs bot  (Ctrl+B)", self.new_vs_bot, "vsbot"),
                                ("Deck builder  (Ctrl+D)", self.open_deck_builder, "decks"),
                                ("Quit  (Ctrl+Q)", self.close, "quit")):
            b = QPushButton(label)
            b.setObjectName(name)
            b.setFixedWidth(380)
            b.clicked.connect(fn)
            lay.addWidget(b, 0, Qt.AlignmentFlag.AlignHCenter)
        lay.addStretch(2)
        return w

    def _menus(self) -> None:
        game = self.menuBar().addMenu("&Game")
        self.menu_actions: dict[str, QAction] = {}
        for key, label, shortcut, fn in (
                ("hotseat", "New &hotseat game…", "Ctrl+N", self.new_hotseat),
                ("table", "New game for 2–6 &players…", "Ctrl+Shift+N", self.new_table),
                ("vsbot", "New game vs &bot…", "Ctrl+B", self.new_vs_bot),
                ("quick", "&Quick game vs bot (sample decks)", "Ctrl+Shift+B", self.quick_vs_bot),
                ("lan", "&LAN game (host or join)…", "Ctrl+L", self.open_lobby),
                ("save", "&Save game", "Ctrl+S", lambda: self.save_game()),
                ("resume", "Resume a saved &game…", "Ctrl+O", lambda: self.resume_game()),
                ("settings", "Se&ttings…", "Ctrl+,", self.open_settings),
                ("rematch", "&Rematch", "Ctrl+R", self.rematch),
                ("concede", "&Concede", "", self.concede),
                ("home", "Back to the &home screen", "", lambda: self.move_to("home")),
                ("quit", "&Quit", "Ctrl+Q", self.close)):
            a = QAction(label, self)
            if shortcut:
                a.setShortcut(QKeySequence(shortcut))
            a.triggered.connect(fn)
            game.addAction(a)
            self.menu_actions[key] = a
        decks = self.menuBar().addMenu("&Decks")
        a = QAction("&Deck builder", self)
        a.setShortcut(QKeySequence("Ctrl+D"))
        a.triggered.connect(self.open_deck_builder)
        decks.addAction(a)
        self.menu_actions["decks"] = a
        helpm = self.menuBar().addMenu("&Help")
        a = QAction("&How to play", self)
        a.setShortcut(QKeySequence("F1"))
        a.triggered.connect(self.show_help)
        helpm.addAction(a)

    def move_to(self, state: Screen) -> None:
        self.state = state
        self.stack.setCurrentWidget(self.home if state == "home" or self.table is None else self.table)

    # -- games -------------------------------------------------------------------------
    def new_hotseat(self) -> None:
        dlg = NewGameDialog(False, self)
        if dlg.exec() == QDialog.DialogCode.Accepted:
            self.start_game(**dlg.result_config(), vs_bot=False)

    def new_table(self) -> None:
        """A game for 2 to 6 seats at this computer, people and bots (app.lobby.newgame)."""
        dlg = lazy.TableDialog(self)
        if dlg.exec() == QDialog.DialogCode.Accepted:
            lazy.start_seats(self, **dlg.result_config())

    def new_vs_bot(self) -> None:
        dlg = NewGameDialog(True, self)
        if dlg.exec() == QDialog.DialogCode.Accepted:
            self.start_game(**dlg.result_config(), vs_bot=True)

    def quick_vs_bot(self) -> None:
        self.start_game([("you", RED), ("bot", GREEN)], new_seed(), None, vs_bot=True)

    def start_game(self, decks: list[tuple[str, list[str]]], seed: int, play_first: str | None,
                   vs_bot: bool, modal_errors: bool = True, chooser: str | None = "coin",
                   ai_level: str = "random") -> Any:
        """A new game on the table. With no ``play_first``, ``chooser`` chooses who plays
        first (103.2): the coin flip's winner by default, the loser of the last game in a rematch."""
        self.last_game = {"decks": decks, "seed": seed, "play_first": play_first, "vs_bot": vs_bot,
                          "modal_errors": modal_errors, "chooser": chooser, "ai_level": ai_level}
        names = [n for n, _ in decks]
        bots = {names[1]: RandomBot(seed + 1)} if vs_bot and ai_level == "random" else {}
        session = LocalSession(Game.new(decks, None, seed, play_first=play_first,
                                        chooser=None if play_first else chooser), bots)
        if vs_bot and ai_level != "random":
            lazy.attach(self, session, names[1], ai_level, seed + 1)
        humans = names[:1] if vs_bot else names
        return self._open_table(session, humans, modal_errors,
                                deck_names=[c for n, deck in decks if n in humans for c in deck])

    def _open_table(self, session: Any, humans: list[str], modal_errors: bool = True,
                    deck_names: list[str] | None = None, autosave_path: Path | None = None) -> Any:
        """Put a session on the table. Its autosaves go to ``autosave_path`` (a resumed
        autosave keeps its file), else to a new file: never over another game's autosave."""
        self.session = session
        self.humans = list(humans)
        self.autosave_path = autosave_path or savedgames.new_autosave_path()
        self.autosave_error = None
        session.listeners.append(self.autosave)
        if self.table is not None:
            self.stack.removeWidget(self.table)
            self.table.deleteLater()
        self.table = lazy.TableWidget(session, humans, modal_errors=modal_errors, deck_names=deck_names or (),
                                      manage_memory=True, remember_stops=True)
        self.table.rematch.connect(self.rematch)
        self.table.closed.connect(lambda: self.move_to("home"))
        self.stack.addWidget(self.table)
        self.move_to("table")
        return self.table

    # -- saved games: the origin and the answers (DESIGN: a game is reproducible) ----------
    @staticmethod
    def saved_dir() -> Path:
        """The folder of saved games (app.savedgames); created when a game is saved."""
        return savedgames.saved_dir()

    def _saved_doc(self) -> dict[str, Any]:
        ai = getattr(self, "ai_seat", None)
        seat = ai.seat if ai is not None and not ai.stopped and ai.session is self.session else None
        more = {a.seat: a.ai.level.name for a in getattr(self, "ai_seats", [])
                if not a.stopped and a.session is self.session}   # the AI seats of a game of 2-6 seats
        doc = savedgames.document(self.session.game, self.humans,
                                  sorted(self.session.bots) + ([seat] if seat else []) + sorted(more))
        if seat and ai is not None:
            doc["ai"] = {seat: ai.ai.level.name}  # issue 18: the AI seat (a bot) and its level
        if more:
            doc["ai"] = {**doc.get("ai", {}), **more}
        return doc

    def autosave(self) -> None:
        """After every answer: the game so far, into this game's own autosave file, so a
        crash loses nothing (the next start offers it). A failed write (read-only folder,
        full disk) is said once in the status bar and play goes on."""
        if getattr(self, "session", None) is None or not hasattr(self.session, "game"):
            return
        assert self.autosave_path is not None
        try:
            savedgames.write_game(self.autosave_path, self._saved_doc())
        except WriteError as e:
            if self.autosave_error != str(e):
                self.autosave_error = str(e)
                print(f"manatable: autosave failed: {e}", file=sys.stderr)
                self.statusBar().showMessage(f"Autosave failed: {e}. The game goes on.")
            return
        if self.autosave_error is not None:
            self.autosave_error = None
            self.statusBar().showMessage("Autosave works again.", 5000)

    def save_game(self, path: str | Path | None = None) -> Path | None:
        """Save the game on the table under a new name (or ``path``); None when it could not be."""
        if getattr(self, "session", None) is None or not hasattr(self.session, "game") or self.state != "table":
            QMessageBox.information(self, "Save game", "There is no game on the table to save.")
            return None
        path = Path(path) if path else savedgames.new_save_path()
        try:
            savedgames.write_game(path, self._saved_doc())
        except WriteError as e:
            QMessageBox.warning(self, "Save game", f"The game was not saved: {e}")
            return None
        self.statusBar().showMessage(f"Saved to {path}", 5000)
        return path

    def resume_game(self, path: str | Path | None = None) -> Any:
        """Replay a saved game (its decks, seed and answers) and put it back on the table;
        a file that cannot be resumed is one message and the current screen stays."""
        if path is None:
            path, _ = QFileDialog.getOpenFileName(self, "Resume a saved game", str(self.saved_dir()),
                                                  "Saved games (*.json)")
            if not path:
                return None
        try:
            saved = savedgames.read_game(path)
        except savedgames.SavedGameError as e:
            QMessageBox.warning(self, "Resume game", str(e))
            return None
        return self._resume(saved)

    def _resume(self, saved: Any) -> Any:
        ai = _ai_seats(saved.path)  # issue 18: seats played by the AI, with their levels
        bots = {b: RandomBot(len(saved.game.answers)) for b in saved.bots if b not in ai}
        is_autosave = saved.path.name.startswith("autosave")
        session = LocalSession(saved.game, bots)
        if len(ai) > 1:   # a game of 2-6 seats with several AI seats
            for old in getattr(self, "ai_seats", []):
                old.stop()
            self.ai_seats = [lazy.AISeat(session, seat, level, seed=len(saved.game.answers), parent=self,
                                         after=self._advance_table) for seat, level in ai.items()]
            ai = {}
        for seat, level in ai.items():
            lazy.attach(self, session, seat, level, len(saved.game.answers))
        return self._open_table(session, saved.humans,
                                autosave_path=saved.path if is_autosave else None)

    def _advance_table(self) -> None:
        if self.table is not None:
            self.table.ctl.advance()

    def offer_resume(self) -> Any:
        """At start: offer the newest unfinished autosaved game (players, turn, when).
        Resume puts it on the table, Later keeps it for the next start, Discard deletes it."""
        saved, problems = savedgames.newest_unfinished()
        for line in problems:
            print(f"manatable: {line}", file=sys.stderr)
        if saved is None:
            if problems:
                self.statusBar().showMessage(problems[0])
            return None
        box = QMessageBox(QMessageBox.Icon.Question, "Resume the last game?",
                          f"A game was not finished:\n{saved.describe()}\n\nResume it?", parent=self)
        box.setObjectName("resumeOffer")
        resume = box.addButton("Resume", QMessageBox.ButtonRole.AcceptRole)
        box.addButton("Later", QMessageBox.ButtonRole.RejectRole)
        discard = box.addButton("Discard", QMessageBox.ButtonRole.DestructiveRole)
        box.setDefaultButton(resume)
        box.exec()
        if box.clickedButton() is resume:
            return self._resume(saved)
        if box.clickedButton() is discard:
            try:
                saved.path.unlink()
            except OSError as e:
                self.statusBar().showMessage(f"{saved.path} was not deleted: {e.strerror or e}", 5000)
        return None

    def rematch(self) -> None:
        if self.last_game is not None and "seats" in self.last_game:   # a game of 2-6 seats
            lazy.start_seats(self, **{**self.last_game, "seed": new_seed()})
            return
        if self.last_game is not None:
            g = dict(self.last_game)
            g["seed"] = new_seed()
            winner = self.table.ctl.view().get("winner") if self.table is not None else None
            names = [n for n, _ in g["decks"]]
            if winner in names:  # 103.2: the loser of the previous game chooses who plays first
                g["play_first"], g["chooser"] = None, next(n for n in names if n != winner)
            self.start_game(**g)

    def concede(self) -> QMessageBox | None:
        """Concede (104.3a), after a confirmation. In hotseat the box asks which player
        concedes (not whoever's side is shown); otherwise the player at this computer does."""
        t = self.table
        if t is None or self.state != "table" or t.ctl.finished or not t.ctl.humans:
            return None
        box = QMessageBox(QMessageBox.Icon.Question, "Concede", "", QMessageBox.StandardButton.NoButton, self)
        box.setObjectName("concede")
        seats = list(t.ctl.humans)
        many = len(t.ctl.seats()) > 2   # more than two players: the game goes on without the one who concedes
        if len(seats) > 1:
            box.setText("Which player concedes the game? " + ("They leave the game and the others play on (800.4a)."
                                                                if many else "The other player wins."))
            buttons: dict[QAbstractButton, str] = {
                box.addButton(f"{s} concedes", QMessageBox.ButtonRole.DestructiveRole): s for s in seats}
        else:
            box.setText(f"Concede this game, {seats[0]}? " + ("You leave the game and the others play on (800.4a)."
                                                               if many else "Your opponent wins."))
            buttons = {box.addButton("Concede", QMessageBox.ButtonRole.DestructiveRole): s for s in seats}
        cancel = box.addButton("Keep playing", QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(cancel)
        box.setEscapeButton(cancel)
        box.exec()
        seat = buttons.get(box.clickedButton())
        if seat is not None:
            t.ctl.concede(seat)
        return box

    def open_settings(self) -> None:
        dlg = lazy.open_settings_dialog(self)
        self.deck_windows.append(dlg)
        if dlg.exec() and self.table is not None:
            self.table.update()

    def open_lobby(self) -> None:
        """The LAN lobby: find games on the network, host one, or join by address and code."""
        try:
            w = lazy.LobbyWindow(None)
        except Exception as e:  # noqa: BLE001 - say it, keep the app running
            QMessageBox.warning(self, "LAN game", f"The lobby could not open:\n{e}")
            return
        self.deck_windows.append(w)
        w.show()

    def open_deck_builder(self) -> None:
        try:
            w = lazy.DeckBuilderWindow(open_db(), DeckStore(), None, format_name="casual")
        except Exception as e:  # noqa: BLE001 - say it, keep the app running
            QMessageBox.warning(self, "Deck builder", f"The deck builder could not open:\n{e}")
            return
        w.playRequested.connect(self.play_limited)
        w.hotseatRequested.connect(self.play_hotseat)
        self.deck_windows.append(w)
        w.show()

    def play_limited(self, mine: list[str], bot_name: str, theirs: list[str]) -> Any:
        """A game of your drafted deck against a bot drafter's deck (the deck builder asks for it),
        the bot's seat played by the AI (issue 18, medium: it answers at once)."""
        table = self.start_game([("you", list(mine)), (bot_name, list(theirs))], new_seed(), None,
                                vs_bot=True, ai_level="medium")
        self.show()
        self.raise_()
        self.activateWindow()
        return table

    def play_hotseat(self, first: str, first_deck: list[str], second: str, second_deck: list[str]) -> Any:
        """A hotseat game between two people's drafted decks (the deck builder asks for it)."""
        table = self.start_game([(first, list(first_deck)), (second, list(second_deck))], new_seed(),
                                None, vs_bot=False)
        self.show()
        self.raise_()
        self.activateWindow()
        return table

    def show_help(self) -> None:
        QMessageBox.information(self, "How to play", (
            "Drag a card from your hand onto the battlefield to play or cast it; drop a spell "
            "on a creature or player to target it, or click a highlighted target.\n"
            "Double-click a land to tap it for mana, a permanent to activate it.\n"
            "Attack: drag creatures toward your opponent, then Space. Block: drag your "
            "creature onto an attacker, then Space. Damage order: drag a numbered blocker "
            "onto another to swap places, then Space.\n"
            "Flashback: double-click or drag the card on your graveyard pile (or double-click it "
            "in the graveyard viewer). Kicker: the panel asks whether to pay it.\n"
            "Cards the engine cannot play exactly: right-click them for manual actions.\n"
            "Stops (left): click a dot to stop in that step in their turn or in yours.\n"
            "Space: pass / OK.  F6: pass until end of turn.  Esc: cancel.\n"
            "Hover a card to see it large."))


def warm_up() -> None:
    """Load what the first game needs and the modules do not (the oracle corpus) ahead of
    time: run in a thread once the main window is up, so "new game" does not wait for it.
    Pure Python, no Qt objects."""
    try:
        corpus()
    except Exception:  # noqa: BLE001 - only a head start: the game loads these itself
        pass


def warm_up_qt() -> None:
    """The Qt half of the warm-up, on the GUI thread: the table's modules (app.lazy), and one
    card drawn offscreen (PySide makes its Python enums and Pillow its resamplers on first use)."""
    lazy.load("TableWidget", "CardItem")
    scene = QGraphicsScene()
    scene.addItem(lazy.CardItem({"id": 0, "name": "Forest", "tapped": True}, "battlefield", "", 90, 126))
    img = QImage(160, 160, QImage.Format.Format_ARGB32_Premultiplied)
    p = QPainter(img)
    scene.render(p)
    p.end()


def ensure_card_db(app: QApplication) -> str | None:
    """Build the card database on first start (or after a schema change) with a progress
    window; the build runs in a thread so the window stays alive. Returns an error text, or None."""
    path = default_db_path()
    try:
        if path.exists() and schema_version(path) == SCHEMA_VERSION:
            return None
    except Exception:  # noqa: BLE001 - an unreadable file is rebuilt
        pass
    state: dict[str, object] = {"stage": "starting", "frac": None, "error": None}

    def progress(stage: str, frac: float | None) -> None:
        state["stage"], state["frac"] = stage, frac

    def work() -> None:
        try:
            build_db(path, None, progress)
        except WriteError as e:  # one line naming the path and the cause
            state["error"] = str(e)
        except Exception as e:  # noqa: BLE001 - shown to the user below
            state["error"] = f"{type(e).__name__}: {e}"

    dlg = QProgressDialog("Building the card database (first start)…", "", 0, 100)
    dlg.setWindowTitle("manatable")
    dlg.setCancelButton(None)
    dlg.setMinimumDuration(0)
    dlg.show()
    t = threading.Thread(target=work, daemon=True)
    t.start()
    while t.is_alive():
        frac = state["frac"]
        dlg.setLabelText(f"Building the card database (first start): {state['stage']}…")
        dlg.setValue(int(100 * frac) if isinstance(frac, float) else 0)
        app.processEvents()
        time.sleep(0.05)
    dlg.close()
    return state["error"]  # type: ignore[return-value]


def tidy_data_folder() -> list[str]:
    """At start: remove the temporary files of writers that were killed (engine.atomicfile)
    and card database builds, prune old autosaves, and read the settings by shape. Returns
    the one-line messages of what the settings file had that was ignored."""
    for folder in (data_dir(), savedgames.saved_dir(), cache_dir()):
        remove_stale_temps(folder)
    savedgames.prune_autosaves()
    return read_settings()[1]


def run(args: argparse.Namespace) -> int:
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(sys.argv[:1])
    app.setApplicationName("manatable")
    error = ensure_card_db(app)
    if args.build_db_and_exit:
        if error:
            print(f"manatable: the card database could not be built: {error}", file=sys.stderr)
            return 1
        return 0
    if error:
        QMessageBox.warning(None, "Card database", f"The card database could not be built:\n{error}\n"
                            "Games still work; the deck builder needs the database.")
    window = MainWindow()
    window.show()
    notes = tidy_data_folder()
    for line in notes:
        print(f"manatable: {line}", file=sys.stderr)
    if notes:
        window.statusBar().showMessage("Settings ignored: " + " | ".join(notes))
    QTimer.singleShot(0, window.offer_resume)
    threading.Thread(target=warm_up, name="warm-up", daemon=True).start()
    QTimer.singleShot(200, warm_up_qt)
    if args.quit_after:
        QTimer.singleShot(int(args.quit_after * 1000), app.quit)
    return app.exec()
