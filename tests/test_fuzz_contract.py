"""Supported means it runs (issue 21, item 2): engine/contract.py walks a card's compiled
data against what the runtime evaluates, names each field it cannot run, and makes such a
card unsupported; its tables agree with the evaluator both ways."""
from __future__ import annotations

import random

import pytest

from engine import contract, values
from engine.bench_layers import setup
from engine.cardpool import CardPool
from engine.cards.abilities import Ability, CardDef, Effect
from engine.errors import Unsupported
from engine.randomdeck import _names, playable
from engine.support import unsupported_reasons


@pytest.fixture(scope="module")
def cards() -> CardPool:
    return CardPool()


SAMPLES = {  # one amount of each kind the evaluator computes
    "power_this_way": {"power_this_way": {"types": ["Creature"]}, "action": "destroyed"},
    "dungeon_names": {"dungeon_names": "you"}, "colors_of": {"colors_of": "self"},
    "opponents_attacked": {"opponents_attacked": True},
    "x": {"x": True}, "count": {"count": {"types": ["Creature"]}}, "times": {"times": 2, "of": 3},
    "plus": {"plus": [1, 2]}, "power_of": {"power_of": "self"}, "toughness_of": {"toughness_of": "self"},
    "count_this_way": {"count_this_way": {"types": ["Creature"]}, "action": "milled"},
    "power_this_way": {"power_this_way": {"types": ["Creature"]}, "action": "destroyed"},
    "dungeon_names": {"dungeon_names": "you"},
    "blockers_beyond_first": {"blockers_beyond_first": "self"}, "lost_this_way": {"lost_this_way": True},
    "that_much": {"that_much": True}, "life_gained_this_turn": {"life_gained_this_turn": "you"},
    "life_of": {"life_of": "you"}, "life_turn_began": {"life_turn_began": "you"},
    "type_in_common": {"type_in_common": "you"}, "chosen_number": {"chosen_number": True},
    "life_lost_turn_of": {"life_lost_turn_of": "you"},
    "starting_life": {"starting_life": "you"}, "opponents_life_lost": {"opponents_life_lost": "you"},
    "opponents_poison": {"opponents_poison": "you"},
    "total_power": {"total_power": {"types": ["Creature"]}},
    "total_toughness": {"total_toughness": {"types": ["Creature"]}}, "hand_of": {"hand_of": "you"},
    "poison_of": {"poison_of": "you"},
    "total_mv": {"total_mv": {"types": ["Creature"]}},
    "greatest": {"greatest": "power", "among": {}}, "counters_on": {"counters_on": "self", "kind": "fellowship"},
    "counters_among": {"counters_among": {"types": ["Creature"]}, "kind": "+1/+1"},
    "devotion": {"devotion": ["B"]}, "domain": {"domain": "you"}, "graveyard_types": {"graveyard_types": "you"},
    "drawn_this_turn": {"drawn_this_turn": "you"}, "colors_spent": {"colors_spent": "self"},
    "mv_of": {"mv_of": "self"}, "highest_life": {"highest_life": "opponents"},
    "lowest_life": {"lowest_life": "all"},
    "starting_life": {"starting_life": True}, "speed_of": {"speed_of": "you"},
    "times_paid": {"times_paid": "Squad"}, "paid": {"paid": True}, "half": {"half": {"life_of": "you"}, "up": True},
    "third": {"third": {"life_of": "you"}, "up": True}, "library_size": {"library_size": "you"},
    "lands_played": {"lands_played": "you"},
    "party": {"party": "you"}, "colors_among": {"colors_among": {"controller": "you"}},
    "colors_of": {"colors_of": "self"},
    "dealt_this_way": {"dealt_this_way": True}, "excess_this_way": {"excess_this_way": True},
    "minus": {"minus": [3, {"hand_of": "you"}]}, "spells_cast_this_turn": {"spells_cast_this_turn": "you"},
    "player_counters": {"player_counters": "you", "kind": "experience"},
    "died_this_turn": {"died_this_turn": {"types": ["Creature"]}}, "mana_spent_on": {"mana_spent_on": "self"},
    "devoured": {"devoured": {"types": ["Creature"]}},
    "discarded_this_turn": {"discarded_this_turn": "you"}, "sacrificed_this_turn": {"sacrificed_this_turn": "you"},
    "attackers_this_turn": {"attackers_this_turn": "each"},
    "descended_this_turn": {"descended_this_turn": "you"},
    "per_target": {"per_target": {"x": True}, "slot": 0},
    "cast_before_it": {"cast_before_it": {"types": ["Instant", "Sorcery"]}},
    "commander_casts": {"commander_casts": "you"}, "votes": {"votes": "death"},
    "most_discarded_this_way": {"most_discarded_this_way": True}, "drawn_this_way": {"drawn_this_way": True},
    "removed_this_way": {"removed_this_way": True}, "exiled_from_hand": {"exiled_from_hand": True},
    "unlocked_doors": {"unlocked_doors": "you"},
    "mutations": {"mutations": "self"}, "plus_counters_put": {"plus_counters_put": "own"},
}


@pytest.fixture(scope="module")
def game(cards):
    g = setup(cards, 0, 2)
    return g, g.battlefield[-1]


def ctx(g, src):
    return {"obj": src, "legal": [[g.battlefield[0]]], "created": [], "answers": {}, "controller": "p0"}


def test_every_amount_kind_the_walker_accepts_is_computed_in_and_out_of_a_resolution(game):
    g, src = game
    assert set(SAMPLES) == set(values.AMOUNT_KINDS)
    g.objects[src].counters["fellowship"] = 2
    for head, a in SAMPLES.items():
        assert contract.amount_problems(a) == [], head
        assert isinstance(values.amount(g, a, src, ctx(g, src)), int), head
        if head in values.STATIC_AMOUNT_KINDS:
            assert contract.amount_problems(a, static=True) == []
            assert isinstance(values.amount(g, a, src), int), head
        else:
            assert contract.amount_problems(a, static=True) == [f"amount {head} outside a resolution"]
    assert values.amount(g, SAMPLES["counters_on"], src) == 2  # counters of any kind, in a static too


def test_every_reference_the_walker_accepts_is_resolved_and_others_are_refused(game):
    g, src = game
    for word in values.REF_WORDS:
        assert contract.ref_problems(word) == []
        assert isinstance(values.refs(g, ctx(g, src), word), list), word
    for word in values.STATIC_REFS:
        assert contract.ref_problems(word, static=True) == []
        values.static_refs(g, src, word)
    for bad in ("its_controller", "its_owner"):  # ("that_player" is read only in a per-player count)
        assert contract.ref_problems(bad) == [f"reference {bad!r}"]
        with pytest.raises(Unsupported, match="unsupported reference"):
            values.refs(g, ctx(g, src), bad)
    with pytest.raises(Unsupported, match="unsupported amount"):
        values.amount(g, {"mv_total": "self"}, src, ctx(g, src))
    assert contract.amount_problems({"mv_total": "self"}) == ["amount ['mv_total']"]
    # "its mana value" is read for what a resolution names now or last knew (its targets, the card
    # it took, "it"); any other reference is refused when the card is compiled
    assert [r for r in unsupported_reasons(card(spell(Effect("gain_life", {"who": "you", "amount": {
        "mv_of": "exiled"}})))) if "mv_of" in r] == ["amount mv_of 'exiled'"]


def card(*abilities: Ability) -> CardDef:
    return CardDef(name="Test Card", mana_cost=("R",), types=["Sorcery"], abilities=list(abilities))


def spell(*effects: Effect) -> Ability:
    return Ability(kind="spell", effects=list(effects), text="test")


def test_the_walker_names_the_ability_the_op_and_the_field(cards):
    # ("that_player" in a hand count is read for each player the damage affects: engine/support.py checks it)
    bad = card(spell(Effect("damage", {"amount": {"hand_of": "their_owner"}, "to": {"target": 0}})),
               spell(Effect("gain_life", {"who": "you", "amount": {"count_this_way": {}, "action": "unheard"}})),
               spell(Effect("counters", {"what": "you", "kind": "energy", "amount": 2})),
               spell(Effect("counters", {"what": "self", "kind": "any", "amount": 1})),
               spell(Effect("may", {"effects": [Effect("draw", {"who": "their_owner", "amount": 1})]})),
               spell(Effect("frobnicate", {})),
               Ability(kind="mana", text="mana", effects=[Effect("add_mana", {"any": {"x": True}})]),
               Ability(kind="static", text="anthem", static={"kind": "anthem", "affects": "self", "power": 1, "toughness": 1,
                                              "per": {"that_much": True}}))
    assert contract.problems(bad) == [
        "ability 1 (spell): damage.amount: reference 'their_owner' in amount hand_of",
        "ability 2 (spell): gain_life.amount: amount count_this_way unheard",
        # ability 3, energy counters on a player, is carried out (121.1: engine/ops/objects.py)
        "ability 4 (spell): counters.kind: counter kind 'any'",
        "ability 5 (spell): draw.who: reference 'their_owner'",
        "ability 6 (spell): op frobnicate",
        "ability 7 (mana): add_mana.any: {'x': True} where the op reads a number as written",
        "ability 8 (static): static anthem.per: amount that_much outside a resolution",
    ]
    assert all(f"runs: {p}" in unsupported_reasons(bad) for p in contract.problems(bad))


def test_cards_the_fuzz_found_running_wrong_are_unsupported_with_the_field_named(cards):
    for name, field in (("Wizard's Rockets", "add_mana.any: {'x': True}"),):  # seed 31082: int() of a dict
        assert any(field in r for r in unsupported_reasons(cards.definition(name))), name
    # Fumigate's "for each creature destroyed this way" is counted now (engine.values.gone_matches; its
    # scenario: tests/scenarios/cards/count_destroyed_this_way_fumigate.yaml)
    assert unsupported_reasons(cards.definition("Fumigate")) == []
    assert unsupported_reasons(cards.definition("Trawler Drake")) == []  # oil counters on itself: it runs
    # "Remove all counters from target permanent": the counters op removes every kind now (its scenario:
    # tests/scenarios/cards/remove_counters_any_kind.yaml); "put a counter of any kind" is still refused
    assert unsupported_reasons(cards.definition("Vampire Hexmage")) == []
    # "the number of cards in that player's hand" is now bound to the target it names, and runs
    impact = cards.definition("Sudden Impact")
    assert unsupported_reasons(impact) == []
    assert impact.abilities[0].effects[0].args["amount"] == {"hand_of": {"target": 0}}


def test_a_sample_of_supported_cards_walks_clean(cards):
    """Every card the checker calls supported is one the walker accepts (the whole corpus is
    walked by ``python -m engine.cards.coverage``; here a seeded sample of 600 names)."""
    names = random.Random(21).sample(_names(), 600)
    walked = 0
    for n in names:
        if playable(cards, n):
            assert contract.problems(cards.definition(n)) == [], n
            walked += 1
    assert walked > 150


def test_an_amount_the_runtime_lacks_met_on_a_pass_is_an_engine_fault_not_an_illegal_pass(
        cards, monkeypatch, tmp_path):
    """A card whose amount the evaluator lacks used to raise IllegalAction while a spell
    resolved on a pass: the pass was refused as if illegal and no answer could move the
    game on (the fuzz's seeds 2148, 2193). It is an engine fault now: contained, the game
    put back, the player told."""
    from engine.ai.random_bot import RandomBot
    from engine.bench import GREEN, RED
    from engine.errors import EngineFault, IllegalAction
    from engine.game import Game
    from engine.ops import OPS

    monkeypatch.setenv("MANATABLE_DATA", str(tmp_path))
    real = OPS["damage"]

    def damage(g, r, e):
        values.amount(g, {"mv_total": "self"}, None, r)
        return real(g, r, e)
    monkeypatch.setitem(OPS, "damage", damage)
    g = Game.new([("p0", RED), ("p1", GREEN)], cards, 1)
    bots = {"p0": RandomBot(3), "p1": RandomBot(4)}
    faults = 0
    for _ in range(3000):
        d = g.pending
        if d is None:
            break
        before = g.state_key()
        try:
            try:
                g.submit(d.player, bots[d.player].answer(d))
            except IllegalAction:
                g.submit(d.player, d.forced if d.forced is not None else {"action": "pass"})
        except EngineFault as e:
            assert "unsupported amount" in str(e) and g.state_key() == before
            faults += 1
            if faults == 3:
                break
    assert faults >= 1


def test_a_controller_reference_the_runtime_cannot_read_is_unsupported():
    """Fuzz seed 1795914048 (issue 21): "... its controller controls" compiled to the controller
    reference ``its_controller`` in an "each" filter, which engine.values.bind_players reads with
    ``refs``; the checker took it and the runtime raised Unsupported mid-game. A reference it can
    read (a target's controller, "that player" in a per-player count) stays supported."""
    each = {"types": ["Creature"], "controller": "its_controller"}
    bad = card(spell(Effect("destroy", {"what": {"each": each}})))
    assert "reference 'its_controller' as a controller" in unsupported_reasons(bad)
    ok = card(spell(Effect("destroy", {"what": {"each": {"types": ["Creature"], "controller": "opponent"}}})))
    assert not any("as a controller" in r for r in unsupported_reasons(ok))


def test_a_count_is_run_in_the_zones_the_walker_accepts_and_refused_elsewhere(game):
    """Fuzz seed 1795935453 (issue 21): Rite of Flame's "for each card named Rite of Flame in each
    graveyard" compiled to a count of cards in the zone ``any_card`` (a card wherever a sentence
    says), which engine.values.amount cannot count: the checker took it and the game faulted
    mid-resolution. A count is of the battlefield or of one zone of each player (400.1)."""
    g, src = game
    for zone in sorted(contract.COUNT_ZONES):
        a = {"count": {"types": ["Creature"], "zone": zone}}
        assert contract.amount_problems(a) == [], zone
        assert isinstance(values.amount(g, a, src, ctx(g, src)), int), zone
    for zone in ("any_card", "stack"):
        assert contract.amount_problems({"count": {"name": "SELF", "zone": zone}}) == [f"amount count in zone {zone!r}"]
    nested = {"plus": [1, {"times": 2, "of": {"count": {"zone": "any_card"}}}]}
    assert contract.amount_problems(nested) == ["amount count in zone 'any_card'"]


def test_their_life_total_is_read_only_for_each_player_an_instruction_affects(game):
    """"That player loses half their life": counted for each player who loses it (values.amount_for);
    the same amount in an instruction not carried out player by player, or in a static, is refused."""
    g, src = game
    half_theirs = {"half": {"life_of": "that_player"}, "up": True}
    assert unsupported_reasons(card(spell(Effect("lose_life", {"who": "each_opponent", "amount": half_theirs})))) == []
    assert [r for r in unsupported_reasons(card(spell(Effect("scry", {"who": "you", "amount": half_theirs}))))
            if "life_of" in r] == ["amount life_of that_player outside a per-player instruction"]
    # a draw counts its amount for each player who draws (engine/ops/zones.py draw: Nature's Resurgence)
    assert [r for r in unsupported_reasons(card(spell(Effect("draw", {"who": "you", "amount": half_theirs}))))
            if "life_of" in r] == []
    assert contract.amount_problems({"life_of": "each_opponent"}, static=True) == [
        "amount life_of 'each_opponent' outside a resolution"]
    you = g.controller_of(src)
    other = next(p for p in g.order if p != you)
    lives = g.players[you].life, g.players[other].life
    g.players[you].life, g.players[other].life = 9, 7
    r = ctx(g, src)
    try:
        assert values.amount_for(g, half_theirs, src, r, other) == 4
        assert values.amount_for(g, {**half_theirs, "up": False}, src, r, other) == 3
        assert values.amount(g, {"half": {"life_of": "you"}, "up": False}, src, r) == 4
    finally:
        g.players[you].life, g.players[other].life = lives


def test_blocks_of_a_source_that_left_the_battlefield_are_not_read(cards):
    """engine/filters.py reads "blocking or blocked by SELF" of a source on the battlefield (509.1g-509.1h):
    a dies trigger that names them is unsupported, the same words at end of combat run."""
    assert unsupported_reasons(cards.definition("Abu Ja'far")) == ["blocks of a source that left the battlefield"]
    assert unsupported_reasons(cards.definition("Kjeldoran Frostbeast")) == []


def test_a_hand_count_of_that_player_is_read_only_by_ops_that_count_for_each_player(cards):
    # "deals damage to each opponent equal to the number of cards in that player's hand": damage counts for each
    # player it affects (engine/values.py amount_for), and so does a draw; a scry does not, so such a scry is
    # unsupported (Recurring Insight's "the number of cards in target opponent's hand" now reads the target: a
    # hand_of of that target)
    assert unsupported_reasons(cards.definition("Stormbreath Dragon")) == []
    assert unsupported_reasons(cards.definition("Folio of Fancies")) == []
    scry = spell(Effect("scry", {"who": "you", "amount": {"hand_of": "that_player"}}))
    assert "amount hand_of that_player outside a per-player instruction" in unsupported_reasons(card(scry))
    draw = spell(Effect("draw", {"who": "you", "amount": {"hand_of": "that_player"}}))
    assert "amount hand_of that_player outside a per-player instruction" not in unsupported_reasons(card(draw))
    insight = cards.definition("Recurring Insight")
    assert unsupported_reasons(insight) == []
    assert insight.abilities[0].effects[0].args["amount"] == {"hand_of": {"target": 0}}


def test_an_amount_a_trigger_or_static_filter_compares_with_is_read_without_a_resolution(cards):
    """Fuzz seed 2124 (issue 21): Symmetry Matrix's "a creature you control with power equal to its
    toughness" compiled to ``power_eq: {"toughness_of": "it"}``; the trigger's filter is read as the
    event happens (603.2), with no resolution to say what "it" is, and the game faulted. The walker
    now reads the amounts of trigger and static filters as static ones (611.3a), and the sentence
    reads as ``pt_equal`` (208.1), which runs."""
    etb = Ability(kind="triggered", text="t", trigger={"event": "etb", "filter": {
        "types": ["Creature"], "or": [{"power_eq": {"toughness_of": "it"}}, {"mv_le": {"x": True}}]}},
        effects=[Effect("draw", {"who": "you", "amount": 1})])
    lord = Ability(kind="static", text="s", static={"kind": "anthem", "power": 1, "toughness": 1,
                                                    "affects": {"types": ["Creature"], "power_le": 2}})
    assert contract.problems(card(etb, lord)) == [
        "ability 1 (triggered): trigger filter power_eq: reference 'it' outside a resolution in amount toughness_of"]
    for name in ("Symmetry Matrix", "Master Symmetrist"):
        d = cards.definition(name)
        assert unsupported_reasons(d) == [], name
        assert d.abilities[0].trigger["filter"]["pt_equal"] is True, name
