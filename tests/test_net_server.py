"""LAN play (issue 7): the server, the client and the bot, on loopback."""
from __future__ import annotations

import asyncio
import json
import signal
import socket
import sqlite3
import struct
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from engine import knowledge
from engine.ai.random_bot import RandomBot
from engine.bench import GREEN, RED
from engine.cardpool import CardPool
from engine.net import protocol as P
from engine.net.client import NetError, RemoteSession
from engine.net.server_core import Server

ROOT = Path(__file__).resolve().parents[1]
PY = sys.executable
CARDS = CardPool()


class ThreadServer:
    """A Server on an ephemeral loopback port, its event loop in a thread of this process."""

    def __init__(self, data: Path, **kw) -> None:
        self.loop = asyncio.new_event_loop()
        self.srv = Server(data, CARDS, **kw)
        ready = threading.Event()

        def run() -> None:
            asyncio.set_event_loop(self.loop)
            self.port = self.loop.run_until_complete(self.srv.start("127.0.0.1", 0))
            ready.set()
            self.loop.run_forever()

        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()
        assert ready.wait(10)

    def call(self, f):
        """Run f() in the server's thread and return its result."""
        async def c():
            return f()
        return asyncio.run_coroutine_threadsafe(c(), self.loop).result(10)

    def stop(self) -> None:
        async def shutdown() -> None:
            await self.srv.close()
            await asyncio.sleep(0.05)
            tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for t in tasks:
                t.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
        asyncio.run_coroutine_threadsafe(shutdown(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
        self.srv.store.close()


@pytest.fixture
def server(tmp_path):
    s = ThreadServer(tmp_path / "data", grace=30, read_timeout=0.5)
    yield s
    s.stop()


def pair(port: int, deck_a=RED, deck_b=GREEN) -> tuple[RemoteSession, RemoteSession]:
    a = RemoteSession("127.0.0.1", port)
    code = a.create("alice", deck_a, format="free")
    b = RemoteSession("127.0.0.1", port)
    b.join(code, "bob", deck_b)
    assert a.wait(lambda s: s.updates > 0, 10) and b.wait(lambda s: s.updates > 0, 10)
    return a, b


def step(sessions: dict[str, RemoteSession], bots: dict[str, RandomBot], n: int) -> None:
    """Play n decisions (or to the end) by whoever is asked."""
    for _ in range(n):
        s0 = next(iter(sessions.values()))
        # generous waits: they return as soon as the predicate holds; on a busy CI machine a
        # 5-second wait ran out mid-game and ended the loop early
        s0.wait(lambda s: s.waiting_for is not None or s.winner is not None, 30)
        who = s0.waiting_for
        if s0.winner is not None or who is None:
            return
        s = sessions[who]
        assert s.wait(lambda x: x._decision is not None or x.winner is not None, 30)
        if s.winner is not None:
            return
        d = s.pending()
        try:
            s.submit(None, bots[who].answer(d))
        except Exception:
            s.submit(None, d.forced if d.forced is not None else {"action": "pass"})
        for other in sessions.values():   # everyone has seen the change before the next step
            other.wait(lambda x: x.decision_no == s.decision_no, 30)


def play_out(sessions, bots, limit=20000) -> str:
    step(sessions, bots, limit)
    s0 = next(iter(sessions.values()))
    assert s0.winner is not None
    return s0.winner


# ---------------------------------------------------------------- protocol
def test_frames_roundtrip_and_limits():
    m = P.msg("chat", text="hello ✓")
    data = P.encode(m)
    assert struct.unpack(">I", data[:4])[0] == len(data) - 4
    fr = P.FrameReader()
    assert fr.feed(data[:3]) == [] and fr.feed(data[3:] + data) == [m, m]
    with pytest.raises(P.ProtocolError) as e:
        P.encode(P.msg("x", s="a" * (P.MAX_MESSAGE + 1)))
    assert e.value.code == "too_large"
    with pytest.raises(P.ProtocolError) as e:
        P.FrameReader().feed(struct.pack(">I", P.MAX_MESSAGE + 1))
    assert e.value.code == "too_large"
    for bad, code in [(b"\xff", "bad_json"), (b"[1]", "bad_message"), (b'{"v":9,"type":"ping"}', "version"),
                      (b'{"v":1}', "bad_message"), (b'{"v":1,"type":"x","n":NaN}', "bad_json")]:
        with pytest.raises(P.ProtocolError) as e:
            P.decode(bad)
        assert e.value.code == code, bad


def test_list_patches_send_only_new_and_changed_cards():
    """A list of cards patched by id: added, removed, moved and changed cards all come out right,
    and only the changed or new cards travel; a list that mostly changed is sent whole."""
    cards = [{"id": i, "name": f"c{i}", "tapped": False} for i in range(10)]
    old = {"battlefield": cards, "players": {"a": {"graveyard": [], "life": 20}}, "turn": 1}
    moved = [dict(c) for c in cards[1:]] + [{"id": 42, "name": "new", "tapped": False}]
    moved[3]["tapped"] = True
    moved[0], moved[1] = moved[1], moved[0]
    new = {"battlefield": moved, "players": {"a": {"graveyard": [cards[0]], "life": 18}}, "turn": 1}
    p = P.view_patch(old, new)
    assert p["list"]["battlefield"]["ids"] == [c["id"] for c in moved]
    assert [c["id"] for c in p["list"]["battlefield"]["new"]] == [4, 42]
    assert P.apply_patch(old, p) == new and old["battlefield"] == cards
    allnew = {**new, "battlefield": [{**c, "tapped": True} for c in cards]}
    assert "battlefield" in P.view_patch(old, allnew)["set"]
    assert P.apply_patch(old, P.view_patch(old, allnew)) == allnew
    with pytest.raises(P.ProtocolError):
        P.apply_patch(old, {"list": {"battlefield": {"ids": [99], "new": []}}})


def test_validation_names_the_field():
    ok = P.msg("join", code="ABCDEF", name="bob", deck=["Forest"] * 40)
    P.validate_client(ok)
    cases = [
        (dict(ok, code="abc"), "code"), (dict(ok, name=""), "name"), (dict(ok, name="__x"), "name"),
        (dict(ok, deck="Forest"), "deck"), (dict(ok, deck=["Forest"] * 300), "deck"),
        (dict(ok, deck=[1]), "deck[0]"), (dict(ok, extra=1), "extra"),
        ({k: v for k, v in ok.items() if k != "code"}, "code"),
        (P.msg("answer", answer=[1]), "answer"), (P.msg("answer", answer="__concede__"), "answer"),
        (P.msg("answer", answer={"a": "x" * 20000}), "answer"), (P.msg("chat", text="x" * 501), "text"),
        (P.msg("resume", token="zz"), "token"), (P.msg("nope"), "type"),
    ]
    for m, field in cases:
        with pytest.raises(P.ProtocolError) as e:
            P.validate_client(m)
        assert e.value.field == field, (m, e.value)


# ---------------------------------------------------------------- raw connections
class Raw:
    def __init__(self, port: int) -> None:
        self.s = socket.create_connection(("127.0.0.1", port), timeout=5)
        self.fr = P.FrameReader()
        self.pending: list[dict] = []

    def send(self, m: dict) -> None:
        self.s.sendall(P.encode(m))

    def recv(self, type_: str | None = None, timeout: float = 5) -> dict | None:
        deadline = time.monotonic() + timeout
        while True:
            while self.pending:
                m = self.pending.pop(0)
                if type_ is None or m["type"] == type_:
                    return m
            self.s.settimeout(max(0.01, deadline - time.monotonic()))
            try:
                data = self.s.recv(65536)
            except socket.timeout:
                return None
            if not data:
                return None
            self.pending += self.fr.feed(data)

    def closed(self, timeout: float = 5) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.s.settimeout(0.2)
            try:
                if self.s.recv(65536) == b"":
                    return True
            except socket.timeout:
                continue
            except OSError:
                return True
        return False


def test_malformed_truncated_oversized_out_of_turn(server):
    a, b = pair(server.port)
    r = Raw(server.port)
    r.send(P.msg("hello", client="raw"))
    assert r.recv("welcome")
    # malformed
    r.s.sendall(struct.pack(">I", 5) + b"{nope")
    assert r.recv("error")["code"] == "bad_json"
    r.send({"v": 1, "type": "join", "code": "ABCDEF", "name": "x", "deck": "no", "id": 7})
    e = r.recv("error")
    assert e["code"] == "bad_field" and e["field"] == "deck" and e["ref"] == 7
    r.send({"v": 2, "type": "ping"})
    assert r.recv("error")["code"] == "version"
    r.send(P.msg("answer", answer={"action": "pass"}))
    assert r.recv("error")["code"] == "no_seat"
    # out of turn: the seat that is not asked answers
    asked = a.waiting_for
    other = b if asked == "alice" else a
    with pytest.raises(Exception) as ex:
        other.submit(None, {"action": "pass"})
    assert "no decision of yours" in str(ex.value)
    # an illegal answer from the right seat: refused, nothing changes, the game goes on
    me = a if asked == "alice" else b
    before = me.decision_no
    with pytest.raises(Exception):
        me.submit(None, {"action": "cast", "card": 999999})
    assert me.decision_no == before
    step({"alice": a, "bob": b}, {"alice": RandomBot(1), "bob": RandomBot(2)}, 20)
    # truncated: a header announcing 100 bytes, then 10 and silence -> error, closed
    t = Raw(server.port)
    t.s.sendall(struct.pack(">I", 100) + b"{" * 10)
    assert t.recv("error", 3)["code"] == "truncated"
    assert t.closed()
    # oversized: refused from the header alone, then closed
    o = Raw(server.port)
    o.s.sendall(struct.pack(">I", 50 << 20))
    assert o.recv("error")["code"] == "too_large"
    assert o.closed()
    # repeated abuse closes that connection only
    sent = 0
    for _ in range(12):
        try:
            r.s.sendall(struct.pack(">I", 1) + b"x")
        except (BrokenPipeError, ConnectionResetError):
            break   # the server closed the connection before all twelve arrived
        sent += 1
    assert sent >= 1
    assert r.closed()
    step({"alice": a, "bob": b}, {"alice": RandomBot(1), "bob": RandomBot(2)}, 20)
    assert a.connected and b.connected
    a.close(), b.close()


def test_wrong_join_code_and_bad_deck(server):
    a = RemoteSession("127.0.0.1", server.port)
    code = a.create("alice", RED, format="free")
    b = RemoteSession("127.0.0.1", server.port)
    wrong = "ABCDEF" if code != "ABCDEF" else "ABCDEG"
    with pytest.raises(NetError) as e:
        b.join(wrong, "bob", GREEN)
    assert e.value.code == "bad_code"
    with pytest.raises(NetError) as e:
        b.join(code, "bob", ["Forest"] * 10)
    assert e.value.code == "bad_deck"
    with pytest.raises(NetError) as e:
        b.join(code, "bob", ["No Such Card"] * 40)
    assert e.value.code == "bad_deck"
    assert [g["host"] for g in b.list_games()] == ["alice"]
    b.join(code, "bob", GREEN)   # the right code still works afterwards
    assert b.seat == "bob"
    a.close(), b.close()


def test_stolen_token_while_owner_connected(server):
    a, b = pair(server.port)
    thief = RemoteSession("127.0.0.1", server.port)
    with pytest.raises(NetError) as e:
        thief.resume(a.token)
    assert e.value.code == "seat_taken"
    with pytest.raises(Exception):
        thief.submit(None, {"action": "pass"})
    step({"alice": a, "bob": b}, {"alice": RandomBot(3), "bob": RandomBot(4)}, 30)
    assert a.connected and b.connected
    thief.close(), a.close(), b.close()


def test_drop_and_reconnect_with_token(server):
    a, b = pair(server.port)
    sessions = {"alice": a, "bob": b}
    bots = {"alice": RandomBot(5), "bob": RandomBot(6)}
    step(sessions, bots, 60)
    view_before = a.view()
    no = a.decision_no
    a.drop()
    assert b.wait(lambda s: s.presence.get("alice") is False, 5)
    a2 = RemoteSession("127.0.0.1", server.port)
    a2.resume(a.token)
    assert a2.wait(lambda s: s.updates > 0, 5)
    assert a2.view() == view_before and a2.decision_no == no
    if a2.waiting_for == "alice":
        assert a2.pending() is not None
    assert len(a2.events()) == len(a.events())
    assert b.wait(lambda s: s.presence.get("alice") is True, 5)
    sessions["alice"] = a2
    winner = play_out(sessions, bots)
    assert winner in ("alice", "bob", "draw")
    a2.close(), b.close()


def test_grace_period_ends_in_loss_by_disconnection(tmp_path):
    s = ThreadServer(tmp_path / "data", grace=1.0)
    try:
        a, b = pair(s.port)
        a.drop()
        assert b.wait(lambda x: x.game_over, 10)
        assert b.winner == "bob" and "alice lost by disconnection" in b.over_reason
        b.close()
    finally:
        s.stop()


# ---------------------------------------------------------------- secrecy
def test_no_byte_leaks_hidden_cards(server):
    """Record every byte sent to each client over a whole game and check it against the
    objects that client may not see at that moment."""
    srv = server.srv
    records: list[tuple[str, bytes, set[int], set[str]]] = []
    ever_public: set[str] = set()
    red_only = set(RED) - set(GREEN)
    green_only = set(GREEN) - set(RED)

    def on_send(conn, data: bytes) -> None:
        if conn.seat is None or conn.room is None or conn.room.game is None:
            return
        g = conn.room.game
        me = conn.seat.name
        opp = g.other(me)
        hidden = set(g.players[opp].hand) | set(g.players[opp].library) | set(g.players[me].library)
        hidden = {i for i in hidden if not knowledge.knows(g, me, i)}  # what a rule let it see is not hidden
        for oid in list(g.battlefield) + list(g.stack):
            ever_public.add(g.objects[oid].card.name)
        for p in g.players.values():
            for oid in p.graveyard + p.exile:
                ever_public.add(g.objects[oid].card.name)
        records.append((me, data, hidden, set(ever_public)))

    srv.on_send = on_send
    a, b = pair(server.port)
    play_out({"alice": a, "bob": b}, {"alice": RandomBot(7), "bob": RandomBot(8)})
    srv.on_send = None
    assert len(records) > 100
    leaks = []
    for me, data, hidden, public in records:
        # 1. no object id of a hidden card (opponent's hand or library, own library)
        def walk(x):
            if isinstance(x, dict):
                for k, v in x.items():
                    if k in ("id", "obj") and isinstance(v, int) and v in hidden:
                        leaks.append((me, "id", v))
                    walk(v)
            elif isinstance(x, list):
                for v in x:
                    walk(v)
        walk(json.loads(data[4:]))
        # 2. no name of an opponent-only card that was never public
        opp_only = green_only if me == "alice" else red_only
        for name in opp_only - public:
            if name.encode() in data:
                leaks.append((me, "name", name))
    assert not leaks, leaks[:10]
    a.close(), b.close()


# ---------------------------------------------------------------- whole programs
def start_server(data: Path, port: int = 0, grace: float = 60) -> tuple[subprocess.Popen, int]:
    p = subprocess.Popen([PY, "-m", "engine.net.server", "--host", "127.0.0.1", "--port", str(port),
                          "--data", str(data), "--grace", str(grace), "--rate", "1000"],
                         cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    line = p.stdout.readline()
    assert line.startswith("listening on"), line
    return p, int(line.strip().rsplit(":", 1)[1])


def start_bots(port: int, tmp: Path, delay: float = 0.0) -> tuple[subprocess.Popen, subprocess.Popen]:
    common = ["--server", f"127.0.0.1:{port}", "--delay", str(delay)]
    h = subprocess.Popen([PY, "-m", "engine.net.bot", *common, "--host-game", "--seat-file", str(tmp / "h.json"),
                          "--deck", str(ROOT / "assets/decks/red-aggro.txt"), "--seed", "1"],
                         cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    first = h.stdout.readline()
    assert first.startswith("code: "), first
    g = subprocess.Popen([PY, "-m", "engine.net.bot", *common, "--code", first.split()[1],
                          "--seat-file", str(tmp / "g.json"),
                          "--deck", str(ROOT / "assets/decks/green-stompy.txt"), "--seed", "2"],
                         cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return h, g


def last_line(p: subprocess.Popen, timeout: float = 60) -> str:
    out, _ = p.communicate(timeout=timeout)
    return out.strip().splitlines()[-1]


def test_two_bot_programs_play_a_whole_game(tmp_path):
    srv, port = start_server(tmp_path / "data")
    try:
        h, g = start_bots(port, tmp_path)
        lh, lg = last_line(h), last_line(g)
        assert lh == lg and lh in ("result: host wins", "result: guest wins", "result: draw"), (lh, lg)
    finally:
        srv.kill()
        srv.wait()


def kill_and_restart_after(srv: subprocess.Popen, data: Path, port: int, answers: int,
                           within: float) -> tuple[int, subprocess.Popen]:
    """Wait (at most ``within`` s) until the server has stored ``answers`` answers, kill it
    with SIGKILL, and start it again on the same data folder and port. Returns the answers
    stored before the kill and the new server process."""
    deadline = time.monotonic() + within
    n = 0
    while time.monotonic() < deadline:
        with sqlite3.connect(data / "server.sqlite") as c:
            n = c.execute("SELECT count(*) FROM answers").fetchone()[0]
        if n >= answers:
            break
        time.sleep(0.1)
    assert n >= answers
    srv.send_signal(signal.SIGKILL)
    srv.wait()
    time.sleep(0.5)
    srv, port2 = start_server(data, port)
    assert port2 == port
    return n, srv


def test_server_killed_and_restarted_mid_game(tmp_path):
    data = tmp_path / "data"
    srv, port = start_server(data)
    h, g = start_bots(port, tmp_path, delay=0.003)
    try:
        db = data / "server.sqlite"
        n, srv = kill_and_restart_after(srv, data, port, answers=80, within=20)
        lh, lg = last_line(h), last_line(g)
        assert lh == lg and lh in ("result: host wins", "result: guest wins", "result: draw"), (lh, lg)
        with sqlite3.connect(db) as c:
            status, = c.execute("SELECT status FROM games").fetchone()
            total = c.execute("SELECT count(*) FROM answers").fetchone()[0]
        assert status == "over" and total > n
    finally:
        for p in (h, g, srv):
            if p.poll() is None:
                p.kill()
                p.wait()


def test_view_patches_rebuild_the_exact_view(server):
    """Updates after the first carry only what changed (view_patch); the client's view,
    patched update after update, equals the server's view of that seat at every step."""
    a, b = pair(server.port)
    patches = []
    a.on_message = lambda m: patches.append(m) if m["type"] == "update" and "view_patch" in m else None
    sessions, bots = {"alice": a, "bob": b}, {"alice": RandomBot(11), "bob": RandomBot(12)}
    room = next(iter(server.srv.rooms.values()))
    for _ in range(150):
        step(sessions, bots, 1)
        if a.winner is not None:
            break
        for s in (a, b):
            s.wait(lambda x: x.decision_no == len(room.game.answers), 5)
            want = server.call(lambda: json.loads(json.dumps(room.game.view(s.seat))))
            assert s.view() == want
    assert len(patches) > 50
    assert any("list" in m["view_patch"] for m in patches)     # a tapped land sends that land only
    sizes = [len(json.dumps(m["view_patch"])) for m in patches]
    assert sorted(sizes)[len(sizes) // 2] < len(json.dumps(a.view())) / 3
    a.close(), b.close()


def test_an_idle_seat_gets_the_changes_a_moment_later_in_one_update(tmp_path):
    """When a player answers and decides again, the other player's update waits (idle_delay)
    and carries every change since, in one message; the one who answered is up to date when
    its ack arrives, and whoever decides next gets the change at once."""
    srv = ThreadServer(tmp_path / "data", grace=30, idle_delay=0.4)
    try:
        a, b = pair(srv.port)
        sessions, bots = {"alice": a, "bob": b}, {"alice": RandomBot(5), "bob": RandomBot(6)}
        room = next(iter(srv.srv.rooms.values()))
        seen = 0
        for _ in range(400):
            assert wait_until(lambda: srv.call(lambda: room.catch_up is None), 2)
            who = a.waiting_for if a.decision_no >= b.decision_no else b.waiting_for
            if who is None or a.winner is not None:
                break
            me, other = sessions[who], sessions["bob" if who == "alice" else "alice"]
            assert me.wait(lambda x: x._decision is not None, 5) and other.wait(
                lambda x: x.decision_no == me.decision_no, 5)
            d = me.pending()
            before = other.updates
            try:
                me.submit(None, bots[who].answer(d))
            except Exception:
                me.submit(None, d.forced if d.forced is not None else {"action": "pass"})
            assert me.view() == srv.call(lambda: json.loads(json.dumps(room.game.view(who))))   # up to date at its ack
            if srv.call(lambda: room.game.pending is not None and room.game.pending.player == who):
                assert other.updates == before                    # held back
                assert other.wait(lambda x: x.updates == before + 1, 3)
                assert other.view() == srv.call(lambda: json.loads(json.dumps(room.game.view(other.seat))))
                assert other.decision_no == me.decision_no
                seen += 1
                if seen >= 3:
                    break
            else:
                assert other.wait(lambda x: x.decision_no == me.decision_no, 0.2)   # it decides: at once
        assert seen >= 3
        a.close(), b.close()
    finally:
        srv.stop()


def wait_until(pred, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while not pred():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


def test_an_answer_not_stored_is_not_acknowledged(server):
    """When the commit fails, nothing of that loop iteration is sent: the answer gets a
    'server' error, the game goes back to the stored state, and play goes on."""
    a, b = pair(server.port)
    sessions, bots = {"alice": a, "bob": b}, {"alice": RandomBot(31), "bob": RandomBot(32)}
    step(sessions, bots, 10)
    store = server.srv.store
    real = store.commit
    fails = []

    def commit_once_fails():
        if not fails:
            fails.append(1)
            raise sqlite3.OperationalError("disk I/O error (test)")
        real()

    server.call(lambda: setattr(store, "commit", commit_once_fails))
    who = a.waiting_for
    s = sessions[who]
    no = s.decision_no
    d = s.pending()
    with pytest.raises(NetError) as e:
        s.submit(None, d.forced if d.forced is not None else bots[who].answer(d))
    assert e.value.code == "server" and fails
    room = next(iter(server.srv.rooms.values()))
    assert server.call(lambda: len(room.game.answers)) == no
    for x in (a, b):
        x.wait(lambda y: y.decision_no == no and y.updates > 0, 5)
        assert x.view() == server.call(lambda x=x: json.loads(json.dumps(room.game.view(x.seat))))
    step(sessions, bots, 20)
    assert a.decision_no > no and a.connected and b.connected
    with sqlite3.connect(server.srv.data / "server.sqlite") as c:
        assert c.execute("SELECT count(*) FROM answers").fetchone()[0] == a.decision_no
    a.close(), b.close()


def test_auto_reconnect_states(tmp_path):
    """RemoteSession(auto_reconnect): connected -> reconnecting when the server goes away ->
    disconnected, saying why, when it does not come back in time; listeners hear each change."""
    s = ThreadServer(tmp_path / "data", grace=30)
    a, b = pair(s.port)
    for x in (a, b):
        x.auto_reconnect, x.reconnect_for = True, 1.0
    seen = []
    a.listeners.append(lambda: seen.append(a.state))
    assert a.state == "connected"
    s.stop()
    assert a.wait(lambda x: x.state != "connected", 5)
    assert "reconnecting" in seen
    deadline = time.monotonic() + 10
    while a.state != "disconnected" and time.monotonic() < deadline:
        time.sleep(0.05)
    assert a.state == "disconnected" and a.closed_reason.startswith("could not reconnect")
    assert seen[-1] == "disconnected"
    a.close(), b.close()


def test_a_client_that_does_not_read_is_dropped_alone(tmp_path):
    """Output a client does not read piles up in the server only up to max_buffer; then that
    connection is cut, and the other player goes on undisturbed."""
    s = ThreadServer(tmp_path / "data", grace=30, max_buffer=16 << 10)
    try:
        r = Raw(s.port)
        r.s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        r.send(P.msg("hello", client="raw", id=1))
        assert r.recv("welcome")
        r.send(P.msg("create", name="alice", deck=RED, format="free", id=2))
        code = r.recv("seated")["code"]
        conn = next(iter(s.srv.conns))
        s.call(lambda: conn.transport.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF,
                                                                          4096))
        b = RemoteSession("127.0.0.1", s.port)
        b.join(code, "bob", GREEN)
        # from now on alice reads nothing; bob talks
        for i in range(150):
            b.chat(f"{i:03d} " + "x" * 480)
        assert b.wait(lambda x: x.presence.get("alice") is False, 10)
        assert r.closed()
        assert b.connected and b.ping() < 5
        assert b.presence == {"alice": False, "bob": True}
        b.close()
    finally:
        s.stop()


def test_the_server_seeds_each_game_with_128_bits_and_never_sends_the_seed(server):
    """Issue 24: a seed a client could search for would let it predict every shuffle."""
    sent: list[bytes] = []
    server.srv.on_send = lambda conn, data: sent.append(data)
    a, b = pair(server.port)
    step({"alice": a, "bob": b}, {"alice": RandomBot(1), "bob": RandomBot(2)}, 30)
    server.srv.on_send = None
    games = [r.game for r in server.srv.rooms.values() if r.game is not None]
    assert len(games) == 1
    seed = games[0].seed
    assert seed.bit_length() > 64  # a 128-bit seed is this short once in 2**64 games
    assert not any(str(seed).encode() in d for d in sent)
