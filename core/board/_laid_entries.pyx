# cython: language_level=3
"""Reading a corpus line's board entries of the common shape without the field-by-field
checks of ``trainrun.board.board_input``: a hex, a tile and a rotation checked before (the
title's ``checked_placements``), lists of names and of known holders. An entry of another
shape, or one that fails any check, is left to be read field by field, which names what is
wrong.
"""
from trainrun.board.position import CityTokens, PlacedHex

cdef object _ABSENT = object()


def read_laid(dict placements, object entries, Py_ssize_t start, set seen, dict laid,
              object known):
    """Read ``entries[start:]`` into ``laid`` (hex id -> PlacedHex; ``seen``: the hexes
    read) while each has the common shape (names, lists of names, a placement of
    ``placements``) and passes every check ``place_tile``, ``once``, ``name_list`` and
    ``fill_city`` make (``known``: the ``Holders`` of the title); the index of the first
    entry not read (``len(entries)`` when all are)."""
    cdef Py_ssize_t i
    cdef object entry, placed
    if type(entries) is not list:
        return start
    for i in range(start, len(<list>entries)):
        entry = (<list>entries)[i]
        if type(entry) is not dict:
            return i
        placed = _laid_hex(placements, <dict>entry, seen, known)
        if placed is None:
            return i
        laid[(<dict>entry)["hex"]] = placed
    return len(<list>entries)


cdef object _laid_hex(dict placements, dict entry, set seen, object known):
    cdef object hex_id = entry.get("hex")
    cdef object tile_name = entry.get("tile")
    cdef object rotation = entry.get("rotation", 0)
    if type(hex_id) is not str or type(tile_name) is not str or type(rotation) is not int:
        return None
    placement = placements.get((hex_id, tile_name, rotation))
    if placement is None or hex_id in seen:
        return None
    tile = placement.tile
    if len(entry) == 3 and "rotation" in entry:   # hex, tile and rotation alone
        seen.add(hex_id)
        return PlacedHex(hex_id, tile, placement.rotation, {}, (), tile.icons)
    markers = _names(entry.get("assignments", _ABSENT), ())
    icons = _names(entry.get("icons", _ABSENT), tile.icons)
    entries = entry.get("tokens", _ABSENT)
    tokens = {} if entries is _ABSENT else _tokens(entries, placement.cities, known)
    if markers is None or icons is None or tokens is None:
        return None
    seen.add(hex_id)
    return PlacedHex(hex_id, tile, placement.rotation, tokens, markers, icons)


cdef object _names(object value, tuple absent):
    """``value``, a list of names, as a tuple (``absent`` where not given); None where it
    is anything else."""
    if value is _ABSENT:
        return absent
    if type(value) is not list:
        return None
    for v in <list>value:
        if type(v) is not str:
            return None
    return tuple(<list>value)


cdef object _tokens(object entries, dict cities, object known):
    """The tokens of a hex's ``tokens`` entries (city, slots, extra, reserved), each a city
    of the tile (``cities``: index -> slots) and held by whom ``known`` allows; None where
    any is not so."""
    cdef dict tokens = {}
    cdef Py_ssize_t size
    if type(entries) is not list:
        return None
    for entry in <list>entries:
        if type(entry) is not dict:
            return None
        index = (<dict>entry).get("city", 0)
        if type(index) is not int or index not in cities:
            return None
        slots = _symbols((<dict>entry).get("slots", _ABSENT), known.tokens)
        extra = _symbols((<dict>entry).get("extra", _ABSENT), known.tokens)
        reserved = _symbols((<dict>entry).get("reserved", _ABSENT), known.reserved)
        if slots is None or extra is None or reserved is None:
            return None
        size = cities[index]
        if len(slots) > max(size, 1):
            return None
        tokens[index] = CityTokens(slots + [None] * (size - len(slots)), extra, reserved)
    return tokens


cdef object _symbols(object value, frozenset allowed):
    """``value`` (empty where not given), a list of ``allowed`` holders or None (an empty
    slot), as a new list; None where it is anything else."""
    if value is _ABSENT:
        return []
    if type(value) is not list:
        return None
    for v in <list>value:
        if v is not None and (type(v) is not str or v not in allowed):
            return None
    return list(<list>value)
