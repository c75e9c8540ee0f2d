"""The Settings dialog (its Designer form): edits the settings of app/settings.py, saves on
OK and applies at once. Kept apart from app/settings.py, which the card renderer reads, so
that the renderer and the dialog do not import each other."""
from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QDialog, QFileDialog, QMessageBox

from app import forms
from app.cards import render
from app.settings import load_settings, save_settings
from app.table.looks import forget_looks
from engine.atomicfile import WriteError


class _FormDialog(QDialog):
    """A dialog that keeps its Designer form (``ui``) for whoever drives it, tests included."""
    ui: Any


def open_settings_dialog(parent: Any = None) -> Any:
    """The Settings dialog from its Designer form; saves on OK and applies at once."""
    dlg = _FormDialog(parent)
    ui = forms.load("settings").Ui_SettingsDialog()   # compiled first when missing or stale
    ui.setupUi(dlg)
    dlg.ui = ui
    s = load_settings()
    ui.cardImages.setText(s["card_images"])

    def browse() -> None:
        d = QFileDialog.getExistingDirectory(dlg, "Folder of card images", ui.cardImages.text())
        if d:
            ui.cardImages.setText(d)

    def accept() -> None:
        try:
            save_settings({"card_images": ui.cardImages.text().strip()})
        except WriteError as e:             # say it once; the dialog stays open to cancel
            QMessageBox.warning(dlg, "Settings", f"The settings were not saved: {e}")
            return
        render.reset()
        forget_looks()  # the table's looks were drawn from the old faces
        dlg.accept()

    ui.browse.clicked.connect(browse)
    ui.clearCache.clicked.connect(render.clear_disk_cache)
    ui.buttons.accepted.connect(accept)
    ui.buttons.rejected.connect(dlg.reject)
    return dlg
