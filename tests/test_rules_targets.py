"""Target rules checked on what the engine answers (CR 601.2c, 114): the chosen targets are
announced slot by slot, and a set of them with the wrong number of slots is refused."""
from __future__ import annotations

import dataclasses

import pytest

from engine.cardpool import CardPool, default_pool
from engine.errors import IllegalAction
from engine.scenario import Runner
from engine.targets import check_targets, spell_ability


def test_targets_for_the_wrong_number_of_slots_are_refused_601_2c() -> None:
    """601.2c: the player announces the targets of each target slot the spell has; a choice
    naming fewer or more slots than it has is no legal announcement."""
    r = Runner({"name": "t", "setup": {"active": "alice", "step": "main1", "players": {
        "alice": {"hand": ["Shock"]}, "bob": {"battlefield": ["Grizzly Bears"]}}}, "steps": []}, default_pool())
    r.run()
    g = r.g
    (shock,) = g.players["alice"].hand
    src = g.objects[shock]
    ab = spell_ability(src.card)
    assert ab is not None and len(ab.targets) == 1
    check_targets(g, ab.targets, [["bob"]], src, "alice")
    with pytest.raises(IllegalAction, match=r"^Shock needs 1 target slot\(s\), got 2"):
        check_targets(g, ab.targets, [["bob"], ["alice"]], src, "alice")
    with pytest.raises(IllegalAction, match=r"^Shock needs 1 target slot\(s\), got 0"):
        check_targets(g, ab.targets, [], src, "alice")


class _WithMadeUpCard:
    """The default card source and one made-up card: no supported printed card targets a card
    in exile, so the zone of such a target slot is checked on a card written for it."""

    def __init__(self, base, extra) -> None:  # noqa: ANN001 - any CardSource and a CardData
        self.base, self.extra = base, extra

    def get(self, name: str):  # noqa: ANN201 - the source's record type
        return self.extra if name == self.extra.name else self.base.get(name)


def test_a_target_card_in_exile_is_chosen_among_exiled_cards_114_1() -> None:
    """114.1, 601.2c: "target card in exile" may be any card in the exile zone and only one
    there; the offered candidates are the exiled cards, and a card in a graveyard is refused."""
    base = default_pool()
    card = dataclasses.replace(base.source.get("Shock"), name="Recall From Exile",
                               text="Return target card in exile to its owner's hand.")
    pool = CardPool(_WithMadeUpCard(base.source, card))
    r = Runner({"name": "t", "setup": {"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Mountain"], "hand": ["Recall From Exile"], "exile": ["Grizzly Bears"],
                  "graveyard": ["Hill Giant"]}}}, "steps": []}, pool)
    r.run()
    g = r.g
    (spell,) = g.players["alice"].hand
    (bears,) = g.players["alice"].exile
    (giant,) = g.players["alice"].graveyard
    (opt,) = [o for o in g.pending.options if o.get("action") == "cast" and o.get("card") == spell]
    assert opt["targets"] == [[bears]]
    before = g.state_key()
    with pytest.raises(IllegalAction, match=r"^Hill Giant is not a legal choice for target card in exile"):
        g.submit("alice", {"action": "cast", "card": spell, "targets": [giant]})
    assert g.state_key() == before
    g.submit("alice", {"action": "cast", "card": spell, "targets": [bears]})
    g.submit("alice", {"action": "pass"})
    g.submit("bob", {"action": "pass"})
    assert sorted(g.objects[i].card.name for i in g.players["alice"].hand) == ["Grizzly Bears"]


def test_a_target_of_that_player_offers_only_objects_of_its_kind_601_2c() -> None:
    """601.2c: "Choose target opponent. Destroy target land that player controls" (The Fall of Kroog): before
    the player is chosen the second slot offers lands (of any player: which one is bound as the targets are
    chosen together), never a creature or another kind of object."""
    r = Runner({"name": "t", "setup": {"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Mountain"] * 5 + ["Forest"], "hand": ["The Fall of Kroog"]},
        "bob": {"battlefield": ["Grizzly Bears", "Plains"]}}}, "steps": []}, default_pool())
    r.run()
    g = r.g
    (opt,) = [o for o in g.pending.options if o.get("action") == "cast"
              and g.objects[o["card"]].card.name == "The Fall of Kroog"]
    lands = opt["targets"][1]
    assert lands and all("Land" in g.chars(i).types for i in lands)
    assert any(g.objects[i].card.name == "Plains" for i in lands)
    assert not any(g.objects[i].card.name == "Grizzly Bears" for i in lands)


def test_a_spell_on_the_stack_is_offered_as_the_target_of_a_counterspell_115_1_601_2c() -> None:
    """115.1, 601.2c: "Counter target spell" (Counterspell) may be cast only with a spell to target; with
    Lightning Bolt on the stack bob is offered Counterspell with the Bolt as its target, and nothing else."""
    r = Runner({"name": "t", "setup": {"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Mountain"], "hand": ["Lightning Bolt"]},
        "bob": {"battlefield": ["Island", "Island", "Grizzly Bears"], "hand": ["Counterspell"]}}}, "steps": []},
        default_pool())
    r.run()
    g = r.g
    assert not [o for o in g.pending.options if o.get("action") == "cast"
                and g.objects[o["card"]].card.name == "Counterspell"]  # alice's priority: not bob's card
    (bolt,) = g.players["alice"].hand
    g.submit("alice", {"action": "cast", "card": bolt, "targets": [["bob"]]})
    g.submit("alice", {"action": "pass"})
    assert g.pending.player == "bob"
    (opt,) = [o for o in g.pending.options if o.get("action") == "cast"
              and g.objects[o["card"]].card.name == "Counterspell"]
    assert opt["targets"] == [g.stack]


def test_a_card_in_hand_is_not_offered_a_target_its_spell_could_not_have_601_2c() -> None:
    """601.2c: "Fiendslayer Paladin can't be the target of black or red spells your opponents control": the cast
    option of alice's Murder (black) offers bob's creatures but not bob's Paladin, and does offer alice's own
    Paladin (its rule is about opponents' spells); her Giant Growth (green) is offered bob's Paladin."""
    r = Runner({"name": "t", "setup": {"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Swamp", "Swamp", "Forest", "Fiendslayer Paladin"], "hand": ["Murder", "Giant Growth"]},
        "bob": {"battlefield": ["Fiendslayer Paladin", "Hill Giant"]}}}, "steps": []}, default_pool())
    r.run()
    g = r.g

    def offered(name: str) -> list[tuple[str, str]]:
        (opt,) = [o for o in g.pending.options if o.get("action") == "cast" and g.objects[o["card"]].card.name == name]
        return sorted((g.objects[i].card.name, g.objects[i].controller) for i in opt["targets"][0])

    assert offered("Murder") == [("Fiendslayer Paladin", "alice"), ("Hill Giant", "bob")]
    assert offered("Giant Growth") == [("Fiendslayer Paladin", "alice"), ("Fiendslayer Paladin", "bob"),
                                       ("Hill Giant", "bob")]


def test_a_card_in_hand_is_offered_targets_by_its_colors_as_they_are_now_601_2c_105_2() -> None:
    """601.2c, 105.2: the colors a card in hand will have as a spell are its colors now, not its printed ones. alice's
    Painter's Servant (black chosen) makes every card not on the battlefield black, so her Giant Growth in hand is a
    black card and is not offered bob's Fiendslayer Paladin ("can't be the target of black or red spells your
    opponents control"), and the cast at it is refused; without the Servant the green card is offered the Paladin."""
    def cast_targets(servant: bool) -> tuple[list[str], Runner]:
        mine = ["Forest"] + ([{"name": "Painter's Servant", "chosen": {"color": "B"}}] if servant else [])
        r = Runner({"name": "t", "setup": {"active": "alice", "step": "main1", "players": {
            "alice": {"battlefield": mine, "hand": ["Giant Growth"]},
            "bob": {"battlefield": ["Fiendslayer Paladin", "Hill Giant"]}}}, "steps": []}, default_pool())
        r.run()
        (opt,) = [o for o in r.g.pending.options if o.get("action") == "cast"]
        return sorted(r.g.objects[i].card.name for i in opt["targets"][0]), r

    assert cast_targets(False)[0] == ["Fiendslayer Paladin", "Hill Giant"]
    offered, r = cast_targets(True)
    assert offered == ["Hill Giant", "Painter's Servant"]
    g = r.g
    (growth,) = g.players["alice"].hand
    assert "B" in g.chars(growth).colors
    (paladin,) = [i for i in g.battlefield if g.objects[i].card.name == "Fiendslayer Paladin"]
    with pytest.raises(IllegalAction):
        g.submit("alice", {"action": "cast", "card": growth, "targets": [[paladin]]})
    assert g.players["alice"].hand == [growth]


def test_a_trigger_with_two_targets_that_share_a_type_is_offered_the_groups_115_1_603_3d() -> None:
    """115.1, 603.3d: "exchange control of two target permanents that share a permanent type" on a triggered ability
    (no printed card has one; Role Reversal's sentence written on an upkeep trigger): as the ability is put on the
    stack its controller is offered the candidates grouped by the type they share (creatures, lands; the lone
    enchantment makes no group), chooses two of one group, and a Creature with a Land is refused."""
    base = default_pool()
    card = dataclasses.replace(base.source.get("Glorious Anthem"), name="Upkeep Reversal",
                               text="At the beginning of your upkeep, exchange control of two target permanents "
                                    "that share a permanent type.")
    pool = CardPool(_WithMadeUpCard(base.source, card))
    r = Runner({"name": "t", "setup": {"active": "bob", "step": "end", "players": {
        "alice": {"battlefield": ["Upkeep Reversal", "Grizzly Bears", "Forest"]},
        "bob": {"battlefield": ["Hill Giant", "Plains"]}}}, "steps": [{"pass_until": "upkeep"}]}, pool)
    r.run()
    g = r.g
    assert g.active == "alice" and g.pending is not None and g.pending.player == "alice"
    ids = {g.objects[i].card.name: i for i in g.battlefield}
    (groups,) = g.pending.options["share_groups"]
    assert sorted(sorted(g.objects[i].card.name for i in grp) for grp in groups) == [
        ["Forest", "Plains"], ["Grizzly Bears", "Hill Giant"]]
    with pytest.raises(IllegalAction, match="share no"):
        g.submit("alice", {"targets": [[ids["Grizzly Bears"], ids["Plains"]]]})
    g.submit("alice", {"targets": [[ids["Grizzly Bears"], ids["Hill Giant"]]]})
    g.submit("alice", {"action": "pass"})
    g.submit("bob", {"action": "pass"})
    assert g.controller_of(ids["Hill Giant"]) == "alice" and g.controller_of(ids["Grizzly Bears"]) == "bob"


def _kept_targets_game():
    from engine.setup import from_setup
    g = from_setup({"active": "alice", "step": "main1", "players": {
        "alice": {"hand": ["Shock", "Hill Giant"], "battlefield": ["Forest", "Mountain"]},
        "bob": {"battlefield": ["Grizzly Bears", "Island"]}}}, default_pool(), 0)
    named = {g.objects[i].card.name: i for i in [*g.battlefield, *g.players["alice"].hand]}
    return g, named


def test_the_legal_targets_of_a_slot_are_kept_through_a_tap_and_found_again_after_a_change_601_2c(monkeypatch) -> None:
    """601.2c, 115.1: Shock's "any target" among the permanents reads only characteristics and controllers: after a
    land is tapped for mana (a change of turn state: the characteristics are kept, 613) the permanents it can target
    are the same and are not matched again; once a creature enters (a change of the state) it is a candidate."""
    from engine import targets
    g, named = _kept_targets_game()
    shock = g.objects[named["Shock"]]
    spec = spell_ability(shock.card).targets[0]
    assert targets.target_candidates(g, spec, shock, "alice") == ["alice", "bob", named["Grizzly Bears"]]
    calls = []
    real = targets.matches
    monkeypatch.setattr(targets, "matches", lambda *a, **k: calls.append(a[1]) or real(*a, **k))
    g.objects[named["Forest"]].tapped = True
    g.turn_state_changed()
    assert g._chars is not None
    assert targets.target_candidates(g, spec, shock, "alice") == ["alice", "bob", named["Grizzly Bears"]]
    assert not [i for i in calls if isinstance(i, int)]
    g.move(named["Hill Giant"], "battlefield")
    giant = next(i for i in g.battlefield if g.objects[i].card.name == "Hill Giant")
    assert targets.target_candidates(g, spec, shock, "alice") == ["alice", "bob", named["Grizzly Bears"], giant]


def test_the_targets_of_a_slot_that_reads_tapped_are_found_again_after_a_tap_601_2c() -> None:
    """601.2c, 110.5: "target tapped creature" reads turn state: a tap (the characteristics kept) changes its legal
    targets, so they are never kept with the characteristics."""
    from engine import targets
    from engine.cards.abilities import TargetSpec
    g, named = _kept_targets_game()
    shock = g.objects[named["Shock"]]
    spec = TargetSpec({"types": ["Creature"], "tapped": True}, "target tapped creature")
    assert targets.target_candidates(g, spec, shock, "alice") == []
    g.objects[named["Grizzly Bears"]].tapped = True
    g.turn_state_changed()
    assert g._chars is not None
    assert targets.target_candidates(g, spec, shock, "alice") == [named["Grizzly Bears"]]


def test_the_targets_of_a_slot_with_x_are_kept_for_that_x_107_3a(monkeypatch) -> None:
    """107.3a, 601.2c: "target creature with mana value X or less" compares with the X of the spell choosing: its
    candidates are kept through a tap for that X, and found again for another."""
    from engine import targets
    from engine.cards.abilities import TargetSpec
    g, named = _kept_targets_game()
    shock = g.objects[named["Shock"]]
    spec = TargetSpec({"types": ["Creature"], "mv_le": {"x": True}}, "target creature with mana value X or less")
    shock.x = 2
    assert targets.target_candidates(g, spec, shock, "alice") == [named["Grizzly Bears"]]
    calls = []
    real = targets.matches
    monkeypatch.setattr(targets, "matches", lambda *a, **k: calls.append(a[1]) or real(*a, **k))
    g.objects[named["Forest"]].tapped = True
    g.turn_state_changed()
    assert targets.target_candidates(g, spec, shock, "alice") == [named["Grizzly Bears"]] and not calls
    shock.x = 1
    assert targets.target_candidates(g, spec, shock, "alice") == [] and calls
