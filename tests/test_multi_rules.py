"""Multiplayer leftovers of issue 17: how a game's winner is written and read (810.8a team
winners "alice+bob", 104.4a draws), and the rules of 800.4, 801, 805 and 810 that need more
than a scenario to show."""
from __future__ import annotations

import pytest

from app.table.log import describe
from engine.bench import GREEN, RED
from engine.cardpool import CardPool
from engine.game import Game
from engine.seats import result_text, winners

NAMES = ["alice", "bob", "carol", "dave"]


@pytest.fixture(scope="module")
def cards() -> CardPool:
    return CardPool()


def two_headed_giant(cards: CardPool, seed: int = 1) -> Game:
    g = Game.new([(n, RED if i % 2 == 0 else GREEN) for i, n in enumerate(NAMES)], cards, seed,
                 play_first="alice", teams=[["alice", "bob"], ["carol", "dave"]])
    while g.pending is not None and g.pending.kind in ("mulligan", "mulligan_bottom"):
        g.submit(g.pending.player, {"option": "keep"})
    return g


@pytest.mark.parametrize("winner,names,text", [
    (None, [], ""),
    ("draw", [], "the game is a draw"),
    ("alice", ["alice"], "alice wins"),
    ("alice+bob", ["alice", "bob"], "alice and bob win"),
    ("alice+bob+carol", ["alice", "bob", "carol"], "alice, bob and carol win"),
])
def test_a_winner_is_a_seat_a_team_joined_by_plus_or_draw(winner, names, text):
    assert winners(winner) == names
    assert result_text(winner) == text


def test_a_two_headed_giant_team_wins_as_one_and_every_reader_agrees(cards):
    """810.8a, 810.8b: a player who concedes takes the team out; the other team wins, written
    with its players in the order of ``teams``; the log line of every seat reads it alike."""
    g = two_headed_giant(cards)
    assert g.variant == "two_headed_giant" and g.winner is None
    g.concede("dave")
    assert g.winner == "alice+bob"
    assert winners(g.winner) == ["alice", "bob"]
    over = [e for e in g.events if e.get("type") == "game_over"]
    assert [e["winner"] for e in over] == ["alice+bob"]
    assert describe(over[0], {}, "alice") == "game over: you and bob win"
    assert describe(over[0], {}, "carol") == "game over: alice and bob win"
    assert describe({"type": "game_over", "winner": "draw"}, {}, "alice") == "game over: a draw"
    assert describe({"type": "game_over", "winner": "bob"}, {}, "bob") == "game over: you win"


def test_nothing_changes_to_the_control_of_a_player_who_left(cards):
    """800.4b: a control-changing effect naming a player who has left the game does nothing
    (no supported card can name such a player at resolution: targets and "each opponent" skip
    them; this guards the effect itself)."""
    from engine.actions import add_effect
    g = Game.new([(n, RED) for n in NAMES[:3]], cards, 2, play_first="alice")
    while g.pending.kind == "mulligan":
        g.submit(g.pending.player, {"option": "keep"})
    g.concede("bob")
    mine = g.players["alice"].hand[0]
    g.move(mine, "battlefield")
    land = g.battlefield[-1]
    before = len(g.effects)
    add_effect(g, "2", [land], None, "never", controller="bob")
    assert len(g.effects) == before and g.chars(land).controller == "alice"
    add_effect(g, "2", [land], None, "never", controller="carol")
    assert len(g.effects) == before + 1 and g.chars(land).controller == "carol"


def test_two_headed_giant_teammates_see_each_others_hands_and_no_one_else_does(cards):
    """810.5: teammates may review each other's hands; the other team's stay hidden (400.2).
    The secrecy check (engine/secrecy.py) allows exactly that."""
    from engine.secrecy import check_views, unknown_ids
    g = two_headed_giant(cards)
    for me, mate, others in (("alice", "bob", ("carol", "dave")), ("carol", "dave", ("alice", "bob"))):
        v = g.view(me)
        assert [c["id"] for c in v["players"][mate]["hand"]] == g.players[mate].hand
        assert all(v["players"][o]["hand"] is None for o in others)
        assert "known" not in v["players"][mate]   # a hand seen whole is not repeated as known cards
        assert unknown_ids(g, me, set(g.players[mate].hand)) == []
        assert unknown_ids(g, me, set(g.players[others[0]].hand)) == sorted(g.players[others[0]].hand)
    check_views(g)
    ffa = Game.new([(n, RED) for n in NAMES], cards, 1, play_first="alice")
    assert all(ffa.view("alice")["players"][o]["hand"] is None for o in NAMES[1:])


def test_two_headed_giant_mulligans_are_declared_by_team_then_taken_together(cards):
    """103.4d, 805.3a: the starting team declares, then the other team; the mulligans declared
    in a round are taken at the same time (a teammate, who sees the hand (810.5), declares
    before it changes); after all keep, a teammate may also look at the top card (805.3a)."""
    g = Game.new([(n, RED if i % 2 == 0 else GREEN) for i, n in enumerate(NAMES)], cards, 4,
                 play_first="alice", teams=[["alice", "bob"], ["carol", "dave"]])
    first = {n: list(g.players[n].hand) for n in NAMES}
    asked = []

    def answer(option):
        asked.append(g.pending.player)
        g.submit(g.pending.player, {"option": option})

    answer("mulligan")                                   # alice
    assert g.pending.player == "bob" and g.players["alice"].hand == first["alice"], "declared, not yet taken"
    assert g.view("bob")["players"]["alice"]["hand"] == g.view("alice")["players"]["alice"]["hand"]
    answer("keep")                                       # bob
    answer("keep")                                       # carol
    answer("mulligan")                                   # dave: the round ends, both take theirs now
    assert g.players["alice"].hand != first["alice"] and g.players["dave"].hand != first["dave"]
    assert len(g.players["alice"].hand) == len(g.players["dave"].hand) == 7   # 103.4c: the first is free
    assert g.players["bob"].hand == first["bob"] and g.players["carol"].hand == first["carol"]
    answer("mulligan")                                   # round 2 starts with the starting team: alice
    assert g.pending.player == "dave"
    answer("keep")                                       # dave
    assert len(g.players["alice"].hand) == 6 and g.pending.player == "alice"
    answer("keep")                                       # alice keeps six
    assert asked == ["alice", "bob", "carol", "dave", "alice", "dave", "alice"]
    assert g.pending.kind == "mulligan_bottom" and g.pending.player == "alice"
    top = g.players["alice"].library[0]
    from engine.knowledge import knows
    assert knows(g, "alice", top) and knows(g, "bob", top), "805.3a: the teammate may look too"
    assert not knows(g, "carol", top) and not knows(g, "dave", top)


def test_free_for_all_mulligans_are_taken_as_declared(cards):
    """103.4 outside team games: no one else sees the hand, so the new hand is drawn at once."""
    g = Game.new([(n, RED) for n in NAMES[:3]], cards, 4, play_first="alice")
    before = list(g.players["alice"].hand)
    g.submit("alice", {"option": "mulligan"})
    assert g.players["alice"].hand != before and g.pending.player == "bob"


@pytest.mark.parametrize("seed", [3, 8])
def test_random_two_headed_giant_games_keep_every_invariant(cards, seed):
    """engine/fuzz.py's invariants after every decision (zones, state-based actions, every
    seat's view with the teammate's hand, the replay) in Two-Headed Giant games of random bots:
    team priority (805.5), team triggers (805.7), combined blocks (810.7d), team mulligans."""
    from engine.fuzz import play_checked
    g, n = play_checked(cards, seed, players=4, teams=True, max_decisions=4000)
    assert g.variant == "two_headed_giant" and n > 300
    if g.winner is not None:
        assert winners(g.winner) in (["p0", "p1"], ["p2", "p3"])


def test_two_headed_giant_teams_must_sit_together(cards):
    """805.1, 810.3: shared team turns only with each team in adjacent seats."""
    from engine.seats import SeatError
    decks = [(n, RED) for n in NAMES]
    with pytest.raises(SeatError, match="sit together"):
        Game.new(decks, cards, 1, play_first="alice", teams=[["alice", "carol"], ["bob", "dave"]])
    g = Game.new(decks, cards, 1, play_first="bob", teams=[["dave", "alice"], ["bob", "carol"]])
    assert g.order == ["bob", "carol", "dave", "alice"] and g.variant == "two_headed_giant"


def test_a_teammates_draws_are_named_to_the_team_and_to_no_opponent(cards):
    """810.5: teammates see each other's hands, so a card drawn into bob's hand is named to
    alice (his teammate) as to bob, in the events and in the log; carol and dave, the other
    team, read "bob draws a card" (400.2). Every event is checked as it is logged
    (engine.secrecy.audit) over a game of random bots."""
    from app.table.log import describe_all
    from engine.ai.random_bot import RandomBot
    from engine.knowledge import redact
    from engine.secrecy import audit
    with audit():
        g = two_headed_giant(cards, seed=5)
        bots = {n: RandomBot(i) for i, n in enumerate(NAMES)}
        while g.winner is None and g.turn < 6:
            g.submit(g.pending.player, bots[g.pending.player].answer(g.pending))
    draws = [e for e in g.events if e.get("type") == "move" and e.get("frm") == "library" and e.get("to") == "hand"
             and e["owner"] == "bob"]
    assert len(draws) >= 8, "bob's opening hand and draws"
    for e in draws:
        assert redact(e, "bob")["card"] == redact(e, "alice")["card"] == e["card"]
        assert "card" not in redact(e, "carol") and "card" not in redact(e, "dave") and "obj" not in redact(e, "dave")
    last = draws[-1]
    assert describe_all([redact(last, "alice")], {}, "alice") == [f"bob draws {last['card']}"]
    assert describe_all([redact(last, "carol")], {}, "carol") == ["bob draws a card"]
    put_back = [e for e in g.events if e.get("hidden") and e.get("to") == "library"]
    for e in put_back:    # a card put from a hand into the library: still named to its owner alone
        assert all("card" not in redact(e, p) for p in NAMES if p != e["owner"])
