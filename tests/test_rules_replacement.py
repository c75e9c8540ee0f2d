"""616.1: the affected object's controller chooses which prevention or replacement effect
applies first; the answer is an option by its 1-based number or its text, nothing else."""
from __future__ import annotations

import pytest

from engine.errors import IllegalAction
from engine.game import Game
from engine.setup import from_setup

SHIELDS = {"active": "alice", "step": "main1", "players": {"alice": {
    "battlefield": ["Plains", "Plains", "Plains", "Mountain", "Centaur Courser"],
    "hand": ["Mending Hands", "Test of Faith", "Lightning Bolt"]}}}


def _obj(g: Game, name: str) -> int:
    return next(i for i, o in g.objects.items() if o.card.name == name)


def _choice() -> Game:
    g = from_setup(SHIELDS)
    c = _obj(g, "Centaur Courser")
    for name in ("Mending Hands", "Test of Faith", "Lightning Bolt"):
        g.submit("alice", {"action": "cast", "card": _obj(g, name), "targets": [[c]]})
        while g.pending.kind == "priority" and g.stack:
            g.submit(g.pending.player, {"action": "pass"})
    assert g.pending.kind == "choose_option"
    return g


def test_the_first_option_by_number_applies_first_616_1() -> None:
    g = _choice()
    g.submit("alice", {"option": 1})  # Mending Hands: prevents all 3 of the Bolt
    c = _obj(g, "Centaur Courser")
    assert g.objects[c].damage == 0 and not g.objects[c].counters.get("+1/+1")
    left = {e["name"]: e["amount"] for e in g.effects if e["layer"] == "prevent"}
    assert left == {"Mending Hands": 1, "Test of Faith": 3}


@pytest.mark.parametrize("bad", [0, -1, 3, True, "1"])
def test_numbers_outside_the_options_are_refused(bad: object) -> None:
    g = _choice()
    before = g.state_key()
    with pytest.raises(IllegalAction):
        g.submit("alice", {"option": bad})
    assert g.state_key() == before


def test_tribute_with_one_opponent_asks_that_opponent_702_103a() -> None:
    """702.103a: "As this creature enters the battlefield, choose an opponent. That player may have this creature
    enter with N +1/+1 counters": with one opponent there is nothing to choose, so the first decision as Snake of the
    Golden Grove enters is bob's own yes or no (no "choose an opponent" of alice's with one option)."""
    g = from_setup({"active": "alice", "step": "main1", "players": {"alice": {
        "battlefield": ["Forest"] * 5, "hand": ["Snake of the Golden Grove"]}}})
    g.submit("alice", {"action": "cast", "card": _obj(g, "Snake of the Golden Grove")})
    while g.pending.kind == "priority" and g.stack:
        g.submit(g.pending.player, {"action": "pass"})
    assert (g.pending.player, g.pending.kind) == ("bob", "choose_option")
    assert g.pending.options == ["yes", "no"]


def test_a_planeswalker_enters_with_its_loyalty_modified_by_two_counter_replacements_306_5b_616_1() -> None:
    """306.5b, 614.1c, 616.1: Jace Beleren enters with 3 loyalty counters, which Doubling Season ("twice that many")
    and Pir, Imaginative Rascal ("that many plus one") both modify: 7 or 8 as they are ordered. The counters are put
    as the permanent enters, so no decision may be raised from inside its entering (the engine applies them in
    timestamp order there, as for every counter a permanent enters with): the game goes on with Jace on the
    battlefield."""
    g = from_setup({"active": "alice", "step": "main1", "players": {"alice": {
        "battlefield": ["Doubling Season", "Pir, Imaginative Rascal", "Island", "Island", "Island"],
        "hand": ["Jace Beleren"]}}})
    g.submit("alice", {"action": "cast", "card": _obj(g, "Jace Beleren")})
    while g.pending.kind == "priority" and g.stack:
        g.submit(g.pending.player, {"action": "pass"})
    jace = g.objects[_obj(g, "Jace Beleren")]
    assert jace.zone == "battlefield" and jace.counters.get("loyalty") in (7, 8)
    assert (g.pending.player, g.pending.kind) == ("alice", "priority")


def test_a_creature_enters_with_counters_modified_by_two_counter_replacements_614_1c_616_1() -> None:
    """614.1c, 121.6, 616.1: Servant of the Scale enters with a +1/+1 counter, which Doubling Season and Hardened
    Scales both modify: 3 or 4 as they are ordered, put as it enters, with no decision raised from inside its
    entering."""
    g = from_setup({"active": "alice", "step": "main1", "players": {"alice": {
        "battlefield": ["Doubling Season", "Hardened Scales", "Forest"], "hand": ["Servant of the Scale"]}}})
    g.submit("alice", {"action": "cast", "card": _obj(g, "Servant of the Scale")})
    while g.pending.kind == "priority" and g.stack:
        g.submit(g.pending.player, {"action": "pass"})
    servant = g.objects[_obj(g, "Servant of the Scale")]
    assert servant.zone == "battlefield" and servant.counters.get("+1/+1") in (3, 4)
    assert (g.pending.player, g.pending.kind) == ("alice", "priority")
