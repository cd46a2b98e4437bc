"""Property tests for 1817: ``solve`` against the hook-driven brute force.

Random small boards of the 1817 map (random catalogue tiles at legal rotations around a
random hex, New York keeping one of its own tiles), with coal mines and ranches on
random laid track without a stop, bridges on the river cities when they are on the
board, the operating company's token and other companies' tokens, 1-3 trains from
2, 2+, 3, 4, 7 and 8, a random phase and Modern Trains on or off. The brute force
(``tests/bruteforce.py`` with ``hooks=True``) scores every route under the plugin's
hooks (per-hex mine bonuses, per-stop bridge and token bonuses, New York's cities as
an exclusive set); the solver's total must equal it and be proven, and every route it
returns must pass the independent checker with the same revenue.
"""
from __future__ import annotations

import sys
from functools import lru_cache
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trainrun import read_position, solve
from trainrun.hexgrid import opposite
from trainrun.legality import check_route, check_run
from trainrun.plugins import load_title

sys.path.insert(0, str(Path(__file__).parent))
import bruteforce  # noqa: E402

COMPANY = "A&S"
OTHERS = ["GT", "NYOW", "PLE", "Bess"]
TRAIN_NAMES = ["2", "2+", "3", "4", "7", "8"]
BRIDGE_CITIES = {"G6", "H3", "H9"}
NY_TILES = ("54", "62", "X30")


@lru_cache(maxsize=None)
def _title():
    return load_title("1817").title


def _layable() -> list[str]:
    title = _title()
    return sorted(h for h, mh in title.hexes.items() if mh.printed.color in ("white", "yellow"))


def _region(centre: str, size: int) -> list[str]:
    """The first ``size`` layable hexes of a breadth-first walk from ``centre``."""
    title, layable = _title(), set(_layable())
    seen, queue, out = {centre}, [centre], []
    while queue and len(out) < size:
        h = queue.pop(0)
        if h in layable:
            out.append(h)
        for e in sorted(title.hexes[h].neighbors):
            n = title.hexes[h].neighbors[e]
            if n not in seen:
                seen.add(n)
                queue.append(n)
    return out


@lru_cache(maxsize=None)
def _placements(hex_id: str) -> list[tuple[str, int, frozenset]]:
    """Every (tile, rotation, board edges) a catalogue tile may lie at in ``hex_id``."""
    title = _title()
    mh = title.hexes[hex_id]
    names = NY_TILES if hex_id == "E22" else sorted(n for n in title.tiles if n not in NY_TILES)
    out = []
    for name in names:
        tile = title.tiles[name]
        for r in range(6):
            edges = tile.edges_at(r)
            if all(e in mh.neighbors for e in edges):
                out.append((name, r, frozenset(edges)))
    return out


@st.composite
def positions(draw, max_region: int = 7):
    """An own-format 1817 position of a small random board, with markers and options."""
    title = _title()
    centre = draw(st.sampled_from(sorted(set(_layable()) & {
        "G12", "H9", "H11", "G14", "F15", "I8", "G6", "H3", "E20", "D21", "C22", "F13"})))
    region = _region(centre, draw(st.integers(2, max_region)))
    tiles, laid = [], {}

    def track_edges(h):
        if h in laid:
            return laid[h]
        mh = title.hexes[h]
        return mh.printed.edges_at(mh.printed_rotation)

    for h in region:
        if draw(st.integers(0, 7)) == 0:
            continue
        wanted = {e for e, n in title.hexes[h].neighbors.items() if opposite(e) in track_edges(n)}
        choices = _placements(h)
        if not choices:
            continue
        joining = [c for c in choices if c[2] & wanted]
        if joining and draw(st.integers(0, 4)) > 0:
            choices = joining
        name, rot, edges = draw(st.sampled_from(choices))
        tiles.append({"hex": h, "tile": name, "rotation": rot})
        laid[h] = edges
    markers = []
    for t in tiles:
        tile = title.tiles[t["tile"]]
        if tile.paths and not any(n.is_stop for n in tile.nodes) and draw(st.integers(0, 2)) == 0:
            markers.append({"hex": t["hex"], "marker": draw(st.sampled_from(["mine", "mine",
                                                                              "ranch"]))})
    near = set(region) | {n for h in region for n in title.hexes[h].neighbors.values()}
    for h in sorted(near & BRIDGE_CITIES):
        if draw(st.booleans()):
            markers.append({"hex": h, "marker": "bridge"})
    cities = []
    for h in sorted(near):
        tile = title.tiles[next(t["tile"] for t in tiles if t["hex"] == h)] if h in laid \
            else title.hexes[h].printed
        cities += [(h, n.index, n.slots) for n in tile.nodes
                   if n.kind == "city" and n.slots > 0 and tile.paths]
    tokens = []
    if cities:
        home = draw(st.sampled_from(cities))
        for h, i, slots in cities:
            own = (h, i) == home[:2] or draw(st.integers(0, 6)) == 0
            if own:
                tokens.append({"hex": h, "city": i, "company": COMPANY})
            n_others = draw(st.integers(0, slots - own))
            holders = draw(st.lists(st.sampled_from(OTHERS), min_size=n_others,
                                    max_size=n_others, unique=True))
            tokens += [{"hex": h, "city": i, "company": c} for c in holders]
    trains = draw(st.lists(st.sampled_from(TRAIN_NAMES), min_size=1, max_size=3))
    return {
        "title": "1817",
        "phase": draw(st.sampled_from(sorted(title.phases))),
        "company": COMPANY,
        "trains": [{"id": f"t{k}", "name": n} for k, n in enumerate(trains)],
        "tiles": tiles,
        "tokens": tokens,
        "markers": markers,
        "options": {"modern_trains": draw(st.booleans())},
    }


def _check(data: dict) -> None:
    position = read_position(data)
    run = solve(position)
    expected, picks = bruteforce.best_run(position, hooks=True)
    assert run.status == "optimal", (data, run.status)
    assert run.total == expected, (data, run.total, expected, picks,
                                   [(r.train, r.visited, r.revenue) for r in run.routes])
    for r in run.routes:
        rc = check_route(position, r.train, r.visited, r.chains)
        assert rc.violations == [] and rc.revenue == r.revenue, (data, r.visited, rc)
    checked = check_run(position, [(r.train, r.visited, r.chains) for r in run.routes])
    assert checked.violations == [] and checked.total == run.total


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_solver_matches_brute_force_under_1817_rules(data):
    _check(data)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(max_region=11))
def test_solver_matches_brute_force_under_1817_rules_larger_regions(data):
    _check(data)
