"""Helpers for tests of writers that meet a folder they may not write.

``read_only_folder()`` makes a fresh folder; ``run_read_only(code, folder)`` runs Python code
in a child process for which that folder is read-only. Root may write anywhere, so as root
the child runs in its own mount namespace with the folder bind-mounted read-only (writes
fail with "Read-only file system"); otherwise the folder and its files are made mode 0555/0444
for the run (writes fail with "Permission denied").
"""
from __future__ import annotations

import contextlib
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parent.parent


@contextlib.contextmanager
def read_only_folder() -> Iterator[Path]:
    """A new folder, removed afterwards."""
    folder = Path(tempfile.mkdtemp(prefix="manatable-ro-"))
    try:
        yield folder
    finally:
        _chmod(folder, writable=True)
        shutil.rmtree(folder, ignore_errors=True)


def _chmod(folder: Path, writable: bool) -> None:
    for p in [folder, *folder.rglob("*")]:
        p.chmod((0o755 if p.is_dir() else 0o644) if writable else (0o555 if p.is_dir() else 0o444))


def _need_mount_namespace() -> None:
    """Skip the test where root cannot make a private read-only mount (a container without
    CAP_SYS_ADMIN): there no folder is read-only to root."""
    import pytest
    folder = tempfile.mkdtemp(prefix="manatable-probe-")
    try:
        f = shlex.quote(folder)
        probe = subprocess.run(["unshare", "-m", "sh", "-c", f"mount --bind {f} {f} && mount -o remount,bind,ro {f}"],
                               capture_output=True)
    except OSError:                         # no unshare at all
        probe = None
    finally:
        os.rmdir(folder)
    if probe is None or probe.returncode != 0:
        pytest.skip("root cannot make a read-only folder here (no private mounts)")


def run_read_only(code: str, folder: Path, env: dict[str, str] | None = None,
                  timeout: float = 120) -> subprocess.CompletedProcess:
    """Run ``code`` (cwd: the repository) with ``folder`` read-only and MANATABLE_DATA=folder."""
    full_env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "MANATABLE_DATA": str(folder), **(env or {})}
    cmd = [sys.executable, "-c", code]
    if os.geteuid() == 0:
        _need_mount_namespace()
        f = shlex.quote(str(folder))
        cmd = ["unshare", "-m", "sh", "-c", f"mount --bind {f} {f} && mount -o remount,bind,ro {f} && exec "
               + " ".join(shlex.quote(c) for c in cmd)]
    else:
        _chmod(folder, writable=False)
    try:
        return subprocess.run(cmd, cwd=ROOT, env=full_env, capture_output=True, text=True, timeout=timeout)
    finally:
        _chmod(folder, writable=True)
