"""Reading a corpus line (``tests/data/corpus/FORMAT.md``, 18xx.games conventions):
``board`` lists every hex with its tile, rotation, tokens, assignments and icons."""
from __future__ import annotations

from typing import TYPE_CHECKING

from trainrun.board._laid_entries import read_laid
from trainrun.board.board_input import (
    Holders,
    checked_placements,
    fill_city,
    hex_field,
    known_holders,
    list_field,
    make_position,
    name_list,
    need,
    object_field,
    once,
    phase_and_company,
    place_tile,
    printed_board,
)
from trainrun.board.position import PlacedHex, Position
from trainrun.board.turnstate import turn_from_moves
from trainrun.errors import InputError

if TYPE_CHECKING:
    from trainrun.board.title import Title
    from trainrun.registry import Ruleset


def position_from_corpus(ruleset: Ruleset, data: dict) -> Position:
    """Read a corpus line (18xx.games conventions) of ``ruleset``'s title. The top-level
    keys its title reads as company state (``TitleInfo.corpus_state``) go into
    ``title_state``."""
    title = ruleset.title
    phase, company = phase_and_company(title, data)
    entries = list_field(data, "board", required=True)
    laid: dict = {}
    seen: set = set()
    known = known_holders(ruleset)
    placements = checked_placements(title)
    i = read_laid(placements, entries, 0, seen, laid, known)
    while i < len(entries):   # an entry of another shape, or a placement not seen before
        placed = _board_entry(title, entries[i], f"board[{i}]", seen, known)
        laid[placed.id] = placed
        i = read_laid(placements, entries, i + 1, seen, laid, known)
    board = printed_board(title, laid)
    title_state = object_field(data, "title_state")
    for key in ruleset.info.corpus_state:
        if key in data:
            title_state.setdefault(key, data[key])
    return make_position(ruleset, phase, company, data, board,
                         turn_from_moves(data, title.hexes,
                                         tuple(s for s, _ in ruleset.info.private_steps)),
                         title_state)


def _board_entry(title: Title, h, where: str, seen: set, known: Holders) -> PlacedHex:
    """The hex a ``board`` entry lays, read field by field."""
    hex_id = once(seen, hex_field(title, need(h, "hex", where), f"{where}.hex"),
                  f"{where}.hex")
    placed = place_tile(title, hex_id, need(h, "tile", where), h.get("rotation", 0),
                        f"{where} ({hex_id})")
    placed.markers = tuple(name_list(h.get("assignments", []), f"{where}.assignments",
                                     "marker"))
    if "icons" in h:   # board state: the line's, not the tile's
        placed.icons = tuple(name_list(h["icons"], f"{where}.icons", "icon"))
    tokens = h.get("tokens", [])
    if not isinstance(tokens, list):
        raise InputError(f"{where}.tokens", f"expected a list, got {tokens!r}")
    for j, entry in enumerate(tokens):
        fill_city(placed, entry, f"{where}.tokens[{j}]", known)
    return placed
