"""A decision states the limits an answer must keep, so that a client (the random player, the AI, a LAN
table) can build a legal answer from the decision alone: the most targets of damage "divided as you choose"
(601.2d), and the attacks that cost mana or life (508.1g) beside the creatures that must attack (508.1d)."""
from __future__ import annotations

from engine.ai.random_bot import RandomBot
from engine.game import Game
from engine.setup import from_setup


def _named(g: Game, name: str) -> int:
    return next(i for i in g.battlefield if g.objects[i].card.name == name)


def _pass_to(g: Game, kind: str) -> None:
    while g.pending is not None and g.pending.kind == "priority":
        g.submit(g.pending.player, {"action": "pass"})
    assert g.pending is not None and g.pending.kind == kind, g.pending


def test_a_divided_trigger_takes_no_more_targets_than_its_damage() -> None:
    """601.2d, 603.3d: Kuldotha Flamefiend's 4 damage "divided as you choose among any number of targets": each
    target is dealt at least 1, so the decision offers at most 4 targets, and a random answer is always legal."""
    g = from_setup({"active": "alice", "step": "main1", "players": {
        "alice": {"hand": ["Kuldotha Flamefiend"], "battlefield": ["Mountain"] * 6 + ["Ornithopter"]},
        "bob": {"battlefield": ["Grizzly Bears"] * 6}}})
    card = g.players["alice"].hand[0]
    g.submit("alice", {"action": "cast", "card": card})
    _pass_to(g, "trigger_targets")
    assert g.pending.options["target_counts"][0][1] == 4
    for seed in range(40):
        c = g.copy()
        c.submit("alice", RandomBot(seed).answer(c.pending))  # IllegalAction if more targets than damage


def test_a_divided_spell_offers_no_more_targets_than_its_damage() -> None:
    """601.2d: Fiery Justice's 5 damage among any number of targets: a cast option of at most 5 targets."""
    g = from_setup({"active": "alice", "step": "main1", "players": {
        "alice": {"hand": ["Fiery Justice"], "battlefield": ["Mountain", "Forest", "Plains"] * 2},
        "bob": {"battlefield": ["Grizzly Bears"] * 7}}})
    opt = next(o for o in g.pending.options if o.get("action") == "cast")
    assert [c[1] for c in opt["target_counts"]] == [5, 1]


def test_attacks_that_cost_are_named_and_a_random_declaration_is_legal() -> None:
    """508.1d, 508.1g-h: Phyrexian Juggernaut must attack; Qal Sisma Behemoth's attack costs {2} and, under
    Propaganda, every attack {2} more. With no land to pay, no attack that costs is payable; the decision says
    which cost and a random declaration keeps the requirement and pays nothing."""
    g = from_setup({"active": "alice", "step": "declare_attackers", "players": {
        "alice": {"battlefield": ["Phyrexian Juggernaut", "Qal Sisma Behemoth", "Grizzly Bears"]},
        "bob": {"battlefield": ["Propaganda"]}}})
    assert g.pending.kind == "attackers"
    juggernaut, behemoth = _named(g, "Phyrexian Juggernaut"), _named(g, "Qal Sisma Behemoth")
    costly = dict((a, free) for a, free in g.pending.options["costly"])
    assert set(costly) == {juggernaut, behemoth, _named(g, "Grizzly Bears")} and costly[behemoth] == []
    assert g.pending.options["payable"] == []
    for seed in range(30):
        c = g.copy()
        c.submit("alice", RandomBot(seed).answer(c.pending))


def test_a_payable_attack_is_offered_alone() -> None:
    """508.1g: with two Plains, one attack that costs {2} can be paid: it is payable, and a random declaration
    never attacks with two creatures that would cost {4} together."""
    g = from_setup({"active": "alice", "step": "declare_attackers", "players": {
        "alice": {"battlefield": ["Grizzly Bears", "Savannah Lions", "Plains", "Plains"]},
        "bob": {"battlefield": ["Propaganda"]}}})
    assert sorted(g.pending.options["payable"]) == sorted([_named(g, "Grizzly Bears"), _named(g, "Savannah Lions")])
    seen = set()
    for seed in range(30):
        c = g.copy()
        a = RandomBot(seed).answer(c.pending)
        c.submit("alice", a)
        seen.add(len(a["attackers"]))
    assert seen == {0, 1}


def test_a_slot_tied_to_an_earlier_target_names_its_players() -> None:
    """601.2c: Yosei's "target player skips their next untap step. Tap up to five target permanents that player
    controls": the second slot's targets are the chosen player's permanents; the decision says so (``tied``) and a
    random answer keeps to them."""
    g = from_setup({"active": "bob", "step": "main1", "players": {
        "alice": {"battlefield": ["Yosei, the Morning Star", "Plains", "Plains", "Savannah Lions"]},
        "bob": {"hand": ["Doom Blade"], "battlefield": ["Swamp", "Swamp", "Grizzly Bears", "Llanowar Elves"]}}})
    yosei = _named(g, "Yosei, the Morning Star")
    g.submit("bob", {"action": "cast", "card": g.players["bob"].hand[0], "targets": [[yosei]]})
    _pass_to(g, "trigger_targets")
    tied = g.pending.options["tied"]
    assert tied[0] is None and tied[1]["slot"] == 0
    cands = g.pending.options["targets"][1]
    assert {g.controller_of(c) for c in cands} == {"alice", "bob"}
    assert tied[1]["players"] == [g.controller_of(c) for c in cands]
    for seed in range(30):
        c = g.copy()
        c.submit("alice", RandomBot(seed).answer(c.pending))  # IllegalAction if a permanent of the other player


def test_turning_face_up_is_offered_only_when_its_cost_can_be_chosen() -> None:
    """702.36e, 118.3: Fathom Seer's "Morph—Return two Islands you control to their owner's hand": with one Island
    turning it face up is not offered (it would be refused); with two it is."""
    for islands, offered in ((1, False), (2, True)):
        g = from_setup({"active": "alice", "step": "main1", "players": {
            "alice": {"battlefield": [{"name": "Fathom Seer", "face_down": True}] + ["Island"] * islands}}})
        ups = [o for o in g.pending.options if o.get("action") == "turn_face_up"]
        assert bool(ups) is offered
        for o in ups:
            g.copy().submit("alice", {k: o[k] for k in ("action", "card", "alt")})


def test_characteristics_read_the_tap_of_attacking_while_exert_is_asked() -> None:
    """508.1f, 613: Saryth's "Other tapped creatures you control have deathtouch. Other untapped ... hexproof": a
    Hooded Brawler tapped as it attacks has deathtouch, not hexproof, already while its exert is asked (fuzz seed
    70243 kept its characteristics from before the tap)."""
    g = from_setup({"active": "alice", "step": "declare_attackers", "players": {
        "alice": {"battlefield": ["Saryth, the Viper's Fang", "Hooded Brawler"]}, "bob": {}}})
    brawler = _named(g, "Hooded Brawler")
    assert g.chars(brawler).keywords >= {"Hexproof"}
    g.submit("alice", {"attackers": {brawler: "bob"}})
    assert g.pending.kind == "choose_cards"
    assert "Deathtouch" in g.chars(brawler).keywords and "Hexproof" not in g.chars(brawler).keywords
