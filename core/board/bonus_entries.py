"""The shape of a title's ``bonuses.json`` entries, checked when the title is loaded; what
each family earns is ``trainrun.routes.families`` (docs/rules/common.md §9)."""
from __future__ import annotations

from trainrun.errors import InputError

FAMILIES = ("pair", "all_of", "best_route", "stop_bonus", "hex_bonus", "port", "hex_once",
            "end_distance")
TRACKS = ("broad", "narrow", "dual")   # a path's track kind (``hex_bonus``'s ``track``)
PORT_PAYS = ("half", "per_token")
SELECTORS = frozenset({"group", "label", "icon", "hexes"})   # a pair's set of stops


def check_entry(entry, where: str) -> None:
    """Refuse a ``bonuses.json`` entry of no known family or without its fields, naming
    it (when the title is loaded)."""
    if not isinstance(entry, dict) or entry.get("family") not in FAMILIES:
        raise InputError(where, f"expected a bonus of family {', '.join(FAMILIES)}, "
                                f"got {entry!r}")
    family = entry["family"]
    need = {"pair": ("name", "first", "second"), "best_route": ("name", "per_visited_stop"),
            "all_of": ("name",), "stop_bonus": ("name",), "port": ("name", "pays"),
            "hex_once": ("name",), "hex_bonus": ("name", "hexes", "amount"),
            "end_distance": ("name", "per_hex")}[family]
    missing = [k for k in need if k not in entry]
    if family == "port" and not {"group", "hexes"} & set(entry):
        missing.append("group or hexes")
    if family == "all_of" and not {"ability", "hexes", "assignment", "icon"} & set(entry):
        missing.append("ability, hexes, assignment or icon")
    if family == "stop_bonus" and not ({"ability", "hexes", "assignment", "icon", "tokened"}
                                       & set(entry)):
        missing.append("ability, hexes, assignment, icon or tokened")
    if family == "stop_bonus" and entry.get("tokened") and not entry.get("doubles"):
        missing.append("doubles (a stop on a tokened hex pays its value again)")
    if family == "stop_bonus" and entry.get("hex_assignment"):
        missing += [k for k in ("assignment", "holds") if k not in entry]
    if missing:
        raise InputError(where, f"a {family} bonus needs {', '.join(missing)}")
    if family == "pair":
        for side in ("first", "second"):
            select = entry[side]
            if not isinstance(select, dict) or not SELECTORS & set(select):
                raise InputError(f"{where}.{side}", f"expected a selection by "
                                                    f"{', '.join(sorted(SELECTORS))}, "
                                                    f"got {select!r}")
        need = entry.get("min_second", 1)
        if isinstance(need, bool) or not isinstance(need, int) or need < 1:
            raise InputError(f"{where}.min_second", f"expected a whole number of at least 1, "
                                                    f"got {need!r}")
    if family == "hex_bonus" and entry.get("track", TRACKS[0]) not in TRACKS:
        raise InputError(f"{where}.track", f"expected one of {', '.join(TRACKS)}, "
                                           f"got {entry['track']!r}")
    if family == "end_distance" and (isinstance(entry["per_hex"], bool)
                                     or not isinstance(entry["per_hex"], int)
                                     or entry["per_hex"] < 0):
        raise InputError(f"{where}.per_hex", f"expected a whole number of at least 0, "
                                             f"got {entry['per_hex']!r}")
    if family == "port" and entry["pays"] not in PORT_PAYS:
        raise InputError(f"{where}.pays", f"expected one of {', '.join(PORT_PAYS)}, "
                                          f"got {entry['pays']!r}")
