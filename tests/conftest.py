"""Test configuration: Qt runs offscreen, and the card database goes to a test folder."""
import os
import pathlib

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# One card database for the whole suite, outside the user's own data folder.
os.environ.setdefault("MANATABLE_DATA", str(pathlib.Path(__file__).resolve().parent.parent / ".test-data"))


@pytest.fixture(scope="session")
def card_pool():
    """One card pool for the tests that ask for it: the card database, else the embedded corpus."""
    from engine.cardpool import default_pool  # after MANATABLE_DATA above: the pool opens its database
    return default_pool()
