"""806.3: "The players are randomly seated around the table" in a Free-for-All game (Game.new ``seating``): the
seats are drawn from the game's random stream, logged for every player, replayed from the game's record; a game of
two (103.2 alone) or of teams keeps the given order; "fixed" keeps it for tests and benches; the LAN server seats
its Free-for-All games at random."""
from __future__ import annotations

import json

import pytest
from test_net_server import ThreadServer

from engine.bench import GREEN, RED
from engine.cardpool import CardPool
from engine.game import Game
from engine.net.client import RemoteSession

CARDS = CardPool()
NAMES = ["alice", "bob", "carol", "dave", "erin"]


def _new(names, seed, **kw):
    return Game.new([(n, ["Forest"] * 20) for n in names], CARDS, seed, play_first=names[0], **kw)


def _seating(g):
    return [e for e in g.events if e["type"] == "seating"]


def test_random_seating_is_a_drawn_permutation_shown_to_everyone():
    orders = set()
    for seed in range(12):
        g = _new(NAMES, seed, seating="random")
        assert sorted(g.order) == sorted(NAMES) and g.order[0] == "alice"  # alice plays first: 103.2 after
        (ev,) = _seating(g)
        seats = ev["order"]
        i = seats.index("alice")
        assert seats[i:] + seats[:i] == g.order  # the turn order goes around the table as seated (101.4)
        assert list(g.players) == seats and "audience" not in ev  # public: every player's log has it
        orders.add(tuple(seats))
    assert len(orders) > 4, "the seats differ from game to game"
    assert any(o != tuple(NAMES) for o in orders)


def test_the_seating_is_replayed_from_the_record():
    g = _new(NAMES[:4], 5, seating="random")
    again = Game.from_json(g.to_json(), CARDS)
    assert again.order == g.order and json.loads(g.to_json())["origin"]["seating"] == "random"
    assert again.players["bob"].library == g.players["bob"].library


def test_fixed_seating_and_games_of_two_or_of_teams_keep_the_given_order():
    for seed in range(6):
        assert _new(NAMES[:4], seed).order == NAMES[:4]
        assert _new(NAMES[:4], seed, seating="fixed").order == NAMES[:4]
        assert _new(NAMES[:2], seed, seating="random").order == NAMES[:2]
        g = _new(NAMES[:4], seed, seating="random", teams=[NAMES[:2], NAMES[2:4]])
        assert g.order == NAMES[:4] and not _seating(g)
    with pytest.raises(ValueError):
        _new(NAMES[:3], 0, seating="shuffled")


def test_the_lan_server_seats_a_free_for_all_game_at_random(tmp_path):
    srv = ThreadServer(tmp_path / "data", grace=30, read_timeout=10)
    try:
        for k in range(4):
            a = RemoteSession("127.0.0.1", srv.port)
            code = a.create(f"p{k}a", RED, format="free", seats=3)
            sessions = [a]
            for n in ("b", "c"):
                s = RemoteSession("127.0.0.1", srv.port)
                s.join(code, f"p{k}{n}", GREEN)
                sessions.append(s)
            assert a.wait(lambda x: x.updates > 0, 30)
            room = srv.call(lambda: next(r for r in srv.srv.rooms.values() if r.code == code))
            g = room.game
            (ev,) = _seating(g)
            assert sorted(ev["order"]) == [f"p{k}a", f"p{k}b", f"p{k}c"]
            assert a.view()["order"] == g.order
            for s in sessions:
                s.close()
        assert srv.srv.seating == "random"
    finally:
        srv.stop()
