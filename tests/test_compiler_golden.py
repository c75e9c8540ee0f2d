"""Golden files: the compiled output of a few hundred representative cards (M19, M20, classics).

A difference means the compiler changed what a card does. If the change is intended, run
`.venv/bin/python tests/golden/regenerate.py` and review `git diff tests/golden`.
"""
from __future__ import annotations

import importlib.util
import json
import pathlib

import pytest

GOLDEN = pathlib.Path(__file__).resolve().parent / "golden"


def _regen():
    spec = importlib.util.spec_from_file_location("golden_regenerate", GOLDEN / "regenerate.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)   # type: ignore[union-attr]
    return mod


@pytest.mark.parametrize("group", ["classics", "M19", "M20"])
def test_golden(group):
    regen = _regen()
    expected = json.loads((GOLDEN / f"{group}.json").read_text(encoding="utf-8"))
    actual = json.loads(regen.dump(regen.compiled(list(expected))))
    assert len(expected) >= 80
    changed = [n for n in expected if actual.get(n) != expected[n]]
    assert not changed, f"{len(changed)} cards compile differently, e.g. {changed[:5]}"
