"""Positions against their JSON Schema, ``core/formats/position.schema.json``.

Validated: every file of ``examples/`` that is a position (picked by content: a JSON
object with a ``title`` key; runs and actions there are not positions), the hand-built
18PA positions of ``tests/data/18pa``, what ``trainrun convert`` writes for every
corpus line and position file (``position_to_own`` printed by ``dump_own``), what ``trainrun
import --runs`` writes for the replayed 18Chesapeake game files, and the routes
``solve`` returns for the example positions against ``$defs/route``.
"""
from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from trainrun import read_position, solve
from trainrun.formats.own_format import dump_own, position_to_own

sys.path.insert(0, str(Path(__file__).parent))
from corpus_checks import CORPUS, answered_lines, line_id

ROOT = Path(__file__).parent.parent
SCHEMA = json.loads((ROOT / "core" / "formats" / "position.schema.json").read_text())
POSITION = Draft202012Validator(SCHEMA)
ROUTE = Draft202012Validator({**SCHEMA["$defs"]["route"], "$defs": SCHEMA["$defs"]})


def _positions_in(folder: Path) -> list[Path]:
    out = []
    for f in sorted(folder.glob("*.json")):
        data = json.loads(f.read_text())
        if isinstance(data, dict) and "title" in data:
            out.append(f)
    return out


EXAMPLES = _positions_in(ROOT / "examples")
HAND_18PA = _positions_in(Path(__file__).parent / "data" / "18pa")
LINES = [line for title in sorted(p.name for p in CORPUS.iterdir() if p.is_dir())
         for line in answered_lines(title)]


def _errors(validator, data) -> list[str]:
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}"
            for e in validator.iter_errors(data)]


def test_the_schema_is_a_valid_schema_and_rejects_a_bad_position():
    Draft202012Validator.check_schema(SCHEMA)
    data = json.loads(EXAMPLES[0].read_text())
    data["tiles"] = [{"hex": "D6", "tile": "57", "rotation": 7}]
    assert _errors(POSITION, data) == ["tiles/0/rotation: 7 is greater than the maximum of 5"]


def test_every_position_file_is_found():
    # the example positions (one run_routes action besides them) and the 18PA set
    assert len(EXAMPLES) >= 7 and len(HAND_18PA) == 22 and len(LINES) >= 400


@pytest.mark.parametrize("path", EXAMPLES + HAND_18PA, ids=lambda p: p.name)
def test_position_file_matches_the_schema(path):
    assert _errors(POSITION, json.loads(path.read_text())) == []


@pytest.mark.parametrize("data", LINES + [json.loads(p.read_text()) for p in EXAMPLES + HAND_18PA],
                         ids=lambda d: line_id(d) if "board" in d else f"{d['title']}-own")
def test_converted_position_matches_the_schema(data):
    written = json.loads(dump_own(position_to_own(read_position(data))))
    assert _errors(POSITION, written) == []


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_solved_routes_match_the_route_schema(path):
    run = solve(read_position(path.read_text()), time_limit=10)
    assert run.routes
    for route in run.routes:
        assert _errors(ROUTE, dataclasses.asdict(route)) == []


@pytest.mark.parametrize("game", sorted((Path(__file__).parent / "data" / "fixtures" /
                                         "18Chesapeake").glob("*.json")), ids=lambda p: p.stem)
def test_imported_positions_match_the_schema(game):
    # what `trainrun import --runs` writes for every run of a replayed game file
    from trainrun.errors import InputError
    from trainrun.replay.gamelog import own_record, read_game, run_positions
    records = []
    try:
        for position in run_positions(read_game(game.read_text(), game.name)):
            records.append(own_record(position))
    except InputError:   # a replay stopping at an action it cannot follow ends the list
        pass
    assert records
    assert {r["action"]: _errors(POSITION, r) for r in records
            if _errors(POSITION, r)} == {}


def test_icons_are_board_state_kept_by_the_own_format():
    """18GA 18GA_game_end_bankrupt#175: the W&SR private's icon stays on Waycross I9 after
    its tile is laid (engine Hex#lay keeps sticky icons), so the corpus line's icons, not
    the tile's, are the board's; the own format writes them where they differ and reads
    them back."""
    import json
    from pathlib import Path

    from trainrun import read_position
    from trainrun.formats.own_format import position_to_own
    path = Path(__file__).parent / "data" / "corpus" / "18GA" / "18GA_game_end_bankrupt.jsonl"
    line = next(d for d in map(json.loads, path.read_text().splitlines()) if d["action"] == 175)
    position = read_position(line)
    assert position.board["I9"].icons == ("wsr",) and position.board["I9"].tile.icons == ()
    own = position_to_own(position)
    assert own["icons"] == {"I9": ["wsr"]}
    again = read_position(own)
    assert {h: p.icons for h, p in again.board.items()} == \
        {h: p.icons for h, p in position.board.items()}
