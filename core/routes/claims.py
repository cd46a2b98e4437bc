"""``--claim``: which company bonuses a run must earn, named by a player."""
from __future__ import annotations

from trainrun.board.position import node_hex
from trainrun.errors import InputError


def claimed_bonuses(bonuses: list, claim) -> tuple:
    """Indices of the company bonuses named in ``claim`` (a bonus name, or a hex or node id
    it lists)."""
    out = []
    for name in claim:
        hits = [k for k, b in enumerate(bonuses) if b.name == name
                or b.name.endswith(f" {name}") or name in b.hexes
                or name in b.stops or any(node_hex(s) == name for s in b.stops)]
        if not hits:
            known = ", ".join(b.name for b in bonuses) or "none"
            raise InputError("claim", f"no company bonus {name!r} to earn here (bonuses: "
                                      f"{known})")
        out += hits[:1]
    return tuple(out)
