"""The fixed sample of issue 19 item 3 ("Honest counts"): 200 supported cards, one scenario each.

tests/scenarios/sample/SAMPLE.txt was drawn once by ``python -m tools.card_sample --write`` and is
never redrawn. For each listed card this checks that it still compiles as supported (a card that
stops compiling, or that the compiler now rejects, fails here) and that it has its scenario,
tests/scenarios/sample/<slug>.yaml, whose setup holds the card and whose steps check something.
The scenarios themselves run in tests/test_scenarios.py with all the others.

Cards still without a scenario are expected failures (xfail, not strict: writing one makes the
param pass); cards the compiler was made to reject because a clause was silently dropped are in
REJECTED, expected to fail strictly (if one compiles again, the param fails until it is removed);
their scenarios wait as <slug>.yaml.pending, which the scenario runner does not read.
"""
from __future__ import annotations

import re

import pytest
import yaml

from tools.card_sample import SAMPLE, SIZE, read_sample, supported

FOLDER = SAMPLE.parent
NAMES = read_sample()

#: cards of the sample that played wrong because a clause was dropped, and are now unsupported
#: until that clause becomes behaviour (name -> the clause)
REJECTED: dict[str, str] = {
    "Archery Training": "'arrow counters on Archery Training' inside the ability it grants was read as the "
                        "creature's counters (201.4a)",
}


def slug(name: str) -> str:
    """The scenario's file stem: the name in lower case, every run of other characters one '_'."""
    return re.sub(r"[^a-z0-9]+", "_", name.casefold()).strip("_")


def _setup_names(sc: dict) -> set[str]:
    names = set()
    for ps in ((sc.get("setup") or {}).get("players") or {}).values():
        for zone in ("battlefield", "hand", "library", "graveyard", "exile", "command"):
            for e in (ps or {}).get(zone) or []:
                names.add(e if isinstance(e, str) else e.get("name"))
    return names


def test_sample_is_fixed() -> None:
    assert len(NAMES) == SIZE
    assert len(set(NAMES)) == SIZE


def test_no_stray_scenarios() -> None:
    """Every scenario file of the folder belongs to a listed card (a file per card, by slug)."""
    slugs = {slug(n) for n in NAMES}
    stray = [p.name for p in FOLDER.glob("*.yaml") if p.stem not in slugs]
    assert not stray


def _params() -> list:
    return [pytest.param(n, marks=pytest.mark.xfail(strict=True, reason=f"rejected: {REJECTED[n]}"))
            if n in REJECTED else n for n in NAMES]


@pytest.mark.parametrize("name", _params())
def test_sample_card(name: str, card_pool) -> None:
    d = card_pool.definition(name)
    # a rejected card keeps its scenario as <slug>.yaml.pending, out of the runner's *.yaml
    path = FOLDER / (f"{slug(name)}.yaml.pending" if name in REJECTED else f"{slug(name)}.yaml")
    if name in REJECTED:
        assert path.exists(), f"{path.name}: the rejected card keeps the scenario it failed"
    assert supported(d), f"{name} is no longer supported: {list(d.unsupported)}"
    if not path.exists():
        pytest.xfail(f"no scenario yet for {name}")
    docs = [x for x in yaml.safe_load_all(path.read_text(encoding="utf-8")) if x]
    assert docs, f"{path.name} is empty"
    for sc in docs:
        faces = {name, *name.split(" // ")}  # a card of several faces is set up by the name of one
        assert faces & _setup_names(sc), f"{path.name}: {sc.get('name')} does not set up {name}"
        checks = [s for s in sc.get("steps") or [] if "expect" in s] + ([sc["expect"]] if sc.get("expect") else [])
        assert checks, f"{path.name}: {sc.get('name')} checks nothing"


for _n in REJECTED:
    assert _n in NAMES, _n
