"""The run a president declared at a ``run_routes`` action of a game log, written as a corpus
line's ``declared`` (``tests/data/corpus/FORMAT.md``), for an imported position to carry.

Each route keeps its ``train`` and its ``connections`` exactly as the action logged them,
and gains the engine's route form read back on the board by trainrun's checker
(``trainrun.routes.declared.check_declared``): ``train_name``, ``visited`` (the nodes in
order), ``stops`` (those that score), ``hexes``, ``chains`` (the tile paths between the
nodes) and ``revenue``; where a route's connections fit the board several ways, the reading
written is the one the checker takes (a jointly legal one first). A route whose connections
fit the board no way keeps only what was logged, and ``verify`` names what is wrong with it.

``total`` and each route's ``revenue`` are trainrun's scoring of those routes, not a number
from the log: trainrun does not run the 18xx.games engine, and the revenue a log records is
what the engine computed on the day it was played, which a later engine may score otherwise
(18NY's connection bonuses, 18FL and 18Texas runs differ from the current engine's
corpus). Where trainrun follows the engine's rules the two agree: on every recorded run of
``tests/data/corpus`` the routes imported from the log verify to the corpus line's
``declared.total`` (``tests/test_import_declared.py``).
"""
from __future__ import annotations

from trainrun.board.position import Position
from trainrun.errors import InputError
from trainrun.routes.declared import RouteVerdict, check_declared

__all__ = ["declared_run"]


def _as_logged(route: object) -> object:
    """A logged route's ``train`` and ``connections`` (anything else logged left out)."""
    if not isinstance(route, dict):
        return route
    return {k: route[k] for k in ("train", "connections") if k in route}


def _engine_form(logged: object, verdict: RouteVerdict) -> object:
    """A logged route with the engine's route form of the reading ``verdict`` checked."""
    out = _as_logged(logged)
    if not isinstance(out, dict) or not verdict.visited:
        return out
    return {"train": out.get("train"), "train_name": verdict.train_name,
            "revenue": verdict.revenue,
            "stops": [s["node"] for s in verdict.stops if s["scored"]],
            "visited": list(verdict.visited),
            "hexes": [node.rpartition("-")[0] for node in verdict.visited],
            "chains": verdict.chains, **{k: out[k] for k in ("connections",) if k in out}}


def declared_run(position: Position, action: dict) -> dict:
    """``{routes, total}``: the run declared at the ``run_routes`` ``action`` by
    ``position``'s company, as a corpus line's ``declared``. Routes the checker cannot read
    at all (a train the company does not hold, a route that is not an object) are written as
    logged, with no ``total``: ``verify`` then names the fault."""
    logged = action.get("routes")
    routes = logged if isinstance(logged, list) else []
    try:
        verification = check_declared(position, {"type": "run_routes", "routes": routes})
    except InputError:
        return {"routes": [_as_logged(r) for r in routes]}
    return {"routes": [_engine_form(r, v) for r, v in zip(routes, verification.routes)],
            "total": verification.declared_total}
