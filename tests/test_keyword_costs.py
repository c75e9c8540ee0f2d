"""Keyword costs and day/night as the priority options offer them (issue 19): disturb cast from the
graveyard (a later keyword), multikicker's optional cost (702.32c), and day or night kept by a copy of
the game (a later rule). Each test fails without the change it names."""
from __future__ import annotations

from typing import Any

from engine.cardpool import default_pool
from engine.game import Game
from engine.scenario import Runner


def _game(alice: dict[str, Any], steps: list[dict[str, Any]] | None = None) -> Game:
    r = Runner({"name": "t", "setup": {"active": "alice", "step": "main1", "players": {"alice": alice}},
                "steps": steps or []}, default_pool())
    r.run()
    return r.g


def _casts(g: Game) -> list[dict[str, Any]]:
    return [o for o in g.pending.options if o.get("action") == "cast"]


def test_disturb_is_offered_from_the_graveyard_only_with_its_cost() -> None:
    """Baithook Angler (Disturb {1}{U}) in the graveyard: a cast option for disturb with two Islands,
    none with one; the option names the spell it is cast as, its back face (as an Adventure's or a split card's
    half is named)."""
    g = _game({"battlefield": ["Island", "Island"], "graveyard": ["Baithook Angler"]})
    assert [(o["name"], o.get("alt")) for o in _casts(g)] == [("Hook-Haunt Drifter", "disturb")]
    g = _game({"battlefield": ["Island"], "graveyard": ["Baithook Angler"]})
    assert _casts(g) == []


def test_a_disturbed_spell_is_its_back_face_on_the_stack() -> None:
    g = _game({"battlefield": ["Island", "Island"], "graveyard": [{"name": "Baithook Angler", "id": "a"}]},
              [{"alice": "cast", "card": "a", "alt": "disturb"}])
    (sid,) = g.stack
    assert g.objects[sid].card.name == "Hook-Haunt Drifter"


def test_multikicker_is_an_optional_cost_of_the_cast_option() -> None:
    g = _game({"battlefield": ["Plains"] * 5, "hand": ["Apex Hawks"]})
    (opt,) = _casts(g)
    assert opt.get("extra_costs") == {"multikicker": "{1}{W}"}


def test_day_and_night_survive_a_copy_of_the_game() -> None:
    g = _game({"battlefield": ["Mountain"] * 4, "hand": ["Tavern Ruffian"]},
              [{"alice": "cast", "card": "Tavern Ruffian"}, {"resolve": "all"}])
    assert g.day_night == "day"
    c = g.copy()
    assert c.day_night == "day" and c.state_key() == g.state_key()
    c.day_night = "night"
    assert g.day_night == "day" and c.state_key() != g.state_key()
