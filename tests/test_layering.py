"""engine/ never imports Qt (DESIGN.md)."""
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parent.parent
QT = re.compile(r"^\s*(import|from)\s+(PySide6|PyQt5|PyQt6|shiboken6)\b", re.M)


def test_engine_never_imports_qt():
    offenders = [str(p.relative_to(ROOT)) for p in (ROOT / "engine").rglob("*.py") if QT.search(p.read_text())]
    assert offenders == []


def test_app_main_without_display_says_so(monkeypatch, capsys):
    from app.main import main

    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    assert main([]) == 2
    assert "no display" in capsys.readouterr().err
