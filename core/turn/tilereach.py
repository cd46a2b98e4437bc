"""Whether the company's network, once a tile lies, reaches some of its paths: the
question of a lay's new-track rule (``trainrun.turn.lays``, the engine's
``check_track_restrictions!``), answered as the engine's walk on the board with the tile
laid would (``trainrun.turn.walk``), as cheaply as is exact:

* reached for sure: a path at the edge and lane by which a station's walk first enters the
  hex (``first_entries``: the walk is the same up to there, whatever the tile), or joined
  to one through a stop the walk goes on from;
* reached by no walk: no track joins it to a station, but through the hex's other paths
  leaving the hex by one of its own sides (which the engine's walk never enters again);
* otherwise the walk itself, stopped at the first path asked about.
"""
from __future__ import annotations

from trainrun.board.hexgrid import opposite
from trainrun.board.position import PlacedHex, Position
from trainrun.turn.walk import (
    HexTrack,
    Stop,
    board,
    first_entries,
    hex_track,
    network_walk,
    stations,
)


def _closure(track: HexTrack, seeds, stops_out) -> set:
    """Paths of ``track`` reached from the ``seeds`` (paths reached with nothing of the hex
    walked before them) through the stops the walk goes on from, ``stops_out`` excepted
    (stations: never walked from again). A junction's paths are not followed (its counter
    may refuse them), so this is what is reached for sure."""
    seen = {p for p in seeds if not (p.junction is not None and p.terminal)}
    todo = list(seen)
    while todo:
        path = todo.pop()
        if path.terminal:
            continue
        for index in path.nodes:
            if index in track.blocks or index in stops_out:
                continue
            for other in track.by_node.get(index, ()):
                if other not in seen and other.junction is None:
                    seen.add(other)
                    todo.append(other)
    return seen


def _outside(position: Position, hex_id: str) -> tuple[dict, set]:
    """The track of the board but ``hex_id`` in pieces a walk could join (paths meeting
    across a side, at a stop it goes on from, at a junction): each path's piece, and the
    pieces holding a station (computed once per hex)."""
    def compute():
        walk_board = board(position)
        parent: dict = {}

        def find(p):
            while parent[p] is not p:
                parent[p] = parent[parent[p]]
                p = parent[p]
            return p

        def join(p, q):
            parent[find(p)] = find(q)
        for h, track in walk_board.hexes.every():
            if h != hex_id:
                for path in track.paths:
                    parent[path] = path
        for h, track in walk_board.hexes.every():
            if h == hex_id:
                continue
            for index, paths in list(track.by_node.items()) + list(track.by_junction.items()):
                if index not in track.blocks:       # a junction is never a stop
                    for q in paths[1:]:
                        join(paths[0], q)
            for path in track.paths:
                for edge, lane in path.exits:
                    for q in walk_board.across(path, edge, lane):
                        if q.hex != hex_id:
                            join(path, q)
        pieces = {p: find(p) for p in parent}
        held = {pieces[p] for h, i in stations(position) if h != hex_id
                for p in walk_board.hexes[h].by_node.get(i, ())}
        return pieces, held
    return position.derived(f"tilereach.outside.{hex_id}", compute)


def _may_reach(position: Position, track: HexTrack, hex_id: str, path, starts) -> bool:
    """Whether any walk could reach ``path`` of ``track`` (a tile on ``hex_id``): from a piece
    of the outside track holding a station, or from a station on the hex, through the
    hex's other paths, never leaving the hex by one of ``path``'s exits on the way (the
    walk does not enter a path by a side its branch left the hex by)."""
    walk_board = board(position)
    pieces, live = _outside(position, hex_id)
    live = set(live)

    def facing(edge, lane):
        other = walk_board.neighbors[hex_id].get(edge)
        if other is None:
            return set()
        return {pieces[q] for q in walk_board.hexes[other].by_exit.get(
            (opposite(edge), (lane[0], lane[0] - 1 - lane[1])), ())}
    own = set(path.exits)
    inside = {p for i in starts for p in track.by_node.get(i, ()) if p is not path}
    grown = True
    while grown:
        grown = False
        for p in track.paths:
            if p is not path and p not in inside and any(
                    facing(e, lane) & live for e, lane in p.exits):
                inside.add(p)
                grown = True
        todo = list(inside)
        while todo:
            p = todo.pop()
            joined = [] if p.terminal else [q for i in p.nodes if i not in track.blocks
                                            for q in track.by_node.get(i, ())]
            if p.junction is not None:
                joined += track.by_junction[p.junction]
            if path in joined:
                return True
            for q in joined:
                if q not in inside:
                    inside.add(q)
                    todo.append(q)
        for p in inside:
            for e, lane in p.exits:
                if (e, lane) not in own and not facing(e, lane) <= live:
                    live |= facing(e, lane)
                    grown = True
    return any(facing(e, lane) & live for e, lane in path.exits)


def reaches_paths(position: Position, placed: PlacedHex, wanted: frozenset,
                  city_map: dict[int, int]) -> bool:
    """Whether the company's walk, with ``placed`` (a new tile) on its hex, reaches one of
    its paths ``wanted`` (indices in tile order); ``city_map`` says which city of the new
    tile each old city with tokens becomes."""
    if not wanted:
        return False
    hex_id = placed.id
    track = hex_track(position, placed)
    starts = stations(position)
    here = {city_map.get(i, i) for h, i in starts if h == hex_id}
    entries = first_entries(position).get(hex_id, ())
    seeds = [p for entry in entries for p in track.by_exit.get(entry, ())]
    seeds += [p for i in here for p in track.by_node.get(i, ())]
    if any(p.index in wanted for p in _closure(track, seeds, here)):
        return True
    if not any(_may_reach(position, track, hex_id, p, here) for p in track.paths
               if p.index in wanted):
        return False

    def on_path(path, _):
        if path.hex == hex_id and path.index in wanted:
            raise Stop
    laid = [s for s in starts if s[0] != hex_id] + sorted((hex_id, i) for i in here)
    return not network_walk(board(position).with_hex(track, hex_id), laid, on_path)
