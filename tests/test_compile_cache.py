"""The coverage report's cache and its compiling on several processes (issue 19 item 6: the whole corpus in
20 s at most) give the same report as compiling every card here, and no change to a card or to the engine's
code is ever answered from an old cache."""
from __future__ import annotations

import dataclasses
import os
from pathlib import Path

import pytest

from engine.cards import compile_cache
from engine.cards.compile_cache import KEEP, cache_path, card_key, summaries, summarise, tree_key
from engine.cards.coverage import _corpus_records, corpus_card, corpus_to_data, measure


@pytest.fixture
def data(tmp_path, monkeypatch):
    """A data folder of the test's own, and processes used from 50 cards on."""
    monkeypatch.setenv("MANATABLE_DATA", str(tmp_path / "data"))
    monkeypatch.setattr(compile_cache, "PARALLEL_FROM", 50)
    return tmp_path / "data"


@pytest.fixture(scope="module")
def cards():
    return [corpus_to_data(r) for r in _corpus_records()[:600]]


def _no_compiling(cards, jobs):
    raise AssertionError(f"compiled {len(cards)} cards that the cache holds")


def test_two_processes_and_the_cache_give_what_compiling_here_gives(data, cards, monkeypatch):
    plain = [summarise(c) for c in cards]
    assert any(s.plays for s in plain) and any(not s.plays for s in plain)
    assert summaries(cards, jobs=2) == plain                       # compiled on two processes, cache written
    assert cache_path().is_file()
    monkeypatch.setattr(compile_cache, "_compile_many", _no_compiling)
    assert summaries(cards, jobs=2) == plain                       # every card from the cache


def test_the_report_is_the_same_with_and_without_the_cache(data, cards):
    plain = measure(cards, sets={}, jobs=1, use_cache=False)
    assert not cache_path().exists()                               # --no-cache leaves the data folder alone
    first = measure(cards, sets={}, jobs=2)
    again = measure(cards, sets={}, jobs=2)
    assert plain == first == again
    assert plain["total"] == len({c.name for c in cards}) and 0 < plain["supported"] < plain["total"]


def test_a_card_whose_data_changed_is_compiled_again(data, monkeypatch):
    bears = corpus_card("Grizzly Bears")
    assert summaries([bears]) == [summarise(bears)]
    # the same name with a sentence no compiler reads: a new card to the cache, compiled, not the old result
    odd = dataclasses.replace(bears, text="Grizzly Bears hums a little tune whenever it feels like it.")
    assert card_key(odd) != card_key(bears)
    got = summaries([bears, odd])
    assert got[0].plays and not got[1].plays and not got[1].supported
    monkeypatch.setattr(compile_cache, "_compile_many", _no_compiling)
    assert summaries([odd, bears]) == [got[1], got[0]]


def test_any_change_to_the_engines_files_changes_the_key(tmp_path):
    root = tmp_path / "engine"
    (root / "cards").mkdir(parents=True)
    (root / "cards" / "compiler.py").write_text("PATTERN = 'deals (\\\\d+) damage'\n")
    (root / "data.json").write_text("{}")
    key = tree_key(root)
    (root / "__pycache__").mkdir()
    (root / "__pycache__" / "compiler.cpython-311.pyc").write_bytes(b"\0")
    assert tree_key(root) == key                                   # compiled bytecode is no change
    (root / "cards" / "compiler.py").write_text("PATTERN = 'deals (\\\\d+) damages'\n")
    assert tree_key(root) != key                                   # an edited pattern is
    (root / "cards" / "compiler.py").write_text("PATTERN = 'deals (\\\\d+) damage'\n")
    assert tree_key(root) == key
    (root / "data.json").rename(root / "cards" / "data.json")
    assert tree_key(root) != key                                   # so is a moved file
    assert compile_cache.source_key() == tree_key(Path(compile_cache.engine.__file__).resolve().parent)


def test_a_cache_of_other_code_or_corrupt_is_not_read(data, monkeypatch):
    bolt = corpus_card("Lightning Bolt")
    right = summarise(bolt)
    wrong = [["Sorcery"], False, ["made up"]]
    path = cache_path()
    path.parent.mkdir(parents=True)
    path.write_text('{"format": 1, "source": "another engine", "cards": {"%s": %s}}'
                    % (card_key(bolt), str(wrong).replace("'", '"').replace("False", "false")))
    assert summaries([bolt]) == [right]
    path.write_text('{"format": 1, "source": ')                    # cut short
    assert summaries([bolt]) == [right]
    monkeypatch.setattr(compile_cache, "_compile_many", _no_compiling)
    assert summaries([bolt]) == [right]                            # and written again whole


def test_a_data_folder_that_cannot_be_written_only_costs_time(tmp_path, monkeypatch):
    monkeypatch.setenv("MANATABLE_DATA", str(tmp_path))
    (tmp_path / "cache").write_text("a file where the cache folder should be")
    bolt = corpus_card("Lightning Bolt")
    assert summaries([bolt]) == [summarise(bolt)]


def test_only_the_newest_caches_are_kept(data):
    folder = data / "cache"
    folder.mkdir(parents=True)
    for i in range(KEEP + 3):
        p = folder / f"coverage-old{i:02d}.json"
        p.write_text("{}")
        os.utime(p, (1_000_000 + i, 1_000_000 + i))
    summaries([corpus_card("Lightning Bolt")])
    left = {p.name for p in folder.glob("coverage-*.json")}
    assert left == {cache_path().name} | {f"coverage-old{i:02d}.json" for i in range(4, KEEP + 3)}   # the 5 newest
