"""The engine contract (DESIGN.md): new games, mulligans, decisions, illegal answers,
json round trips, copies, hidden information, and random whole games (issue 3)."""
from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.ai.random_bot import RandomBot
from engine.bench import GREEN, RED
from engine.cardpool import CardPool
from engine.errors import IllegalAction
from engine.fuzz import check_json, check_sba, check_views, check_zones, play_checked
from engine.game import Game
from engine.session import LocalSession


@pytest.fixture(scope="module")
def cards() -> CardPool:
    return CardPool()


def new_game(cards: CardPool, seed: int = 1) -> Game:
    return Game.new([("alice", RED), ("bob", GREEN)], cards, seed, play_first="alice")


def keep_all(g: Game) -> None:
    while g.pending.kind == "mulligan":
        g.submit(g.pending.player, {"option": "keep"})


def test_new_game_deals_seven_and_asks_the_starting_player_first(cards):
    g = new_game(cards)
    assert g.pending.kind == "mulligan" and g.pending.player == "alice"
    assert len(g.players["alice"].hand) == 7 and len(g.players["bob"].hand) == 7
    assert len(g.players["alice"].library) == 33


def test_the_chooser_picks_who_plays_first_before_any_hand_is_drawn(cards):
    """103.2: the loser of the previous game (or the coin flip's winner) chooses who starts."""
    g = Game.new([("alice", RED), ("bob", GREEN)], cards, 1, chooser="bob")
    d = g.pending
    assert (d.kind, d.player) == ("play_first", "bob")
    assert d.options == [{"player": "alice"}, {"player": "bob"}]
    assert g.players["alice"].hand == [] and g.players["bob"].hand == []
    with pytest.raises(IllegalAction, match="choose a player"):
        g.submit("bob", {"player": "carol"})
    with pytest.raises(IllegalAction):
        g.submit("alice", {"player": "alice"})   # not alice's decision
    assert g.pending.kind == "play_first"
    g.submit("bob", {"player": "alice"})
    assert (g.starting, g.active) == ("alice", "alice")
    assert g.pending.kind == "mulligan" and g.pending.player == "alice"
    assert len(g.players["alice"].hand) == 7 and len(g.players["bob"].hand) == 7
    assert Game.from_json(g.to_json(), cards) == g


def test_a_coin_flip_picks_the_chooser_and_replays_the_same(cards):
    choosers = set()
    for seed in range(12):
        g = Game.new([("alice", RED), ("bob", GREEN)], cards, seed, chooser="coin")
        assert g.pending.kind == "play_first"
        choosers.add(g.pending.player)
        assert any(e["type"] == "coin_flip" and e["player"] == g.pending.player for e in g.events)
        g.submit(g.pending.player, {"player": "bob"})
        assert g.starting == "bob"
        again = Game.from_json(g.to_json(), cards)
        assert again == g and again.starting == "bob"
    assert choosers == {"alice", "bob"}
    with pytest.raises(ValueError, match="carol"):
        Game.new([("alice", RED), ("bob", GREEN)], cards, 1, chooser="carol")


def test_mulligan_draws_one_fewer_then_looks_at_the_top_card(cards):
    """103.4 (2016): a smaller hand, then scry 1 for each player who mulliganed."""
    g = new_game(cards)
    g.submit("alice", {"option": "mulligan"})
    assert len(g.players["alice"].hand) == 6
    assert g.pending.kind == "mulligan" and g.pending.player == "bob"
    g.submit("bob", {"option": "keep"})
    assert g.pending.kind == "mulligan" and g.pending.player == "alice"
    g.submit("alice", {"option": "keep"})
    assert g.pending.kind == "mulligan_bottom" and g.pending.player == "alice"
    top = g.players["alice"].library[0]
    uid = g.objects[top].uid
    g.submit("alice", {"option": "bottom"})
    bottom = g.players["alice"].library[-1]
    assert g.objects[bottom].uid == uid
    assert g.pending.kind == "priority" and g.step == "upkeep"


def test_starting_player_skips_the_first_draw(cards):
    """103.7a."""
    g = new_game(cards)
    keep_all(g)
    while g.step != "main1":
        g.submit(g.pending.player, {"action": "pass"})
    assert len(g.players["alice"].hand) == 7 and g.active == "alice" and g.turn == 1


def test_illegal_answers_raise_and_change_nothing(cards):
    g = new_game(cards)
    keep_all(g)
    before = g.state_key()
    with pytest.raises(IllegalAction):
        g.submit("bob", {"action": "pass"})           # not bob's decision
    with pytest.raises(IllegalAction):
        g.submit("alice", {"action": "fly"})          # no such action
    with pytest.raises(IllegalAction):
        g.submit("alice", {"action": "cast", "card": g.players["bob"].hand[0]})  # not her card
    with pytest.raises(IllegalAction):
        g.submit("alice", "pass")                     # not a mapping
    assert g.state_key() == before


def test_casting_without_mana_is_illegal_and_changes_nothing(cards):
    g = new_game(cards)
    keep_all(g)
    while g.step != "main1":
        g.submit(g.pending.player, {"action": "pass"})
    spell = next((c for c in g.players["alice"].hand if "Land" not in g.objects[c].card.types), None)
    if spell is None:
        pytest.skip("no spell in this opening hand")
    before = g.state_key()
    with pytest.raises(IllegalAction):
        g.submit("alice", {"action": "cast", "card": spell, "targets": ["bob"]})
    assert g.state_key() == before


def test_json_round_trip_and_replay_give_an_equal_game(cards):
    g, _ = play_checked(cards, 3, json_every=0, max_decisions=300)
    h = Game.from_json(g.to_json(), cards)
    assert h == g
    assert json.loads(g.to_json())["origin"]["seed"] == 3


def test_copy_is_equal_and_independent(cards):
    g, _ = play_checked(cards, 4, json_every=0, max_decisions=200)
    c = g.copy()
    assert c == g
    d = c.pending
    bot = RandomBot(9)
    for _ in range(50):
        if c.pending is None:
            break
        d = c.pending
        try:
            c.submit(d.player, bot.answer(d))
        except IllegalAction:
            c.submit(d.player, d.forced if d.forced is not None else {"action": "pass"})
    assert c != g
    check_zones(g, len(RED) + len(GREEN))


def test_view_hides_the_other_hand_and_libraries(cards):
    g = new_game(cards)
    keep_all(g)
    v = g.view("alice")
    assert v["players"]["bob"]["hand"] is None
    assert v["players"]["bob"]["hand_count"] == 7
    assert len(v["players"]["alice"]["hand"]) == 7
    assert isinstance(v["players"]["alice"]["library"], int)
    check_views(g)


def test_session_runs_a_bot_seat_until_the_human_decides(cards):
    s = LocalSession.new([("alice", RED), ("bob", GREEN)], cards, seed=2, bots={"bob": RandomBot(1)})
    assert s.waiting_for() in ("alice", None)
    with pytest.raises(IllegalAction):
        s.submit("bob", {"action": "pass"})


@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.integers(min_value=0, max_value=10 ** 6))
def test_random_games_keep_every_invariant(seed):
    """Property: whole random games, invariants after every decision (issue 3, item 5)."""
    g, n = play_checked(_POOL, seed, json_every=0)
    assert g.winner is not None, f"seed {seed}: no winner after {n} decisions"


_POOL = CardPool()


def test_conceding_ends_the_game_and_replays(cards):
    """104.3a: a player may concede at any time; the replay concedes at the same point."""
    g = new_game(cards)
    keep_all(g)
    g.concede("bob")
    assert g.winner == "alice" and g.pending is None
    h = Game.from_json(g.to_json(), cards)
    assert h.winner == "alice" and h == g


def test_the_view_check_catches_a_leak(cards, monkeypatch):
    """The fuzz invariant is not vacuous: a view that shows the other hand fails it."""
    import engine.view as view_mod
    from engine.secrecy import SecrecyError
    g = new_game(cards)
    keep_all(g)
    real = view_mod.view

    def leaky(game, player, public=None):
        v = real(game, player, public)
        other = game.other(player)
        v["players"][other]["hand"] = [view_mod.card_view(game, i) for i in game.players[other].hand]
        return v

    monkeypatch.setattr(view_mod, "view", leaky)
    with pytest.raises(SecrecyError):
        check_views(g)


def test_the_sba_check_catches_a_due_action_and_else_changes_nothing(cards):
    """The fuzz invariant is not vacuous: lethal damage left on a creature while a player has
    priority fails it (704.5g); with nothing due the game is left exactly as it was."""
    from engine.fuzz import InvariantError
    g = new_game(cards)
    keep_all(g)
    assert g.pending.kind == "priority"
    before = g.state_key()
    check_sba(g)
    assert g.state_key() == before
    creature = next(i for i in g.players[g.active].hand if "Creature" in g.objects[i].card.types)
    bear = g.move(creature, "battlefield")
    check_sba(g)  # a fresh creature without damage: nothing due
    g.objects[bear].damage = 99
    g.changed()
    with pytest.raises(InvariantError):
        check_sba(g)
