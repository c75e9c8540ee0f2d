"""The server's data folder, checked before any game is served (issue 22).

The server keeps its games in ``DIR/server.sqlite`` (and ``DIR/server-<i>.sqlite`` for
worker i). A folder it cannot use (a file where the folder should be, a folder it may not
write, a database that is not one) is refused at start with ``DataFolderError``: one line
naming the path and the cause, which ``engine.net.server.main`` (the command line) prints before it exits
with ``EXIT_DATA_FOLDER``, rather than a traceback or a worker restarted without end.
"""
from __future__ import annotations

import os
import sqlite3
import tempfile
from pathlib import Path

EXIT_DATA_FOLDER = 2       # the exit status of a server (or worker) refused its data folder


class DataFolderError(Exception):
    """The data folder cannot hold the server's games; the message names the path and the cause."""


def describe(path: Path, e: BaseException) -> str:
    """One line for an error met at ``path``: the OS's words for an OSError, SQLite's otherwise."""
    if isinstance(e, OSError):
        cause = e.strerror or type(e).__name__
        if isinstance(e, (FileExistsError, NotADirectoryError)):
            cause = "a file is where a folder should be"
        return f"{path}: {cause}"
    return f"{path}: {e}"


def check(folder: Path) -> None:
    """Make ``folder`` if it is missing, then check that a file can be written in it and that
    every server database already there opens as an SQLite database. Raises DataFolderError."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        where = folder if folder.exists() or not isinstance(e, (FileExistsError, NotADirectoryError)) \
            else next((p for p in folder.parents if p.exists()), folder)
        raise DataFolderError(f"cannot use the data folder {describe(where, e)}") from None
    try:
        fd, probe = tempfile.mkstemp(dir=folder, prefix=".write-test-")
        os.close(fd)
        os.unlink(probe)
    except OSError as e:
        raise DataFolderError(f"cannot write in the data folder {describe(folder, e)}") from None
    for db in sorted(folder.glob("server*.sqlite")):
        check_database(db)


def check_database(db: Path) -> None:
    """Raise DataFolderError unless ``db`` is an SQLite database this process can read and write."""
    if not db.is_file():
        raise DataFolderError(f"{db}: not a file (a server database is expected there)")
    if not os.access(db, os.R_OK | os.W_OK):
        raise DataFolderError(f"{db}: the server may not read and write this database")
    try:
        c = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
        try:
            c.execute("SELECT count(*) FROM sqlite_master").fetchone()
        finally:
            c.close()
    except sqlite3.Error as e:
        raise DataFolderError(f"{db}: not a usable server database ({e})") from None
