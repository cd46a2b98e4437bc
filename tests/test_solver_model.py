"""The CP-SAT combination model on its own: exact cuts, proofs, and honest time limits."""
import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainrun.solver import Candidates, Deadline, Options, Problem, Run, choose_routes
from trainrun.solver.branch import branch_and_bound


def _cands(spec):
    """spec: list of (count, [(value, {resources}), ...]) per train type."""
    out = []
    for count, routes in spec:
        bits = np.zeros((len(routes), 1), dtype=np.uint64)
        for i, (_, res) in enumerate(routes):
            for r in res:
                bits[i, 0] |= np.uint64(1) << np.uint64(r)
        out.append(Candidates(count, np.array([v for v, _ in routes], dtype=np.int64), bits,
                              np.zeros((len(routes), 0), dtype=bool)))
    return out


def _brute(spec):
    """Best total by trying every choice of at most ``count`` routes per type."""
    options = []
    for count, routes in spec:
        choices = [c for k in range(count + 1) for c in itertools.combinations(routes, k)]
        options.append(choices)
    best = 0
    for pick in itertools.product(*options):
        chosen = [r for group in pick for r in group]
        used = [x for _, res in chosen for x in res]
        if len(used) == len(set(used)):
            best = max(best, sum(v for v, _ in chosen))
    return best


routes = st.lists(st.tuples(st.integers(0, 100), st.sets(st.integers(0, 9), min_size=1,
                                                          max_size=4)), max_size=5)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 2), routes), min_size=1, max_size=3))
def test_model_equals_brute_force(spec):
    choice = choose_routes(Problem(_cands(spec), [], 0), Options(Deadline(10)))
    assert choice.status == "optimal"
    assert choice.total == choice.bound == _brute(spec)
    picked = [spec[t][1][i] for t, i in choice.picks]
    resources = [x for _, res in picked for x in res]
    assert len(resources) == len(set(resources))
    assert sum(v for v, _ in picked) == choice.total


def test_company_bonus_counts_once():
    # two disjoint routes both reach bonus 0 (worth 40): 30 + 20 + 40, not + 80
    cands = _cands([(2, [(30, {0}), (20, {1})])])
    cands[0].reach = np.array([[True], [True]])
    choice = choose_routes(Problem(cands, [40], 5), Options(Deadline(10)))
    assert choice.total == 30 + 20 + 40 + 5 and choice.status == "optimal"


def test_time_limit_reports_a_bound_not_a_false_proof():
    """A hard random instance stopped almost at once: whatever it returns, the bound holds
    and the status only says optimal when the bound equals the total."""
    rng = np.random.default_rng(7)
    spec = [(3, [(int(rng.integers(50, 500)), set(rng.choice(60, 6, replace=False).tolist()))
                 for _ in range(2500)])]
    full = choose_routes(Problem(_cands(spec), [], 0), Options(Deadline(30)))
    quick = choose_routes(Problem(_cands(spec), [], 0), Options(Deadline(0.001)))
    assert full.status == "optimal"
    assert quick.total <= full.total <= quick.bound
    if quick.status == "optimal":
        assert quick.total == quick.bound == full.total


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 3), routes), min_size=1, max_size=3))
def test_branch_and_bound_equals_brute_force(spec):
    """The compiled branch and bound alone (started from 0) finds the brute-force best."""
    cands = _cands(spec)
    picks, total, finished, _ = branch_and_bound(Problem(cands, []), Run([], 0), 0.0)
    assert finished and total == _brute(spec)
    chosen = [spec[t][1][i] for t, i in picks]
    assert sum(v for v, _ in chosen) == total
    resources = [x for _, res in chosen for x in res]
    assert len(resources) == len(set(resources))
    assert all(sum(1 for tt, _ in picks if tt == t) <= spec[t][0] for t in range(len(spec)))


def test_branch_and_bound_out_of_time_hands_over_to_cp_sat():
    """With its deadline already past the search stops at once and says so; what it
    returns is still a feasible run, and choose_routes still proves the optimum."""
    rng = np.random.default_rng(11)
    spec = [(2, [(int(rng.integers(50, 500)), set(rng.choice(60, 6, replace=False).tolist()))
                 for _ in range(3000)]), (1, [(int(rng.integers(50, 500)),
                                               set(rng.choice(60, 6, replace=False).tolist()))
                                              for _ in range(3000)])]
    picks, total, finished, _ = branch_and_bound(Problem(_cands(spec), []), Run([], 0), 1e-9)
    assert not finished
    chosen = [spec[t][1][i] for t, i in picks]
    assert sum(v for v, _ in chosen) == total
    full = choose_routes(Problem(_cands(spec), [], 0), Options(Deadline(60)))
    assert full.status == "optimal" and full.total >= total


def _bonus_cands(spec, n_bonus):
    """spec: list of (count, [(value, {resources}, {bonuses}), ...]) per train type."""
    cands = _cands([(count, [(v, res) for v, res, _ in rs]) for count, rs in spec])
    for c, (_, rs) in zip(cands, spec):
        c.reach = np.array([[k in got for k in range(n_bonus)] for _, _, got in rs],
                           dtype=bool).reshape(len(rs), n_bonus)
    return cands


def _brute_with_bonuses(spec, amounts):
    """Best total over every choice of at most ``count`` routes per type: route values
    plus each bonus reached by some chosen route, once."""
    options = [[c for k in range(count + 1) for c in itertools.combinations(rs, k)]
               for count, rs in spec]
    best = 0
    for pick in itertools.product(*options):
        chosen = [r for group in pick for r in group]
        used = [x for _, res, _ in chosen for x in res]
        if len(used) == len(set(used)):
            got = set().union(*[b for _, _, b in chosen])
            best = max(best, sum(v for v, _, _ in chosen) + sum(amounts[k] for k in got))
    return best


bonus_routes = st.lists(st.tuples(st.integers(0, 100), st.sets(st.integers(0, 9), min_size=1,
                                                               max_size=4),
                                  st.sets(st.integers(0, 2), max_size=2)), max_size=5)
bonus_amounts = st.lists(st.integers(0, 60), min_size=3, max_size=3)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 3), bonus_routes), min_size=1, max_size=3),
       bonus_amounts)
def test_branch_and_bound_with_company_bonuses_equals_brute_force(spec, amounts):
    """With company bonuses (each paid once per run) the branch and bound alone, started
    from 0, finds the brute-force best; its total is the picks' values plus the bonuses
    they reach, once each."""
    cands = _bonus_cands(spec, 3)
    picks, total, finished, _ = branch_and_bound(Problem(cands, amounts), Run([], 0), 0.0)
    assert finished and total == _brute_with_bonuses(spec, amounts)
    chosen = [spec[t][1][i] for t, i in picks]
    got = set().union(*[b for _, _, b in chosen])
    assert sum(v for v, _, _ in chosen) + sum(amounts[k] for k in got) == total
    resources = [x for _, res, _ in chosen for x in res]
    assert len(resources) == len(set(resources))
    assert all(sum(1 for tt, _ in picks if tt == t) <= spec[t][0] for t in range(len(spec)))


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 2), bonus_routes), min_size=1, max_size=3),
       st.lists(st.integers(-30, 60), min_size=3, max_size=3))
def test_choose_routes_with_company_bonuses_equals_brute_force(spec, amounts):
    """choose_routes (branch and bound for amounts >= 0, CP-SAT when one is negative)
    proves the brute-force best; the earned bonuses it names are the ones its picks reach.
    A negative bonus is never worth earning, so the brute force counts it as 0 (the model
    leaves it unearned)."""
    choice = choose_routes(Problem(_bonus_cands(spec, 3), amounts, 7), Options(Deadline(10)))
    paid = [max(a, 0) for a in amounts]
    assert choice.status == "optimal"
    assert choice.total == choice.bound == _brute_with_bonuses(spec, paid) + 7
    chosen = [spec[t][1][i] for t, i in choice.picks]
    got = set().union(*[b for _, _, b in chosen])
    assert set(choice.bonuses) <= got
    assert sum(v for v, _, _ in chosen) + sum(amounts[k] for k in choice.bonuses) + 7 \
        == choice.total


def test_branch_and_bound_bonus_beats_a_higher_value():
    """Hand check: one train, routes 50 (no bonus) and 30 reaching a 40 bonus: 30 + 40 = 70;
    two trains sharing no track: 50 + 30 + 40 = 120, and the bonus counts once when both
    reach it."""
    spec = [(1, [(50, {0}, set()), (30, {1}, {0})])]
    assert branch_and_bound(Problem(_bonus_cands(spec, 1), [40]), Run([], 0), 0.0)[1] == 70
    spec = [(2, [(50, {0}, {0}), (30, {1}, {0})])]
    assert branch_and_bound(Problem(_bonus_cands(spec, 1), [40]), Run([], 0), 0.0)[1] \
        == 50 + 30 + 40


def test_branch_and_bound_uses_all_64_bonus_bits():
    """Bonus 63 (the last bit of the mask) is paid; with 65 bonuses choose_routes leaves
    the branch and bound to CP-SAT and still finds it. Hand check: 10 + 100 beats 60."""
    spec = [(1, [(60, {0}, set()), (10, {1}, {63})])]
    amounts = [0] * 63 + [100]
    assert branch_and_bound(Problem(_bonus_cands(spec, 64), amounts), Run([], 0), 0.0)[1] == 110
    assert choose_routes(Problem(_bonus_cands(spec, 64), amounts, 0),
                         Options(Deadline(10))).total == 110
    choice = choose_routes(Problem(_bonus_cands(spec, 65), amounts + [0], 0),
                           Options(Deadline(10)))
    assert choice.total == 110 and choice.status == "optimal" and choice.bonuses == [63]


def test_required_bonus_found_by_the_branch_and_bound():
    # the best run earning bonus 0 is route 1 (10 + 5); the greedy run (route 0, 50)
    # does not earn it, so only the branch and bound's run counts
    cands = _cands([(1, [(50, {0}), (10, {1})])])
    cands[0].reach = np.array([[False], [True]])
    choice = choose_routes(Problem(cands, [5], 0, (0,)), Options(Deadline(1.0)))
    assert (choice.picks, choice.total, choice.status) == ([(0, 1)], 15, "optimal")
    cands[0].reach = np.array([[False], [False]])
    # no route earns it
    assert choose_routes(Problem(cands, [5], 0, (0,)), Options(Deadline(1.0))) is None


def test_required_bonus_not_found_in_time_is_said_not_faked(monkeypatch):
    # the branch and bound and CP-SAT stopped before finding any run: with a required
    # bonus the greedy run (which need not earn it) must not be returned in its place
    from ortools.sat.python import cp_model

    from trainrun.solver import NoRunFound, branch

    monkeypatch.setattr(cp_model.CpSolver, "solve", lambda self, model, *a: cp_model.UNKNOWN)
    monkeypatch.setattr(branch, "best_combination",
                        lambda bits, starts, values, counts, lower, *a, **k: (lower, [], False))
    cands = _cands([(1, [(50, {0}), (10, {1})])])
    cands[0].reach = np.array([[False], [True]])
    with pytest.raises(NoRunFound):
        choose_routes(Problem(cands, [5], 0, (0,)), Options(Deadline(1.0)))
    # without the requirement: 50 (route 0), proven by the greedy run meeting the bound
    choice = choose_routes(Problem(cands, [5], 0), Options(Deadline(1.0)))
    assert choice.total == 50 and choice.status == "optimal"


@given(st.lists(st.integers(0, 30), max_size=300), st.integers(1, 70))
@settings(max_examples=200, deadline=None)
def test_the_greedy_starts_are_a_stable_sort_s_first(values, k):
    # the greedy start's first routes of a type: the k highest values, ties by index, as
    # the stable sort it replaces would give them
    from trainrun.solver.greedy import _best
    array = np.array(values, dtype=np.int64)
    assert _best(array, k).tolist() == np.argsort(-array, kind="stable")[:k].tolist()
