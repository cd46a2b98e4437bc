"""Property tests with 18PA scoring: ``solve`` against the brute force under the hooks.

Random small boards of the real 18PA map: around a company's home (PRR Harrisburg,
B&O Baltimore, B&A Boston, ERIE/CNJ Newark, NH New Haven, local #5 in New York next
to the ferry) or on its way to Scranton, a connected region of white hexes gets tiles
of the kind the hex takes (plain: #8, #9, #80-#83, so only a #9 in the ferry landing
H23; town: #4, #58, #141-#143) at rotations whose track stays on the map. Every x2
company's token lies in its destination; a random phase, 1-3 random trains (2, 3, 4,
5, 2R, 3D, 3(NYC)), random active destinations and mining rights, off-map
pass-through on or off. ``bruteforce.best_run(position, hooks=True)`` (exhaustive
search that scores through the title's hooks by itself) gives the best total;
``solve`` must prove the same, and ``trainrun.legality`` must accept its run at the
same total.
"""
from __future__ import annotations

import sys
from functools import lru_cache
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trainrun import read_position, solve
from trainrun.hexgrid import opposite
from trainrun.legality import check_run
from trainrun.plugins import load_title
from trainrun.plugins.g18pa import DESTINATIONS

sys.path.insert(0, str(Path(__file__).parent))
import bruteforce  # noqa: E402

# company -> hexes a region may grow from: its home, and for PRR and ERIE the way to
# Scranton G12 (mining rights)
CENTRES = {"PRR": ["I8", "H11", "I6"], "B&O": ["K10", "K6"], "B&A": ["D27", "D23"],
           "ERIE": ["H17", "G14"], "CNJ": ["H17"], "NH": ["G22", "F21"], "5": ["H21"]}
PLAIN = ["8", "9", "80", "81", "82", "83"]
TOWN = ["4", "58", "141", "142", "143"]
# track already laid when a region grows from there: Harrisburg or Newark to Scranton
SEEDS = {"H11": [("I10", "8", 1), ("H11", "9", 0)], "G14": [("G16", "8", 5), ("G14", "9", 1)]}
TRAINS = ["2", "3", "4", "5", "2R", "3D", "3(NYC)"]


@lru_cache(maxsize=None)
def _title():
    return load_title("18PA").title


def _white(hex_id: str) -> bool:
    return _title().hexes[hex_id].printed.color == "white"


def _region(centre: str, size: int) -> list[str]:
    """The first ``size`` white hexes a breadth-first walk from ``centre`` meets."""
    title = _title()
    seen, queue, out = {centre}, [centre], []
    while queue and len(out) < size:
        h = queue.pop(0)
        if _white(h):
            out.append(h)
        for n in title.hexes[h].neighbors.values():
            if n not in seen:
                seen.add(n)
                queue.append(n)
    return out


@lru_cache(maxsize=None)
def _placements(hex_id: str) -> list[tuple[str, int, frozenset]]:
    """(tile, rotation, board edges) for every tile of the hex's kind that fits it."""
    title = _title()
    mh = title.hexes[hex_id]
    names = TOWN if any(n.kind == "town" for n in mh.printed.nodes) else PLAIN
    blocked = mh.printed.impassable_at(mh.printed_rotation)
    return [(name, r, frozenset(title.tiles[name].edges_at(r))) for name in names
            for r in range(6)
            if all(e in mh.neighbors and e not in blocked
                   for e in title.tiles[name].edges_at(r))]


@st.composite
def positions(draw, max_region: int = 5):
    title = _title()
    company = draw(st.sampled_from(sorted(CENTRES)))
    centre = draw(st.sampled_from(CENTRES[company]))
    region = _region(centre, draw(st.integers(2, max_region)))
    if company == "5" and "H23" not in region and draw(st.booleans()):
        region.append("H23")
    tiles = [{"hex": h, "tile": t, "rotation": r} for h, t, r in SEEDS.get(centre, ())]
    laid = {h: frozenset(title.tiles[t].edges_at(r)) for h, t, r in SEEDS.get(centre, ())}

    def track_edges(h):
        if h in laid:
            return laid[h]
        mh = title.hexes[h]
        return mh.printed.edges_at(mh.printed_rotation)

    for h in region:
        choices = _placements(h)
        if h in laid or not choices or draw(st.integers(0, 9)) == 0:
            continue
        wanted = {e for e, n in title.hexes[h].neighbors.items()
                  if opposite(e) in track_edges(n)}
        joining = [c for c in choices if c[2] & wanted]
        if joining and draw(st.integers(0, 4)) > 0:
            choices = joining
        name, rot, edges = draw(st.sampled_from(choices))
        tiles.append({"hex": h, "tile": name, "rotation": rot})
        laid[h] = edges
    tokens = [{"hex": hex_id, "company": sym} for sym, hex_id in DESTINATIONS.items()]
    active = draw(st.lists(st.sampled_from(sorted(DESTINATIONS)), unique=True, max_size=4))
    mining = [company] if draw(st.booleans()) else []
    names = draw(st.lists(st.sampled_from(TRAINS), min_size=1, max_size=3))
    return {"title": "18PA", "phase": draw(st.sampled_from(sorted(title.phases))),
            "company": company,
            "trains": [{"id": f"t{k}", "name": n} for k, n in enumerate(names)],
            "tiles": tiles, "tokens": tokens,
            "title_state": {"destinations_active": active, "mining_rights": mining},
            "options": {"offmap_pass_through": draw(st.booleans())}}


def _check(data: dict) -> None:
    position = read_position(data)
    run = solve(position, 60.0, 1)
    expected, picks = bruteforce.best_run(position, hooks=True)
    assert run.status == "optimal"
    assert run.total == expected, (data, run.total, expected, picks,
                                   [(r.train, r.visited, r.revenue) for r in run.routes])
    check = check_run(position, run.routes)
    assert check.legal, (data, check.violations)
    assert check.total == run.total


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_solver_matches_brute_force_18pa(data):
    _check(data)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(max_region=9))
def test_solver_matches_brute_force_18pa_larger_regions(data):
    _check(data)
