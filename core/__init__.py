"""trainrun: exact best runs for 18xx railway games.

The Python API::

    from trainrun import read_position, solve
    run = solve(read_position(open("position.json").read()))
    print(run.total, run.status)

``read_position`` takes a dict or JSON text (trainrun's own format or an
18xx.games corpus line); ``solve`` returns a ``Run``. ``trainrun.routes.verify.verify(position,
run)`` checks a declared run (trainrun routes or an 18xx.games run_routes action) and
compares it with the best; ``trainrun.routes.legality.check_run`` is the checker under it. The
run after first buying the next train from the bank (1871's Hunslet), beside the run
without: ``solve_buying_next_train``. A program solving many positions of one title in a
loop keeps a ``TitleSolver`` (``trainrun.title_solver``): it reads each position against
the loaded title and answers a board it has solved before from the run it kept.

The names are loaded when first used (PEP 562), so that ``import trainrun.cli.main`` for
``trainrun --help`` does not load the solver and OR-Tools.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

__version__ = "0.1.0"

_API = {"read_position": "trainrun.formats.reading", "solve": "trainrun.routes.solve",
        "Run": "trainrun.routes.result", "Purchase": "trainrun.turn.purchase",
        "solve_buying_next_train": "trainrun.turn.purchase",
        "TitleSolver": "trainrun.title_solver"}

__all__ = ["Purchase", "Run", "TitleSolver", "read_position", "solve",
           "solve_buying_next_train", "__version__"]

if TYPE_CHECKING:
    from trainrun.formats.reading import read_position
    from trainrun.routes.result import Run
    from trainrun.routes.solve import solve
    from trainrun.title_solver import TitleSolver
    from trainrun.turn.purchase import Purchase, solve_buying_next_train


def __getattr__(name: str):
    """The public API's names, imported on first use (lazily: see the module's docstring)."""
    if name in _API:
        value = getattr(importlib.import_module(_API[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'trainrun' has no attribute {name!r}")
