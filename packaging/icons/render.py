"""Render packaging/icons/manatable.svg to the PNG sizes of the hicolor theme with Qt.

Usage: python packaging/icons/render.py   (writes packaging/icons/manatable-<N>.png)
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

SIZES = (16, 24, 32, 48, 64, 128, 256)
HERE = Path(__file__).resolve().parent


def main() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])  # noqa: F841
    renderer = QSvgRenderer(str(HERE / "manatable.svg"))
    if not renderer.isValid():
        raise SystemExit("manatable.svg is not a valid SVG")
    for n in SIZES:
        img = QImage(n, n, QImage.Format.Format_ARGB32)
        img.fill(Qt.GlobalColor.transparent)
        p = QPainter(img)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        renderer.render(p)
        p.end()
        out = HERE / f"manatable-{n}.png"
        img.save(str(out))
        print(out.name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
