"""Test configuration: Qt runs offscreen, and the card database goes to a test folder."""
import os
import pathlib

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# One card database for the whole suite, outside the user's own data folder.
os.environ.setdefault("MANATABLE_DATA", str(pathlib.Path(__file__).resolve().parent.parent / ".test-data"))
