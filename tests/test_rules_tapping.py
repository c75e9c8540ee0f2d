"""701.17a-b, 603.2d: tapping and untapping change a permanent's status, and only a change
is an event: tapping a tapped permanent (or untapping an untapped one) does nothing, and
"whenever ... becomes tapped / untapped" triggers once per change (engine/tapping.py)."""
from __future__ import annotations

import dataclasses

from engine.cardpool import CardPool, default_pool
from engine.game import Game
from engine.scenario import Runner
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


class _WithMadeUpCard:
    """The default card source and one made-up card (see tests/test_rules_targets.py)."""

    def __init__(self, base, extra) -> None:  # noqa: ANN001 - any CardSource and a CardData
        self.base, self.extra = base, extra

    def get(self, name: str):  # noqa: ANN201 - the source's record type
        return self.extra if name == self.extra.name else self.base.get(name)


def test_untapping_a_stunned_permanent_removes_the_stun_counter_instead_121_1_603_2() -> None:
    """Stun counters (a later rule, Ikoria 2020: "if a permanent with a stun counter would become untapped, remove
    one from it instead"): the permanent stays tapped and the untap did not happen (the call says so), the counter
    is gone (121.1: a permanent with no counters shows none, not "0 stun"), what read the counter sees it gone
    (613: "with a counter on them" no longer applies), and its removal is one counter removed, an event that
    "whenever a stun counter is removed from a permanent you control" sees once (603.2; no supported printed card
    has that trigger, so it is written on a made-up creature)."""
    base = default_pool()
    card = dataclasses.replace(base.source.get("Grizzly Bears"), name="Counter Watcher",
                               text="Whenever a stun counter is removed from a permanent you control, you gain 1 "
                                    "life.\nOther creatures you control with counters on them get +1/+1.")
    pool = CardPool(_WithMadeUpCard(base.source, card))
    r = Runner({"name": "t", "setup": {"active": "alice", "step": "main1", "players": {"alice": {"battlefield": [
        "Counter Watcher", {"name": "Hill Giant", "tapped": True, "counters": {"stun": 1}}]}}}, "steps": []}, pool)
    r.run()
    g = r.g
    (giant,) = [i for i in g.battlefield if g.objects[i].card.name == "Hill Giant"]
    assert (g.chars(giant).power, g.chars(giant).toughness) == (4, 4)
    assert untap(g, giant) is False and g.objects[giant].tapped
    assert g.objects[giant].counters == {}
    assert next(o for o in g.view("alice")["battlefield"] if o["id"] == giant)["counters"] == {}
    assert (g.chars(giant).power, g.chars(giant).toughness) == (3, 3)
    assert [t["card"].name for t in g.triggered] == ["Counter Watcher"]
    assert untap(g, giant) is True and not g.objects[giant].tapped
    assert len(g.triggered) == 1  # no counter removed the second time
