"""A private company's own tile lays (step ``SpecialTrack``): what its ability allows.

The position's ``turn.entity`` is the private using its ability and ``turn.ability`` that
ability (the 18xx.games engine's ``tile_lay``: ``hexes``, ``tiles``, ``free``,
``discount``, ``reachable``, ``special``, ``consume_tile_lay``). The operating company pays.
Against the company's own lay (``trainrun.turn.lays``) the ability changes:

* where: its ``hexes`` (any side of them is open to the new track; with ``reachable`` only
  hexes the company reaches; only the sides the company reaches where the title says so,
  ``trainrun_special_lay_reached_sides``), or with no hexes listed the company's own reach;
* the right: with ``consume_tile_lay`` the ability spends the company's next lay and pays
  its fee; otherwise it is a lay of its own, yellow or upgrade, no fee;
* which tiles: its ``tiles`` (all when none are listed), of the phase's colours; with
  ``special`` a tile need only follow the colour order and keep the old track (labels and
  city counts are not asked);
* no new-track rule (the engine asks it of companies only);
* cost: nothing when ``free``, else the usual cost less ``discount`` (both only on its hexes
  with its tiles);
* laying: the markers change as the title says (``trainrun_special_lay_markers``: 1817's
  mines and ranches, ranches taken off beside a city-tile private's lay), and the ability's
  ``count`` goes down by one (``SpecialLayCheck.turn_after``);
* a private whose lays must connect (``connect``, or the title's
  ``trainrun_special_lay_connects``) lays each further tile so that one of its paths meets a
  path of a tile it laid before this turn.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from trainrun.board.hexgrid import opposite
from trainrun.board.position import PlacedHex, Position
from trainrun.board.tiles import Tile
from trainrun.board.turnstate import LayRight, Turn
from trainrun.errors import InputError
from trainrun.hooks.answers import (
    special_lay_connects,
    special_lay_markers,
    special_lay_reached_sides,
)
from trainrun.turn.lays import LayCheck, default_special_upgrades_to, exits, lay_cost, path_exits
from trainrun.turn.walk import Reach

OWN_LAY = LayRight(lay=True, upgrade=True, cost=0, upgrade_cost=0)   # its own lay: no fee


@dataclass(frozen=True)
class TileLayAbility:
    """A private's ``tile_lay`` ability, as a position states it."""

    hexes: tuple[str, ...] = ()
    tiles: tuple[str, ...] = ()
    free: bool = False
    discount: int = 0
    reachable: bool = False
    special: bool = False
    consume_tile_lay: bool = False
    connect: bool | None = None
    count: int | None = None       # lays left (None: no limit stated)


def ability_of(position: Position) -> TileLayAbility:
    """The ability of ``turn.ability``; ``InputError`` naming the field at fault."""
    data = position.turn.ability
    if not isinstance(data, dict) or data.get("type", "tile_lay") != "tile_lay":
        raise InputError("turn.ability", "a SpecialTrack step needs a tile_lay ability")
    for key in ("hexes", "tiles"):
        value = data.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise InputError(f"turn.ability.{key}", f"expected a list of names, got {value!r}")
    unknown = [h for h in data.get("hexes", []) if h not in position.title.hexes]
    if unknown:
        raise InputError("turn.ability.hexes", f"unknown hex {unknown[0]!r}")
    unknown = [t for t in data.get("tiles", []) if t not in position.title.tiles]
    if unknown:
        raise InputError("turn.ability.tiles", f"unknown tile {unknown[0]!r}")
    for key in ("discount", "count"):
        value = data.get(key, 0)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                                  or value < 0):
            raise InputError(f"turn.ability.{key}", f"expected a whole number ≥ 0, got {value!r}")
    discount = data.get("discount", 0)
    flags = {}
    for key in ("free", "reachable", "special", "consume_tile_lay", "connect"):
        value = data.get(key)
        if value is not None and not isinstance(value, bool):
            raise InputError(f"turn.ability.{key}", f"expected true or false, got {value!r}")
        flags[key] = value
    return TileLayAbility(tuple(data.get("hexes", [])), tuple(data.get("tiles", [])),
                          bool(flags["free"]), discount, bool(flags["reachable"]),
                          bool(flags["special"]), bool(flags["consume_tile_lay"]),
                          flags["connect"], data.get("count"))


class SpecialLayCheck(LayCheck):
    """The lay checks of ``LayCheck`` as the private's ability changes them."""

    def __init__(self, position: Position):
        super().__init__(position)
        self.ability = ability = ability_of(position)
        if not ability.consume_tile_lay:
            self.right = OWN_LAY
        if ability.hexes:
            own = self.reach.sides
            if special_lay_reached_sides(position):
                neighbors = {h: own[h] for h in ability.hexes if h in own}
            else:
                neighbors = {h: frozenset(position.title.hexes[h].neighbors)
                             for h in ability.hexes if not ability.reachable or h in own}
            self.reach = Reach(self.reach.paths, self.reach.nodes, neighbors)
        connect = ability.connect
        if connect is None:
            connect = special_lay_connects(position)
        self.connect_to = tuple(h for h in position.turn.laid_hexes
                                if h in ability.hexes) if connect else ()

    def hex_refusal(self, hex_id: str) -> str | None:
        entity = self.position.turn.entity
        if self.ability.count == 0:
            return f"{entity} has no lays left"
        if self.ability.hexes and hex_id not in self.ability.hexes:
            return f"{entity} may not lay on {hex_id} (not one of its hexes)"
        return super().hex_refusal(hex_id)

    def board_after(self, hex_id: str, tile: Tile, rotation: int) -> dict[str, PlacedHex]:
        """The board once the private's tile lies there, with the markers its lay changes
        (``trainrun_special_lay_markers``)."""
        board = super().board_after(hex_id, tile, rotation)
        for other, markers in special_lay_markers(self.position, hex_id).items():
            board[other] = dataclasses.replace(board[other], markers=tuple(markers))
        return board

    def turn_after(self, hex_id: str, upgrade: bool, cost: int) -> Turn:
        """The turn once the private's lay is made: with ``consume_tile_lay`` the company's
        lay is spent as by its own lay, otherwise only the hex is noted as laid; the
        ability has one lay fewer, and the private keeps acting while it has lays left
        (the step returns to the company's ``Track`` once they are spent)."""
        turn = self.position.turn
        if self.ability.consume_tile_lay:
            after = super().turn_after(hex_id, upgrade, cost)
        else:
            after = dataclasses.replace(
                turn, cash=None if turn.cash is None else turn.cash - cost,
                laid_hexes=turn.laid_hexes + (hex_id,))
        count = self.ability.count
        if count is not None and count <= 1:
            return dataclasses.replace(after, step="Track", entity=None, ability=None)
        assert turn.ability is not None     # self.ability was read from it (ability_of)
        ability = dict(turn.ability)
        if count is not None:
            ability["count"] = count - 1
        return dataclasses.replace(after, ability=ability)

    def tile_allowed_refusal(self, hex_id: str, tile: Tile) -> str | None:
        if self.ability.tiles and tile.name not in self.ability.tiles:
            return f"{self.position.turn.entity} may not lay tile {tile.name}"
        return super().tile_allowed_refusal(hex_id, tile)

    def replacing(self, hex_id: str, tiles: list[Tile]) -> list[Tile]:
        if not self.ability.special:
            return super().replacing(hex_id, tiles)
        old = self.position.board[hex_id].tile
        return [t for t in tiles if default_special_upgrades_to(old, t)]

    def kept_refusal(self, hex_id: str, tile: Tile, rotation: int) -> str | None:
        return super().kept_refusal(hex_id, tile, rotation) or self.connect_refusal(
            hex_id, tile, rotation)

    def connect_refusal(self, hex_id: str, tile: Tile, rotation: int) -> str | None:
        """A path of the new tile meets a path of a tile the private laid this turn."""
        if not self.connect_to:
            return None
        neighbors = self.position.title.hexes[hex_id].neighbors
        board = self.position.board
        for edge in set().union(*path_exits(tile, rotation)):
            other = neighbors.get(edge)
            if other in self.connect_to and opposite(edge) in exits(board[other].tile,
                                                                    board[other].rotation):
                return None
        return f"the track must connect to the tile {self.position.turn.entity} laid on " + \
               " or ".join(self.connect_to)

    def final_refusal(self, hex_id: str, tile: Tile, rotation: int) -> tuple[str | None, int]:
        ability = self.ability
        on_its_own = hex_id in ability.hexes and tile.name in ability.tiles
        if on_its_own and ability.free:
            cost = 0
        else:
            assert self.right is not None   # hex_refusal() passed: a lay is left
            cost = lay_cost(self.position, self.right, hex_id, tile, rotation)
            if on_its_own:
                cost = max(0, cost - ability.discount)
        if self.budget is not None and cost > self.budget:
            return f"the lay costs {cost}, more than the {self.budget:g} the company can pay", cost
        return None, cost
