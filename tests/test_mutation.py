"""The mutation runner (tools.mutation, docs/mutation.md): its operators, sampling, keys,
code swapping and configuration; and, with MANATABLE_MUTATION=1, the CI job itself: the
configured rules modules changed since main keep >= the threshold of mutants killed."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
import types
from pathlib import Path

import pytest

from tools.mutation import patch
from tools.mutation.config import ConfigError, load, read_equivalents
from tools.mutation.operators import Module, Mutant
from tools.mutation.runner import Runner

ROOT = Path(__file__).resolve().parent.parent

SRC = textwrap.dedent('''\
    """doc"""
    LIMIT = 3


    def f(a, b=1):
        """Docstrings are not mutated."""
        if a < LIMIT and not b:
            a += 2
            return True
        return a in (1, 2)


    class K:
        def m(self, x):
            return x
''')


def _ops(mod: Module) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for m in mod.mutants:
        out.setdefault(m.op, []).append(m.text)
    return out


def test_every_operator_of_issue_26_is_generated_and_only_in_function_bodies() -> None:
    mod = Module("x.py", SRC)
    ops = _ops(mod)
    assert ops["cmp"] == ["`<` -> `<=` in `a < LIMIT`", "`in` -> `not in` in `a in (1, 2)`"]
    assert ops["boolop"] == ["`and` -> `or` in `a < LIMIT and not b`"]
    assert ops["not"] == ["drop `not` in `not b`"]
    assert ops["bool"] == ["`True` -> `False` in `return True`"]
    assert "`2` -> `3` in `a += 2`" in ops["int+1"] and "`1` -> `0` in `a in (1, 2)`" in ops["int-1"]
    assert ops["if-stmt"] == ["remove `a += 2` from `if a < LIMIT and not b`",
                              "remove `return True` from `if a < LIMIT and not b`"]
    assert "`return a in (1, 2)` -> `return None`" in ops["return"] and "`return x` -> `return None`" in ops["return"]
    # nothing from module-level code, defaults or the docstring
    assert all("LIMIT = 3" not in t and "b=1" not in t and "Docstrings" not in t for t in ops.get("int+1", []))
    assert {m.function for m in mod.mutants} == {"f", "K.m"}


def test_keys_are_unique_and_survive_edits_elsewhere() -> None:
    mod = Module("x.py", SRC)
    keys = [m.key for m in mod.mutants]
    assert len(keys) == len(set(keys))
    shifted = Module("x.py", "import os\n\n\n" + SRC)
    assert [m.key for m in shifted.mutants] == keys
    assert [m.line for m in shifted.mutants] == [m.line + 3 for m in mod.mutants]


def test_sampling_is_fixed_by_the_seed() -> None:
    mod = Module("engine/combat.py", (ROOT / "engine/combat.py").read_text(encoding="utf-8"))
    a, b, c = mod.sample(60, 1), mod.sample(60, 1), mod.sample(60, 2)
    assert a == b and a != c and len(a) == 60
    assert [m.index for m in a] == sorted(m.index for m in a)
    assert mod.sample(10_000, 1) == mod.mutants


def _load(tmp_path: Path, name: str, src: str) -> types.ModuleType:
    (tmp_path / f"{name}.py").write_text(src, encoding="utf-8")
    sys.path.insert(0, str(tmp_path))
    try:
        __import__(name)
    finally:
        sys.path.remove(str(tmp_path))
    return sys.modules[name]


def test_a_mutant_reaches_every_reference_and_the_tree_is_restored(tmp_path: Path) -> None:
    mod_obj = _load(tmp_path, "mut_sample_a", SRC)
    f, k = mod_obj.f, mod_obj.K()
    assert f(0, 0) is True and f(5) is False and k.m(4) == 4
    mod = Module(str(tmp_path / "mut_sample_a.py"), SRC)
    m = next(m for m in mod.mutants if m.op == "bool")
    patch.apply("mut_sample_a", mod.compile(m), m.function)
    assert f(0, 0) is False, "the function object held before the swap runs the mutant"
    r = next(m for m in mod.mutants if m.function == "K.m")
    patch.apply("mut_sample_a", mod.compile(r), r.function)
    assert k.m(4) is None
    # the tree is back to the original: compiling it again gives the original behaviour
    patch.apply("mut_sample_a", compile(mod.tree, "x", "exec"), "f")
    assert f(0, 0) is True


def test_dropped_not_keeps_the_truth_value_of_the_operand(tmp_path: Path) -> None:
    src = "def g(x):\n    return not x\n"
    mod_obj = _load(tmp_path, "mut_sample_b", src)
    mod = Module("b.py", src)
    m = next(m for m in mod.mutants if m.op == "not")
    patch.apply("mut_sample_b", mod.compile(m), m.function)
    assert mod_obj.g([]) is False and mod_obj.g([1]) is True


def test_equivalents_file_format() -> None:
    text = "# comment\n\nengine/x.py | f | `1` -> `2` in `a + 1` ## only a message changes\n"
    assert read_equivalents(text) == {"engine/x.py | f | `1` -> `2` in `a + 1`": "only a message changes"}
    with pytest.raises(ConfigError, match=":1:"):
        read_equivalents("engine/x.py | f | no reason\n")


def test_the_project_configuration_names_existing_modules_and_files() -> None:
    cfg = load(ROOT)
    assert 0 < cfg.threshold <= 1 and cfg.sample > 0
    assert "engine/combat.py" in cfg.modules
    for path, sel in cfg.modules.items():
        assert (ROOT / path).is_file(), path
        for stage in cfg.selection(path):
            for s in stage.scenarios:
                assert s.exists() or "shared" in str(s), s
            for t in stage.tests:
                assert (ROOT / t.split("::")[0]).is_file(), t
    eq = cfg.equivalents()
    keys = {f"{p} | {m.key}" for p in cfg.modules
            for m in Module(p, (ROOT / p).read_text(encoding="utf-8")).mutants}
    stale = [k for k in eq if k not in keys]
    assert not stale, f"equivalent mutants that no longer exist (update {cfg.equivalents_file}): {stale}"


@pytest.mark.skipif(os.environ.get("MANATABLE_MUTATION") != "1",
                    reason="the mutation CI job: MANATABLE_MUTATION=1 (minutes per changed module)")
def test_changed_rules_modules_keep_their_mutation_score() -> None:
    base = os.environ.get("MANATABLE_MUTATION_BASE", "auto")
    r = subprocess.run([sys.executable, "-m", "tools.mutation", "--changed", base], cwd=ROOT,
                       capture_output=True, text=True)
    print(r.stdout)
    assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-2000:]


def test_rescore_leaves_out_the_equivalent_mutants(capsys: pytest.CaptureFixture[str]) -> None:
    from tools.mutation.__main__ import rescore
    cfg = load(ROOT)
    eq_key = next(k for k in cfg.equivalents() if k.startswith("engine/combat.py | "))
    outcomes = [{"key": eq_key.split(" | ", 1)[1], "status": "survived"},
                {"key": "f | a", "status": "killed"}, {"key": "f | b", "status": "timeout"},
                {"key": "f | c", "status": "survived"}]
    (r,) = rescore(cfg, [{"module": "engine/combat.py", "seed": 1, "outcomes": outcomes}])
    assert r["killed"] == 2 and r["survived"] == ["f | c"] and abs(r["score"] - 2 / 3) < 1e-9
    assert "killed 2/3 non-equivalent" in capsys.readouterr().out


class _SlowChildren(Runner):
    """A runner whose children each take ``secs`` and report a kill: the time box is what is tested."""

    def __init__(self, secs: float) -> None:  # noqa: D107 - no selection, no warm-up
        self.jobs = 1
        self.secs = secs

    def _start(self, module: Module | None, mutant: Mutant | None) -> tuple[int, int, float]:
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.setpgid(0, 0)
            os.close(r)
            time.sleep(self.secs)
            os.write(w, b"Kslow")
            os._exit(1)
        os.close(w)
        return pid, r, time.monotonic()


def test_the_box_stops_the_running_mutant_and_counts_it_not_run() -> None:
    """Issue 26: the CI job's time box holds the whole module: a mutant still running when it ends is
    stopped and reported as not run, not waited for."""
    mod = Module("x.py", SRC)
    ms = mod.mutants[:3]
    t0 = time.monotonic()
    outcomes, not_run = _SlowChildren(30).run(mod, ms, timeout=100, budget=100, report=lambda o: None,
                                             deadline=t0 + 0.5)
    assert time.monotonic() - t0 < 10
    assert outcomes == [] and [m.key for m in not_run] == [m.key for m in ms]


def test_without_a_box_every_started_mutant_finishes() -> None:
    mod = Module("x.py", SRC)
    ms = mod.mutants[:2]
    outcomes, not_run = _SlowChildren(0.05).run(mod, ms, timeout=100, budget=100, report=lambda o: None)
    assert [o.status for o in outcomes] == ["killed", "killed"] and not_run == []


def test_the_ci_job_has_a_box_of_at_most_ten_minutes() -> None:
    """Issue 26 target: a changed module is mutated in at most 10 minutes (``--changed`` reads the box)."""
    cfg = load(ROOT)
    assert cfg.box is not None and cfg.box <= 600


def test_probed_code_records_each_function_reached_and_keeps_its_lines() -> None:
    """The unmutated run's probe (docs/mutation.md, "Selection by reach"): each function calls the
    probe with its qualified name when it runs, the docstring stays the docstring, lines stay."""
    from tools.mutation.operators import PROBE
    mod = Module("x.py", SRC)
    assert mod.functions() == ["f", "K.m"]
    hits: set[str] = set()
    ns: dict[str, object] = {PROBE: hits.add, "__name__": "x"}
    exec(mod.compile_probed(), ns)  # noqa: S102 - the test's own source
    f = ns["f"]
    assert isinstance(f, types.FunctionType)
    assert f.__doc__ == "Docstrings are not mutated." and hits == set()
    assert f(5) is False and hits == {"f"}
    k = ns["K"]
    assert isinstance(k, type)
    assert k().m(3) == 3 and hits == {"f", "K.m"}
    plain: dict[str, object] = {}
    exec(compile(SRC, "x.py", "exec"), plain)  # noqa: S102 - the test's own source
    pf = plain["f"]
    assert isinstance(pf, types.FunctionType)
    assert [ln for _s, _e, ln in f.__code__.co_lines() if ln is not None][-1] == \
        [ln for _s, _e, ln in pf.__code__.co_lines() if ln is not None][-1]


def test_reach_runs_a_mutant_only_against_the_items_reaching_its_function() -> None:
    from tools.mutation.runner import Reach
    reach = Reach({"S:a.yaml": ["f"], "T:t.py::x": ["f", "g"], "T:t.py::y": ["g"]}, ["f", "g", "h"])
    assert reach.only("f") == ["S:a.yaml", "T:t.py::x"]       # in run order
    assert reach.only("g") == ["T:t.py::x", "T:t.py::y"]
    assert reach.only("h") == []                              # probed, reached by nothing: survives unrun
    assert reach.only("unprobed") is None                     # not probed: the whole selection
    assert Reach.from_json(reach.to_json()).items == reach.items


def test_a_mutant_no_item_reaches_survives_without_a_run() -> None:
    from tools.mutation.runner import Reach
    mod = Module("x.py", SRC)
    r = _SlowChildren(30)
    r.reach = Reach({"T:t.py::x": ["f"]}, ["f", "K.m"])
    m = next(m for m in mod.mutants if m.function == "K.m")
    t0 = time.monotonic()
    outcomes, not_run = r.run(mod, [m], timeout=100, budget=100, report=lambda o: None)
    assert time.monotonic() - t0 < 5 and not_run == []
    assert [(o.status, o.by) for o in outcomes] == [("survived", "no scenario or test of its selection reaches K.m")]


def test_the_ci_job_shares_its_total_time_among_the_changed_modules() -> None:
    """Issue 26: a changed module within 10 minutes, and the whole job within CI's time however many
    rules modules a change touches."""
    cfg = load(ROOT)
    assert cfg.box == 600 and cfg.total == 600
    assert cfg.module_box(1) == 600 and cfg.module_box(2) == 300
    assert cfg.module_box(19) * 19 <= 600 + 1e-6


def test_resume_keeps_the_outcomes_of_the_mutants_an_earlier_run_ran(tmp_path: Path) -> None:
    """A run its time box stopped is continued with --resume: what it ran keeps its outcome, the
    mutants it did not run ("not run") are run; other modules' and seeds' results are not taken."""
    import json

    from tools.mutation.__main__ import _earlier
    mod = Module("x.py", SRC)
    a, b, c = mod.mutants[:3]
    f = tmp_path / "r.json"
    f.write_text(json.dumps([
        {"module": "x.py", "seed": 7, "outcomes": [{"key": a.key, "status": "survived", "by": "", "seconds": 3},
                                                   {"key": b.key, "status": "killed", "by": "t", "seconds": 1}],
         "not_run": [c.key]},
        {"module": "x.py", "seed": 8, "outcomes": [{"key": c.key, "status": "killed", "by": "t", "seconds": 1}]},
        {"module": "y.py", "seed": 7, "outcomes": [{"key": c.key, "status": "killed", "by": "t", "seconds": 1}]}]))
    got = _earlier([f], "x.py", 7, {m.key: m for m in (a, b, c)})
    assert {(o.mutant.key if o.mutant else None, o.status) for o in got} == {(a.key, "survived"), (b.key, "killed")}


def _git(cwd: Path, *args: str) -> str:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@t"}
    return subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=True, env=env).stdout.strip()


def test_the_ci_job_measures_the_change_from_the_branch_point_the_last_tag_or_the_last_commit(tmp_path: Path) -> None:
    """Issue 26, the CI job: on a clone of main there is no branch to compare with, so the change is
    what came since the newest tag before HEAD, else the last commit (docs/mutation.md)."""
    from tools.mutation.__main__ import change_base
    _git(tmp_path, "init", "-q", "-b", "main")
    (tmp_path / "a.txt").write_text("1")
    _git(tmp_path, "add", "a.txt")
    _git(tmp_path, "commit", "-q", "-m", "one")
    one = _git(tmp_path, "rev-parse", "HEAD")
    assert change_base(tmp_path, "auto") is None          # one commit: nothing to compare with
    for n in ("2", "3"):
        (tmp_path / "a.txt").write_text(n)
        _git(tmp_path, "commit", "-q", "-am", n)
    two = _git(tmp_path, "rev-parse", "HEAD~1")
    assert change_base(tmp_path, "auto") == two           # on main, no tag: the last commit
    _git(tmp_path, "tag", "stop1", one)
    assert change_base(tmp_path, "auto") == one           # the newest tag before HEAD
    _git(tmp_path, "tag", "stop3")                        # HEAD itself tagged: still the tag before it
    assert change_base(tmp_path, "auto") == one
    head = _git(tmp_path, "rev-parse", "HEAD")
    _git(tmp_path, "checkout", "-q", "-b", "h-x")
    (tmp_path / "a.txt").write_text("4")
    _git(tmp_path, "commit", "-q", "-am", "4")
    assert change_base(tmp_path, "auto") == head          # a branch off main: its merge base
    assert change_base(tmp_path, "main") == head and change_base(tmp_path, "no-such-ref") is None


def test_the_gate_counts_the_mutants_a_box_left_unrun_as_killed() -> None:
    """A run its time box stopped fails only when even the whole sample could not reach the
    threshold: a failure is reproducible on any machine, however loaded."""
    from tools.mutation.__main__ import best_score
    assert best_score(54, 2, 0) == 54 / 56                 # a full run: its score
    assert best_score(8, 2, 46) == 54 / 56 >= 0.9          # 2 survivors of 10 run: 80 %, but passes
    assert best_score(4, 6, 46) < 0.9                      # 6 survivors of 56 fail whatever the rest do
    assert best_score(0, 0, 0) == 1.0


def test_one_unmutated_run_probes_several_modules_each_with_its_own_reach(tmp_path: Path) -> None:
    """The CI job runs one probed baseline for all its changed modules (``Runner.baseline_of``):
    each module's functions record into their own set, so each module gets its own reach."""
    from tools.mutation.runner import _Probe, _probe_module
    src_b = "def g(x):\n    return f(x)\n\n\ndef h():\n    return 0\n"
    a = _load(tmp_path, "mut_sample_pa", SRC)
    b = _load(tmp_path, "mut_sample_pb", "from mut_sample_pa import f\n\n\n" + src_b)
    ma = Module("mut_sample_pa.py", SRC)
    mb = Module("mut_sample_pb.py", (tmp_path / "mut_sample_pb.py").read_text(encoding="utf-8"))
    probe = _Probe()
    assert _probe_module("mut_sample_pa", ma.compile_probed(), ma.functions(), probe) == ["f", "K.m"]
    assert _probe_module("mut_sample_pb", mb.compile_probed(), mb.functions(), probe) == ["g", "h"]
    probe.begin()
    b.g(5)
    probe.end("S:one.yaml")
    a.K().m(1)
    b.h()
    probe.end("T:t.py::two")
    assert probe.items == {"mut_sample_pa": {"S:one.yaml": ["f"], "T:t.py::two": ["K.m"]},
                           "mut_sample_pb": {"S:one.yaml": ["g"], "T:t.py::two": ["h"]}}


def test_every_item_reading_a_per_object_memo_is_recorded_as_reaching_its_function(tmp_path: Path) -> None:
    """A ``per_object`` fact (engine/memo.py) is computed by the first item that asks it and only read by the
    next: the probed run empties the memos as each item begins, so every item that reads the fact reaches the
    function (a mutant of it changes what each of them reads) and is run for its mutants (the seventeenth
    session saw mutants of a memoized function survive that a later scenario kills)."""
    from tools.mutation.runner import _Probe, _probe_module
    src = "from engine.memo import per_object\n\n\n@per_object\ndef fact(x):\n    return len(x)\n"
    mod = _load(tmp_path, "mut_sample_memo", src)
    probe = _Probe()
    assert _probe_module("mut_sample_memo", Module("mut_sample_memo.py", src).compile_probed(), ["fact"],
                         probe) == ["fact"]
    card = ("a", "b")
    for item in ("S:first.yaml", "S:second.yaml"):
        probe.begin()
        assert mod.fact(card) == 2
        probe.end(item)
    assert probe.items["mut_sample_memo"] == {"S:first.yaml": ["fact"], "S:second.yaml": ["fact"]}
    mod.fact(card)  # without begin() the memo answers and the function is not reached again
    probe.end("S:third.yaml")
    assert probe.items["mut_sample_memo"]["S:third.yaml"] == []


def test_the_items_that_killed_a_function_s_mutants_run_first_for_its_next_ones() -> None:
    """Cheaper runs (issue 26): a mutant runs the same items that reach its function, but those that
    killed earlier mutants of that function first (the latest first); a survivor still runs them all."""
    from tools.mutation.runner import Outcome
    mod = Module("x.py", SRC)
    r = _SlowChildren(0)
    items = ["S:a.yaml", "S:b.yaml", "T:t.py::x", "T:t.py::y"]
    assert r.order("f", items) == items
    m = next(m for m in mod.mutants if m.function == "f")
    r._killed_by(Outcome(m, "killed", "test t.py::y", 1.0, "T:t.py::y"))
    r._killed_by(Outcome(m, "survived", "", 1.0))
    assert r.order("f", items) == ["T:t.py::y", "S:a.yaml", "S:b.yaml", "T:t.py::x"]
    r._killed_by(Outcome(m, "killed", "scenario b.yaml", 1.0, "S:b.yaml"))
    assert r.order("f", items) == ["S:b.yaml", "T:t.py::y", "S:a.yaml", "T:t.py::x"]
    assert sorted(r.order("f", items)) == sorted(items)
    assert r.order("K.m", items) == items                     # another function: its own order
    assert r.order("f", ["S:a.yaml"]) == ["S:a.yaml"]          # a killer that does not reach it is left out


def test_a_child_names_the_item_that_killed_its_mutant() -> None:
    r, w = os.pipe()
    os.write(w, b"KT:t.py::y\ntest t.py::y")
    os.close(w)
    o = Runner._finish(os.getpid(), r, time.monotonic(), None, False)
    assert (o.status, o.by, o.item) == ("killed", "test t.py::y", "T:t.py::y")
    r, w = os.pipe()
    os.write(w, b"Kcrash ValueError: x")                       # no item: the whole text is what failed
    os.close(w)
    o = Runner._finish(os.getpid(), r, time.monotonic(), None, False)
    assert (o.status, o.by, o.item) == ("killed", "crash ValueError: x", "")


def test_a_box_that_ends_before_the_unmutated_run_runs_no_mutant_and_fails_nothing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The CI job on a loaded machine: when the box ends before the unmutated run, no mutant is run and
    the module is reported with every mutant not run (the gate cannot judge it), not as an error."""
    import argparse

    import tools.mutation.__main__ as mm
    from tools.mutation.runner import Outcome

    class _Slow(Runner):
        def __init__(self, *a: object, **k: object) -> None:  # noqa: D107 - no warm-up
            self.jobs = 1

        def baseline(self, timeout: float, module: Module | None = None) -> Outcome:
            assert timeout <= 5 + 1e-6, "the unmutated run may take only what is left of the box"
            return Outcome(None, "timeout", "time limit", timeout)

    monkeypatch.setattr(mm, "Runner", _Slow)
    cfg = load(ROOT)
    args = argparse.Namespace(all=False, match=None, sample=5, seed=1, list=False, full_selection=False, jobs=1,
                              run_equivalents=False, resume=None, budget=100.0, verbose=False)
    r = mm.mutate_module(cfg, "engine/tapping.py", args, {}, None, 5.0)
    assert r["outcomes"] == [] and len(r["not_run"]) == 5 and r["best"] == 1.0
    with pytest.raises(ConfigError, match="fails its own selection"):
        mm.mutate_module(cfg, "engine/tapping.py", args, {}, (Outcome(None, "killed", "test x", 1.0), {}), 5.0)
