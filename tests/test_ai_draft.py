"""The AI as the drafted opponent (issue 18, issue 25): a pod of eight, one seat answered by a
person's stream of picks and seven bots; every bot builds a legal, colour-coherent 40-card
deck, and a drafted pool plays a whole game against the AI."""
from __future__ import annotations

import collections

import pytest
from carddb_helpers import full_db  # noqa: F401  (fixture)

from engine.decks import get_format, validate
from engine.decks.limited import BASIC_NAMES, Draft, bot_deck
from engine.decks.ratings import IDEAL_CURVE, curve_bonus, curve_bucket

_LAND_COLOR = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


def _human_stream(draft: Draft, seat: int) -> int:
    """A person who takes the last card of each pack shown (a stream of answers the bots
    cannot foresee), through the public pick API; returns how many picks it made."""
    n = 0
    while not draft.done:
        pack = draft.pack_for(seat)
        assert pack is not None, "the draft waits for the person between the bots' picks"
        draft.pick(seat, pack.cards[-1].name)
        n += 1
    return n


@pytest.mark.parametrize("set_code,seed", [("M19", 1801), ("SOI", 1802), ("DOM", 1803)])
def test_a_pod_of_eight_gives_every_bot_a_legal_coherent_deck(full_db, set_code, seed):  # noqa: F811
    d = Draft.new(full_db, set_code, seed, seats=8, humans={0})
    assert _human_stream(d, 0) == 45
    limited = get_format("limited")
    for seat in range(1, 8):
        assert len(d.picks[seat]) == 45
        deck = bot_deck(full_db, d.picks[seat], f"Seat {seat + 1} bot")
        assert deck.main_count >= 40
        assert validate(deck, limited, full_db, pool=d.pool(seat)) == [], (seat, deck.main)
        basics = {n: k for n, k in deck.main.items() if n in BASIC_NAMES}
        assert 16 <= sum(basics.values()) <= 18, (seat, basics)
        land_colors = {_LAND_COLOR[n] for n in basics}
        spell_colors: collections.Counter[str] = collections.Counter()
        for name, k in deck.main.items():
            card = full_db.get(name)
            if "Land" in card.types:
                continue
            assert set(card.colors) <= land_colors, (seat, name, card.colors, basics)  # castable from its lands
            for col in card.colors:
                spell_colors[col] += k
        # two main colours, at most one splash of a few cards
        assert len(spell_colors) <= 3, (seat, spell_colors)
        top2 = sum(n for _c, n in spell_colors.most_common(2))
        assert top2 >= 0.8 * sum(spell_colors.values()), (seat, spell_colors)
        # each land colour has spells to cast and enough sources (three at least)
        for land, k in basics.items():
            assert spell_colors[_LAND_COLOR[land]] > 0 and k >= 3, (seat, basics, spell_colors)
        # a curve, not a pile of big spells: most spells cost three or less
        curve = [0] * len(IDEAL_CURVE)
        for name, k in deck.main.items():
            if name not in BASIC_NAMES:
                curve[curve_bucket(full_db.get(name))] += k
        assert sum(curve[:3]) >= 10 and curve[5] <= 5, (seat, curve)


def test_bots_fill_their_curve_while_drafting():
    """The curve term: a mana value the picks lack gains, one they have too many of loses."""

    class C:
        def __init__(self, mv: int) -> None:
            self.mana_value = mv
            self.types = ("Creature",)

    have = [0, 1, 5, 4, 3, 6]
    assert curve_bonus(C(2), have) > 0 > curve_bonus(C(6), have)
    assert curve_bonus(C(6), [0] * 6, share=0.1) >= 0        # early picks: nothing is too many yet
    assert curve_bonus(type("L", (), {"types": ("Land",), "mana_value": 0})(), have) == 0.0


def test_a_drafted_pool_plays_a_whole_game_against_the_ai(full_db):  # noqa: F811
    from engine.ai.match import play_game
    from engine.ai.player import AIPlayer
    from engine.cardpool import default_pool

    d = Draft.new(full_db, "M19", 1804, humans={0})
    _human_stream(d, 0)
    mine = bot_deck(full_db, d.picks[0], "you")
    theirs = bot_deck(full_db, d.picks[3], "Seat 4 bot")

    def cards(deck) -> list[str]:
        return [n for n, k in deck.main.items() for _ in range(k)]

    bots = {"you": AIPlayer("you", "easy", seed=1), "bot": AIPlayer("bot", "medium", seed=2)}
    g = play_game(default_pool(), bots, {"you": cards(mine), "bot": cards(theirs)}, "you", 7)
    assert g.winner in ("you", "bot"), (g.turn, g.pending)
    assert getattr(bots["bot"], "illegal", 0) == 0
    assert len(bots["bot"].times) > 20
