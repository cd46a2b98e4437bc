"""A city laid over a printed city keeps its ``groups`` tags (engine ``Hex#lay``:
``new_city.groups = old_city.groups``; docs/rules/common.md §3): 1846's Chicago D6 prints
four cities of group Chicago, and its green 298 names no group, yet a route may still
visit only one of them (the engine: "Cannot use group Chicago more than once", which it
raised on 9 of 222 recorded 1846 boards before trainrun followed the rule)."""
from test_paid_stops import ruleset_1846

from trainrun.formats.reading import position_of
from trainrun.routes.graph import build_graph


def _chicago():
    return position_of(ruleset_1846(), {
        "title": "1846", "phase": "II", "company": "NYC", "trains": [{"id": "4-0", "name": "4"}],
        "tiles": [{"hex": "D6", "tile": "298", "rotation": 0}],
        "tokens": [{"hex": "D6", "city": 0, "company": "NYC"}]})


def test_the_laid_cities_keep_the_printed_group():
    position = _chicago()
    tile = position.board["D6"].tile
    assert tile.name == "298" and all(n.groups == () for n in tile.nodes)
    assert [position.node_groups("D6", n) for n in tile.nodes] == [("Chicago",)] * 4


def test_the_track_graph_puts_them_in_one_exclusive_group():
    graph = build_graph(_chicago())
    masks = {graph.group_mask(i) for i, s in enumerate(graph.stop_ids) if s.startswith("D6-")}
    assert len(masks) == 1 and masks != {0}
