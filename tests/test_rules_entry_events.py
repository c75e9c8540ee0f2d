"""Objects that enter the battlefield at once (engine/state.stamp_entry): each gets its own
timestamp, in the order they were put there (613.6c, 613.6j: the layers need one order), and
all share one entry event, which the world rule reads (704.5m: a tie when they entered
together). The scenarios in tests/scenarios/sba_rules/world_rule_entered_together.yaml show
the world rule and the legend rule on such a tie."""
from __future__ import annotations

from typing import Any

from engine.cardpool import default_pool
from engine.scenario import Runner
from engine.state import Obj


def _run(players: dict[str, Any], steps: list[dict[str, Any]]) -> Runner:
    r = Runner({"name": "t", "setup": {"active": "alice", "step": "main1", "players": players}, "steps": steps},
               default_pool())
    r.run()
    return r


def _on_battlefield(r: Runner, name: str) -> list[Obj]:
    return [r.g.objects[x] for x in r.g.battlefield if r.g.objects[x].card.name == name]


def test_cards_returned_by_one_effect_share_an_entry_and_keep_ordered_timestamps_613_6j() -> None:
    r = _run({"alice": {"battlefield": ["Plains"] * 4 + ["Savannah Lions"], "hand": ["Replenish"],
                        "graveyard": ["Glorious Anthem", "Crusade", "Honor of the Pure"]}},
             [{"alice": "cast", "card": "Replenish"}, {"resolve": "all"}])
    back = [r.g.objects[x] for x in r.g.battlefield if r.g.objects[x].card.name in
            ("Glorious Anthem", "Crusade", "Honor of the Pure")]
    assert len(back) == 3
    stamps = [o.timestamp for o in back]
    assert len(set(stamps)) == 3 and stamps == sorted(stamps)  # 613.6j: one order, the order they entered in
    assert {o.entered for o in back} == {min(stamps)}          # one event: the first one's timestamp
    (lions,) = _on_battlefield(r, "Savannah Lions")
    assert lions.entered != min(stamps)                        # the setup's permanents: entries of their own
    c = r.g.chars(lions.id)                                    # 613.3: all three anthems apply in layer 7c
    assert (c.power, c.toughness) == (5, 4)


def test_tokens_of_one_effect_share_an_entry_and_the_next_spell_makes_another() -> None:
    r = _run({"alice": {"battlefield": ["Plains"] * 6, "hand": [{"name": "Raise the Alarm", "id": "a"},
                                                                 {"name": "Raise the Alarm", "id": "b"}]}},
             [{"alice": "cast", "card": "a"}, {"resolve": "all"}, {"alice": "cast", "card": "b"}, {"resolve": "all"}])
    tokens = [r.g.objects[x] for x in r.g.battlefield if r.g.objects[x].token]
    assert len(tokens) == 4
    assert len({o.timestamp for o in tokens}) == 4
    by_event: dict[int, int] = {}
    for o in tokens:
        by_event[o.entered] = by_event.get(o.entered, 0) + 1
    assert sorted(by_event.values()) == [2, 2]                 # two events of two Soldiers each


def test_lands_played_are_entries_of_their_own_305_1() -> None:
    r = _run({"alice": {"hand": ["Plains"]}}, [{"alice": "play", "card": "Plains"}])
    g = r.g
    (plains,) = _on_battlefield(r, "Plains")
    assert plains.entered == plains.timestamp == g.ts
    assert g.entry_event == (None, g.ts)
    assert g.copy().entry_event == g.entry_event               # a branch of the game goes on from the same event
