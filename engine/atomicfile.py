"""Atomic file writes: a file is either its old content or its new content, never cut.

``write_atomic(path, data)`` writes to a temporary file with a unique name in the same
folder, flushes and fsyncs it, then renames it over ``path`` (``os.replace``, atomic on
POSIX and Windows). Any failure (read-only folder, full disk, a file-size limit, a folder
where the file should be) removes the temporary file, leaves the old file as it was and
raises one ``WriteError`` naming the path and the cause.

Temporary files of a process killed mid-write are named ``.<name>.<pid>.<token>.tmp``;
``remove_stale_temps(folder)`` deletes those of processes that are gone, together with
the card database's ``.<name>.building-<pid>`` files (engine.cards.db).
"""
from __future__ import annotations

import os
import re
import secrets
import sys
from pathlib import Path

__all__ = ["WriteError", "write_atomic", "remove_stale_temps", "pid_alive"]

_TEMP = re.compile(r"^\..+\.(?P<pid>\d+)\.[0-9a-f]+\.tmp$")
_BUILDING = re.compile(r"^\..+\.building-(?P<pid>\d+)(-journal)?$")


class WriteError(OSError):
    """A file could not be written. ``str()`` is one line: the path and the cause."""

    def __init__(self, path: str | os.PathLike[str], cause: BaseException) -> None:
        reason = getattr(cause, "strerror", None) or str(cause) or type(cause).__name__
        super().__init__(getattr(cause, "errno", None), reason, str(path))
        self.path = Path(path)
        self.cause = cause

    def __str__(self) -> str:
        return f"could not write {self.path}: {self.strerror}"


def write_atomic(path: str | os.PathLike[str], data: str | bytes) -> None:
    """Replace the file at ``path`` with ``data`` (str is written as UTF-8), atomically.

    Missing parent folders are created. Raises WriteError and changes nothing on failure.
    """
    target = Path(path)
    raw = data.encode("utf-8") if isinstance(data, str) else bytes(data)
    tmp = target.with_name(f".{target.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    fd = -1
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
        view = memoryview(raw)
        while view:
            view = view[os.write(fd, view):]
        os.fsync(fd)
        os.close(fd)
        fd = -1
        _keep_mode(target, tmp)
        os.replace(tmp, target)
    except (OSError, ValueError) as e:
        if fd >= 0:
            os.close(fd)
        try:
            tmp.unlink()
        except OSError:
            pass
        raise WriteError(target, e) from e
    _sync_folder(target.parent)


def _keep_mode(target: Path, tmp: Path) -> None:
    """Give the new file the old file's permission bits (a new file keeps the umask's)."""
    try:
        mode = target.stat().st_mode & 0o7777
    except OSError:
        return
    os.chmod(tmp, mode)


def _sync_folder(folder: Path) -> None:
    """Flush the rename itself to disk where the platform allows it (POSIX folders)."""
    if sys.platform == "win32":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def pid_alive(pid: int) -> bool:
    """Whether a process with this id runs on this machine (True when it cannot be told)."""
    if pid <= 0:
        return False
    if pid == os.getpid():
        return True
    if sys.platform == "win32":
        return _pid_alive_windows(pid)
    try:
        os.kill(pid, 0)                      # signal 0: checks, sends nothing
    except ProcessLookupError:
        return False
    except OSError:                          # EPERM: alive, owned by someone else
        return True
    return True


def _pid_alive_windows(pid: int) -> bool:
    import ctypes  # os.kill would terminate the process there
    kernel32 = ctypes.windll.kernel32        # type: ignore[attr-defined]
    handle = kernel32.OpenProcess(0x1000, False, pid)   # PROCESS_QUERY_LIMITED_INFORMATION
    if not handle:
        return False
    code = ctypes.c_ulong()
    try:
        ok = kernel32.GetExitCodeProcess(handle, ctypes.byref(code))
    finally:
        kernel32.CloseHandle(handle)
    return not ok or code.value == 259       # STILL_ACTIVE


def remove_stale_temps(folder: str | os.PathLike[str]) -> list[Path]:
    """Delete temporary files left in ``folder`` by writers that died; return them.

    Only files named by write_atomic or by a card database build whose process id is no
    longer running on this machine are removed. A folder that cannot be read removes nothing.
    """
    removed: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        m = _TEMP.match(entry.name) or _BUILDING.match(entry.name)
        if m is None or pid_alive(int(m["pid"])):
            continue
        try:
            if not entry.is_file(follow_symlinks=False):
                continue
            os.unlink(entry.path)
        except OSError:
            continue
        removed.append(Path(entry.path))
    return removed
