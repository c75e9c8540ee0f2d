"""engine.atomicfile: whole files or the old ones, one clear error, no leftovers."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from engine.atomicfile import WriteError, pid_alive, remove_stale_temps, write_atomic


def test_writes_and_replaces(tmp_path):
    p = tmp_path / "sub" / "a.txt"
    write_atomic(p, "é\n")
    assert p.read_bytes() == "é\n".encode("utf-8")
    write_atomic(p, b"\x00\x01")
    assert p.read_bytes() == b"\x00\x01"
    assert sorted(x.name for x in p.parent.iterdir()) == ["a.txt"]


def test_keeps_the_old_mode(tmp_path):
    p = tmp_path / "a.txt"
    p.write_text("old")
    os.chmod(p, 0o640)
    write_atomic(p, "new")
    assert p.stat().st_mode & 0o777 == 0o640


def test_folder_where_the_file_should_be(tmp_path):
    (tmp_path / "a.txt").mkdir()
    with pytest.raises(WriteError) as e:
        write_atomic(tmp_path / "a.txt", "x")
    assert str(e.value) == f"could not write {tmp_path / 'a.txt'}: Is a directory"
    assert isinstance(e.value, OSError)
    assert [x.name for x in tmp_path.iterdir()] == ["a.txt"]


def test_file_where_the_folder_should_be(tmp_path):
    (tmp_path / "d").write_text("not a folder")
    with pytest.raises(WriteError) as e:
        write_atomic(tmp_path / "d" / "a.txt", "x")
    assert str(tmp_path / "d" / "a.txt") in str(e.value)


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_read_only_folder(tmp_path):
    p = tmp_path / "a.txt"
    p.write_text("old")
    tmp_path.chmod(0o555)
    try:
        with pytest.raises(WriteError) as e:
            write_atomic(p, "new")
        assert "Permission denied" in str(e.value)
    finally:
        tmp_path.chmod(0o755)
    assert p.read_text() == "old"


def test_file_size_limit_keeps_the_old_file(tmp_path):
    """A full disk, simulated by RLIMIT_FSIZE in a child: old content kept, no temp left."""
    p = tmp_path / "a.txt"
    p.write_text("old")
    code = (
        "import resource, sys\n"
        "from engine.atomicfile import write_atomic, WriteError\n"
        "resource.setrlimit(resource.RLIMIT_FSIZE, (1000, 1000))\n"
        "try:\n"
        f"    write_atomic({str(p)!r}, 'x' * 5000)\n"
        "except WriteError as e:\n"
        "    print(e); sys.exit(3)\n"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert r.returncode == 3, r.stderr
    assert r.stdout.strip() == f"could not write {p}: File too large"
    assert p.read_text() == "old"
    assert [x.name for x in tmp_path.iterdir()] == ["a.txt"]


def _dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_remove_stale_temps(tmp_path):
    dead, me = _dead_pid(), os.getpid()
    names = [f".a.txt.{dead}.0a1b.tmp", f".cards.sqlite3.building-{dead}",
             f".a.txt.{me}.0a1b.tmp", f".cards.sqlite3.building-{me}", "a.txt", f"x.{dead}.tmp"]
    for n in names:
        (tmp_path / n).write_text("x")
    removed = remove_stale_temps(tmp_path)
    assert sorted(x.name for x in removed) == sorted(names[:2])
    assert sorted(x.name for x in tmp_path.iterdir()) == sorted(names[2:])
    assert remove_stale_temps(tmp_path / "missing") == []


def test_pid_alive():
    assert pid_alive(os.getpid())
    assert not pid_alive(_dead_pid())
    assert not pid_alive(0)


@pytest.mark.parametrize("step", ["fsync", "replace", "open"])
def test_a_failing_step_leaves_the_old_file_and_no_temp(tmp_path, monkeypatch, step):
    """Read-only and full-disk errors can strike at any step (root cannot make a folder
    read-only, so the error is raised by the step itself here)."""
    import errno

    import engine.atomicfile as af
    p = tmp_path / "a.txt"
    p.write_text("old")

    def fail(*a, **k):
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))
    monkeypatch.setattr(af.os, step, fail)
    with pytest.raises(WriteError) as e:
        write_atomic(p, "new")
    monkeypatch.undo()
    assert str(e.value) == f"could not write {p}: Read-only file system"
    assert p.read_text() == "old"
    assert [x.name for x in tmp_path.iterdir()] == ["a.txt"]
