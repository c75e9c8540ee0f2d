"""The evaluation's terms and their fitted weights (issue 18, engine/ai/evaluate.py and
engine/ai/fit.py)."""
from __future__ import annotations

import random
import time

import pytest

import engine.ai.player as player_mod
from engine.ai import fit
from engine.ai.evaluate import FITTED, TERMS, TUNED, evaluate, features
from engine.ai.levels import level
from engine.ai.player import CLOCKS, AIPlayer
from engine.ai.search import Searcher
from engine.bench import GREEN, RED
from engine.cardpool import CardPool
from engine.setup import from_setup

POOL = CardPool()

BOARD = {"active": "alice", "step": "main1", "players": {
    "alice": {"battlefield": ["Mountain", "Mountain", "Grizzly Bears", "Hill Giant"], "life": 14,
              "hand": ["Lightning Bolt", "Forest"], "library": ["Mountain"] * 5},
    "bob": {"battlefield": ["Forest", "Centaur Courser"], "life": 7, "hand": ["Forest"] * 3,
            "library": ["Forest"] * 5}}}


def test_the_terms_are_read_from_each_side():
    g = from_setup(BOARD, POOL)
    a = dict(zip(TERMS, features(g, "alice")))
    b = dict(zip(TERMS, features(g, "bob")))
    assert len(TERMS) == len(TUNED) == len(FITTED) == len(features(g, "alice"))
    assert (a["power_mine"], a["power_theirs"]) == (5.0, 3.0) == (b["power_theirs"], b["power_mine"])
    assert a["creatures_mine"] == b["creatures_theirs"] > 0 and a["lands_mine"] == b["lands_theirs"] > 0
    assert (a["cards_in_hand_mine"], a["hand_theirs"], b["cards_in_hand_mine"]) == (2.0, 3.0, 3.0)
    assert (a["active"], b["active"]) == (1.0, 0.0)
    # alice's 5 power through bob's one blocker (the 3 of Hill Giant blocked, 2 through) is not
    # lethal at 7; at 2 life it is
    assert a["threatening"] == 0.0
    g.players["bob"].life = 2
    assert dict(zip(TERMS, features(g, "alice")))["threatening"] == 1.0


def test_the_race_terms_read_each_side_s_clock():
    """``pressure``: the share of the defender's life one full attack on the attacker's next turn
    takes (104.3a), every creature attacking (302.6, 502.2: sick and tapped ones too by then), each
    of the defender's creatures blocking one of the biggest (509.1a); a lost opponent is a race won."""
    g = from_setup(BOARD, POOL)
    a = dict(zip(TERMS, features(g, "alice")))
    b = dict(zip(TERMS, features(g, "bob")))
    # alice's Hill Giant (3) is blocked by the Courser, the Bears' 2 get through: 2 of bob's 7
    assert a["pressure_mine"] == b["pressure_theirs"] == 2 / 7
    # bob's Courser against alice's two blockers: nothing through
    assert a["pressure_theirs"] == b["pressure_mine"] == 0.0
    # tapped and summoning-sick creatures count: they untap and may attack by that turn
    for oid in list(g.battlefield):
        g.objects[oid].tapped = True
        g.objects[oid].sick = True
    assert dict(zip(TERMS, features(g, "alice")))["pressure_mine"] == 2 / 7
    g.players["bob"].life = 1
    assert dict(zip(TERMS, features(g, "alice")))["pressure_mine"] == 1.0  # at most the whole life
    three = {"seats": ["alice", "bob", "carol"], "active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Hill Giant"], "life": 20}, "bob": {"life": 12},
        "carol": {"battlefield": ["Grizzly Bears", "Grizzly Bears"], "life": 6}}}
    g = from_setup(three, POOL)
    # alice's Giant: 3 of bob's 12, blocked by carol's bears; carol's 4 through one blocker: 2 of 20
    f = dict(zip(TERMS, features(g, "alice")))
    assert (f["pressure_mine"], f["pressure_theirs"]) == ((3 / 12 + 0.0) / 2, 2 / 20)
    g.players["bob"].lost = True
    assert dict(zip(TERMS, features(g, "alice")))["pressure_mine"] == (1.0 + 0.0) / 2


def test_the_hand_tuned_weights_are_the_first_evaluation():
    """TUNED reproduces the evaluation every level used before the terms were fitted: its
    board, life and hands (the numbers of engine/ai/evaluate.py's docstring)."""
    g = from_setup(BOARD, POOL)
    f = dict(zip(TERMS, features(g, "alice")))
    by_hand = (f["creatures_mine"] + f["lands_mine"] - f["creatures_theirs"] - f["lands_theirs"]
               + f["life_mine"] - f["life_theirs"] + f["hand_mine"] - 1.7 * 3)
    assert abs(evaluate(g, "alice") - by_hand) < 1e-9
    assert abs(evaluate(g, "alice", FITTED) - sum(w * x for w, x in zip(FITTED, f.values()))) < 1e-9


def test_logistic_regression_recovers_known_weights():
    rng = random.Random(5)
    true = [1.5, -2.0, 0.5]
    xs, ys = [], []
    for _ in range(4000):
        x = [rng.gauss(0, 1), rng.gauss(0, 2), rng.gauss(1, 1)]
        t = sum(w * v for w, v in zip(true, x))
        xs.append(x)
        ys.append(1.0 if rng.random() < 1 / (1 + 2.718281828 ** -t) else 0.0)
    w = fit.logistic(xs, ys, l2=0.1)
    assert all(abs(a - b) < 0.25 for a, b in zip(w, true)), w
    assert fit.accuracy(w, xs, ys) > fit.accuracy([0.0, 0.0, 1.0], xs, ys)


def test_the_positions_of_a_game_are_labelled_by_its_winner():
    samples = fit.positions(POOL, RED, GREEN, 3)
    assert len(samples) > 20
    assert {y for _f, y in samples} == {0.0, 1.0}
    # each position is taken from both seats: one won, the other lost
    assert sum(y for _f, y in samples) * 2 == len(samples)
    assert all(len(f) == len(TERMS) for f, _y in samples)


def test_a_fit_names_the_winner_of_held_out_games(capsys):
    """The games are seeded (the same weights every run); on three held-out games of fifteen
    the fitted weights name the winner far more often than a coin."""
    r = fit.fit(15, seed=1)
    assert r["positions"] > 100 and r["held_out"] > 20 and set(r["weights"]) == set(TERMS)
    assert r["accuracy"]["fitted"] > 0.65
    assert fit.fit(15, seed=1)["weights"] == r["weights"]
    # the bench decks have no planeswalker, enchantment or poison: those terms keep their
    # hand-tuned weights (a search must still value a planeswalker)
    tuned = dict(zip(TERMS, TUNED))
    for t in ("others_mine", "others_theirs", "poison_mine", "poison_theirs"):
        assert r["weights"][t] == tuned[t]
    assert r["weights"]["creatures_mine"] != tuned["creatures_mine"]
    assert fit.main(["--games", "3"]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith("FITTED = (")


def test_hard_searches_with_the_fitted_weights():
    """The level's weights reach the search: the same search with other weights values the
    same position otherwise."""
    assert level("hard").weights == FITTED and level("medium").weights == TUNED
    g = from_setup(BOARD, POOL)
    seen: list[tuple[float, ...]] = []

    class Spy(Searcher):
        def choose(self, game, d, deadline):  # type: ignore[no-untyped-def]
            seen.append(self.weights)
            return super().choose(game, d, deadline)

    real = player_mod.Searcher
    player_mod.Searcher = Spy  # type: ignore[misc]
    try:
        AIPlayer("alice", "hard", think_ms=50, seed=1).decide(g, g.pending)
    finally:
        player_mod.Searcher = real  # type: ignore[misc]
    assert seen == [FITTED]
    assert evaluate(g, "alice", FITTED) != evaluate(g, "alice", TUNED)


def test_the_budget_is_read_on_the_chosen_clock():
    """A search reads its deadline on its clock: a clock already past the deadline stops it
    before any rollout (the rule of thumb answers), one that stands still lets it run to its
    rollout cap; the AI player offers wall time and the thread's CPU time."""
    g = from_setup(BOARD, POOL)
    late = Searcher("alice", random.Random(1), cap=8, horizon=0, per_candidate=2, clock=lambda: 10.0)
    late.choose(g, g.pending, deadline=5.0)
    still = Searcher("alice", random.Random(1), cap=8, horizon=0, per_candidate=2, clock=lambda: 0.0)
    still.choose(g, g.pending, deadline=5.0)
    assert late.rollouts == 0 < still.rollouts
    assert CLOCKS == {"wall": time.perf_counter, "cpu": time.thread_time}
    assert AIPlayer("alice", "hard", clock="cpu").clock is time.thread_time
    with pytest.raises(ValueError):
        AIPlayer("alice", "hard", clock="sundial")


def test_a_burn_spell_in_hand_is_worth_its_damage_to_hard():
    """``burn_mine``: the fixed damage the damage spells in the seat's hand deal a target (120.3), a term
    only ``FITTED`` (hard) weighs. Without it, two Shocks in hand were worth less to hard than a 3/3 on the
    other side, and hard spent both on one Trained Armodon (two cards for one) instead of casting a creature."""
    setup = {"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Mountain"] * 3, "hand": ["Shock", "Shock", "Lightning Bolt", "Giant Growth"],
                  "library": ["Mountain"] * 5},
        "bob": {"battlefield": ["Forest"] * 3 + ["Trained Armodon"], "library": ["Forest"] * 5}}}
    g = from_setup(setup, POOL)
    assert dict(zip(TERMS, features(g, "alice")))["burn_mine"] == 2 + 2 + 3  # Giant Growth deals no damage
    assert dict(zip(TERMS, features(g, "bob")))["burn_mine"] == 0
    assert dict(zip(TERMS, TUNED))["burn_mine"] == 0.0 < dict(zip(TERMS, FITTED))["burn_mine"]
    # the two Shocks thrown at the Armodon: a 3/3 gone from bob's side, two cards gone from alice's hand
    after = from_setup(setup, POOL)
    for oid in [i for i in after.battlefield if after.objects[i].card.name == "Trained Armodon"]:
        after.battlefield.remove(oid)
    for oid in [i for i in after.players["alice"].hand if after.objects[i].card.name == "Shock"]:
        after.players["alice"].hand.remove(oid)
    after.changed()
    assert evaluate(g, "alice", FITTED) > evaluate(after, "alice", FITTED)
