"""The engine's modules stand in layers (issue 14): each imports only modules of its own
layer or lower ones, the imports form no loop, and an import inside a function says why.

The layers are declared in the docstring of engine/__init__.py; this test reads them from
there, walks every module of engine/ with ``ast`` and checks the run-time imports (those
under ``if TYPE_CHECKING:`` are for type hints only and are left out).
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


def test_imports_inside_functions_say_why():
    bare = [f"{e.src}:{e.line}: {e.text.strip()}" for e in imports()
            if e.in_function and "# layering:" not in e.text]
    assert not bare, "imports inside functions without a '# layering: <why>' comment:\n" + "\n".join(bare)


def test_the_checks_catch_a_wrong_way_import_and_a_loop():
    """The checks above can fail: an upward edge and a loop are found in made-up graphs."""
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": {"c"}}) is None
    table = {"engine.state": 0, "engine.game": 1}
    up = [Import("engine.state", "engine.game", 1, True, "from engine.game import Game")]
    assert [e for e in up if table[entry_of(e.dst, table)] > table[entry_of(e.src, table)]]


def report() -> dict[str, int]:
    """The numbers of the import graph (printed by ``python tests/test_layering.py``)."""
    edges = imports()
    known = modules()
    fn = {(e.src, e.line) for e in edges if e.in_function}  # import statements, not names
    return {"modules": len(known), "runtime_import_edges": len({(e.src, e.dst) for e in edges}),
            "import_statements_in_functions": len(fn)}


if __name__ == "__main__":
    for k, v in report().items():
        print(f"{k}: {v}")
    sys.exit(0)
