"""The LAN lobby for more than two (issue 17, items 4 and 5): host a game of three seats, the
list says how many seats are taken and free, two more players join with the code, and each
table shows the three seats from its own side."""
from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QPoint, Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from table_mouse import pick  # noqa: E402
from test_app_lobby import LoopServer, click, fill  # noqa: E402

from app.lobby.window import LobbyWindow  # noqa: E402
from app.table.items import CardItem, variant_decks  # noqa: E402


def listed(w) -> list[str]:
    return [w.found.item(i).text() for i in range(w.found.count())]


def lobbies_at(qtbot, server, names, deck: str | None = "Sample: Red Aggro") -> list[LobbyWindow]:
    """One lobby window for each name, shown, pointed at ``server``, the deck chosen (None: the first)."""
    out = [LobbyWindow() for _ in names]
    for w, name in zip(out, names):
        qtbot.addWidget(w)
        w.show()
        fill(w.address, f"127.0.0.1:{server.port}")
        fill(w.name, name)
        if deck is not None:
            w.deck.setCurrentIndex(w.deck.findText(deck))
    return out


def test_a_three_seat_game_is_hosted_listed_joined_and_played_on_three_tables(qtbot, tmp_path):
    server = LoopServer(tmp_path / "data")
    lobbies = lobbies_at(qtbot, server, ("alice", "bob", "carol"))
    try:
        host, bob, carol = lobbies
        host.seats.setFocus()
        host.seats.selectAll()
        QTest.keyClicks(host.seats, "3")
        assert host.seats.value() == 3
        click(host.btn_host)
        code = host.code.text()
        assert len(code) == 6 and "waiting for 2 players" in host.status.text()
        click(bob.btn_list)
        assert listed(bob) == [f"127.0.0.1:{server.port} — alice — casual — waiting — "
                               "1 of 3 seats taken, 2 free (alice)"]
        fill(bob.code, code)
        click(bob.btn_join)
        click(carol.btn_list)
        assert "2 of 3 seats taken, 1 free (alice, bob)" in listed(carol)[0]
        assert host.table is None and bob.table is None, "the game waits for its last seat"
        fill(carol.code, code)
        click(carol.btn_join)
        qtbot.waitUntil(lambda: all(w.table is not None for w in lobbies), timeout=10000)
        for w, seat in zip(lobbies, ("alice", "bob", "carol")):
            qtbot.waitUntil(lambda w=w: len(w.table.scene.boxes) == 3, timeout=5000)
            boxes = w.table.scene.boxes
            assert set(boxes) == {"alice", "bob", "carol"} and boxes[seat].bottom, seat
            assert not any(it.face_up for it in w.table.scene.cards.values()
                           if it.zone == "hand" and it.seat != seat), "no other hand shows"
    finally:
        for w in lobbies:
            w.close()
        server.stop()


def test_a_commander_game_over_the_lan_from_the_lobby(qtbot, tmp_path):
    server = LoopServer(tmp_path / "data")
    lobbies = lobbies_at(qtbot, server, ("alice", "bob"), deck=None)
    try:
        host, guest = lobbies
        labels = [host.deck.itemText(i) for i in range(host.deck.count())]
        krenko = next(t for t in labels if t.startswith("Commander:") and "Krenko" in t)
        kamahl = next(t for t in labels if t.startswith("Commander:") and "Kamahl" in t)
        host.deck.setCurrentIndex(host.deck.findText(krenko))
        guest.deck.setCurrentIndex(guest.deck.findText(kamahl))
        host.format.setCurrentIndex(host.format.findText("commander"))
        assert host.format.currentText() == "commander"
        click(host.btn_host)
        code = host.code.text()
        assert len(code) == 6, host.status.text()
        fill(guest.code, code)
        click(guest.btn_join)
        qtbot.waitUntil(lambda: all(w.table is not None for w in lobbies), timeout=10000)
        for w, seat, cmdr in ((host, "alice", "Krenko, Mob Boss"), (guest, "bob", "Kamahl, Fist of Krosa")):
            qtbot.waitUntil(lambda w=w: bool(w.table.ctl.view()["players"][seat].get("command")), timeout=5000)
            v = w.table.ctl.view()
            assert v["players"][seat]["life"] == 40 and v["players"][seat]["commander"] == cmdr
            it = w.table.scene.cards[v["players"][seat]["command"][0]["id"]]
            assert it.zone == "command" and it.face_up and "commander tax" in w.table.scene.players[seat].toolTip()
    finally:
        for w in lobbies:
            w.close()
        server.stop()


def test_a_two_headed_giant_game_is_hosted_with_teams_and_joined_from_the_lobby(qtbot, tmp_path):
    """810: the host chooses Two-Headed Giant (the players' box then offers 4 or 6), the list
    shows each team's seats, a joiner picks a team, and the four tables seat teammates together
    with the teammate's hand face up (810.5) and the other team's face down."""
    server = LoopServer(tmp_path / "data")
    names = ("alice", "bob", "carol", "dave")
    lobbies = lobbies_at(qtbot, server, names)
    try:
        host, bob, carol, dave = lobbies
        pick(qtbot, host.variant, "Two-Headed Giant")
        assert host.seats.value() == 4 and host.seats.minimum() == 4
        click(host.btn_host)
        code = host.code.text()
        assert len(code) == 6 and "you are on team 1" in host.status.text(), host.status.text()
        fill(bob.code, code)
        click(bob.btn_join)                       # no team asked: the smaller one, team 2
        assert "team 2" in bob.status.text(), bob.status.text()
        pick(qtbot, carol.team, "team 1")
        fill(carol.code, code)
        click(carol.btn_join)
        click(dave.btn_list)
        assert listed(dave) == [f"127.0.0.1:{server.port} — alice — casual — waiting — Two-Headed Giant — "
                                "3 of 4 seats taken, 1 free (team 1: alice, carol, full; team 2: bob)"]
        pick(qtbot, dave.team, "team 1")
        fill(dave.code, code)
        click(dave.btn_join)
        assert "could not join" in dave.status.text() and "team 1" in dave.status.text()
        pick(qtbot, dave.team, "team 2")
        click(dave.btn_join)
        qtbot.waitUntil(lambda: all(w.table is not None for w in lobbies), timeout=10000)
        mates = {"alice": "carol", "carol": "alice", "bob": "dave", "dave": "bob"}
        for w, seat in zip(lobbies, names):
            qtbot.waitUntil(lambda w=w: len(w.table.scene.boxes) == 4, timeout=5000)
            scene = w.table.scene
            qtbot.waitUntil(lambda s=scene, m=mates[seat]: any(
                it.face_up for it in s.cards.values() if it.zone == "hand" and it.seat == m), timeout=5000)
            assert scene.boxes[seat].bottom, seat
            hidden = [it for it in scene.items() if isinstance(it, CardItem)
                      and it.zone == "hand" and it.seat not in (seat, mates[seat])]
            assert hidden and not any(it.face_up for it in hidden), "the other team's hands stay hidden"
    finally:
        for w in lobbies:
            w.close()
        server.stop()


def test_a_planechase_and_conspiracy_game_is_hosted_from_the_lobby(qtbot, tmp_path):
    """901, 905: the host ticks the casual variants, the list says which a game adds, and the game the
    tables show each player's conspiracy in the command zone (905.4) and planar deck (901.3)."""
    server = LoopServer(tmp_path / "data")
    lobbies = lobbies_at(qtbot, server, ("alice", "bob"))
    try:
        host, bob = lobbies
        assert set(host.casual) == {"planechase", "vanguard", "archenemy", "conspiracy"}
        for kind in ("planechase", "conspiracy"):
            box = host.casual[kind]
            QTest.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(8, box.height() // 2))  # its check mark
            assert box.isChecked(), kind
        click(host.btn_host)
        code = host.code.text()
        assert len(code) == 6, host.status.text()
        click(bob.btn_list)
        assert listed(bob) == [f"127.0.0.1:{server.port} — alice — casual — waiting — Planechase, Conspiracy"]
        fill(bob.code, code)
        click(bob.btn_join)
        qtbot.waitUntil(lambda: all(w.table is not None for w in lobbies), timeout=10000)
        for w in lobbies:
            scene = w.table.scene
            qtbot.waitUntil(lambda s=scene: {it.seat for it in s.cards.values() if it.zone == "command"}
                            == {"alice", "bob"}, timeout=5000)
            mine = [it for it in scene.cards.values() if it.zone == "command" and it.seat == w.table.ctl.seat]
            # face up, or face down with hidden agenda (905.4a, 313.2): then its owner alone knows the card (702.105)
            assert len(mine) == 1 and (mine[0].face_up or mine[0].card.get("face_down_card")), \
                "each player's own conspiracy, in the command zone (905.4)"
            theirs = [it for it in scene.cards.values() if it.zone == "command" and it.seat != w.table.ctl.seat]
            assert all(it.face_up or not it.card.get("face_down_card") for it in theirs), \
                "another player's face-down conspiracy stays unknown (702.105a)"
            # the planar decks are set before the first plane is turned face up after the mulligans (901.5)
            assert {seat: variant_decks(p) for seat, p in scene.v["players"].items()} == {
                "alice": "planar 10", "bob": "planar 10"}
    finally:
        for w in lobbies:
            w.close()
        server.stop()
