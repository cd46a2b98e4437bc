"""1871 property tests: ``solve`` against the hook-driven brute force on the real map.

The brute force (``bruteforce.best_run(position, hooks=True)``) asks the 1871 plugin's
hooks how each train runs (H: hex edges crossed; +: cities and off-boards, towns free;
7: stops; D: unlimited), who blocks (the neutral G11 token never does) and where the
stations are (the PEIR's tokens), and searches every route and combination by itself.

Random boards: a small connected region of the 1871 map gets random yellow, green and
brown catalogue tiles; the operating company (now and then the PEIR) gets a token; other
companies and the PEIR fill slots to exercise blocking; 1-3 trains of every kind run in
a random phase. Recorded boards: the corpus boards of phases 2H-6H (before the + trains
fill the island with track), run by a random company that has a token there.
"""
from __future__ import annotations

import json
import sys
from functools import lru_cache
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trainrun import read_position, solve
from trainrun.hexgrid import opposite
from trainrun.plugins import load_title

sys.path.insert(0, str(Path(__file__).parent))
import bruteforce  # noqa: E402
from test_property import _layable, _legal_rotations, _region, _route_resources  # noqa: E402

TRAINS = ["2H", "3H", "4H", "5H", "6H", "2+", "3+", "4+", "7", "D"]
COMPANIES = ["S", "MS", "A", "C", "PEIR"]
OTHERS = ["Gt", "MR", "So", "PEIR", "N"]


@lru_cache(maxsize=None)
def _title():
    return load_title("1871").title


@lru_cache(maxsize=None)
def _placements(hex_id: str) -> list[tuple[str, int, frozenset]]:
    title = _title()
    return [(name, r, frozenset(title.tiles[name].edges_at(r))) for name in sorted(title.tiles)
            if title.tiles[name].color in ("yellow", "green", "brown")
            for r in _legal_rotations(title, hex_id, title.tiles[name])]


@st.composite
def positions(draw, max_region: int = 7):
    """An own-format 1871 position on a small random region of the map."""
    title = _title()
    region = _region(title, draw(st.sampled_from(_layable(title))),
                     draw(st.integers(2, max_region)))
    edges = {}

    def track(h):
        mh = title.hexes[h]
        return edges.get(h, mh.printed.edges_at(mh.printed_rotation))

    tiles = []
    for h in region:
        wanted = {e for e, n in title.hexes[h].neighbors.items() if opposite(e) in track(n)}
        choices = _placements(h)
        if draw(st.booleans()):
            choices = [c for c in choices if title.tiles[c[0]].nodes] or choices
        joining = [c for c in choices if c[2] & wanted]
        if joining and draw(st.integers(0, 4)) > 0:
            choices = joining
        name, rot, e = draw(st.sampled_from(choices))
        tiles.append({"hex": h, "tile": name, "rotation": rot})
        edges[h] = e
    company = draw(st.sampled_from(COMPANIES))
    board = read_position({"title": "1871", "phase": "2H", "company": company, "trains": [],
                           "tiles": tiles}).board
    near = set(region) | {n for h in region for n in title.hexes[h].neighbors.values()}
    cities = [(h, n.index, n.slots - len(board[h].tokens[n.index].holders())
               if n.index in board[h].tokens else n.slots)
              for h in sorted(near) if board[h].tile.paths
              for n in board[h].tile.nodes if n.kind == "city"]
    cities = [c for c in cities if c[2] > 0]
    tokens = []
    if cities:
        home = draw(st.sampled_from(cities))
        for h, i, free in cities:
            own = (h, i) == home[:2] or draw(st.integers(0, 7)) == 0
            if own:
                tokens.append({"hex": h, "city": i, "company": company})
                free -= 1
            others = [c for c in OTHERS if c != company]
            n = draw(st.integers(0, free))
            tokens += [{"hex": h, "city": i, "company": c}
                       for c in draw(st.lists(st.sampled_from(others), min_size=n, max_size=n,
                                              unique=True))]
    trains = draw(st.lists(st.sampled_from(TRAINS), min_size=1, max_size=3))
    return {"title": "1871", "phase": draw(st.sampled_from(sorted(title.phases))),
            "company": company, "trains": [{"id": f"t{k}", "name": n}
                                           for k, n in enumerate(trains)],
            "tiles": tiles, "tokens": tokens}


def _check(data: dict) -> None:
    position = read_position(data)
    run = solve(position)
    expected, picks = bruteforce.best_run(position, hooks=True)
    why = (data, expected, picks, [(r.train, r.visited, r.revenue) for r in run.routes])
    assert run.status == "optimal", why
    assert run.total == expected, why
    assert sum(r.revenue for r in run.routes) == run.total, why
    trains = {t.id: t for t in position.trains}
    used = set()
    for r in run.routes:
        res = _route_resources(position, r)
        visited = tuple(r.visited)
        match = [v for v, rs, vis, _ in bruteforce.hook_routes(position, trains[r.train])
                 if vis in (visited, visited[::-1]) and rs == res]
        assert match, (why, r.visited, "not a legal route with this track")
        assert r.revenue in match, (why, r.visited, r.revenue, match)
        assert not (res & used), (why, r.visited, "track shared between routes")
        used |= res


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_solver_matches_brute_force_on_1871_boards(data):
    _check(data)


@lru_cache(maxsize=None)
def _early_corpus() -> list[dict]:
    folder = Path(__file__).parent / "data" / "corpus" / "1871"
    lines = [json.loads(line) for f in sorted(folder.glob("*.jsonl"))
             for line in f.read_text().splitlines() if line.strip()]
    return [d for d in lines if d["phase"] in ("2H", "3H", "4H", "5H", "6H")]


@st.composite
def corpus_variants(draw):
    """A recorded early board run by a random company holding a token there, with 1-2
    random H or + trains in the recorded phase or a later one."""
    data = json.loads(json.dumps(draw(st.sampled_from(_early_corpus()))))
    holders = sorted({c for h in data["board"] for t in h.get("tokens", ())
                      for c in t["slots"] + t["extra"] if c and c != "N"})
    data["entity"] = draw(st.sampled_from(holders))
    names = draw(st.lists(st.sampled_from(["2H", "3H", "4H", "5H", "2+", "3+"]),
                          min_size=1, max_size=2))
    data["trains"] = [{"id": f"t{k}", "name": n} for k, n in enumerate(names)]
    data["phase"] = draw(st.sampled_from(["2H", "4H", "6H", "3+", "4+", "D"]))
    return data


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(corpus_variants())
def test_solver_matches_brute_force_on_recorded_1871_boards(data):
    _check(data)


def test_example_position_agrees_with_the_brute_force():
    root = Path(__file__).parent.parent / "examples"
    files = sorted(root.glob("1871*.json"))
    assert files
    for f in files:
        _check(json.loads(f.read_text()))
