# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Pair bonuses of enumerated routes (docs/rules/common.md §9.1), over a RouteSet's arrays.

Takes only arrays (see ``trainrun.routes.pair_bonuses.add_pair_bonuses`` for the Python
API). For each route: what its pair bonuses add to the value the enumerator gave it, and
which it earns (a pair's ``min_second`` stops of its second set among the paid ones,
docs/rules/common.md §9.1). A route with no pay limit binding pays every stop it visits; under a
binding pay limit k, every set of k visited stops (holding a station where the train's
paid stops need one) is tried with the pairs counted, as
``trainrun.hooks.rules.best_paid`` states the rule, and the gain is that best set's worth
less the best set's worth without pairs.
"""
import numpy as np

from libc.stdint cimport int32_t, int64_t, uint8_t

DEF MAX_STOPS = 64


cdef int64_t _worth(int32_t* pick, int m, const int32_t[::1] stops, int a,
                    const int64_t[::1] value, const int64_t[:, ::1] first,
                    const int64_t[:, ::1] second, const int64_t[::1] amount,
                    const int64_t[::1] need, bint pairs, uint8_t* earned):
    """The worth of the m stops ``pick`` (positions in the route starting at ``a``):
    stops worth more than 0, plus each pair earned when ``pairs`` (marked in ``earned``):
    a stop of its first set and ``need`` of its second among them."""
    cdef int i, p, s, nb
    cdef int64_t total = 0, fa, fb
    for i in range(m):
        s = stops[a + pick[i]]
        if value[s] > 0:
            total += value[s]
    if not pairs:
        return total
    for p in range(first.shape[0]):
        fa = -1
        fb = -1
        nb = 0
        for i in range(m):
            s = stops[a + pick[i]]
            if first[p, s] > fa:
                fa = first[p, s]
            if second[p, s] >= 0:
                nb += 1
                if second[p, s] > fb:
                    fb = second[p, s]
        earned[p] = fa >= 0 and nb >= 1 and nb >= need[p]
        if earned[p]:
            total += amount[p] + fa + fb
    return total


def pair_gains(const int32_t[::1] offsets, const int32_t[::1] stops,
               const int64_t[::1] value, const uint8_t[::1] station,
               const int64_t[:, ::1] first, const int64_t[:, ::1] second,
               const int64_t[::1] amount, int pay_limit, bint paid_station,
               min_second=None):
    """(gain int64 per route, earned uint8 [routes, pairs]); ``first[p, s]`` and
    ``second[p, s]`` are stop s's part of pair p, -1 where s is not in that set;
    ``min_second[p]`` (int64, default 1 each) how many stops of its second set must pay."""
    cdef Py_ssize_t nr = offsets.shape[0] - 1
    cdef int npairs = first.shape[0]
    gain_arr = np.zeros(nr, dtype=np.int64)
    earned_arr = np.zeros((nr, max(npairs, 1)), dtype=np.uint8)
    cdef int64_t[::1] gain = gain_arr
    cdef uint8_t[:, ::1] earned = earned_arr
    cdef int32_t pick[MAX_STOPS]
    cdef int32_t idx[MAX_STOPS]
    cdef uint8_t scratch[MAX_STOPS]
    cdef uint8_t best_earned[MAX_STOPS]
    cdef Py_ssize_t r
    cdef int a, n, k, i, j, p, s
    cdef bint possible, has_station
    cdef int64_t plain, best, w
    if npairs == 0:
        return gain_arr, earned_arr[:, :0]
    need_arr = (np.ones(npairs, dtype=np.int64) if min_second is None
                else np.ascontiguousarray(min_second, dtype=np.int64))
    if need_arr.shape[0] != npairs:
        raise ValueError(f"min_second: {need_arr.shape[0]} values for {npairs} pairs")
    cdef const int64_t[::1] need = need_arr
    for r in range(nr):
        a = offsets[r]
        n = offsets[r + 1] - a
        possible = False
        for p in range(npairs):
            i = 0
            j = 0
            for s in range(n):
                if first[p, stops[a + s]] >= 0:
                    i = 1
                if second[p, stops[a + s]] >= 0:
                    j = 1
            if i and j:
                possible = True
                break
        if not possible:
            continue
        if n > MAX_STOPS:
            raise ValueError(f"a route of {n} stops: pair bonuses are scored up to "
                             f"{MAX_STOPS}")
        if pay_limit <= 0 or n <= pay_limit:
            for i in range(n):
                pick[i] = i
            w = _worth(pick, n, stops, a, value, first, second, amount, need, True, scratch)
            gain[r] = w - _worth(pick, n, stops, a, value, first, second, amount, need, False,
                                 scratch)
            for p in range(npairs):
                earned[r, p] = scratch[p]
            continue
        # every combination of k of the n stops, in lexicographic order of positions
        k = pay_limit
        plain = -1
        best = -1
        for i in range(k):
            idx[i] = i
        while True:
            has_station = not paid_station
            for i in range(k):
                if paid_station and station[stops[a + idx[i]]]:
                    has_station = True
            if has_station:
                w = _worth(idx, k, stops, a, value, first, second, amount, need, False, scratch)
                if w > plain:
                    plain = w
                w = _worth(idx, k, stops, a, value, first, second, amount, need, True, scratch)
                if w > best:
                    best = w
                    for p in range(npairs):
                        best_earned[p] = scratch[p]
            i = k - 1
            while i >= 0 and idx[i] == n - k + i:
                i -= 1
            if i < 0:
                break
            idx[i] += 1
            for j in range(i + 1, k):
                idx[j] = idx[j - 1] + 1
        if best > plain:
            gain[r] = best - plain
            for p in range(npairs):
                earned[r, p] = best_earned[p]
    return gain_arr, earned_arr
