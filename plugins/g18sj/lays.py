"""18SJ's tile lays and station tokens, where they are not the shared rules (the plugin's
docstring lists them; engine g_18_sj/game.rb, step/track.rb, step/token.rb).
"""
from __future__ import annotations

from trainrun.plugins.api import Position, Tile, path_exits

# engine G18SJ::Game MAIN_LINE_ORIENTATION: the two board edges of each main-line hex
MAIN_LINE_ORIENTATION: dict[str, tuple[int, int]] = {
    # Stockholm-Malmö
    "F9": (2, 5), "E8": (2, 5), "D7": (2, 5), "C6": (2, 5), "B5": (2, 5), "A4": (1, 5),
    # Stockholm-Göteborg
    "F11": (0, 3), "E12": (0, 3), "D13": (0, 2), "C12": (2, 5), "B11": (2, 5),
    # Stockholm-Luleå
    "G12": (1, 3), "F13": (0, 3), "E14": (0, 4), "E16": (1, 4), "E18": (1, 4),
    "E20": (1, 4), "E22": (1, 4), "E24": (1, 5), "F25": (2, 5),
}
MAIN_LINE_ICONS = frozenset({"M-S", "G-S", "L-S"})   # engine G18SJ::Game MAIN_LINE_ICONS
IMPROVED_KEY = "main_line_improved"   # title_state: the turn's first lay improved a main line
TRACK_STEP = "Track"    # the company's own lays (engine G18SJ::Step::Track)
UPGRADE_IMPROVING = ("moves: a first lay upgrading a main-line hex improves the line "
                     "(engine G18SJ::Game#main_line_improvement) only if the tile before "
                     "did not connect it, which a position does not say: unless "
                     "title_state.main_line_improved states it, such an upgrade is taken "
                     "as no improvement and the second lay it allows is not offered")
SECOND_LAY = ("a second lay or upgrade only if the first or the second improves a main "
              "line")


def connects_main_line(hex_id: str, tile: Tile, rotation: int) -> bool:
    """``tile`` at ``rotation`` joins the two main-line edges of ``hex_id``: one path
    reaching both, or a path from each to a city or town (engine
    ``G18SJ::Game#connects_main_line?``, ``path_to_city``: a path whose only edge it is)."""
    orientation = MAIN_LINE_ORIENTATION.get(hex_id)
    if orientation is None:
        return False
    paths = path_exits(tile, rotation)
    ends = frozenset(orientation)
    return (any(ends <= p for p in paths)
            or all(any(p == frozenset({e}) for p in paths) for e in orientation))


def improves_main_line(position: Position, hex_id: str, tile: Tile, rotation: int) -> bool:
    """Laying ``tile`` at ``rotation`` on ``hex_id`` improves a main line: the hex still
    shows its main-line icon and the tile connects the line (engine
    ``G18SJ::Game#main_line_improvement``, which then removes the icon)."""
    return (bool(MAIN_LINE_ICONS & set(position.board[hex_id].icons))
            and connects_main_line(hex_id, tile, rotation))


def first_lay_improved(position: Position) -> bool:
    """The company's first lay this turn improved a main line (engine
    ``G18SJ::Step::Track`` ``@main_line_improvement``): as ``title_state.main_line_improved``
    states, else from the hex it laid. Only the corporations lay on main-line hexes and the
    lay that connects one removes its icon, so a main-line hex whose tile connects the line
    was improved by some lay: by this turn's where its icon is still shown (trainrun's own
    ``apply`` keeps it) or where the lay was a yellow one on an empty hex. An upgrade's hex
    may have been improved in an earlier turn, the tile before it not in a position: without
    ``main_line_improved`` it is taken as no improvement (``UPGRADE_IMPROVING``)."""
    stated = position.title_state.get(IMPROVED_KEY)
    if stated is not None:
        return bool(stated)
    turn = position.turn
    if not turn.laid_hexes:
        return False
    hex_id = turn.laid_hexes[0]
    placed = position.board.get(hex_id)
    if placed is None or not connects_main_line(hex_id, placed.tile, placed.rotation):
        return False
    return bool(MAIN_LINE_ICONS & set(placed.icons)) or not turn.upgraded


def rotation_refusal(position: Position, hex_id: str, tile: Tile, rotation: int) -> str | None:
    """The company's second lay or upgrade of a turn is allowed only if it or the first
    improves a main line (engine ``G18SJ::Step::Track#process_lay_tile``; a private's lay
    is not counted)."""
    turn = position.turn
    if turn.step != TRACK_STEP or turn.lays != 1:
        return None
    if first_lay_improved(position) or improves_main_line(position, hex_id, tile, rotation):
        return None
    return SECOND_LAY


def requisitioned(position: Position) -> bool:
    """The company was requisitioned by A.W. Edelswärd, the two-player variant's bot: it
    holds the free ``tile_lay`` ability of its own the engine gives it (engine
    ``G18SJ::Game#requisit_corporation``: no hexes, ``free``), the mark of a bot
    corporation (``bot_corporation?``)."""
    return any(a.get("type") == "tile_lay" and not a.get("owner") and not a.get("hexes")
               for a in position.abilities)


def terrain_cost(position: Position, hex_id: str, old: Tile) -> int | None:
    """A requisitioned company's own lays are free (its ``tile_lay`` ability ``free``:
    engine ``Tracker#lay_tile``); else the shared rule."""
    if requisitioned(position) and position.turn.step == TRACK_STEP:
        return 0
    return None


def border_cost(position: Position, hex_id: str, edge: int, cost: int) -> int | None:
    """A requisitioned company's free lays pay no border either (engine
    ``Tracker#lay_tile``: a free lay's cost is the lay's fee alone); else the shared rule."""
    if requisitioned(position) and position.turn.step == TRACK_STEP:
        return 0
    return None


def token_cost(position: Position, hex_id: str, city: int) -> int | None:
    """A bot corporation's tokens are free (engine ``G18SJ::Step::Token#place_token``:
    ``token.price = 0 if bot_corporation?``); else the shared rule."""
    return 0 if requisitioned(position) else None
