"""Work a hot path skips while no card of the game needs it (issues 15, 17, 21: speed), and the fast
paths that answer at once for the common case: each gives what the full work gives."""
from __future__ import annotations

import sys

import pytest

from engine import bench, filters, memo, triggers
from engine.ai.random_bot import RandomBot
from engine.cardpool import CardPool
from engine.facedown import FACE_DOWN
from engine.setup import from_setup
from engine.state import create_object


def _game(alice: list[str], graveyard: list[str] | None = None):
    return from_setup({"active": "alice", "step": "main1",
                       "players": {"alice": {"battlefield": alice, "graveyard": graveyard or []},
                                   "bob": {"battlefield": []}}})


def test_a_card_with_a_graveyard_trigger_entering_the_game_is_seen_at_once() -> None:
    """112.6b: no card with an ability that triggers from a graveyard: the graveyards are not looked through;
    a card with one that enters the game (a new physical card: next_uid grows) is seen at once."""
    g = _game(["Grizzly Bears"])
    assert not memo.in_game(g, triggers._graveyard_triggers)
    o = create_object(g, g.cards.definition("Bridge from Below"), "alice", "graveyard")
    g.players["alice"].graveyard.append(o.id)
    assert memo.in_game(g, triggers._graveyard_triggers)


def test_a_card_kept_face_down_counts_as_in_the_game() -> None:
    """707.2: a face-down object shows no abilities, but the card it is (kept beside) is in the game and is
    itself again once it moves (707.9): a card kept in an object's chosen values counts."""
    g = _game(["Grizzly Bears"])
    bears = g.battlefield[0]
    o = g.objects[bears]
    o.chosen["face_down"], o.card = g.cards.definition("Bridge from Below"), FACE_DOWN
    assert memo.in_game(g, triggers._graveyard_triggers)


def test_a_restored_or_copied_game_asks_again() -> None:
    """The record is kept with the game's dict of objects: a copy (or a state put back after a fault) has its
    own, so what one branch created is never taken for the other's."""
    g = _game(["Grizzly Bears"])
    h = g.copy()
    assert not memo.in_game(g, triggers._graveyard_triggers)
    o = create_object(h, h.cards.definition("Bridge from Below"), "alice", "graveyard")
    h.players["alice"].graveyard.append(o.id)
    h.next_uid = g.next_uid  # the same number of physical cards, another set of objects
    assert memo.in_game(h, triggers._graveyard_triggers)
    assert not memo.in_game(g, triggers._graveyard_triggers)


def test_bridge_from_below_still_triggers_from_the_graveyard() -> None:
    """112.6b, 603.2: "Whenever a nontoken creature is put into your graveyard from the battlefield, if SELF is
    in your graveyard, create a 2/2 black Zombie creature token" with the skip in place: the card is in the game."""
    g = _game(["Grizzly Bears"], ["Bridge from Below"])
    bears = g.battlefield[0]
    g.move(bears, "graveyard")
    assert [t["card"].name for t in g.triggered] == ["Bridge from Below"]


#: filters of the common keys, each key with a value that some objects match and others don't
_SAMPLE = [{"types": ["Creature"]}, {"types": ["Land"], "tapped": True}, {"tapped": False}, {"token": True},
           {"attacking": True, "not_keyword": "Flying", "types": ["Creature"]}, {"keyword": "Flying"},
           {"not_keyword": "Trample"}, {"attacking": False, "keyword": "Reach"}, {"controller": "you"},
           {"controller": "opponent", "types": ["Creature"]}, {"controller": "not_you"}, {"colors": ["R", "G"]},
           {"not_colors": ["W"], "types": ["Creature"]}, {"subtypes": ["Elf", "Goblin", "Human"]},
           {"zone": "graveyard", "types": ["Creature"]}, {"zone": "graveyard", "colors": ["B"]}, {}]


#: filter keys ``matches`` reads of a player only (the player branch), of a group of chosen cards, of a target slot's
#: group (engine/targets.check_targets), or that a caller binds to other keys before it asks (values.bind_refs,
#: targets.targetable)
_NOT_OF_OBJECTS = filters.GROUP_KEYS | filters.TARGET_GROUP_KEYS | {
    "controls", "enchanted_by_source", "life_eq", "life_ge", "life_le", "lost_life_this_turn", "poison_ge", "opponent",
    "other_target", "other_than", "shares_type_with", "same_name_as_trigger"}


def test_every_filter_key_of_an_object_has_its_test() -> None:
    """Each key a card's filter may have (filters.KNOWN) is read of an object by a test of its own (or before the
    tests: the zone): a key with no test would match every object, so a key added without one fails here."""
    tested = {k for keys, _ in filters._KEY_TESTS for k in keys}
    assert filters.KNOWN - _NOT_OF_OBJECTS - tested - filters._READ_BEFORE == set()
    assert len({test for _, test in filters._KEY_TESTS}) == len(filters._KEY_TESTS)  # one entry a test


def test_a_filter_is_the_conjunction_of_its_keys_tests(monkeypatch: pytest.MonkeyPatch) -> None:
    """109.2: an object matches a filter when it holds every key's test. Every filter a random-deck game asks (and
    a sample of the common keys) gives, for every permanent and graveyard card, every few decisions, what its keys
    asked one by one give (each with the zone the filter looks in), in the order the tests are asked: a plan that
    lost or mixed up a filter's tests (kept by the filter's identity, made by its keys) fails."""
    cards = CardPool()
    real = filters.matches
    seen: dict[int, dict] = {}

    def spy(game, x, f, src=None, controller=None):
        seen[id(f)] = f
        return real(game, x, f, src, controller)

    for name, mod in list(sys.modules.items()):  # every module that imported it
        if name.startswith("engine") and getattr(mod, "matches", None) is real:
            monkeypatch.setattr(mod, "matches", spy)
    compared = held = 0
    for seed in (11, 18):  # games with flying, attacking, tapped and colored creatures, Elves, graveyards
        g, _ = bench.play(cards, seed, 0, pair=bench.random_pair(seed, cards))
        bots = {p: RandomBot(seed * 2 + k + 1) for k, p in enumerate(g.order)}
        n = 0
        while g.pending is not None and n < 400:
            d = g.pending
            g.submit(d.player, bots[d.player].answer(d))
            n += 1
            if n % 10 == 0:
                asked, matched = _compare(g, [*_SAMPLE, *seen.values()], real)
                compared, held = compared + asked, held + matched
    assert compared > 50_000 and 0.05 < held / compared < 0.95


#: keys that choose the zone a filter looks in, or that are read with another key's test (kept with each key)
_CONTEXT = filters._READ_BEFORE | {"player", "any", "or", "not"}


def _compare(g, fs: list[dict], real) -> tuple[int, int]:
    """Each filter against every permanent and graveyard card, for each player and with a permanent as the
    source: the answer of the whole filter and of its keys one by one."""
    xs = [*g.battlefield, *(i for p in g.order for i in g.players[p].graveyard)]
    fs = [f for f in fs if not _CONTEXT.intersection(f) - {"zone", "ability", "source"}]
    asks = [(x, f, src, ctl) for f in fs for x in xs for src in (None, *g.battlefield[:1])
            for ctl in (None, *g.order)]
    whole = [real(g, *a) for a in asks]
    one_by_one = [real(g, x, {k: v for k, v in f.items() if k in _CONTEXT}, src, ctl)  # the zone
                  and all(real(g, x, {**{k: v for k, v in f.items() if k in _CONTEXT}, key: f[key]}, src, ctl)
                          for key in sorted((k for k in f if k in filters._TEST_OF),
                                            key=lambda k: filters._TEST_OF[k][0]))
                  for x, f, src, ctl in asks]
    bad = [(a, w) for a, w, o in zip(asks, whole, one_by_one) if w != o]
    assert not bad, bad[:3]
    return len(asks), sum(whole)


def test_an_object_filter_reads_the_zone_then_its_keys_and_a_players_filter_no_object() -> None:
    """``filters.matches`` reads an object through its filter's plan (the zone it looks in, then each key's test, 400.1,
    109.1): a permanent matches a battlefield filter and not a graveyard one, a card in a graveyard the other way
    round, "any_card" both, a filter of players alone (115.1: "target player") no object, a spell's filter only an
    object on the stack; the same filter answers the same the second time (its plan kept)."""
    from engine.filters import matches
    from engine.setup import from_setup
    g = from_setup({"active": "alice", "step": "main1", "players": {
        "alice": {"battlefield": ["Grizzly Bears"], "graveyard": ["Hill Giant"]}, "bob": {}}})
    bears, giant = g.battlefield[0], g.players["alice"].graveyard[0]
    creature = {"types": ["Creature"]}
    in_gy = {"types": ["Creature"], "zone": "graveyard"}
    anywhere = {"types": ["Creature"], "zone": "any_card"}
    players = {"player": True}
    spell = {"types": ["Creature"], "zone": "stack"}
    for _ in range(2):
        assert [matches(g, i, creature) for i in (bears, giant)] == [True, False]
        assert [matches(g, i, in_gy) for i in (bears, giant)] == [False, True]
        assert [matches(g, i, anywhere) for i in (bears, giant)] == [True, True]
        assert [matches(g, i, players) for i in (bears, giant)] == [False, False]
        assert [matches(g, i, spell) for i in (bears, giant)] == [False, False]
        assert matches(g, "alice", players) and not matches(g, "alice", creature)
        assert not matches(g, 9999, creature)
