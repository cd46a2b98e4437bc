"""Hex grid geometry: 18xx hex ids, flat and pointy layouts, neighbours by edge.

Edges are numbered 0-5 as in the 18xx.games engine. A hex id is a letter
part and a number part ("B14", "AA3"; a lower-case letter is a row or column before A,
"a19" in 18GB, as the engine's ``Hex::NEGATIVE_LETTERS``); on flat maps the letters give the grid
x and the number the grid y, on pointy maps the reverse (a title's ``axes``
may say otherwise).
"""
from __future__ import annotations

import re

# Neighbour offsets (dx, dy) on the doubled-coordinate grid, by edge number.
OFFSETS = {
    "flat": ((0, 2), (-1, 1), (-1, -1), (0, -2), (1, -1), (1, 1)),
    "pointy": ((-1, 1), (-2, 0), (-1, -1), (1, -1), (2, 0), (1, 1)),
}
_ID = re.compile(r"^([A-Z]+|[a-z])(-?\d+)$")


def opposite(edge: int) -> int:
    """The edge of the neighbouring hex that faces ``edge``."""
    return (edge + 3) % 6


def rotate(edge: int, rotation: int) -> int:
    """Board edge on which tile edge ``edge`` lies when the tile is turned by ``rotation``."""
    return (edge + rotation) % 6


def _letters_to_int(letters: str) -> int:
    if letters.islower():   # a, b, …: -1, -2, … (before A)
        return -(ord(letters) - ord("a") + 1)
    value = 0
    for ch in letters:
        value = value * 26 + (ord(ch) - ord("A") + 1)
    return value - 1


def _int_to_letters(value: int) -> str:
    if value < 0:
        return chr(ord("a") - value - 1) if value >= -26 else ""
    value += 1
    out = ""
    while value > 0:
        value, rem = divmod(value - 1, 26)
        out = chr(ord("A") + rem) + out
    return out


class HexGrid:
    """Coordinates and adjacency of one map's hexes."""

    def __init__(self, layout: str, axes: dict | None = None):
        if layout not in OFFSETS:
            raise ValueError(f"unknown layout {layout!r}")
        self.layout = layout
        # 18xx.games: letters name columns on flat maps and rows on pointy ones,
        # unless the title's ``axes`` say otherwise
        self.letters_are_y = axes.get("y") == "letter" if axes else layout == "pointy"

    def parts(self, hex_id: str) -> tuple[str, str]:
        """A hex id's column and row as printed on the map's edge (letters and number,
        in the order of the grid's x and y)."""
        m = _ID.match(hex_id)
        if not m:
            raise ValueError(f"not a hex id: {hex_id!r}")
        letters, number = m.groups()
        return (number, letters) if self.letters_are_y else (letters, number)

    def coords(self, hex_id: str) -> tuple[int, int]:
        """Grid (x, y) of a hex id."""
        x, y = self.parts(hex_id)
        if self.letters_are_y:
            return int(x) - 1, _letters_to_int(y)
        return _letters_to_int(x), int(y) - 1

    def hex_id(self, x: int, y: int) -> str:
        """Hex id of grid (x, y)."""
        letter, number = (y, x) if self.letters_are_y else (x, y)
        return f"{_int_to_letters(letter)}{number + 1}"

    def neighbor(self, hex_id: str, edge: int) -> str:
        """Id of the hex across ``edge`` (whether or not it is on the map)."""
        x, y = self.coords(hex_id)
        dx, dy = OFFSETS[self.layout][edge]
        return self.hex_id(x + dx, y + dy)
