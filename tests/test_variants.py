"""The casual variants' games from their start (engine/planechase.py, archenemy.py, vanguard.py, conspiracy.py):
Game.new(casual=...) checks the nontraditional decks (901.3, 904.3, 108.5), applies the vanguard's modifiers to the
starting life and hand (902.4-902.5), seats the archenemy first with 40 life (904.5-904.6), turns the starting
plane face up once the hands are kept (901.5, 103.6: phenomena to the bottom), and replays from its record."""
from __future__ import annotations

import pytest

from engine.archenemy import DeckError as SchemeDeckError
from engine.bench import GREEN, RED
from engine.cardpool import CardPool
from engine.game import Game
from engine.planechase import DeckError as PlanarDeckError

PLANES = ["Fields of Summer", "Gavony", "Krosa", "Llanowar", "Murasa", "Naar Isle", "Nephalia", "Shiv", "Takenuma",
          "Tazeem"]
OTHER = ["New Argive", "Paliano", "Panopticon", "Riptide Island", "Truga Jungle", "Tember City", "The Wilds",
         "Towashi", "Undercity Reaches", "Littjara"]
SCHEMES = ["Behold the Power of Destruction", "Delight in the Hunt", "Evil Comes to Fruition", "Roots of All Evil",
           "Look Skyward and Despair", "The Iron Guardian Stirs", "There Is No Refuge", "Tooth, Claw, and Tail",
           "Realms Befitting My Majesty", "Pay Tribute to Me"] * 2
POOL = CardPool()


def keep_all(g: Game) -> None:
    while g.pending is not None and g.pending.kind in ("mulligan", "mulligan_bottom"):
        d = g.pending
        g.submit(d.player, {"option": "keep"} if d.kind == "mulligan" else {"cards": []})


def test_a_vanguard_modifies_the_starting_life_and_hand_and_the_archenemy_starts_at_40():
    g = Game.new([("alice", RED), ("bob", GREEN)], POOL, 3,
                 casual={"vanguard": {"alice": "Ashnod", "bob": "Lyna"}, "schemes": {"bob": SCHEMES}})
    assert g.starting == "bob", "904.6: the archenemy takes the first turn"
    assert g.players["alice"].life == 12, "902.4: 20 and Ashnod's -8"
    assert g.players["bob"].life == 36, "904.5 and 902.4: the archenemy's 40 and Lyna's -4"
    assert len(g.players["alice"].hand) == 8 and len(g.players["bob"].hand) == 9, "902.5: 7 and +1, 7 and +2"
    d = g.pending
    assert d.kind == "mulligan" and d.player == "bob"
    g.submit("bob", {"option": "mulligan"})
    g.submit("alice", {"option": "keep"})
    assert len(g.players["bob"].hand) == 8, "902.5a: one fewer than the hand before"
    assert [g.objects[i].card.name for i in g.players["alice"].command] == ["Ashnod"]
    assert len(g.players["bob"].schemes) == 20 and not g.players["alice"].schemes


def test_the_starting_plane_is_turned_up_once_the_hands_are_kept_phenomena_going_to_the_bottom():
    first = ["Mutual Epiphany", "Planewide Disaster"] + PLANES[:8]
    for seed in range(6):
        g = Game.new([("alice", RED), ("bob", GREEN)], POOL, seed, play_first="alice",
                     casual={"planar": {"alice": first, "bob": OTHER}})
        assert not any(g.players[p].command for p in g.order), "901.5: not before the hands are kept"
        keep_all(g)
        up = [g.objects[i].card for p in g.order for i in g.players[p].command]
        assert len(up) == 1 and "Plane" in up[0].types and up[0].name in first, "901.5: a plane of alice's deck"
        assert len(g.players["alice"].planar) == 9 and len(g.players["bob"].planar) == 10
        assert g.objects[g.players["alice"].command[0]].controller == "alice", "901.6: the planar controller"


def test_the_decks_of_the_casual_variants_are_checked():
    with pytest.raises(PlanarDeckError, match="fewer than 10"):
        Game.new([("alice", RED), ("bob", GREEN)], POOL, 1, casual={"planar": {"alice": PLANES[:9], "bob": OTHER}})
    with pytest.raises(PlanarDeckError, match="each player brings a planar deck"):
        Game.new([("alice", RED), ("bob", GREEN)], POOL, 1, casual={"planar": {"alice": PLANES}})
    with pytest.raises(PlanarDeckError, match="different name"):
        Game.new([("alice", RED), ("bob", GREEN)], POOL, 1,
                 casual={"planar": {"alice": PLANES[:9] + ["Gavony"], "bob": OTHER}})
    with pytest.raises(SchemeDeckError, match="fewer than 20"):
        Game.new([("alice", RED), ("bob", GREEN)], POOL, 1, casual={"schemes": {"alice": SCHEMES[:19]}})
    with pytest.raises(SchemeDeckError, match="no more than 2"):
        Game.new([("alice", RED), ("bob", GREEN)], POOL, 1, casual={"schemes": {"alice": SCHEMES + SCHEMES[:1]}})
    with pytest.raises(ValueError, match="108.5"):
        Game.new([("alice", RED + ["Tazeem"]), ("bob", GREEN)], POOL, 1)


def test_a_planechase_archenemy_game_replays_from_its_record():
    g = Game.new([("alice", RED), ("bob", GREEN)], POOL, 9,
                 casual={"planar": {"alice": PLANES, "bob": OTHER}, "schemes": {"alice": SCHEMES},
                         "vanguard": {"alice": "Erhnam Djinn Avatar", "bob": "Gerrard"}})
    keep_all(g)
    n = 0
    while g.pending is not None and n < 200 and g.winner is None:
        d = g.pending
        rolls = [o for o in d.options if isinstance(o, dict) and o.get("action") == "roll_planar_die"] \
            if d.kind == "priority" else []
        answer = rolls[0] if rolls and g.players[d.player].die_rolls == 0 else d.forced if d.forced is not None \
            else {"action": "pass"} if d.kind == "priority" else None
        if answer is None:
            break
        g.submit(d.player, {k: v for k, v in answer.items() if k != "cost"} if "action" in answer else answer)
        n += 1
    assert any(e["type"] == "planar_die" for e in g.events) and any(e["type"] == "set_in_motion" for e in g.events)
    again = Game.from_json(g.to_json(), POOL)
    assert again == g
