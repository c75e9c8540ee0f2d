"""Blocking limits checked on what the engine answers (CR 509.1a, 509.1b): a creature blocks
one attacker, or one more for each "can block an additional creature" ability, and the
refusal names the limit."""
from __future__ import annotations

import pytest

from engine.cardpool import default_pool
from engine.errors import IllegalAction
from engine.scenario import Runner


def _blockers_step(bob: list) -> tuple:  # noqa: ANN401
    """Three Grizzly Bears attack bob; the game waits for bob's blockers (509.1)."""
    r = Runner({"name": "t", "setup": {"active": "alice", "step": "declare_attackers", "players": {
        "alice": {"battlefield": ["Grizzly Bears", "Grizzly Bears", "Grizzly Bears"]},
        "bob": {"battlefield": bob}}},
        "steps": [{"alice": "attack", "with": ["Grizzly Bears#1", "Grizzly Bears#2", "Grizzly Bears#3"]},
                  {"pass_until": "declare_blockers"}]}, default_pool())
    r.run()
    g = r.g
    assert g.pending.kind == "blockers" and g.pending.player == "bob"
    bears = [i for i in g.battlefield if g.objects[i].card.name == "Grizzly Bears"]
    return g, bears


def test_a_creature_blocks_one_attacker_509_1a() -> None:
    """509.1a: a creature with no blocking ability blocks one attacker; two is refused with
    the limit named."""
    g, bears = _blockers_step(["Hill Giant"])
    (giant,) = [i for i in g.battlefield if g.objects[i].card.name == "Hill Giant"]
    before = g.state_key()
    with pytest.raises(IllegalAction, match=r"^Hill Giant can block only 1 creature\(s\)"):
        g.submit("bob", {"blockers": {str(giant): bears[:2]}})
    assert g.state_key() == before


def test_can_block_an_additional_creature_allows_two_not_three_509_1b() -> None:
    """509.1b, 509.1c: "can block an additional creature each combat" (Ghastbark Twins) lets
    it block two attackers, not three."""
    g, bears = _blockers_step(["Ghastbark Twins"])
    (twins,) = [i for i in g.battlefield if g.objects[i].card.name == "Ghastbark Twins"]
    before = g.state_key()
    with pytest.raises(IllegalAction, match=r"^Ghastbark Twins can block only 2 creature\(s\)"):
        g.submit("bob", {"blockers": {str(twins): bears}})
    assert g.state_key() == before
    g.submit("bob", {"blockers": {str(twins): bears[:2]}})
    assert all(g.objects[b].blocked for b in bears[:2]) and not g.objects[bears[2]].blocked


def test_a_creature_that_is_not_attacking_cannot_be_blocked_509_1a() -> None:
    """509.1a: each blocker blocks an attacking creature; naming one that is not attacking is
    refused with that reason."""
    g, bears = _blockers_step(["Hill Giant", "Grizzly Bears"])
    (giant,) = [i for i in g.battlefield if g.objects[i].card.name == "Hill Giant"]
    (own,) = [i for i in bears if g.chars(i).controller == "bob"]
    before = g.state_key()
    with pytest.raises(IllegalAction, match=r"^Grizzly Bears is not attacking$"):
        g.submit("bob", {"blockers": {str(giant): [own]}})
    assert g.state_key() == before


def test_a_refused_declaration_names_the_lure_requirement_it_breaks_509_1c() -> None:
    """509.1c: Ghastbark Twins could block Prized Unicorn ("all creatures able to block it do
    so"); declaring no block is refused naming that requirement, not the other attacker."""
    r = Runner({"name": "t", "setup": {"active": "alice", "step": "declare_attackers", "players": {
        "alice": {"battlefield": ["Grizzly Bears", "Prized Unicorn"]},
        "bob": {"battlefield": ["Ghastbark Twins"]}}},
        "steps": [{"alice": "attack", "with": ["Grizzly Bears", "Prized Unicorn"]},
                  {"pass_until": "declare_blockers"}]}, default_pool())
    r.run()
    g = r.g
    assert g.pending.kind == "blockers"
    before = g.state_key()
    with pytest.raises(IllegalAction, match=r"^Ghastbark Twins must block Prized Unicorn: all creatures able to block "
                                            r"it do so \(509\.1c\)"):
        g.submit("bob", {"blockers": {}})
    assert g.state_key() == before


def test_the_attack_is_logged_naming_the_player_attacked_508_1a() -> None:
    """508.1a-b: the active player declares each attacker and what it attacks; the log names
    the creature and the player by name, as every seat sees them."""
    g, bears = _blockers_step(["Hill Giant"])
    (entry,) = [e for e in g.events if e.get("type") == "attack"]
    assert entry["attackers"] == [["Grizzly Bears", "bob"]] * 3


def test_an_attacker_of_another_player_cannot_be_blocked_and_the_refusal_says_so_509_1a() -> None:
    """509.1a, 802.1: in a three-player game bob may block only creatures attacking him (or a
    planeswalker he controls); blocking the Grizzly Bears attacking carol is refused with
    that reason, not as blocking a creature that is not attacking."""
    r = Runner({"name": "t", "setup": {"seats": ["alice", "bob", "carol"], "active": "alice",
                                       "step": "declare_attackers", "players": {
                                           "alice": {"battlefield": ["Hill Giant", "Grizzly Bears"]},
                                           "bob": {"battlefield": ["Savannah Lions"]}, "carol": {}}},
                "steps": [{"alice": "attack", "with": {"Hill Giant": "bob", "Grizzly Bears": "carol"}},
                          {"pass_until": "declare_blockers"}]}, default_pool())
    r.run()
    g = r.g
    assert g.pending.kind == "blockers" and g.pending.player == "bob"
    (lions,) = [i for i in g.battlefield if g.objects[i].card.name == "Savannah Lions"]
    (bears,) = [i for i in g.battlefield if g.objects[i].card.name == "Grizzly Bears"]
    before = g.state_key()
    with pytest.raises(IllegalAction, match=r"^Grizzly Bears is not attacking you or a planeswalker you control$"):
        g.submit("bob", {"blockers": {str(lions): [bears]}})
    assert g.state_key() == before


def test_only_a_creature_that_blocks_each_combat_if_able_is_named_as_one_that_must_block_509_1c() -> None:
    """509.1c: Razorgrass Screen "blocks each combat if able": the blockers decision names it, with every attacker
    it could block, among the creatures that must block; Hill Giant, under no requirement, is not named there."""
    g, bears = _blockers_step(["Razorgrass Screen", "Hill Giant"])
    (screen,) = [i for i in g.battlefield if g.objects[i].card.name == "Razorgrass Screen"]
    (giant,) = [i for i in g.battlefield if g.objects[i].card.name == "Hill Giant"]
    opts = g.pending.options
    assert sorted(opts["blockers"][screen]) == sorted(bears) and sorted(opts["blockers"][giant]) == sorted(bears)
    assert list(opts["must"]) == [screen] and sorted(opts["must"][screen]) == sorted(bears)


def test_an_attacker_that_must_be_blocked_if_able_is_named_when_a_creature_can_block_it_509_1c() -> None:
    """509.1c: Gaea's Protector "must be blocked if able": when bob's Hill Giant can block it, the blockers decision
    names it among the attackers that must be blocked; the Grizzly Bears attacking beside it are not named."""
    r = Runner({"name": "t", "setup": {"active": "alice", "step": "declare_attackers", "players": {
        "alice": {"battlefield": ["Gaea's Protector", "Grizzly Bears"]}, "bob": {"battlefield": ["Hill Giant"]}}},
        "steps": [{"alice": "attack", "with": ["Gaea's Protector", "Grizzly Bears"]},
                  {"pass_until": "declare_blockers"}]}, default_pool())
    r.run()
    g = r.g
    (protector,) = [i for i in g.battlefield if g.objects[i].card.name == "Gaea's Protector"]
    assert g.pending.kind == "blockers"
    assert g.pending.options["blocked_if_able"] == [protector]


def test_the_requirement_search_tries_at_most_its_budget_of_declarations_509_1c(monkeypatch) -> None:
    """509.1c: a declaration that obeys fewer requirements than another possible one is refused (Lure: "All
    creatures able to block enchanted creature do so"; Hill Giant blocks nothing); the search for a better one
    tries at most ``combat._BLOCK_SEARCH`` declarations, one each (a combat too large to search is accepted as
    given). Here two are tried: the empty one and the Giant's block; with a budget of 2 the refusal stands, with 1
    the search stops first."""
    from engine import combat
    for budget, refused in ((2, True), (1, False)):
        monkeypatch.setattr(combat, "_BLOCK_SEARCH", budget)
        r = Runner({"name": "t", "setup": {"active": "alice", "step": "declare_attackers", "players": {
            "alice": {"battlefield": [{"name": "Grizzly Bears", "id": "bears"},
                                      {"name": "Lure", "attached_to": "bears"}]},
            "bob": {"battlefield": ["Hill Giant"]}}},
            "steps": [{"alice": "attack", "with": ["bears"]}, {"pass_until": "declare_blockers"}]}, default_pool())
        r.run()
        g = r.g
        assert g.pending.kind == "blockers" and g.pending.player == "bob"
        if refused:
            with pytest.raises(IllegalAction, match="509.1c"):
                g.submit("bob", {"blockers": {}})
        else:
            g.submit("bob", {"blockers": {}})
            assert g.pending.kind == "priority"
