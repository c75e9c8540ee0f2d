"""Settings (a Designer form) and card pictures: the user's image folder, the disk cache
of drawn faces (issue 5, items 1 and 3)."""
from __future__ import annotations

import json

import pytest

pytest.importorskip("PySide6")

from PIL import Image  # noqa: E402
from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402

from app.cards import render  # noqa: E402
from app.settings import load_settings, open_settings_dialog, settings_path  # noqa: E402


@pytest.fixture(autouse=True)
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("MANATABLE_DATA", str(tmp_path / "data"))
    render.reset()
    yield tmp_path
    render.reset()


def test_drawn_faces_are_cached_on_disk(data):
    img = render.face_image("Lightning Bolt")
    files = list(render.cache_dir().glob("*.png"))
    assert len(files) == 1 and img.size == (488, 680)
    assert Image.open(files[0]).size == (488, 680)
    render.clear_disk_cache()
    assert not list(render.cache_dir().glob("*.png"))


def test_settings_dialog_sets_the_card_images_folder(qtbot, data):
    folder = data / "images"
    folder.mkdir()
    Image.new("RGB", (63, 88), (255, 0, 0)).save(folder / "Lightning Bolt.jpg")
    dlg = open_settings_dialog()
    qtbot.addWidget(dlg)
    dlg.show()
    dlg.ui.cardImages.clear()
    QTest.keyClicks(dlg.ui.cardImages, str(folder))
    ok = dlg.ui.buttons.button(dlg.ui.buttons.StandardButton.Ok)
    QTest.mouseClick(ok, Qt.LeftButton)
    assert load_settings()["card_images"] == str(folder)
    assert json.loads(settings_path().read_text())["card_images"] == str(folder)
    img = render.face_image("Lightning Bolt")
    r, g_, b = img.getpixel((5, 5))[:3]
    assert img.size == (63, 88) and r > 240 and g_ < 10 and b < 10   # the user's (JPEG) picture
    assert render.face_image("Shock").size == (488, 680)                      # no picture: drawn


def test_a_broken_settings_file_is_set_aside(data):
    p = settings_path()
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text("{broken")
    assert load_settings()["card_images"] == ""
    assert p.with_suffix(".broken.json").exists()
