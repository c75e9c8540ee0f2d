"""User settings (a small JSON file in the data folder) and the Settings dialog.

Saved: the folder of card images, each player's stops (the steps where priority stops for
them in their turn and in the opponent's, chosen on the table's stops strip) keyed by the
player's name, and the LAN servers used lately.

The file is read by shape (``read_settings``): each known key has a type and a checker; a
value of the wrong type (``"card_images": 5``) or a bad entry falls back to the default with
a one-line message, so no settings file can crash the app; a file that is not JSON at all
is kept aside as ``settings.broken.json``. Writes go through engine.atomicfile: a killed
save leaves the old file or the new one, and a failed one raises WriteError (one line).

The dialog is a Qt Designer form (ui_forms/settings.ui, compiled by ``python -m
app.forms`` when the package is set up).
"""
from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any, Callable

from engine.atomicfile import WriteError, write_atomic
from engine.datadir import data_dir

log = logging.getLogger(__name__)

DEFAULTS: dict[str, Any] = {"card_images": "", "stops": {}, "recent_servers": []}


def settings_path() -> Path:
    return data_dir() / "settings.json"


def _show(value: Any) -> str:
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _card_images(value: Any, problems: list[str]) -> Any:
    if isinstance(value, str):
        return value
    problems.append(f"card_images should be a folder name, not {_show(value)}; using none")
    return DEFAULTS["card_images"]


def _step_names(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(s, str) for s in value)


def _stops(value: Any, problems: list[str]) -> Any:
    if not isinstance(value, dict):
        problems.append(f"stops should be an object of players, not {_show(value)}; using none")
        return {}
    out = {}
    for player, entry in value.items():
        if (isinstance(entry, dict) and _step_names(entry.get("mine")) and _step_names(entry.get("theirs"))):
            out[player] = {"mine": list(entry["mine"]), "theirs": list(entry["theirs"])}
        else:
            problems.append(f"the stops of {player!r} should be two lists of steps, not {_show(entry)}; "
                            f"using the usual stops")
    return out


def _recent_servers(value: Any, problems: list[str]) -> Any:
    if not isinstance(value, list):
        problems.append(f"recent_servers should be a list of addresses, not {_show(value)}; using none")
        return []
    good = [a for a in value if isinstance(a, str) and a]
    if len(good) != len(value):
        problems.append(f"recent_servers: {len(value) - len(good)} entries that are not addresses ignored")
    return good


CHECKS: dict[str, Callable[[Any, list[str]], Any]] = {
    "card_images": _card_images, "stops": _stops, "recent_servers": _recent_servers,
}


def check_settings(data: Any) -> tuple[dict[str, Any], list[str]]:
    """Settings over the defaults from parsed JSON, and a line for each thing ignored."""
    out = {k: (v.copy() if isinstance(v, (dict, list)) else v) for k, v in DEFAULTS.items()}
    problems: list[str] = []
    if not isinstance(data, dict):
        return out, [f"the settings should be a JSON object, not {_show(data)}; using the defaults"]
    for key, value in data.items():
        if key in CHECKS:
            out[key] = CHECKS[key](value, problems)
        else:
            problems.append(f"unknown setting {key!r} ignored")
    return out, problems


def read_settings(path: Path | None = None) -> tuple[dict[str, Any], list[str]]:
    """The settings in ``path`` (the user's by default) checked by shape, and what was ignored.

    A file that cannot be parsed is moved aside to ``settings.broken.json`` (kept for the user)."""
    p = path or settings_path()
    try:
        raw = p.read_bytes()
    except FileNotFoundError:
        return check_settings({})[0], []
    except OSError as e:
        return check_settings({})[0], [f"{p} could not be read ({e.strerror or e}); using the defaults"]
    try:
        data = json.loads(raw.decode("utf-8"))
    except ValueError as e:                 # UnicodeDecodeError and JSONDecodeError
        aside = p.with_suffix(".broken.json")
        try:
            p.replace(aside)
            kept = f"; kept as {aside.name}"
        except OSError:
            kept = ""
        return check_settings({})[0], [f"{p} is not JSON ({e}){kept}; using the defaults"]
    values, problems = check_settings(data)
    return values, [f"{p}: {line}" for line in problems]


def load_settings() -> dict[str, Any]:
    """The saved settings over the defaults, each of its type (see read_settings; the app
    says what was ignored once, at start)."""
    return read_settings()[0]


def save_settings(values: dict[str, Any]) -> None:
    """Merge ``values`` into the saved settings. Raises WriteError (one line) and keeps the
    old file when the folder cannot be written."""
    merged, _ = check_settings({**load_settings(), **values})
    write_atomic(settings_path(), json.dumps(merged, indent=1))


def saved_stops(player: str) -> tuple[set[str], set[str]] | None:
    """The stops ``player`` chose in an earlier game: (in my turn, in their turn), or None
    when there are none (or what is saved is not a pair of lists of step names)."""
    entry = load_settings()["stops"].get(player)        # checked by shape when read
    return (set(entry["mine"]), set(entry["theirs"])) if entry else None


def save_stops(player: str, mine: set[str], theirs: set[str]) -> None:
    """Remember ``player``'s stops (in my turn, in their turn) for the next game. A folder
    that cannot be written costs one logged line: the table goes on with the stops chosen."""
    stops = dict(load_settings()["stops"])
    stops[player] = {"mine": sorted(mine), "theirs": sorted(theirs)}
    try:
        save_settings({"stops": stops})
    except WriteError as e:
        log.warning("the stops were not saved: %s", e)
