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
from app.settings import load_settings, settings_path  # noqa: E402
from app.settings_dialog import open_settings_dialog  # noqa: E402


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


@pytest.mark.parametrize("content, expected, said", [
    ('{"card_images": 5}', {"card_images": ""}, ["card_images should be a folder name, not 5; using none"]),
    ('{"card_images": null, "recent_servers": ["a:1", 7, ""]}', {"card_images": "", "recent_servers": ["a:1"]},
     ["card_images should be a folder name, not null; using none",
      "recent_servers: 2 entries that are not addresses ignored"]),
    ('{"stops": {"al": {"mine": ["upkeep"], "theirs": []}, "bo": {"mine": "x"}}}',
     {"stops": {"al": {"mine": ["upkeep"], "theirs": []}}},
     ['the stops of \'bo\' should be two lists of steps, not {"mine": "x"}; using the usual stops']),
    ('{"stops": [], "recent_servers": "a:1", "zoom": 3}', {"stops": {}, "recent_servers": []},
     ["stops should be an object of players, not []; using none",
      'recent_servers should be a list of addresses, not "a:1"; using none', "unknown setting 'zoom' ignored"]),
])
def test_settings_are_read_by_shape(data, content, expected, said):
    from app.settings import DEFAULTS, read_settings
    p = settings_path()
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(content)
    values, problems = read_settings()
    assert values == {**DEFAULTS, **expected}
    assert problems == [f"{p}: {line}" for line in said]
    assert p.read_text() == content                                 # reading writes nothing
    assert render._image_folder() is None                            # and drawing a face works
    assert render.face_image("Shock").size == (488, 680)


def test_a_settings_save_that_fails_is_one_line_and_keeps_the_file(data, monkeypatch, caplog):
    import app.settings as s
    from engine.atomicfile import WriteError
    s.save_settings({"card_images": "/a"})
    p = settings_path()
    before = p.read_bytes()
    (p.parent / "blocker").mkdir()
    monkeypatch.setattr(s, "settings_path", lambda: p.parent / "blocker")   # a folder where the file should be
    with pytest.raises(WriteError, match="Is a directory"):
        s.save_settings({"card_images": "/b"})
    s.save_stops("alice", {"upkeep"}, set())                          # logged, not raised: the table goes on
    assert [r.getMessage() for r in caplog.records] == [
        f"the stops were not saved: could not write {p.parent / 'blocker'}: Is a directory"]
    assert p.read_bytes() == before
