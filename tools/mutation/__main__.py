"""``python -m tools.mutation [MODULE...] [--changed [BASE]] [--seed N] ...`` (docs/mutation.md).

For each module: a fixed-seed sample of its mutants, each run against the module's selection
(pyproject.toml), then one line of score: killed / (sampled - accepted equivalents). Exits 1
when a module scores under the threshold (counting the mutants a time box left unrun as killed:
``best_score``), 2 on a usage or configuration error.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

from tools.mutation.config import Config, ConfigError, Selection, load
from tools.mutation.operators import Module, Mutant
from tools.mutation.runner import Outcome, Runner

ROOT = Path(__file__).resolve().parents[2]


def _git(root: Path, *args: str) -> str | None:
    """``git ARGS`` in ``root``: its output, or None when git fails (no such commit, no repository)."""
    try:
        return subprocess.run(["git", *args], cwd=root, capture_output=True, text=True,
                              check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None


def change_base(root: Path, base: str) -> str | None:
    """The commit a change is measured from (the CI job, docs/mutation.md). ``auto``: on a branch
    off ``main``, their merge base (a helper's work); on main itself, where that is HEAD (CI runs on
    a fresh clone of main), the newest tag before HEAD (the last stop the lead tagged), else HEAD's
    first parent (the last commit; for a merge commit, the whole branch it merged). Any other text
    is a commit or branch, and the change is what HEAD has since its merge base with it.
    None: nothing to compare with (a repository of one commit, a shallow clone)."""
    if base != "auto":
        return _git(root, "merge-base", base, "HEAD")
    head = _git(root, "rev-parse", "HEAD")
    mb = _git(root, "merge-base", "main", "HEAD")
    if mb and mb != head:
        return mb
    tag = _git(root, "describe", "--tags", "--abbrev=0", "HEAD~1")
    if tag:
        return _git(root, "rev-parse", f"{tag}^{{commit}}")
    return _git(root, "rev-parse", "--verify", "-q", "HEAD~1")


def changed_modules(cfg: Config, base: str) -> list[str]:
    """The configured modules that differ from ``base`` (committed or not; ``change_base``)."""
    mb = change_base(cfg.root, base)
    if mb is None:
        if base == "auto":
            print("no commit before HEAD to compare with (a shallow clone?): nothing to mutate")
            return []
        raise ConfigError(f"cannot compare with {base!r}")
    out = _git(cfg.root, "diff", "--name-only", mb)
    if out is None:
        raise ConfigError(f"cannot compare with {base!r} ({mb})")
    print(f"the change: {base} = {mb[:12]}..HEAD and the work tree", flush=True)
    return [m for m in cfg.modules if m in out.split()]


def _mutant(o: Outcome) -> Mutant:
    """The mutant of an outcome (only the baseline run has none)."""
    assert o.mutant is not None, "the baseline outcome has no mutant"
    return o.mutant


#: seconds the unmutated run may take outside a time box (a loaded machine: 365 s seen at load 15)
BASELINE_LIMIT = 1800.0


def read_module(cfg: Config, path: str) -> Module:
    try:
        return Module(path, (cfg.root / path).read_text(encoding="utf-8"))
    except (OSError, SyntaxError) as e:
        raise ConfigError(f"{path}: {e}") from e


def shared_baseline(cfg: Config, modules: list[Module], args: argparse.Namespace,
                    limit: float | None = None) -> tuple[Outcome, dict]:
    """One probed unmutated run for several modules (``Runner.baseline_of``) over the union of their
    selections: its outcome and each module's reach. Each module then runs its mutants against
    its own selection's items that reached the function. ``limit``: the seconds it may take (the
    CI job's total); a run past it is reported as a timeout, not an error."""
    stages = [s for m in modules for s in cfg.selection(m.path)]
    union = Selection(list(dict.fromkeys(p for s in stages for p in s.scenarios)),
                      list(dict.fromkeys(t for s in stages for t in s.tests)))
    runner = Runner(cfg.root, [union], cfg.deselect, args.jobs)
    base, reaches = runner.baseline_of(limit if limit is not None else BASELINE_LIMIT, modules)
    if base.status == "timeout" and limit is not None:
        print(f"the time box ended before the unmutated run did ({base.seconds:.0f} s): no mutant run", flush=True)
        return base, {}
    if base.status != "survived":
        raise ConfigError(f"the unmutated code fails the selection: {base.by or base.status}")
    print(f"baseline of {len(modules)} modules in one run: {base.seconds:.1f} s "
          f"({sum(len(r.items) for r in reaches.values()) // max(1, len(reaches))} items)", flush=True)
    return base, reaches


def mutate_module(cfg: Config, path: str, args: argparse.Namespace, equivalents: dict[str, str],
                  pre: tuple[Outcome, dict] | None = None, box: float | None = None,
                  module: Module | None = None) -> dict:
    """Mutate one module. ``pre``: a shared baseline (``shared_baseline``) instead of its own run;
    ``box``: the seconds this module may take from now, its baseline included (None: no box);
    ``module``: the module already read."""
    module = module if module is not None else read_module(cfg, path)
    picked = module.mutants if args.all or args.match else module.sample(args.sample, args.seed)
    if args.match:  # every mutant whose key holds one of the texts, sampled or not
        picked = [m for m in picked if any(t in m.key for t in args.match)]
    if args.list:
        for m in picked:
            tag = "  [equivalent]" if f"{path} | {m.key}" in equivalents else ""
            print(f"{m.label()}{tag}")
        return {}
    sel = cfg.selection(path)
    deadline = time.monotonic() + box if box else None  # the whole module, its baseline included
    runner = Runner(cfg.root, sel, cfg.deselect, args.jobs)
    if pre is not None:
        base = pre[0]
        runner.reach = pre[1].get(path)
    else:
        limit = max(1.0, deadline - time.monotonic()) if deadline is not None else BASELINE_LIMIT
        base = runner.baseline(limit, None if args.full_selection else module)
    if base.status == "timeout" and deadline is not None:  # the box ended first: nothing could be run
        listed = [m for m in picked if f"{path} | {m.key}" in equivalents]
        unrun = [m.key for m in picked if m not in listed]
        print(f"{path}: the time box ended before the unmutated run did ({base.seconds:.0f} s): "
              f"{len(unrun)} mutants not run", flush=True)
        return {"module": path, "seed": args.seed, "sampled": len(picked), "total": len(module.mutants),
                "killed": 0, "timeouts": [], "survived": [], "equivalent": [m.key for m in listed], "errors": [],
                "not_run": unrun, "score": 1.0, "best": 1.0, "seconds": round(base.seconds, 1), "outcomes": []}
    if base.status != "survived":
        raise ConfigError(f"{path}: the unmutated code fails its own selection: {base.by or base.status}")
    timeout = max(cfg.timeout, 4 * base.seconds)
    reach = runner.reach
    how = "every mutant against the whole selection" if reach is None else \
        (f"each mutant against the items reaching its function ({len(reach.items)} items, "
         f"{len(reach.probed)}/{len(module.functions())} functions probed)")
    print(f"{path}: {len(picked)} of {len(module.mutants)} mutants (seed {args.seed}), "
          f"baseline {base.seconds:.1f} s, time limit {timeout:.0f} s a mutant, {how}", flush=True)
    t0 = time.monotonic()

    def report(o: Outcome) -> None:
        if args.verbose or o.status in ("survived", "error"):
            m = _mutant(o)
            note = f"  [equivalent: {equivalents[f'{path} | {m.key}']}]" if f"{path} | {m.key}" in equivalents else ""
            by = f"  <- {o.by}" if o.by and args.verbose else ""
            print(f"  {o.status.upper():8} {m.label()}{note}{by}", flush=True)

    # an accepted equivalent mutant counts for nothing: it is not run (saving its full run of the
    # selection, which it survives) unless --run-equivalents asks to check that it still survives
    listed = [] if args.run_equivalents else [m for m in picked if f"{path} | {m.key}" in equivalents]
    skip = {m.key for m in listed}
    earlier = _earlier(args.resume, path, args.seed, {m.key: m for m in picked if m.key not in skip})
    skip |= {_mutant(o).key for o in earlier}
    run_now = [m for m in picked if m.key not in skip]
    if earlier:
        print(f"  {len(earlier)} outcomes taken from {args.resume}, {len(run_now)} mutants to run", flush=True)
    outcomes, not_run = runner.run(module, run_now, timeout, args.budget, report, deadline)
    outcomes = earlier + outcomes
    outcomes += [Outcome(m, "equivalent", "listed as equivalent, not run", 0.0) for m in listed]
    # a machine shared with other work can make a good run slow: a mutant past its time
    # limit is run once more with twice the limit before it counts as killed by a timeout
    late = [_mutant(o) for o in outcomes[len(earlier):] if o.status == "timeout"]  # this run's only
    if late:
        left = max(0.0, args.budget - (time.monotonic() - t0))
        again, skipped = runner.run(module, late, 2 * timeout, left, lambda o: None, deadline)
        by_key = {_mutant(o).key: o for o in again}
        outcomes = [by_key.get(_mutant(o).key, o) for o in outcomes]
        for o in again:
            if o.status != "timeout":
                report(o)
    keyed = {_mutant(o).key: o for o in outcomes}
    eq = [k for k in keyed if f"{path} | {k}" in equivalents]
    killed = [k for k, o in keyed.items() if o.status in ("killed", "timeout") and k not in eq]
    survived = [k for k, o in keyed.items() if o.status == "survived" and k not in eq]
    errors = [k for k, o in keyed.items() if o.status == "error"]
    timeouts = [k for k in killed if keyed[k].status == "timeout"]
    counted = len(killed) + len(survived)
    score = len(killed) / counted if counted else 1.0
    best = best_score(len(killed), len(survived), len(not_run))
    raw = sum(1 for o in outcomes if o.status in ("killed", "timeout")) / len(outcomes) if outcomes else 1.0
    secs = time.monotonic() - t0
    print(f"{path}: killed {len(killed)}/{counted} non-equivalent = {score:.0%} "
          f"(all: {raw:.0%} of {len(outcomes)}; timeouts {len(timeouts)}; equivalent {len(eq)}; errors {len(errors)}; "
          f"not run {len(not_run)}) in {secs:.0f} s", flush=True)
    if not_run:
        print(f"  at best {best:.0%} of the sample (every mutant not run killed): the gate reads this", flush=True)
    eq_killed = [k for k in eq if keyed[k].status not in ("survived", "equivalent")]
    for k in eq_killed:
        print(f"  NOTE listed as equivalent but killed: {path} | {k}")
    return {"module": path, "seed": args.seed, "sampled": len(picked), "total": len(module.mutants),
            "killed": len(killed), "timeouts": timeouts, "survived": survived, "equivalent": eq, "errors": errors,
            "not_run": [m.key for m in not_run], "score": score, "best": best, "seconds": round(secs, 1),
            "outcomes": [{"key": _mutant(o).key, "line": _mutant(o).line, "status": o.status, "by": o.by,
                          "seconds": round(o.seconds, 2)} for o in outcomes]}


def best_score(killed: int, survived: int, not_run: int) -> float:
    """The score the whole sample would have if every mutant not run were killed. The gate (exit 1)
    reads this, not the score of the mutants run: a time box that stops a run early (a loaded
    machine) can then only let a module pass that a full run might fail, never fail one a full run
    passes, since each survivor it counts survives whatever else runs (a failure is reproducible)."""
    n = killed + survived + not_run
    return (killed + not_run) / n if n else 1.0


def _earlier(files: list[Path] | None, path: str, seed: int, picked: dict[str, Mutant]) -> list[Outcome]:
    """The outcomes of these sampled mutants in earlier ``--json`` results of the same module and seed
    (a run its time box stopped, continued with ``--resume``): each mutant that was run keeps its outcome."""
    out: dict[str, Outcome] = {}
    for f in files or []:
        try:
            results = json.loads(f.read_text(encoding="utf-8"))
        except (OSError, ValueError) as e:
            raise ConfigError(f"cannot read results: {e}") from e
        for r in results:
            if r.get("module") != path or r.get("seed") != seed:
                continue
            for o in r["outcomes"]:
                m = picked.get(o["key"])
                if m is not None and o["status"] in ("killed", "timeout", "survived", "error"):
                    out[m.key] = Outcome(m, o["status"], o.get("by", ""), float(o.get("seconds", 0.0)))
    return list(out.values())


def rescore(cfg: Config, results: list[dict]) -> list[dict]:
    """Scores of earlier results (--json) against today's list of equivalent mutants."""
    equivalents = cfg.equivalents()
    out = []
    for r in results:
        path = r["module"]
        eq = [o["key"] for o in r["outcomes"] if f"{path} | {o['key']}" in equivalents]
        killed = [o["key"] for o in r["outcomes"] if o["status"] in ("killed", "timeout") and o["key"] not in eq]
        survived = [o["key"] for o in r["outcomes"] if o["status"] == "survived" and o["key"] not in eq]
        n = len(killed) + len(survived)
        score = len(killed) / n if n else 1.0
        print(f"{path} (seed {r['seed']}): killed {len(killed)}/{n} non-equivalent = {score:.0%} "
              f"(equivalent {len(eq)}, sampled {len(r['outcomes'])})")
        for k in survived:
            print(f"  SURVIVED {path} | {k}")
        out.append({**r, "score": score, "killed": len(killed), "survived": survived, "equivalent": eq})
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.mutation", description=__doc__)
    ap.add_argument("modules", nargs="*", help="module paths, e.g. engine/combat.py (default: every configured module)")
    ap.add_argument("--changed", nargs="?", const="auto", metavar="BASE",
                    help="only the configured modules changed since BASE: the CI job (default auto: the merge "
                         "base with main, on main the newest tag before HEAD, else HEAD~1; see change_base)")
    ap.add_argument("--seed", type=int, help="sampling seed (default from pyproject.toml)")
    ap.add_argument("--sample", type=int, help="mutants a module (default from pyproject.toml)")
    ap.add_argument("--all", action="store_true", help="every mutant, not a sample")
    ap.add_argument("--match", action="append",
                    help="every mutant (not only the sample) whose key contains this text (repeatable: any of them)")
    ap.add_argument("--run-equivalents", action="store_true",
                    help="run the mutants listed as equivalent too, to check that none is killed now")
    ap.add_argument("--budget", type=float, help="seconds a module before the rest is skipped")
    ap.add_argument("--box", type=float,
                    help="seconds a module may take in all, its unmutated run included: the mutants still running "
                         "then are stopped and count as not run (default: pyproject's box with --changed, else none)")
    ap.add_argument("--full-selection", action="store_true",
                    help="run every mutant against the whole selection, not only the scenarios and tests "
                         "that reach its function in the unmutated run")
    ap.add_argument("--jobs", type=int, default=1, help="mutants run at once (default 1)")
    ap.add_argument("--list", action="store_true", help="list the sampled mutants, run nothing")
    ap.add_argument("--json", type=Path, help="write the results to this file")
    ap.add_argument("--resume", type=Path, nargs="+", metavar="JSON",
                    help="keep the outcomes of the mutants earlier --json results of the same module and seed ran "
                         "(a run a time box stopped), run only the others")
    ap.add_argument("--rescore", type=Path, nargs="+", metavar="JSON",
                    help="score earlier --json results again with today's equivalents, run nothing")
    ap.add_argument("-v", "--verbose", action="store_true", help="one line per mutant with what killed it")
    args = ap.parse_args(argv)
    start = time.monotonic()  # the CI job's total counts from here: reading git and the modules included
    os.chdir(ROOT)
    os.environ.setdefault("MANATABLE_DATA", str(ROOT / ".test-data"))
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    try:
        cfg = load(ROOT)
        args.seed = cfg.seed if args.seed is None else args.seed
        args.sample = cfg.sample if args.sample is None else args.sample
        args.budget = cfg.budget if args.budget is None else args.budget
        box_from_config = args.box is None and args.changed  # the CI job: the whole module within its box
        if args.rescore:
            try:
                old = [r for f in args.rescore for r in json.loads(f.read_text(encoding="utf-8"))]
            except (OSError, ValueError) as e:
                raise ConfigError(f"cannot read results: {e}") from e
            below = [r["module"] for r in rescore(cfg, old) if r["score"] < cfg.threshold]
            return 1 if below else 0
        mods = list(args.modules) or (changed_modules(cfg, args.changed) if args.changed else list(cfg.modules))
        for m in mods:
            if not (ROOT / m).is_file():
                raise ConfigError(f"no such module: {m}")
        if args.changed and not args.modules and not mods:
            print(f"no mutation-tested module changed since {args.changed}")
            return 0
        box, total = (cfg.box, cfg.total) if box_from_config else (args.box, None)
        if box_from_config:
            print(f"{len(mods)} changed module(s): {cfg.module_box(len(mods)) or 0:.0f} s each at most, "
                  f"{total or 0:.0f} s in all", flush=True)
        equivalents = cfg.equivalents()
        modules = {m: read_module(cfg, m) for m in mods}
        pre = None
        if len(mods) > 1 and not (args.list or args.full_selection):
            left = None if total is None else max(1.0, total - (time.monotonic() - start))
            pre = shared_baseline(cfg, list(modules.values()), args, left)
        results = []
        for i, m in enumerate(mods):
            mbox = box
            if total is not None:  # an equal share of what is left of the total (a quick module leaves more)
                left = total - (time.monotonic() - start)
                mbox = max(1.0, min(mbox if mbox is not None else left, left / (len(mods) - i)))
            results.append(mutate_module(cfg, m, args, equivalents, pre, mbox, modules[m]))
    except ConfigError as e:
        print(f"mutation: {e}", file=sys.stderr)
        return 2
    if args.list:
        return 0
    if args.json:
        args.json.write_text(json.dumps(results, indent=1), encoding="utf-8")
    below = [r["module"] for r in results if r.get("best", r["score"]) < cfg.threshold]
    print(f"{len(results)} module(s); under {cfg.threshold:.0%}: {', '.join(below) if below else 'none'}")
    return 1 if below else 0


if __name__ == "__main__":
    sys.exit(main())
