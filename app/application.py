"""The QApplication and the main window's start-up."""
from __future__ import annotations

import argparse
import sys

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow


def run(args: argparse.Namespace) -> int:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("manatable")
    window = QMainWindow()
    window.setWindowTitle("manatable")
    window.setCentralWidget(QLabel("manatable"))
    window.resize(1280, 800)
    window.show()
    if args.build_db_and_exit:
        return 0
    if args.quit_after:
        QTimer.singleShot(int(args.quit_after * 1000), app.quit)
    return app.exec()
