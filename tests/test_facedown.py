"""Face-down spells and permanents (CR 707; engine/facedown.py): what each seat may know of them.

707.5: only the controller of a face-down spell or permanent may look at it; 707.9: it is
revealed when it leaves the battlefield or the stack (other than to the battlefield) and at
the end of the game. The views, the events each seat receives and the AI's determinized
copies are checked against that."""
from __future__ import annotations

import json
import random

import pytest
import yaml

from engine import facedown, knowledge
from engine import scenario as S
from engine.ai.determinize import determinize
from engine.cardpool import default_pool
from engine.errors import IllegalAction
from engine.game import Game
from engine.secrecy import SecrecyError, audit, check_views

CAST_FACE_DOWN = """
name: alice casts Exalted Angel face down
setup:
  active: alice
  step: main1
  players:
    alice:
      battlefield: [Plains, Plains, Plains, Plains]
      hand: [{name: Exalted Angel, id: ea}]
      library: [Forest, Forest]
    bob:
      hand: [Lightning Bolt, Shock]
      library: [Forest, Forest]
steps:
  - {alice: cast, card: ea, alt: morph}
"""


@pytest.fixture(scope="module")
def pool():
    return default_pool()


def run(text: str, pool) -> Game:
    r = S.Runner(yaml.safe_load(text), pool)
    with audit():  # every event checked as it is logged (engine/secrecy.py)
        r.run()
    check_views(r.g)
    return r.g


def seen_by(g: Game, player: str) -> str:
    """Everything ``player`` receives: the events redacted for them and their view."""
    return json.dumps([knowledge.redact(e, player) for e in g.events]) + json.dumps(g.view(player))


def test_the_face_down_spell_and_permanent_are_named_to_their_controller_only(pool):
    g = run(CAST_FACE_DOWN, pool)
    (sid,) = g.stack
    assert facedown.is_face_down(g.objects[sid]) and g.objects[sid].card.name == ""
    assert "Exalted Angel" not in seen_by(g, "bob")
    mine = g.view("alice")["stack"][0]
    theirs = g.view("bob")["stack"][0]
    assert mine["face_down_card"] == "Exalted Angel" and mine["face_down"] is True
    assert "face_down_card" not in theirs and theirs["name"] == ""
    g.submit("alice", {"action": "pass"})
    g.submit("bob", {"action": "pass"})
    (oid,) = [i for i in g.battlefield if facedown.is_face_down(g.objects[i])]
    assert g.chars(oid).power == 2 and g.chars(oid).types == frozenset({"Creature"})
    assert "Exalted Angel" not in seen_by(g, "bob")
    assert g.view("alice")["battlefield"][-1]["face_down_card"] == "Exalted Angel"
    check_views(g)


def test_a_view_naming_another_seats_face_down_card_is_caught(pool):
    g = run(CAST_FACE_DOWN, pool)
    (sid,) = g.stack
    original = g.objects[sid].controller
    g.objects[sid].controller = "bob"  # the view now names the card to bob, who controls it, not to alice
    check_views(g)
    g.objects[sid].controller = original
    bad = g.objects[sid].copy()
    bad.card = bad.chosen["face_down"]  # a face-down spell that shows its name to everyone
    g.objects[sid] = bad
    with pytest.raises(SecrecyError):
        check_views(g)


def test_turning_it_face_up_and_the_end_of_the_game_reveal_it(pool):
    g = run(CAST_FACE_DOWN, pool)
    g.submit("alice", {"action": "pass"})
    g.submit("bob", {"action": "pass"})
    (oid,) = [i for i in g.battlefield if facedown.is_face_down(g.objects[i])]
    with pytest.raises(IllegalAction):  # {2}{W}{W}: one Plains left untapped
        g.submit("alice", {"action": "turn_face_up", "card": oid})
    assert facedown.is_face_down(g.objects[oid])
    g.players["bob"].lost = True
    g._check_end()
    reveal = [e for e in g.events if e["type"] == "reveal" and oid in e.get("objs", ())]
    assert reveal and reveal[0]["cards"] == ["Exalted Angel"] and "audience" not in reveal[0]


def test_the_ai_redraws_an_opponents_face_down_card_but_knows_its_own(pool):
    g = run(CAST_FACE_DOWN, pool)
    (sid,) = g.stack
    names = set()
    for seed in range(12):
        c = determinize(g, "bob", random.Random(seed))
        names.add(c.objects[sid].chosen["face_down"].name)
        assert c.objects[sid].card.name == ""
        assert g.objects[sid].chosen["face_down"].name == "Exalted Angel"  # the real game is untouched
    assert len(names) > 1  # drawn from the cards bob cannot see (alice's library and face-down card)
    assert all(determinize(g, "alice", random.Random(s)).objects[sid].chosen["face_down"].name == "Exalted Angel"
               for s in range(5))


THIEF = """
name: Thief of Sanity exiles bob's Shock face down
setup:
  active: alice
  step: declare_attackers
  players:
    alice:
      battlefield: [{name: Thief of Sanity, id: thief}, Swamp]
      library: [Plains, Plains]
    bob:
      library: [{name: Shock, id: shock}, {name: Opt, id: opt}, {name: Forest, id: f1}, Forest]
steps:
  - {alice: attack, with: [thief]}
  - {pass_until: combat_damage}
  - {resolve: 1}
  - {alice: choose, cards: [shock]}
  - {resolve: all}
"""


def test_a_card_exiled_face_down_by_its_looker_is_named_to_that_player_only(pool):
    """406.3 (Thief of Sanity): the player who looked at the cards and exiled one face down may look at it; its
    owner, who never saw it, may not."""
    g = run(THIEF, pool)
    (eid,) = [i for i in g.players["bob"].exile]
    assert facedown.is_face_down(g.objects[eid])
    assert "Shock" not in seen_by(g, "bob")
    (mine,) = [c for c in g.view("alice")["players"]["bob"]["exile"] if c["id"] == eid]
    (theirs,) = [c for c in g.view("bob")["players"]["bob"]["exile"] if c["id"] == eid]
    assert mine["face_down_card"] == "Shock" and mine["name"] == ""
    assert "face_down_card" not in theirs and theirs["name"] == ""
