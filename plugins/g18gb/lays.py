"""18GB's tile lays and station tokens, where they are not the shared rules (the plugin's
docstring lists them; engine g_18_gb/game.rb, step/track_and_token.rb).
"""
from __future__ import annotations

from trainrun.plugins.api import (
    LayRules,
    Position,
    Tile,
    charter_token_price,
    default_lay_colours,
    shared_upgrades_to,
    tokens_on_board,
)

# engine G18GB::Game#game_tiles: the gray tiles are in the box only where the scenario has
# 'gray-tiles' (scenarios.rb: 5 and 6 players), the only scenarios with both the TV and
# the MC privates (their 'companies'); a position names every private of its game
GRAY_TILES = frozenset({"G31", "G35", "912"})
GRAY_SCENARIO_PRIVATES = frozenset({"TV", "MC"})
# engine G18GB::Game#add_new_special_green_hex, entities.rb CORPORATIONS: the green tiles a
# corporation's ``tile_lay`` ability lays on its hex, ahead of the phase
SPECIAL_GREEN_TILES = frozenset({"G36", "G37", "G38"})
# engine config/tile.rb Tile::COLORS, the order upgrades_to? compares colours by
ENGINE_COLOURS = ("white", "yellow", "green", "brown", "gray", "blue")
CONVERSION_TOKEN_PRICE = 50     # engine G18GB::Game#convert_to_ten_share
TRACK_STEP = "Track"    # the company's own lays (engine G18GB::Step::TrackAndToken)
CLOSED_KEY = "closed_privates"   # title_state: the privates closed (by sym)


def closed_privates(position: Position) -> frozenset[str]:
    """The privates closed, which stay in the game with value 0 (engine
    ``G18GB::Game#close_company``): those ``title_state.closed_privates`` names, and each
    whose blocked hex holds a laid tile (a lay there closes it: engine
    ``close_company_in_hex``)."""
    title = position.title
    laid = {h for h, placed in position.board.items()
            if placed.tile.name != title.hexes[h].printed.name}
    return frozenset(position.title_state.get(CLOSED_KEY, ())) | frozenset(
        sym for sym, entry in title.privates.items() for a in entry.get("abilities", ())
        if a.get("type") == "blocks_hexes" and laid & set(a.get("hexes") or ()))


def lay_rules(position: Position) -> LayRules:
    """Restrictive track (engine ``TRACK_RESTRICTION``); a border is paid by the lay whose
    track crosses it (engine ``G18GB::Step::TrackAndToken#remove_border_calculate_cost!``
    asks only ``hex.targeting?(neighbor)``); a closed private blocks no hex (engine
    ``G18GB::Game#abilities``: ``blocks_hexes`` only while its value is positive), nor any
    from the blue phase (``hex_blocked_by_ability?``)."""
    unblocked = (frozenset(position.title.privates) if "blue" in position.phase.colours
                 else closed_privates(position))
    return LayRules(track_restriction=position.title.track_restriction,
                    borders_paid_alone=True, unblocked=unblocked)


def gray_tiles(position: Position) -> bool:
    """The game has the gray tiles (its scenario's 'gray-tiles')."""
    return GRAY_SCENARIO_PRIVATES <= set(position.privates)


def special_green_hexes(position: Position) -> frozenset[str]:
    """The hexes the company may lay a green tile on ahead of the phase, in its own lays:
    those of its ``tile_lay`` abilities (engine ``G18GB::Game#special_green_hexes``: a
    corporation's, not a private's)."""
    if position.turn.step != TRACK_STEP:
        return frozenset()
    return frozenset(h for a in position.abilities
                     if a.get("type") == "tile_lay" and not a.get("owner")
                     for h in a.get("hexes") or ())


def lay_colours(position: Position, hex_id: str) -> tuple[str, ...]:
    """The phase's colours, and green on a special green hex (engine
    ``G18GB::Step::TrackAndToken#potential_tile_colors``)."""
    colours = default_lay_colours(position, hex_id)
    if "green" not in colours and hex_id in special_green_hexes(position):
        colours = (*colours, "green")
    return colours


def upgrades_to(position: Position, hex_id: str, old: Tile, tiles: list[Tile]) -> list[Tile]:
    """The shared rule, and (engine ``G18GB::Game#upgrades_to?``,
    ``upgrades_to_correct_color?``, ``game_tiles``): a special green hex's green tiles over
    any earlier colour; a blue estuary tile over a blue one of its label, its old track
    kept; no gray tile unless the scenario has them."""
    if not gray_tiles(position):
        tiles = [t for t in tiles if t.name not in GRAY_TILES]
    out = shared_upgrades_to(position, hex_id, old, tiles)
    rest = [t for t in tiles if t not in out]
    if hex_id in special_green_hexes(position):
        out += [t for t in rest if t.name in SPECIAL_GREEN_TILES and old.color in ENGINE_COLOURS
                and ENGINE_COLOURS.index(old.color) < ENGINE_COLOURS.index("green")]
    if old.color == "blue":
        out += [t for t in rest if t.color == "blue" and t.labels == old.labels]
    return out


def _has_city(tile: Tile) -> bool:
    return any(n.kind == "city" for n in tile.nodes)


def city_laid(position: Position) -> bool:
    """The company laid a city tile this turn by its own lay (a hex laid this turn holds
    one): the hexes laid beyond the turn's own lays (``turn.lays``) were laid by a
    private's ability on its hexes, which are not counted."""
    turn = position.turn
    private_hexes = {h for entry in position.title.privates.values()
                     for a in entry.get("abilities", ()) if a.get("type") == "tile_lay"
                     for h in a.get("hexes") or ()}
    by_privates = len(turn.laid_hexes) - turn.lays
    own = []
    for h in reversed(turn.laid_hexes):
        if by_privates > 0 and h in private_hexes:
            by_privates -= 1
        else:
            own.append(h)
    return any(_has_city(position.board[h].tile) for h in own if h in position.board)


def rotation_refusal(position: Position, hex_id: str, tile: Tile, rotation: int) -> str | None:
    """A blue tile lies at rotation 0 (engine ``G18GB::Game#legal_tile_rotation?``); the
    company's own lays (step ``Track``: the engine's ``TrackAndToken``) lay no second city
    tile in a turn (engine ``G18GB::Step::TrackAndToken#lay_tile_action``,
    ``@laid_city``)."""
    if tile.color == "blue" and rotation != 0:
        return "a blue tile lies at rotation 0"
    if position.turn.step == TRACK_STEP and _has_city(tile) and city_laid(position):
        return "no second city tile in a turn"
    return None


def token_cost(position: Position, hex_id: str, city: int) -> int | None:
    """The charter's price of the next token; once a 5-share corporation became a
    10-share one its conversion tokens (£50 each, engine
    ``G18GB::Game#convert_to_ten_share``) follow the charter's."""
    prices = list(position.title.companies[position.company].get("tokens", [0]))
    left = position.tokens_left
    if left is None:
        return None
    placed = tokens_on_board(position)
    if placed + left <= len(prices):
        return charter_token_price(position)
    extra = placed + left - len(prices)
    prices += [CONVERSION_TOKEN_PRICE] * extra
    return prices[placed] if placed < len(prices) else None
