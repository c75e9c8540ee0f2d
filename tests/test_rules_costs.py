"""Cost rules checked on what the engine answers: the total cost of a spell (601.2f), a cost
with choices paid once (601.2h), the tap symbol of a creature (302.6, 107.5), and a player's
concession (104.3a)."""
from __future__ import annotations

import dataclasses

import pytest

from engine.cardpool import CardPool, default_pool
from engine.errors import IllegalAction
from engine.scenario import Runner


class _WithMadeUpCard:
    """The default card source and one made-up card: no printed card has an additional cost
    of mana alone, so the 601.2f sum is checked on a card written for it."""

    def __init__(self, base, extra) -> None:  # noqa: ANN001 - any CardSource and a CardData
        self.base, self.extra = base, extra

    def get(self, name: str):  # noqa: ANN201 - the source's record type
        return self.extra if name == self.extra.name else self.base.get(name)


def _game(players: dict, pool: CardPool | None = None, active: str = "alice"):  # noqa: ANN202
    r = Runner({"name": "t", "setup": {"active": active, "step": "main1", "players": players}, "steps": []},
               pool or default_pool())
    r.run()
    return r.g


def _named(g, name: str, zone: str) -> int:  # noqa: ANN001
    (oid,) = [o.id for o in g.objects.values() if o.card.name == name and o.zone == zone and o.ability is None]
    return oid


def test_a_mana_additional_cost_is_added_to_the_total_cost_601_2f() -> None:
    """601.2f: the total cost is the mana cost plus all additional costs: {R} and an
    additional {2} needs three mana, and paying it taps three lands."""
    base = default_pool()
    shock = base.source.get("Shock")
    card = dataclasses.replace(shock, name="Costly Shock", mana_value=1.0,
                               text="As an additional cost to cast this spell, {2}.\n"
                                    "Costly Shock deals 2 damage to any target.")
    pool = CardPool(_WithMadeUpCard(base.source, card))
    assert pool.definition("Costly Shock").supported
    g = _game({"alice": {"battlefield": ["Mountain", "Mountain"], "hand": ["Costly Shock"]}}, pool)
    spell = _named(g, "Costly Shock", "hand")
    before = g.state_key()
    with pytest.raises(IllegalAction):
        g.submit("alice", {"action": "cast", "card": spell, "targets": ["bob"]})
    assert g.state_key() == before
    g = _game({"alice": {"battlefield": ["Mountain", "Mountain", "Mountain"], "hand": ["Costly Shock"]}}, pool)
    g.submit("alice", {"action": "cast", "card": _named(g, "Costly Shock", "hand"), "targets": ["bob"]})
    assert [g.objects[i].card.name for i in g.stack] == ["Costly Shock"]
    assert all(g.objects[i].tapped for i in g.battlefield)


def test_a_spell_with_a_sacrifice_as_additional_cost_is_cast_once_601_2h() -> None:
    """601.2h-i: the sacrifice is chosen while the costs are paid, and only then the spell
    becomes cast: one spell on the stack, counted once, its cast triggers once."""
    g = _game({"alice": {"battlefield": ["Swamp", "Grizzly Bears", "Hill Giant"], "hand": ["Bone Splinters"]},
               "bob": {"battlefield": ["Craw Wurm"]}})
    wurm = _named(g, "Craw Wurm", "battlefield")
    g.submit("alice", {"action": "cast", "card": _named(g, "Bone Splinters", "hand"), "targets": [wurm]})
    assert g.pending.kind != "priority" and g.players["alice"].spells_cast_turn == 0
    g.submit("alice", {"cards": [_named(g, "Grizzly Bears", "battlefield")]})
    assert [g.objects[i].card.name for i in g.stack] == ["Bone Splinters"]
    assert g.players["alice"].spells_cast_turn == 1
    assert g.pending.kind == "priority" and g.pending.player == "alice"


def test_a_summoning_sick_creature_cannot_pay_a_tap_cost_with_mana_302_6() -> None:
    """302.6, 107.5: "{W}, {T}" of a creature that came under its controller's control this
    turn cannot be activated: not offered, and refused when asked for."""
    g = _game({"alice": {"battlefield": ["Plains", {"name": "Blinding Mage", "sick": True}]},
               "bob": {"battlefield": ["Grizzly Bears"]}})
    mage = _named(g, "Blinding Mage", "battlefield")
    assert not [o for o in g.pending.options if o.get("action") == "activate" and o.get("card") == mage]
    before = g.state_key()
    with pytest.raises(IllegalAction, match=r"^cannot pay the cost of Blinding Mage's ability now"):
        g.submit("alice", {"action": "activate", "card": mage, "ability": 0,
                           "targets": [_named(g, "Grizzly Bears", "battlefield")]})
    assert g.state_key() == before
    g = _game({"alice": {"battlefield": ["Plains", "Blinding Mage"]}, "bob": {"battlefield": ["Grizzly Bears"]}})
    mage = _named(g, "Blinding Mage", "battlefield")
    assert [o for o in g.pending.options if o.get("action") == "activate" and o.get("card") == mage]


def test_a_mana_ability_of_a_card_not_on_the_battlefield_is_refused_112_6() -> None:
    """112.6, 605.3a: a mana ability of a permanent works on the battlefield; one in a hand or an id
    naming nothing is refused, and nothing changes."""
    g = _game({"alice": {"hand": ["Llanowar Elves", "Forest"]}})
    before = g.state_key()
    for card in (_named(g, "Llanowar Elves", "hand"), _named(g, "Forest", "hand"), 99999):
        with pytest.raises(IllegalAction):
            g.submit("alice", {"action": "activate", "card": card, "ability": 0})
        assert g.state_key() == before
    assert g.players["alice"].pool.get("G", 0) == 0


def test_a_concession_is_recorded_as_one_104_3a() -> None:
    """104.3a: a player who concedes loses; the state tells a concession from a loss by the
    rules (104.3b-c), which a player dealt lethal damage has not made."""
    g = _game({"alice": {}, "bob": {}})
    assert not g.players["alice"].conceded
    g.submit("alice", {"action": "concede"})
    assert g.players["alice"].lost and g.players["alice"].conceded and not g.players["bob"].conceded


def test_x_is_refused_for_an_ability_without_x_in_its_cost_107_3() -> None:
    """107.3: a value of X is chosen only for a cost with X in it; Prodigal Sorcerer's {T}
    has none, so an activation naming X = 2 is refused and changes nothing."""
    g = _game({"alice": {"battlefield": ["Prodigal Sorcerer"]}})
    before = g.state_key()
    with pytest.raises(IllegalAction, match=r"has no X in its cost \(107\.3\)"):
        g.submit("alice", {"action": "activate", "card": _named(g, "Prodigal Sorcerer", "battlefield"),
                           "ability": 0, "x": 2, "targets": ["bob"]})
    assert g.state_key() == before


def test_counters_removed_to_pay_a_cost_are_gone_at_once_602_2b() -> None:
    """602.2b, 601.2h: the costs are paid as the ability is activated; a creature that removed
    one of its +1/+1 counters is smaller while the ability waits on the stack (613.3d)."""
    g = _game({"alice": {"battlefield": [{"name": "Spike Feeder", "counters": {"+1/+1": 2}}]}})
    feeder = _named(g, "Spike Feeder", "battlefield")
    assert g.chars(feeder).power == 2
    abilities = [o for o in g.pending.options if o.get("action") == "activate" and o.get("card") == feeder]
    assert abilities, g.pending.options
    g.submit("alice", {"action": "activate", "card": feeder, "ability": 1})
    assert len(g.stack) == 1 and g.objects[feeder].counters.get("+1/+1") == 1
    assert (g.chars(feeder).power, g.chars(feeder).toughness) == (1, 1)


def test_a_cast_offer_is_answered_by_casting_or_passing_only_608_2c() -> None:
    """608.2c: a resolving ability that lets a player cast a card (madness here, 702.34a) is
    answered by casting that card or declining; any other action is refused and changes
    nothing, so the offer still stands."""
    r = Runner({"name": "t", "setup": {"active": "bob", "step": "main1", "players": {
        "alice": {"battlefield": ["Mountain"], "hand": ["Fiery Temper", "Shock"]},
        "bob": {"battlefield": ["Swamp", "Swamp", "Swamp"], "hand": ["Mind Rot"]}}},
        "steps": [{"bob": "cast", "card": "Mind Rot", "targets": ["alice"]}, {"resolve": 1},
                  {"alice": "choose", "cards": ["Fiery Temper", "Shock"]}, {"resolve": 1}]}, default_pool())
    r.run()
    g = r.g
    assert g.pending.kind == "cast_offer" and g.pending.player == "alice"
    temper = g.pending.data["card"]
    before = g.state_key()
    for act in ("play", "activate", "suspend"):
        with pytest.raises(IllegalAction, match=r"^cast the offered card, or pass$"):
            g.submit("alice", {"action": act, "card": temper})
        assert g.state_key() == before and g.pending.kind == "cast_offer"
    g.submit("alice", {"action": "pass"})
    assert "Fiery Temper" in [g.objects[i].card.name for i in g.players["alice"].graveyard]


def test_a_mana_ability_paid_with_counters_or_life_changes_the_game_at_once_605_3b() -> None:
    """605.3b, 602.2b: a mana ability resolves at once, its costs paid: Workhorse with one
    counter fewer is a 3/3 right away, and a player who pays her last life for Mana
    Confluence's mana loses the game at the next check (704.5a)."""
    g = _game({"alice": {"battlefield": [{"name": "Workhorse", "counters": {"+1/+1": 4}}]}})
    horse = _named(g, "Workhorse", "battlefield")
    assert g.chars(horse).power == 4
    g.submit("alice", {"action": "activate", "card": horse, "ability": 0})
    assert g.players["alice"].pool.get("C", 0) == 1 and not g.stack
    assert (g.chars(horse).power, g.chars(horse).toughness) == (3, 3)
    g = _game({"alice": {"life": 1, "battlefield": ["Mana Confluence"]}})
    g.submit("alice", {"action": "activate", "card": _named(g, "Mana Confluence", "battlefield"), "ability": 0,
                       "mana": "R"})
    assert g.players["alice"].life == 0 and g.players["alice"].lost and g.winner == "bob"


def test_a_land_tapped_for_mana_is_no_longer_offered_for_mana_605_3a() -> None:
    """605.3a, 107.5: a tapped land cannot be tapped again: once its mana ability is
    activated, the next priority decision does not offer that ability."""
    g = _game({"alice": {"battlefield": ["Forest", "Forest"]}})
    first, second = [i for i in g.battlefield if g.objects[i].card.name == "Forest"]

    def offered() -> set[int]:
        return {o["card"] for o in g.pending.options if o.get("action") == "activate"}
    assert offered() == {first, second}
    g.submit("alice", {"action": "activate", "card": first, "ability": 0})
    assert g.objects[first].tapped and g.players["alice"].pool.get("G", 0) == 1
    assert offered() == {second}


def test_x_is_a_number_chosen_for_a_cost_with_x_only_107_3() -> None:
    """107.3, 601.2b: X is chosen only for a spell with X in the cost being paid, and it is
    not negative (107.1b): Shock with X = 2 and Blaze with X = -1 are refused, nothing changes."""
    g = _game({"alice": {"battlefield": ["Mountain", "Mountain"], "hand": ["Shock", "Blaze"]}})
    before = g.state_key()
    with pytest.raises(IllegalAction, match=r"^x: Shock has no X in the cost being paid"):
        g.submit("alice", {"action": "cast", "card": _named(g, "Shock", "hand"), "x": 2, "targets": ["bob"]})
    assert g.state_key() == before
    with pytest.raises(IllegalAction, match=r"negative"):
        g.submit("alice", {"action": "cast", "card": _named(g, "Blaze", "hand"), "x": -1, "targets": ["bob"]})
    assert g.state_key() == before


def test_an_entwined_spell_has_all_its_modes_702_41a() -> None:
    """702.41a: with its entwine cost paid, the spell has every mode; naming one mode only is
    refused and changes nothing."""
    g = _game({"alice": {"battlefield": ["Mountain"] * 5, "hand": ["Barbed Lightning"]},
               "bob": {"battlefield": ["Hill Giant"]}})
    spell = _named(g, "Barbed Lightning", "hand")
    giant = _named(g, "Hill Giant", "battlefield")
    before = g.state_key()
    with pytest.raises(IllegalAction, match=r"an entwined spell has all its modes \(702\.41a\)"):
        g.submit("alice", {"action": "cast", "card": spell, "extras": ["entwine"], "modes": [0], "targets": [giant]})
    assert g.state_key() == before
    g.submit("alice", {"action": "cast", "card": spell, "extras": ["entwine"], "modes": [0, 1],
                       "targets": [giant, "bob"]})
    assert [g.objects[i].card.name for i in g.stack] == ["Barbed Lightning"]


def test_a_mode_is_one_of_the_spells_modes_700_2() -> None:
    """601.2b, 700.2: the chosen mode is one of the card's modes: Barbed Lightning has two
    (numbered 0 and 1 in an answer), so mode 2 or 5 is refused and changes nothing."""
    g = _game({"alice": {"battlefield": ["Mountain"] * 3, "hand": ["Barbed Lightning"]},
               "bob": {"battlefield": ["Hill Giant"]}})
    spell = _named(g, "Barbed Lightning", "hand")
    before = g.state_key()
    for bad in (2, 5):
        with pytest.raises(IllegalAction, match=r"choose 1 different mode\(s\) of 2"):
            g.submit("alice", {"action": "cast", "card": spell, "modes": [bad], "targets": ["bob"]})
        assert g.state_key() == before
    g.submit("alice", {"action": "cast", "card": spell, "modes": [1], "targets": ["bob"]})
    assert [g.objects[i].card.name for i in g.stack] == ["Barbed Lightning"]


def test_an_activation_without_an_ability_index_names_the_first_602_2() -> None:
    """602.2: the answer names the ability activated; without an index it is the object's
    first activated ability (Oko's +2, a Food), as the decision's options number them."""
    g = _game({"alice": {"battlefield": [{"name": "Oko, Thief of Crowns", "counters": {"loyalty": 4}}]}})
    oko = _named(g, "Oko, Thief of Crowns", "battlefield")
    g.submit("alice", {"action": "activate", "card": oko})
    assert g.objects[oko].counters["loyalty"] == 6
    assert [g.objects[i].card.name for i in g.stack] == ["Oko, Thief of Crowns"]
