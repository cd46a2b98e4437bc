"""Optional rules compiled from the engine (options.json ``tiles``, ``trains``, ``phases``: a
game set up with the rule alone, against the export's game), applied where a position's
``options`` name the rule. 1836Jr56's diesel variant plays D trains for the 8s and a phase D
(engine ``G1836Jr56::Game#game_trains``, ``game_phases``); 1888-N has two 51s and six 611s
(engine ``G1888::Map::NORTH_VARIANT_TILES``). The lines are recorded moments of games played
with the rule (tests/data/fixtures settings)."""
import json
from pathlib import Path

import pytest
from corpus_checks import corpus_lines

from trainrun import read_position
from trainrun.errors import InputError
from trainrun.turn.lays import tile_counts

DATA = Path(__file__).parent / "data"


def _diesel_line() -> dict:
    return next(d for d in corpus_lines("1836jr56") if d["phase"] == "D")


def test_the_diesel_variant_reads_its_d_trains_and_phase():
    line = _diesel_line()
    assert line["options"] == {"diesel_variant": True}
    position = read_position(line)
    assert position.phase.name == "D" and "D" in position.title.trains
    assert "8" not in position.title.trains
    assert position.title.trains["4"].rusts_on == "D"     # rusted by the D, not the 8


def test_without_the_rule_phase_d_is_unknown():
    line = {k: v for k, v in _diesel_line().items() if k != "options"}
    with pytest.raises(InputError, match="'D'"):
        read_position(line)


def test_1888_north_sets_its_tile_counts():
    moments = (DATA / "moves_compiled" / "1888" / "128097.jsonl").read_text().splitlines()
    line = json.loads(moments[0])
    plain = read_position(line)
    north = read_position({**line, "options": {"north": True}})
    assert (tile_counts(plain)["51"], tile_counts(north)["51"]) == (1, 2)
    assert (tile_counts(plain)["611"], tile_counts(north)["611"]) == (5, 6)
    assert tile_counts(plain)["8"] == tile_counts(north)["8"]   # a count the rule keeps
