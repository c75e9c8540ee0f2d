"""Every rules scenario (tests/scenarios/ and the shared public ones) as one pytest param each.

The scenarios follow ../shared/scenarios/FORMAT.md and are run by engine.scenario.run_file;
a failing scenario fails its param with the runner's reason. One CardPool is shared.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.scenario import run_file

ROOT = Path(__file__).resolve().parent
OURS = ROOT / "scenarios"
PUBLIC = ROOT.parent.parent / "shared" / "scenarios" / "public"

FILES = sorted(OURS.rglob("*.yaml")) + (sorted(PUBLIC.glob("*.yaml")) if PUBLIC.is_dir() else [])


def _id(p: Path) -> str:
    try:
        return str(p.relative_to(OURS))
    except ValueError:
        return "public/" + p.name


@pytest.mark.parametrize("path", FILES, ids=[_id(p) for p in FILES])
def test_scenario(path: Path, card_pool) -> None:
    results = run_file(path, card_pool)
    assert results, f"{path}: no scenario in file"
    failed = [f"{name}: {reason}" for name, reason in results if reason is not None]
    assert not failed, "\n".join(failed)
