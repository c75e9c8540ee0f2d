"""Hidden agenda (702.105, 313.2, 905.4a; engine/conspiracy.py) from the start of a game: the conspiracy goes into
the command zone face down, its owner secretly names a card before the starting player is chosen and the hands are
drawn (103.1c), only the owner sees the card and the name (views and events), turning it face up is a special
action offered whenever its controller has priority (702.105c), and the game replays from its record."""
from __future__ import annotations

import json

import pytest

from engine import knowledge
from engine.ai.determinize import determinize
from engine.bench import GREEN, RED
from engine.cardpool import CardPool
from engine.errors import IllegalAction
from engine.game import Game

POOL = CardPool()


def _new(seed: int = 4, **kw: object) -> Game:
    return Game.new([("alice", GREEN), ("bob", RED)], POOL, seed,
                    casual={"conspiracies": {"alice": ["Immediate Action"], "bob": ["Hymn of the Wilds"]}}, **kw)


def _command(g: Game, player: str, seat: str) -> list[dict]:
    return list(g.view(seat)["players"][player]["command"])


def test_the_name_is_chosen_first_in_secret_and_the_card_stays_face_down():
    g = _new()
    d = g.pending
    assert d is not None and d.kind == "name_card" and d.player == "alice", "702.105a: named before anything else"
    assert not g.players["alice"].hand and not g.players["bob"].hand, "103.1c: before the hands are drawn"
    assert "Grizzly Bears" in d.options, "the names of alice's own deck are offered"
    with pytest.raises(IllegalAction):
        g.submit("alice", {"name": "Not A Card Name"})
    g.submit("alice", {"name": "Grizzly Bears"})
    assert g.pending is not None and g.pending.kind == "mulligan"
    assert len(g.players["alice"].hand) == 7 and len(g.players["bob"].hand) == 7
    mine, theirs = _command(g, "alice", "alice"), _command(g, "alice", "bob")
    assert mine[0]["face_down"] and mine[0]["face_down_card"] == "Immediate Action"
    assert mine[0]["chosen_name"] == "Grizzly Bears"
    assert theirs[0]["face_down"] and theirs[0]["name"] == "" and "face_down_card" not in theirs[0]
    assert "chosen_name" not in theirs[0], "702.105b: the name is secret"
    assert "Grizzly Bears" not in json.dumps(theirs) and "Immediate Action" not in json.dumps(theirs)
    told = [e for e in g.events if e.get("type") == "agenda"]
    assert len(told) == 1 and knowledge.redact(told[0], "alice")["card"] == "Grizzly Bears"
    assert "card" not in knowledge.redact(told[0], "bob"), "the event names the card to alice alone"
    assert _command(g, "bob", "alice")[0]["name"] == "Hymn of the Wilds", "a conspiracy without it is face up"


def test_turning_it_face_up_is_a_special_action_at_priority_and_reveals_the_name():
    g = _new()
    g.submit("alice", {"name": "Grizzly Bears"})
    while g.pending is not None and g.pending.kind in ("mulligan", "mulligan_bottom"):
        d = g.pending
        g.submit(d.player, {"option": "keep"} if d.kind == "mulligan" else {"option": "top"})
    n = 0
    while g.pending is not None and g.pending.player != "alice" and n < 50:
        g.submit(g.pending.player, {"action": "pass"})
        n += 1
    d = g.pending
    assert d is not None and d.kind == "priority" and d.player == "alice"
    ups = [o for o in d.options if isinstance(o, dict) and o.get("action") == "turn_face_up"]
    assert len(ups) == 1 and ups[0]["alt"] == "hidden_agenda"
    agenda = g.players["alice"].command[0]
    c = determinize(g, "bob", __import__("random").Random(1))
    assert "card_name" not in c.objects[agenda].chosen, "bob's search never knows the name"
    assert c.objects[agenda].chosen["face_down"].name == "", "nor which conspiracy it is"
    g.submit("alice", {"action": "turn_face_up", "card": agenda, "alt": "hidden_agenda"})
    assert g.pending is not None and g.pending.player == "alice", "115.2g: no stack, alice keeps priority"
    theirs = _command(g, "alice", "bob")[0]
    assert theirs["name"] == "Immediate Action" and theirs["chosen_name"] == "Grizzly Bears"
    assert not theirs.get("face_down")
    assert not [o for o in g.pending.options if isinstance(o, dict) and o.get("action") == "turn_face_up"]
    again = Game.from_json(g.to_json(), POOL)
    assert again.view("bob") == g.view("bob"), "the game replays from its record"


def test_a_conspiracy_with_double_agenda_is_still_refused():
    with pytest.raises(ValueError, match="double agenda"):
        Game.new([("alice", GREEN), ("bob", RED)], POOL, 1, casual={"conspiracies": {"alice": ["Summoner's Bond"]}})
