"""Where a town is drawn on its tile, and the track that passes that spot.

A town the 18xx.games engine draws beside one of the tile's edges, not at its centre,
stands in the track like an edge: a path from it to any *other* edge runs through the spot
it is drawn on, so two such paths of the town cannot both be used in one run (engine
``Base#check_overlap``: "check track between edges and towns not in center"). The spot is
the engine's ``Tile#compute_city_town_edges`` worked out for the tile at its rotation
(the tie-break that keeps the bottom edge clear for a name makes it depend on rotation),
or the town's printed ``loc``. docs/rules/common.md §3.7.
"""
from __future__ import annotations

import functools

from trainrun.board.tiles import Tile

TOWN_KINDS = ("town",)


def _drawn_at(tile: Tile, rotation: int) -> dict[int, float]:
    """Node index -> the board edge the engine draws it at (absent: at the centre)."""
    paths = tile.paths_at(rotation)
    cities = [n for n in tile.nodes if n.kind == "city"]
    towns = [n for n in tile.nodes if n.kind in TOWN_KINDS]

    def loc(node) -> float | None:
        return None if node.loc is None else (node.loc + rotation) % 6

    def exits(index: int) -> list[int]:
        return [int(e[1:]) for p in paths for e, other in ((p.a, p.b), (p.b, p.a))
                if e[0] == "e" and other == f"n{index}"]

    if not paths:
        return {}
    if len(cities) == 1 and not towns and loc(cities[0]) is None:
        return {}
    if not cities and len(towns) == 1 and len(exits(towns[0].index)) != 2 \
            and loc(towns[0]) is None:
        return {}
    count: dict[int, float] = {e: 0.0 for e in range(6)}
    count[0] += 0.1
    node_exits: dict[int, list[int]] = {}
    kind = {n.index: n.kind for n in tile.nodes}
    for p in paths:
        ends = [int(e[1:]) for e in (p.a, p.b) if e[0] == "n"]
        places = [i for i in ends if kind.get(i) == "city"] or \
                 [i for i in ends if kind.get(i) in TOWN_KINDS]
        if not places:
            continue
        for e in (int(x[1:]) for x in (p.a, p.b) if x[0] == "e"):
            node_exits.setdefault(places[0], []).append(e)
            count[e] += 1
            count[(e + 1) % 6] += 0.1
            count[(e - 1) % 6] += 0.1
    spots: dict[int, float] = {}
    nodes = {n.index: n for n in tile.nodes}
    for index, edges in sorted(node_exits.items(), key=lambda item: sorted(item[1])):
        edges.sort()
        fixed = loc(nodes[index])
        if fixed is not None:
            spots[index] = fixed
            continue
        edge = min(edges, key=lambda e: count[e])
        count[edge] += 1
        count[(edge + 1) % 6] += 0.1
        count[(edge - 1) % 6] += 0.1
        spots[index] = edge
    return spots


@functools.lru_cache(maxsize=8192)
def spot_claims(tile: Tile, rotation: int) -> tuple:
    """Per path of ``tile.paths_at(rotation)``: ``(node index, lane index)`` of the town
    spot the path runs through, or None. Paths claiming one spot exclude each other."""
    spots = {i: e for i, e in _drawn_at(tile, rotation).items()
             if tile.node(i).kind in TOWN_KINDS}
    out = []
    for p in tile.paths_at(rotation):
        claim = None
        for (end, lane), (other, _) in (((p.a, p.a_lane), (p.b, p.b_lane)),
                                        ((p.b, p.b_lane), (p.a, p.a_lane))):
            if end[0] == "n" and other[0] == "e" and int(end[1:]) in spots \
                    and spots[int(end[1:])] != int(other[1:]):
                claim = (int(end[1:]), lane[1])
        out.append(claim)
    return tuple(out)
