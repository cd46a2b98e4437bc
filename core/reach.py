"""What the operating company reaches over track from its stations, and how far a city is
from its tokens, walked as the 18xx.games engine walks (``trainrun.walk``)."""
from __future__ import annotations

from .position import Position
from .walk import Board, Walk


def board(position: Position) -> Board:
    """The walkable track of ``position`` for its operating company (computed once)."""
    return position.derived("reach.board", lambda: Board(position))


def _stations(position: Position) -> list[tuple]:
    stations = position.ruleset.hook.trainrun_company_stations(position=position)
    return sorted((s.rpartition("-")[0], int(s.rpartition("-")[2])) for s in stations)


def reachable_nodes(position: Position) -> set[str]:
    """Node ids (``HEX-i``) of every stop on a path the company's walk reaches from its
    stations, the stations included (the engine's ``connected_nodes``)."""
    def compute():
        walked = board(position)
        starts = _stations(position)
        found = {f"{h}-{i}" for h, i in starts}
        def on_path(path, _):
            found.update(f"{path.hex}-{i}" for i in path.nodes)
        for start in starts:
            Walk(walked, on_path, set(starts) - {start}).run(start, converging=False)
        return found
    return position.derived("reach.nodes", compute)


def hexes_to_nearest(position: Position, start: str, hexes, free=frozenset()) -> int | None:
    """The fewest hexes, less one, that a walk from node ``start`` (``HEX-i``) covers up to a
    path with a stop in one of ``hexes``, not counting hexes in ``free``; None if no walk
    reaches one."""
    hex_id, _, index = start.rpartition("-")
    best = []
    def on_path(path, walked):
        if path.nodes and path.hex in hexes:
            best.append(len({p.hex for p in walked} - set(free)) - 1)
    Walk(board(position), on_path).run((hex_id, int(index)), converging=True)
    return min(best) if best else None
