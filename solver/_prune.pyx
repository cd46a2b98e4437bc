# cython: language_level=3, boundscheck=False, wraparound=False
"""Per-route upper bounds that account for track conflicts (compiled; arrays only).

For a route r, no run containing r earns more than r's value plus, for every
train type, the best values of routes of that type that share no track with r
(as many as the type has trains, one fewer for r's own type). Routes come
sorted by type, then by value from high to low, so each scan stops early. Both
functions stop at a ``deadline`` (``time.monotonic()`` seconds, 0 = none), looking at
the clock every 64 routes and every greedy start.
"""
import numpy as np

from libc.stdint cimport INT64_MAX, int32_t, int64_t, uint8_t, uint64_t
from posix.time cimport CLOCK_MONOTONIC, clock_gettime, timespec

from _bits cimport add_track, shares_track


cdef bint _past(double deadline) noexcept nogil:
    cdef timespec now
    if deadline <= 0:
        return False
    clock_gettime(CLOCK_MONOTONIC, &now)
    return now.tv_sec + now.tv_nsec * 1e-9 > deadline


def partner_bounds(const uint64_t[:, ::1] bits, const int32_t[::1] type_start,
                   const int64_t[::1] value, const int32_t[::1] count,
                   const uint8_t[::1] alive, double deadline=0.0):
    """Upper bound of the best run containing each alive route (-1 for dead routes);
    alive routes not reached by the ``deadline`` get INT64_MAX (no bound known)."""
    cdef int n = bits.shape[0]
    cdef int words = bits.shape[1]
    cdef int n_types = count.shape[0]
    cdef int64_t[::1] out = np.full(n, -1, dtype=np.int64)
    cdef int r, t, q, need, mine
    cdef int64_t total
    for r in range(n):
        if (r & 63) == 0 and _past(deadline):
            for q in range(r, n):
                if alive[q]:
                    out[q] = INT64_MAX
            break
        if not alive[r]:
            continue
        mine = 0
        while not (type_start[mine] <= r < type_start[mine + 1]):
            mine += 1
        total = value[r]
        for t in range(n_types):
            need = count[t] - (1 if t == mine else 0)
            q = type_start[t]
            while need > 0 and q < type_start[t + 1]:
                if alive[q] and q != r:
                    if not shares_track(&bits[q, 0], &bits[r, 0], words):
                        total += value[q]
                        need -= 1
                q += 1
        out[r] = total
    return np.asarray(out)


def greedy_runs(const uint64_t[:, ::1] bits, const int32_t[::1] kind,
                const int64_t[::1] value, const int32_t[::1] count,
                const int32_t[::1] order, const int32_t[::1] firsts, double deadline=0.0):
    """Best of several greedy runs: each starts with one route of ``firsts`` and adds the
    highest-value routes (in ``order``) that share no track and have a free train.

    Returns (total of route values, chosen route indices) of the best one; past the
    ``deadline`` no further start is tried (the first always is).
    """
    cdef int words = bits.shape[1]
    cdef int n_types = count.shape[0]
    cdef int i, j, f, q, w, remaining, n_picks
    cdef int64_t total, best_total = -1
    used_np = np.zeros(words, dtype=np.uint64)
    left_np = np.zeros(n_types, dtype=np.int32)
    picks_np = np.zeros(max(1, int(np.sum(count))), dtype=np.int32)
    best_np = np.zeros(0, dtype=np.int32)
    cdef uint64_t[::1] used = used_np
    cdef int32_t[::1] left = left_np
    cdef int32_t[::1] picks = picks_np
    for i in range(firsts.shape[0]):
        if i and _past(deadline):
            break
        f = firsts[i]
        for w in range(words):
            used[w] = bits[f, w]
        remaining = 0
        for j in range(n_types):
            left[j] = count[j]
            remaining += count[j]
        left[kind[f]] -= 1
        remaining -= 1
        picks[0] = f
        n_picks = 1
        total = value[f]
        for j in range(order.shape[0]):
            if remaining == 0:
                break
            q = order[j]
            if q == f or left[kind[q]] == 0:
                continue
            if shares_track(&used[0], &bits[q, 0], words):
                continue
            add_track(&used[0], &bits[q, 0], words)
            left[kind[q]] -= 1
            remaining -= 1
            picks[n_picks] = q
            n_picks += 1
            total += value[q]
        if total > best_total:
            best_total = total
            best_np = np.array(picks_np[:n_picks])
    return best_total, best_np
