"""`python -m app.decks [--cards PATH]`: the deck builder on its own."""
from __future__ import annotations

import argparse
import sys

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from engine.decks.cli import _open_cards
from engine.decks.store import DeckStore

from .window import DeckBuilderWindow


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m app.decks", description="The manatable deck builder.")
    p.add_argument("--cards", help="a YAML card list (engine.decks.memorydb) or card database file")
    p.add_argument("--quit-after", type=float, help=argparse.SUPPRESS)
    args = p.parse_args(argv)

    app = QApplication.instance() or QApplication(sys.argv[:1])
    w = DeckBuilderWindow(_open_cards(args.cards), DeckStore())
    w.show()
    if args.quit_after:
        QTimer.singleShot(int(args.quit_after * 1000), app.quit)
    return app.exec()


if __name__ == "__main__":
    raise SystemExit(main())
