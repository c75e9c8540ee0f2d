"""Issue 21 item 6: the random player does not repeat one activation without end.

A free repeatable ability ("{0}: ... until end of turn", Hyalopterous Lemure) let the bot
activate it hundreds of times in one step: its count cleared on every pass, and every
activation needs a pass to resolve. The "until end of turn" effects piled up (792 in one
turn of the fuzz's seed 2178) and each decision cost grew with them."""
from __future__ import annotations

from collections import Counter

import pytest

from engine.ai.random_bot import RandomBot
from engine.cardpool import CardPool
from engine.errors import IllegalAction
from engine.game import Game
from engine.state import Decision


@pytest.fixture(scope="module")
def cards() -> CardPool:
    return CardPool()


def _priority(turn: int, step: str) -> Decision:
    opts = [{"action": "pass"}, {"action": "activate", "card": 7, "ability": 0}]
    return Decision("p0", "priority", "p0: main1, you have priority", opts, {"turn": turn, "step": step})


def test_an_ability_is_activated_at_most_repeat_times_a_step_passes_between_or_not():
    bot = RandomBot(3)
    per_step: Counter[tuple[int, str]] = Counter()
    for turn in range(1, 41):
        for step in ("upkeep", "main1", "end"):
            for _ in range(30):  # many priority decisions in a step: a pass resolves each activation
                a = bot.answer(_priority(turn, step))
                if a["action"] == "activate":
                    per_step[turn, step] += 1
    assert max(per_step.values()) == RandomBot.REPEAT
    assert len(per_step) > 60  # a new step offers it again: most of the 120 steps see it used


def test_a_game_with_a_free_repeatable_ability_keeps_few_effects(cards):
    lemures = ["Hyalopterous Lemure"] * 24 + ["Swamp"] * 36
    g = Game.new([("p0", lemures), ("p1", list(lemures))], cards, 2178)
    bots = {"p0": RandomBot(1), "p1": RandomBot(2)}
    used: Counter[tuple[int, str, int]] = Counter()
    most = 0
    while g.pending is not None and len(g.answers) < 3000:
        d = g.pending
        a = bots[d.player].answer(d)
        if d.kind == "priority" and a.get("action") == "activate":
            used[g.turn, g.step, a["card"]] += 1
        try:
            g.submit(d.player, a)
        except IllegalAction:
            g.submit(d.player, d.forced if d.forced is not None else {"action": "pass"})
        most = max(most, len(g.effects))
    assert used and max(used.values()) <= RandomBot.REPEAT
    assert most <= 2 * RandomBot.REPEAT * 12 * 4  # two effects an activation, a dozen steps, four Lemures


def test_one_or_more_modes_are_at_most_the_modes_there_are():
    """"Choose one or more" is offered as choose 99 (700.2; Methods of the Mighty, fuzz seed
    612374): the bot sampled up to 99 of three modes and raised ValueError."""
    bot = RandomBot(5)
    cast = {"action": "cast", "card": 9, "modes": ["a", "b", "c"], "choose": 99, "choose_min": 1}
    seen = set()
    for turn in range(200):
        a = bot.answer(Decision("p0", "priority", "", [cast], {"turn": turn, "step": "main1"}))
        assert 1 <= len(a["modes"]) <= 3 and len(set(a["modes"])) == len(a["modes"])
        assert set(a["modes"]) <= {0, 1, 2}
        seen.add(len(a["modes"]))
    assert seen == {1, 2, 3}



@pytest.mark.parametrize("card, legal", [
    ("Borrowed Hostility", [0, 1]),              # every mode names a target creature: the Bears
    ("Cryptic Command", [1, 2, 3]),              # no spell to counter: "counter target spell" can't be chosen
])
def test_the_random_bot_casts_a_modal_spell_with_its_chosen_modes_targets(card, legal) -> None:
    """601.2b-c, 700.2a: the option lists each mode's legal targets (``mode_targets``; None for a mode with too
    few), the bot chooses among the modes that can be chosen and names their targets in the order of the modes,
    so every answer it gives is legal (a LAN server closes a connection after ten refused answers)."""
    from engine.setup import from_setup
    g = from_setup({"active": "alice", "step": "main1", "players": {
        "alice": {"hand": [card], "battlefield": ["Mountain"] * 6 + ["Island"] * 6},
        "bob": {"battlefield": ["Grizzly Bears"]}}}, seed=1)
    (opt,) = [o for o in g.pending.options if o.get("action") == "cast"]
    assert [i for i, p in enumerate(opt["mode_targets"]) if p is not None] == legal
    answers = [RandomBot(seed).answer(g.pending) for seed in range(60)]
    cast = [a for a in answers if a.get("action") == "cast"]
    assert cast
    targeted = 0
    for a in cast:
        assert set(a["modes"]) <= set(legal)
        slots = [s for m in a["modes"] for s in opt["mode_targets"][m]["targets"]]
        assert len(a.get("targets", [])) == len(slots)
        targeted += bool(slots)
        h = g.copy()
        h.submit("alice", a)                      # legal
        (spell,) = h.stack
        assert h.objects[spell].modes == a["modes"] and h.objects[spell].targets == a.get("targets", [])
    assert targeted                               # it does cast with a targeted mode
    with pytest.raises(IllegalAction, match="chosen modes"):  # no targets named for a targeted mode (601.2c)
        g.copy().submit("alice", {"action": "cast", "card": opt["card"], "modes": [legal[0], legal[1]]})
