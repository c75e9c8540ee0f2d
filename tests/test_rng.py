"""The game's random stream (engine/rng.py): reproducible from the seed, independent when
copied, unpredictable without the key, and seeded with 128 bits where games are made."""
from __future__ import annotations

import json
import random
from collections import Counter

from engine.ai.random_bot import RandomBot
from engine.bench import GREEN, RED
from engine.cardpool import CardPool
from engine.game import Game
from engine.rng import SEED_BITS, GameRandom, new_seed


def test_the_same_seed_gives_the_same_stream_and_another_seed_another():
    a, b, c = GameRandom(12345), GameRandom(12345), GameRandom(12346)
    xs = [a.getrandbits(61) for _ in range(50)]
    assert xs == [b.getrandbits(61) for _ in range(50)]
    assert xs != [c.getrandbits(61) for _ in range(50)]


def test_state_round_trip_and_copy_are_exact_and_independent():
    r = GameRandom(7)
    r.getrandbits(13)  # part-way through a block
    state = r.getstate()
    ahead = [r.randrange(1000) for _ in range(100)]
    r.setstate(state)
    assert [r.randrange(1000) for _ in range(100)] == ahead
    r.setstate(state)
    c = r.copy()
    assert [c.randrange(1000) for _ in range(100)] == ahead
    assert [r.randrange(1000) for _ in range(100)] == ahead  # the copy drew nothing from r


def test_every_draw_comes_from_the_keyed_stream_not_the_mersenne_twister():
    r = GameRandom(99)
    m = random.Random(99)
    deck = list(range(60))
    a, b = deck[:], deck[:]
    r.shuffle(a)
    m.shuffle(b)
    assert sorted(a) == deck and a != b
    # seeding the base generator's own state does not change ours
    r2 = GameRandom(99)
    random.Random.seed(r2, 5)  # type: ignore[arg-type]
    r2.seed(99)
    c = deck[:]
    r2.shuffle(c)
    assert c == a


def test_shuffles_are_uniform_enough():
    """A chi-square check over the position of one card in 12,000 shuffles of 6."""
    r = GameRandom(2016)
    counts = Counter()
    for _ in range(12000):
        d = list(range(6))
        r.shuffle(d)
        counts[d.index(0)] += 1
    expected = 12000 / 6
    chi2 = sum((counts[i] - expected) ** 2 / expected for i in range(6))
    assert chi2 < 20.5  # p = 0.001 for 5 degrees of freedom


def test_new_seeds_have_128_bits_and_do_not_repeat():
    seeds = [new_seed() for _ in range(200)]
    assert SEED_BITS >= 128
    assert len(set(seeds)) == 200
    assert max(s.bit_length() for s in seeds) > 120
    assert all(0 <= s < 1 << SEED_BITS for s in seeds)


def test_a_game_with_a_128_bit_seed_replays_and_never_shows_its_seed():
    cards = CardPool()
    seed = new_seed()
    g = Game.new([("alice", RED), ("bob", GREEN)], cards, seed, play_first="alice")
    assert isinstance(g.rng, GameRandom)
    bot = RandomBot(3)
    for _ in range(300):
        d = g.pending
        if d is None:
            break
        g.submit(d.player, bot.answer(d))
    again = Game.from_json(g.to_json(), cards)
    assert again == g
    for seat in ("alice", "bob"):
        text = json.dumps(g.view(seat), default=str)
        assert str(seed) not in text and "seed" not in text
