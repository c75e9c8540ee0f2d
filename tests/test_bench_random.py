"""``engine.bench --decks random`` (issue 21): the cost on real cards is measured on the decks
``engine.fuzz --decks random`` deals, beside the bench decks, in one tool."""
from __future__ import annotations

import json

from engine import bench, fuzz
from engine.cardpool import CardPool


def test_the_random_decks_are_the_fuzz_decks_of_the_same_seed() -> None:
    cards = CardPool()
    for seed in (7, 8):
        pair = bench.random_pair(seed, cards)
        assert pair == fuzz.game_decks(seed, cards, "random")
        assert [len(d) for d in pair] == [60, 60] and pair[0] != pair[1]


def test_bench_plays_random_decks(capsys) -> None:
    assert bench.main(["--decks", "random", "--games", "1", "--seed", "7", "--json"]) == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert out["games"] == 1 and out["finished"] == 1
    g, n = bench.play(CardPool(), 7, pair=bench.random_pair(7, CardPool()))
    assert n > 50 and {o.card.name for o in g.objects.values()} - set(bench.RED + bench.GREEN)
