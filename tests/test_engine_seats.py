"""Games of 2 to 6 players (issue 17; CR 800-806, 810): seats and their checks, 800.5
mulligans, views of every seat, leaving by conceding, replays, and random multiplayer games
with every invariant of engine/fuzz.py checked (secrecy of every seat's view included)."""
from __future__ import annotations

import pytest

from engine.bench import GREEN, RED
from engine.cardpool import CardPool
from engine.errors import IllegalAction
from engine.fuzz import play_checked
from engine.game import Game
from engine.seats import SeatError
from engine.secrecy import play as secrecy_play
from engine.secrecy import secret_cards

NAMES = ["alice", "bob", "carol", "dave", "erin", "fay"]


@pytest.fixture(scope="module")
def cards() -> CardPool:
    return CardPool()


def new_game(cards: CardPool, n: int, seed: int = 1, **kw) -> Game:
    return Game.new([(NAMES[i], RED if i % 2 == 0 else GREEN) for i in range(n)], cards, seed,
                    play_first="alice", **kw)


def keep_all(g: Game) -> None:
    while g.pending.kind == "mulligan":
        g.submit(g.pending.player, {"option": "keep"})


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_a_game_seats_two_to_six_in_turn_order(cards, n):
    g = new_game(cards, n)
    assert g.order == NAMES[:n]
    assert g.variant == ("two_player" if n == 2 else "free_for_all")
    assert all(len(g.players[p].hand) == 7 for p in g.order)
    asked = []
    while g.pending.kind == "mulligan":
        asked.append(g.pending.player)
        g.submit(g.pending.player, {"option": "keep"})
    assert asked == NAMES[:n]  # 103.4: the starting player first, then each in turn order


def test_the_starting_player_begins_turn_order_wherever_they_sit(cards):
    g = Game.new([(p, RED) for p in NAMES[:4]], cards, 3, play_first="carol")
    assert g.order == ["carol", "dave", "alice", "bob"]  # 101.4: around the table from carol


@pytest.mark.parametrize("n", [1, 7])
def test_one_or_seven_seats_are_refused(cards, n):
    with pytest.raises(SeatError, match="2 to 6"):
        Game.new([(f"p{i}", RED) for i in range(n)], cards, 1)


def test_bad_variants_options_and_teams_are_refused(cards):
    decks = [(p, RED) for p in NAMES[:4]]
    with pytest.raises(SeatError, match="806.2b"):
        Game.new(decks, cards, 1, options=["attack_left", "attack_right"])
    with pytest.raises(SeatError, match="unknown option"):
        Game.new(decks, cards, 1, options=["attack_everyone"])
    with pytest.raises(SeatError, match="range_of_influence"):
        Game.new(decks, cards, 1, options=[{"range_of_influence": 0}])
    with pytest.raises(SeatError, match="810.1"):
        Game.new(decks, cards, 1, variant="two_headed_giant", teams=[["alice", "bob", "carol"], ["dave"]])
    with pytest.raises(SeatError, match="every seat"):
        Game.new(decks, cards, 1, variant="two_headed_giant", teams=[["alice", "bob"], ["carol", "erin"]])
    with pytest.raises(SeatError, match="three seats"):
        Game.new(decks[:2], cards, 1, variant="free_for_all")


def test_the_first_multiplayer_mulligan_is_free(cards):
    """800.5 / 103.4c: the first mulligan draws seven again, the second six; only a hand
    smaller than seven looks at the top card (103.4)."""
    g = new_game(cards, 3)
    g.submit("alice", {"option": "mulligan"})
    assert len(g.players["alice"].hand) == 7
    g.submit("bob", {"option": "mulligan"})
    assert len(g.players["bob"].hand) == 7
    g.submit("carol", {"option": "keep"})
    g.submit("alice", {"option": "mulligan"})
    assert len(g.players["alice"].hand) == 6
    g.submit("bob", {"option": "keep"})
    g.submit("alice", {"option": "keep"})
    assert (g.pending.kind, g.pending.player) == ("mulligan_bottom", "alice")  # bob has seven: no look
    g.submit("alice", {"option": "top"})
    assert g.pending.kind == "priority"


def test_the_two_player_mulligan_is_unchanged(cards):
    g = new_game(cards, 2)
    g.submit("alice", {"option": "mulligan"})
    assert len(g.players["alice"].hand) == 6


def test_every_seat_sees_every_player_in_turn_order_and_only_its_own_hand(cards):
    g = new_game(cards, 4)
    keep_all(g)
    for p in g.order:
        v = g.view(p)
        assert v["order"] == ["alice", "bob", "carol", "dave"]
        assert list(v["players"]) == v["order"]
        assert v["variant"] == "free_for_all"
        for q in g.order:
            assert (v["players"][q]["hand"] is not None) == (q == p)
            assert v["players"][q]["hand_count"] == 7 and v["players"][q]["left"] is False


def test_a_player_who_concedes_leaves_and_the_others_play_on(cards):
    """104.3a, 800.4a: conceding leaves the game; the game ends with one player left."""
    g = new_game(cards, 3)
    keep_all(g)
    assert g.pending.player == "alice"
    g.concede("alice")
    assert g.winner is None and g.gone == ["alice"]
    assert g.players["alice"].hand == [] and g.players["alice"].library == []
    assert g.pending.kind == "priority" and g.pending.player == "bob"  # 800.4a, 800.4h
    with pytest.raises(IllegalAction):
        g.submit("alice", {"action": "pass"})
    g.concede("carol")
    assert g.winner == "bob" and g.pending is None
    h = Game.from_json(g.to_json(), cards)
    assert h == g and h.winner == "bob"


def test_a_multiplayer_game_replays_from_json_with_its_options(cards):
    g = new_game(cards, 4, options=["attack_left", {"range_of_influence": 1}])
    keep_all(g)
    for _ in range(30):
        g.submit(g.pending.player, {"action": "pass"} if g.pending.kind == "priority" else g.pending.forced)
    h = Game.from_json(g.to_json(), cards)
    assert h == g and (h.attack_option, h.influence) == ("attack_left", 1)


@pytest.mark.parametrize("players,seed,limit", [(3, 0, 20000), (4, 1, 1200)])
def test_random_multiplayer_games_keep_every_invariant(players, seed, limit):
    """engine/fuzz.py's invariants after every decision (zones, conserved cards of the players
    still in the game, state-based actions, every seat's view, the replay) for three and four
    seats; the three-seat game is played to its end."""
    g, n = play_checked(CardPool(), seed, players=players, max_decisions=limit)
    assert n > 300
    if limit == 20000:
        assert g.winner is not None and len(g.gone) == players - 1


def test_a_four_seat_slice_of_the_secrecy_fuzz_finds_no_leak():
    names = secret_cards()
    assert secrecy_play(0, names, max_decisions=400, players=4) > 100


def test_conceding_in_the_middle_of_ones_own_resolution_leaves_cleanly(cards):
    """800.4a: the resolving spell of a player who concedes while choosing ceases to exist;
    play goes on with the next player's priority."""
    from engine.setup import from_setup
    g = from_setup({"seats": ["alice", "bob", "carol"], "active": "alice", "step": "main1", "players": {
        "alice": {"hand": ["Spin into Myth"], "battlefield": ["Island"] * 5},
        "bob": {"battlefield": ["Grizzly Bears"], "library": ["Forest"]},
        "carol": {"library": ["Plains"]}}}, cards)
    spin = g.players["alice"].hand[0]
    bears = g.battlefield[-1]
    g.submit("alice", {"action": "cast", "card": spin, "targets": [bears]})
    for p in ("alice", "bob", "carol"):
        g.submit(p, {"action": "pass"})
    assert (g.pending.kind, g.pending.player) == ("choose_option", "alice")  # which opponent to fateseal
    g.concede("alice")
    assert g.stack == [] and g.resolving is None and g.gone == ["alice"]
    assert (g.pending.kind, g.pending.player) == ("priority", "bob")
    assert g.winner is None


def test_the_bench_plays_free_for_all_games_of_random_bots():
    from engine.bench import main, play
    g, n = play(CardPool(), 0, players=3)
    assert len(g.order) == 3 and g.variant == "free_for_all" and n > 100
    assert g.winner is not None and len(g.gone) >= 1
    with pytest.raises(SystemExit):
        main(["--players", "7"])


def test_a_player_who_concedes_during_mulligans_is_skipped(cards):
    """104.3a, 800.4a: the mulligan declarations go on with the players still in the game."""
    g = new_game(cards, 3)
    g.submit("alice", {"option": "mulligan"})
    assert g.pending.player == "bob"
    g.concede("bob")
    assert (g.pending.kind, g.pending.player) == ("mulligan", "carol")
    g.submit("carol", {"option": "keep"})
    assert (g.pending.kind, g.pending.player) == ("mulligan", "alice")
    g.submit("alice", {"option": "keep"})
    assert g.pending.kind == "priority" and g.pending.player == "alice"
    g.concede("alice")
    assert g.winner == "carol"


def test_no_decision_is_asked_of_an_active_player_who_left(cards):
    """800.4h: the turn of a player who left goes on without them: no attack declaration, no
    discard to hand size, priority to the next player."""
    g = new_game(cards, 3)
    keep_all(g)
    g.concede("alice")
    asked = set()
    while g.active == "alice":
        d = g.pending
        asked.add(d.player)
        g.submit(d.player, {"action": "pass"} if d.kind == "priority" else d.forced)
    assert asked == {"bob", "carol"} and g.active == "bob"


def _spin_paused(cards: CardPool, moved: bool) -> tuple[Game, int]:
    """alice's Spin into Myth resolving, paused on her choice of the opponent to fateseal; with
    ``moved`` the spell has first left the stack as an instruction of its own would move it
    (608.2j: "return SELF to its owner's hand, then ..."; Game.move keeps it as it last existed)."""
    from engine.setup import from_setup  # the setup reader is only needed by these tests
    g = from_setup({"seats": ["alice", "bob", "carol"], "active": "alice", "step": "main1", "players": {
        "alice": {"hand": ["Spin into Myth"], "battlefield": ["Island"] * 5},
        "bob": {"battlefield": ["Grizzly Bears"], "library": ["Forest"]},
        "carol": {"library": ["Plains"]}}}, cards)
    spin = g.players["alice"].hand[0]
    g.submit("alice", {"action": "cast", "card": spin, "targets": [g.battlefield[-1]]})
    for p in ("alice", "bob", "carol"):
        g.submit(p, {"action": "pass"})
    assert (g.pending.kind, g.pending.player) == ("choose_option", "alice")
    assert g.resolving is not None
    spin = g.resolving["obj"]
    if moved:
        g.move(spin, "hand")
        assert spin not in g.objects and g.resolving["lki_self"].controller == "alice"
    return g, spin


def test_a_spell_that_left_the_stack_by_its_own_instruction_resolves_on_when_another_player_leaves(cards):
    """608.2j, 800.4a: a spell that left the stack during its own resolution still resolves fully;
    another player leaving the game does not end it (only its controller leaving would)."""
    g, _ = _spin_paused(cards, moved=True)
    g.concede("carol")
    assert g.gone == ["carol"] and g.resolving is not None
    assert (g.pending.kind, g.pending.player) == ("choose_option", "alice")


def test_a_spell_that_left_the_stack_by_its_own_instruction_ends_when_its_controller_leaves(cards):
    """800.4a: the resolving spell's controller leaves: whatever it still had to do is not done,
    even though the spell already left the stack (608.2j); the next player gets priority."""
    g, _ = _spin_paused(cards, moved=True)
    g.concede("alice")
    assert g.gone == ["alice"] and g.resolving is None
    assert (g.pending.kind, g.pending.player) == ("priority", "bob")


def test_a_player_who_concedes_while_putting_cards_on_the_bottom_is_skipped_and_the_game_begins(cards):
    """104.3a, 800.4a, 103.4: the last mulligan decision left was the leaving player's (which
    cards go to the bottom): the mulligans are over and the first turn begins, its active player
    gone, so the next player in turn order receives priority (800.4h)."""
    g = new_game(cards, 3)
    g.submit("alice", {"option": "mulligan"})
    g.submit("bob", {"option": "keep"})
    g.submit("carol", {"option": "keep"})
    g.submit("alice", {"option": "mulligan"})
    g.submit("alice", {"option": "keep"})
    assert (g.pending.kind, g.pending.player) == ("mulligan_bottom", "alice")
    g.concede("alice")
    assert g.gone == ["alice"] and g.winner is None
    assert (g.pending.kind, g.pending.player) == ("priority", "bob")
    assert len(g.players["bob"].hand) == 7 and len(g.players["carol"].hand) == 7


def test_a_player_who_concedes_while_choosing_who_plays_first_hands_the_choice_on(cards):
    """103.2, 800.4a: the player choosing who plays first leaves; the next player in turn order
    still in the game makes the choice instead, and the game begins with the players left."""
    g = Game.new([(NAMES[i], RED) for i in range(3)], cards, 1, chooser="bob")
    assert (g.pending.kind, g.pending.player) == ("play_first", "bob")
    g.concede("bob")
    assert g.gone == ["bob"] and (g.pending.kind, g.pending.player) == ("play_first", "carol")
    g.submit("carol", {"player": "carol"})
    assert (g.pending.kind, g.pending.player) == ("mulligan", "carol")


def test_a_player_who_left_is_not_offered_to_play_first(cards):
    """103.2, 800.4a: the players offered to take the first turn are those still in the game; naming
    one who left is refused, and the one who left draws no opening hand."""
    g = Game.new([(NAMES[i], RED) for i in range(3)], cards, 1, chooser="alice")
    assert {o["player"] for o in g.pending.options} == {"alice", "bob", "carol"}
    g.concede("bob")
    assert (g.pending.kind, g.pending.player) == ("play_first", "alice")
    assert {o["player"] for o in g.pending.options} == {"alice", "carol"}
    with pytest.raises(IllegalAction):
        g.submit("alice", {"player": "bob"})
    g.submit("alice", {"player": "carol"})
    assert g.active == "carol" and (g.pending.kind, g.pending.player) == ("mulligan", "carol")
    assert len(g.players["carol"].hand) == 7 and len(g.players["alice"].hand) == 7
    assert not g.players["bob"].hand and not g.players["bob"].drew_from_empty


def test_a_permanent_exiled_because_its_controller_left_is_logged_as_such(cards):
    """800.4c: the permanent that entered under a player who left is exiled when the effect giving
    another player control of it ends; the log says so (card, object, the player who left), so the
    table can tell the players why it went."""
    import yaml  # the scenario file is read only here

    from engine.scenario import Runner
    path = "tests/scenarios/multiplayer/leaving_control.yaml"
    with open(path, encoding="utf-8") as fh:
        sc = next(d for d in yaml.safe_load_all(fh)
                  if d["name"].endswith("(Act of Treason)") and "entered" in d["name"])
    r = Runner(sc, cards)
    r.run()
    exiled = [e for e in r.g.events if e["type"] == "orphan_exiled"]
    assert [(e["card"], e["player"]) for e in exiled] == [("Hill Giant", "bob")]
