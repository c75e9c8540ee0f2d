"""LAN play (issue 7): spectators and deck validation in the game's format."""
from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from engine.ai.random_bot import RandomBot
from engine.bench import GREEN, RED
from engine.net.bot import load_deck
from engine.net.client import NetError, RemoteSession
from engine.net.server_core import SPECTATOR
from test_net_server import ThreadServer, pair, play_out, step

ROOT = Path(__file__).resolve().parents[1]
RED_AGGRO = load_deck(str(ROOT / "assets/decks/red-aggro.txt"))
GREEN_STOMPY = load_deck(str(ROOT / "assets/decks/green-stompy.txt"))


@pytest.fixture
def server(tmp_path):
    s = ThreadServer(tmp_path / "data", grace=30, read_timeout=0.5)
    yield s
    s.stop()


# ---------------------------------------------------------------- spectators
def test_spectator_sees_only_the_public_game_and_cannot_answer(server):
    """Every byte sent to a spectator over a whole game is checked: no object id of a card in
    either player's hand or library, no name of a card that was never public. Its answers and
    concessions are refused with an error and the game goes on to its end."""
    srv = server.srv
    records: list[tuple[bytes, set[int], set[str]]] = []
    ever_public: set[str] = set()

    def on_send(conn, data: bytes) -> None:
        if conn.watcher is None or conn.room is None or conn.room.game is None:
            return
        g = conn.room.game
        hidden = set()
        for p in g.players.values():
            hidden |= set(p.hand) | set(p.library)
        for oid in list(g.battlefield) + list(g.stack):
            ever_public.add(g.objects[oid].card.name)
        for p in g.players.values():
            for oid in p.graveyard + p.exile:
                ever_public.add(g.objects[oid].card.name)
        records.append((data, hidden, set(ever_public)))

    a = RemoteSession("127.0.0.1", server.port)
    code = a.create("alice", RED, format="free", spectators=True)
    watcher = RemoteSession("127.0.0.1", server.port)
    srv.on_send = on_send
    watcher.watch(code, "carol")            # before the game starts: it gets the start as well
    b = RemoteSession("127.0.0.1", server.port)
    b.join(code, "bob", GREEN)
    assert a.wait(lambda s: s.updates > 0, 10) and b.wait(lambda s: s.updates > 0, 10)
    assert watcher.wait(lambda s: s.updates > 0, 10)
    assert set(watcher.seats()) == {"alice", "bob"}
    sessions, bots = {"alice": a, "bob": b}, {"alice": RandomBot(21), "bob": RandomBot(22)}
    step(sessions, bots, 40)
    # the spectator cannot act: an error to it alone, nothing changes
    before = a.decision_no
    for t in ("answer", "concede"):
        fields = {"answer": {"action": "pass"}} if t == "answer" else {}
        with pytest.raises(NetError) as e:
            watcher.request(t, **fields)
        assert e.value.code == "spectator"
    assert watcher.pending() is None
    assert a.decision_no == before and a.connected and b.connected and watcher.connected
    # chat from the spectator reaches the players, marked as a spectator's
    heard = []
    a.on_chat.append(lambda frm, text: heard.append((frm, text)))
    watcher.chat("nice bolt")
    assert a.wait(lambda s: heard, 5) and heard[0] == ("carol", "nice bolt")
    winner = play_out(sessions, bots)
    assert watcher.wait(lambda s: s.game_over, 10) and watcher.winner == winner
    srv.on_send = None
    assert len(records) > 100
    leaks = []
    names = set(RED) | set(GREEN)
    for data, hidden, public in records:
        def walk(x):
            if isinstance(x, dict):
                for k, val in x.items():
                    if k in ("id", "obj") and isinstance(val, int) and val in hidden:
                        leaks.append(("id", val))
                    walk(val)
            elif isinstance(x, list):
                for val in x:
                    walk(val)
        walk(json.loads(data[4:]))
        for name in names - public:
            if name.encode() in data:
                leaks.append(("name", name))
    assert not leaks, leaks[:10]
    # what it held at the end is the public view, with every event
    v = watcher.view()
    assert v["you"] == SPECTATOR and all(p["hand"] is None for p in v["players"].values())
    assert len(watcher.events()) == len(a.events())
    for s in (a, b, watcher):
        s.close()


def test_spectators_only_when_the_host_allows(server):
    a, b = pair(server.port)           # created without spectators
    w = RemoteSession("127.0.0.1", server.port)
    with pytest.raises(NetError) as e:
        w.watch(a.code, "carol")
    assert e.value.code == "no_spectators"
    with pytest.raises(NetError) as e:
        w.watch("ZZZZZZ" if a.code != "ZZZZZZ" else "YYYYYY", "carol")
    assert e.value.code == "bad_code"
    for s in (a, b, w):
        s.close()


def test_watch_by_the_game_id_of_the_list(server):
    """A game that allows spectators is watched by the id 'games' lists, without the join code
    (which is not revealed: it would seat a player while the game waits); a dropped spectator
    watches again by that id; a game without spectators is refused by id as well, and a
    player cannot join by id."""
    a = RemoteSession("127.0.0.1", server.port)
    a.create("alice", RED, format="free", spectators=True)
    (g,) = RemoteSession("127.0.0.1", server.port).list_games()
    w = RemoteSession("127.0.0.1", server.port, auto_reconnect=True)
    w.watch(game=g["game"], name="carol")
    assert w.code is None and w.game_id == g["game"]
    b = RemoteSession("127.0.0.1", server.port)
    b.join(a.code, "bob", GREEN)
    assert w.wait(lambda s: s.updates > 0, 10) and set(w.seats()) == {"alice", "bob"}
    assert w.view()["you"] == SPECTATOR
    seen = w.updates
    w.drop()                                  # a pulled cable: it watches again by the id
    deadline = time.monotonic() + 10          # (wait() returns at once while it is disconnected)
    while not (w.connected and w.updates > seen) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert w.connected and w.updates > seen
    assert w.view()["you"] == SPECTATOR and w.code is None
    c, d = pair(server.port)                  # without spectators
    x = RemoteSession("127.0.0.1", server.port)
    with pytest.raises(NetError) as e:
        x.watch(game=c.game_id, name="eve")
    assert e.value.code == "no_spectators"
    with pytest.raises(NetError) as e:
        x.request("join", game=c.game_id, name="eve", deck=GREEN)
    assert e.value.code == "missing_field"
    with pytest.raises(ValueError):
        x.watch(name="eve")
    for s in (a, b, c, d, w, x):
        s.close()


# ---------------------------------------------------------------- formats
def test_deck_validated_in_the_games_format(server):
    """An illegal deck gets bad_deck naming the card and the rule, and no seat."""
    a = RemoteSession("127.0.0.1", server.port)
    # the default format is casual: a 40-card deck is too small
    with pytest.raises(NetError) as e:
        a.create("alice", RED)
    assert e.value.code == "bad_deck" and "deck-size" in e.value.message and "60" in e.value.message
    assert a.seat is None and server.srv.rooms == {}
    too_many = RED_AGGRO[:-5] + ["Shock"] * 5
    with pytest.raises(NetError) as e:
        a.create("alice", too_many, format="casual")
    assert e.value.code == "bad_deck" and "Shock" in e.value.message and "copy-limit" in e.value.message
    for bad, code in (("no-such-format", "bad_format"), ("limited", "bad_format")):
        with pytest.raises(NetError) as e:
            a.create("alice", RED_AGGRO, format=bad)
        assert e.value.code == code, bad
    assert server.srv.rooms == {}
    code = a.create("alice", RED_AGGRO, format="standard-2019")
    assert a.format == "standard-2019"
    b = RemoteSession("127.0.0.1", server.port)
    # Lightning Bolt was printed in no set of 2019's Standard
    off = GREEN_STOMPY[:-4] + ["Lightning Bolt"] * 4
    problems = []
    b.on_message = lambda m: problems.extend(m.get("problems", [])) if m["type"] == "error" else None
    with pytest.raises(NetError) as e:
        b.join(code, "bob", off)
    assert e.value.code == "bad_deck" and "Lightning Bolt" in e.value.message
    assert any(p["rule"] == "set-legality" and p["card"] == "Lightning Bolt" for p in problems), problems
    assert b.seat is None
    assert [(g["host"], g["status"], g["format"]) for g in b.list_games()] == [("alice", "waiting", "standard-2019")]
    b.join(code, "bob", GREEN_STOMPY)
    assert b.seat == "bob" and b.wait(lambda s: s.updates > 0, 10)
    a.close(), b.close()


def test_new_fields_are_validated():
    from engine.net import protocol as P
    ok = P.msg("create", name="alice", deck=["Forest"] * 40, format="standard-2019", spectators=True)
    P.validate_client(ok)
    P.validate_client(P.msg("join", code="ABCDEF", name="carol", spectator=True))
    for m, field in [(dict(ok, format="x y"), "format"), (dict(ok, format=""), "format"),
                     (dict(ok, format="f" * 41), "format"), (dict(ok, spectators="yes"), "spectators"),
                     (P.msg("join", code="ABCDEF", name="carol", spectator=1), "spectator")]:
        with pytest.raises(P.ProtocolError) as e:
            P.validate_client(m)
        assert e.value.field == field, m


def test_a_player_join_without_a_deck_is_refused(server):
    a = RemoteSession("127.0.0.1", server.port)
    code = a.create("alice", RED, format="free")
    b = RemoteSession("127.0.0.1", server.port)
    with pytest.raises(NetError) as e:
        b.request("join", code=code, name="bob")
    assert e.value.code == "missing_field"
    assert [g["status"] for g in b.list_games()] == ["waiting"]
    a.close(), b.close()
