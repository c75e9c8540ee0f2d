"""Two commanders (a later rule: Partner, Conspiracy: Take the Crown, beside 903.3 of the 2016 rules):
which pairs may lead a deck (partner, "Partner—TEXT", "Partner with", "Choose a Background", "Doctor's
companion"), the deck checks of a pair (903.5a, 903.5c), and a game with a pair (903.6, the view, copies).
The rules inside a game (903.8 tax, 903.11a damage, each commander apart) are proven by the scenarios of
tests/scenarios/cards/c23d_partner.yaml."""
from __future__ import annotations

import pytest

from engine.ai.random_bot import RandomBot
from engine.bench import play_out
from engine.cardpool import CardPool
from engine.commander import DeckError, deck_problems, pair_problems
from engine.fuzz import check_copy, check_views, check_zones
from engine.game import Game

KRAUM, IKRA = "Kraum, Ludevic's Opus", "Ikra Shidiqi, the Usurper"   # Partner: {3}{U}{R} and {3}{B}{G}


@pytest.fixture(scope="module")
def cards() -> CardPool:
    return CardPool()


def lands(n: int, *kinds: str) -> list[str]:
    return [kinds[i % len(kinds)] for i in range(n)]


@pytest.mark.parametrize("pair", [
    [KRAUM, IKRA],                                                            # both have partner
    ["Bjorna, Nightfall Alchemist", "Hargilde, Kindly Runechanter"],          # both "Partner—Friends forever"
    ["Pir, Imaginative Rascal", "Toothy, Imaginary Friend"],                  # partner with each other
    ["Alora, Merry Thief", "Candlekeep Sage"],                                # Choose a Background + a Background
    ["Adric, Mathematical Genius", "The Tenth Doctor"],                       # Doctor's companion + the Doctor
    ["The Tenth Doctor", "Adric, Mathematical Genius"],                       # in either order
])
def test_pairs_that_may_lead_a_deck_together(cards, pair):
    assert pair_problems(cards, pair) == []
    deck = lands(98, "Island", "Swamp", "Forest", "Mountain", "Plains")
    got = deck_problems(cards, deck, pair)
    assert not [p for p in got if "903.3" in p or "together" in p], got


@pytest.mark.parametrize("pair", [
    [KRAUM, "Isamaru, Hound of Konda"],                                       # one has no partner
    [KRAUM, "Bjorna, Nightfall Alchemist"],                                   # partner and Partner—Friends forever
    ["Pir, Imaginative Rascal", KRAUM],                                       # partner with names another card
    ["Alora, Merry Thief", KRAUM],                                            # Choose a Background, no Background
    ["Adric, Mathematical Genius", KRAUM],                                    # Doctor's companion, not the Doctor
    [KRAUM, KRAUM],                                                           # one card twice
])
def test_pairs_that_may_not(cards, pair):
    assert pair_problems(cards, pair) != []
    assert deck_problems(cards, lands(98, "Island", "Mountain"), pair) != []


ALLOWED = [[KRAUM, IKRA], ["Bjorna, Nightfall Alchemist", "Hargilde, Kindly Runechanter"],
           ["Pir, Imaginative Rascal", "Toothy, Imaginary Friend"], ["Alora, Merry Thief", "Candlekeep Sage"],
           ["The Tenth Doctor", "Adric, Mathematical Genius"]]
REFUSED = [[KRAUM, "Isamaru, Hound of Konda"], [KRAUM, "Bjorna, Nightfall Alchemist"],
           ["Pir, Imaginative Rascal", KRAUM], ["Alora, Merry Thief", KRAUM], ["Adric, Mathematical Genius", KRAUM]]


@pytest.mark.parametrize("pair, allowed", [(p, True) for p in ALLOWED] + [(p, False) for p in REFUSED])
def test_the_deck_builder_judges_a_pair_as_the_game_does(cards, pair, allowed):
    """engine.decks.validate reads the card database, the game the compiled cards: both say the same."""
    from engine.decks import Deck, get_format, validate
    from engine.decks.carddb import open_card_db
    deck = Deck(commander=pair[0], partner=pair[1], main={"Wastes": 98})
    refused = [p for p in validate(deck, get_format("commander"), open_card_db())
               if p.rule == "commander" and p.is_error]
    assert (refused == []) == allowed == (pair_problems(cards, pair) == []), [p.message for p in refused]


def test_the_view_keeps_each_partners_tax_and_the_table_shows_both(cards):
    from app.table.items import commander_facts
    from engine import commander
    g = new_game(cards)
    kraum = next(i for i in g.players["alice"].command if g.objects[i].card.name == KRAUM)
    g.players["alice"].commander_casts_by[KRAUM] = 2     # as two casts from the command zone leave it (903.8)
    g.players["alice"].commander_casts = 2
    assert commander.tax(g, "alice", g.objects[kraum]) == ("4",)
    info = g.view("bob")["players"]["alice"]
    assert info["commander_casts_by"] == {IKRA: 0, KRAUM: 2}
    badge, tip = commander_facts(info)
    assert badge == "tax +0 / +4"
    assert f"commander tax of {KRAUM}: cast 2 times from the command zone, so its next cast costs {{4}} more " \
           "(903.8)" in tip
    assert "commander_casts_by" not in g.view("alice")["players"]["bob"]      # one commander: one count


def test_a_background_alone_is_no_commander(cards):
    got = deck_problems(cards, lands(99, "Island"), "Candlekeep Sage")
    assert any("not a legendary creature (903.3)" in p for p in got)


def test_a_pair_counts_both_toward_100_cards_and_both_identities(cards):
    deck = lands(98, "Island", "Swamp", "Forest", "Mountain")      # U B G R: Kraum's U R with Ikra's B G
    assert deck_problems(cards, deck, [KRAUM, IKRA]) == []
    assert any("903.5a" in p for p in deck_problems(cards, deck + ["Island"], [KRAUM, IKRA]))
    alone = deck_problems(cards, lands(99, "Island", "Swamp", "Forest", "Mountain"), KRAUM)
    assert any("903.5d" in p for p in alone)                        # Swamps and Forests make mana outside U R
    white = deck[:-1] + ["Plains"]
    assert any("903.5d" in p and "Plains" in p for p in deck_problems(cards, white, [KRAUM, IKRA]))
    assert any("3 commanders" in p for p in deck_problems(cards, deck[:-1], [KRAUM, IKRA, "Tymna the Weaver"]))


def new_game(cards: CardPool, seed: int = 1) -> Game:
    pair = lands(98, "Island", "Swamp", "Forest", "Mountain")
    return Game.new([("alice", pair), ("bob", lands(99, "Plains"))], cards, seed, play_first="alice",
                    format="commander", commanders={"alice": [KRAUM, IKRA], "bob": "Isamaru, Hound of Konda"})


def test_both_partners_start_in_the_command_zone_and_show_in_the_view(cards):
    g = new_game(cards)
    p = g.players["alice"]
    assert sorted(g.objects[i].card.name for i in p.command) == sorted([KRAUM, IKRA])  # 903.6
    assert len(p.library) + len(p.hand) == 98 and p.life == 40
    v = g.view("bob")
    assert v["players"]["alice"]["commander"] in (f"{KRAUM} and {IKRA}", f"{IKRA} and {KRAUM}")
    assert v["players"]["bob"]["commander"] == "Isamaru, Hound of Konda"
    check_views(g)


def test_a_pair_that_may_not_lead_refuses_the_game(cards):
    with pytest.raises(DeckError, match="cannot be commanders together"):
        Game.new([("alice", lands(98, "Island", "Mountain")), ("bob", lands(99, "Plains"))], cards, 1,
                 format="commander", commanders={"alice": [KRAUM, "Isamaru, Hound of Konda"],
                                                 "bob": "Isamaru, Hound of Konda"})


def test_a_partner_game_replays_from_json_and_copies(cards):
    g = new_game(cards, seed=5)
    bots = {"alice": RandomBot(1), "bob": RandomBot(2)}
    play_out(g, bots, 300)
    h = Game.from_json(g.to_json(), cards)
    assert h == g and sorted(h.commanders.values()) == ["alice", "alice", "bob"]
    check_copy(g)
    check_zones(g, 200)


def test_a_restarted_game_puts_both_partners_back_in_the_command_zone(cards):
    """714.2 with 903.6: the new game begins with each commander in its owner's command zone."""
    g = new_game(cards, seed=2)
    g.restart("bob", [])
    p = g.players["alice"]
    assert sorted(g.objects[i].card.name for i in p.command) == sorted([KRAUM, IKRA])
    assert len(p.library) + len(p.hand) == 98
    assert sorted(g.commanders.values()) == ["alice", "alice", "bob"]


def test_no_commander_badge_outside_a_commander_game() -> None:
    from app.table.items import commander_facts
    # an emblem, a plane or an avatar in the command zone of an ordinary game makes no tax (903.8 is Commander's)
    assert commander_facts({"life": 20, "command": [{"id": 7, "name": "Tazeem"}]}) == ("", "")
    assert commander_facts({"commander_casts": 1, "command": []})[0] == "tax +2"
