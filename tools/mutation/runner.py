"""Running mutants: one forked child per mutant, each against the module's selection.

The parent imports the engine and pytest once; each child swaps one function's code
(``patch.apply``), runs the scenarios and then the tests of the selection, stopping at the
first failure, and reports what failed through a pipe. A child past its time limit is
killed with its process group and the mutant counts as killed (a rule broken into an
endless loop is a rule broken). The parent never runs game code, so no memo holds a fact
worked out by unmutated code.
"""
from __future__ import annotations

import importlib
import json
import os
import signal
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable

import pytest

from tools.mutation import patch
from tools.mutation.config import Selection
from tools.mutation.operators import PROBE, Module, Mutant


@dataclass
class Outcome:
    mutant: Mutant | None     # None for the baseline run of the unmutated code
    status: str               # "killed", "timeout", "survived", "error" (could not be applied)
    by: str                   # the scenario or test that failed, or the error
    seconds: float
    item: str = ""            # the item (``Reach``) that killed it, when known


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


class Reach:
    """Which functions of the mutated module each scenario file and test reached in the unmutated
    run (the probe of ``Module.compile_probed``), in the order they ran.

    A mutant can change only what runs its function: a scenario or test that never called the
    function runs exactly as it did unmutated and passes again, so a mutant is run against the
    items that reached its function and nothing else (a mutant no item reaches survives without
    a run). Items are ``"S:"`` + a scenario file's path and ``"T:"`` + a pytest node id."""

    def __init__(self, items: dict[str, list[str]], probed: Iterable[str]) -> None:
        self.items = items
        self.probed = frozenset(probed)

    def only(self, function: str) -> list[str] | None:
        """The items to run for a mutant of ``function``, in run order (None: the function could
        not be probed, so every item)."""
        if function not in self.probed:
            return None
        return [i for i, fs in self.items.items() if function in fs]

    def to_json(self) -> str:
        return json.dumps({"items": self.items, "probed": sorted(self.probed)})

    @classmethod
    def from_json(cls, text: str) -> "Reach":
        d = json.loads(text)
        return cls(d["items"], d["probed"])


class _Probe:
    """What the probed functions record: the functions of each probed module reached since the
    current item began (one set a module, so one unmutated run can probe several modules)."""

    def __init__(self) -> None:
        self.hits: dict[str, set[str]] = {}
        self.items: dict[str, dict[str, list[str]]] = {}

    def module(self, name: str) -> set[str]:
        """The set a module's probed functions add their names to."""
        self.items.setdefault(name, {})
        return self.hits.setdefault(name, set())

    def begin(self) -> None:
        """A new item: nothing reached yet, and no fact an earlier item left in a per-object memo
        (engine/memo.py): a memoized function is reached by every item that reads its answer, and a
        mutant of it changes what each of them reads, so each must call it again to be recorded."""
        from engine.memo import clear_all

        clear_all()
        for h in self.hits.values():
            h.clear()

    def end(self, item: str) -> None:
        for name, h in self.hits.items():
            self.items[name][item] = sorted(h)
            h.clear()


class _RecordTests:
    """A pytest plugin giving each test its own record of the functions it reached."""

    def __init__(self, probe: _Probe) -> None:
        self.probe = probe

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item, nextitem):  # noqa: ANN001, ANN201 - pytest's hook
        self.probe.begin()
        yield
        self.probe.end("T:" + item.nodeid)


def run_selection(root: Path, stages: list[Selection], deselect: list[str], only: list[str] | None = None,
                  probe: _Probe | None = None) -> str | None:
    """Run the stages in this process, each its scenarios then its tests; what failed
    first, or None when all passed. ``only``: run just these items (``Reach``), in the order
    given; ``probe``: record what each item reaches. A failure names its item first
    (``ITEM\\n`` + what failed) when ``only`` is given."""
    from engine.cardpool import default_pool

    pool = default_pool()
    if only is not None:
        return _run_items(root, stages, deselect, pool, only)
    for sel in stages:
        failed = _run_stage(root, sel, deselect, pool, probe)
        if failed is not None:
            return failed
    return None


def _run_items(root: Path, stages: list[Selection], deselect: list[str], pool, only: list[str]) -> str | None:  # noqa: ANN001
    """The items of ``only`` that belong to the stages, in the order of ``only`` (the runner puts
    first the items that killed earlier mutants of the same function); consecutive tests run in one
    pytest session. What failed first, after its item and a newline."""
    from engine.scenario import run_file

    files = {f"S:{f}" for sel in stages for f in scenario_files(sel.scenarios)}
    test_files = {t.split("::")[0] for sel in stages for t in sel.tests}
    items = [i for i in only if i in files or i.startswith("T:") and i[2:].split("::")[0] in test_files]
    k = 0
    while k < len(items):
        item = items[k]
        if item.startswith("S:"):
            f = Path(item[2:])
            for name, reason in run_file(f, pool):
                if reason is not None:
                    rel = f.relative_to(root) if f.is_relative_to(root) else f
                    return f"{item}\nscenario {rel}: {name}: {reason[:200]}"
            k += 1
            continue
        j = k
        while j < len(items) and items[j].startswith("T:"):
            j += 1
        plug = _FirstFailure()
        args = [i[2:] for i in items[k:j]] + ["-x", "-q", "-p", "no:cacheprovider", "-p", "no:randomly", "--no-header"]
        for d in deselect:
            args += ["--deselect", d]
        rc = pytest.main(args, plugins=[plug])
        if rc != 0:
            return f"T:{plug.failed}\ntest {plug.failed}" if plug.failed else f"\npytest exit code {int(rc)}"
        k = j
    return None


def _run_stage(root: Path, sel: Selection, deselect: list[str], pool, probe: _Probe | None) -> str | None:  # noqa: ANN001
    """One stage: its scenarios (stopping at the first that fails), then its tests (-x)."""
    from engine.scenario import run_file

    for f in scenario_files(sel.scenarios):
        item = f"S:{f}"
        if probe is not None:
            probe.begin()
        results = run_file(f, pool)
        if probe is not None:
            probe.end(item)
        for name, reason in results:
            if reason is not None:
                rel = f.relative_to(root) if f.is_relative_to(root) else f
                return f"scenario {rel}: {name}: {reason[:200]}"
    tests = list(sel.tests)
    if tests:
        plug = _FirstFailure()
        plugins: list[object] = [plug] if probe is None else [plug, _RecordTests(probe)]
        args = [*tests, "-x", "-q", "-p", "no:cacheprovider", "-p", "no:randomly", "--no-header"]
        for d in deselect:
            args += ["--deselect", d]
        rc = pytest.main(args, plugins=plugins)
        if rc != 0:
            return f"test {plug.failed}" if plug.failed else f"pytest exit code {int(rc)}"
    return None


def _probe_module(module_name: str, code, functions: list[str], probe: _Probe) -> list[str]:  # noqa: ANN001
    """Swap in the probed code of every function that can take it; the functions probed."""
    mod = importlib.import_module(module_name)
    setattr(mod, PROBE, probe.module(module_name).add)
    done = []
    for q in functions:
        try:
            patch.apply(module_name, code, q)
        except (LookupError, ValueError, TypeError):  # not a plain function: its mutants run everything
            continue
        done.append(q)
    return done


def _child(root: Path, sel: list[Selection], deselect: list[str], module_name: str | None,
           code, qualname: str | None, w: int, only: list[str] | None = None,  # noqa: ANN001 - a code object
           reach_file: str | None = None, probes: list[tuple[str, object, list[str]]] | None = None) -> None:
    """A forked child: the mutant (``module_name``, ``code``, ``qualname``) or, for the unmutated run,
    the probed code of each module of ``probes`` (name, code, functions), then the selection; the
    reach of each probed module is written to ``reach_file``."""
    os.setpgid(0, 0)
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)
    os.dup2(null, 2)
    status, msg = 0, ""
    try:
        probe = None
        probed: dict[str, list[str]] = {}
        try:
            if reach_file is not None:
                probe = _Probe()
                for name, pcode, functions in probes or []:
                    probed[name] = _probe_module(name, pcode, functions, probe)
            elif module_name is not None:
                assert qualname is not None
                patch.apply(module_name, code, qualname)
        except Exception as e:  # noqa: BLE001 - reported as an error of the runner
            os.write(w, f"E{type(e).__name__}: {e}".encode()[:4000])
            os._exit(3)
        failed = run_selection(root, sel, deselect, only, probe)
        if failed is not None:
            status, msg = 1, failed
        elif probe is not None and reach_file is not None:
            Path(reach_file).write_text(json.dumps(
                {name: {"items": probe.items.get(name, {}), "probed": ps} for name, ps in probed.items()}),
                encoding="utf-8")
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

    reach: Reach | None = None   # set by a probed baseline: each mutant then runs only what reaches it
    killers: dict[str, list[str]] | None = None  # function -> the items that killed its mutants, latest first

    def order(self, function: str, items: list[str]) -> list[str]:
        """The items reaching ``function`` with those that killed an earlier mutant of it first (the
        latest kill first), the rest in run order: a mutant of a function is most often killed by what
        killed its neighbours, so a killed mutant stops sooner. Which items run is unchanged, so whether
        a mutant survives is too (a survivor runs them all)."""
        first = [i for i in (self.killers or {}).get(function, []) if i in set(items)]
        if not first:
            return items
        seen = set(first)
        return first + [i for i in items if i not in seen]

    def _killed_by(self, o: "Outcome") -> None:
        """Remember the item that killed ``o``'s mutant for the next mutants of its function."""
        if o.mutant is None or o.status != "killed" or not o.item:
            return
        if self.killers is None:
            self.killers = {}
        ks = self.killers.setdefault(o.mutant.function, [])
        if o.item in ks:
            ks.remove(o.item)
        ks.insert(0, o.item)

    def _start(self, module: Module | None, mutant: Mutant | None) -> tuple[int, int, float]:
        code = module.compile(mutant) if module is not None and mutant is not None else None
        name = module.path[:-3].replace("/", ".") if module is not None and mutant is not None else None
        only = self.reach.only(mutant.function) if self.reach is not None and mutant is not None else None
        if only is not None and mutant is not None:
            only = self.order(mutant.function, only)
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(r)
            _child(self.root, self.sel, self.deselect, name, code, mutant.function if mutant else None, w, only)
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
            head, nl, rest = text[1:].partition("\n")
            if nl and (head.startswith(("S:", "T:")) or not head):  # the killing item first (_run_items)
                return Outcome(mutant, "killed", rest, secs, head)
            return Outcome(mutant, "killed", text[1:], secs)
        if text[:1] == "S":
            return Outcome(mutant, "survived", "", secs)
        if text[:1] == "E":
            return Outcome(mutant, "error", text[1:], secs)
        return Outcome(mutant, "killed", "the child died without a report", secs)

    def baseline(self, timeout: float, module: Module | None = None) -> Outcome:
        """The unmutated code against the selection: it must pass, and it sets the time limit.
        With ``module``, its functions are probed and ``self.reach`` records what each scenario
        file and test reached (then every mutant runs only the items that reach its function)."""
        if module is None:
            pid, r, start = self._start(None, None)
            got = self._reap([(pid, r, start, None)], timeout)
            assert got is not None  # no deadline
            return got[0]
        out, reaches = self.baseline_of(timeout, [module])
        self.reach = reaches.get(module.path)
        return out

    def baseline_of(self, timeout: float, modules: list[Module]) -> tuple[Outcome, dict[str, Reach]]:
        """One unmutated run of the selection with the functions of every module of ``modules``
        probed: its outcome and, when it passed, each module's ``Reach`` (by path). The CI job
        mutates several changed modules after one such run instead of one run each: the
        selections share all their scenarios and most of their tests."""
        fd, reach_file = tempfile.mkstemp(prefix="mutation-reach-", suffix=".json")
        os.close(fd)
        names = {m.path[:-3].replace("/", "."): m for m in modules}
        probes = [(name, m.compile_probed(), m.functions()) for name, m in names.items()]
        r, w = os.pipe()
        start = time.monotonic()
        pid = os.fork()
        if pid == 0:
            os.close(r)
            _child(self.root, self.sel, self.deselect, None, None, None, w, reach_file=reach_file, probes=probes)
        os.close(w)
        got = self._reap([(pid, r, start, None)], timeout)
        assert got is not None  # no deadline
        reaches: dict[str, Reach] = {}
        try:
            text = Path(reach_file).read_text(encoding="utf-8")
            if got[0].status == "survived" and text:
                for name, d in json.loads(text).items():
                    reaches[names[name].path] = Reach(d["items"], d["probed"])
        finally:
            os.unlink(reach_file)
        return got[0], reaches

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
                if self.reach is not None and self.reach.only(m.function) == []:
                    o = Outcome(m, "survived", f"no scenario or test of its selection reaches {m.function}", 0.0)
                    outcomes.append(o)
                    report(o)
                    continue
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
                self._killed_by(o)
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
