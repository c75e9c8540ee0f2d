"""The casual variants over the LAN (901 Planechase, 902 Vanguard, 904 Archenemy): the host asks for them, the
server builds their cards at random with the game's seed as the last seat is taken (the host of a two-player
Archenemy game is the archenemy and plays first, 904.6), each client sees the face-up plane and the avatars in the
command zones and only the sizes of the planar and scheme decks; a restarted server resumes the game with them."""
from __future__ import annotations

import pytest
from test_net_server import ThreadServer, step

from engine.ai.random_bot import RandomBot
from engine.bench import GREEN, RED
from engine.net.client import NetError, RemoteSession


def ids(x):
    """Every object id a view holds."""
    if isinstance(x, dict):
        for k, v in x.items():
            if k == "id" and isinstance(v, int):
                yield v
            else:
                yield from ids(v)
    elif isinstance(x, list):
        for v in x:
            yield from ids(v)


def test_a_hosted_game_adds_planechase_vanguard_and_archenemy(tmp_path):
    data = tmp_path / "data"
    srv = ThreadServer(data, grace=30, read_timeout=0.5)
    a = RemoteSession("127.0.0.1", srv.port)
    with pytest.raises(NetError) as e:
        a.create("alice", RED, format="free", casual=["planechase", "dungeons"])
    assert e.value.code == "bad_field" and "planechase" in e.value.message
    code = a.create("alice", RED, format="free", casual=["planechase", "vanguard", "archenemy"])
    b = RemoteSession("127.0.0.1", srv.port)
    assert [g.get("casual") for g in b.list_games()] == [["planechase", "vanguard", "archenemy"]]
    assert b.join(code, "bob", GREEN) == "bob"
    for s in (a, b):
        assert s.wait(lambda x: x.updates > 0, 10)
    g = srv.call(lambda: next(iter(srv.srv.rooms.values())).game)
    assert set(g.casual) == {"planar", "vanguard", "schemes"} and list(g.casual["schemes"]) == ["alice"]
    hidden = {i for seat in g.order for i in g.players[seat].planar + g.players[seat].schemes}
    assert g.starting == "alice", "904.6: the archenemy takes the first turn"
    for s, me in ((a, "alice"), (b, "bob")):
        v = s.view()
        for seat in ("alice", "bob"):
            p = v["players"][seat]
            assert p["planar_deck"] == len(g.players[seat].planar) and p["scheme_deck"] == len(g.players[seat].schemes)
            assert [c["name"] for c in p["command"]][:1] == [g.casual["vanguard"][seat]]
        assert not hidden & set(ids(v)), "no card of a planar or scheme deck is named in a view (901.4, 904.4)"
    tokens = {"alice": a.token, "bob": b.token}
    step({"alice": a, "bob": b}, {"alice": RandomBot(1), "bob": RandomBot(2)}, 30)
    for s in (a, b):
        s.close()
    srv.stop()
    srv = ThreadServer(data, grace=30, read_timeout=0.5)
    try:
        again = srv.call(lambda: next(iter(srv.srv.rooms.values())).game)
        assert again.casual == g.casual and again.players["alice"].planar == g.players["alice"].planar
        sessions = {n: RemoteSession("127.0.0.1", srv.port) for n in tokens}
        for n, t in tokens.items():
            assert sessions[n].resume(t) == n
        for s in sessions.values():
            s.close()
    finally:
        srv.stop()
