"""The server and an unusable data folder (issue 22 item 5): one line naming the path and the
cause, a non-zero exit, and a worker that fails at once is not started again without end."""
from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import tempfile
import threading
import time
from pathlib import Path

import pytest

from engine.net.client import RemoteSession
from engine.net.datafolder import EXIT_DATA_FOLDER
from engine.net.workers import RESTART_DELAYS
from test_net_server import PY, ROOT
from test_net_workers import start_front, worker_pid


def run_server(data: Path, workers: int = 1, user: list[str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([*(user or []), PY, "-m", "engine.net.server", "--host", "127.0.0.1", "--port", "0",
                           "--data", str(data), "--workers", str(workers)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)


def refused(r: subprocess.CompletedProcess, *words: str) -> None:
    """Exit status EXIT_DATA_FOLDER, nothing served, one line on stderr holding ``words``."""
    lines = r.stderr.strip().splitlines()
    assert r.returncode == EXIT_DATA_FOLDER, (r.returncode, r.stderr)
    assert "listening" not in r.stdout and len(lines) == 1, r.stderr
    assert lines[0].startswith("manatable-server: ") and all(w in lines[0] for w in words), lines


def garbage(path: Path) -> None:
    path.write_bytes(b"this is not an SQLite database\n" * 200)


@pytest.mark.parametrize("workers", [1, 2])
def test_a_file_where_the_folder_should_be(tmp_path, workers):
    f = tmp_path / "data"
    f.write_text("x")
    refused(run_server(f, workers), str(f), "a file is where a folder should be")
    refused(run_server(f / "sub", workers), str(f), "a file is where a folder should be")
    assert f.read_text() == "x"


@pytest.mark.parametrize("db, workers", [("server.sqlite", 1), ("server.sqlite", 2), ("server-1.sqlite", 2)])
def test_a_garbage_database(tmp_path, db, workers):
    data = tmp_path / "data"
    data.mkdir()
    garbage(data / db)
    before = (data / db).read_bytes()
    refused(run_server(data, workers), str(data / db), "not a usable server database", "file is not a database")
    assert (data / db).read_bytes() == before      # nothing written over it


def test_a_read_only_folder():
    """As root a folder's mode does not stop writes: the server then runs as nobody."""
    user = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] if os.getuid() == 0 else None
    top = Path(tempfile.mkdtemp(prefix="manatable-ro-"))
    try:
        top.chmod(0o755)
        data = top / "data"
        data.mkdir()
        data.chmod(0o555)
        for workers in (1, 2):
            refused(run_server(data, workers, user), str(data), "cannot write", "Permission denied")
        assert list(data.iterdir()) == []
    finally:
        (top / "data").chmod(0o755)
        (top / "data").rmdir()
        top.rmdir()


def test_a_database_of_another_shape_is_refused_and_its_worker_given_up(tmp_path):
    """A database SQLite opens but whose games table is another program's: the single-process
    server says so in one line; with workers, the worker fails at once each time, the front
    starts it again after growing delays, then gives up and exits with a message."""
    data = tmp_path / "data"
    data.mkdir()
    with sqlite3.connect(data / "server-1.sqlite") as c:
        c.execute("CREATE TABLE games (id TEXT PRIMARY KEY, notes TEXT)")
    c.close()
    before = (data / "server-1.sqlite").read_bytes()
    one = tmp_path / "one"
    one.mkdir()
    (one / "server.sqlite").write_bytes(before)
    refused(run_server(one, 1), str(one / "server.sqlite"), "not a manatable server database", "no column code")
    assert (one / "server.sqlite").read_bytes() == before
    t0 = time.monotonic()
    r = run_server(data, 2)
    took = time.monotonic() - t0
    assert r.returncode == 1 and "listening" not in r.stdout, (r.returncode, r.stdout, r.stderr)
    last = r.stderr.strip().splitlines()[-1]
    assert last.startswith("manatable-server: worker 1 failed at once") and "not starting it again" in last, last
    assert r.stderr.count("starting it again in") == len(RESTART_DELAYS), r.stderr
    assert r.stderr.count("not a manatable server database (its games table has no column code") \
        == len(RESTART_DELAYS) + 1, r.stderr
    assert "Traceback" not in r.stderr and took >= sum(RESTART_DELAYS), took
    assert (data / "server-1.sqlite").read_bytes() == before     # the other program's database is untouched


@pytest.mark.slow      # about 13 s: five worker starts and the delays between them
def test_a_worker_that_fails_at_once_while_the_server_runs_is_given_up_and_the_rest_serves(tmp_path):
    data = tmp_path / "data"
    p, port = start_front(data, 2)
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(p.stdout), daemon=True)
    reader.start()
    try:
        w1 = worker_pid(p.pid, 1)
        junk = data / "junk"
        garbage(junk)
        os.replace(junk, data / "server-1.sqlite")     # worker 1 keeps the old file open; a new one would not
        for tail in ("-wal", "-shm"):
            (data / f"server-1.sqlite{tail}").unlink(missing_ok=True)
        os.kill(w1, signal.SIGKILL)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not any("not starting it again" in x for x in lines):
            time.sleep(0.2)
        text = "".join(lines)
        assert "worker 1 failed at once" in text, text
        assert text.count("starting it again in") == len(RESTART_DELAYS), text
        time.sleep(1.0)                              # and no further start
        assert "".join(lines).count("starting it again in") == len(RESTART_DELAYS)
        assert p.poll() is None
        s = RemoteSession("127.0.0.1", port)         # worker 0 still hosts games
        from engine.bench import RED
        assert len(s.create("alice", RED, format="free")) == 6
        s.close()
    finally:
        p.send_signal(signal.SIGTERM)
        try:
            p.wait(20)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()
    assert "Traceback" not in "".join(lines)


def test_the_front_stops_when_it_has_given_up_on_every_worker(tmp_path):
    """Giving up on one worker of a listening front leaves it serving; on the last, it stops
    with ``fatal`` saying why (serve() prints it and exits 1)."""
    import asyncio
    from engine.net.workers import Front

    f = Front(tmp_path / "data", 2)
    f.server = object()          # listening (the sockets themselves are not needed here)
    f.stopped = asyncio.Event()
    f._give_up(1, "worker 1 failed at once 5 times in a row (last exit status 2); not starting it again")
    assert f.fatal is None and not f.stopped.is_set() and f.given_up == {1}
    f._give_up(0, "worker 0 failed at once 5 times in a row (last exit status 2); not starting it again")
    assert f.stopped.is_set() and f.fatal.startswith("worker 0 failed") and f.fatal.endswith("no worker is left")
