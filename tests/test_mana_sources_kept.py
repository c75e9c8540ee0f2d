"""Mana sources kept across changes of turn state (issue 21: speed; engine/payment.py ``_sources``): what is kept is
always what the state gives when worked out again (605.1a, 602.2b, 602.5b, 302.6), and the answers of can_afford
kept with them are those of the pool now."""
from __future__ import annotations

from engine import payment
from engine.setup import from_setup


def _game(alice: list[str]):
    return from_setup({"active": "alice", "step": "main1",
                       "players": {"alice": {"battlefield": alice}, "bob": {"battlefield": []}}})


def _named(g, name: str) -> int:
    return next(i for i in g.battlefield if g.objects[i].card.name == name)


def _ids(srcs) -> list[int]:
    return [oid for oid, _ in srcs]


def test_a_source_tapped_since_is_left_out_and_one_untapped_since_comes_back() -> None:
    """602.2b: a tapped permanent can't pay {T}; the kept sources follow taps and untaps (and the characteristics are
    kept through them, Game.turn_state_changed)."""
    g = _game(["Forest", "Mountain", "Island"])
    forest, mountain = _named(g, "Forest"), _named(g, "Mountain")
    assert _ids(payment.mana_sources(g, "alice")) == [forest, mountain, _named(g, "Island")]
    cs = g.all_chars()
    g.objects[forest].tapped = True
    g.turn_state_changed()
    assert g._chars is cs
    assert payment.mana_sources(g, "alice") == payment._mana_sources(g, "alice", frozenset())
    assert forest not in _ids(payment.mana_sources(g, "alice"))
    assert payment.can_afford(g, "alice", ("R", "U")) and not payment.can_afford(g, "alice", ("G",))
    g.objects[forest].tapped = False
    g.turn_state_changed()
    assert forest in _ids(payment.mana_sources(g, "alice"))
    assert payment.can_afford(g, "alice", ("G",))


def test_a_restricted_activation_is_found_again_when_the_turn_changes() -> None:
    """602.5b: Lavinia, Foil to Conspiracy's "{T}: Add {C}{C}. Activate only during an opponent's turn" reads whose
    turn it is, which a change of turn state may change without changing the characteristics: such a source is never
    kept, so it is a source on the opponent's turn and not on its controller's."""
    g = _game(["Lavinia, Foil to Conspiracy", "Plains"])
    lavinia = _named(g, "Lavinia, Foil to Conspiracy")
    g.objects[lavinia].sick = False
    g.turn_state_changed()
    assert lavinia not in _ids(payment.mana_sources(g, "alice"))
    assert not payment.can_afford(g, "alice", ("2",))
    g.active = "bob"
    g.turn_state_changed()
    assert lavinia in _ids(payment.mana_sources(g, "alice"))
    assert payment.can_afford(g, "alice", ("2",))


def test_kept_answers_are_those_of_the_pool_now() -> None:
    """106.4: mana in the pool pays too; an answer kept for another pool is not reused."""
    g = _game(["Forest"])
    assert not payment.can_afford(g, "alice", ("G", "G"))
    g.players["alice"].pool["G"] = 1
    assert payment.can_afford(g, "alice", ("G", "G"))
    g.players["alice"].pool.clear()
    assert not payment.can_afford(g, "alice", ("G", "G"))
