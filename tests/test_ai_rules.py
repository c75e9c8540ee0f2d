"""The AI's rules of thumb (engine/ai/policy.py, issue 18): the combat arithmetic, the counter
kept for the burn, the lethal pumps, and easy's loose play that stops when the game is on the
line."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.ai import policy, puzzle
from engine.ai.policy import QuickPolicy
from engine.cardpool import CardPool
from engine.game import Game
from engine.setup import from_setup

POOL = CardPool()
PUZZLES = Path(__file__).resolve().parent / "puzzles"


def _game(alice: dict[str, Any], bob: dict[str, Any], active: str = "alice", step: str = "main1") -> Game:
    for p in (alice, bob):
        p.setdefault("library", ["Plains", "Plains", "Plains"])
    return from_setup({"active": active, "step": step, "players": {"alice": alice, "bob": bob}}, POOL)


def _ids(g: Game, player: str, name: str) -> list[int]:
    return [i for i in g.battlefield if g.controller_of(i) == player and g.objects[i].card.name == name]


def test_a_first_striker_kills_its_blocker_before_the_blocker_strikes():
    """510.4, 702.7b: the bears kill the Youthful Knight only if they live to deal damage."""
    g = _game({"battlefield": ["Grizzly Bears"]}, {"battlefield": ["Youthful Knight", "Hill Giant"]})
    bears, = _ids(g, "alice", "Grizzly Bears")
    knight, = _ids(g, "bob", "Youthful Knight")
    giant, = _ids(g, "bob", "Hill Giant")
    assert policy.kills(g, bears, knight)  # the damage would be lethal
    assert not policy.kills_in_fight(g, bears, knight)  # but the knight's comes first
    assert policy.kills_in_fight(g, bears, giant) is False and policy.kills_in_fight(g, giant, bears)


def test_damage_through_blockers():
    """Each blocker stops the biggest attacker it may block: a flier passes the ground (702.9b)
    unless reach meets it (702.17b), menace needs two blockers (702.110b), trample pushes the
    excess over (702.19b), double strike hits twice (702.4b)."""
    g = _game({"battlefield": ["Serra Angel", "Hill Giant", "Grizzly Bears"]}, {"battlefield": ["Grizzly Bears"]})
    att = [i for i in g.battlefield if g.controller_of(i) == "alice"]
    bl = _ids(g, "bob", "Grizzly Bears")
    # the bears block the Hill Giant (the angel flies): 4 + 2 get through
    assert policy.through(g, att, bl) == (6, 2)
    g = _game({"battlefield": ["Serra Angel", "Hill Giant"]}, {"battlefield": ["Giant Spider", "Grizzly Bears"]})
    att = [i for i in g.battlefield if g.controller_of(i) == "alice"]
    bl = [i for i in g.battlefield if g.controller_of(i) == "bob"]
    assert policy.through(g, att, bl) == (0, 0)  # the spider takes the angel, the bears the giant
    assert policy.through(g, att, bl, unblockable=frozenset(att[:1]), pumped=frozenset(att[:1]), bonus=2)[0] == 6
    g = _game({"battlefield": ["Craw Wurm"]}, {"battlefield": ["Grizzly Bears"]})
    wurm, = _ids(g, "alice", "Craw Wurm")
    assert policy.through(g, [wurm], _ids(g, "bob", "Grizzly Bears")) == (0, 0)
    # Overrun's +3/+3 and trample: 9 power over the 2-toughness bears
    assert policy.through(g, [wurm], _ids(g, "bob", "Grizzly Bears"), pumped=frozenset({wurm}), bonus=3,
                          trample=True) == (7, 0)


def test_the_counter_waits_for_the_burn_at_low_life():
    """At 3 life, Counterspell lets the bears resolve while bob could still cast the Bolt;
    it answers them once bob is tapped out, and Essence Scatter (creature spells only) never
    waits (701.5a)."""
    def kept(counter: str, bob_lands: list[str], life: int = 3) -> bool:
        g = _game({"life": life, "battlefield": ["Island", "Island"], "hand": [counter]},
                  {"battlefield": bob_lands, "hand": ["Grizzly Bears", "Lightning Bolt"]}, active="bob")
        bears = next(i for i in g.players["bob"].hand if g.objects[i].card.name == "Grizzly Bears")
        g.submit("bob", {"action": "cast", "card": bears})
        top = g.objects[g.stack[-1]]
        assert top.card.name == "Grizzly Bears"
        card = next(i for i in g.players["alice"].hand)
        ab = policy.facts.spell_ability(g.objects[card].card)
        assert ab is not None
        return policy.keeps_counter(g, "alice", ab, top)
    assert kept("Counterspell", ["Mountain", "Forest", "Mountain"])
    assert not kept("Counterspell", ["Forest", "Mountain"])  # bob has no mana left for the Bolt
    assert not kept("Counterspell", ["Mountain", "Forest", "Mountain"], life=12)
    assert not kept("Essence Scatter", ["Mountain", "Forest", "Mountain"])


def test_a_team_pump_for_lethal_comes_first():
    """Garruk's -4 (creatures get +3/+3 and trample) when it makes the attack lethal through
    the blockers; not when it does not."""
    def first(life: int) -> dict[str, Any]:
        g = _game({"battlefield": ["Grizzly Bears", "Grizzly Bears",
                                   {"name": "Garruk Wildspeaker", "counters": {"loyalty": 4}}]},
                  {"life": life, "battlefield": ["Llanowar Elves", "Llanowar Elves"]})
        return QuickPolicy(0).answer(g, g.pending)
    a = first(8)
    assert a["action"] == "activate" and a["ability"] == 2
    assert first(9) != a


def test_easy_loose_play_stops_when_the_game_is_on_the_line():
    """With all its noise, easy answers like the rule of thumb once a lethal attack is on the
    board (either way), and plays loosely (some answer differs) while nothing is at stake."""
    def answers(alice_life: int, seed: int) -> tuple[list[str], list[str]]:
        g = _game({"life": alice_life, "battlefield": ["Forest", "Grizzly Bears", "Grizzly Bears"],
                   "hand": ["Giant Growth", "Llanowar Elves"]},
                  {"battlefield": ["Hill Giant", "Hill Giant"]}, active="bob", step="main1")
        loose, plain = QuickPolicy(seed, noise=1.0, combat_noise=1.0), QuickPolicy(seed)
        a_loose, a_plain, n = [], [], 0
        while g.pending is not None and g.turn == 3 and n < 80:
            d = g.pending
            n += 1
            if d.player == "alice":
                a_loose.append(repr(loose.answer(g, d)))
                a_plain.append(repr(plain.answer(g, d)))
            g.submit(d.player, plain.answer(g, d))
        return a_loose, a_plain
    for seed in range(5):
        loose, plain = answers(6, seed)  # two Hill Giants would kill alice at 6
        assert loose == plain and len(plain) > 3
    assert any(x != y for s in range(5) for x, y in zip(*answers(20, s)))


def test_no_chump_blocks_when_nothing_is_at_stake():
    g = _game({"battlefield": ["Grizzly Bears", "Hill Giant"]}, {"battlefield": ["Craw Wurm", "Grizzly Bears"]},
              active="bob")
    bears, = _ids(g, "alice", "Grizzly Bears")
    giant, = _ids(g, "alice", "Hill Giant")
    wurm, = _ids(g, "bob", "Craw Wurm")
    bob_bears, = _ids(g, "bob", "Grizzly Bears")
    opts = {"blockers": {bears: [wurm, bob_bears], giant: [wurm, bob_bears]}}
    assert policy.no_chumps(g, {bears: [wurm], giant: [bob_bears]}, opts) == {giant: [bob_bears]}
    assert policy.no_chumps(g, {bears: [bob_bears]}, opts) == {bears: [bob_bears]}  # a trade stays
    assert policy.no_chumps(g, {bears: [wurm]}, {**opts, "must": {bears: [wurm]}}) == {bears: [wurm]}


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(4))
def test_easy_solves_nine_puzzles_in_ten(seed, capsys):
    """Issue 18: the AI solves at least 90% of the puzzles, at every level; easy's loose play
    (40% of its actions, 30% of its attacks and blocks at random) costs it few (71 of 79 at
    least: the seeds of the loose choices differ)."""
    puzzle.main([str(PUZZLES), "--level", "easy", "--seed", str(seed)])
    last = capsys.readouterr().out.strip().splitlines()[-1]
    passed, failed = (int(w) for w in last.replace(",", "").split()[::2][:2])
    assert passed >= 0.9 * (passed + failed), last


def test_a_planeswalker_makes_a_blocker_in_danger_else_adds_loyalty():
    """606.3: one loyalty ability a turn. Garruk makes a 3/3 Beast while the Hill Giant could
    kill alice, and untaps lands (+1) otherwise; never skipped by chance."""
    def first(life: int, seed: int) -> dict[str, Any]:
        g = _game({"life": life, "battlefield": [{"name": "Garruk Wildspeaker", "counters": {"loyalty": 3}},
                                                 "Forest", "Forest"]},
                  {"battlefield": ["Hill Giant"]})
        return QuickPolicy(seed).answer(g, g.pending)
    for seed in range(6):
        a = first(3, seed)
        assert (a["action"], a["ability"]) == ("activate", 1), a
        b = first(20, seed)
        assert (b["action"], b["ability"]) == ("activate", 0), b


def test_attackers_stay_home_when_the_counterattack_would_kill():
    """302.6, 502.2: attackers stay tapped through the opponent's turn, so an attack no blocker
    punishes now can still lose the game to the counterattack. alice (5 life, two Grizzly Bears)
    faces two tapped Hill Giants: both bears attacking leave 6 damage coming back, one bear home
    leaves 3 (it blocks one giant); at 7 life both attack. Vigilance (702.20b) keeps a blocker
    home while it attacks; fliers that no bear can block (702.9b) make it a race: both attack."""
    def attack(life: int, mine: str = "Grizzly Bears", theirs: str = "Hill Giant") -> tuple[Game, dict[Any, Any]]:
        g = _game({"life": life, "battlefield": [mine, mine]},
                  {"battlefield": [{"name": theirs, "tapped": True}, {"name": theirs, "tapped": True}]},
                  step="declare_attackers")
        assert g.pending is not None and g.pending.kind == "attackers"
        return g, policy.quick_attacks(g, "alice", g.pending.options)
    g, out = attack(5)
    assert len(out) == 1 and set(out.values()) == {"bob"}
    assert policy.crack_back(g, "alice", out) == 3
    assert policy.crack_back(g, "alice", {b: "bob" for b in _ids(g, "alice", "Grizzly Bears")}) == 6
    g, out = attack(7)
    assert set(out) == set(_ids(g, "alice", "Grizzly Bears"))
    g, out = attack(5, mine="Serra Angel")
    assert set(out) == set(_ids(g, "alice", "Serra Angel"))
    assert policy.crack_back(g, "alice", out) == 0
    g, out = attack(4, theirs="Wind Drake")
    assert policy.crack_back(g, "alice", {}) == 4
    assert set(out) == set(_ids(g, "alice", "Grizzly Bears"))


def test_a_pump_answers_the_damage_of_every_spell_on_the_stack():
    """Two Shocks at a 3/3 kill it where one does not (405.5: the pump cast in answer resolves
    before both, 608.1): with one Shock on the stack Giant Growth waits, with two it saves the
    Armodon (tests/test_ai_rules.py: the rollouts' opponent must see that the double Shock fails)."""
    def answer(shocks: int) -> dict[str, Any]:
        g = _game({"battlefield": ["Forest", "Trained Armodon"], "hand": ["Giant Growth"]},
                  {"battlefield": ["Mountain", "Mountain"], "hand": ["Shock", "Shock"]}, active="bob")
        armodon = _ids(g, "alice", "Trained Armodon")[0]
        for card in list(g.players["bob"].hand)[:shocks]:
            g.submit("bob", {"action": "cast", "card": card, "targets": [[armodon]]})
        g.submit("bob", {"action": "pass"})  # 116.3c: the caster gets priority first
        d = g.pending
        assert d is not None and d.player == "alice" and len(g.stack) == shocks
        a: dict[str, Any] = QuickPolicy(0).answer(g, d)
        if a["action"] == "cast":
            assert a["targets"] == [[armodon]]
        return a
    assert answer(1)["action"] == "pass"
    assert answer(2)["action"] == "cast"


def test_the_smallest_burn_that_kills_goes_first_when_reading():
    """Holding Lightning Bolt and Shock with one Mountain, the reading rule of thumb (hard) kills the
    bears with Shock (2 damage is lethal to a 2/2: 704.5g) and keeps Bolt for a 3/3; the plain one
    casts whichever it meets first. At a 3/3, Shock is not lethal: Bolt it is."""
    def cast(bear: str, reads: bool, order: list[str]) -> str:
        g = _game({"battlefield": ["Mountain"], "hand": order}, {"battlefield": ["Forest", bear]})
        a: dict[str, Any] = QuickPolicy(0, reads=reads, reader="alice" if reads else None).answer(g, g.pending)
        assert a["action"] == "cast" and a["targets"] == [_ids(g, "bob", bear)]
        return g.objects[a["card"]].card.name
    assert cast("Grizzly Bears", True, ["Lightning Bolt", "Shock"]) == "Shock"
    assert cast("Grizzly Bears", True, ["Shock", "Lightning Bolt"]) == "Shock"
    assert cast("Grizzly Bears", False, ["Lightning Bolt", "Shock"]) == "Lightning Bolt"
    assert cast("Centaur Courser", True, ["Shock", "Lightning Bolt"]) == "Lightning Bolt"


def test_the_scry_after_a_mulligan_keeps_what_the_hand_lacks():
    """103.4: after a mulligan the AI looks at its top card (the decision shows it, the library of
    a determinized copy would not) and bottoms a land when the hand already has four, a spell when
    it has one land or none; otherwise the card stays (what it needed to keep)."""
    from engine.state import Decision

    def scry(hand: list[str], top: str) -> str:
        g = _game({"hand": hand, "library": ["Forest"] * 5}, {"library": ["Forest"] * 5})
        d = Decision("alice", "mulligan_bottom", "look at the top card", [{"option": "top"}, {"option": "bottom"}],
                     {"top": {"name": top}})
        return str(QuickPolicy(1).answer(g, d)["option"])
    flood = ["Mountain"] * 4 + ["Shock", "Hill Giant"]
    screw = ["Mountain"] + ["Shock", "Hill Giant", "Gray Ogre", "Lightning Bolt", "Shock"]
    even = ["Mountain"] * 3 + ["Shock", "Hill Giant", "Gray Ogre"]
    assert (scry(flood, "Mountain"), scry(flood, "Shock")) == ("bottom", "top")
    assert (scry(screw, "Mountain"), scry(screw, "Hill Giant")) == ("top", "bottom")
    assert (scry(even, "Mountain"), scry(even, "Hill Giant")) == ("top", "top")
