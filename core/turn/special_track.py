"""A private company's own tile lays (step ``SpecialTrack``): what its ability allows.

The position's ``turn.entity`` is the private using its ability (its sym or name) and
``turn.ability`` that ability (the 18xx.games engine's ``tile_lay``: ``hexes``, ``tiles``,
``free``, ``discount``, ``cost``, ``reachable``, ``special``, ``consume_tile_lay``,
``connect``, ``count``; or a ``teleport``). Where the position states no ability, or only
some of its fields (its ``count`` left), the rest comes from the title's data for that
private (``Title.privates``, ``trainrun.turn.abilities.acting_ability``): the fields the
position states win. The operating company pays. Against the company's own lay
(``trainrun.turn.lays``) the ability changes:

* where: its ``hexes`` (any side of them is open to the new track; with ``reachable`` only
  hexes the company reaches; only the sides the company reaches where the title says so,
  ``trainrun_special_lay_reached_sides``), or with no hexes listed the company's own reach;
* the right: with ``consume_tile_lay`` the ability spends the company's next lay and pays
  its fee; otherwise it is a lay of its own, yellow or upgrade, no fee;
* which tiles: its ``tiles`` (all when none are listed), of the phase's colours; with
  ``special`` (the engine's default) a tile need only follow the colour order and keep the
  old track (labels and city counts are not asked);
* no new-track rule (the engine asks it of companies only); with ``reachable``, the new
  tile's track must meet the company's network (but on its home hex);
* cost: with ``free`` the lay's fee only (none for a lay of its own), else the usual cost
  less ``discount``; its ``cost`` on top;
* laying: the markers change as the title says (``trainrun_special_lay_markers``: 1817's
  mines and ranches, ranches taken off beside a city-tile private's lay), and the ability's
  ``count`` goes down by one (``SpecialLayCheck.turn_after``; the position's
  ``abilities`` record it, ``trainrun.turn.abilities.after_use``);
* a two-hex ability of lays of its own whose lays must connect (``connect``, the engine's
  default for a private of the title's data; else the title's
  ``trainrun_special_lay_connects``) lays each further tile so that one of its paths meets
  a path of a tile it laid before this turn (engine ``check_connect``).

A ``teleport`` (18Chesapeake's C&OC, 1830's D&H) lays one of its tiles on its hex, reached
or not, as the company's lay (free with ``free_tile_lay``) under the usual upgrade rules;
then the step is ``SpecialToken``, the private placing its token there
(``trainrun.turn.special_token``).
"""
from __future__ import annotations

import dataclasses

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
from trainrun.turn.abilities import (
    TeleportAbility,
    TileLayAbility,
    acting_ability,
    private_sym,
    read_ability,
)
from trainrun.turn.lays import LayCheck, exits, lay_cost, path_exits
from trainrun.turn.walk import Reach

__all__ = ["OWN_LAY", "SpecialLayCheck", "TeleportAbility", "TileLayAbility", "ability_of",
           "special_lay"]

OWN_LAY = LayRight(lay=True, upgrade=True, cost=0, upgrade_cost=0)   # its own lay: no fee
KINDS = ("tile_lay", "teleport")


def ability_of(position: Position) -> TileLayAbility | TeleportAbility:
    """The ability of the private using it (``turn.ability`` over the title's data);
    ``InputError`` naming the field at fault."""
    data = acting_ability(position, KINDS)
    if not isinstance(data, dict) or data.get("type", "tile_lay") not in KINDS:
        raise InputError("turn.ability", "a SpecialTrack step needs a tile_lay ability")
    ability = read_ability({"type": "tile_lay", **data}, position.title, "turn.ability")
    assert isinstance(ability, (TileLayAbility, TeleportAbility))
    return ability


def special_lay(position: Position) -> bool:
    """A private's lay with a ``special`` ability (step ``SpecialTrack``): the engine's
    ``upgrades_to?`` with ``special`` asks only the colour order and the old track
    (``trainrun.turn.lays.default_special_upgrades_to``)."""
    return position.turn.step == "SpecialTrack" and as_lay(ability_of(position)).special


def as_lay(ability: TileLayAbility | TeleportAbility) -> TileLayAbility:
    """A teleport's lay as a tile lay: one of its tiles on its hex, the company's lay (its
    fee paid), under the usual upgrade rules, free with ``free_tile_lay``."""
    if isinstance(ability, TileLayAbility):
        return ability
    return TileLayAbility(hexes=ability.hexes, tiles=ability.tiles, free=ability.free_tile_lay,
                          cost=ability.cost, special=False, consume_tile_lay=True,
                          connect=False, count=1)


class SpecialLayCheck(LayCheck):
    """The lay checks of ``LayCheck`` as the private's ability changes them."""

    def __init__(self, position: Position):
        super().__init__(position)
        self.source = ability_of(position)
        self.teleport = isinstance(self.source, TeleportAbility)
        self.ability = ability = as_lay(self.source)
        if not ability.consume_tile_lay:
            self.right = OWN_LAY
        own = self.own_sides = self.reach.sides
        if ability.hexes:
            if special_lay_reached_sides(position):
                neighbors = {h: own[h] for h in ability.hexes if h in own}
            else:
                neighbors = {h: frozenset(position.title.hexes[h].neighbors)
                             for h in ability.hexes if not ability.reachable or h in own}
            self.reach = Reach(self.reach.paths, self.reach.nodes, neighbors)
        connect = ability.connect
        if connect is None:
            # the engine's default for a private it knows; else the title says
            connect = (private_sym(position.title, position.turn.entity) is not None
                       or special_lay_connects(position))
        connect = connect and not ability.consume_tile_lay and len(ability.hexes) > 1
        self.connect_to = tuple(h for h in position.turn.laid_hexes
                                if h in ability.hexes) if connect else ()

    def hex_refusal(self, hex_id: str) -> str | None:
        entity = self.position.turn.entity
        if self.ability.count == 0 or (isinstance(self.source, TeleportAbility)
                                        and self.source.used):
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
        (the step returns to the company's ``Track`` once they are spent). After a
        teleport's lay the private places its token (step ``SpecialToken``)."""
        turn = self.position.turn
        if self.ability.consume_tile_lay:
            after = super().turn_after(hex_id, upgrade, cost)
        else:
            after = dataclasses.replace(
                turn, cash=None if turn.cash is None else turn.cash - cost,
                laid_hexes=turn.laid_hexes + (hex_id,))
        stated = dict(turn.ability or {"type": self.source.type})
        if self.teleport:
            return dataclasses.replace(after, step="SpecialToken",
                                       ability={**stated, "used": True})
        count = self.ability.count
        if count is not None and count <= 1:
            return dataclasses.replace(after, step="Track", entity=None, ability=None)
        if count is not None:
            stated["count"] = count - 1
        return dataclasses.replace(after, ability=stated)

    def count_after(self) -> int | None:
        """The ability's uses left once this lay is made (None: no limit)."""
        count = self.ability.count
        return None if count is None or self.teleport else max(0, count - 1)

    def tile_allowed_refusal(self, hex_id: str, tile: Tile) -> str | None:
        if self.ability.tiles and tile.name not in self.ability.tiles:
            return f"{self.position.turn.entity} may not lay tile {tile.name}"
        return super().tile_allowed_refusal(hex_id, tile)

    def lays_blocking_tile(self, tile: Tile) -> bool:
        return tile.name in self.ability.tiles

    def kept_refusal(self, hex_id: str, tile: Tile, rotation: int) -> str | None:
        return (super().kept_refusal(hex_id, tile, rotation)
                or self.reached_refusal(hex_id, tile, rotation)
                or self.connect_refusal(hex_id, tile, rotation))

    def reached_refusal(self, hex_id: str, tile: Tile, rotation: int) -> str | None:
        """With ``reachable``, the new tile's track meets the company's network: the hex is
        one the company reaches once the tile lies there (engine ``Tracker#lay_tile``), on
        any hex but the company's one home hex."""
        company = self.position.company
        if (not self.ability.reachable or self.teleport
                or self.position.title.companies.get(company, {}).get("home") == hex_id):
            return None
        if self.own_sides.get(hex_id, frozenset()) & set().union(*path_exits(tile, rotation)):
            return None
        return f"the track on {hex_id} must connect to {company}'s network"

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
        """The cost (engine ``Tracker#lay_tile``): with ``free`` only the lay's fee, else
        the usual cost less the ability's ``discount``; its ``cost`` on top."""
        ability = self.ability
        assert self.right is not None   # hex_refusal() passed: a lay is left
        if ability.free:
            fee = self.right.cost if tile.color == "yellow" else self.right.upgrade_cost
            cost = (fee or 0) + ability.cost
        else:
            cost = lay_cost(self.position, self.right, hex_id, tile, rotation) + ability.cost
            cost -= max(0, min(cost, ability.discount))
        if self.budget is not None and cost > self.budget:
            return f"the lay costs {cost}, more than the {self.budget:g} the company can pay", cost
        return None, cost
