"""Sides a laid tile links: the 18xx.games engine does not link a hex to a neighbour of an
impassable colour (blue, gray, red: the title's ``IMPASSABLE_HEX_COLORS``) whose track does
not point back (``Game::Base#connect_hexes``); a tile laid on such a hex links each side its
track reaches to the hex that side faces, both ways, for the rest of the game
(``Step::Tracker#lay_tile``). 1888's ferry tiles, L40a on Dalian (E17) and L40b on Yantai
(F16), link the two.

``linked_title(title, board)`` is the title with its map's neighbours as ``board`` has
linked them: the title itself where no laid tile links a side (every title without
``unlinked`` sides in its map.json at once), else one derived title per set of sides linked.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import TYPE_CHECKING

from trainrun.board.title import Title

if TYPE_CHECKING:
    from trainrun.board.position import PlacedHex

Link = tuple[str, int, str]   # (hex, board edge, the hex it faces)

_openable: dict[int, dict[str, dict[int, str]]] = {}   # id(title) -> hex -> unlinked sides
_linked: dict[tuple[int, frozenset[Link]], Title] = {}  # (id(title), links) -> linked title
_base: dict[int, Title] = {}   # id(linked title) -> the title it was derived from


def _sides(title: Title) -> dict[str, dict[int, str]]:
    """The hexes of an impassable colour with sides the engine does not link yet."""
    key = id(title)
    if key not in _openable:
        _openable[key] = {h: dict(mh.unlinked) for h, mh in title.hexes.items()
                          if mh.unlinked and mh.printed.color in title.impassable_colours}
    return _openable[key]


def links(title: Title, board: Mapping[str, PlacedHex]) -> frozenset[Link]:
    """The sides the tiles laid on ``board`` link (the module's rule)."""
    found = []
    for hex_id, sides in _sides(title).items():
        placed = board.get(hex_id)
        if placed is None or placed.tile.name == hex_id:   # the printed tile: nothing laid
            continue
        exits = placed.tile.edges_at(placed.rotation)
        found += [(hex_id, edge, other) for edge, other in sides.items() if edge in exits]
    return frozenset(found)


def linked_title(title: Title, board: Mapping[str, PlacedHex]) -> Title:
    """``title`` (or the title it was linked from) with the sides ``board``'s laid tiles
    link (the module's rule)."""
    base = _base.get(id(title), title)
    opened = links(base, board)
    if not opened:
        return base
    key = (id(base), opened)
    if key not in _linked:
        hexes = dict(base.hexes)
        for hex_id, edge, other in opened:
            for here, side, there in ((hex_id, edge, other), (other, (edge + 3) % 6, hex_id)):
                mh = hexes[here]
                hexes[here] = dataclasses.replace(
                    mh, neighbors={**mh.neighbors, side: there},
                    unlinked={e: h for e, h in mh.unlinked.items() if e != side})
        linked = dataclasses.replace(base, hexes=hexes)
        _linked[key], _base[id(linked)] = linked, base
    return _linked[key]
