"""No import cycle between our modules, whether the import is at the top of a module or hidden in a function."""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("carddb", "deckbuilder")

# Cycles that work on other parts of the project is breaking: none is left, so any cycle found fails the test.
KNOWN_CYCLES: tuple[frozenset[str], ...] = ()


def _modules() -> dict[str, Path]:
    modules: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            modules[".".join(parts)] = path
    return modules


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST, type_only: bool = False) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement run at some point (module level, in functions, in classes); the type-only ones
    (under `if TYPE_CHECKING:`) too when `type_only`."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and _is_type_checking(node) and not type_only:
            for child in node.orelse:
                yield from _imports(ast.Module(body=[child], type_ignores=[]))
            continue
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        yield from _imports(node, type_only)


@functools.cache
def _parsed(path: Path) -> ast.Module:
    """A module's syntax tree, parsed once for every graph the tests build."""
    return ast.parse(path.read_text(encoding="utf-8"))


def _edges(name: str, path: Path, modules: dict[str, Path], type_only: bool = False) -> set[str]:
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in _imports(_parsed(path), type_only):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            targets = [
                f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base for alias in node.names
            ]
        found.update(t for t in targets if t in modules and t != name)
    return found


def import_graph(type_only: bool = False) -> dict[str, set[str]]:
    """Module -> the modules it imports anywhere in its code (and for type checking only, when `type_only`)."""
    modules = _modules()
    return {name: _edges(name, path, modules, type_only) for name, path in modules.items()}


def cycles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group: set[str] = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.add(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(frozenset(group))
    return found


def test_the_graph_sees_imports_hidden_in_functions() -> None:
    graph = import_graph()
    # deckbuilder.ui.app imports the main window only inside run_gui (so `ragedeck --help` stays light).
    assert "deckbuilder.ui.main_window" in graph["deckbuilder.ui.app"]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [frozenset({"a", "b", "c"})]


def test_no_import_cycle_but_the_known_ones_and_none_in_the_window() -> None:
    found = cycles(import_graph())
    new = sorted(" -> ".join(sorted(group)) for group in found if not any(group <= k for k in KNOWN_CYCLES))
    assert new == [], "new import cycles"
    gone = [sorted(k) for k in KNOWN_CYCLES if not any(group & k for group in found)]
    assert gone == [], "broken cycles still listed in KNOWN_CYCLES"
    assert not any(m.startswith("deckbuilder.ui") for group in found for m in group)


def test_the_windows_parts_import_one_way_even_for_type_checking() -> None:
    # The window's parts (main_window.py and the window_*.py parts) are objects that are handed the parts they
    # use: none needs another's type in return, so not even a type-only import goes round in a circle.
    graph = import_graph(type_only=True)
    window = {m for m in graph if m == "deckbuilder.ui.main_window" or m.startswith("deckbuilder.ui.window_")}
    assert len(window) > 10
    found = cycles({m: graph[m] & window for m in window})
    assert found == []
    assert cycles({"a": {"b"}, "b": {"a"}}) != []  # the check would see one
