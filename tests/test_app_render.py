"""Card faces drawn with Pillow: the set and rarity of the newest printing (issue 5, item 3)."""
from __future__ import annotations

import dataclasses

import pytest

from app.cards import render
from engine.cards.data import Printing


class FakeDb:
    def __init__(self, printings):
        self.p = printings

    def printings(self, name):
        return self.p.get(name, [])


@pytest.fixture
def fake_db(monkeypatch, tmp_path):
    monkeypatch.setenv("MANATABLE_DATA", str(tmp_path))
    db = FakeDb({"Shock": [Printing("XLN", "Ixalan", "149", "common"), Printing("M20", "Core Set 2020", "160", "rare")]})
    monkeypatch.setattr(render, "_db", db)
    render.printing_for.cache_clear()
    render.face_for.cache_clear()
    yield db
    render.printing_for.cache_clear()
    render.face_for.cache_clear()


def test_face_carries_the_newest_printing(fake_db):
    f = render.face_for("Shock")
    assert (f.set_code, f.rarity) == ("M20", "rare")
    g = render.face_for("Lightning Bolt")  # no printing in the database: no emblem
    assert (g.set_code, g.rarity) == ("", "")


def test_the_emblem_is_drawn_in_the_rarity_color(fake_db):
    f = render.face_for("Shock")
    img = render.render_face(f).convert("RGB")
    bare = render.render_face(dataclasses.replace(f, set_code="", rarity="")).convert("RGB")
    gold = render.RARITY["rare"][0]
    box = [(x, y) for x in range(render.W - 100, render.W - 44) for y in range(392, 417)]
    assert sum(img.getpixel(p) == gold for p in box) > 200
    assert sum(bare.getpixel(p) == gold for p in box) == 0
    common = render.render_face(dataclasses.replace(f, rarity="common")).convert("RGB")
    assert sum(common.getpixel(p) == render.RARITY["common"][0] for p in box) > 200


def test_disk_cache_redraws_faces_cached_without_a_set(fake_db, monkeypatch):
    # a face cached by the older drawing (no set on it) under the old key is not reused
    import hashlib
    old = dataclasses.replace(render.face_for("Shock"), set_code="", rarity="")
    old_key = hashlib.sha1(repr(old).encode("utf-8")).hexdigest()[:20]
    render.cache_dir().mkdir(parents=True, exist_ok=True)
    render.render_face(old).save(render.cache_dir() / f"{old_key}.png")
    monkeypatch.setattr(render, "_image_folder", lambda: None)
    img = render.face_image("Shock").convert("RGB")
    gold = render.RARITY["rare"][0]
    assert sum(img.getpixel((x, 404)) == gold for x in range(render.W - 100, render.W - 44)) > 10
    assert len(list(render.cache_dir().glob("*.png"))) == 2, "the new face is stored under a new key"
