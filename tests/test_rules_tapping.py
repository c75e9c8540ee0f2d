"""701.17a-b, 603.2d: tapping and untapping change a permanent's status, and only a change
is an event: tapping a tapped permanent (or untapping an untapped one) does nothing, and
"whenever ... becomes tapped / untapped" triggers once per change (engine/tapping.py)."""
from __future__ import annotations

from engine.game import Game
from engine.setup import from_setup
from engine.tapping import tap, untap


def _city() -> tuple[Game, int]:
    g = from_setup({"active": "alice", "step": "main1", "players": {"alice": {"battlefield": ["City of Brass"]}}})
    return g, next(i for i in g.battlefield if g.objects[i].card.name == "City of Brass")


def test_tapping_an_untapped_permanent_is_one_event_tapping_it_again_none_701_17a() -> None:
    g, city = _city()
    assert tap(g, city) is True and g.objects[city].tapped
    assert [t["card"].name for t in g.triggered] == ["City of Brass"]  # "whenever this land becomes tapped"
    assert tap(g, city) is False and g.objects[city].tapped
    assert len(g.triggered) == 1  # no second event: its status did not change


def test_untapping_an_untapped_permanent_does_nothing_701_17b() -> None:
    g, city = _city()
    assert untap(g, city) is False and not g.objects[city].tapped
    assert tap(g, city) is True
    assert untap(g, city) is True and not g.objects[city].tapped
    assert untap(g, city) is False
    assert len(g.triggered) == 1  # only the one "becomes tapped"
