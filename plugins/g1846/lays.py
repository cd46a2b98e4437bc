"""1846's tile lays and station tokens (docs/rules/1846.md §3, §4).

Lays: two a turn, the second not after an upgrade (engine g_1846/game.rb ``TILE_LAYS``);
every lay of the company's costs at least $20, its terrain cost if more (``upgrade_cost``:
``[TILE_COST, super].max``, the Tunnel Blasting discount taken first); the Illinois Central's
yellow lays on its five ``ic`` hexes take $20 off (its ``tile_lay`` ability, ``discount``
20). Tokens: the four corporations with a reserved city token there for $40 (their
``token`` abilities, engine g_1846/entities.rb CORPORATIONS).
"""
from __future__ import annotations

from trainrun.plugins.api import (
    LayRight,
    Position,
    Tile,
    charter_token_price,
    default_terrain_cost,
    exits,
    opposite,
)

# engine g_1846/game.rb TILE_LAYS: a lay or upgrade, then a lay, an upgrade only if the first
# was none
LAYS = [LayRight(True, True), LayRight(True, "not_if_upgraded")]
TILE_COST = 20                                      # engine g_1846/game.rb TILE_COST
IC, IC_HEXES, IC_DISCOUNT = "IC", frozenset({"E5", "F6", "G5", "H6", "J4"}), 20
# the corporations' own token abilities: the hex and its price when reached (engine
# g_1846/entities.rb CORPORATIONS ``token`` abilities)
TOKEN_HEXES = {"PRR": ("E11", 40), "B&O": ("H12", 40), "ERIE": ("D20", 40), "IC": ("I5", 40)}
# PRR and B&O may place that token unreached, at its teleport price (engine
# G1846::Step::TrackAndToken#tokener_available_hex, the abilities' ``teleport_price``)
TELEPORT_PRICES = {"PRR": 60, "B&O": 100}


def tile_lays() -> list[LayRight]:
    return LAYS


def terrain_cost(position: Position, hex_id: str, old: Tile) -> int:
    """At least $20 a lay; the IC's yellow lays on its hexes $20 less
    (docs/rules/1846.md §3.2, §3.3)."""
    cost = max(TILE_COST, default_terrain_cost(position, hex_id, old))
    if position.company == IC and hex_id in IC_HEXES and old.color == "white" and (
            position.turn.step == "Track"):
        cost -= min(cost, IC_DISCOUNT)
    return cost


def token_cost(position: Position, hex_id: str, city: int) -> int | None:
    """$40 for a corporation's token on the hex its charter reserves
    (docs/rules/1846.md §4.2); else the charter's price."""
    own = TOKEN_HEXES.get(position.company)
    if own is not None and own[0] == hex_id:
        return own[1]
    return charter_token_price(position)


def token_unreached(position: Position) -> dict[str, int]:
    """PRR's E11 ($60) and B&O's H12 ($100) unreached, while the corporation holds its
    token ability (docs/rules/1846.md §4.2)."""
    price = TELEPORT_PRICES.get(position.company)
    hex_id = TOKEN_HEXES.get(position.company, ("", 0))[0]
    holds = any(a.get("type") == "token" and hex_id in (a.get("hexes") or ())
                for a in position.abilities)
    return {hex_id: price} if price is not None and holds else {}


LITTLE_MIAMI, LM_HEXES = "LM", ("H12", "G13")   # engine g_1846/game.rb LITTLE_MIAMI_HEXES


def _little_miami_acting(position: Position) -> bool:
    entity = position.turn.entity
    private = position.title.privates.get(LITTLE_MIAMI, {})
    return position.turn.step == "SpecialTrack" and entity in (LITTLE_MIAMI, private.get("name"))


def little_miami_refusal(position: Position, hex_id: str, tile: Tile, rotation: int) -> str | None:
    """The Little Miami lays once on each of its hexes, and its lay on the second must
    connect the two: its tile meets the tile it laid on the other (engine g_1846/game.rb
    ``postprocess_little_miami``, ``check_little_miami_graph_after!``;
    docs/rules/1846.md §5.4)."""
    if not _little_miami_acting(position) or hex_id not in LM_HEXES:
        return None
    if hex_id in position.turn.laid_hexes:
        return "the Little Miami may not lay and upgrade a tile in the same hex"
    other = next(h for h in LM_HEXES if h != hex_id)
    if other not in position.turn.laid_hexes:
        return None
    edge = next((e for e, h in position.title.hexes[hex_id].neighbors.items() if h == other),
                None)
    placed = position.board[other]
    if edge is not None and edge in exits(tile, rotation) and opposite(edge) in exits(
            placed.tile, placed.rotation):
        return None
    return f"the Little Miami's lays must connect {LM_HEXES[0]} and {LM_HEXES[1]}"
