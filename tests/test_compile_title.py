"""A compiled title: ``tools/import_title.py`` converts an engine export, ``tools/compile_title.py``
writes its plugin stub, and trainrun loads and solves the result.

``tests/data/titles/small_export.json`` is ``tools/engine_export.rb``'s export of 1889 cut
down to six hexes around Tokushima, four catalogue tiles, the 2 and 3 trains, phases 2 and 3,
the Awa Railroad (AR) and the Takamatsu E-Railroad private (``tests/data/README.md``). The
board solved below, phase 2 (yellow values), AR's token in Tokushima K8:

    L7 Naruto & Awaji (off-board, yellow 20) -- K8 Tokushima (#5 at rotation 3, city 20)
       -- K6 (#9 at rotation 0, straight) -- K4 Takamatsu (printed yellow city, 30)

#5 turns K8's track onto board edges 3 (K6) and 4 (L7); #9 joins K6's edges 0 (K8) and 3
(K4). Takamatsu's other exits lead to hexes with no track, so the track is two segments,
K8-L7 and K8-K6-K4, and K8 is the only company station.
"""
from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

from trainrun import solve
from trainrun.board.title import Title
from trainrun.formats.reading import position_of
from trainrun.registry import Ruleset, title_manager

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import compile_title  # noqa: E402
import import_title  # noqa: E402

EXPORT = ROOT / "tests" / "data" / "titles" / "small_export.json"
TILES = [{"hex": "K8", "tile": "5", "rotation": 3}, {"hex": "K6", "tile": "9", "rotation": 0}]
HOME = [{"hex": "K8", "city": 0, "company": "AR"}]


@pytest.fixture(scope="module")
def export() -> dict:
    return json.loads(EXPORT.read_text())


@pytest.fixture(scope="module")
def compiled(export, tmp_path_factory) -> Path:
    """The small title as ``compile_title`` writes it: ``data/`` and the stub module."""
    plugin = tmp_path_factory.mktemp("plugins") / "gsmall"
    import_title.write(import_title.convert(export), plugin / "data")
    (plugin / "__init__.py").write_text(compile_title.stub(export))
    return plugin


@pytest.fixture(scope="module")
def ruleset(compiled) -> Ruleset:
    """A Ruleset built by hand from the stub (the registry does not look in a temp dir)."""
    spec = importlib.util.spec_from_file_location("gsmall", compiled / "__init__.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    hook = title_manager(module).hook
    info = hook.trainrun_title()
    return Ruleset(info, Title.load(info.data), hook)


def position(ruleset, trains, phase="2"):
    return position_of(ruleset, {"title": ruleset.info.name, "phase": phase, "company": "AR",
                                 "trains": [{"id": f"{t}-{i}", "name": t}
                                            for i, t in enumerate(trains)],
                                 "tiles": TILES, "tokens": HOME})


def test_the_data_files_written(compiled):
    assert sorted(p.name for p in (compiled / "data").iterdir()) == [
        "companies.json", "map.json", "options.json", "phases.json", "privates.json",
        "tiles.json", "trains.json"]


def test_the_compiled_title_loads(ruleset):
    title = ruleset.title
    assert ruleset.info.name == "1889 (cut down)"
    assert sorted(title.hexes) == ["J5", "J7", "K4", "K6", "K8", "L7"]
    # printed tiles are named after their hex; the catalogue keeps the engine's names
    assert title.hexes["K4"].printed.name == "K4"
    assert title.hexes["K4"].printed.labels == ("T",)
    assert sorted(title.tiles) == ["5", "57", "6", "9"]
    assert title.tiles["9"].count == 5
    assert title.trains["2"].rusts_on == "4"
    assert title.hexes["K8"].printed_tokens[0]["reserved"] == ["AR"]
    assert title.privates["TR"]["abilities"] == [
        {"type": "blocks_hexes", "owner_type": "player", "hexes": ["K4"]}]


def test_two_trains_share_the_home_city_but_not_its_track(ruleset):
    # 2-train K8-K4 (20 + 30) and 3-train K8-L7 (20 + 20), or the other way round: $90.
    # Each route needs K8, the company station; every stop counts towards the distance and
    # pays its yellow value in phase 2; the two routes may both stop at K8 but not use one
    # track twice; the 3-train alone on L7-K8-K6-K4 would earn 70 and leave the 2-train
    # nothing, and the best run is the most the trains earn together
    # (docs/rules/common.md §3.2, §4.1, §5.1, §3.7, §7.2).
    run = solve(position(ruleset, ["2", "3"]))
    assert run.status == "optimal"
    assert run.total == 90
    assert sorted(sorted(r.visited) for r in run.routes) == [["K4-0", "K8-0"], ["K8-0", "L7-0"]]


def test_one_train_runs_the_whole_line(ruleset):
    # the 3-train alone: L7 20 + K8 20 + K4 30 = 70 (docs/rules/common.md §4.1, §5.1)
    run = solve(position(ruleset, ["3"]))
    assert run.total == 70
    assert sorted(run.routes[0].visited) == ["K4-0", "K8-0", "L7-0"]


def test_a_hex_starting_with_a_catalogue_tile_keeps_its_name_and_rotation(export):
    # none of 1889's hexes does (18USA's Los Angeles G3 starts with its X05 at rotation 3),
    # so this one is made up: K6 as though the engine's map put a #9 there, turned once
    k6 = next(h for h in export["hexes"] if h["id"] == "K6")
    nine = next(t for t in export["tiles"] if t["name"] == "9")
    entry = import_title.convert_hex({**k6, "tile": {**nine, "rotation": 1}})
    assert entry["tile"] == "9" and entry["rotation"] == 1 and "printed_tile" not in entry


def test_check_names_a_hand_edit(export, tmp_path):
    files = import_title.convert(export)
    import_title.write(files, tmp_path)
    assert compile_title.compare(files, tmp_path) == []
    edited = json.loads((tmp_path / "map.json").read_text())
    for h in edited["hexes"]:
        if h["id"] == "K8":
            del h["tokens"]
    (tmp_path / "map.json").write_text(import_title.dumps(edited))
    (tmp_path / "options.json").unlink()
    lines = compile_title.compare(files, tmp_path)
    assert "map.json hexes[K8].tokens: added " + json.dumps(
        [{"city": 0, "slots": [None], "extra": [], "reserved": ["AR"]}]) in lines
    assert "options.json: new (1 entries), not in the plugin" in lines


@pytest.mark.parametrize("title, module", [
    ("18Chesapeake", "g18chesapeake"), ("18Chesapeake: Off the Rails", "g18chesapeakeofftherails"),
    ("18GA", "g18ga"), ("1830", "g1830")])
def test_module_name(title, module):
    assert compile_title.module_name(title) == module


@pytest.mark.parametrize("engine_rule,written", [
    ("permissive", "permissive"), ("restrictive", "restrictive"),
    ("semi_restrictive", None),   # the engine's default (base.rb) is left unwritten
])
def test_the_engines_track_restriction_reaches_the_lay_rules(export, engine_rule, written,
                                                             tmp_path):
    files = import_title.convert({**export, "track_restriction": engine_rule})
    assert files["map.json"].get("track_restriction") == written
    import_title.write(files, tmp_path)
    assert Title.load(tmp_path).track_restriction == engine_rule


@pytest.mark.parametrize("engine_lays,written", [
    # 1882's TILE_LAYS (engine g_1882/game.rb): two lays or one upgrade, the second $20
    ([{"lay": True, "upgrade": True}, {"lay": "not_if_upgraded", "upgrade": False, "cost": 20}],
     [{"lay": True, "upgrade": True}, {"lay": "not_if_upgraded", "upgrade": False, "cost": 20}]),
    ([{"lay": True, "upgrade": True, "cost": 0}], None),   # base.rb's one lay: unwritten
])
def test_the_engines_tile_lays_reach_the_title(export, engine_lays, written, tmp_path):
    files = import_title.convert({**export, "tile_lays": engine_lays})
    assert files["map.json"].get("tile_lays") == written
    import_title.write(files, tmp_path)
    lays = Title.load(tmp_path).tile_lays
    assert [(r.lay, r.upgrade, r.cost) for r in lays] == (
        [(True, True, 0), ("not_if_upgraded", False, 20)] if written else [])
