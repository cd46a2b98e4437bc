"""Homes reserved on a hex rather than on one of its cities: a company whose home is a hex
of more than one city, with no city named (companies.json ``home`` without ``city``),
holds a reservation of the whole hex until its home token lies there (engine
``Tile#add_reservation!``, a reservation of the tile; placing the home token removes it).
Another company's token there is refused (engine ``Tile#token_blocked_by_reservation?``,
as the title's ``TILE_RESERVATION_BLOCKS_OTHERS``, map.json ``tile_reservation_blocks``):

* ``never`` (the engine's default): while the hex's reservations of other companies are
  as many as its free slots not reserved for a company (1882's QLL on J10);
* ``always``: while any other company's reservation stands (1830's ERIE on E11);
* ``single_slot_cities``: as ``always`` where a city of the hex has one slot, else as
  ``never``.
"""
from __future__ import annotations

from trainrun.board.position import CityTokens, Position
from trainrun.board.title import Title

_held: dict[int, dict[str, tuple[str, ...]]] = {}   # id(title) -> hex -> companies


def hex_homes(title: Title) -> dict[str, tuple[str, ...]]:
    """Hex -> the companies whose home reserves it whole (the module's rule)."""
    if id(title) not in _held:
        found: dict[str, list[str]] = {}
        for sym, entry in title.companies.items():
            home = entry.get("home")
            if not isinstance(home, str) or "city" in entry or entry.get("removed_at_setup"):
                continue
            mh = title.hexes.get(home)
            if mh is not None and sum(n.kind == "city" for n in mh.printed.nodes) > 1:
                found.setdefault(home, []).append(sym)
        _held[id(title)] = {h: tuple(c) for h, c in found.items()}
    return _held[id(title)]


def _available(tokens: CityTokens) -> int:
    """Free slots no reservation of the city holds (engine ``City#available_slots``)."""
    reserved = sum(1 for r in tokens.reserved if r)
    return max(0, sum(1 for s in tokens.slots if s is None) - reserved)


def hex_reservation_refusal(position: Position, hex_id: str, cities: list[CityTokens],
                            company: str) -> str | None:
    """Why ``company`` may not token ``hex_id`` (its cities' tokens ``cities``) for the
    reservations of the hex standing (the module's rule), or None."""
    holders = {h for c in cities for h in c.holders()}
    waiting = [c for c in hex_homes(position.title).get(hex_id, ()) if c not in holders]
    if not waiting or company in waiting:
        return None
    others = [c for c in waiting if c != company]
    blocks = position.title.tile_reservation_blocks
    if blocks == "always" or (blocks == "single_slot_cities"
                              and any(len(c.slots) == 1 for c in cities)):
        return f"{hex_id} is reserved for {', '.join(others)}'s home"
    if len(others) >= sum(_available(c) for c in cities):
        return f"{hex_id}'s free slots are reserved for {', '.join(others)}'s home"
    return None
