"""Check the import contracts of ``pyproject.toml`` (import-linter) on the source.

    python tools/lint_imports.py

``lint-imports`` reads the package it checks from where Python imports it; an editable
install shows it ``core/`` alone, without ``trainrun.solver`` and ``trainrun.plugins``. So
this runs it in the linked tree of ``installed_tree``, where ``trainrun`` has the installed
layout, whether trainrun is installed editable, built, or not at all. Exits with its status.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from installed_tree import REPO, linked_tree  # noqa: E402


def main() -> int:
    with linked_tree() as (top, _):
        env = {**os.environ, "PYTHONPATH": str(top)}
        # the console script beside this interpreter (``python -m importlinter.cli`` runs
        # nothing)
        command = str(Path(sys.executable).parent / "lint-imports")
        done = subprocess.run([command, str(REPO / "pyproject.toml"), "--no-cache"],
                              cwd=top, env=env)
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())
