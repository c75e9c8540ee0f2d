"""Where the user's data lives, computed in one place.

``$MANATABLE_DATA`` when set, else the platform's user data folder from platformdirs:
``$XDG_DATA_HOME/manatable`` or ``~/.local/share/manatable`` on Linux (a relative
``XDG_DATA_HOME`` is ignored, as the XDG spec says), ``~/Library/Application
Support/manatable`` on macOS (where platformdirs also honours an absolute
``$XDG_DATA_HOME``), ``%LOCALAPPDATA%\\manatable`` on Windows (not roaming).
"""
from __future__ import annotations

import os
from pathlib import Path

import platformdirs

__all__ = ["APP_NAME", "data_dir"]

APP_NAME = "manatable"


def data_dir() -> Path:
    """The user's data folder (not created here)."""
    override = os.environ.get("MANATABLE_DATA")
    if override:
        return Path(override).expanduser()
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False, roaming=False))
