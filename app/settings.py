"""User settings (a small JSON file in the data folder) and the Settings dialog.

Saved: the folder of card images, and each player's stops (the steps where priority
stops for them in their turn and in the opponent's, chosen on the table's stops strip),
keyed by the player's name.

The dialog is a Qt Designer form (ui_forms/settings.ui, compiled by ``python -m
app.forms`` when the package is set up).
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

DEFAULTS: dict[str, Any] = {"card_images": "", "stops": {}, "recent_servers": []}


def settings_path() -> Path:
    from engine.cards.db import data_dir
    return Path(data_dir()) / "settings.json"


def load_settings() -> dict[str, Any]:
    """The saved settings over the defaults; a broken file is ignored (and kept aside)."""
    p = settings_path()
    out = dict(DEFAULTS)
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
        if isinstance(data, dict):
            out.update({k: v for k, v in data.items() if k in DEFAULTS})
    except FileNotFoundError:
        pass
    except (OSError, ValueError):
        try:
            p.replace(p.with_suffix(".broken.json"))
        except OSError:
            pass
    return out


def save_settings(values: dict[str, Any]) -> None:
    p = settings_path()
    p.parent.mkdir(parents=True, exist_ok=True)
    tmp = p.with_suffix(".tmp")
    tmp.write_text(json.dumps({**load_settings(), **values}, indent=1), encoding="utf-8")
    tmp.replace(p)


def saved_stops(player: str) -> tuple[set[str], set[str]] | None:
    """The stops ``player`` chose in an earlier game: (in my turn, in their turn), or None
    when there are none (or what is saved is not a pair of lists of step names)."""
    entry = load_settings()["stops"]
    entry = entry.get(player) if isinstance(entry, dict) else None
    if not isinstance(entry, dict):
        return None
    mine, theirs = entry.get("mine"), entry.get("theirs")
    if not all(isinstance(x, list) and all(isinstance(s, str) for s in x) for x in (mine, theirs)):
        return None
    return set(mine), set(theirs)


def save_stops(player: str, mine: set[str], theirs: set[str]) -> None:
    """Remember ``player``'s stops (in my turn, in their turn) for the next game."""
    stops = load_settings()["stops"]
    stops = dict(stops) if isinstance(stops, dict) else {}
    stops[player] = {"mine": sorted(mine), "theirs": sorted(theirs)}
    save_settings({"stops": stops})


def open_settings_dialog(parent: Any = None) -> Any:
    """The Settings dialog from its Designer form; saves on OK and applies at once."""
    from PySide6.QtWidgets import QDialog, QFileDialog

    from app import forms
    forms.compile_forms()  # a no-op when the generated module is current
    from app.ui.generated.ui_settings import Ui_SettingsDialog

    from app.cards import render
    dlg = QDialog(parent)
    ui = Ui_SettingsDialog()
    ui.setupUi(dlg)
    dlg.ui = ui
    s = load_settings()
    ui.cardImages.setText(s["card_images"])

    def browse() -> None:
        d = QFileDialog.getExistingDirectory(dlg, "Folder of card images", ui.cardImages.text())
        if d:
            ui.cardImages.setText(d)

    def accept() -> None:
        from app.table.looks import forget_looks
        save_settings({"card_images": ui.cardImages.text().strip()})
        render.reset()
        forget_looks()  # the table's looks were drawn from the old faces
        dlg.accept()

    ui.browse.clicked.connect(browse)
    ui.clearCache.clicked.connect(render.clear_disk_cache)
    ui.buttons.accepted.connect(accept)
    ui.buttons.rejected.connect(dlg.reject)
    return dlg
