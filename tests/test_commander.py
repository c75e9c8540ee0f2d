"""Commander games (CR 903, issue 17 item 2): the start, the deck check, the view, replays.

The rules inside a game (903.8 tax, 903.9 command zone instead, 903.11a commander damage)
are proven by the scenarios of tests/scenarios/multiplayer/commander_*.yaml; these tests
cover what a scenario cannot reach: Game.new in the format, the decks refused before the
game, what each seat sees, JSON round trips and copies, whole random games."""
from __future__ import annotations

import pytest

from engine.ai.random_bot import RandomBot
from engine.bench import commander_decks, play, play_out
from engine.cardpool import CardPool
from engine.commander import DeckError, deck_problems
from engine.commander import names as names_of
from engine.fuzz import check_copy, check_views, check_zones
from engine.game import Game


@pytest.fixture(scope="module")
def cards() -> CardPool:
    return CardPool()


@pytest.fixture(scope="module")
def decks() -> list[tuple[str | list[str], list[str]]]:
    return commander_decks()


def new_game(cards: CardPool, decks, seed: int = 1) -> Game:
    (ca, da), (cb, db) = decks[0], decks[1]
    return Game.new([("alice", da), ("bob", db)], cards, seed, play_first="alice", format="commander",
                    commanders={"alice": ca, "bob": cb})


def test_the_sample_decks_are_commander_decks(cards, decks):
    """Four led by one commander, one by two partners (a later rule: Partner): 100 cards each (903.5a)."""
    assert sorted(len(names_of(c)) for c, _ in decks) == [1, 1, 1, 1, 2]
    for commander, deck in decks:
        assert len(deck) + len(names_of(commander)) == 100
        assert deck_problems(cards, deck, commander) == []


def test_each_commander_starts_in_the_command_zone_at_40_life(cards, decks):
    g = new_game(cards, decks)
    for name, (commander, _) in zip(("alice", "bob"), decks):
        p = g.players[name]
        assert [g.objects[i].card.name for i in p.command] == [commander]  # 903.6
        assert p.life == 40  # 903.7
        assert len(p.library) + len(p.hand) == 99 and len(p.hand) == 7
        assert all(g.objects[i].card.name != commander for i in p.library + p.hand)
    assert g.pending.kind == "mulligan"


def test_the_view_shows_every_command_zone_and_the_commander_facts(cards, decks):
    g = new_game(cards, decks)
    for seat in ("alice", "bob"):
        v = g.view(seat)
        for name, (commander, _) in zip(("alice", "bob"), decks):
            pv = v["players"][name]
            assert [c["name"] for c in pv["command"]] == [commander]
            assert pv["commander"] == commander
            assert pv["commander_casts"] == 0 and pv["commander_damage"] == {}
        other = "bob" if seat == "alice" else "alice"
        assert v["players"][other]["hand"] is None  # nothing hidden is shown
    check_views(g)


def test_a_normal_game_has_empty_command_zones_and_no_commander_facts(cards):
    from engine.bench import GREEN, RED
    g = Game.new([("alice", RED), ("bob", GREEN)], cards, 1)
    v = g.view("alice")
    assert v["players"]["bob"]["command"] == [] and "commander" not in v["players"]["bob"]
    assert g.players["alice"].life == 20


def test_a_deck_of_the_wrong_size_is_refused_with_its_name(cards, decks):
    (ca, da), (cb, db) = decks[0], decks[1]
    with pytest.raises(DeckError) as e:
        Game.new([("alice", da[:-1]), ("bob", db)], cards, 1, format="commander",
                 commanders={"alice": ca, "bob": cb})
    msg = str(e.value)
    assert "alice's deck" in msg and ca in msg and "99 cards" in msg and "903.5a" in msg
    assert "bob's deck" not in msg


def test_every_problem_of_every_deck_is_named(cards, decks):
    (ca, da), (cb, db) = decks[0], decks[1]
    dup = [n for n in da if "Mountain" not in n and "Forest" not in n and "Island" not in n
           and "Swamp" not in n and "Plains" not in n][0]
    bad_a = da[:-1] + [dup]              # two of a card that is not a basic land (903.5b)
    bad_b = db[:-1] + ["Lightning Bolt"] if "R" not in _identity(cards, cb) else db[:-1] + ["Counterspell"]
    with pytest.raises(DeckError) as e:
        Game.new([("alice", bad_a), ("bob", bad_b)], cards, 1, format="commander",
                 commanders={"alice": ca, "bob": cb})
    msg = str(e.value)
    assert f"2 copies of {dup}" in msg and "903.5b" in msg
    assert "bob's deck" in msg and "outside the color identity" in msg and "903.5c" in msg


def _identity(cards, name):
    from engine.commander import identity
    return identity(cards, name)


def test_a_commander_must_be_a_legendary_creature_and_be_named(cards, decks):
    _, da = decks[0]
    _, db = decks[1]
    with pytest.raises(DeckError, match=r"Grizzly Bears is not a legendary creature \(903.3\)"):
        Game.new([("alice", da), ("bob", db)], cards, 1, format="commander",
                 commanders={"alice": "Grizzly Bears", "bob": decks[1][0]})
    with pytest.raises(DeckError, match=r"alice's deck: it names no commander"):
        Game.new([("alice", da), ("bob", db)], cards, 1, format="commander", commanders={"bob": decks[1][0]})


def test_an_unknown_format_is_refused(cards, decks):
    with pytest.raises(ValueError, match="unknown format"):
        Game.new([("alice", decks[0][1]), ("bob", decks[1][1])], cards, 1, format="brawl")


def test_a_commander_game_replays_from_json_and_copies(cards, decks):
    g = new_game(cards, decks, seed=3)
    bots = {"alice": RandomBot(1), "bob": RandomBot(2)}
    play_out(g, bots, 400)
    h = Game.from_json(g.to_json(), cards)
    assert h == g and h.format == "commander" and h.commanders == g.commanders
    check_copy(g)
    check_zones(g, 200)


def test_random_commander_games_end_with_a_winner(cards):
    casts = 0
    for seed in range(8):  # three games at least, more until a bot has cast a commander (random bots may not)
        g, n = play(cards, seed, format="commander")
        assert g.winner is not None, (seed, n)
        casts += sum(g.players[p].commander_casts for p in g.order)
        check_zones(g, 200)
        if seed >= 2 and casts:
            break
    assert casts > 0  # the bots did cast commanders from the command zone


def test_the_bot_is_offered_the_commander_with_its_tax(cards):
    """903.8: the priority options list the commander in the command zone, and only while
    the total cost (mana cost plus {2} per earlier cast) can be paid."""
    from engine.setup import from_setup
    setup = {"format": "commander", "active": "alice", "step": "main1",
             "players": {"alice": {"commander": "Isamaru, Hound of Konda", "command": ["Isamaru, Hound of Konda"],
                                   "battlefield": ["Plains", "Plains"], "commander_casts": 1}, "bob": {}}}
    g = from_setup(setup, cards)
    cast = [o for o in g.pending.options if o.get("action") == "cast"]
    assert cast == []  # {W} + {2}: three mana, two lands
    setup["players"]["alice"]["battlefield"].append("Plains")
    g = from_setup(setup, cards)
    cast = [o for o in g.pending.options if o.get("action") == "cast"]
    assert [o["name"] for o in cast] == ["Isamaru, Hound of Konda"]


def test_a_local_session_starts_a_four_seat_commander_game(cards, decks):
    from engine.session import LocalSession
    names = ["alice", "bob", "carol", "dave"]
    s = LocalSession.new([(n, d) for n, (_, d) in zip(names, decks)], cards, 7, format="commander",
                         commanders={n: c for n, (c, _) in zip(names, decks)}, play_first="alice")
    assert s.seats() == names
    v = s.view("carol")
    assert [set(v["players"][n]["commander"].split(" and ")) for n in names] == [set(names_of(c)) for c, _ in decks[:4]]
    assert all(v["players"][n]["life"] == 40 for n in names)
    assert v["players"]["alice"]["hand"] is None and len(v["players"]["carol"]["hand"]) == 7


@pytest.mark.parametrize("setup, words", [
    ({"format": "brawl", "players": {"alice": {}, "bob": {}}}, "unknown format 'brawl'"),
    ({"players": {"alice": {"commander": "Isamaru, Hound of Konda"}, "bob": {}}}, "need format: commander"),
    ({"format": "commander", "players": {"alice": {"commander": "Isamaru, Hound of Konda"}, "bob": {}}},
     "place exactly one such card of alice's (found 0)"),
    ({"format": "commander", "players": {"alice": {"commander_damage": {"zed": 3}}, "bob": {}}},
     "'zed' is not a player"),
])
def test_a_bad_commander_setup_says_what_is_wrong(cards, setup, words):
    from engine.setup import SetupError, from_setup
    with pytest.raises(SetupError) as e:
        from_setup(dict(setup, active="alice", step="main1"), cards)
    assert words in str(e.value)


def test_every_card_of_the_sample_commander_decks_plays_as_written(cards, decks):
    """The sample decks are built from supported cards; a card the engine stops supporting
    (its compiled text asks for something the runtime cannot do) must leave them."""
    from engine import support
    bad = {name: support.unsupported_reasons(cards.definition(name))
           for commander, deck in decks for name in {*names_of(commander), *deck}}
    assert {n: r for n, r in bad.items() if r} == {}
