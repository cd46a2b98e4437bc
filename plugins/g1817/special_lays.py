"""1817: where the mine and ranch privates lay their tiles (engine ``G1817::Step::SpecialTrack``,
docs/rules/1817.md §8).

A coal mine (P1, P5, P10) or ranch (P22, P23) private lays a #7/#8/#9 tile on one of its
hexes for the company owning it:

* only from the sides of that hex the company reaches (not every side, as for the other
  privates with listed hexes);
* the tile must point an exit at a neighbouring city, town or off-board whose tile either
  has track on the facing side or can still be upgraded by a tile left in the box;
* a ranch never goes next to a B-labelled city tile;
* the hex then holds a ``mine`` (or ``ranch``) marker, so it is never upgraded.

The city-tile private of the game (the Pittsburgh Steel Mill P4, or in the Volatility
expansion the one of P4, P16, P17, P24 drawn for it) follows the shared rule instead; its
lay takes the ranches on the hexes beside it off the board.

Which privates these are is the engine's own list (``G1817::Entities``, by sym); the lays
themselves (hexes, tiles, counts) come from the privates' data, read by the shared rules.
A position names the private using its ability by sym or name (``turn.entity``); the
Volatility privates are not in data/privates.json (the engine's base ``COMPANIES``), so
their names are listed here.
"""
from __future__ import annotations

from trainrun.plugins.api import Position, Tile, answers, exits, opposite, tiles_left_in_box

MINE_PRIVATES = frozenset({"MINC", "CM", "MAJC"})             # engine MINE_COMPANIES
RANCH_PRIVATES = frozenset({"P22", "P23"})                    # engine RANCH_COMPANIES
CITY_TILE_PRIVATES = frozenset({"PSM", "P16", "P17", "P24"})  # VOLATILITY_CITY_TILE_COMPANIES
VOLATILITY_NAMES = {"P16 - Buffalo Rail Center": "P16", "P17 - Toledo Industry": "P17",
                    "P22 - Country Ranch": "P22", "P23 - Rural Ranch": "P23",
                    "P24 - Indianapolis Market": "P24"}
STOP_KINDS = frozenset({"city", "town", "offboard"})


def acting(position: Position) -> str | None:
    """The sym of the private laying (step ``SpecialTrack``), or None."""
    turn = position.turn
    if turn.step != "SpecialTrack" or turn.entity is None:
        return None
    privates = position.title.privates
    if turn.entity in privates:
        return turn.entity
    named = next((s for s, p in privates.items() if p.get("name") == turn.entity), None)
    return named or VOLATILITY_NAMES.get(turn.entity, turn.entity)


def placing_marker(position: Position) -> bool:
    """The position is a mine or ranch private's lay."""
    return acting(position) in MINE_PRIVATES | RANCH_PRIVATES


def markers_after(position: Position, hex_id: str) -> dict[str, tuple[str, ...]]:
    """The markers the private's lay on ``hex_id`` changes: a mine or ranch on the hex, or,
    for the city-tile private, no ranch on the hexes beside it."""
    private = acting(position)
    if private is None:
        return {}
    if private in CITY_TILE_PRIVATES:
        beside = (position.board[h] for h in position.title.hexes[hex_id].neighbors.values())
        return {p.id: tuple(m for m in p.markers if m != "ranch")
                for p in beside if "ranch" in p.markers}
    if not placing_marker(position):
        return {}
    marker = "ranch" if private in RANCH_PRIVATES else "mine"
    markers = position.board[hex_id].markers
    return {hex_id: markers if marker in markers else markers + (marker,)}


def _b_city(tile: Tile) -> bool:
    return bool(tile.labels) and tile.labels[-1] == "B"


def hex_refusal(position: Position, hex_id: str) -> str | None:
    """A ranch next to a B-labelled city."""
    if acting(position) not in RANCH_PRIVATES:
        return None
    for other in position.title.hexes[hex_id].neighbors.values():
        if _b_city(position.board[other].tile):
            return f"a ranch may not be laid next to the B city on {other}"
    return None


def _upgradable(position: Position, hex_id: str) -> bool:
    """A tile left in the box replaces the tile on ``hex_id`` (any phase)."""
    def compute():
        left = tiles_left_in_box(position)
        return bool(answers.upgrades_to(position, hex_id, position.board[hex_id].tile, left))
    return position.derived(("g1817", "upgradable", hex_id), compute)


def _serves(position: Position, hex_id: str, edge: int) -> bool:
    """The neighbour at ``edge`` has a stop and track facing back, or may still change."""
    neighbours = position.title.hexes[hex_id].neighbors
    other = neighbours.get(edge)
    if other is None:
        return False
    placed = position.board[other]
    if not any(n.kind in STOP_KINDS for n in placed.tile.nodes):
        return False
    return (opposite(edge) in exits(placed.tile, placed.rotation)
            or _upgradable(position, other))


def rotation_refusal(position: Position, hex_id: str, tile: Tile, rotation: int) -> str | None:
    """The tile points no exit at a neighbouring stop it could serve."""
    if not placing_marker(position):
        return None
    if any(_serves(position, hex_id, e) for e in exits(tile, rotation)):
        return None
    return (f"{position.turn.entity}'s tile must point an exit at a neighbouring city, town "
            "or off-board")
