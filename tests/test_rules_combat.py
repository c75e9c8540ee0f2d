"""Combat rules checked on the decisions the engine asks (CR 509-510), where a scenario's
outcome cannot see the difference: the lethal damage each recipient is shown, and the
reason a declaration is refused."""
from __future__ import annotations

from typing import Any

import pytest

from engine.cardpool import default_pool
from engine.errors import IllegalAction
from engine.game import Game
from engine.scenario import Runner

_POOL = None


def _game(setup: dict[str, Any], steps: list[dict[str, Any]]) -> Game:
    """The game after a scenario's steps (FORMAT.md), with the next decision pending."""
    global _POOL
    if _POOL is None:
        _POOL = default_pool()
    r = Runner({"name": "t", "setup": setup, "steps": steps}, _POOL)
    r.run()
    return r.g


def _ids(g: Game, name: str) -> list[int]:
    return [i for i in g.battlefield if g.objects[i].card.name == name]


def _combat(alice: list[Any], bob: list[Any]) -> dict[str, Any]:
    return {"active": "alice", "step": "declare_attackers",
            "players": {"alice": {"battlefield": alice}, "bob": {"battlefield": bob}}}


def test_lethal_damage_shown_counts_marked_damage_even_above_toughness_510_1c() -> None:
    """510.1c: lethal damage takes into account damage already marked; a blocker with more
    damage than its toughness (indestructible, 702.12b) needs none, never less than none."""
    g = _game(_combat(["Colossal Dreadmaw"], [{"name": "Darksteel Myr", "damage": 2},
                                              {"name": "Grizzly Bears", "damage": 1}]),
              [{"alice": "attack", "with": ["Colossal Dreadmaw"]}, {"pass_until": "declare_blockers"},
               {"bob": "block", "with": {"Darksteel Myr": "Colossal Dreadmaw", "Grizzly Bears": "Colossal Dreadmaw"}},
               {"alice": "order_blockers", "attacker": "Colossal Dreadmaw", "order": ["Darksteel Myr", "Grizzly Bears"]},
               {"pass_until": "combat_damage"}])
    d = g.pending
    assert d.kind == "assign_damage"
    (myr,), (bears,) = _ids(g, "Darksteel Myr"), _ids(g, "Grizzly Bears")
    assert d.options["lethal"] == {myr: 0, bears: 1}
    assert d.options["power"] == 6 and set(d.options["recipients"]) == {myr, bears, "bob"}


def test_deathtouch_makes_one_damage_lethal_702_2b() -> None:
    g = _game(_combat(["Typhoid Rats"], ["Hill Giant", "Grizzly Bears"]),
              [{"alice": "attack", "with": ["Typhoid Rats"]}, {"pass_until": "declare_blockers"},
               {"bob": "block", "with": {"Hill Giant": "Typhoid Rats", "Grizzly Bears": "Typhoid Rats"}},
               {"alice": "order_blockers", "attacker": "Typhoid Rats", "order": ["Hill Giant", "Grizzly Bears"]},
               {"pass_until": "combat_damage"}])
    d = g.pending
    assert d.kind == "assign_damage"
    assert sorted(d.options["lethal"].values()) == [1, 1]


def test_a_refused_block_names_the_requirement_509_1c() -> None:
    g = _game(_combat(["Prized Unicorn"], ["Grizzly Bears"]),
              [{"alice": "attack", "with": ["Prized Unicorn"]}, {"pass_until": "declare_blockers"}])
    d = g.pending
    assert d.kind == "blockers" and d.player == "bob"
    with pytest.raises(IllegalAction, match=r"Grizzly Bears must block Prized Unicorn.*509\.1c"):
        g.submit("bob", {})


def test_only_a_single_recipient_makes_the_assignment_forced_510_1c_d() -> None:
    """510.1c: a blocked creature with one blocker assigns all its damage to it (one legal
    answer); 510.1d: a blocker of two attackers chooses how to divide its damage (no forced
    answer, so no client or bot may answer for the player)."""
    g = _game(_combat(["Grizzly Bears", "Hill Giant"], ["Ghastbark Twins"]),
              [{"alice": "attack", "with": ["Grizzly Bears", "Hill Giant"]}, {"pass_until": "declare_blockers"},
               {"bob": "block", "with": {"Ghastbark Twins": ["Grizzly Bears", "Hill Giant"]}},
               {"bob": "order_attackers", "blocker": "Ghastbark Twins", "order": ["Hill Giant", "Grizzly Bears"]},
               {"alice": "pass"}, {"bob": "pass"}])
    (twins,), (bears,), (giant,) = _ids(g, "Ghastbark Twins"), _ids(g, "Grizzly Bears"), _ids(g, "Hill Giant")
    d = g.pending
    assert d.kind == "assign_damage" and d.player == "alice" and d.forced == {"assign": {twins: 2}}
    g.submit("alice", d.forced)
    d = g.pending
    assert d.kind == "assign_damage" and d.player == "alice" and d.forced == {"assign": {twins: 3}}
    g.submit("alice", d.forced)
    d = g.pending
    assert d.kind == "assign_damage" and d.player == "bob" and d.forced is None
    assert d.options["recipients"] == [giant, bears] and d.options["lethal"] == {giant: 3, bears: 2}


def test_as_though_unblocked_is_offered_as_a_whole_and_every_bot_answer_is_legal_510_1c() -> None:
    """Fuzz seed 1795924559: Thorn Elemental blocked by two creatures listed bob among the
    recipients, and the random bot split its damage between a blocker and bob, which 510.1c
    forbids without trample. The decision now says the whole may go to bob (as_unblocked); every
    bot's answer is legal; all of it to bob is legal with the blockers named at 0."""
    from engine.ai.policy import assign_lethal_in_order
    from engine.ai.random_bot import RandomBot

    steps = [{"alice": "attack", "with": ["Thorn Elemental"]}, {"pass_until": "declare_blockers"},
             {"bob": "block", "with": {"Grizzly Bears": "Thorn Elemental", "Hill Giant": "Thorn Elemental"}},
             {"pass_until": "combat_damage"}]
    setup = _combat(["Thorn Elemental"], ["Grizzly Bears", "Hill Giant"])
    g = _game(setup, steps)
    for _ in range(6):  # the blockers' order (509.2), then priority passed until damage is assigned
        if g.pending.kind == "order_blockers":
            g.submit("alice", {"order": list(g.pending.options)})
        elif g.pending.kind == "priority":
            g.submit(g.pending.player, {"action": "pass"})
    d = g.pending
    assert d.kind == "assign_damage" and d.options["as_unblocked"] == "bob"
    answers = [RandomBot(i).answer(d) for i in range(12)] + [{"assign": assign_lethal_in_order(d)}]
    assert any(a["assign"] == {"bob": 7} for a in answers) and any("bob" not in a["assign"] for a in answers)
    for a in answers:
        g.copy().submit("alice", a)  # raises IllegalAction if refused
    bears, giant = _ids(g, "Grizzly Bears")[0], _ids(g, "Hill Giant")[0]
    with pytest.raises(IllegalAction):
        g.copy().submit("alice", {"assign": {bears: 2, "bob": 5}})
    g.submit("alice", {"assign": {bears: 0, giant: 0, "bob": 7}})
    assert g.players["bob"].life == 13


def test_exerting_an_attacker_is_optional_none_is_an_answer_508_1() -> None:
    """Exert (a later keyword action, Amonkhet): "you may exert SELF as it attacks" is chosen as the attackers are
    declared (508.1), any number of the creatures offered, none included. With one exertable attacker the decision
    is not forced (a forced answer would exert it for the player) and says so (min 0, max 1); choosing none leaves
    Hooded Brawler unexerted, untapping in alice's next untap step."""
    g = _game({"active": "alice", "step": "declare_attackers", "players": {"alice": {"battlefield": [
        "Hooded Brawler"]}}}, [{"alice": "attack", "with": ["Hooded Brawler"]}])
    (brawler,) = _ids(g, "Hooded Brawler")
    d = g.pending
    assert d is not None and d.kind == "choose_cards" and d.options == [brawler]
    assert d.forced is None and (d.data["min"], d.data["max"]) == (0, 1)
    g.submit("alice", {"cards": []})
    assert "exerted_turn" not in g.objects[brawler].chosen and g.objects[brawler].tapped
    assert not [e for e in g.events if e["type"] == "exert"]


def test_a_bots_attack_is_cut_to_the_limit_and_left_as_it_is_within_it_508_1c() -> None:
    """508.1c ("No more than N creatures can attack each combat"): the bots' declaration is cut to the limit the
    decision names, the creature a requirement names (508.1d) kept first; a declaration within every limit is
    passed on as it is, in its own order (the order the attack is logged and exert is asked in)."""
    from engine.combat import within_limits
    decl = {11: "bob", 12: "bob", 13: "bob"}
    assert within_limits({"max_attackers": [[2, None]], "must": [13]}, "attackers", decl) == {13: "bob", 11: "bob"}
    assert within_limits({"max_attackers": [[1, "bob"]]}, "attackers", {11: "bob"}) == {11: "bob"}
    kept = within_limits({"max_attackers": [[3, None]], "must": [13]}, "attackers", decl)
    assert list(kept.items()) == [(11, "bob"), (12, "bob"), (13, "bob")]
    assert within_limits({}, "attackers", decl) is decl


@pytest.mark.parametrize("bands", [["x"], [1, 2], [[1, 2], 3]])
def test_attacking_bands_not_given_as_lists_of_creatures_are_refused_702_21c(bands: Any) -> None:
    """702.21c: bands are declared as a list of bands, each a list of attacking creatures; anything else is
    refused as an illegal answer (not an engine fault) and the game is as before."""
    g = _game(_combat(["Benalish Hero", "Grizzly Bears"], []), [])
    assert g.pending.kind == "attackers"
    hero, bears = _ids(g, "Benalish Hero")[0], _ids(g, "Grizzly Bears")[0]
    before = g.state_key()
    with pytest.raises(IllegalAction, match="702.21c"):
        g.submit("alice", {"attackers": {str(hero): "bob", str(bears): "bob"}, "bands": bands})
    assert g.state_key() == before


def test_the_attackers_decision_names_the_attacks_that_cost_and_only_then_508_1g() -> None:
    """508.1g-h: with bob's Ghostly Prison ("Creatures can't attack you unless their controller pays {2} for each
    creature"), the declaration of attackers names the Bears' attack as one that costs, attacking nothing for free,
    and one alice can pay alone (two Forests); without it, no attack costs and the decision names none."""
    for prison in (True, False):
        g = _game(_combat(["Grizzly Bears", "Forest", "Forest"], ["Ghostly Prison"] if prison else []), [])
        d = g.pending
        assert d.kind == "attackers"
        (bears,) = _ids(g, "Grizzly Bears")
        if prison:
            assert d.options["costly"] == [[bears, []]] and d.options["payable"] == [bears]
        else:
            assert "costly" not in d.options and "payable" not in d.options


def test_only_creatures_limited_to_some_attack_targets_are_named_in_the_hints_508_1c() -> None:
    """508.1c-d: the attackers decision names ("targets_of") the targets of the creatures that may attack only some
    of them (a restriction, a goaded creature); Grizzly Bears, free to attack bob or his Jace Beleren, is not named,
    so a client offers it every target."""
    g = _game(_combat(["Grizzly Bears"], ["Jace Beleren"]), [])
    d = g.pending
    assert d.kind == "attackers"
    (bears,) = _ids(g, "Grizzly Bears")
    assert bears in d.options["attackers"]
    assert "targets_of" not in d.options
