"""Random boards for the property tests, and the brute-force check of a solved run's routes.

A title's property test picks a region of its real map (``region``), lays catalogue tiles
there at rotations whose track stays on the map (``placements``, ``lay_tiles``), puts
tokens in the cities near it (``cities``, ``draw_tokens``) and gives the company random
trains (``train_list``); or it takes a recorded corpus board and runs it by a random
company holding a token there (``recorded_variants``, ``stations``). What the title
chooses (which tiles, which hexes, which trains, how tokens are drawn) stays in its test.
"""
from __future__ import annotations

import json

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from trainrun.hexgrid import opposite


def layable(title) -> list[str]:
    """Hexes a tile may be laid on: the white and yellow hexes of the map."""
    return sorted(h for h, mh in title.hexes.items() if mh.printed.color in ("white", "yellow"))


def legal_rotations(title, hex_id, tile) -> list[int]:
    """Rotations at which every track end of ``tile`` leads to a hex of the map."""
    mh = title.hexes[hex_id]
    blocked = mh.printed.impassable_at(mh.printed_rotation)
    return [r for r in range(6)
            if all(e in mh.neighbors and e not in blocked for e in tile.edges_at(r))]


def placements(title, hex_id, names) -> list[tuple[str, int, frozenset]]:
    """Every (tile, rotation, board edges) at which a tile of ``names`` may lie in ``hex_id``."""
    return [(name, r, frozenset(title.tiles[name].edges_at(r))) for name in names
            for r in legal_rotations(title, hex_id, title.tiles[name])]


def region(title, centre: str, size: int, among=None) -> list[str]:
    """The first ``size`` hexes of ``among`` (default: the layable ones) met by a
    breadth-first walk from ``centre``."""
    among = set(layable(title) if among is None else among)
    seen, queue, out = {centre}, [centre], []
    while queue and len(out) < size:
        h = queue.pop(0)
        if h in among:
            out.append(h)
        for e in sorted(title.hexes[h].neighbors):
            n = title.hexes[h].neighbors[e]
            if n not in seen:
                seen.add(n)
                queue.append(n)
    return out


def near(title, hexes) -> set[str]:
    """``hexes`` and their neighbours."""
    return set(hexes) | {n for h in hexes for n in title.hexes[h].neighbors.values()}


def lay_tiles(draw, title, hexes, placements_in, *, skip_one_in: int = 0,
              prefer_stops: bool = False, laid: dict | None = None):
    """Tiles for ``hexes`` in order, as (own-format tile list, {hex: board edges}).

    ``placements_in(hex)`` lists the (tile, rotation, edges) a hex may take; a hex with
    none, or already in ``laid``, or one in ``skip_one_in`` at random, keeps what it has.
    With ``prefer_stops`` half the tiles have a city or town on them. A tile usually
    joins the track already on its neighbours (laid or printed), so the boards are
    connected more often than not.
    """
    laid = dict(laid or {})
    tiles = []

    def track_edges(h):
        if h in laid:
            return laid[h]
        mh = title.hexes[h]
        return mh.printed.edges_at(mh.printed_rotation)

    for h in hexes:
        choices = placements_in(h)
        if h in laid or not choices or (skip_one_in and draw(st.integers(0, skip_one_in - 1)) == 0):
            continue
        wanted = {e for e, n in title.hexes[h].neighbors.items() if opposite(e) in track_edges(n)}
        if prefer_stops and draw(st.booleans()):
            choices = [c for c in choices if title.tiles[c[0]].nodes] or choices
        joining = [c for c in choices if c[2] & wanted]
        if joining and draw(st.integers(0, 4)) > 0:
            choices = joining
        name, rot, edges = draw(st.sampled_from(choices))
        tiles.append({"hex": h, "tile": name, "rotation": rot})
        laid[h] = edges
    return tiles, laid


def cities(title, tiles, hexes) -> list[tuple[str, int, int]]:
    """(hex, city index, slots) of every city with track in ``hexes``, as laid or printed."""
    laid = {t["hex"]: title.tiles[t["tile"]] for t in tiles}
    out = []
    for h in sorted(hexes):
        tile = laid.get(h, title.hexes[h].printed)
        out += [(h, n.index, n.slots) for n in tile.nodes
                if n.kind == "city" and n.slots > 0 and tile.paths]
    return out


def draw_tokens(draw, free_cities, company, others, own_one_in: int) -> list[dict]:
    """Tokens for (hex, city index, free slots) cities: the company's home in one of them
    and a station in one city in ``own_one_in`` more; other companies fill free slots."""
    if not free_cities:
        return []
    home = draw(st.sampled_from(free_cities))
    tokens = []
    for h, i, free in free_cities:
        if (h, i) == home[:2] or draw(st.integers(0, own_one_in - 1)) == 0:
            tokens.append({"hex": h, "city": i, "company": company})
            free -= 1
        n = draw(st.integers(0, free))
        holders = draw(st.lists(st.sampled_from(others), min_size=n, max_size=n, unique=True))
        tokens += [{"hex": h, "city": i, "company": c} for c in holders]
    return tokens


def train_list(names) -> list[dict]:
    """Own-format trains ``t0``, ``t1`` ... of the given names."""
    return [{"id": f"t{k}", "name": n} for k, n in enumerate(names)]


def stations(data: dict, neutral: str) -> list[tuple[str, str]]:
    """(hex, company) of every company token on a corpus line's board."""
    return sorted({(h["hex"], c) for h in data["board"] for t in h.get("tokens", ())
                   for c in t["slots"] + t["extra"] if c and c != neutral})


@st.composite
def recorded_variants(draw, lines, train_names, max_trains, phases, neutral):
    """A copy of a recorded board from ``lines`` run by a random company that has a token
    on it, with 1 to ``max_trains`` trains of ``train_names`` in one of ``phases``."""
    data = json.loads(json.dumps(draw(st.sampled_from(lines))))
    data["entity"] = draw(st.sampled_from(sorted({c for _, c in stations(data, neutral)})))
    names = draw(st.lists(st.sampled_from(train_names), min_size=1, max_size=max_trains))
    data["trains"] = train_list(names)
    data["phase"] = draw(st.sampled_from(phases))
    return data


def route_resources(position, route) -> frozenset:
    """The track a solver route uses, from its chains, in the brute force's terms."""
    out = set()
    for chain in route.chains:
        for step in chain["paths"]:
            h, a, b = step["hex"], step["a"], step["b"]
            for end in (a, b):
                if end[0] == "e":
                    e = int(end[1:])
                    nb = position.title.hexes[h].neighbors[e]
                    out.add(("side", frozenset({(h, e), (nb, opposite(e))})))
            if a[0] == "n" and b[0] == "n":
                placed = position.board[h]
                ks = [k for k, p in enumerate(placed.tile.paths_at(placed.rotation))
                      if {p.a, p.b} == {a, b}]
                assert len(ks) == 1, (h, a, b)
                out.add(("inner", h, ks[0]))
    return frozenset(out)


def assert_brute_force_routes(position, run, routes_of, why) -> None:
    """Each route of ``run`` is, for a train of its own, one of ``routes_of(position,
    train)`` (tuples starting value, resources, visited: ``bruteforce.all_routes`` or
    ``hook_routes``) with the same stops in either direction, the same track and the same
    revenue, and no two routes share track."""
    trains = {t.id: t for t in position.trains}
    assert len({r.train for r in run.routes}) == len(run.routes), why
    used = set()
    for r in run.routes:
        visited, res = tuple(r.visited), route_resources(position, r)
        match = [v for v, rs, vis, *_ in routes_of(position, trains[r.train])
                 if vis in (visited, visited[::-1]) and rs == res]
        assert match, (why, r.visited, "not a legal route with this track")
        assert r.revenue in match, (why, r.visited, r.revenue, match)
        assert not (res & used), (why, r.visited, "track shared between routes")
        used |= res


def examples(n: int):
    """Hypothesis settings of a brute-force property test: ``n`` examples, no deadline
    (the brute force takes its time)."""
    return settings(max_examples=n, deadline=None, suppress_health_check=[HealthCheck.too_slow])
