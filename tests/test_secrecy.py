"""Issue 24: every event reaches only its audience, views show only what a player may know,
and the secrecy checks (engine/secrecy.py) catch a leak instead of a list of exceptions."""
from __future__ import annotations

import json

import pytest
import yaml

from engine import knowledge
from engine import scenario as S
from engine.cardpool import default_pool
from engine.game import Game
from engine.secrecy import SecrecyError, audit, check_event, check_views, play, secret_cards


@pytest.fixture(scope="module")
def pool():
    return default_pool()


def run(text: str, pool) -> Game:
    r = S.Runner(yaml.safe_load(text), pool)
    with audit():  # every event checked as it is logged
        r.run()
    check_views(r.g)
    return r.g


def seen_by(g: Game, player: str) -> str:
    """Everything ``player`` receives: the events redacted for them and their view."""
    return json.dumps([knowledge.redact(e, player) for e in g.events]) + json.dumps(g.view(player))


def test_impulse_shows_the_cards_looked_at_to_its_caster_only(pool):
    g = run("""
name: Impulse looks at four, one goes to the hand
setup:
  active: alice
  step: main1
  players:
    alice:
      battlefield: [Island, Island]
      hand: [Impulse]
      library: [Lightning Bolt, Shock, Giant Growth, Llanowar Elves, Forest]
steps:
  - {alice: cast, card: Impulse}
  - {resolve: 1}
  - {alice: choose, cards: [Giant Growth]}
  - {alice: choose, cards: [Lightning Bolt, Shock, Llanowar Elves]}
expect:
  hand: {alice: [Giant Growth]}
""", pool)
    mine, theirs = seen_by(g, "alice"), seen_by(g, "bob")
    for name in ("Lightning Bolt", "Shock", "Giant Growth", "Llanowar Elves"):
        assert name in mine
        assert name not in theirs, name
    look = [e for e in g.events if e["type"] == "look"]
    assert look and knowledge.redact(look[0], "bob").get("count") == 4
    # a spectator is in no audience
    assert "Giant Growth" not in json.dumps([knowledge.redact(e, "__spectator__") for e in g.events])


def test_peek_shows_a_hand_to_its_caster_and_nobody_else(pool):
    g = run("""
name: Peek looks at the opponent's hand
setup:
  active: alice
  step: main1
  players:
    alice:
      battlefield: [Island]
      hand: [Peek]
      library: [Island, Island]
    bob:
      hand: [Serra Angel, Counterspell]
      library: [Plains]
steps:
  - {alice: cast, card: Peek, targets: [bob]}
  - {resolve: 1}
""", pool)
    assert "Serra Angel" in seen_by(g, "alice")
    assert "Serra Angel" in seen_by(g, "bob")  # bob's own hand
    spectator = json.dumps([knowledge.redact(e, "__spectator__") for e in g.events])
    assert "Serra Angel" not in spectator and "Counterspell" not in spectator
    # alice's view now shows what she saw of bob's hand
    known = g.view("alice")["players"]["bob"].get("known") or []
    assert sorted(c["name"] for c in known) == ["Counterspell", "Serra Angel"]


def test_a_revealed_tutor_target_is_shown_to_all_and_a_search_only_to_the_searcher(pool):
    g = run("""
name: Idyllic Tutor reveals the enchantment it finds; the rest of the library stays hidden
setup:
  active: alice
  step: main1
  players:
    alice:
      battlefield: [Plains, Plains, Plains]
      hand: [Idyllic Tutor]
      library: [Forest, Shock, Pacifism, Island, Island]
steps:
  - {alice: cast, card: Idyllic Tutor}
  - {resolve: 1}
  - {alice: choose, cards: [Pacifism]}
expect:
  hand: {alice: [Pacifism]}
""", pool)
    assert "Pacifism" in seen_by(g, "bob")
    assert "Shock" not in seen_by(g, "bob")
    # bob saw it go into alice's hand, and his view says so
    assert [c["name"] for c in g.view("bob")["players"]["alice"]["known"]] == ["Pacifism"]


SCRY_THEN_SHUFFLE = """
name: cards scried are known until the library is shuffled
setup:
  active: alice
  step: main1
  players:
    alice:
      battlefield: [Forest, Forest, Island]
      hand: [Preordain, Rampant Growth]
      library: [Shock, Serra Angel, {name: Forest, id: fetched}, Island, Island]
steps:
  - {alice: cast, card: Preordain}
  - {resolve: 1}
  - {alice: choose, cards: []}
  - expect: {hand: {alice: [Rampant Growth, Shock]}}
"""


def test_a_shuffle_forgets_what_was_known_of_a_library(pool):
    g = run(SCRY_THEN_SHUFFLE, pool)
    # alice scried Serra Angel and left it on top: she knows it, bob does not
    assert [(c["name"], c["index"]) for c in g.view("alice")["players"]["alice"]["known"]] == [("Serra Angel", 0)]
    assert not g.view("bob")["players"]["alice"].get("known")
    g = run(SCRY_THEN_SHUFFLE + """  - {alice: cast, card: Rampant Growth}
  - {resolve: 1}
  - {alice: choose, cards: [fetched]}
""", pool)
    assert not g.view("alice")["players"]["alice"].get("known")  # 701.16a: nobody knows the order
    assert not [i for i in g.players["alice"].library if i in g.shown]


def test_the_event_check_fails_on_a_card_named_to_a_player_who_may_not_see_it(pool):
    g = run("""
name: nothing happens
setup:
  active: alice
  step: main1
  players:
    alice:
      hand: [Shock]
""", pool)
    shock = g.players["alice"].hand[0]
    check_event(g, {"type": "look", "player": "alice", "cards": ["Shock"], "objs": [shock], "audience": ["alice"]})
    with pytest.raises(SecrecyError):
        check_event(g, {"type": "reveal", "player": "alice", "cards": ["Shock"], "objs": [shock]})
    with pytest.raises(SecrecyError):  # a card named without its object cannot be checked
        check_event(g, {"type": "reveal", "player": "alice", "cards": ["Shock"]})
    knowledge.show(g, [shock])  # once revealed (701.13a), everyone may know it
    check_event(g, {"type": "reveal", "player": "alice", "cards": ["Shock"], "objs": [shock]})


def test_a_slice_of_the_secrecy_fuzz_finds_no_leak():
    names = secret_cards()
    assert len(names) > 300  # the cards that look at, reveal, search or peek
    assert {"Impulse", "Peek", "Anticipate", "Preordain"} <= set(names)
    for seed in range(3):
        assert play(seed, names, max_decisions=1500) > 100


def test_a_slice_of_the_two_headed_giant_secrecy_fuzz_finds_no_leak():
    """810.5: teammates see each other's hands and the cards drawn into them; the views and
    every event are checked against that for four seats in two teams."""
    names = secret_cards()
    assert play(1, names, max_decisions=1500, players=4, teams=True) > 100


def test_the_log_says_what_each_seat_may_know(pool):
    """The table's log line for a look: the cards to the one who looked, a count to the others."""
    from app.table.log import describe
    g = run("""
name: Anticipate looks at three
setup:
  active: alice
  step: main1
  players:
    alice:
      battlefield: [Island, Island]
      hand: [Anticipate]
      library: [Lightning Bolt, Shock, Giant Growth, Forest]
steps:
  - {alice: cast, card: Anticipate}
  - {resolve: 1}
  - {alice: choose, cards: [Shock]}
""", pool)
    look = next(e for e in g.events if e["type"] == "look")
    assert describe(knowledge.redact(look, "alice"), {}) == "alice looks at Lightning Bolt, Shock, Giant Growth"
    assert describe(knowledge.redact(look, "bob"), {}) == "alice looks at 3 cards"


def test_the_numbers_of_a_number_choice_are_no_cards(pool):
    """Fuzz seed 4242001 of the keyword branch's cards (issue 21): "pay any amount of {E}" asked a
    choose_number whose options 0..N were read as the ids of the first cards of a library, a leak
    the view did not have. A number decision's options are numbers; a card id elsewhere in it is
    still checked."""
    g = Game.new([("alice", ["Lightning Bolt"] * 40), ("bob", ["Shock"] * 40)], pool, 3)
    hidden = [i for i in g.players["alice"].library if not knowledge.knows(g, "alice", i)]
    assert len(hidden) > 4
    most = max(hidden)
    g.wait = {"kind": "choose_number", "player": "alice", "options": list(range(most + 1)), "min": 0, "max": most,
              "prompt": "pay any amount of energy"}
    g._pending = g._decision()
    check_views(g)
    g.wait = {**g.wait, "card": hidden[0]}
    g._pending = g._decision()
    with pytest.raises(SecrecyError, match=f"view\\(alice\\) shows hidden objects \\[{hidden[0]}\\]"):
        check_views(g)


def test_a_card_whose_mode_an_opponent_chooses_is_shown_to_every_player(pool):
    """Fuzz seed 1795935645 (issue 21): Library of Lat-Nam ("An opponent chooses one") asked bob for
    its mode with the card's id in hand, which bob did not know. The card is on the stack while its
    mode is chosen (601.2a, 601.2b, 601.3): every player knows it, and still after a cast undone."""
    g = run("""
name: an opponent chooses the mode of Library of Lat-Nam
setup:
  active: alice
  step: main1
  players:
    alice:
      battlefield: [Island, Island, Island, Island, Island]
      hand: [Library of Lat-Nam, Shock]
steps:
  - {alice: cast, card: Library of Lat-Nam}
""", pool)
    d = g.pending
    assert d.kind == "choose_option" and d.player == "bob"
    lat_nam = d.data["cast"]["card"]
    assert g.objects[lat_nam].zone == "hand" and knowledge.knows(g, "bob", lat_nam)
    shock = next(i for i in g.players["alice"].hand if i != lat_nam)
    assert not knowledge.knows(g, "bob", shock)
