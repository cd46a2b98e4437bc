"""The house stays as docs/architecture.md draws it: no import cycle between modules, no
function-level import without its reason, and the generated drawing current.

The layers themselves are import-linter's contract (``pyproject.toml``), run by ``.ci/run``;
here the module graph is read from the source by the same library (grimp), through
``tools/house.py``.
"""
from __future__ import annotations

import ast
import sys
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import house  # noqa: E402

SOURCES = sorted(p for folder in ("core", "solver", "plugins")
                 for p in (ROOT / folder).rglob("*.py"))
EDGES = house.imports()


def test_the_graph_is_read_from_every_folder():
    modules = {m for edge in EDGES for m in edge}
    assert {"trainrun.routes.solve", "trainrun.solver", "trainrun.plugins.hookspecs",
            "trainrun.plugins.g18ny"} <= modules


def test_no_module_imports_itself_round_a_cycle():
    graph = nx.DiGraph(EDGES)
    cycles = [sorted(c) for c in nx.strongly_connected_components(graph) if len(c) > 1]
    assert cycles == []


def test_the_rooms_form_no_cycle():
    graph = nx.DiGraph(sorted(house.room_edges(EDGES)))
    assert nx.is_directed_acyclic_graph(graph)
    assert ("routes", "solver") in graph.edges and ("solver", "routes") not in graph.edges


def function_level_imports(path: Path) -> list[tuple[int, int]]:
    """(first line, last line) of each import made inside a function of ``path``."""
    tree = ast.parse(path.read_text())
    return sorted({(node.lineno, node.end_lineno or node.lineno) for fn in ast.walk(tree)
                   if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef))
                   for node in ast.walk(fn) if isinstance(node, (ast.Import, ast.ImportFrom))})


def test_every_function_level_import_says_why():
    """Each is marked ``# lazy: <reason>`` (on one of its lines or the line above), or its
    module's docstring has a paragraph starting "Lazy imports:" that gives the reason for
    all of them."""
    unexplained = []
    for path in SOURCES:
        lines = path.read_text().splitlines()
        doc = ast.get_docstring(ast.parse(path.read_text())) or ""
        if "\n\nLazy imports:" in "\n\n" + doc:
            continue
        unexplained += [f"{path.relative_to(ROOT)}:{first}"
                        for first, last in function_level_imports(path)
                        if not any("# lazy:" in line for line in lines[first - 2:last])]
    assert unexplained == []


def test_the_drawing_is_current():
    assert house.main(["--check"]) == 0
