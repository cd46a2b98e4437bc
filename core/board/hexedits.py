"""A placed hex changed, as a copy: a board's hexes are shared by every position handed out
(and by a game-log replay's branches), so a hex is never changed in place; whoever changes
one lays the copy these give in its place."""
from __future__ import annotations

import dataclasses

from trainrun.board.position import CityTokens, PlacedHex
from trainrun.board.tiles import Tile
from trainrun.errors import InputError


def copy_hex(placed: PlacedHex, tokens: dict[int, CityTokens] | None = None) -> PlacedHex:
    """``placed`` with token lists of its own (``tokens``: those of another copy, copied in
    their place); the tile, the markers and the icons are shared."""
    tokens = placed.tokens if tokens is None else tokens
    return PlacedHex(placed.id, placed.tile, placed.rotation,
                     {i: CityTokens(list(c.slots), list(c.extra), list(c.reserved))
                      for i, c in tokens.items()}, placed.markers, placed.icons)


def with_markers(placed: PlacedHex, markers: tuple[str, ...]) -> PlacedHex:
    """``placed`` holding ``markers`` (and no others)."""
    return dataclasses.replace(copy_hex(placed), markers=tuple(markers))


def with_token_replaced(placed: PlacedHex, city: int, old: str, new: str | None) -> PlacedHex:
    """``placed`` with the token of ``old`` in city ``city`` become ``new``'s, in the same
    slot (None: the slot emptied, an extra token taken away)."""
    placed = copy_hex(placed)
    tokens = placed.tokens[city]
    if old in tokens.slots:
        tokens.slots[tokens.slots.index(old)] = new
    elif old in tokens.extra:
        tokens.extra.remove(old)
        if new is not None:
            tokens.extra.append(new)
    else:
        raise InputError("token", f"{old} has no token in city {city} of {placed.id}")
    return placed


def with_token_put(placed: PlacedHex, city: int, company: str) -> PlacedHex:
    """``placed`` with a token of ``company`` in the first empty slot of city ``city``, as
    the 18xx.games engine exchanges one in (a city with another company's reservation
    waiting is refused: which slot that reservation holds is not kept)."""
    placed = copy_hex(placed)
    slots = next((n.slots for n in placed.tile.nodes if n.index == city), 0)
    tokens = placed.tokens.setdefault(city, CityTokens([None] * slots))
    waiting = [r for r in tokens.reserved if r != company and r not in tokens.slots]
    if waiting or None not in tokens.slots:
        raise InputError("token", f"no slot for {company} in city {city} of {placed.id}"
                         + (f" (reserved for {', '.join(waiting)})" if waiting else ""))
    tokens.slots[tokens.slots.index(None)] = company
    return placed


def without_reservations(placed: PlacedHex, holder: str) -> PlacedHex:
    """``placed`` (itself if it holds none) without the reservations of ``holder``."""
    if not any(holder in c.reserved for c in placed.tokens.values()):
        return placed
    placed = copy_hex(placed)
    for c in placed.tokens.values():
        c.reserved[:] = [r for r in c.reserved if r != holder]
    return placed


def with_tokens_lifted(before: Tile, placed: PlacedHex) -> tuple[PlacedHex, list[str]]:
    """``placed`` (a tile just laid over ``before``) with its tokens lifted where the lay
    lifts them, and their holders in city order: track laid on a hex of several cities
    with none (an OO hex's printed tile) takes the tokens off, for the operator to place
    each again in the city it picks (engine step/tracker.rb ``update_token!``)."""
    if before.paths or not placed.tile.paths or sum(
            n.kind == "city" for n in placed.tile.nodes) < 2:
        return placed, []
    lifted = []
    for city, tokens in sorted(placed.tokens.items()):
        for holder in tokens.holders():
            placed = with_token_replaced(placed, city, holder, None)
            lifted.append(holder)
    return placed, lifted


def with_tile_taken_off(placed: PlacedHex, printed: Tile, rotation: int,
                        icons: tuple[str, ...]) -> PlacedHex:
    """``placed`` with its tile taken off, back to the ``printed`` one (at ``rotation``,
    with its ``icons``): each city's tokens and reservations go to the printed city of the
    same place among the cities (engine hex.rb ``lay_downgrade``, ``city_map_for``: by index
    onto a tile with no exits); its markers stay."""
    old = [n.index for n in placed.tile.nodes if n.kind == "city"]
    new = [n.index for n in printed.nodes if n.kind == "city"]
    moved = [i for i, index in enumerate(old) if index in placed.tokens]
    if any(i >= len(new) for i in moved):
        raise InputError("board", f"{placed.id}'s tokens have no city on its printed tile")
    tokens = {new[i]: placed.tokens[old[i]] for i in moved}
    return copy_hex(PlacedHex(placed.id, printed, rotation, tokens, placed.markers, icons))
