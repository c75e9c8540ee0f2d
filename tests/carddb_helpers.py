"""Shared fixtures for the card-database tests (tests/test_carddb_*.py)."""
from __future__ import annotations

import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
FIXTURES = pathlib.Path(__file__).resolve().parent / "fixtures" / "cards"
_SOURCES = [ROOT / "engine" / "cards" / n for n in ("data.py", "db.py", "importers.py", "search.py", "printings.py",
                                                      "printings.json.gz")]


def ensure_full_db() -> pathlib.Path:
    """The full database built from the embedded corpus in the test data folder (built once, then reused
    until the card-database code changes)."""
    from engine.cards.db import SCHEMA_VERSION, build_db, default_db_path, schema_version

    path = default_db_path()
    newest = max(p.stat().st_mtime for p in _SOURCES)
    if (not path.exists() or path.stat().st_mtime < newest or schema_version(path) != SCHEMA_VERSION):
        build_db(path)
    return path


@pytest.fixture(scope="session")
def full_db():
    from engine.cards.db import CardDatabase

    db = CardDatabase(ensure_full_db())
    yield db
    db.close()


@pytest.fixture(scope="session")
def fixture_db(tmp_path_factory):
    """A small database from the AllPrintings fixture (printings, rarities, legalities)."""
    from engine.cards.db import CardDatabase, build_db

    path = tmp_path_factory.mktemp("carddb") / "allprintings.sqlite3"
    build_db(path, FIXTURES / "AllPrintings.json")
    db = CardDatabase(path)
    yield db
    db.close()
