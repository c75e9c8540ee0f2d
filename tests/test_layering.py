"""The engine's modules stand in layers (issue 14): each imports only modules of its own
layer or lower ones, the imports form no loop, and an import inside a function says why.

The layers are declared in the docstring of engine/__init__.py; this test reads them from
there, walks every module of engine/ with ``ast`` and checks the run-time imports (those
under ``if TYPE_CHECKING:`` are for type hints only and are left out).

Imports inside functions, over engine/ and app/: at most ``MOST_IMPORTS_IN_FUNCTIONS`` of one
of their modules by another (counted as ``../shared/tools/import_graph.py`` counts them), and
every import inside a function, of any module, says why in a comment. The app loads its heavy
screens through one lazy-loading point, ``app.lazy``.
``python tests/test_layering.py`` prints the graph's numbers.
"""
from __future__ import annotations

import ast
import re
import sys
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "engine"
APP = ROOT / "app"
GENERATED = APP / "ui" / "generated"   # python -m app.forms writes it; not ours to lint

#: Imports inside functions of one engine/ or app/ module by another. Issue 14: 161 when it was
#: filed, at most 32 wanted. The ones left: app.main imports the app (and so Qt) only once it
#: knows a display is there; app.bench_start times a start, imports included. The app's lazy
#: loads go through app.lazy (a module ``__getattr__``, like engine.cards for the card
#: database), so they are not imports inside functions. Lower it when you remove one.
MOST_IMPORTS_IN_FUNCTIONS = 2


class Import(NamedTuple):
    src: str      # the importing module
    dst: str      # the imported module
    line: int
    in_function: bool
    text: str


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(ENGINE.rglob("*.py"))}


def _resolve(name: str, known: dict[str, Path]) -> str:
    """The module an import means: ``engine.ops.nested`` for ``from engine.ops import nested``,
    ``engine.cards.abilities`` for ``from engine.cards.abilities import Ability``."""
    while name not in known and "." in name:
        name = name.rsplit(".", 1)[0]
    return name


def imports(known: dict[str, Path] | None = None) -> list[Import]:
    """Every run-time import of one engine module by another."""
    known = known or modules()
    out: list[Import] = []
    for mod, path in known.items():
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()
        tree = ast.parse(text)
        parents: dict[ast.AST, ast.AST] = {}
        for node in ast.walk(tree):
            for child in ast.iter_child_nodes(node):
                parents[child] = node
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [f"{node.module}.{a.name}" for a in node.names]
            else:
                continue
            in_function = type_only = False
            up = node
            while up in parents:
                up = parents[up]
                if isinstance(up, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    in_function = True
                if isinstance(up, ast.If) and "TYPE_CHECKING" in ast.unparse(up.test):
                    type_only = True
            if type_only:
                continue
            for dst in dict.fromkeys(_resolve(n, known) for n in names if n == "engine" or n.startswith("engine.")):
                if dst != mod:
                    out.append(Import(mod, dst, node.lineno, in_function, lines[node.lineno - 1]))
    return out


def declared_layers() -> list[list[str]]:
    """The layers of the docstring of engine/__init__.py, lowest first: the first block of
    lines ``N  a b c`` after the paragraph that starts with "Layers" (a layer may go on in a
    second line with the same number)."""
    doc = ast.get_docstring(ast.parse((ENGINE / "__init__.py").read_text(encoding="utf-8"))) or ""
    body = doc.split("Layers", 1)[1] if "Layers" in doc else ""
    rows: list[tuple[str, str]] = []
    for line in body.splitlines():
        m = re.match(r"^\s+(\d+)\s+(\S.*)$", line)
        if m and rows and rows[-1][0] == m.group(1):   # a long layer goes on in a line of its own number
            rows[-1] = (m.group(1), rows[-1][1] + " " + m.group(2))
        elif m:
            rows.append((m.group(1), m.group(2)))
        elif rows:
            break
    assert rows, "engine/__init__.py declares no layers"
    assert [int(n) for n, _ in rows] == list(range(len(rows))), "layers are numbered 0, 1, 2, ... in order"
    return [row.split() for _, row in rows]


def entries() -> dict[str, int]:
    """Each declared name (engine.x, covering its submodules) and its layer."""
    out: dict[str, int] = {}
    for i, names in enumerate(declared_layers()):
        for n in names:
            full = "engine" if n == "engine" else f"engine.{n}"
            assert full not in out, f"{n} is declared twice"
            out[full] = i
    return out


def entry_of(mod: str, table: dict[str, int]) -> str | None:
    """The most specific declared name that covers ``mod``."""
    name = mod
    while name not in table:
        if "." not in name:
            return None
        name = name.rsplit(".", 1)[0]
    return name


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A loop of the graph, if it has one."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(n: str) -> list[str] | None:
        state[n] = 1
        stack.append(n)
        for m in sorted(graph.get(n, ())):
            if state.get(m) == 1:
                return stack[stack.index(m):] + [m]
            if m not in state:
                found = visit(m)
                if found:
                    return found
        stack.pop()
        state[n] = 2
        return None
    for n in sorted(graph):
        if n not in state:
            found = visit(n)
            if found:
                return found
    return None


def entry_graph(edges: list[Import], table: dict[str, int]) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for e in edges:
        a, b = entry_of(e.src, table), entry_of(e.dst, table)
        if a and b and a != b:
            graph.setdefault(a, set()).add(b)
    return graph


# ------------------------------------------------------------------ the tests
def test_every_module_has_a_layer():
    table = entries()
    missing = [m for m in modules() if entry_of(m, table) is None and m != "engine"]
    assert not missing, f"modules with no layer in engine/__init__.py: {missing}"
    unknown = [n for n in table if n not in modules()]
    assert not unknown, f"layers name modules that do not exist: {unknown}"


def test_no_import_points_up():
    table = entries()
    wrong = []
    for e in imports():
        a, b = entry_of(e.src, table), entry_of(e.dst, table)
        if a and b and table[b] > table[a]:
            wrong.append(f"{e.src}:{e.line} ({table[a]}) imports {e.dst} ({table[b]})")
    assert not wrong, "imports from a lower layer to a higher one:\n" + "\n".join(wrong)


def test_no_import_loop():
    table = entries()
    loop = _cycle(entry_graph(imports(), table))
    assert loop is None, "run-time import loop: " + " -> ".join(loop or [])


def test_the_checks_catch_a_wrong_way_import_and_a_loop():
    """The checks above can fail: an upward edge and a loop are found in made-up graphs."""
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": {"c"}}) is None
    table = {"engine.state": 0, "engine.game": 1}
    up = [Import("engine.state", "engine.game", 1, True, "from engine.game import Game")]
    assert [e for e in up if table[entry_of(e.dst, table)] > table[entry_of(e.src, table)]]


# ------------------------------------------------------------------ imports inside functions
class LazyImport(NamedTuple):
    path: str     # relative to the checkout
    line: int
    targets: tuple[str, ...]   # the engine/app modules it imports (empty: stdlib, Qt, another package)
    text: str     # the statement's source lines, comments included
    above: str    # the line above it


def _project_modules() -> dict[str, Path]:
    out: dict[str, Path] = {}
    for top in (ENGINE, APP):
        for p in sorted(top.rglob("*.py")):
            if GENERATED not in p.parents:
                out[module_name(p)] = p
    return out


def _targets(mod: str, path: Path, node: ast.Import | ast.ImportFrom, known: dict[str, Path]) -> tuple[str, ...]:
    """The modules of engine/ and app/ an import statement names, one per name (as
    import_graph.py counts); a module's import of its own package is not counted."""
    if isinstance(node, ast.ImportFrom):
        base = node.module or ""
        if node.level:
            pkg = mod if path.name == "__init__.py" else mod.rsplit(".", 1)[0]
            for _ in range(node.level - 1):
                pkg = pkg.rsplit(".", 1)[0]
            base = pkg + ("." + node.module if node.module else "")
        names = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names]
    else:
        names = [a.name for a in node.names]
    return tuple(n for n in names if n in known and n != mod
                 and not (known[n].name == "__init__.py" and mod.startswith(n + ".")))


def imports_in_functions() -> list[LazyImport]:
    """Every import statement inside a function of engine/ or app/ (not under TYPE_CHECKING)."""
    known = _project_modules()
    out: list[LazyImport] = []
    for mod, path in known.items():
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()
        tree = ast.parse(text)
        type_only = {id(n) for top in ast.walk(tree) if isinstance(top, ast.If)
                     and "TYPE_CHECKING" in ast.unparse(top.test) for n in ast.walk(top)}

        def visit(node: ast.AST, depth: int) -> None:
            for ch in ast.iter_child_nodes(node):
                if isinstance(ch, (ast.Import, ast.ImportFrom)) and depth and id(ch) not in type_only:
                    out.append(LazyImport(str(path.relative_to(ROOT)), ch.lineno, _targets(mod, path, ch, known),
                                          "\n".join(lines[ch.lineno - 1:ch.end_lineno]),
                                          lines[ch.lineno - 2] if ch.lineno > 1 else ""))
                visit(ch, depth + isinstance(ch, (ast.FunctionDef, ast.AsyncFunctionDef)))
        visit(tree, 0)
    return out


def test_few_imports_inside_functions():
    """At most MOST_IMPORTS_IN_FUNCTIONS imports of one engine/app module by another inside a
    function: a module imports what it needs at its top, and the app's heavy screens load
    through app.lazy."""
    found = [f"{i.path}:{i.line}: {i.text.strip()}" for i in imports_in_functions() for _ in i.targets]
    assert len(found) <= MOST_IMPORTS_IN_FUNCTIONS, (
        f"{len(found)} imports inside functions (at most {MOST_IMPORTS_IN_FUNCTIONS}): import at the module's "
        "top, or load a heavy screen through app.lazy:\n" + "\n".join(found))


def test_every_import_inside_a_function_says_why():
    """An import inside a function carries a comment on its lines or the line above; one of
    an engine/app module says ``# layering: <why>`` on its own lines."""
    def says_why(i: LazyImport) -> bool:
        return "# layering:" in i.text if i.targets else "#" in i.text or i.above.strip().startswith("#")
    bare = [f"{i.path}:{i.line}: {i.text.strip()}" for i in imports_in_functions() if not says_why(i)]
    assert not bare, "imports inside functions that do not say why:\n" + "\n".join(bare)


def test_the_lazy_names_are_read_as_attributes():
    """``from app.lazy import X`` would import X's module at once: app.lazy is used as
    ``lazy.X`` only."""
    known = _project_modules()
    found = []
    for p in [*known.values(), *sorted((ROOT / "tests").glob("*.py"))]:
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "app.lazy":
                found.append(f"{p.relative_to(ROOT)}:{node.lineno}")
    assert not found, f"from app.lazy import ...: {found}"


def test_the_count_of_imports_inside_functions_can_fail():
    """The count finds each engine/app module an import names, relative imports too, and
    leaves out other packages and a submodule's import of its own package."""
    known = {"engine": Path("engine/__init__.py"), "engine.game": Path("engine/game.py"),
             "engine.state": Path("engine/state.py"), "engine.rng": Path("engine/rng.py"),
             "engine.cards": Path("engine/cards/__init__.py"), "engine.cards.db": Path("engine/cards/db.py")}

    def targets(mod: str, statement: str) -> tuple[str, ...]:
        node = ast.parse(statement).body[0]
        assert isinstance(node, (ast.Import, ast.ImportFrom))
        return _targets(mod, Path(mod.replace(".", "/") + ".py"), node, known)
    assert targets("engine.x", "from engine.game import Game") == ("engine.game",)
    assert targets("engine.x", "from . import state, rng") == ("engine.state", "engine.rng")
    assert targets("engine.x", "from engine.cards import db") == ("engine.cards.db",)
    assert targets("engine.x", "import json") == ()
    assert targets("engine.cards.y", "import engine.cards") == ()
    assert targets("engine.cards.y", "from .db import open_db") == ("engine.cards.db",)


def report() -> dict[str, int]:
    """The numbers of the import graph (printed by ``python tests/test_layering.py``)."""
    edges = imports()
    known = modules()
    fn = {(e.src, e.line) for e in edges if e.in_function}  # import statements, not names
    return {"modules": len(known), "runtime_import_edges": len({(e.src, e.dst) for e in edges}),
            "import_statements_in_functions": len(fn),
            "engine_and_app_imports_in_functions": sum(len(i.targets) for i in imports_in_functions())}


if __name__ == "__main__":
    for k, v in report().items():
        print(f"{k}: {v}")
    sys.exit(0)
