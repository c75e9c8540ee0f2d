"""Casting rules checked on what the engine answers (CR 601.2c, 114): a refused target is
named in the refusal, so the player learns which choice broke which rule."""
from __future__ import annotations

import pytest

from engine.cardpool import default_pool
from engine.errors import IllegalAction
from engine.scenario import Runner


def test_an_illegal_target_is_named_in_the_refusal_601_2c() -> None:
    r = Runner({"name": "t", "setup": {"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Forest"], "hand": ["Giant Growth"]},
        "bob": {"battlefield": ["Gladecover Scout"]}}}, "steps": []}, default_pool())
    r.run()
    g = r.g
    (scout,) = [i for i in g.battlefield if g.objects[i].card.name == "Gladecover Scout"]
    (growth,) = g.players["alice"].hand
    with pytest.raises(IllegalAction, match=r"^Gladecover Scout is not a legal choice for target creature"):
        g.submit("alice", {"action": "cast", "card": growth, "targets": [scout]})
    with pytest.raises(IllegalAction, match=r"^bob is not a legal choice for target creature"):
        g.submit("alice", {"action": "cast", "card": growth, "targets": ["bob"]})


def _priority_casts(players: dict) -> list[str]:
    r = Runner({"name": "t", "setup": {"active": "alice", "step": "main1", "players": players}, "steps": []},
               default_pool())
    r.run()
    g = r.g
    d = g.pending
    assert d.kind == "priority" and d.player == "alice"
    return sorted(g.objects[o["card"]].card.name for o in d.options if o.get("action") == "cast")


def test_an_x_spell_is_offered_when_x_0_is_affordable_107_3a() -> None:
    """107.3a: the player chooses X, 0 included: {X}{R} is castable with one red source."""
    assert _priority_casts({"alice": {"battlefield": ["Mountain"], "hand": ["Blaze", "Shock", "Lava Axe"]}}) \
        == ["Blaze", "Shock"]
    assert _priority_casts({"alice": {"battlefield": ["Forest", "Grizzly Bears"], "hand": ["Blaze", "Giant Growth"]}}) \
        == ["Giant Growth"]
    # {X} alone: castable with no mana at all, X = 0
    assert _priority_casts({"alice": {"hand": ["Endless One", "Shock"]}}) == ["Endless One"]


def test_a_phyrexian_symbol_is_affordable_with_life_alone_107_4f() -> None:
    """107.4f: {R/P} is paid with red mana or 2 life: Gut Shot is castable with no land."""
    assert _priority_casts({"alice": {"hand": ["Gut Shot", "Shock"]}, "bob": {"battlefield": ["Grizzly Bears"]}}) \
        == ["Gut Shot"]
    assert _priority_casts({"alice": {"life": 1, "hand": ["Gut Shot"]}}) == []


def test_a_player_who_concedes_loses_at_once_104_3a() -> None:
    r = Runner({"name": "t", "setup": {"active": "alice", "step": "main1", "players": {}}, "steps": []},
               default_pool())
    r.run()
    g = r.g
    assert g.pending.player == "alice" and not g.over
    g.submit("alice", {"action": "concede"})
    assert g.players["alice"].lost and g.winner == "bob" and g.pending is None


def test_a_legendary_sorcery_is_offered_only_with_a_legendary_creature_or_planeswalker_601_2() -> None:
    """A legendary sorcery (a later rule, printed on the card: Urza's Ruinous Blast) may be cast only
    while its caster controls a legendary creature or planeswalker; the priority options (601.2: the
    spells the player may begin to cast) hold it only then, not only the refusal of the cast."""
    plains = ["Plains"] * 5
    assert _priority_casts({"alice": {"battlefield": [*plains, "Grizzly Bears"], "hand": ["Urza's Ruinous Blast"]},
                            "bob": {"battlefield": ["Isamaru, Hound of Konda"]}}) == []
    assert _priority_casts({"alice": {"battlefield": [*plains, "Isamaru, Hound of Konda"],
                                      "hand": ["Urza's Ruinous Blast"]}}) == ["Urza's Ruinous Blast"]


def test_the_assisting_player_is_offered_every_amount_from_nothing_to_the_generic_mana_601_2g() -> None:
    """Assist (a later keyword, Battlebond): the chosen player may pay any amount of the generic mana of
    the spell's total cost (601.2g, 601.2h), nothing included: the numbers bob is asked to choose from."""
    r = Runner({"name": "t", "setup": {"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Plains", "Plains"], "hand": ["Bring Down"]},
        "bob": {"battlefield": ["Craw Wurm", "Island", "Island", "Island", "Island"]}}}, "steps": []}, default_pool())
    r.run()
    g = r.g
    (wurm,) = [i for i in g.battlefield if g.objects[i].card.name == "Craw Wurm"]
    g.submit("alice", {"action": "cast", "card": g.players["alice"].hand[0], "targets": [wurm], "assist": "bob"})
    d = g.pending
    assert d.player == "bob" and d.kind == "choose_number"
    assert (d.data.get("min"), d.data.get("max"), list(d.options)) == (0, 3, [0, 1, 2, 3])


def test_x_of_an_additional_cost_that_cannot_be_paid_is_refused_as_it_is_announced_118_3() -> None:
    """118.3, 601.2b: Toxic Deluge's "pay X life" with X = 6 and 5 life cannot be paid: the cast is refused
    as X is announced, naming the rule, and nothing of the spell's cost is paid."""
    r = Runner({"name": "t", "setup": {"active": "alice", "step": "main1", "players": {
        "alice": {"life": 5, "battlefield": ["Swamp", "Swamp", "Swamp"], "hand": ["Toxic Deluge"]}}},
        "steps": []}, default_pool())
    r.run()
    g = r.g
    refusal = r"X=6: the additional cost of Toxic Deluge cannot be paid with it \(118\.3\)"
    with pytest.raises(IllegalAction, match=refusal):
        g.submit("alice", {"action": "cast", "card": g.players["alice"].hand[0], "x": 6})
    assert g.players["alice"].life == 5 and not any(g.objects[i].tapped for i in g.battlefield)


def test_a_spell_an_effect_forbids_is_not_offered_101_2() -> None:
    """101.2: a "can't" beats the permission to cast: under Nikya of the Old Ways' "You can't cast
    noncreature spells" the priority options offer the creature spell only, not Shock."""
    lands = ["Mountain", "Forest", "Forest"]
    assert _priority_casts({"alice": {"battlefield": lands, "hand": ["Shock", "Grizzly Bears"]}}) \
        == ["Grizzly Bears", "Shock"]
    assert _priority_casts({"alice": {"battlefield": [*lands, "Nikya of the Old Ways"],
                                      "hand": ["Shock", "Grizzly Bears"]}}) == ["Grizzly Bears"]


def test_a_fused_cast_that_also_names_one_half_is_refused_702_101a() -> None:
    """702.101a: a fused split spell is both halves cast from the hand; an answer that casts it fused
    and names a half as well is refused (as one the scenario runner cannot write), then the plain
    fused cast is accepted."""
    r = Runner({"name": "t", "setup": {"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Island", "Island", "Swamp", "Swamp", "Swamp"], "hand": ["Far // Away"]},
        "bob": {"battlefield": ["Hill Giant"]}}}, "steps": []}, default_pool())
    r.run()
    g = r.g
    (giant,) = [i for i in g.battlefield if g.objects[i].card.name == "Hill Giant"]
    (card,) = g.players["alice"].hand
    for face in (0, 1):
        with pytest.raises(IllegalAction, match=r"not a split card with fuse in your hand \(702\.101a\)"):
            g.submit("alice", {"action": "cast", "card": card, "alt": "fuse", "face": face,
                               "targets": [[giant], ["bob"]]})
    assert g.players["alice"].hand == [card] and not g.stack
    g.submit("alice", {"action": "cast", "card": card, "alt": "fuse", "targets": [[giant], ["bob"]]})
    assert [g.objects[s].card.name for s in g.stack] == ["Far // Away"] and g.players["alice"].hand == []


def test_the_announced_x_of_a_mana_ability_is_fixed_in_every_argument_107_3a() -> None:
    """107.3a, 605.3a: a mana ability whose cost takes X (Calciform Pools' "Remove X storage counters")
    has no object on the stack to keep X: every {"x": True} amount of its effects is made the number
    announced, also one inside a list of arguments, and a negated one (a loss) is made negative."""
    from engine.casting import _with_x
    args = {"any": {"x": True}, "colors": ["W", "U"], "amounts": [{"x": True}, 2, {"x": True, "negate": True}],
            "nested": [[{"x": True}]]}
    assert _with_x(args, 3) == {"any": 3, "colors": ["W", "U"], "amounts": [3, 2, -3], "nested": [[3]]}


def _game_after(players: dict, step: str, steps: list):  # noqa: ANN202 - the engine's Game
    r = Runner({"name": "t", "setup": {"active": "alice", "step": step, "players": players}, "steps": steps},
               default_pool())
    r.run()
    return r.g


def test_only_forecast_reveals_the_card_it_is_activated_from_702_56b() -> None:
    """702.56b: a forecast ability is activated by revealing the card, which stays in the hand: the log
    says so. Cycling (702.28a) discards the card and reveals nothing first."""
    g = _game_after({"alice": {"battlefield": ["Plains"] * 3, "hand": ["Piercing Rays"]},
                     "bob": {"battlefield": ["Grizzly Bears"]}}, "upkeep",
                    [{"alice": "activate", "card": "Piercing Rays", "ability": 1, "targets": ["Grizzly Bears"]}])
    assert [e["cards"] for e in g.events if e["type"] == "reveal"] == [["Piercing Rays"]]
    assert [g.objects[i].card.name for i in g.players["alice"].hand] == ["Piercing Rays"]
    g = _game_after({"alice": {"battlefield": ["Island", "Island"], "hand": ["Miscalculation"],
                               "library": ["Forest"]}}, "main1",
                    [{"alice": "activate", "card": "Miscalculation", "ability": 1}, {"resolve": "all"}])
    assert [g.objects[i].card.name for i in g.players["alice"].graveyard] == ["Miscalculation"]
    assert [g.objects[i].card.name for i in g.players["alice"].hand] == ["Forest"]
    assert [e for e in g.events if e["type"] == "reveal"] == []


def test_a_counter_cost_that_cant_be_paid_is_not_offered_118_3() -> None:
    """118.3, 602.2b: Devoted Druid's "Put a -1/-1 counter on SELF: Untap SELF" is offered while the counter can be
    put on it (bob's Melira only protects bob's creatures), and not under alice's own Melira, Sylvok Outcast
    ("Creatures you control can't have -1/-1 counters put on them"): the cost can't be paid."""
    def untap_offered(melira_of: str | None) -> bool:
        players: dict = {"alice": {"battlefield": [{"name": "Devoted Druid", "tapped": True}]}, "bob": {}}
        if melira_of is not None:
            players[melira_of].setdefault("battlefield", []).append("Melira, Sylvok Outcast")
        r = Runner({"name": "t", "setup": {"active": "alice", "step": "main1", "players": players}, "steps": []},
                   default_pool())
        r.run()
        g = r.g
        (druid,) = [i for i in g.battlefield if g.objects[i].card.name == "Devoted Druid"]
        d = g.pending
        assert d is not None and d.kind == "priority" and d.player == "alice"
        return any(o.get("action") == "activate" and o.get("card") == druid and o.get("ability") == 1
                   for o in d.options)
    assert untap_offered(None)
    assert untap_offered("bob")
    assert not untap_offered("alice")


def test_a_modal_spell_with_targets_for_more_slots_than_its_modes_have_is_refused_so_601_2c() -> None:
    """601.2c, 700.2c: the targets of a modal spell are those of the chosen modes. Izzet Charm's second mode ("SELF
    deals 2 damage to target creature") has one target slot: an answer naming two slots is refused, and the refusal
    says how many were named and how many the chosen mode has."""
    r = Runner({"name": "t", "setup": {"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Island", "Mountain"], "hand": ["Izzet Charm"]},
        "bob": {"battlefield": ["Grizzly Bears"]}}}, "steps": []}, default_pool())
    r.run()
    g = r.g
    (bears,) = [i for i in g.battlefield if g.objects[i].card.name == "Grizzly Bears"]
    (charm,) = g.players["alice"].hand
    with pytest.raises(IllegalAction, match=r"^targets: 2 slot\(s\) named, the chosen modes have 1 \(mode 2 "):
        g.submit("alice", {"action": "cast", "card": charm, "modes": [1], "targets": [[bears], ["bob"]]})
    assert g.stack == [] and g.players["alice"].hand == [charm]


def test_the_mana_a_triggered_mana_ability_adds_is_logged_with_its_source_605_1b() -> None:
    """605.1b, 106.1a: Fertile Ground's "Whenever enchanted land is tapped for mana, its controller adds an
    additional one mana of any color": alice taps her Forest by hand, chooses blue, and has {G}{U}; the game log
    (public) names Fertile Ground as the source of the blue mana."""
    r = Runner({"name": "t", "setup": {"active": "alice", "step": "main1", "players": {"alice": {"battlefield": [
        {"name": "Forest", "id": "f"}, {"name": "Fertile Ground", "attached_to": "f"}]}}}, "steps": []},
        default_pool())
    r.run()
    g = r.g
    (forest,) = [i for i in g.battlefield if g.objects[i].card.name == "Forest"]
    g.submit("alice", {"action": "activate", "card": forest, "ability": 0})
    assert g.pending is not None and g.pending.kind == "choose_option"
    g.submit("alice", {"option": "U"})
    assert g.players["alice"].pool == {"G": 1, "U": 1}
    assert [e for e in g.events if e.get("type") == "mana"][-1] == {
        "player": "alice", "mana": "U", "source": "Fertile Ground", "type": "mana"}


def test_a_keyword_cast_of_no_card_is_refused_601_2a() -> None:
    """601.2a: a spell is cast from a card (or a copy); an answer casting "flashback" with an object id that names
    nothing in the game is refused, and nothing is put on the stack."""
    r = Runner({"name": "t", "setup": {"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Mountain"], "graveyard": ["Lightning Bolt"]}}}, "steps": []}, default_pool())
    r.run()
    g = r.g
    gone = max(g.objects) + 100
    with pytest.raises(IllegalAction, match=r"is not a card you may cast$"):
        g.submit("alice", {"action": "cast", "card": gone, "alt": "flashback", "targets": [["bob"]]})
    assert g.stack == []


def test_a_mode_is_one_of_the_modes_printed_700_2() -> None:
    """601.2b, 700.2, 700.2d: Cryptic Command's two modes are two of its four modes, by their place: a place before
    the first (-1, which a list index would read as the last mode) or past the last is refused, so the last mode
    can't be chosen twice under another number."""
    from engine.casting import check_modes

    (ab,) = [a for a in default_pool().definition("Cryptic Command").abilities if a.kind == "spell"]
    check_modes(ab, [0, 3])
    for bad in ([3, -1], [-1, 0], [0, 4], [2, 2]):
        with pytest.raises(IllegalAction, match=r"^modes: choose 2 different mode\(s\) of 4"):
            check_modes(ab, bad)


def test_mutate_casts_a_mutating_creature_spell_scenarios() -> None:
    """Mutate (a later keyword): cast for its mutate cost with its target, merged as it resolves or a creature
    spell when the target is gone (engine/casting.py, engine/mutate.py): its scenarios pass."""
    from pathlib import Path

    from engine.scenario import run_file
    path = Path(__file__).resolve().parent / "scenarios" / "cards_c32a" / "mutate.yaml"
    results = run_file(path, default_pool())
    assert len(results) >= 8 and all(reason is None for _, reason in results), results
