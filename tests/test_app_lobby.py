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
from engine.net.server_core import Server
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
        host.deck.setCurrentIndex(host.deck.findText("Sample: Red Aggro"))
        guest.deck.setCurrentIndex(guest.deck.findText("Sample: Green Stompy"))
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


def click_item(view, item) -> None:
    """A real click on a QListWidget item (on its viewport, at the item's centre)."""
    QTest.mouseClick(view.viewport(), Qt.LeftButton, pos=view.visualItemRect(item).center())


def test_watch_a_game_read_only(qtbot, tmp_path, monkeypatch):
    """From the lobby: list the server's games, select the one open to spectators, Watch; the
    table shows both players' public side under the Spectating label, with nothing to answer,
    and follows the game as the players play."""
    from engine.ai.random_bot import RandomBot
    from engine.bench import GREEN, RED
    from engine.net.client import RemoteSession
    monkeypatch.setenv("MANATABLE_DATA", str(tmp_path / "user"))
    server = LoopServer(tmp_path / "data")
    w = LobbyWindow()
    players = []
    try:
        closed = RemoteSession("127.0.0.1", server.port)
        closed.create("zed", RED, format="free")            # no spectators: not watchable
        a = RemoteSession("127.0.0.1", server.port)
        code = a.create("alice", RED, format="free", spectators=True)
        b = RemoteSession("127.0.0.1", server.port)
        b.join(code, "bob", GREEN)
        players += [closed, a, b]
        qtbot.addWidget(w)
        w.show()
        fill(w.address, f"127.0.0.1:{server.port}")
        fill(w.name, "carol")
        click(w.btn_list)
        items = {w.found.item(i).text(): w.found.item(i) for i in range(w.found.count())}
        assert set(items) == {f"127.0.0.1:{server.port} — zed — free — waiting",
                              f"127.0.0.1:{server.port} — alice — free — playing — spectators welcome"}
        click_item(w.found, items[f"127.0.0.1:{server.port} — zed — free — waiting"])
        assert not w.btn_watch.isEnabled()
        click_item(w.found, items[f"127.0.0.1:{server.port} — alice — free — playing — spectators welcome"])
        assert w.btn_watch.isEnabled()
        click(w.btn_watch)
        qtbot.waitUntil(lambda: w.table is not None, timeout=10000)
        assert w.stack.currentWidget() is w.table.parent()
        assert not w.connection.spectating.isHidden() and "Spectating" in w.connection.spectating.text()
        ctl = w.table.ctl
        assert ctl.humans == [] and ctl.seat == "alice" and ctl.decision is None
        v = ctl.view()
        assert all(p["hand"] is None for p in v["players"].values())
        assert w.code.text() == ""                           # watching by id: the join code is not told
        # nothing to answer: the prompt says whom the game waits for and its button is off
        who = a.waiting_for
        assert w.table.prompt.title.text() == f"waiting for {who}" and not w.table.prompt.ok.isEnabled()
        no = w.session.decision_no
        click(w.table.prompt.ok)
        assert not ctl.submit({"action": "pass"}) and "watching" in w.table.status.text()
        assert server.srv.rooms[a.game_id].watchers[0].conn.errors == 0   # nothing was sent
        # the players play on: the spectator's table follows
        s = a if who == "alice" else b
        d = s.pending()
        s.submit(None, d.forced if d.forced is not None else RandomBot(1).answer(d))
        qtbot.waitUntil(lambda: w.session.decision_no > no, timeout=5000)
        qtbot.waitUntil(lambda: w.table.prompt.title.text() == f"waiting for {w.session.waiting_for}",
                        timeout=5000)
        assert not w.connection.banner_shown()
    finally:
        w.close()
        for p in players:
            p.close()
        server.stop()


def test_recent_servers_are_kept_and_a_click_fills_the_address(qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("MANATABLE_DATA", str(tmp_path / "user"))
    one, two = LoopServer(tmp_path / "one"), LoopServer(tmp_path / "two")
    windows = []
    try:
        w = LobbyWindow()
        windows.append(w)
        qtbot.addWidget(w)
        w.show()
        assert w.recent.count() == 0
        fill(w.address, "127.0.0.1:1")                      # nothing there: not remembered
        click(w.btn_list)
        assert "could not list" in w.status.text() and w.recent.count() == 0
        for s in (one, two, one):
            fill(w.address, f"127.0.0.1:{s.port}")
            click(w.btn_list)
        want = [f"127.0.0.1:{one.port}", f"127.0.0.1:{two.port}"]   # newest first, each once
        assert [w.recent.item(i).text() for i in range(w.recent.count())] == want
        # a new lobby (the app started again) lists them from the settings
        w2 = LobbyWindow()
        windows.append(w2)
        qtbot.addWidget(w2)
        w2.show()
        assert [w2.recent.item(i).text() for i in range(w2.recent.count())] == want
        fill(w2.address, "somewhere:7531")
        click_item(w2.recent, w2.recent.item(1))
        assert w2.address.text() == want[1]
        click(w2.btn_list)                                   # and it works: that server's list
        assert w2.found.count() == 1 and w2.found.item(0).text().startswith(want[1])
    finally:
        for w in windows:
            w.close()
        one.stop()
        two.stop()


def test_start_a_server_here_then_host_on_it(qtbot, tmp_path, monkeypatch):
    """"Start a server here" runs a server process (its games in the user's data folder) and
    puts the port it listens on in the address; a game hosted there is listed; a port that
    is taken is said plainly; closing the lobby stops the server."""
    import socket
    monkeypatch.setenv("MANATABLE_DATA", str(tmp_path / "user"))
    w = LobbyWindow()
    busy = socket.socket()
    try:
        qtbot.addWidget(w)
        w.show()
        busy.bind(("0.0.0.0", 0))
        busy.listen()
        fill(w.address, f"127.0.0.1:{busy.getsockname()[1]}")
        click(w.btn_serve)
        assert w.server_proc is None and "did not start" in w.status.text()
        fill(w.address, "127.0.0.1:0")                       # any free port
        click(w.btn_serve)
        proc = w.server_proc
        assert proc is not None and "listening on" in w.status.text()
        port = int(w.address.text().rsplit(":", 1)[1])
        assert port > 0 and (tmp_path / "user" / "server" / "server.sqlite").exists()
        w.deck.setCurrentIndex(w.deck.findText("Sample: Red Aggro"))
        click(w.btn_host)
        assert len(w.code.text()) == 6
        click(w.btn_list)
        assert [w.found.item(i).text() for i in range(w.found.count())] == [
            f"127.0.0.1:{port} — player — casual — waiting"]
        w.close()
        assert proc.poll() is not None
    finally:
        busy.close()
        if w.server_proc is not None:
            w.server_proc.kill()


# -- issue 16, item 15 --------------------------------------------------------------------------
def lobby(qtbot):
    w = LobbyWindow()
    qtbot.addWidget(w)
    w.show()
    return w


def test_the_players_own_decks_are_offered_and_an_illegal_one_refused(qtbot, tmp_path, monkeypatch):
    import engine.decks.store as store_mod
    from engine.decks.model import Deck
    monkeypatch.setattr(store_mod, "default_path", lambda: tmp_path / "decks.sqlite3")
    st = store_mod.DeckStore()
    st.save(Deck(name="My Forests", main={"Forest": 40, "Grizzly Bears": 4, "Llanowar Elves": 4, "Giant Growth": 4,
                                            "Craw Wurm": 4, "Hill Giant": 4}))
    st.save(Deck(name="Untitled", main={"Forest": 2, "Grizzly Bears": 2}))
    st.close()
    server = LoopServer(tmp_path / "data")
    w = lobby(qtbot)
    try:
        labels = [w.deck.itemText(i) for i in range(w.deck.count())]
        assert "Deck: My Forests" in labels
        fill(w.address, f"127.0.0.1:{server.port}")
        w.deck.setFocus()
        QTest.keyClick(w.deck, Qt.Key_End)   # the last: the 4-card draft
        assert "Untitled" in w.deck.currentText() and "not legal" in w.deck.currentText()
        click(w.btn_host)
        assert "not legal" in w.status.text() and w.session is None and not w.code.text()
        w.deck.setCurrentIndex(w.deck.findText("Deck: My Forests"))
        click(w.btn_host)
        assert w.code.text(), w.status.text()
    finally:
        w.close()
        server.stop()


def test_a_bad_address_is_explained(qtbot):
    w = lobby(qtbot)
    for text, words in (("nonsense", "has no port"), ("127.0.0.1:99999", "is not a port number"),
                        ("127.0.0.1:1", "nothing answers at 127.0.0.1:1")):
        fill(w.address, text)
        click(w.btn_list)
        assert words in w.status.text(), w.status.text()
        assert "Errno" not in w.status.text() and "invalid literal" not in w.status.text()
    w.close()


def test_finding_games_on_the_lan_does_not_hold_the_window(qtbot):
    w = lobby(qtbot)
    click(w.btn_find)
    # the click returned while the search runs in a thread: the window is still answering
    assert not w.btn_find.isEnabled() and w.btn_find.text().startswith("Searching")
    qtbot.waitUntil(lambda: w.btn_find.isEnabled(), timeout=10000)
    assert w.btn_find.text() == "Find games on the LAN" and w.status.text()
    w.close()


def test_a_game_of_an_earlier_server_run_is_not_listed_as_playing(qtbot, tmp_path):
    from engine.net.bot import load_deck
    from engine.net.client import RemoteSession
    deck = load_deck(str(Path(__file__).resolve().parent.parent / "assets" / "decks" / "red-aggro.txt"))
    server = LoopServer(tmp_path / "data")
    a = RemoteSession("127.0.0.1", server.port)
    code = a.create("ann", deck, spectators=True)
    b = RemoteSession("127.0.0.1", server.port)
    b.join(code, "ben", deck)
    a.close()
    b.close()
    port = server.port
    server.stop()
    server = LoopServer(tmp_path / "data", port)   # a new run of the server: the game is resumed
    w = lobby(qtbot)
    try:
        fill(w.address, f"127.0.0.1:{port}")
        click(w.btn_list)
        rows = [w.found.item(i).text() for i in range(w.found.count())]
        assert any("ann" in r for r in rows), rows
        assert not any(r.endswith("— playing") or "— playing —" in r for r in rows), rows
        assert any("interrupted: no player connected" in r for r in rows), rows
    finally:
        w.close()
        server.stop()


def contrast(a, b) -> float:
    """WCAG contrast ratio of two QColors."""
    def lum(c):
        def ch(v):
            v /= 255
            return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
        return 0.2126 * ch(c.red()) + 0.7152 * ch(c.green()) + 0.0722 * ch(c.blue())
    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_the_lobby_text_is_readable(qtbot):
    from collections import Counter

    from PySide6.QtGui import QColor
    from PySide6.QtWidgets import QLabel, QPushButton
    w = lobby(qtbot)
    w.resize(1000, 700)
    w.status.setText("could not list the games")
    qtbot.wait(20)
    whole = w.grab().toImage()
    for widget in [x for x in w.findChildren(QLabel) + w.findChildren(QPushButton) if x.isVisible() and x.text()]:
        r = widget.rect()
        r.moveTopLeft(widget.mapTo(w, r.topLeft()))
        img = whole.copy(r)
        colors = Counter(img.pixel(x, y) for x in range(0, img.width(), 2) for y in range(0, img.height(), 2))
        bg = QColor.fromRgb(colors.most_common(1)[0][0])
        best = max(contrast(QColor.fromRgb(c), bg) for c in colors)
        assert best >= 4.5, (widget.text(), bg.name(), best)
    w.close()
