"""The linter and the type checker (issue 14): all of engine/ and app/ pass ``ruff check``
(rules E, F, W, I); the modules listed in [tool.mypy] files of pyproject.toml pass ``mypy``.

The rest of engine/ and app/ is not yet clean for mypy; a module joins the list once it is."""
from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def core_files() -> list[str]:
    conf = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return list(conf["tool"]["mypy"]["files"])


def test_the_core_list_names_real_files():
    files = core_files()
    assert "engine/game.py" in files and "engine/ops" in files
    missing = [f for f in files if not (ROOT / f).exists()]
    assert not missing, f"[tool.mypy] files that do not exist: {missing}"


def test_mypy_is_clean_over_the_core():
    pytest.importorskip("mypy")
    r = subprocess.run([sys.executable, "-m", "mypy", "--no-incremental"], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def test_ruff_is_clean_over_engine_and_app():
    pytest.importorskip("ruff")
    r = subprocess.run([sys.executable, "-m", "ruff", "check", "engine", "app"], cwd=ROOT, capture_output=True,
                       text=True)
    assert r.returncode == 0, r.stdout + r.stderr
