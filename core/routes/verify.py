"""Verify a declared run: is each route legal (and if not, every rule it breaks, with the
place), what each stop and bonus earns, and how the total compares with the best run.

    from trainrun import read_position
    from trainrun.routes.verify import verify
    result = verify(read_position(position_json), run_json)
    print(result.legal, result.declared_total, result.best_total)
    print(result.to_json())

The run may be given as

* trainrun's own routes: ``{"routes": [{"train", "visited", "chains"}]}`` (node ids
  ``HEX-i`` in order, and the track between consecutive nodes as in ``solve``'s output);
* an 18xx.games ``run_routes`` action: ``{"type": "run_routes", "entity", "routes":
  [{"train", "connections", ...}]}``, whose hex-id chains are laid back on the board
  (``trainrun.routes.runformat``; every fitting track choice is tried);
* a corpus line, whose ``declared`` run is verified; or a bare list of routes.

Legality and revenue come from the independent checker (``trainrun.routes.legality``),
the best run from ``trainrun.routes.solve.solve``; both ask the title's hooks, so a title
plugin's rules are verified with no title-specific code here.
"""
from __future__ import annotations

from collections.abc import Callable

from trainrun.board.position import Position
from trainrun.routes.declared import Verification, check_declared
from trainrun.routes.solve import DEFAULT_TIME_LIMIT, solve

__all__ = ["verify"]


def verify(position: Position, run_input, time_limit: float = DEFAULT_TIME_LIMIT,
           workers: int = 1, best: bool = True,
           solver: Callable = solve) -> Verification:
    """Verify the run ``run_input`` (any accepted form, dict or JSON text) in ``position``.

    With ``best`` the best run is solved too (within ``time_limit`` seconds, by ``solver``:
    ``solve`` or a ``TitleSolver``'s ``solve``) and compared with the declared total.
    """
    result = check_declared(position, run_input)
    if best:
        solved = solver(position, time_limit=time_limit, workers=workers)
        result.best_total, result.best_status = solved.total, solved.status
        result.best_bound = solved.bound
        if solved.total > result.declared_total or not result.legal:
            result.best = solved
    return result
