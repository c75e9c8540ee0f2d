"""Controlling another player (CR 712, engine/player_control.py): who decides, and who sees what."""
from __future__ import annotations

import pytest

from engine.cardpool import default_pool
from engine.errors import IllegalAction
from engine.knowledge import redact
from engine.scenario import Runner


def _controlled_turn() -> Runner:
    """Three seats; alice's Mindslaver makes her control bob during his next turn, which has begun."""
    r = Runner({"name": "t", "setup": {"seats": ["alice", "bob", "carol"], "active": "alice", "step": "main1",
                                       "players": {
        "alice": {"battlefield": [{"name": "Mindslaver", "id": "slaver"}, "Island", "Island", "Island", "Island"],
                  "hand": ["Shock"], "library": ["Island", "Island"]},
        "bob": {"battlefield": [{"name": "Grizzly Bears", "face_down": "morph", "id": "hidden"}],
                "hand": ["Lightning Bolt", "Giant Growth"], "library": ["Forest", "Forest"]},
        "carol": {"hand": ["Duress"], "library": ["Swamp", "Swamp"]}}},
        "steps": [{"alice": "activate", "card": "slaver", "ability": 1, "targets": ["bob"]},
                  {"resolve": "all"}, {"pass_until": "draw"}, {"pass_until": "main1"}]}, default_pool())
    r.run()
    return r


def test_the_controller_decides_for_the_controlled_player_712_5() -> None:
    """712.5: bob holds priority in his own turn (712.3: he is the active player), the decision is
    alice's and says whose it is; bob cannot answer it."""
    g = _controlled_turn().g
    d = g.pending
    assert (g.active, g.priority, d.kind, d.player, d.data["for"]) == ("bob", "bob", "priority", "alice", "bob")
    with pytest.raises(IllegalAction, match="alice's decision"):
        g.submit("bob", {"action": "pass"})


def test_the_controller_sees_what_the_controlled_player_sees_and_no_one_else_712_4() -> None:
    """712.4: alice sees bob's hand and the card of his face-down creature while she controls him;
    carol sees neither, and bob does not see alice's hand."""
    g = _controlled_turn().g
    va, vb, vc = g.view("alice"), g.view("bob"), g.view("carol")
    assert sorted(c["name"] for c in va["players"]["bob"]["hand"]) == ["Forest", "Giant Growth", "Lightning Bolt"]
    assert vc["players"]["bob"]["hand"] is None
    assert vb["players"]["alice"]["hand"] is None
    assert va["pending"]["player"] == "alice" and "options" in va["pending"]
    assert "options" not in vb["pending"] and "options" not in vc["pending"]
    down = [c for c in va["battlefield"] if c.get("face_down")]
    assert [c.get("face_down_card") for c in down] == ["Grizzly Bears"]
    assert [c.get("face_down_card") for c in vc["battlefield"] if c.get("face_down")] == [None]


def test_the_control_ends_with_the_turn_712_1() -> None:
    """712.1: the next turn begins and alice no longer sees bob's hand nor decides for him."""
    r = _controlled_turn()
    g = r.g
    for _ in range(200):
        if g.active == "carol":
            break
        d = g.pending
        if d.kind == "priority":
            g.submit(d.player, {"action": "pass"})
        elif d.kind == "attackers":
            g.submit(d.player, {"attackers": {}})
        else:
            raise AssertionError(f"unexpected decision {d.kind}")
    assert g.active == "carol"
    assert g.view("alice")["players"]["bob"]["hand"] is None
    assert "for" not in g.pending.data and g.pending.player == "carol"


def test_the_controller_sees_the_controlled_players_draw_712_4() -> None:
    """712.4: the card bob draws in his controlled turn is named in alice's log, not in carol's."""
    g = _controlled_turn().g
    draws = [e for e in g.events if e.get("type") == "move" and e.get("hidden") and e.get("owner") == "bob"
             and e.get("to") == "hand"]
    assert draws, "bob drew in his turn"
    last = draws[-1]
    assert redact(last, "alice").get("card") == "Forest"
    assert redact(last, "carol").get("card") is None
