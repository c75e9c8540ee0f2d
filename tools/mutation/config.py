"""What each module's mutants run against, and the mutants accepted as equivalent.

The selection is data in ``pyproject.toml`` under ``[tool.manatable.mutation]`` so that
when modules are split or renamed it is updated in one place: per module its own scenario
folders and test files (run first, as they kill most mutants fastest), then the scenarios
and engine tests every module shares. The equivalent mutants live in a text file, one a
line: ``PATH | FUNCTION | CHANGE ## why it cannot change behaviour``.
"""
from __future__ import annotations

import subprocess
import tomllib
from dataclasses import dataclass, field
from pathlib import Path


class ConfigError(ValueError):
    """The mutation configuration is missing or malformed."""


@dataclass
class Selection:
    """The scenario folders/files and pytest arguments one module's mutants are run against."""

    scenarios: list[Path] = field(default_factory=list)
    tests: list[str] = field(default_factory=list)


@dataclass
class Config:
    root: Path
    sample: int = 60
    seed: int = 2016
    threshold: float = 0.9
    budget: float = 600.0        # seconds a module may spend starting mutants
    box: float | None = None     # seconds a module may take in all, its unmutated run included (the CI job)
    total: float | None = None   # seconds the CI job may take for all its changed modules together
    timeout: float = 60.0        # least time limit of one mutant (4x the unmutated run when longer)
    modules: dict[str, Selection] = field(default_factory=dict)
    shared: Selection = field(default_factory=Selection)
    deselect: list[str] = field(default_factory=list)
    equivalents_file: Path | None = None

    def module_box(self, changed: int) -> float | None:
        """The CI job's time box of each of ``changed`` modules: ``box``, or an equal share of
        ``total`` when the modules would not fit in it together (a change touching many rules
        modules still ends within the CI run; each module then runs fewer of its mutants)."""
        if self.box is None:
            return None
        if self.total is None or changed <= 0:
            return self.box
        return min(self.box, self.total / changed)

    def selection(self, path: str) -> list[Selection]:
        """The module's own selection, then the shared one without what the first holds:
        run in that order, the module's own scenarios and tests kill most mutants first."""
        own = self.modules.get(path, Selection())
        rest = Selection([p for p in self.shared.scenarios if p not in own.scenarios],
                         [t for t in self.shared.tests if t not in own.tests])
        return [own, rest]

    def equivalents(self) -> dict[str, str]:
        """``"PATH | FUNCTION | CHANGE"`` -> the reason it is equivalent."""
        if self.equivalents_file is None or not self.equivalents_file.exists():
            return {}
        return read_equivalents(self.equivalents_file.read_text(encoding="utf-8"), self.equivalents_file)


def read_equivalents(text: str, where: Path | str = "equivalents") -> dict[str, str]:
    out: dict[str, str] = {}
    for n, line in enumerate(text.splitlines(), 1):
        s = line.strip()
        if not s or s.startswith("#"):
            continue
        key, sep, reason = s.rpartition(" ## ")
        if not sep or key.count(" | ") < 2 or not reason.strip():
            raise ConfigError(f"{where}:{n}: expected 'PATH | FUNCTION | CHANGE ## reason'")
        out[key.strip()] = reason.strip()
    return out


def _main_checkout(root: Path) -> Path | None:
    """The main working tree of the repository ``root`` belongs to (itself if not a worktree)."""
    try:
        out = subprocess.run(["git", "rev-parse", "--path-format=absolute", "--git-common-dir"], cwd=root,
                             capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None
    return Path(out).parent if out else None


def load(root: Path) -> Config:
    """Read ``[tool.manatable.mutation]`` from ``root/pyproject.toml``."""
    pp = root / "pyproject.toml"
    try:
        data = tomllib.loads(pp.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise ConfigError(f"{pp}: {e}") from e
    m = data.get("tool", {}).get("manatable", {}).get("mutation")
    if not isinstance(m, dict):
        raise ConfigError(f"{pp}: no [tool.manatable.mutation] table")

    main = _main_checkout(root)

    def place(s: str) -> Path:
        """A path outside the repository (``../shared``) is read next to the main checkout
        when this is a linked worktree elsewhere."""
        p = root / s
        if not p.exists() and s.startswith("../") and main is not None and (main / s).exists():
            return main / s
        return p

    def sel(d: dict) -> Selection:
        return Selection([place(s) for s in d.get("scenarios", [])], list(d.get("tests", [])))

    cfg = Config(root=root)
    for k in ("sample", "seed"):
        if k in m:
            setattr(cfg, k, int(m[k]))
    for k in ("threshold", "budget", "timeout", "box", "total"):
        if k in m:
            setattr(cfg, k, float(m[k]))
    cfg.shared = sel(m.get("shared", {}))
    cfg.deselect = list(m.get("deselect", []))
    cfg.modules = {path: sel(d) for path, d in m.get("modules", {}).items()}
    if "equivalents" in m:
        cfg.equivalents_file = root / m["equivalents"]
    return cfg
