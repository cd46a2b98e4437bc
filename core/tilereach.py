"""Whether the company's network, once a tile lies, reaches some of its paths: the
question of a lay's new-track rule (``trainrun.lays``, the engine's
``check_track_restrictions!``), answered as the engine's walk on the board with the tile
laid would (``trainrun.walk``), as cheaply as is exact:

* reached for sure: a path at the edge and lane by which a station's walk first enters the
  hex (``first_entries``: the walk is the same up to there, whatever the tile), or joined
  to one through a stop the walk goes on from;
* reached by no walk: no path of the hex leads to it from a neighbour's track or a
  station;
* otherwise the walk itself, stopped at the first path asked about.
"""
from __future__ import annotations

from .hexgrid import opposite
from .position import PlacedHex, Position
from .walk import HexTrack, Stop, board, first_entries, hex_track, network_walk, stations


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


def _may_reach(position: Position, track: HexTrack, hex_id: str, starts) -> set:
    """Paths of ``track`` on ``hex_id`` any walk could reach: those from a side where a
    neighbour's track ends, or from a station, and all they join within the hex."""
    walk_board = board(position)
    seeds = [p for i in starts for p in track.by_node.get(i, ())]
    for (edge, lane), paths in track.by_exit.items():
        other = walk_board.neighbors[hex_id].get(edge)
        if other is not None and walk_board.hexes[other].by_exit.get(
                (opposite(edge), (lane[0], lane[0] - 1 - lane[1]))):
            seeds += paths
    seen, todo = set(seeds), list(seeds)
    while todo:
        path = todo.pop()
        joined = [] if path.terminal else [q for i in path.nodes if i not in track.blocks
                                           for q in track.by_node.get(i, ())]
        if path.junction is not None:
            joined += track.by_junction[path.junction]
        for other in joined:
            if other not in seen:
                seen.add(other)
                todo.append(other)
    return seen


def reaches_paths(position: Position, placed: PlacedHex, wanted: frozenset,
                  city_map: dict[int, int]) -> bool:
    """Whether the company's walk, with ``placed`` (a new tile) on its hex, reaches one of
    its paths ``wanted`` (indices in tile order); ``city_map`` says which city of the new tile each old
    city with tokens becomes."""
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
    if not any(p.index in wanted for p in _may_reach(position, track, hex_id, here)):
        return False

    def on_path(path, _):
        if path.hex == hex_id and path.index in wanted:
            raise Stop
    laid = [s for s in starts if s[0] != hex_id] + sorted((hex_id, i) for i in here)
    return not network_walk(board(position).with_hex(track, hex_id), laid, on_path)
