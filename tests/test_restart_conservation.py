"""714.5: the cards a restart leaves in exile (Karn Liberated) stay in the game while the new one begins:
through the mulligans they are in their owner's exile, then 714.4 puts them onto the battlefield. Found by
the random-deck fuzz (seed 3686 on 66b52d75: three cards were in no zone during the new game's mulligans)."""
from __future__ import annotations

from engine import fuzz
from engine.cardpool import default_pool
from engine.scenario import Runner


def _karn(steps_after: list[dict]) -> Runner:
    land = ["Forest"] * 10
    r = Runner({"name": "t", "setup": {"active": "bob", "step": "main1", "players": {
        "alice": {"battlefield": ["Serra Angel"], "library": land},
        "bob": {"battlefield": [{"name": "Karn Liberated", "counters": {"loyalty": 20}}], "library": ["Island"] * 10}}},
        "steps": [{"bob": "activate", "card": "Karn Liberated", "ability": 2, "targets": ["Serra Angel"]},
                  {"resolve": "all"}, {"pass_until": "end"}, {"pass_until": "main1"}, {"pass_until": "end"},
                  {"pass_until": "main1"},  # 606.3: one loyalty ability a turn: bob's next turn
                  {"bob": "activate", "card": "Karn Liberated", "ability": 3}, {"resolve": 1},
                  *steps_after]}, default_pool())
    r.run()
    return r


def test_cards_left_in_exile_by_a_restart_are_in_the_game_through_the_mulligans_714_5() -> None:
    r = _karn([])
    g = r.g
    assert g.pending is not None and g.pending.kind == "mulligan"
    fuzz.check_zones(g, 22)  # 10 + 10 library cards, Serra Angel, Karn Liberated: none in no zone
    exiled = [g.objects[i].card.name for i in g.players["alice"].exile]
    assert exiled == ["Serra Angel"]


def test_they_enter_under_the_restarters_control_before_the_first_untap_step_714_4() -> None:
    r = _karn([{"bob": "mulligan", "option": "keep"}, {"alice": "mulligan", "option": "keep"},
               {"pass_until": "upkeep"}])
    g = r.g
    fuzz.check_zones(g, 22)
    angel = [g.objects[i] for i in g.battlefield if g.objects[i].card.name == "Serra Angel"]
    assert [(o.controller, o.owner) for o in angel] == [("bob", "alice")]
    assert not g.players["alice"].exile
