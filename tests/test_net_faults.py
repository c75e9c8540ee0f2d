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
