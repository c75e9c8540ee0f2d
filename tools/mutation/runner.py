"""Running mutants: one forked child per mutant, each against the module's selection.

The parent imports the engine and pytest once; each child swaps one function's code
(``patch.apply``), runs the scenarios and then the tests of the selection, stopping at the
first failure, and reports what failed through a pipe. A child past its time limit is
killed with its process group and the mutant counts as killed (a rule broken into an
endless loop is a rule broken). The parent never runs game code, so no memo holds a fact
worked out by unmutated code.
"""
from __future__ import annotations

import os
import signal
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable

from tools.mutation import patch
from tools.mutation.config import Selection
from tools.mutation.operators import Module, Mutant


@dataclass
class Outcome:
    mutant: Mutant | None     # None for the baseline run of the unmutated code
    status: str               # "killed", "timeout", "survived", "error" (could not be applied)
    by: str                   # the scenario or test that failed, or the error
    seconds: float


def scenario_files(paths: Iterable[Path]) -> list[Path]:
    out: list[Path] = []
    for p in paths:
        if p.is_dir():
            out += sorted(p.rglob("*.yaml"))
        elif p.exists():
            out.append(p)
    return list(dict.fromkeys(out))


class _FirstFailure:
    """A pytest plugin that remembers the first failed test's node id."""

    def __init__(self) -> None:
        self.failed: str | None = None

    def pytest_runtest_logreport(self, report) -> None:  # noqa: ANN001 - pytest's hook
        if report.failed and self.failed is None:
            self.failed = report.nodeid


def run_selection(root: Path, stages: list[Selection], deselect: list[str]) -> str | None:
    """Run the stages in this process, each its scenarios then its tests; what failed
    first, or None when all passed."""
    from engine.cardpool import default_pool

    pool = default_pool()
    for sel in stages:
        failed = _run_stage(root, sel, deselect, pool)
        if failed is not None:
            return failed
    return None


def _run_stage(root: Path, sel: Selection, deselect: list[str], pool) -> str | None:  # noqa: ANN001
    """One stage: its scenarios (stopping at the first that fails), then its tests (-x)."""
    import pytest

    from engine.scenario import run_file

    for f in scenario_files(sel.scenarios):
        for name, reason in run_file(f, pool):
            if reason is not None:
                rel = f.relative_to(root) if f.is_relative_to(root) else f
                return f"scenario {rel}: {name}: {reason[:200]}"
    if sel.tests:
        plug = _FirstFailure()
        args = [*sel.tests, "-x", "-q", "-p", "no:cacheprovider", "-p", "no:randomly", "--no-header"]
        for d in deselect:
            args += ["--deselect", d]
        rc = pytest.main(args, plugins=[plug])
        if rc != 0:
            return f"test {plug.failed}" if plug.failed else f"pytest exit code {int(rc)}"
    return None


def _child(root: Path, sel: list[Selection], deselect: list[str], module_name: str | None,
           code, qualname: str | None, w: int) -> None:  # noqa: ANN001 - a code object
    os.setpgid(0, 0)
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)
    os.dup2(null, 2)
    status, msg = 0, ""
    try:
        if module_name is not None:
            try:
                patch.apply(module_name, code, qualname)
            except Exception as e:  # noqa: BLE001 - reported as an error of the runner
                os.write(w, f"E{type(e).__name__}: {e}".encode()[:4000])
                os._exit(3)
        failed = run_selection(root, sel, deselect)
        if failed is not None:
            status, msg = 1, failed
    except BaseException as e:  # noqa: BLE001 - a crash of the mutant kills it
        status, msg = 1, f"crash {type(e).__name__}: {e}"
    os.write(w, (("K" if status else "S") + msg).encode()[:4000])
    os._exit(status)


class Runner:
    """Runs a module's mutants with at most ``jobs`` children at a time."""

    def __init__(self, root: Path, sel: list[Selection], deselect: list[str], jobs: int = 1) -> None:
        self.root = root
        self.sel = sel
        self.deselect = deselect
        self.jobs = max(1, jobs)
        self._warm()

    def _warm(self) -> None:
        """Import what every child needs once, in the parent (no game is run here)."""
        import pytest  # noqa: F401

        import engine.game  # noqa: F401
        import engine.scenario  # noqa: F401

    def _start(self, module: Module | None, mutant: Mutant | None) -> tuple[int, int, float]:
        code = module.compile(mutant) if module is not None and mutant is not None else None
        name = module.path[:-3].replace("/", ".") if module is not None and mutant is not None else None
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(r)
            _child(self.root, self.sel, self.deselect, name, code, mutant.function if mutant else None, w)
        os.close(w)
        return pid, r, time.monotonic()

    @staticmethod
    def _finish(pid: int, r: int, start: float, mutant: Mutant | None, timed_out: bool) -> Outcome:
        data = b""
        while chunk := os.read(r, 4096):
            data += chunk
        os.close(r)
        secs = time.monotonic() - start
        if timed_out:
            return Outcome(mutant, "timeout", "time limit", secs)
        text = data.decode(errors="replace")
        if text[:1] == "K":
            return Outcome(mutant, "killed", text[1:], secs)
        if text[:1] == "S":
            return Outcome(mutant, "survived", "", secs)
        if text[:1] == "E":
            return Outcome(mutant, "error", text[1:], secs)
        return Outcome(mutant, "killed", "the child died without a report", secs)

    def baseline(self, timeout: float) -> Outcome:
        """The unmutated code against the selection: it must pass, and it sets the time limit."""
        pid, r, start = self._start(None, None)
        got = self._reap([(pid, r, start, None)], timeout)
        assert got is not None  # no deadline
        return got[0]

    def run(self, module: Module, mutants: list[Mutant], timeout: float, budget: float,
            report: Callable[[Outcome], None], deadline: float | None = None) -> tuple[list[Outcome], list[Mutant]]:
        """Outcomes of the mutants started within ``budget`` seconds, and those never started.
        ``deadline`` (a time.monotonic() value): the mutants still running then are stopped and
        count as never started (a time box that holds the whole run)."""
        t0 = time.monotonic()
        todo = list(mutants)
        running: list = []
        outcomes: list[Outcome] = []
        while todo or running:
            while todo and len(running) < self.jobs and time.monotonic() - t0 < budget \
                    and (deadline is None or time.monotonic() < deadline):
                m = todo.pop(0)
                pid, r, start = self._start(module, m)
                running.append((pid, r, start, m))
            if not running:
                break
            finished = self._reap(running, timeout, deadline)
            if finished is None:  # the box is over: what still ran is not run
                todo = [item[3] for item in running] + todo
                self._stop(running)
                break
            for o in finished:
                outcomes.append(o)
                report(o)
        return outcomes, todo

    @staticmethod
    def _stop(running: list) -> None:
        for pid, r, _start, _mutant in running:
            try:
                os.killpg(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            os.waitpid(pid, 0)
            os.close(r)
        running.clear()

    def _reap(self, running: list, timeout: float, deadline: float | None = None) -> list[Outcome] | None:
        """Wait until at least one child is done; return the finished ones (None: ``deadline`` passed first)."""
        while True:
            if deadline is not None and time.monotonic() > deadline:
                return None
            done: list[Outcome] = []
            for item in list(running):
                pid, r, start, mutant = item
                got, _ = os.waitpid(pid, os.WNOHANG)
                late = not got and time.monotonic() - start > timeout
                if late:
                    try:
                        os.killpg(pid, signal.SIGKILL)
                    except ProcessLookupError:
                        pass
                    os.waitpid(pid, 0)
                if got or late:
                    running.remove(item)
                    done.append(self._finish(pid, r, start, mutant, late))
            if done:
                return done
            time.sleep(0.02)
