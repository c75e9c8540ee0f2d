"""Issue 24 over the wire: decks of cards that look at, reveal, search and peek, two or four
seats and a spectator, every frame each connection receives checked against the audience model
(engine/knowledge.py) at the moment it is sent: no id of a hidden card the receiver does
not know, no name of a card it could not know by then."""
from __future__ import annotations

import json
import random

import pytest
from test_net_server import ThreadServer, step

from engine import knowledge
from engine.ai.random_bot import RandomBot
from engine.net.client import RemoteSession
from engine.net.server_core import SPECTATOR
from engine.secrecy import deck, secret_cards


@pytest.fixture
def server(tmp_path):
    # read_timeout also bounds how long a client may leave its socket unread before the server
    # drops it (server_core._sweep); the clients, the server and this test's frame check share one
    # process, and on a busy CI machine 0.5 s cut a connection mid-game (stop 28: 46 frames)
    s = ThreadServer(tmp_path / "data", grace=30, read_timeout=10)
    yield s
    s.stop()


def known_names(g, who: str) -> set[str]:
    """The names of every card ``who`` may know right now (a spectator: the public ones)."""
    out = set()
    for oid, o in g.objects.items():
        if knowledge.knows(g, who, oid):
            out.add(o.card.name)
    return out


@pytest.mark.parametrize("seed,seats", [(3, 2), (11, 2), (5, 4)])
def test_no_frame_names_a_card_its_receiver_may_not_know(server, seed, seats):
    rng = random.Random(seed)
    names = secret_cards()
    players = ["alice", "bob", "dave", "erin", "frank", "gina"][:seats]
    decks = {p: deck(rng, names) for p in players}
    every_card = set().union(*decks.values())
    srv = server.srv
    ever: dict[str, set[str]] = {p: set(decks[p]) for p in players}
    ever[SPECTATOR] = set()
    leaks: list[tuple[str, str, object]] = []
    frames = dict.fromkeys([*players, SPECTATOR], 0)

    def on_send(conn, data: bytes) -> None:
        if conn.room is None or conn.room.game is None:
            return
        g = conn.room.game
        who = conn.seat.name if conn.seat is not None else SPECTATOR if conn.watcher is not None else None
        if who is None:
            return
        frames[who] += 1
        ever[who] |= known_names(g, who)
        text = data[4:].decode("utf-8")
        m = json.loads(text)
        for ev in m.get("events") or ():  # 201.3: a card name named ("Choose a nonland card name", Cabal Therapy)
            if ev.get("type") == "chosen" and ev.get("choice") == "card_name":  # is told to the whole table
                ever[who].add(ev.get("value"))
        for name in every_card:
            if name not in ever[who] and json.dumps(name) in text:
                leaks.append((who, "name", name))

        def walk(x):
            if isinstance(x, dict):
                for k, v in x.items():
                    if k in ("id", "obj") and isinstance(v, int) and v in g.objects \
                            and g.objects[v].zone in ("library", "hand") and not knowledge.knows(g, who, v):
                        leaks.append((who, "id", v))
                    walk(v)
            elif isinstance(x, list):
                for v in x:
                    walk(v)
        walk(m)

    sessions = {"alice": RemoteSession("127.0.0.1", server.port)}
    code = sessions["alice"].create("alice", decks["alice"], format="free", spectators=True, seats=seats)
    watcher = RemoteSession("127.0.0.1", server.port)
    srv.on_send = on_send
    watcher.watch(code, "carol")
    for p in players[1:]:
        sessions[p] = RemoteSession("127.0.0.1", server.port)
        assert sessions[p].join(code, p, decks[p]) == p
    for rs in sessions.values():
        assert rs.wait(lambda s: s.updates > 0, 10)
    step(sessions, {p: RandomBot(seed + i) for i, p in enumerate(players)}, 500)
    srv.on_send = None
    dropped = [p for p, rs in sessions.items() if not rs.connected] + ([SPECTATOR] if not watcher.connected else [])
    assert not dropped, f"connections dropped mid-game: {dropped}; frames {frames}"
    assert min(frames.values()) > 50, frames
    assert not leaks, leaks[:10]
    for rs in (*sessions.values(), watcher):
        rs.close()
