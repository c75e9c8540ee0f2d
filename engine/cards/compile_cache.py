"""What the coverage report needs of each card, kept in the data folder and computed on every core.

The coverage report (engine.cards.coverage) reads three things of a compiled card: its types (300.1), whether
the compiler read every sentence, and the reasons it does not play as written (the sentences the compiler could
not read and the constructs the engine does not execute, engine.support). ``summaries(cards)`` gives them.

They depend only on the card's data and on the engine's code, so they are kept in the data folder
(``cache/coverage-KEY.json``): KEY is a hash of every file of the ``engine`` package that runs (the compiler,
the support check, the data files they read) and of the interpreter's version, so any change to that code,
committed or not, starts a new cache; within it each card is found by a hash of its data (a card whose text or
types changed is compiled again). A cache that cannot be read is ignored, one that cannot be written is skipped:
the report is then only slower, never different. The few newest caches are kept (worktrees with different code
share one data folder), older ones are deleted.

The cards not in the cache are compiled on several processes when there are many (``jobs``, default every core
up to 8); each card is compiled alone and the results are put back in the cards' order, so the report is the
same whatever the number of processes.
"""
from __future__ import annotations

import hashlib
import json
import logging
import multiprocessing
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, NamedTuple

import engine
from engine.atomicfile import WriteError, write_atomic
from engine.cards.compiler import compile_card
from engine.datadir import data_dir
from engine.support import unsupported_reasons

__all__ = ["CardSummary", "summarise", "summaries", "source_key", "tree_key", "card_key", "cache_path", "KEEP"]

log = logging.getLogger(__name__)

#: caches kept in the data folder (the newest by use); one for each version of the engine's code
KEEP = 6
#: the format of a cache file; a file of another format is ignored
FORMAT = 1
#: fewer cards to compile than this are compiled in this process (starting processes costs more)
PARALLEL_FROM = 1000


class CardSummary(NamedTuple):
    """A compiled card as the coverage report reads it."""

    types: tuple[str, ...]
    supported: bool          # the compiler read every sentence (CardDef.supported)
    reasons: tuple[str, ...]  # why it does not play as written; () when it does

    @property
    def plays(self) -> bool:
        return not self.reasons


def summarise(card: Any) -> CardSummary:
    """Compile one card (CardData or a dict of its fields) and summarise it."""
    d = compile_card(card)
    reasons = list(d.unsupported) + [f"[engine] {r}" for r in unsupported_reasons(d) if not r.startswith("text: ")]
    return CardSummary(tuple(d.types), bool(d.supported), tuple(reasons))


def _summarise_all(cards: list[Any]) -> list[CardSummary]:
    return [summarise(c) for c in cards]


_SOURCE_KEY: str | None = None


def source_key() -> str:
    """A hash of every file of the running ``engine`` package (not compiled bytecode) and of the interpreter."""
    global _SOURCE_KEY
    if _SOURCE_KEY is None:
        _SOURCE_KEY = tree_key(Path(engine.__file__).resolve().parent)
    return _SOURCE_KEY


def tree_key(root: Path) -> str:
    """A hash of the interpreter's version and of every file under ``root`` (its path and its bytes), compiled
    bytecode left out."""
    h = hashlib.sha256(f"{FORMAT} {sys.version}".encode())
    files = sorted(p for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.relative_to(root).parts
                   and p.suffix not in (".pyc", ".pyo"))
    for p in files:
        h.update(b"\0" + p.relative_to(root).as_posix().encode() + b"\0")
        h.update(p.read_bytes())
    return h.hexdigest()


def card_key(card: Any) -> str:
    """A hash of a card's data (every field: CardData's and a dict's repr are their whole content)."""
    return hashlib.blake2b(repr(card).encode("utf-8"), digest_size=16).hexdigest()


def cache_path(key: str | None = None) -> Path:
    return data_dir() / "cache" / f"coverage-{(key or source_key())[:24]}.json"


def _read(path: Path, key: str) -> dict[str, CardSummary]:
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        if raw.get("format") != FORMAT or raw.get("source") != key:
            return {}
        out = {k: CardSummary(tuple(t), bool(s), tuple(r)) for k, (t, s, r) in raw["cards"].items()}
        os.utime(path)   # used now: pruning keeps the caches in use
        return out
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return {}


def _write(path: Path, key: str, cards: dict[str, CardSummary]) -> None:
    data = json.dumps({"format": FORMAT, "source": key,
                       "cards": {k: [list(s.types), s.supported, list(s.reasons)] for k, s in cards.items()}},
                      separators=(",", ":"))
    try:
        write_atomic(path, data)
    except WriteError as e:
        log.info("coverage cache not written: %s", e)
        return
    _prune(path.parent)


def _prune(folder: Path) -> None:
    """Delete all but the KEEP most recently used caches."""
    try:
        found = sorted(folder.glob("coverage-*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
        for p in found[KEEP:]:
            p.unlink()
    except OSError:
        pass


def _default_jobs() -> int:
    try:
        n = len(os.sched_getaffinity(0))
    except AttributeError:   # not on every platform
        n = os.cpu_count() or 1
    return max(1, min(8, n))


def _compile_many(cards: list[Any], jobs: int) -> list[CardSummary]:
    """Summaries of the cards, in their order, on ``jobs`` processes when there are enough cards."""
    if jobs <= 1 or len(cards) < PARALLEL_FROM:
        return _summarise_all(cards)
    # about four chunks a process: a process that gets the slow cards does not hold up the others long
    size = max(1, -(-len(cards) // (jobs * 4)))
    chunks = [cards[i:i + size] for i in range(0, len(cards), size)]
    # fork (where it is safe) shares the imported compiler; elsewhere the default start method imports it again
    ctx = multiprocessing.get_context("fork") if sys.platform == "linux" else None
    try:
        with ProcessPoolExecutor(max_workers=jobs, mp_context=ctx) as pool:
            return [s for part in pool.map(_summarise_all, chunks) for s in part]
    except (OSError, RuntimeError) as e:   # no processes to be had (a sandbox, a limit): compile here
        log.info("compiling on one process: %s", e)
        return _summarise_all(cards)


def summaries(cards: list[Any], jobs: int | None = None, use_cache: bool = True) -> list[CardSummary]:
    """Each card's summary, in the cards' order: from the cache when the same card was compiled by the same
    engine code, else compiled (on ``jobs`` processes; default every core up to 8), and the cache updated."""
    jobs = _default_jobs() if jobs is None else jobs
    if not use_cache:
        return _compile_many(list(cards), jobs)
    key = source_key()
    path = cache_path(key)
    known = _read(path, key)
    keys = [card_key(c) for c in cards]
    missing: dict[str, Any] = {}
    for k, c in zip(keys, cards):
        if k not in known and k not in missing:
            missing[k] = c
    if missing:
        known.update(zip(missing, _compile_many(list(missing.values()), jobs)))
        _write(path, key, known)
    return [known[k] for k in keys]
