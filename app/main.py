"""The `manatable` command: start the desktop app."""
from __future__ import annotations

import argparse
import multiprocessing
import os
import sys

from engine import __version__


def has_display() -> bool:
    """True when Qt can open a window: a platform was chosen, or X11/Wayland is there."""
    if os.environ.get("QT_QPA_PLATFORM"):
        return True
    if sys.platform != "linux":
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="manatable", description="A Magic: The Gathering table for two.")
    p.add_argument("--version", action="version", version=f"manatable {__version__}")
    p.add_argument("--offscreen", action="store_true", help="run without a display (Qt offscreen platform)")
    p.add_argument("--build-db-and-exit", action="store_true",
                   help="build the card database (if needed) with its progress window, then exit")
    p.add_argument("--quit-after", type=float, metavar="SECONDS", help=argparse.SUPPRESS)
    return p.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    # a frozen build's child process (the AI's search, app/ai_process.py) runs its task here and
    # exits instead of starting a second app; a no-op outside a frozen build
    multiprocessing.freeze_support()
    args = parse_args(argv)
    if args.offscreen:
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    if not has_display():
        print("manatable: no display found (neither DISPLAY nor WAYLAND_DISPLAY is set).\n"
              "Start it from a desktop session, or run `manatable --offscreen` to run without a window.",
              file=sys.stderr)
        return 2
    from app.application import run  # layering: Qt is imported only once we know it can start

    return run(args)


if __name__ == "__main__":
    raise SystemExit(main())
