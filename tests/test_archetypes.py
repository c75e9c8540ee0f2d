"""The archetype catalogue of issue 19 ("real decks"): assets/decks/archetypes.yaml and
``python -m engine.cards coverage --archetypes``."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cards.archetypes import ArchetypeFileError, archetype_coverage, read_archetypes, report_lines
from engine.cards.coverage import card_reasons

ROOT = Path(__file__).resolve().parent.parent
CATALOGUE = ROOT / "assets" / "decks" / "archetypes.yaml"


def test_catalogue_names_real_cards_of_five_formats() -> None:
    arch = read_archetypes(CATALOGUE)
    assert set(arch) == {"legacy", "modern", "pauper", "premodern", "vintage"}
    assert sum(len(a) for a in arch.values()) >= 100
    unknown = sorted({c for a in arch.values() for cards in a.values() for c in cards
                      if card_reasons(c) == ["(not in the card data)"]})
    assert unknown == []


def test_counts_whole_archetypes_and_distinct_cards() -> None:
    plays = {"Lightning Bolt", "Goblin Guide"}
    res = archetype_coverage({"modern": {"Burn": ["Lightning Bolt", "Goblin Guide"],
                                         "Storm": ["Lightning Bolt", "Grapeshot"]},
                              "legacy": {"Burn": ["Lightning Bolt", "Fireblast"]}},
                             lambda n: [] if n in plays else [f"{n} is not read"])
    assert (res["archetypes"], res["whole"], res["cards"], res["playing"]) == (3, 1, 4, 2)
    assert res["formats"]["modern"]["missing"] == {"Storm": ["Grapeshot"]}
    assert res["formats"]["legacy"] == {"archetypes": 1, "whole": 0, "cards": 2, "playing": 1,
                                        "missing": {"Burn": ["Fireblast"]}}
    lines = report_lines(res)
    assert lines[0].startswith("archetypes playing whole: 1 of 3")
    assert "  Storm: Grapeshot (Grapeshot is not read)" in lines


@pytest.mark.parametrize("text, words", [
    ("modern: [Burn\n", "line"),
    ("- just a list\n", "mapping of formats"),
    ("modern:\n  Burn: []\n", "modern / Burn"),
    ("modern:\n  Burn: [Lightning Bolt, 3]\n", "modern / Burn"),
])
def test_a_bad_file_says_what_is_wrong_and_where(tmp_path: Path, text: str, words: str) -> None:
    p = tmp_path / "a.yaml"
    p.write_text(text, encoding="utf-8")
    with pytest.raises(ArchetypeFileError, match=words) as err:
        read_archetypes(p)
    assert str(p) in str(err.value)


@pytest.mark.slow
def test_command_reports_the_catalogue_as_json() -> None:
    out = subprocess.run([sys.executable, "-m", "engine.cards", "coverage", "--archetypes", str(CATALOGUE), "--json"],
                         capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert out.returncode == 0, out.stderr
    res = json.loads(out.stdout.strip().splitlines()[-1])
    assert res["archetypes"] == sum(f["archetypes"] for f in res["formats"].values())
    assert 0 <= res["whole"] <= res["archetypes"] and 0 < res["playing"] <= res["cards"]
    # the reach measured when the catalogue was written (14 of 108 whole, 369 of 522 cards): a card
    # that stops playing shows here
    assert res["whole"] >= 14 and res["playing"] >= 369


def test_command_refuses_a_missing_file(tmp_path: Path) -> None:
    out = subprocess.run([sys.executable, "-m", "engine.cards", "coverage", "--archetypes", str(tmp_path / "no.yaml")],
                         capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert out.returncode == 2 and "cannot read" in out.stderr
