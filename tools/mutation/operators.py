"""The mutants of a module: small breaks of its functions, found on the syntax tree.

The operators (the ones issue 26 names): a comparison swapped (``<`` for ``<=``, ``in`` for
``not in``, ...), ``and``/``or`` swapped, ``True``/``False`` swapped, an integer moved by +1
or -1, a ``not`` dropped, ``return X`` made ``return None``, and a statement of an ``if``
body removed. Only code inside a function body is mutated (not defaults, decorators or
module-level code), so a mutant is applied by swapping one function's code object.

A mutant's key names its function, the operator and the source text it changes, not its
line, so lists of accepted equivalent mutants survive edits elsewhere in the file.
"""
from __future__ import annotations

import ast
import random
import re
from dataclasses import dataclass
from typing import Callable, Iterator

_SWAP_CMP: dict[type, type] = {
    ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In,
    ast.Is: ast.IsNot, ast.IsNot: ast.Is,
}
_CMP_TEXT: dict[type, str] = {
    ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!=",
    ast.In: "in", ast.NotIn: "not in", ast.Is: "is", ast.IsNot: "is not",
}


@dataclass(frozen=True)
class Mutant:
    """One mutation: where (function, line), what (operator, text) and its stable key."""

    path: str        # the module's file, relative to the project root
    function: str    # qualified name of the outermost function or method holding it
    line: int
    op: str          # "cmp", "boolop", "bool", "int+1", "int-1", "not", "return", "if-stmt"
    text: str        # what it does, e.g. "`<=` -> `<` in `o.damage <= 0`"
    index: int       # position in the module's full mutant list
    key: str = ""    # "function | text" plus " #n" for the n-th identical one

    def label(self) -> str:
        return f"{self.path}:{self.line} {self.key}"


@dataclass
class _Site:
    node: ast.AST
    parent_list: list | None
    function: str
    op: str
    text: str
    apply: Callable[[], Callable[[], None]]   # applies in place, returns the undo


PROBE = "__mutation_probe__"   # the global the probed code calls with its function's qualified name


def _is_doc(stmt: ast.stmt) -> bool:
    return isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) and isinstance(stmt.value.value, str)


_LINES: dict[int, tuple[str, list[bytes]]] = {}   # id(source) -> (source, its lines as UTF-8), the last one


def _segment(src: str, node: ast.AST) -> str | None:
    """``ast.get_source_segment(src, node)``, with the source split into lines once per module (the
    standard function splits the whole source again at each call: most of a large module's parsing)."""
    got = _LINES.get(id(src))
    if got is None or got[0] is not src:
        _LINES.clear()
        got = _LINES[id(src)] = (src, [ln.encode("utf-8") for ln in re.split(r"(?<=\r\n)|(?<=\r)(?!\n)|(?<=\n)", src)])
    lines = got[1]
    try:
        a, b = node.lineno - 1, node.end_lineno - 1  # type: ignore[attr-defined]
        ca, cb = node.col_offset, node.end_col_offset  # type: ignore[attr-defined]
    except (AttributeError, TypeError):
        return None
    if cb is None:
        return None
    if a == b:
        return lines[a][ca:cb].decode("utf-8")
    return b"".join([lines[a][ca:], *lines[a + 1:b], lines[b][:cb]]).decode("utf-8")


def _short(src: str, node: ast.AST, limit: int = 90) -> str:
    seg = _segment(src, node) or ast.unparse(node)
    seg = " ".join(seg.split())
    return seg if len(seg) <= limit else seg[: limit - 3] + "..."


def _outer_functions(tree: ast.Module) -> Iterator[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]:
    """Module-level functions and methods of module-level classes, with qualified names."""
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield node.name, node
        elif isinstance(node, ast.ClassDef):
            for sub in node.body:
                if isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    yield f"{node.name}.{sub.name}", sub


def _sites(src: str, tree: ast.Module) -> list[_Site]:
    sites: list[_Site] = []
    for qual, fn in _outer_functions(tree):
        body_nodes: list[ast.AST] = []
        for stmt in fn.body:
            body_nodes.extend(ast.walk(stmt))
        doc = fn.body[0] if fn.body and isinstance(fn.body[0], ast.Expr) and \
            isinstance(fn.body[0].value, ast.Constant) and isinstance(fn.body[0].value.value, str) else None
        parents: dict[ast.AST, ast.AST] = {}
        for stmt in fn.body:
            for par in ast.walk(stmt):
                for child in ast.iter_child_nodes(par):
                    parents[child] = par
        for node in body_nodes:
            sites.extend(_node_sites(src, qual, node, doc, parents))
    sites.sort(key=lambda s: (s.node.lineno, s.node.col_offset, s.op, s.text))
    return sites


def _context(src: str, node: ast.AST, parents: dict[ast.AST, ast.AST]) -> str:
    """The expression a constant sits in, up to (not including) its statement."""
    top = node
    while top in parents and not isinstance(parents[top], ast.stmt):
        top = parents[top]
    if top is node and node in parents:
        top = parents[node]
    return _short(src, top, 70)


def _node_sites(src: str, qual: str, node: ast.AST, doc: ast.AST | None,
                parents: dict[ast.AST, ast.AST]) -> Iterator[_Site]:
    if isinstance(node, ast.Compare):
        for i, op in enumerate(node.ops):
            new = _SWAP_CMP.get(type(op))
            if new is None:
                continue
            text = f"`{_CMP_TEXT[type(op)]}` -> `{_CMP_TEXT[new]}` in `{_short(src, node)}`"
            yield _Site(node, None, qual, "cmp", text, _setter(node.ops, i, new()))
    elif isinstance(node, ast.BoolOp):
        new_op = ast.Or() if isinstance(node.op, ast.And) else ast.And()
        old, new = ("and", "or") if isinstance(node.op, ast.And) else ("or", "and")
        yield _Site(node, None, qual, "boolop", f"`{old}` -> `{new}` in `{_short(src, node)}`",
                    _attr_setter(node, "op", new_op))
    elif isinstance(node, ast.Constant) and node is not getattr(doc, "value", None):
        v = node.value
        if isinstance(v, bool):
            yield _Site(node, None, qual, "bool", f"`{v}` -> `{not v}` in `{_context(src, node, parents)}`",
                        _attr_setter(node, "value", not v))
        elif isinstance(v, int):
            for d, op in ((1, "int+1"), (-1, "int-1")):
                yield _Site(node, None, qual, op, f"`{v}` -> `{v + d}` in `{_context(src, node, parents)}`",
                            _attr_setter(node, "value", v + d))
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        yield _Site(node, None, qual, "not", f"drop `not` in `{_short(src, node)}`", _drop_not(node))
    elif isinstance(node, ast.Return) and node.value is not None and \
            not (isinstance(node.value, ast.Constant) and node.value.value in (None, False)):
        # `return False` -> `return None` is left out: every caller reads it as a truth value
        yield _Site(node, None, qual, "return", f"`{_short(src, node)}` -> `return None`",
                    _attr_setter(node, "value", ast.Constant(None)))
    elif isinstance(node, ast.If):
        for i, stmt in enumerate(node.body):
            yield _Site(stmt, node.body, qual, "if-stmt", f"remove `{_short(src, stmt, 70)}` from "
                        f"`if {_short(src, node.test, 60)}`", _setter(node.body, i, ast.Pass()))


def _setter(lst: list, i: int, value: ast.AST) -> Callable[[], Callable[[], None]]:
    def apply() -> Callable[[], None]:
        old = lst[i]
        if isinstance(value, ast.stmt):
            ast.copy_location(value, old)
        lst[i] = value

        def undo() -> None:
            lst[i] = old
        return undo
    return apply


def _attr_setter(node: ast.AST, attr: str, value: object) -> Callable[[], Callable[[], None]]:
    def apply() -> Callable[[], None]:
        old = getattr(node, attr)
        if isinstance(value, ast.AST) and isinstance(old, ast.AST):
            ast.copy_location(value, old)
        setattr(node, attr, value)

        def undo() -> None:
            setattr(node, attr, old)
        return undo
    return apply


def _drop_not(node: ast.UnaryOp) -> Callable[[], Callable[[], None]]:
    """``not x`` -> ``(x)``: the operand itself, written as a unary plus-free identity."""
    def apply() -> Callable[[], None]:
        old_op = node.op
        # `not not x` keeps x's truth value without changing the tree's shape
        node.op = ast.Not()
        inner = ast.UnaryOp(op=ast.Not(), operand=node.operand)
        ast.copy_location(inner, node.operand)
        node.operand = inner

        def undo() -> None:
            node.operand = inner.operand
            node.op = old_op
        return undo
    return apply


class Module:
    """A module's source, its syntax tree and every mutant of it, in source order."""

    def __init__(self, path: str, source: str) -> None:
        self.path = path
        self.source = source
        self.tree = ast.parse(source, filename=path)
        self._sites = _sites(source, self.tree)
        seen: dict[str, int] = {}
        self.mutants: list[Mutant] = []
        for i, s in enumerate(self._sites):
            base = f"{s.function} | {s.text}"
            n = seen.get(base, 0) + 1
            seen[base] = n
            key = base if n == 1 else f"{base} #{n}"
            self.mutants.append(Mutant(path, s.function, s.node.lineno, s.op, s.text, i, key))

    def sample(self, n: int, seed: int) -> list[Mutant]:
        """``n`` mutants drawn with a fixed seed (all when there are fewer), in source order."""
        if n >= len(self.mutants):
            return list(self.mutants)
        picked = random.Random(seed).sample(self.mutants, n)
        return sorted(picked, key=lambda m: m.index)

    def functions(self) -> list[str]:
        """Qualified names of the functions mutants live in (module-level functions and methods)."""
        return [q for q, _fn in _outer_functions(self.tree)]

    def compile_probed(self, probe: str = PROBE):  # -> types.CodeType
        """The module's code with ``PROBE("QUALNAME")`` as the first statement of each function
        (after its docstring, on the line of the statement it precedes, so line numbers stay):
        swapped in for the unmutated run, it records which functions each test reaches."""
        tree = ast.parse(self.source, filename=self.path)
        for qual, fn in _outer_functions(tree):
            at = 1 if fn.body and _is_doc(fn.body[0]) else 0
            anchor = fn.body[at] if at < len(fn.body) else fn.body[-1]
            call = ast.Expr(ast.Call(ast.Name(probe, ast.Load()), [ast.Constant(qual)], []))
            fn.body.insert(at, ast.copy_location(call, anchor))
        return compile(ast.fix_missing_locations(tree), self.path, "exec", dont_inherit=True)

    def compile(self, mutant: Mutant):  # -> types.CodeType
        """The module's code with this one mutation applied (the tree is restored after)."""
        undo = self._sites[mutant.index].apply()
        try:
            tree = ast.fix_missing_locations(self.tree)
            return compile(tree, self.path, "exec", dont_inherit=True)
        finally:
            undo()
