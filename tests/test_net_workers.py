"""LAN play (issue 7) on several cores: the front and its worker processes (engine.net.workers)."""
from __future__ import annotations

import signal
import sqlite3
import subprocess
import time
from pathlib import Path

import pytest

from engine.bench import GREEN, RED
from engine.net.client import NetError, RemoteSession
from test_net_server import PY, ROOT, last_line, start_bots

RESULTS = ("result: host wins", "result: guest wins", "result: draw")


def start_front(data: Path, workers: int = 2, port: int = 0, grace: float = 60) -> tuple[subprocess.Popen, int]:
    p = subprocess.Popen([PY, "-m", "engine.net.server", "--host", "127.0.0.1", "--port", str(port),
                          "--data", str(data), "--grace", str(grace), "--rate", "1000", "--workers", str(workers)],
                         cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    line = p.stdout.readline()
    assert line.startswith("listening on"), line
    return p, int(line.strip().rsplit(":", 1)[1])


def children(pid: int) -> list[int]:
    with open(f"/proc/{pid}/task/{pid}/children") as f:
        return [int(x) for x in f.read().split()]


def worker_pid(front: int, index: int) -> int:
    for pid in children(front):
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            args = f.read().split(b"\0")
        if b"--index" in args and args[args.index(b"--index") + 1] == str(index).encode():
            return pid
    raise LookupError(index)


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def answers(db: Path) -> int:
    if not db.exists():
        return 0
    with sqlite3.connect(db) as c:
        try:
            return c.execute("SELECT count(*) FROM answers").fetchone()[0]
        except sqlite3.OperationalError:
            return 0


def wait_for(pred, timeout: float = 30.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if pred():
            return True
        time.sleep(0.1)
    return pred()


@pytest.fixture
def front(tmp_path):
    p, port = start_front(tmp_path / "data")
    yield p, port
    if p.poll() is None:
        p.send_signal(signal.SIGTERM)
        try:
            p.wait(15)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()


def test_requests_are_routed_and_refusals_come_back_to_the_front(front):
    """create goes to a worker; a request the worker refuses (bad deck, seat taken) leaves the
    connection usable for the next one; a wrong code or token is refused by the front; list
    shows the games of every worker; a dropped player resumes its seat through the front."""
    _, port = front
    a = RemoteSession("127.0.0.1", port)
    with pytest.raises(NetError) as e:
        a.create("alice", ["Shock"] * 40, format="standard-2019")
    assert e.value.code == "bad_deck"
    code = a.create("alice", RED, format="free", spectators=True)   # the same connection, back at the front
    c = RemoteSession("127.0.0.1", port)
    code2 = c.create("carol", RED, format="free")
    listed = RemoteSession("127.0.0.1", port).list_games()
    assert {g["host"] for g in listed} == {"alice", "carol"}
    b = RemoteSession("127.0.0.1", port)
    with pytest.raises(NetError) as e:
        b.join("AAAAAA" if code != "AAAAAA" else "BBBBBB", "bob", GREEN)
    assert e.value.code == "bad_code"
    b.join(code, "bob", GREEN)
    assert a.wait(lambda s: s.updates > 0, 10) and b.wait(lambda s: s.updates > 0, 10)
    # a spectator names the game by the id the front lists, and is served by its worker
    listed = {x["host"]: x for x in RemoteSession("127.0.0.1", port).list_games()}
    g = listed["alice"]
    assert g["status"] == "playing" and listed["carol"]["status"] == "waiting"
    w = RemoteSession("127.0.0.1", port)
    w.watch(game=g["game"], name="erin")
    assert w.wait(lambda s: s.updates > 0, 10) and w.view()["you"] == "__spectator__"
    # a stolen token while its owner is connected: refused by the worker, the owner undisturbed
    thief = RemoteSession("127.0.0.1", port)
    with pytest.raises(NetError) as e:
        thief.resume(a.token)
    assert e.value.code == "seat_taken"
    with pytest.raises(NetError) as e:
        thief.resume("0" * 32)
    assert e.value.code == "bad_token"
    d = RemoteSession("127.0.0.1", port)
    d.join(code2, "dave", GREEN)                          # the other game, wherever it lives
    assert [x["host"] for x in thief.list_games()] == ["alice"]   # only the watchable one is left
    # a dropped player comes back through the front to its worker
    token, no = b.token, b.decision_no
    b.drop()
    b2 = RemoteSession("127.0.0.1", port)
    assert b2.resume(token) == "bob"
    assert b2.wait(lambda s: s.updates > 0 and s.decision_no == no, 10)
    assert b2.view()["you"] == "bob" and b2.view()["players"]["alice"]["hand"] is None
    for s in (a, b2, c, d, thief, w):
        s.close()


def test_games_on_two_workers_resume_after_the_server_is_killed(tmp_path):
    """Two bot games, one on each worker; the whole server (front and workers) is killed
    mid-game and started again, with --workers 1: the databases of both workers are found,
    both games resume and finish."""
    data = tmp_path / "data"
    srv, port = start_front(data)
    bots = []
    try:
        for i in range(2):
            (tmp_path / str(i)).mkdir()
            bots += start_bots(port, tmp_path / str(i), delay=0.003)
        dbs = [data / "server.sqlite", data / "server-1.sqlite"]
        assert wait_for(lambda: all(answers(db) >= 40 for db in dbs)), [answers(db) for db in dbs]
        before = [answers(db) for db in dbs]
        workers = children(srv.pid)
        assert len(workers) == 2
        srv.send_signal(signal.SIGKILL)
        srv.wait()
        assert wait_for(lambda: not any(alive(w) for w in workers), 10)   # no front: workers stop
        srv, port2 = start_front(data, workers=1, port=port)
        assert port2 == port and len(children(srv.pid)) == 2
        lines = [last_line(p, 120) for p in bots]
        assert lines[0] == lines[1] and lines[2] == lines[3] and all(x in RESULTS for x in lines), lines
        for db, n in zip(dbs, before):
            with sqlite3.connect(db) as c:
                assert c.execute("SELECT status FROM games").fetchone()[0] == "over"
            assert answers(db) > n
    finally:
        for p in bots + [srv]:
            if p.poll() is None:
                p.kill()
                p.wait()


def test_a_dead_worker_is_started_again_and_its_game_goes_on(tmp_path):
    data = tmp_path / "data"
    srv, port = start_front(data)
    bots: list[subprocess.Popen] = []
    try:
        bots = list(start_bots(port, tmp_path, delay=0.003))
        assert wait_for(lambda: answers(data / "server.sqlite") + answers(data / "server-1.sqlite") >= 60)
        db = data / ("server.sqlite" if answers(data / "server.sqlite") else "server-1.sqlite")
        victim = worker_pid(srv.pid, 0 if db.name == "server.sqlite" else 1)
        n = answers(db)
        subprocess.run(["kill", "-9", str(victim)], check=True)
        lines = [last_line(p, 120) for p in bots]
        assert lines[0] == lines[1] and lines[0] in RESULTS, lines
        assert answers(db) > n and srv.poll() is None
        assert victim not in children(srv.pid) and len(children(srv.pid)) == 2
    finally:
        for p in bots + [srv]:
            if p.poll() is None:
                p.kill()
                p.wait()
