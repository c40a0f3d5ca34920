"""The import graph among the modules of a package, read from the source with ``ast``: every
import counts, at module level, inside a function and under ``if TYPE_CHECKING:`` (a lazy import
hides a dependency from the reader, not from the design). Shared by tests/test_imports.py;
``python tests/import_graph.py`` prints the largest strongly connected component (an import
circle: every module in it reaches every other)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def module_files(package: str = "cardtable", root: Path = ROOT) -> dict[str, Path]:
    """Every module of ``package`` by dotted name (a package by its own name, for __init__.py)."""
    out: dict[str, Path] = {}
    for path in sorted((root / package).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def _base(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    """The absolute name an ``ImportFrom`` names before its ``import`` (relative levels resolved)."""
    if not node.level:
        return node.module or ""
    parts = module.split(".")
    if not is_package:
        parts = parts[:-1]  # a module's ``.`` is its package
    parts = parts[: len(parts) - (node.level - 1)]
    return ".".join([*parts, node.module] if node.module else parts)


def _typing_only(tree: ast.Module) -> set[int]:
    """The ids of the import statements under ``if TYPE_CHECKING:`` (read for type hints only)."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for inner in node.body:
                out.update(id(sub) for sub in ast.walk(inner) if isinstance(sub, (ast.Import, ast.ImportFrom)))
    return out


def imports_of(module: str, path: Path, known: set[str]) -> dict[str, bool]:
    """The modules of ``known`` that ``module`` (its source at ``path``) imports, anywhere in it,
    each with whether it is imported for type hints only (under ``if TYPE_CHECKING:``).
    ``from X import name`` is an import of ``X.name`` when that is a module, else of ``X``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    is_package = path.name == "__init__.py"
    hints = _typing_only(tree)
    out: dict[str, bool] = {}

    def add(target: str, node: ast.AST) -> None:
        if target != module:
            out[target] = out.get(target, True) and id(node) in hints

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in known:
                    add(alias.name, node)
        elif isinstance(node, ast.ImportFrom):
            base = _base(module, is_package, node)
            for alias in node.names:
                target = f"{base}.{alias.name}"
                if target in known:
                    add(target, node)
                elif base in known:
                    add(base, node)
    return out


def import_graph(package: str = "cardtable", root: Path = ROOT, hints: bool = True) -> dict[str, set[str]]:
    """Each module of ``package`` and the modules of the same package it imports (``hints``
    False: leaving out those imported for type hints only)."""
    files = module_files(package, root)
    known = set(files)
    graph = {}
    for module, path in files.items():
        graph[module] = {
            target for target, only_hints in imports_of(module, path, known).items() if hints or not only_hints
        }
    return graph


def components(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of ``graph`` (Tarjan's, without recursion), largest first."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    out: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                out.append(sorted(component))
    return sorted(out, key=len, reverse=True)


def a_cycle(graph: dict[str, set[str]], component: list[str]) -> list[str]:
    """One import circle through the first module of ``component`` (a breadth-first search for
    the shortest way back to it), as ``[a, b, ..., a]``."""
    start = component[0]
    inside = set(component)
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for child in sorted(graph[node] & inside):
                if child == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(came_from[path[-1]])
                    return [start, *reversed(path[:-1]), start] if node != start else [start, start]
                if child not in came_from:
                    came_from[child] = node
                    following.append(child)
        frontier = following
    return [start]


def main() -> int:
    graph = import_graph()
    largest = components(graph)[0]
    print(f"{len(graph)} modules; the largest import circle holds {len(largest)}:")
    for module in largest:
        print(f"  {module}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
