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

import subprocess
import sys
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import (QCheckBox, QComboBox, QFormLayout, QHBoxLayout, QLabel, QLineEdit,
                               QListWidget, QPushButton, QStackedLayout, QVBoxLayout, QWidget)

from engine.net.client import NetError, RemoteSession, discover

DECKS = Path(__file__).resolve().parents[2] / "assets" / "decks"
MAX_RECENT = 8
ADDRESS = Qt.UserRole        # data of a found item: its server address
GAME = Qt.UserRole + 1       # ... and the game's listing (a dict), or None


class Bridge(QObject):
    """Session listener (any thread) -> ``updated`` signal (delivered in the GUI thread)."""
    updated = Signal()

    def __init__(self, session: RemoteSession) -> None:
        super().__init__()
        session.listeners.append(self.updated.emit)


class LobbyWindow(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("manatable — LAN lobby")
        self.session: RemoteSession | None = None
        self.table: Any = None
        self.server_proc: subprocess.Popen | None = None
        self.stack = QStackedLayout(self)
        page = QWidget()
        self.stack.addWidget(page)
        form = QFormLayout()
        self.address = QLineEdit("127.0.0.1:7531")
        self.name = QLineEdit("player")
        self.deck = QComboBox()
        for p in sorted(DECKS.glob("*.txt")):
            self.deck.addItem(p.stem, str(p))
        self.format = QComboBox()
        for f in hostable_formats():
            self.format.addItem(f)
        self.spectators = QCheckBox("allow spectators")
        self.code = QLineEdit()
        self.code.setPlaceholderText("join code")
        form.addRow("server", self.address)
        form.addRow("name", self.name)
        form.addRow("deck", self.deck)
        form.addRow("format (host)", self.format)
        form.addRow("", self.spectators)
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
        self.btn_find.clicked.connect(self.find)
        self.btn_list.clicked.connect(self.list_server)
        self.btn_serve.clicked.connect(self.start_server)
        self.btn_host.clicked.connect(self.host)
        self.btn_join.clicked.connect(self.join)
        self.btn_watch.clicked.connect(self.watch)
        self.status = QLabel()
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

    def _deck(self) -> list[str]:
        from engine.net.bot import load_deck
        return load_deck(self.deck.currentData())

    def _connect(self) -> RemoteSession:
        host, _, port = self.address.text().strip().rpartition(":")
        return RemoteSession(host or "127.0.0.1", int(port), auto_reconnect=True)

    def _add_found(self, address: str, g: dict[str, Any]) -> None:
        if g.get("game"):
            what = f"{g.get('host')} — {g.get('format', '?')} — {g.get('status', 'waiting')}"
            if g.get("spectators"):
                what += " — spectators welcome"
        else:
            what = "(no open game)"
        self.found.addItem(f"{address} — {what}")
        item = self.found.item(self.found.count() - 1)
        item.setData(ADDRESS, address)
        item.setData(GAME, dict(g) if g.get("game") else None)

    def find(self) -> None:
        """Games announced by UDP broadcast on the LAN (servers started with --announce)."""
        self.found.clear()
        for s in discover(1.5):
            for g in s["games"] or [{}]:
                self._add_found(f"{s['address']}:{s['port']}", g)

    def list_server(self) -> None:
        """The games of the server at the address field (no broadcast needed)."""
        self.found.clear()
        address = self.address.text().strip()
        try:
            host, _, port = address.rpartition(":")
            rs = RemoteSession(host or "127.0.0.1", int(port), timeout=5)
            try:
                games = rs.list_games()
            finally:
                rs.close()
        except (OSError, NetError, ValueError) as e:
            self.status.setText(f"could not list the games of {address}: {e}")
            return
        for g in games or [{}]:
            self._add_found(address, g)
        self.remember(address)

    def start_server(self) -> None:
        """Run a LAN server on this computer (its games kept in the user's data folder, under
        server/), announced on the LAN; the address field gets the port it listens on."""
        if self.server_proc is not None:
            return
        from engine.cards.db import data_dir
        _, _, port = self.address.text().strip().rpartition(":")
        port = port if port.isdigit() else "7531"
        folder = data_dir() / "server"
        folder.mkdir(parents=True, exist_ok=True)
        with open(folder / "server.log", "ab") as log:      # its warnings; the child keeps the file open
            proc = subprocess.Popen([sys.executable, "-m", "engine.net.server", "--host", "0.0.0.0", "--port", port,
                                     "--data", str(folder), "--announce"],
                                    stdout=subprocess.PIPE, stderr=log, text=True)
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
            self.session = self._connect()
            code = self.session.create(self.name.text().strip() or "host", self._deck(),
                                       format=self.format.currentText(), spectators=self.spectators.isChecked())
        except (OSError, NetError, ValueError) as e:
            self.status.setText(f"could not host: {e}")
            return
        self.remember(self.address.text().strip())
        self.code.setText(code)
        self.status.setText(f"waiting for a player — join code {code}")
        self.bridge = Bridge(self.session)
        self.bridge.updated.connect(self._first_update)

    def join(self) -> None:
        try:
            self.session = self._connect()
            self.session.join(self.code.text().strip(), self.name.text().strip() or "guest", self._deck())
        except (OSError, NetError, ValueError) as e:
            self.status.setText(f"could not join: {e}")
            return
        self.remember(self.address.text().strip())
        self.bridge = Bridge(self.session)
        self.bridge.updated.connect(self._first_update)
        if self.session.updates:
            self._first_update()

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
            host, _, port = address.rpartition(":")
            self.session = RemoteSession(host or "127.0.0.1", int(port), auto_reconnect=True)
            self.session.watch(game=g["game"], name=self.name.text().strip() or "spectator")
        except (OSError, NetError, ValueError) as e:
            self.session = None
            self.status.setText(f"could not watch: {e}")
            return
        self.remember(address)
        self.status.setText(f"watching {g.get('host')}'s game — it is shown when it starts")
        self.bridge = Bridge(self.session)
        self.bridge.updated.connect(self._first_update)
        if self.session.updates:
            self._first_update()

    # -- recent servers -----------------------------------------------------------
    def recent_servers(self) -> list[str]:
        from app.settings import load_settings
        saved = load_settings().get("recent_servers")
        return [a for a in saved if isinstance(a, str) and a][:MAX_RECENT] if isinstance(saved, list) else []

    def remember(self, address: str) -> None:
        """Put ``address`` first in the saved recent servers (at most MAX_RECENT)."""
        if not address:
            return
        from app.settings import save_settings
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
        from app.table.connection import ConnectionBar
        from app.table.widget import TableWidget
        page = QWidget()
        lay = QVBoxLayout(page)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(0)
        self.connection = ConnectionBar(self.session, page)
        if self.session.spectator:   # no seat of ours: the public view, nothing to answer
            self.table = TableWidget(self.session, [], page, modal_errors=False)
        else:
            self.table = TableWidget(self.session, [self.session.seat], page, manage_memory=True,
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
    pool or a commander, then "free" (any 40 cards the engine knows)."""
    names = ["casual"]
    try:
        from engine.decks import load_formats
        for name, f in sorted(load_formats().items()):
            if name != "casual" and f.pool is None and f.commander is None:
                names.append(name)
    except Exception:  # noqa: BLE001 - the lobby still hosts casual and free games
        pass
    return names + ["free"]


def main() -> int:
    from PySide6.QtWidgets import QApplication
    app = QApplication.instance() or QApplication(sys.argv)
    w = LobbyWindow()
    w.resize(1200, 800)
    w.show()
    return app.exec()


if __name__ == "__main__":
    raise SystemExit(main())
