"""The LAN lobby (issue 7) offscreen: host a game, see it listed, join by address and code, play on
the table; the connection bar's banner while the server is gone and after it comes back."""
from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from app.lobby.window import LobbyWindow
from app.table.connection import RECONNECTING
from engine.net.server import Server
from test_net_server import CARDS



class LoopServer:
    """A Server in a thread of this process, startable again on the same data and port."""

    def __init__(self, data: Path, port: int = 0) -> None:
        self.loop = asyncio.new_event_loop()
        self.srv = Server(data, CARDS, grace=60)
        ready = threading.Event()

        def run() -> None:
            asyncio.set_event_loop(self.loop)
            self.port = self.loop.run_until_complete(self.srv.start("127.0.0.1", port))
            ready.set()
            self.loop.run_forever()

        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()
        assert ready.wait(10)

    def stop(self) -> None:
        async def shutdown() -> None:
            await self.srv.close()
            await asyncio.sleep(0.05)
            for t in [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]:
                t.cancel()
        asyncio.run_coroutine_threadsafe(shutdown(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
        self.srv.store.close()


def click(widget) -> None:
    QTest.mouseClick(widget, Qt.LeftButton)


def fill(line_edit, text: str) -> None:
    line_edit.selectAll()
    QTest.keyClicks(line_edit, text)


def test_host_list_join_play_and_reconnect(qtbot, tmp_path):
    server = LoopServer(tmp_path / "data")
    host, guest = LobbyWindow(), LobbyWindow()
    try:
        for w, name in ((host, "alice"), (guest, "bob")):
            qtbot.addWidget(w)
            w.show()
            fill(w.address, f"127.0.0.1:{server.port}")
            fill(w.name, name)
        host.deck.setCurrentIndex(host.deck.findText("red-aggro"))
        guest.deck.setCurrentIndex(guest.deck.findText("green-stompy"))
        host.format.setCurrentIndex(host.format.findText("standard-2019"))
        QTest.mouseClick(host.spectators, Qt.LeftButton, pos=QPoint(
            8, host.spectators.height() // 2))       # on the box itself: the row is wider than its text
        assert host.spectators.isChecked()
        # host
        click(host.btn_host)
        code = host.code.text()
        assert len(code) == 6 and code in host.status.text()
        # the guest sees the game in the server's list
        click(guest.btn_list)
        items = [guest.found.item(i).text() for i in range(guest.found.count())]
        assert items == [f"127.0.0.1:{server.port} — alice — standard-2019 — waiting — spectators welcome"]
        # a wrong code is refused, said in the status line; the right one joins
        fill(guest.code, "AAAAAA" if code != "AAAAAA" else "BBBBBB")
        click(guest.btn_join)
        assert "could not join" in guest.status.text() and guest.table is None
        fill(guest.code, code)
        click(guest.btn_join)
        qtbot.waitUntil(lambda: guest.table is not None and host.table is not None, timeout=10000)
        assert host.session.seat == "alice" and guest.session.seat == "bob"
        assert host.stack.currentWidget() is host.table.parent()
        for w in (host, guest):
            qtbot.waitUntil(lambda w=w: "alice" in w.connection.players.text()
                            and "bob" in w.connection.players.text(), timeout=5000)
            qtbot.waitUntil(lambda w=w: w.connection.player_states() == {"alice": "connected",
                                                                         "bob": "connected"}, timeout=5000)
            assert not w.connection.banner_shown()
        # both tables show the same game from their own side
        assert host.table.ctl.view()["you"] == "alice" and guest.table.ctl.view()["you"] == "bob"
        assert host.table.ctl.view()["turn"] == guest.table.ctl.view()["turn"]
        # the one who waits sees whom it waits for, not a finished game
        waiter = host if host.session.waiting_for == "bob" else guest
        other = "bob" if waiter is host else "alice"
        assert not waiter.table.ctl.finished and waiter.table.ctl.waiting()[0] == other
        assert waiter.table.ctl.decision is None
        # the server goes away: both show the reconnecting banner
        port = server.port
        server.stop()
        for w in (host, guest):
            qtbot.waitUntil(w.connection.banner_shown, timeout=5000)
            assert w.connection.banner.text() == RECONNECTING
            assert w.connection.player_states()[w.session.seat] == "disconnected"
        # it comes back on the same data: both take their seats back, the banner goes
        server = LoopServer(tmp_path / "data", port)
        for w in (host, guest):
            qtbot.waitUntil(lambda w=w: not w.connection.banner_shown(), timeout=10000)
            qtbot.waitUntil(lambda w=w: w.connection.player_states() == {"alice": "connected",
                                                                         "bob": "connected"}, timeout=5000)
        assert host.session.seat == "alice" and guest.session.seat == "bob"
        assert host.table.ctl.view()["turn"] == guest.table.ctl.view()["turn"]
    finally:
        for w in (host, guest):
            w.close()
        server.stop()
