"""Sides a laid tile links (``trainrun.board.linking``): the engine links no hex to a blue,
gray or red neighbour whose track does not point back (``Game::Base#connect_hexes``), and a
tile laid on such a hex links the sides its track reaches, both ways
(``Step::Tracker#lay_tile``). 1888's Dalian (E17) and Yantai (F16) are blue and not linked
at set-up; the Yanda ferry's L40a and L40b, laid at 128097#250-251, link them, and the
declared run of 128097#266 (engine total $230) runs F16–E17 across them."""
import dataclasses
import json
from pathlib import Path

from trainrun import read_position, solve
from trainrun.board.linking import linked_title

CORPUS = Path(__file__).parent / "data" / "corpus" / "1888" / "128097.jsonl"


def _line(action: int) -> dict:
    return next(d for d in map(json.loads, CORPUS.read_text().splitlines())
                if d["action"] == action)


def test_the_printed_map_does_not_link_dalian_and_yantai():
    position = read_position(_line(256))      # the ferry tiles laid
    base = position.ruleset.title
    assert 0 not in base.hexes["E17"].neighbors and base.hexes["E17"].unlinked[0] == "F16"
    assert 3 not in base.hexes["F16"].neighbors and base.hexes["F16"].unlinked[3] == "E17"
    assert position.title.hexes["E17"].neighbors[0] == "F16"
    assert position.title.hexes["F16"].neighbors[3] == "E17"


def test_one_ferry_tile_links_its_side_both_ways_and_none_links_nothing():
    position = read_position(_line(256))
    base = position.ruleset.title
    board = dict(position.board)
    board["F16"] = dataclasses.replace(board["F16"], tile=base.hexes["F16"].printed)
    one = linked_title(base, board)
    assert one.hexes["E17"].neighbors[0] == "F16" and one.hexes["F16"].neighbors[3] == "E17"
    board["E17"] = dataclasses.replace(board["E17"], tile=base.hexes["E17"].printed)
    assert linked_title(position.title, board) is base


def test_the_run_across_the_ferry_is_found():
    line = _line(266)
    run = solve(read_position(line), time_limit=30)
    assert run.status == "optimal" and run.total == line["declared"]["total"] == 230
    assert any({"E17-0", "F16-0"} <= set(r.visited) for r in run.routes)
