"""Over the LAN (issue 21, items 4 and 5): hostile answers are refused and an engine fault is
answered to that seat alone with ``engine_fault``; the game (and the server) go on."""
from __future__ import annotations

import math

import pytest
from test_net_server import ThreadServer, pair, step

from engine import sba
from engine.ai.random_bot import RandomBot
from engine.errors import EngineFault, IllegalAction
from engine.net.client import NetError


@pytest.fixture
def server(tmp_path, monkeypatch):
    monkeypatch.setenv("MANATABLE_DATA", str(tmp_path / "user"))
    s = ThreadServer(tmp_path / "data", grace=30, read_timeout=0.5)
    yield s
    s.stop()


def asked(a, b):
    return a if a.waiting_for == "alice" else b


@pytest.mark.parametrize("answer", [
    {"action": "cast", "card": 1, "targets": [["p9"]]},
    {"action": "pass", "bogus": 1},
    {"action": "cast", "card": 1.0},
    {"action": "cast", "card": 1, "x": 10**30},
    {"action": "cast", "card": 1, "x": True},
    {"action": "cast", "card": 1, "modes": [-1]},
    {"action": "cast", "card": 1, "x": math.inf},
])
def test_a_hostile_answer_over_the_lan_is_refused_and_the_game_goes_on(server, answer):
    a, b = pair(server.port)
    step({"alice": a, "bob": b}, {"alice": RandomBot(1), "bob": RandomBot(2)}, 12)
    me = asked(a, b)
    before = me.decision_no
    with pytest.raises((IllegalAction, NetError, ValueError)):  # ValueError: the client itself refuses inf
        me.submit(None, answer)
    assert me.decision_no == before
    step({"alice": a, "bob": b}, {"alice": RandomBot(1), "bob": RandomBot(2)}, 30)
    assert a.connected and b.connected
    a.close(), b.close()


def test_an_engine_fault_is_told_to_the_seat_and_the_game_goes_on(server, tmp_path, monkeypatch):
    a, b = pair(server.port)
    c, d = pair(server.port)   # another game on the same server
    step({"alice": a, "bob": b}, {"alice": RandomBot(1), "bob": RandomBot(2)}, 12)
    real = sba.check
    armed = [True]

    def trap(g):
        if armed[0]:
            armed[0] = False
            raise RuntimeError("injected fault")
        return real(g)

    monkeypatch.setattr(sba, "check", trap)
    me = asked(a, b)
    before = me.decision_no
    with pytest.raises(EngineFault) as e:  # the server's engine_fault, as the table shows a local one
        me.submit(None, {"action": "pass"})
    assert "put back" in str(e.value) and e.value.answer == {"action": "pass"} and e.value.decision["player"] == me.seat
    assert me.decision_no == before and not armed[0]
    assert list((tmp_path / "user" / "bugs").glob("*.json"))
    step({"alice": a, "bob": b}, {"alice": RandomBot(1), "bob": RandomBot(2)}, 30)
    step({"alice": c, "bob": d}, {"alice": RandomBot(3), "bob": RandomBot(4)}, 30)
    assert all(s.connected for s in (a, b, c, d))
    for s in (a, b, c, d):
        s.close()


def test_an_engine_fault_on_a_concession_is_told_to_the_seat_and_the_game_goes_on(server, tmp_path, monkeypatch):
    """A fault in what a concession sets off (the player leaving, 800.4a) is an ``engine_fault``
    to that seat, which the client raises as EngineFault: the seat is still in the game, nothing is
    stored, and conceded again it leaves and the other two play on."""
    import engine.game
    from engine.bench import GREEN, RED
    from engine.net.client import RemoteSession
    real = engine.game.leave
    armed = [True]

    def trap(*args):
        if armed[0]:
            armed[0] = False
            raise RuntimeError("injected fault")
        return real(*args)

    a = RemoteSession("127.0.0.1", server.port)
    code = a.create("alice", RED, format="free", seats=3)
    b = RemoteSession("127.0.0.1", server.port)
    b.join(code, "bob", GREEN)
    c = RemoteSession("127.0.0.1", server.port)
    c.join(code, "carol", RED)
    sessions = {"alice": a, "bob": b, "carol": c}
    for s in sessions.values():
        assert s.wait(lambda x: x.updates > 0, 10)
    bots = {n: RandomBot(i) for i, n in enumerate(sessions)}
    step(sessions, bots, 12)
    before = c.decision_no
    monkeypatch.setattr(engine.game, "leave", trap)
    with pytest.raises(EngineFault) as e:
        c.concede()
    assert "put back" in str(e.value) and "carol's concession" in str(e.value) and not armed[0]
    assert e.value.answer == "__concede__" and e.value.decision == {"kind": "concede", "player": "carol"}
    assert c.decision_no == before and list((tmp_path / "user" / "bugs").glob("*.json"))
    c.concede()
    assert a.wait(lambda s: s.view()["players"]["carol"]["left"], 10)
    assert a.decision_no == before + 1  # the concession is the one answer stored since
    step({"alice": a, "bob": b}, {n: bots[n] for n in ("alice", "bob")}, 30)
    assert a.connected and b.connected
    for s in sessions.values():
        s.close()
