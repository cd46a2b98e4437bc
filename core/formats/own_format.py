"""trainrun's own position format (``position.schema.json``): reading it, writing a
position in it, and printing it one tile, token or train per line.

It lists the laid tiles, the tokens, the hex markers and the icons that differ from their
tiles'; every other hex shows its printed tile.
"""
from __future__ import annotations

import json
from typing import TYPE_CHECKING

from trainrun.board.board_input import (
    city_tokens,
    hex_field,
    known_holders,
    list_field,
    make_position,
    name_field,
    name_list,
    need,
    object_field,
    once,
    phase_and_company,
    place_tile,
    printed_board,
)
from trainrun.board.position import CityTokens, Position
from trainrun.board.turnstate import turn_from_own, turn_to_own
from trainrun.errors import InputError

if TYPE_CHECKING:
    from trainrun.registry import Ruleset


OWN_FIELDS = {
    "": {"title", "phase", "company", "trains", "tiles", "tokens", "markers", "icons",
         "title_state",
         "options", "fixture", "action", "cash", "turn", "tokens_left", "abilities",
         "privates", "company_assignments", "declared", "round",
         "president"},
    "trains": {"id", "name"},
    "tiles": {"hex", "tile", "rotation"},
    "tokens": {"hex", "city", "company", "extra"},
    "markers": {"hex", "marker"},
}


def _known_fields(data: dict) -> None:
    """Own format: a misspelt field is an error, not silently ignored."""
    def check(obj, allowed, where):
        if isinstance(obj, dict):
            for key in obj:
                if key not in allowed:
                    raise InputError(f"{where}{key}" if not where else f"{where}.{key}",
                                     f"unknown field (expected one of "
                                     f"{', '.join(sorted(allowed))})")
    check(data, OWN_FIELDS[""], "")
    for section in ("trains", "tiles", "tokens", "markers"):
        if isinstance(data.get(section), list):
            for i, entry in enumerate(data[section]):
                check(entry, OWN_FIELDS[section], f"{section}[{i}]")


def position_from_own(ruleset: Ruleset, data: dict) -> Position:
    """Read trainrun's own position format (see position.schema.json) of ``ruleset``'s
    title."""
    title = ruleset.title
    _known_fields(data)
    phase, company = phase_and_company(title, data)
    board = printed_board(title)
    laid: set = set()
    for i, t in enumerate(list_field(data, "tiles")):
        where = f"tiles[{i}]"
        hex_id = once(laid, hex_field(title, need(t, "hex", where), f"{where}.hex"),
                      f"{where}.hex")
        placed = place_tile(title, hex_id, need(t, "tile", where), t.get("rotation", 0),
                             f"{where} ({hex_id})")
        for index, city in board[hex_id].tokens.items():  # reservations stay with the hex
            node = next((n for n in placed.tile.nodes if n.index == index), None)
            if node is not None and node.kind == "city":
                placed.tokens[index] = CityTokens([None] * node.slots, reserved=city.reserved)
        board[hex_id] = placed
    known = known_holders(ruleset)
    for i, tok in enumerate(list_field(data, "tokens")):
        where = f"tokens[{i}]"
        hex_id = hex_field(title, need(tok, "hex", where), f"{where}.hex")
        holder = known.check(need(tok, "company", where), f"{where}.company")
        index = tok.get("city", 0)
        city = city_tokens(board[hex_id], index, where)
        if holder in city.holders():
            raise InputError(where, f"{holder} already has a token in {hex_id}")
        if tok.get("extra") or None not in city.slots:
            if not tok.get("extra"):
                raise InputError(where, f"city {index} of {hex_id} has no free slot")
            city.extra.append(holder)
        else:
            city.slots[city.slots.index(None)] = holder
            if holder in city.reserved:
                city.reserved.remove(holder)
    for i, m in enumerate(list_field(data, "markers")):
        where = f"markers[{i}]"
        hex_id = hex_field(title, need(m, "hex", where), f"{where}.hex")
        marker = name_field(need(m, "marker", where), f"{where}.marker", "marker")
        board[hex_id].markers += (marker,)
    icons = object_field(data, "icons")
    for hex_id, names in icons.items():
        where = f"icons.{hex_id}"
        board[hex_field(title, hex_id, where)].icons = tuple(name_list(names, where, "icon"))
    return make_position(ruleset, phase, company, data, board, turn_from_own(data, title.hexes))


def _printed_holders(mh) -> dict:
    """Holders of the tokens printed on a map hex, by city index."""
    return {e.get("city", 0): [s for s in e.get("slots", []) if s] + list(e.get("extra", []))
            for e in mh.printed_tokens}


def position_to_own(position: Position) -> dict:
    """Write ``position`` in trainrun's own format (laid tiles, tokens, markers only).

    Tokens printed on the map are left out while they lie there; a printed hex that lost
    one of them is written as its printed tile laid again, which clears its tokens, and
    then with all of its tokens. A tile the title made while preparing the board (neither
    printed nor in the catalogue: 18PA's ferry) is not written; reading makes it again."""
    title = position.title
    tiles, tokens, markers = [], [], []
    icons: dict[str, list] = {}
    for hex_id, placed in position.board.items():
        mh = title.hexes[hex_id]
        printed = {} if placed.tile is not mh.printed else _printed_holders(mh)
        kept = all(set(holders) <= set(placed.tokens[i].holders()) if i in placed.tokens
                   else not holders for i, holders in printed.items())
        made = (placed.tile is not mh.printed
                and title.tiles.get(placed.tile.name) is not placed.tile)
        if not made and (placed.tile is not mh.printed or placed.rotation != mh.printed_rotation
                         or not kept):
            rotation = placed.rotation
            if placed.tile is mh.printed:
                rotation = (rotation - mh.printed_rotation) % 6
            tiles.append({"hex": hex_id, "tile": placed.tile.name, "rotation": rotation})
            printed = {}
        for index, city in sorted(placed.tokens.items()):
            skip = list(printed.get(index, ()))
            for holder in city.slots:
                if holder and holder in skip:
                    skip.remove(holder)
                elif holder:
                    tokens.append({"hex": hex_id, "city": index, "company": holder})
            for holder in city.extra:
                if holder in skip:
                    skip.remove(holder)
                else:
                    tokens.append({"hex": hex_id, "city": index, "company": holder,
                                   "extra": True})
        markers += [{"hex": hex_id, "marker": m} for m in placed.markers]
        if placed.icons != placed.tile.icons:
            icons[hex_id] = list(placed.icons)
    out: dict[str, object]
    out = {"title": title.name, "phase": position.phase.name, "company": position.company,
           "trains": [{"id": t.id, "name": t.name} for t in position.trains],
           "tiles": tiles, "tokens": tokens}
    if markers:
        out["markers"] = markers
    if icons:
        out["icons"] = icons
    if position.title_state:
        out["title_state"] = position.title_state
    if position.options:
        out["options"] = position.options
    out.update(turn_to_own(position.turn))
    if position.tokens_left is not None:
        out["tokens_left"] = position.tokens_left
    if position.abilities:
        out["abilities"] = [dict(a) for a in position.abilities]
    if position.privates:
        out["privates"] = dict(position.privates)
    if position.company_assignments:
        out["company_assignments"] = list(position.company_assignments)
    return out


def dump_own(data: dict) -> str:
    """JSON text of an own-format position, one tile, token or train per line."""
    parts = []
    for key, value in data.items():
        if isinstance(value, list):
            items = ",\n    ".join(json.dumps(v) for v in value)
            parts.append(f'  "{key}": [\n    {items}\n  ]' if value else f'  "{key}": []')
        else:
            parts.append(f"  {json.dumps(key)}: {json.dumps(value)}")
    return "{\n" + ",\n".join(parts) + "\n}"

