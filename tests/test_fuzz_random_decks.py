"""Issue 21 item 1: the fuzz plays seeded random decks of every supported card."""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from engine import fuzz
from engine.cardpool import CardPool
from engine.randomdeck import playable, random_deck


@pytest.fixture(scope="module")
def cards() -> CardPool:
    return CardPool()


def test_a_random_deck_is_sixty_supported_cards_at_most_four_of_each_and_seeded(cards):
    a = random_deck(random.Random(5), cards)
    assert a == random_deck(random.Random(5), cards)
    assert a != random_deck(random.Random(6), cards)
    assert len(a) == 60
    counts = Counter(a)
    basics = {"Plains", "Island", "Swamp", "Mountain", "Forest"}
    assert all(c <= 4 for n, c in counts.items() if n not in basics)
    spells = [n for n in a if n not in basics]
    assert len(spells) == 36 and all(playable(cards, n) for n in set(spells))
    assert len(set(n for n in a if n in basics)) <= 2


def test_a_seeded_slice_of_random_deck_games_keeps_every_invariant(capsys):
    assert fuzz.main(["--decks", "random", "--games", "2", "--seed", "7", "--json"]) == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert out["games"] == 2 and out["decisions"] > 200 and out["failures"] == []


def test_a_failure_names_its_decision_and_the_command_that_replays_it(capsys):
    """The time guard is one such failure: a decision budget nobody can meet."""
    assert fuzz.main(["--decks", "random", "--games", "1", "--seed", "7", "--decision-s", "1e-9", "--json"]) == 1
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    (f,) = out["failures"]
    assert f["seed"] == 7 and f["decision"] == 1 and f["error"].startswith("SlowError")
    assert f["replay"] == "python -m engine.fuzz --decks random --seed 7 --games 1"


def test_deck_files_are_played_in_turn(tmp_path, capsys):
    import pathlib
    root = pathlib.Path(__file__).resolve().parent.parent / "assets" / "decks"
    args = ["--decks", str(root / "red-aggro.txt"), str(root / "green-stompy.txt"), "--games", "1", "--json"]
    assert fuzz.main(args) == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert out["decisions"] > 50
    bad = tmp_path / "bad.txt"
    bad.write_text("4 Lightning Bolt\nfour Shock\n")
    with pytest.raises(SystemExit) as e:
        fuzz.main(["--decks", str(bad), "--games", "1"])
    assert "bad.txt" in str(e.value) and "'four Shock'" in str(e.value)


def test_seeds_that_broke_play_clean(capsys):
    """Seed 22510: a once-each-turn ability activated from the hand (forecast, 702.56b) marked the
    card in place, and the card off the battlefield is shared by Game.copy: playing on a copy
    changed the game. Seed 22505: "must be blocked if able" (509.1c) was not told to the bots.
    Seed 1795924506: a player lost and the characteristics kept from before still counted them
    as an opponent with 10 or less life (Guul Draz Vampire: the game did not forget them).
    Seed 1795935188: a mana ability whose cost sacrifices its source and which does more than add
    mana (Banana: "... You gain 2 life") read the source after it was gone (112.7a). Seed 1795935335:
    Cabal Therapy's "choose a nonland card name" offered the names of lands (201.3: the options are
    the names the instruction allows). Seed 1795935453: Rite of Flame's "for each card named Rite of
    Flame in each graveyard" was a count of cards in no zone (404.1: in every graveyard). Seed
    1795935645: Library of Lat-Nam's mode was asked of the opponent with the card in a hand the
    opponent did not know (601.2a: it is on the stack, known to all). Seed 1795936075: the random bot
    crewed Funeral Longboat with a -10 power creature among its picks, whose total then fell short
    (it now adds only creatures with power above 0; the engine counts the total as printed). Seed
    1795936802: Knucklebone Witch's "put a +1/+1 counter on SELF", after it died, changed the card in
    the graveyard in place, which Game.copy shares (400.7: that card is a new object; no counter).
    Seed 2124: Symmetry Matrix's "a creature you control with power equal to its toughness" compared
    the power with an amount naming "it", which no trigger event can read (208.1: ``pt_equal``).
    Seeds 2173 and 3184: a resolving spell or ability adding mana "for each" / "X, where X is" an amount
    that names what its cost sacrificed or "it" (608.2h) counted it without the resolution. Seed 2301: a
    filter "with the same name as a card in your graveyard" read who "you" are before it was found."""
    for seed in ("22510", "22505", "1795924506", "1795935188", "1795935335", "1795935453", "1795935645",
                 "1795936075", "1795936802", "2124", "2173", "3184", "2301"):
        assert fuzz.main(["--decks", "random", "--games", "1", "--seed", seed, "--json"]) == 0, seed


def test_a_run_is_played_in_parts_that_add_up_to_the_whole_run(capsys):
    """--start K plays games K... of run S (seeds S+K...): two parts give the decisions of the run
    played at once, and the first line and each progress line name what is left to play."""
    assert fuzz.main(["--games", "3", "--seed", "40", "--progress", "1", "--json"]) == 0
    got = capsys.readouterr()
    whole = json.loads(got.out.strip().splitlines()[-1])
    assert got.err.splitlines()[0] == "run seed 40: games 0 to 2 (seeds 40 to 42)"
    progress = got.out.strip().splitlines()[:3]
    assert progress[0].endswith("the rest: python -m engine.fuzz --decks bench --seed 40 --start 1 --games 2")
    assert progress[1].endswith("the rest: python -m engine.fuzz --decks bench --seed 40 --start 2 --games 1")
    assert "the rest" not in progress[2]
    parts = []
    for start, games in ((0, 1), (1, 2)):
        assert fuzz.main(["--games", str(games), "--seed", "40", "--start", str(start), "--json"]) == 0
        got = capsys.readouterr()
        parts.append(json.loads(got.out.strip().splitlines()[-1]))
        assert got.err.splitlines()[0].startswith(f"run seed 40: games {start} to {start + games - 1}")
    assert [p["start"] for p in parts] == [0, 1] and all(p["seed"] == 40 for p in parts)
    assert sum(p["decisions"] for p in parts) == whole["decisions"] > 0
    assert sum(p["games"] for p in parts) == whole["games"] == 3


def test_random_decks_of_listed_cards_only(tmp_path, capsys, cards):
    """``--cards FILE``: the random decks draw their spells only from the listed cards (the cards a
    branch made supported, say), seeded as before; the failure's replay command names the file, and
    a listed card that is not supported or not known is a usage error, not a silent skip."""
    listed = ["Lightning Bolt", "Shock", "Grizzly Bears", "Llanowar Elves", "Giant Growth", "Raging Goblin"]
    names = tmp_path / "new.txt"
    names.write_text("\n".join(listed) + "\n\n")
    only = frozenset(listed)
    pair = fuzz.game_decks(9, cards, "random", only)
    assert pair == fuzz.game_decks(9, cards, "random", only)
    basics = {"Plains", "Island", "Swamp", "Mountain", "Forest"}
    spells = {n for d in pair for n in d if n not in basics}
    assert spells and spells <= only and all(len(d) == 60 for d in pair)
    args = ["--decks", "random", "--cards", str(names), "--games", "1", "--seed", "9", "--decision-s", "1e-9", "--json"]
    assert fuzz.main(args) == 1
    (f,) = json.loads(capsys.readouterr().out.strip().splitlines()[-1])["failures"]
    assert f["replay"] == f"python -m engine.fuzz --decks random --cards {names} --seed 9 --games 1"
    names.write_text("Lightning Bolt\nChaos Orb\n")
    with pytest.raises(SystemExit) as e:
        fuzz.main(["--decks", "random", "--cards", str(names), "--games", "1"])
    assert "'Chaos Orb'" in str(e.value)


def test_four_seat_commander_games_are_fuzzed_as_a_network_seat_reads_them(cards, capsys):
    """``--format commander --players 4 --wire``: each seat plays a sample Commander deck, a
    commander of its own (903.3), every invariant is checked (the commanders counted among the
    cards), and the bots answer decisions after the JSON round trip
    the LAN server sends; the failure's replay command names all three options."""
    g, n = fuzz.play_checked(cards, 5, max_decisions=300, players=4, format="commander", wire=True)
    assert n == 300 and g.format == "commander" and len(g.order) == 4
    assert sorted(set(g.commanders.values())) == sorted(g.order)   # one commander each, or two partners (p2)
    assert len(g.commanders) == 5
    args = ["--format", "commander", "--players", "4", "--wire", "--games", "1", "--seed", "5",
            "--decision-s", "1e-9", "--json"]
    assert fuzz.main(args) == 1
    (f,) = json.loads(capsys.readouterr().out.strip().splitlines()[-1])["failures"]
    assert f["error"].startswith("SlowError")
    assert f["replay"] == "python -m engine.fuzz --format commander --players 4 --wire --seed 5 --games 1"
    with pytest.raises(SystemExit):
        fuzz.main(["--format", "commander", "--decks", "random", "--games", "1"])
