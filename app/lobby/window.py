"""A minimal lobby: find servers on the LAN, host a game, join by address and code, watch.

The game is played on app.table.TableWidget through engine.net.client.RemoteSession;
RemoteSession calls its listeners from its reader thread, so the lobby re-emits them as a
queued Qt signal and the table is advanced in the GUI thread. Above the table,
app.table.connection.ConnectionBar shows both players' connection state and a
"reconnecting…" banner while the session (auto_reconnect) takes its seat back.

A game whose host allows spectators can be watched: select it in the list and click Watch;
the table then shows the public view read-only (a TableWidget with no human seat: no
prompt to answer) under a "Spectating" label. Servers used before (listed, hosted on,
joined, watched) are kept in the settings (``recent_servers``, newest first) and listed;
a click on one fills the server address.
"""
from __future__ import annotations

import socket
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QSpinBox,
    QStackedLayout,
    QVBoxLayout,
    QWidget,
)

from app.deckchoice import deck_choices
from app.lobby.newgame import CASUAL, commander_offers
from app.settings import load_settings, save_settings
from app.table.connection import ConnectionBar
from app.table.widget import TableWidget
from engine.datadir import data_dir
from engine.decks import load_formats
from engine.net.bot import load_deck
from engine.net.client import NetError, RemoteSession, discover

DECKS = Path(__file__).resolve().parents[2] / "assets" / "decks"
MAX_RECENT = 8
LAN_VARIANTS = {"Free-for-all": None, "Two-Headed Giant": "two_headed_giant"}   # 806; 810
TEAM_CHOICES = {"any (the smaller team)": None, "team 1": 1, "team 2": 2}
ADDRESS = Qt.ItemDataRole.UserRole        # data of a found item: its server address
GAME = Qt.ItemDataRole.UserRole + 1       # ... and the game's listing (a dict), or None


class Bridge(QObject):
    """Session listener (any thread) -> ``updated`` signal (delivered in the GUI thread)."""
    updated = Signal()

    def __init__(self, session: RemoteSession) -> None:
        super().__init__()
        session.listeners.append(self.updated.emit)


STYLE = ("LobbyWindow, QWidget#page { background: #1b232c; } QLabel { color: #e8ecf0; }"
         "QLineEdit, QComboBox, QListWidget { background: #0f151b; color: #f2f4f6; border: 1px solid #4a5a6a;"
         " border-radius: 4px; padding: 3px; } QListWidget::item:selected { background: #35597a; color: #fff; }"
         "QComboBox QAbstractItemView { background: #0f151b; color: #f2f4f6; selection-background-color: #35597a; }"
         "QPushButton { background: #3a5068; color: #fff; border-radius: 5px; padding: 6px 10px; }"
         "QPushButton:hover { background: #4c6680; } QPushButton:disabled { background: #2a343e; color: #a0a8b0; }"
         "QCheckBox { color: #e8ecf0; } QLabel#status { color: #ffd27a; font-weight: bold; }")


def parse_address(text: str) -> tuple[str, int]:
    """"host:port" -> (host, port), or a ValueError that says what a server address looks like."""
    t = text.strip()
    host, sep, port = t.rpartition(":")
    example = "a server address is host:port, for example 192.168.1.20:7531"
    if not t:
        raise ValueError(f"no server address: {example}")
    if not sep:
        raise ValueError(f"{t!r} has no port: {example}")
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"{port!r} is not a port number (1-65535): {example}")
    return host or "127.0.0.1", int(port)


def network_words(e: BaseException, address: str) -> str:
    """A network failure in a player's words (not Python's "[Errno 111] Connection refused")."""
    if isinstance(e, ValueError):
        return str(e)
    if isinstance(e, ConnectionRefusedError):
        return f"nothing answers at {address}: is a manatable server running there?"
    if isinstance(e, socket.gaierror):
        return f"no computer is known by the name {address.rpartition(':')[0]!r}: check the address"
    if isinstance(e, (socket.timeout, TimeoutError)):
        return f"{address} did not answer in time: check the address and the network"
    if isinstance(e, OSError):
        return f"cannot reach {address}: {e.strerror or e}"
    return str(e)


class LobbyWindow(QWidget):
    found_signal = Signal(list)   # servers found on the LAN, from the search thread

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("manatable — LAN lobby")
        self.setStyleSheet(STYLE)
        self.session: RemoteSession | None = None
        self.table: Any = None
        self.server_proc: subprocess.Popen | None = None
        self.stack = QStackedLayout(self)
        page = QWidget()
        page.setObjectName("page")
        self.stack.addWidget(page)
        form = QFormLayout()
        self.address = QLineEdit("127.0.0.1:7531")
        self.name = QLineEdit("player")
        self.deck = QComboBox()
        self.deck.setObjectName("deck")
        self.deck_problems: dict[str, str] = {}
        # a Commander deck's label -> its commander (903.3), or its two partners (a later rule)
        self.deck_commanders: dict[str, str | list[str]] = {}
        self._fill_decks()
        self.format = QComboBox()
        for f in hostable_formats():
            self.format.addItem(f)
        self.spectators = QCheckBox("allow spectators")
        self.seats = QSpinBox()
        self.seats.setObjectName("seats")
        self.seats.setRange(2, 6)
        self.seats.setToolTip("how many players the hosted game seats (2 to 6): it starts when every seat is taken")
        self.variant = QComboBox()
        self.variant.setObjectName("variant")
        for label, variant in LAN_VARIANTS.items():
            self.variant.addItem(label, variant)
        self.variant.setToolTip("Two-Headed Giant (810): two teams of two (4 players) or three (6), "
                                "30 life a team, shared turns; teammates sit together and see each other's hands")
        self.variant.currentIndexChanged.connect(self._variant_changed)
        self.team = QComboBox()
        self.team.setObjectName("team")
        for label, t in TEAM_CHOICES.items():
            self.team.addItem(label, t)
        self.team.setToolTip("in a Two-Headed Giant game: the team to sit on (the host's is team 1)")
        self.code = QLineEdit()
        self.code.setPlaceholderText("join code")
        # the casual variants the hosted game adds, their nontraditional cards drawn by the server (901, 902, 904, 905)
        self.casual: dict[str, QCheckBox] = {}
        for label, kind in CASUAL.items():
            box = QCheckBox(label)
            box.setObjectName(f"casual_{kind}")
            box.setToolTip("the server draws its cards at random from those the engine plays")
            self.casual[kind] = box
        form.addRow("server", self.address)
        form.addRow("name", self.name)
        form.addRow("deck", self.deck)
        form.addRow("format (host)", self.format)
        form.addRow("players (host)", self.seats)
        form.addRow("variant (host)", self.variant)
        form.addRow("team (Two-Headed Giant)", self.team)
        form.addRow("", self.spectators)
        for i, box in enumerate(self.casual.values()):
            form.addRow("casual cards (host)" if i == 0 else "", box)
        form.addRow("code", self.code)
        self.found = QListWidget()
        self.found.itemDoubleClicked.connect(lambda it: self.address.setText(it.data(ADDRESS)))
        self.found.currentItemChanged.connect(lambda *_: self._can_watch())
        self.recent = QListWidget()
        self.recent.setObjectName("recent")
        self.recent.setMaximumHeight(110)
        self.recent.itemClicked.connect(lambda it: self.address.setText(it.text()))
        self._show_recent()
        buttons = QHBoxLayout()
        self.btn_find = QPushButton("Find games on the LAN")
        self.btn_list = QPushButton("List games on this server")
        self.btn_serve = QPushButton("Start a server here")
        self.btn_host = QPushButton("Host a game")
        self.btn_join = QPushButton("Join")
        self.btn_watch = QPushButton("Watch")
        self.btn_watch.setToolTip("watch the selected game as a spectator (its host must allow it)")
        self.btn_watch.setEnabled(False)
        for b in (self.btn_find, self.btn_list, self.btn_serve, self.btn_host, self.btn_join, self.btn_watch):
            buttons.addWidget(b)
        self.btn_find.clicked.connect(self.find_games)
        self.found_signal.connect(self._show_found, Qt.ConnectionType.QueuedConnection)
        self._finder: threading.Thread | None = None
        self.btn_list.clicked.connect(self.list_server)
        self.btn_serve.clicked.connect(self.start_server)
        self.btn_host.clicked.connect(self.host)
        self.btn_join.clicked.connect(self.join)
        self.btn_watch.clicked.connect(self.watch)
        self.status = QLabel()
        self.status.setObjectName("status")
        self.status.setWordWrap(True)
        v = QVBoxLayout(page)
        v.addLayout(form)
        v.addWidget(QLabel("recent servers (click to use one)"))
        v.addWidget(self.recent)
        v.addWidget(QLabel("games found (double-click to use the server; ask the host for the join code, "
                           "or select a game open to spectators and Watch)"))
        v.addWidget(self.found, 1)
        v.addLayout(buttons)
        v.addWidget(self.status)

    def _fill_decks(self) -> None:
        """The sample decks, the Commander decks (each with its commander) and the player's
        own (app.deckchoice); the legal ones first; an illegal one is marked and refused with
        its reason."""
        self.deck.clear()
        entries: list[tuple[str, list[str], str, str | list[str] | None]] = [
            (c.label, list(c.cards), c.problem, None) for c in deck_choices()
            if not c.title.startswith("Classic:")]   # the lobby's formats want 60 cards
        try:   # the Commander decks (for a game in the commander format): the 99 and the commander
            entries += [(o.label, list(o.cards), o.problem, o.commander) for o in commander_offers()]
        except Exception:  # noqa: BLE001 - the other decks are still offered
            pass
        for label, cards, problem, commander in sorted(entries, key=lambda e: bool(e[2])):
            self.deck.addItem(label, cards)
            self.deck.setItemData(self.deck.count() - 1, label, Qt.ItemDataRole.ToolTipRole)
            self.deck_problems[label] = problem
            if commander:
                self.deck_commanders[label] = commander

    def _deck(self) -> list[str]:
        """The chosen deck's cards; a ValueError naming the problem for an illegal one."""
        problem = self.deck_problems.get(self.deck.currentText())
        if problem:
            raise ValueError(f"the deck {self.deck.currentText().split(' — ')[0].lstrip('⚠ ')} is not legal: {problem}")
        data = self.deck.currentData()
        if isinstance(data, str):
            return load_deck(data)
        return list(data or [])

    def _commander(self) -> str | list[str] | None:
        """The chosen deck's commander (a Commander deck; a list of two partners), else None."""
        return self.deck_commanders.get(self.deck.currentText())

    def _variant_changed(self) -> None:
        """Two-Headed Giant seats 4 or 6 (810.1, 810.11): the players' box offers those."""
        if self.variant.currentData() == "two_headed_giant":
            self.seats.setRange(4, 6)
            self.seats.setSingleStep(2)
            if self.seats.value() not in (4, 6):
                self.seats.setValue(4)
        else:
            self.seats.setSingleStep(1)
            self.seats.setRange(2, 6)

    def _connect(self) -> RemoteSession:
        host, port = parse_address(self.address.text())
        return RemoteSession(host, port, auto_reconnect=True)

    def _add_found(self, address: str, g: dict[str, Any]) -> None:
        if g.get("game"):
            status = g.get("status", "waiting")
            if status == "playing" and g.get("connected") == 0:
                # a game resumed from an earlier run of the server that no player came back to
                status = "interrupted: no player connected"
            what = f"{g.get('host')} — {g.get('format', '?')} — {status}"
            if g.get("variant") == "two_headed_giant":
                what += " — Two-Headed Giant"
            if g.get("casual"):  # the casual variants added (901, 902, 904, 905): a joiner knows before joining
                what += " — " + ", ".join(str(v).title() for v in g["casual"])
            if status == "waiting" and int(g.get("seats") or 2) > 2:   # two seats: as the lobby always said
                taken, seats = int(g.get("taken") or 1), int(g["seats"])
                players = ", ".join(str(p) for p in g.get("players") or [])
                what += f" — {taken} of {seats} seats taken, {seats - taken} free"
                teams = g.get("teams")
                if g.get("variant") == "two_headed_giant" and isinstance(teams, list):
                    per = int(g["seats"]) // 2
                    what += " (" + "; ".join(
                        f"team {i + 1}: {', '.join(str(p) for p in t) or 'nobody yet'}"
                        f"{'' if len(t) < per else ', full'}" for i, t in enumerate(teams)) + ")"
                else:
                    what += f" ({players})" if players else ""
            elif g.get("seats") and int(g["seats"]) > 2:
                what += f" — {g['seats']} players"
            if g.get("spectators"):
                what += " — spectators welcome"
        else:
            what = "(no open game)"
        self.found.addItem(f"{address} — {what}")
        item = self.found.item(self.found.count() - 1)
        item.setData(ADDRESS, address)
        item.setData(GAME, dict(g) if g.get("game") else None)

    def find_games(self) -> None:
        """Games announced by UDP broadcast on the LAN (servers started with --announce),
        listened for 1.5 s in a thread: the window stays alive meanwhile."""
        if self._finder is not None and self._finder.is_alive():
            return
        self.found.clear()
        self.btn_find.setEnabled(False)
        self.btn_find.setText("Searching the LAN…")

        def listen() -> None:
            try:
                servers = discover(1.5)
            except OSError as e:
                servers = [{"error": str(e)}]
            self.found_signal.emit(servers)
        self._finder = threading.Thread(target=listen, name="lan-discovery", daemon=True)
        self._finder.start()

    def _show_found(self, servers: list[dict[str, Any]]) -> None:
        self.btn_find.setEnabled(True)
        self.btn_find.setText("Find games on the LAN")
        errors = [s["error"] for s in servers if "error" in s]
        servers = [s for s in servers if "error" not in s]
        for s in servers:
            for g in s["games"] or [{}]:
                self._add_found(f"{s['address']}:{s['port']}", g)
        if errors:
            self.status.setText(f"could not listen for games on the LAN: {errors[0]}")
        elif not servers:
            self.status.setText("no game announced on the LAN: ask the host for the server's address")
        else:
            self.status.setText(f"{len(servers)} server(s) found")

    def list_server(self) -> None:
        """The games of the server at the address field (no broadcast needed)."""
        self.found.clear()
        address = self.address.text().strip()
        try:
            host, port = parse_address(address)
            rs = RemoteSession(host, port, timeout=5)
            try:
                games = rs.list_games()
            finally:
                rs.close()
        except (OSError, NetError, ValueError) as e:
            self.status.setText(f"could not list the games of {address}: {network_words(e, address)}")
            return
        for g in games or [{}]:
            self._add_found(address, g)
        self.remember(address)

    def start_server(self) -> None:
        """Run a LAN server on this computer (its games kept in the user's data folder, under
        server/), announced on the LAN; the address field gets the port it listens on."""
        if self.server_proc is not None:
            return
        _, _, port = self.address.text().strip().rpartition(":")
        port = port if port.isdigit() else "7531"
        folder = data_dir() / "server"
        folder.mkdir(parents=True, exist_ok=True)
        with open(folder / "server.log", "ab") as log:      # its warnings; the child keeps the file open
            proc = subprocess.Popen([sys.executable, "-m", "engine.net.server", "--host", "0.0.0.0", "--port", port,
                                     "--data", str(folder), "--announce"],
                                    stdout=subprocess.PIPE, stderr=log, text=True)
        assert proc.stdout is not None      # stdout=PIPE
        line = proc.stdout.readline().strip()
        if not line.startswith("listening on"):    # e.g. the port is taken: say why
            proc.kill()
            proc.wait()
            tail = (folder / "server.log").read_text(errors="replace").strip().splitlines()
            self.status.setText(f"the server did not start: {(tail or ['no output'])[-1]}")
            return
        self.server_proc = proc
        self.address.setText(f"127.0.0.1:{line.rsplit(':', 1)[1]}")
        self.status.setText(f"{line} — other computers use this computer's address on the LAN")

    def host(self) -> None:
        try:
            deck = self._deck()
            self.session = self._connect()
            variant = self.variant.currentData()
            if variant == "two_headed_giant" and self.seats.value() not in (4, 6):
                raise ValueError("Two-Headed Giant seats two teams of two or three: choose 4 or 6 players")
            code = self.session.create(self.name.text().strip() or "host", deck,
                                       format=self.format.currentText(), spectators=self.spectators.isChecked(),
                                       seats=self.seats.value(), commander=self._commander(), variant=variant,
                                       team=self.team.currentData() if variant else None,
                                       casual=[k for k, box in self.casual.items() if box.isChecked()] or None)
        except (OSError, NetError, ValueError) as e:
            self._drop_session()
            self.status.setText(f"could not host: {network_words(e, self.address.text().strip())}")
            return
        self.remember(self.address.text().strip())
        self.code.setText(code)
        more = self.seats.value() - 1
        team = f" — you are on team {self.session.team}" if self.session.team else ""
        self.status.setText(f"waiting for {'a player' if more == 1 else f'{more} players'} — join code {code}{team}")
        self.bridge = Bridge(self.session)
        self.bridge.updated.connect(self._first_update)

    def join(self) -> None:
        try:
            deck = self._deck()
            self.session = self._connect()
            self.session.join(self.code.text().strip(), self.name.text().strip() or "guest", deck,
                              commander=self._commander(), team=self.team.currentData())
        except (OSError, NetError, ValueError) as e:
            self._drop_session()
            self.status.setText(f"could not join: {network_words(e, self.address.text().strip())}")
            return
        self.remember(self.address.text().strip())
        if self.session.team:
            self.status.setText(f"seated on team {self.session.team} — the game starts when every seat is taken")
        self.bridge = Bridge(self.session)
        self.bridge.updated.connect(self._first_update)
        if self.session.updates:
            self._first_update()

    def _drop_session(self) -> None:
        if self.session is not None:
            try:
                self.session.close()
            except Exception:  # noqa: BLE001 - already gone
                pass
        self.session = None

    # -- spectators -------------------------------------------------------------
    def selected_game(self) -> tuple[str, dict[str, Any]] | None:
        """The server address and listing of the selected game, when spectators may watch it."""
        it = self.found.currentItem()
        g = it.data(GAME) if it is not None else None
        if not g or not g.get("spectators") or g.get("status") not in ("waiting", "playing"):
            return None
        return it.data(ADDRESS), g

    def _can_watch(self) -> None:
        self.btn_watch.setEnabled(self.selected_game() is not None and self.session is None)

    def watch(self) -> None:
        """Watch the selected game: the public view of both players, read-only."""
        sel = self.selected_game()
        if sel is None:
            self.status.setText("select a game whose host allows spectators")
            return
        address, g = sel
        try:
            host, port = parse_address(address)
            self.session = RemoteSession(host, port, auto_reconnect=True)
            self.session.watch(game=g["game"], name=self.name.text().strip() or "spectator")
        except (OSError, NetError, ValueError) as e:
            self.session = None
            self.status.setText(f"could not watch: {network_words(e, address)}")
            return
        self.remember(address)
        self.status.setText(f"watching {g.get('host')}'s game — it is shown when it starts")
        self.bridge = Bridge(self.session)
        self.bridge.updated.connect(self._first_update)
        if self.session.updates:
            self._first_update()

    # -- recent servers -----------------------------------------------------------
    def recent_servers(self) -> list[str]:
        saved = load_settings().get("recent_servers")
        return [a for a in saved if isinstance(a, str) and a][:MAX_RECENT] if isinstance(saved, list) else []

    def remember(self, address: str) -> None:
        """Put ``address`` first in the saved recent servers (at most MAX_RECENT)."""
        if not address:
            return
        servers = [address] + [a for a in self.recent_servers() if a != address]
        try:
            save_settings({"recent_servers": servers[:MAX_RECENT]})
        except OSError as e:     # a read-only data folder: the lobby still works
            self.status.setText(f"could not save the recent servers: {e}")
        self._show_recent()

    def _show_recent(self) -> None:
        self.recent.clear()
        self.recent.addItems(self.recent_servers())

    def _first_update(self) -> None:
        if self.table is not None or self.session is None or not self.session.updates:
            return
        page = QWidget()
        lay = QVBoxLayout(page)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(0)
        self.connection = ConnectionBar(self.session, page)
        if self.session.spectator:   # no seat of ours: the public view, nothing to answer
            self.table = TableWidget(self.session, [], page, modal_errors=False)
        else:
            seat = self.session.seat
            assert seat is not None           # seated: the server named our seat
            self.table = TableWidget(self.session, [seat], page, manage_memory=True,
                                     remember_stops=True)
        lay.addWidget(self.connection)
        lay.addWidget(self.table, 1)
        self.stack.addWidget(page)
        self.stack.setCurrentWidget(page)
        self.bridge.updated.connect(self._on_update)

    def _on_update(self) -> None:
        s = self.session
        if s is None or self.table is None or not s.connected:
            return   # the ConnectionBar says so; the session takes its seat back by itself
        self.table.ctl.advance()

    def closeEvent(self, ev: Any) -> None:
        if self.session is not None:
            self.session.close()
        if self.server_proc is not None:
            self.server_proc.terminate()
            try:
                self.server_proc.wait(10)
            except subprocess.TimeoutExpired:
                self.server_proc.kill()
            self.server_proc = None
        super().closeEvent(ev)


def hostable_formats() -> list[str]:
    """Formats a game can be hosted in: casual first, then engine.decks' formats without a card
    pool or a commander, then commander (903), then "free" (any 40 cards the engine knows)."""
    names = ["casual"]
    try:
        for name, f in sorted(load_formats().items()):
            if name != "casual" and f.pool is None and f.commander is None:
                names.append(name)
        if "commander" in load_formats():
            names.append("commander")   # 903: a Commander deck of the list names its commander
    except Exception:  # noqa: BLE001 - the lobby still hosts casual and free games
        pass
    return names + ["free"]


def main() -> int:
    app = QApplication.instance() or QApplication(sys.argv)
    w = LobbyWindow()
    w.resize(1200, 800)
    w.show()
    return app.exec()


if __name__ == "__main__":
    raise SystemExit(main())
