"""engine.datadir: one data folder, $MANATABLE_DATA first, the Linux path as before."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from engine.datadir import data_dir


def test_override_first(monkeypatch, tmp_path):
    monkeypatch.setenv("MANATABLE_DATA", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", "/elsewhere")
    assert data_dir() == tmp_path


def test_override_expands_user(monkeypatch):
    monkeypatch.setenv("MANATABLE_DATA", "~/mt")
    assert data_dir() == Path.home() / "mt"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the XDG rules are Linux's")
@pytest.mark.parametrize("xdg, expected", [
    (None, "~/.local/share/manatable"),
    ("", "~/.local/share/manatable"),
    ("relative/data", "~/.local/share/manatable"),       # the XDG spec ignores relative paths
    ("/srv/data", "/srv/data/manatable"),
])
def test_linux_path(monkeypatch, xdg, expected):
    monkeypatch.delenv("MANATABLE_DATA", raising=False)
    if xdg is None:
        monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    else:
        monkeypatch.setenv("XDG_DATA_HOME", xdg)
    assert data_dir() == Path(expected).expanduser()
