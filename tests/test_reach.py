"""What a company reaches (``trainrun.turn.walk.reach``), against the 18xx.games legal-move set."""
import json
from pathlib import Path

import pytest

from trainrun import read_position
from trainrun.turn.walk import reach

MOVES = Path(__file__).parent / "data" / "moves"
LAY_LINES = [(f"{path.parent.name}/{path.stem}#{d['action']}", d)
             for path in sorted(MOVES.glob("*/*.jsonl"))
             for d in map(json.loads, path.read_text().splitlines())
             if d["kind"] == "lay_tile" and d["step"] == "Track"]


def test_a_home_token_opens_its_hex_and_the_track_it_starts():
    # 18Chesapeake 1277#47: B&O's only token is in Baltimore (H6); its printed track leads to
    # G7, whose edge 4 faces H6. Every side of H6 is open, and on G7 the side facing H6;
    # the engine accepted lays on G7 only.
    data = next(d for name, d in LAY_LINES if name == "18Chesapeake/1277#47")
    r = reach(read_position(data))
    assert r.nodes == {("H6", 0)}
    assert r.sides["G7"] == {4}
    assert r.sides["H6"] == set(read_position(data).title.hexes["H6"].neighbors)
    assert {lay["hex"] for lay in data["legal"]} == {"G7"}


@pytest.mark.parametrize("name,data", LAY_LINES, ids=[n for n, _ in LAY_LINES])
def test_every_engine_lay_is_on_a_hex_the_company_reaches(name, data):
    sides = reach(read_position(data)).sides
    assert {lay["hex"] for lay in data["legal"]} <= set(sides)
