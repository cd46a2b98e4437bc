"""Random boards for the property tests, and the brute-force check of a solved run's routes.

A title's property test picks a region of its real map (``region``), lays catalogue tiles
there at rotations whose track stays on the map (``placements``, ``lay_tiles``), puts
tokens in the cities near it (``cities``, ``draw_tokens``) and gives the company random
trains (``train_list``); or it takes a recorded corpus board and runs it by a random
company holding a token there (``recorded_variants``, ``stations``). What the title
chooses (which tiles, which hexes, which trains, how tokens are drawn) stays in its test.

The draws favour conflicts: tiles grow one network out from the first (a city), most
examples have two or more trains, and Hypothesis's simplest draws take the richer side
of each choice (``one_in``). ``note_run`` records, per test, how many examples ran two
or more routes or earned nothing (``pytest --hypothesis-show-statistics``).
"""
from __future__ import annotations

import json

from hypothesis import HealthCheck, currently_in_test_context, event, settings
from hypothesis import strategies as st

from trainrun.board.hexgrid import opposite
from trainrun.board.townspots import spot_claims


def one_in(draw, n: int) -> bool:
    """True one draw in ``n``; False for the simplest draw, so that Hypothesis's many
    all-zero draws stay on the common, richer side of a choice."""
    return draw(st.integers(0, n - 1)) == n - 1


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
    With ``prefer_stops`` the first tile has a city, and two of the others in three a city
    or town. A tile nearly
    always joins the track already on its neighbours (laid or printed), and most often
    it is one that also leads on to the most hexes of ``hexes`` still to be laid, so the
    track grows into one network that several trains compete for.
    """
    laid = dict(laid or {})
    tiles = []
    todo = set(hexes)

    def track_edges(h):
        if h in laid:
            return laid[h]
        mh = title.hexes[h]
        return mh.printed.edges_at(mh.printed_rotation)

    for h in hexes:
        todo.discard(h)
        choices = placements_in(h)
        if h in laid or not choices or (skip_one_in and one_in(draw, skip_one_in)):
            continue
        neighbors = title.hexes[h].neighbors
        wanted = {e for e, n in neighbors.items() if opposite(e) in track_edges(n)}
        if prefer_stops and not tiles:
            choices = [c for c in choices
                       if any(n.kind == "city" for n in title.tiles[c[0]].nodes)] or choices
        elif prefer_stops and not one_in(draw, 3):
            choices = [c for c in choices if title.tiles[c[0]].nodes] or choices
        joining = [c for c in choices if c[2] & wanted]
        if joining and not one_in(draw, 10):
            choices = joining
            if not one_in(draw, 4):
                def reach(c, wanted=wanted, neighbors=neighbors):
                    return len(c[2] & wanted) + sum(neighbors[e] in todo for e in c[2] - wanted)
                most = max(map(reach, choices))
                choices = [c for c in choices if reach(c) == most]
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


def free_cities(board, hexes) -> list[tuple[str, int, int]]:
    """(hex, city index, free slots) of every city with track in ``hexes`` of a position's
    ``board``, where the hex holds no token yet (printed or read)."""
    return [(h, n.index, n.slots) for h in sorted(hexes) if board[h].tile.paths
            and not any(c.holders() for c in board[h].tokens.values())
            for n in board[h].tile.nodes if n.kind == "city" and n.slots > 0]


def draw_tokens(draw, free_cities, company, others, own_one_in: int,
                home_hexes=(), home: bool = True) -> list[dict]:
    """Tokens for (hex, city index, free slots) cities: with ``home`` the company's home
    in one of them (in ``home_hexes``, the laid tiles, where one is free), and a station
    in one city in ``own_one_in`` more; other companies fill free slots."""
    if not free_cities:
        return []
    if home:
        home = draw(st.sampled_from([c for c in free_cities if c[0] in home_hexes]
                                    or free_cities))
    tokens = []
    for h, i, free in free_cities:
        if (home and (h, i) == home[:2]) or one_in(draw, own_one_in):
            tokens.append({"hex": h, "city": i, "company": company})
            free -= 1
        n = draw(st.integers(0, free))
        holders = draw(st.lists(st.sampled_from(others), min_size=n, max_size=n, unique=True))
        tokens += [{"hex": h, "city": i, "company": c} for c in holders]
    return tokens


def train_names(draw, names, max_trains: int = 3) -> list[str]:
    """1 to ``max_trains`` names drawn from ``names``: two or more in seven draws of
    eight, so the trains of most examples compete for the same track."""
    fewest = 1 if one_in(draw, 8) else min(2, max_trains)
    return draw(st.lists(st.sampled_from(names), min_size=fewest, max_size=max_trains))


def train_list(names) -> list[dict]:
    """Own-format trains ``t0``, ``t1`` ... of the given names."""
    return [{"id": f"t{k}", "name": n} for k, n in enumerate(names)]


def stations(data: dict, neutral: str) -> list[tuple[str, str]]:
    """(hex, company) of every company token on a corpus line's board."""
    return sorted({(h["hex"], c) for h in data["board"] for t in h.get("tokens", ())
                   for c in t["slots"] + t["extra"] if c and c != neutral})


@st.composite
def recorded_variants(draw, lines, names, max_trains, phases, neutral):
    """A copy of a recorded board from ``lines`` run by a random company that has a token
    on it, with 1 to ``max_trains`` trains (``train_names``) of ``names`` in one of
    ``phases``."""
    data = json.loads(json.dumps(draw(st.sampled_from(lines))))
    data["entity"] = draw(st.sampled_from(sorted({c for _, c in stations(data, neutral)})))
    data["trains"] = train_list(train_names(draw, names, max_trains))
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
            placed = position.board[h]
            ks = [k for k, p in enumerate(placed.tile.paths_at(placed.rotation))
                  if {p.a, p.b} == {a, b}]
            if a[0] == "n" and b[0] == "n":
                assert len(ks) == 1, (h, a, b)
                out.add(("inner", h, ks[0]))
            claims = {spot_claims(placed.tile, placed.rotation)[k] for k in ks}
            if len(ks) == 1 and claims != {None}:   # past a town drawn by an edge
                out.add(("spot", h, claims.pop()))
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


def note_run(run) -> None:
    """Record how much of the run's rules an example exercised, for
    ``pytest --hypothesis-show-statistics``: the number of routes (0, 1, 2+) and
    whether it earned nothing."""
    if not currently_in_test_context():
        return
    event(f"routes: {min(len(run.routes), 2)}{'+' if len(run.routes) >= 2 else ''}")
    if run.total == 0:
        event("total $0")
