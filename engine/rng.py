"""The game's random stream: shuffles (701.17a in 2016: "randomize"), coin flips, random
discards and who plays first (103.2).

A game must be reproducible from its seed and answers (saved games, replays, a server
that resumes), and no player may predict it. Python's Mersenne Twister is reproducible but
not unpredictable: a few outputs, or a small seed, give the whole stream away. Here the
stream is BLAKE2b keyed with a digest of the seed, in counter mode: each 64-byte block is
``BLAKE2b(key=K, counter)``. Without the key nobody can tell the next block from the ones
seen, and a seed of at least 128 bits (``new_seed``) cannot be searched.

The state is three small values (key, counter, position in the block), so a copy of a game
for a bot or a snapshot before an answer costs almost nothing.
"""
from __future__ import annotations

import hashlib
import random
import secrets
from typing import Any

SEED_BITS = 128
_BLOCK = 64  # bytes of one BLAKE2b output


def new_seed() -> int:
    """A fresh game seed of ``SEED_BITS`` bits from the operating system's generator."""
    return secrets.randbits(SEED_BITS)


def _key(seed: Any) -> bytes:
    if isinstance(seed, bytes):
        raw = seed
    elif isinstance(seed, int):
        raw = seed.to_bytes((seed.bit_length() + 8) // 8 or 1, "little", signed=True)
    else:
        raw = str(seed).encode("utf-8")
    return hashlib.blake2b(raw, digest_size=32, person=b"manatable-rng").digest()


class GameRandom(random.Random):
    """A ``random.Random`` whose bits come from keyed BLAKE2b in counter mode.

    ``shuffle``, ``sample``, ``choice`` and ``randrange`` all draw through ``getrandbits``,
    so every random choice the engine makes comes from the keyed stream.
    """

    _key_bytes: bytes
    _counter: int
    _block: bytes
    _pos: int

    def __init__(self, seed: Any = 0) -> None:
        super().__init__(seed)

    def seed(self, a: Any = 0, version: int = 2) -> None:
        self._key_bytes = _key(a)
        self._counter = 0
        self._block = b""
        self._pos = _BLOCK
        self.gauss_next = None

    def _next_block(self) -> None:
        self._block = hashlib.blake2b(self._counter.to_bytes(8, "little"), key=self._key_bytes).digest()
        self._counter += 1
        self._pos = 0

    def _bytes(self, n: int) -> bytes:
        out = b""
        while n > 0:
            if self._pos >= _BLOCK:
                self._next_block()
            take = min(n, _BLOCK - self._pos)
            out += self._block[self._pos:self._pos + take]
            self._pos += take
            n -= take
        return out

    def getrandbits(self, k: int) -> int:
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        if k == 0:
            return 0
        n = (k + 7) // 8
        return int.from_bytes(self._bytes(n), "little") >> (n * 8 - k)

    def random(self) -> float:
        return self.getrandbits(53) * (1.0 / (1 << 53))

    def getstate(self) -> tuple[bytes, int, int]:  # type: ignore[override]
        """The whole state: the key, the next block's counter and the position in the block."""
        return (self._key_bytes, self._counter, self._pos)

    def setstate(self, state: tuple[bytes, int, int]) -> None:  # type: ignore[override]
        key, counter, pos = state
        self._key_bytes = key
        if pos < _BLOCK:  # the current block is the one before `counter`
            self._counter = counter - 1
            self._next_block()
            self._pos = pos
        else:
            self._counter = counter
            self._block = b""
            self._pos = _BLOCK
        self.gauss_next = None

    def copy(self) -> "GameRandom":
        """An independent stream in the same state."""
        r = GameRandom.__new__(GameRandom)
        r._key_bytes, r._counter, r._block, r._pos = self._key_bytes, self._counter, self._block, self._pos
        r.gauss_next = None
        return r
