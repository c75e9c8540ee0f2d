"""601.2b: an additional cost "A or B" (Silvergill Adept: "reveal a Merfolk card from your hand or pay {3}")
is offered once for each alternative its caster could pay now."""
from __future__ import annotations

from engine.setup import from_setup


def _choices(players: dict) -> list[tuple[int, str]]:
    g = from_setup({"active": "alice", "step": "main1", "players": players})
    return sorted((o["cost_choice"], o["cost_words"]) for o in g.pending.options
                  if o.get("action") == "cast" and g.objects[o["card"]].card.name == "Silvergill Adept")


def test_both_alternatives_offered_601_2b() -> None:
    got = _choices({"alice": {"battlefield": ["Island"] * 5, "hand": ["Silvergill Adept", "Lord of Atlantis"]}})
    assert [c for c, _ in got] == [0, 1]
    assert "{3}" in got[1][1]


def test_only_the_reveal_without_mana_for_three_more_601_2b_118_3() -> None:
    got = _choices({"alice": {"battlefield": ["Island"] * 2, "hand": ["Silvergill Adept", "Lord of Atlantis"]}})
    assert [c for c, _ in got] == [0]


def test_only_the_mana_without_a_merfolk_to_reveal_601_2b_118_3() -> None:
    got = _choices({"alice": {"battlefield": ["Island"] * 5, "hand": ["Silvergill Adept", "Shock"]}})
    assert [c for c, _ in got] == [1]


def test_neither_without_both_118_3() -> None:
    assert _choices({"alice": {"battlefield": ["Island"] * 2, "hand": ["Silvergill Adept", "Shock"]}}) == []


def test_the_button_names_the_alternative() -> None:
    from app.table.prompt import choice_label  # the app's Qt modules, imported only by this test
    g = from_setup({"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Island"] * 5, "hand": ["Silvergill Adept", "Lord of Atlantis"]}}})
    labels = {choice_label(o) for o in g.pending.options
              if o.get("action") == "cast" and g.objects[o["card"]].card.name == "Silvergill Adept"}
    assert len(labels) == 2 and any("{3}" in x for x in labels)
