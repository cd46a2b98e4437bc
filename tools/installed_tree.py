"""The package ``trainrun`` as it is installed, built from the repository as links.

setup.py maps folders into one namespace (``core/`` is ``trainrun``, ``solver/``
``trainrun.solver``, ``plugins/`` ``trainrun.plugins``: its ``ROOTS``). Tools that name
modules by the folders they lie in (mypy, import-linter's grimp) would see ``routes.solve``
instead of ``trainrun.routes.solve``, and an editable install shows them ``core/`` alone.
``linked_tree`` builds, in a temporary folder, a ``trainrun/`` holding a link to every entry
of ``core/`` with ``trainrun/solver`` and ``trainrun/plugins`` linking those folders.
"""
from __future__ import annotations

import ast
import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def roots() -> dict[str, str]:
    """setup.py's ROOTS: package name -> folder (read, not imported: setup.py runs setup)."""
    tree = ast.parse((REPO / "setup.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "ROOTS"
                                                for t in node.targets):
            found = ast.literal_eval(node.value)
            assert isinstance(found, dict)
            return found
    raise SystemExit("tools: no ROOTS in setup.py")


def build(top: Path, mapping: dict[str, str]) -> list[tuple[str, str]]:
    """The linked tree under ``top``; the (tree prefix, repository prefix) pairs of its
    packages, the most nested first (to map reported paths back)."""
    prefixes = []
    for name in sorted(mapping, key=lambda n: n.count(".")):
        where = top.joinpath(*name.split("."))
        where.mkdir(parents=True, exist_ok=True)
        folder = REPO / mapping[name]
        nested = {n.split(".")[-1] for n in mapping if n.rpartition(".")[0] == name}
        for entry in sorted(folder.iterdir()):
            if entry.name in nested or entry.name == "__pycache__":
                continue
            (where / entry.name).symlink_to(entry)
        prefixes.append((str(where.relative_to(top)) + os.sep, mapping[name] + os.sep))
    prefixes.sort(key=lambda pair: -len(pair[0]))
    return prefixes


@contextlib.contextmanager
def linked_tree() -> Iterator[tuple[Path, list[tuple[str, str]]]]:
    """A temporary linked tree: (its folder, the prefixes of ``build``)."""
    with tempfile.TemporaryDirectory(prefix="trainrun-tree-") as tmp:
        yield Path(tmp), build(Path(tmp), roots())
