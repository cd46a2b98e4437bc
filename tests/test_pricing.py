"""Resource prices in the branch and bound: every price vector bounds the optimum, and the
priced search (aims, routes ruled out by reduced value, the priced node cut) stays exact."""
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_solver_model import _brute, _cands

from trainrun.solver import Deadline, Options, Problem, Run, choose_routes
from trainrun.solver._prices import reduced_values
from trainrun.solver.branch import branch_and_bound
from trainrun.solver.pricing import SCALE, aims, priced_bounds, root_bound

routes = st.lists(st.tuples(st.integers(0, 100), st.sets(st.integers(0, 9), min_size=1,
                                                          max_size=4)), max_size=5)
specs = st.lists(st.tuples(st.integers(1, 3), routes), min_size=1, max_size=3)


def _arrays(spec):
    """The spec's routes grouped by type, best first: bits, values, starts, counts."""
    cands = _cands(spec)
    order = [np.argsort(-c.values, kind="stable") for c in cands]
    bits = np.ascontiguousarray(np.concatenate([c.bits[o] for c, o in zip(cands, order)]))
    values = np.concatenate([c.values[o] for c, o in zip(cands, order)]).astype(np.int64)
    starts = np.cumsum([0] + [len(c.values) for c in cands]).astype(np.int32)
    counts = np.array([c.count for c in cands], dtype=np.int32)
    return bits, values, starts, counts


@settings(max_examples=150, deadline=None)
@given(specs, st.lists(st.integers(0, 80), min_size=64, max_size=64))
def test_any_prices_bound_the_brute_force_best(spec, price):
    """sum(y) plus each type's best reduced values is never below the best run."""
    bits, values, starts, counts = _arrays(spec)
    if not len(values):
        return
    price = np.asarray(price, dtype=np.int64) * SCALE // 8
    bound = reduced_values(bits, values, SCALE, price)
    assert root_bound(bound, int(price.sum()), starts, counts, 0) >= _brute(spec)


@settings(max_examples=150, deadline=None)
@given(specs)
def test_subgradient_prices_bound_the_brute_force_best(spec):
    bits, values, starts, counts = _arrays(spec)
    if not len(values):
        return
    bound, room = priced_bounds(bits, starts, values, counts, 0)
    assert root_bound(bound, room, starts, counts, 0) >= _brute(spec)


@settings(max_examples=150, deadline=None)
@given(specs)
def test_priced_search_from_just_below_the_best_finds_it(spec):
    """Started one below the optimum (so the prices rule out the most routes) the search
    still finds it; started at the optimum it finds nothing better."""
    best = _brute(spec)
    if best == 0:
        return
    _, total, finished, _ = branch_and_bound(Problem(_cands(spec), []), Run([], best - 1), 0.0)
    assert finished and total == best
    _, total, finished, _ = branch_and_bound(Problem(_cands(spec), []), Run([], best), 0.0)
    assert finished and total == best


def test_aims_fall_to_the_known_run():
    # 1 % of 1000 below it, then 2 %, 4 %, 8 %, ..., and last the known run itself
    assert list(aims(900, 1000)) == [990, 980, 960, 920, 900]
    assert list(aims(1000, 1000)) == [1000]


def test_priced_search_equals_cp_sat_on_a_dense_random_instance():
    """Four trains of two types over 300 routes each on 40 resources: the priced branch and
    bound and CP-SAT alone prove the same optimum."""
    rng = np.random.default_rng(5)
    spec = [(2, [(int(rng.integers(50, 400)), set(rng.choice(40, 5, replace=False).tolist()))
                 for _ in range(300)]) for _ in range(2)]
    bnb = choose_routes(Problem(_cands(spec), [], 0), Options(Deadline(60), strategy="bnb"))
    cpsat = choose_routes(Problem(_cands(spec), [], 0), Options(Deadline(60), strategy="cpsat"))
    assert bnb.status == cpsat.status == "optimal"
    assert bnb.total == cpsat.total



def _hot_track_spec(counts, n: int, seed: int):
    """``n`` routes per train type on 46 resources; each uses one or two of six "hot"
    resources and is worth 100 more per hot one, so the best routes all conflict and
    the unpriced bound (each train's best routes) is far above the optimum."""
    rng = np.random.default_rng(seed)
    spec = []
    for count in counts:
        routes = []
        for _ in range(n):
            hot = set(rng.choice(6, int(rng.integers(1, 3)), replace=False).tolist())
            cold = set((6 + rng.choice(40, int(rng.integers(2, 5)), replace=False)).tolist())
            routes.append((int(rng.integers(20, 120)) + 100 * len(hot), hot | cold))
        spec.append((count, routes))
    return spec


@pytest.mark.parametrize("counts", [(1, 1, 1, 1), (2, 2), (3, 1), (4,)], ids=str)
def test_priced_search_equals_cp_sat_where_the_best_routes_conflict(counts, monkeypatch):
    """Four trains over 400 routes per type whose best routes share hot track: the
    branch and bound goes past its unpriced start to the prices (found over a working
    set of routes) and the last two slots searched at once, and proves the optimum
    CP-SAT alone proves."""
    from trainrun.solver import branch

    priced = []
    real = branch.priced_bounds
    monkeypatch.setattr(branch, "priced_bounds", lambda *a, **k: priced.append(1) or real(*a, **k))
    spec = _hot_track_spec(counts, 400, 0)
    bnb = choose_routes(Problem(_cands(spec), [], 0), Options(Deadline(60), strategy="bnb"))
    cpsat = choose_routes(Problem(_cands(spec), [], 0), Options(Deadline(60), strategy="cpsat"))
    assert priced, "the instance should need the priced search"
    assert bnb.status == cpsat.status == "optimal"
    assert bnb.total == cpsat.total
