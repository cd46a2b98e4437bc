# cython: language_level=3, boundscheck=False, wraparound=False
"""Per-route upper bounds that account for track conflicts (compiled; arrays only).

For a route r, no run containing r earns more than r's value plus, for every
train type, the best values of routes of that type that share no track with r
(as many as the type has trains, one fewer for r's own type). Routes come
sorted by type, then by value from high to low, so each scan stops early.
"""
import numpy as np

from libc.stdint cimport int32_t, int64_t, uint8_t, uint64_t


def partner_bounds(const uint64_t[:, ::1] bits, const int32_t[::1] type_start,
                   const int64_t[::1] value, const int32_t[::1] count,
                   const uint8_t[::1] alive):
    """Upper bound of the best run containing each alive route (-1 for dead routes)."""
    cdef int n = bits.shape[0]
    cdef int words = bits.shape[1]
    cdef int n_types = count.shape[0]
    cdef int64_t[::1] out = np.full(n, -1, dtype=np.int64)
    cdef int r, t, q, w, need, mine
    cdef int64_t total
    cdef bint clash
    for r in range(n):
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
                    clash = False
                    for w in range(words):
                        if bits[q, w] & bits[r, w]:
                            clash = True
                            break
                    if not clash:
                        total += value[q]
                        need -= 1
                q += 1
        out[r] = total
    return np.asarray(out)
