"""The lay moments of ``tests/data/moves`` and the two sets the lay tests compare: the
18xx.games engine's legal lays and ``trainrun.lays.legal_lays``, each as
(hex, tile, rotation, cost)."""
import json
from pathlib import Path

from trainrun import read_position
from trainrun.lays import legal_lays

from fixture_privates import with_privates

MOVES = Path(__file__).parent / "data" / "moves"


def lay_lines(step: str) -> dict[str, dict]:
    """Every ``lay_tile`` line of ``step`` (``Track``, ``SpecialTrack``) by ``title/game#action``."""
    return {f"{path.parent.name}/{path.stem}#{d['action']}": d
            for path in sorted(MOVES.glob("*/*.jsonl"))
            for d in map(json.loads, path.read_text().splitlines())
            if d["kind"] == "lay_tile" and d["step"] == step}


def read_moment(line: dict):
    """The moves line as a position, with the private companies' holders from its game log
    (``fixture_privates``)."""
    return read_position(with_privates(line))


def engine_lays(line: dict) -> set:
    return {(m["hex"], m["tile"], m["rotation"], m["cost"]) for m in line["legal"]}


def our_lays(position) -> set:
    return {(m.hex, m.tile, m.rotation, m.cost) for m in legal_lays(position)}
