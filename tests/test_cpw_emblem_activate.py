"""113.2: an emblem's activated ability is offered to its owner as a priority option (and to no one else): Ob
Nixilis of the Black Oath's emblem, "{1}{B}, Sacrifice a creature: You gain X life and draw X cards"."""
from __future__ import annotations

from engine.cardpool import default_pool
from engine.scenario import Runner


def _after_emblem(bob_passes: bool) -> Runner:
    sc = {"setup": {"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": [{"name": "Ob Nixilis of the Black Oath", "counters": {"loyalty": 8}},
                                  "Hill Giant", "Swamp", "Swamp"]},
        "bob": {"battlefield": ["Grizzly Bears", "Swamp", "Swamp"]}}},
        "steps": [{"alice": "activate", "card": "Ob Nixilis of the Black Oath", "ability": 3}, {"resolve": 1}]
        + ([{"alice": "pass"}] if bob_passes else [])}
    r = Runner(sc, default_pool())
    r.run()
    return r


def _emblem_options(r: Runner) -> list[dict]:
    g = r.g
    d = g.pending
    assert d is not None and d.kind == "priority"
    return [o for o in d.options if o.get("action") == "activate"
            and g.objects[o["card"]].card.name == "Emblem (Ob Nixilis of the Black Oath)"]


def test_owner_is_offered_the_emblems_ability() -> None:
    r = _after_emblem(bob_passes=False)
    assert r.g.pending.player == "alice"
    assert len(_emblem_options(r)) == 1


def test_opponent_is_not_offered_it() -> None:
    r = _after_emblem(bob_passes=True)
    assert r.g.pending.player == "bob"
    assert _emblem_options(r) == []
