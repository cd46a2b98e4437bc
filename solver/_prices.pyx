# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Prices on track resources that turn the conflicts between trains into a bound.

Give each track resource j a price ``y[j] >= 0`` and each route its reduced value
``value - sum of the prices of its resources``. Routes of one run share no resource,
so a run's value is at most the sum of all prices plus the reduced values of its
routes, hence at most

    L(y) = sum_j y[j] + sum over types t of the count[t] best positive reduced values of t

(the Lagrangian relaxation of the no-shared-track constraints). Every ``y >= 0`` gives a
bound; ``prices`` looks for a low one by subgradient steps (a resource that the chosen
best routes use twice gets dearer, one nobody uses cheaper). ``reduced_values`` gives
the exact integer reduced values for integer prices. Routes come grouped by type
and, for ``prices``, sorted by value from high to low within a type: a reduced value
is at most the value, so each type's scan ends where the values fall below its best
reduced values.
"""
import time

import numpy as np

from libc.stdint cimport int32_t, int64_t, uint64_t

from _bits cimport track_price


cdef extern from *:
    int __builtin_ctzll(unsigned long long) nogil


cdef double _relaxation(const uint64_t[:, ::1] bits, const int32_t[::1] type_start,
                        const int64_t[::1] value, const int32_t[::1] count,
                        const double[::1] y, double[::1] red, int32_t[::1] top,
                        double[::1] grad) noexcept nogil:
    """L(y), and its subgradient in ``grad`` (1 - uses of each resource by the best routes)."""
    cdef int n_types = count.shape[0], words = bits.shape[1]
    cdef int t, r, w, k, m, kept, c
    cdef uint64_t x
    cdef double total = 0.0, v
    for k in range(grad.shape[0]):
        total += y[k]
        grad[k] = 1.0
    for t in range(n_types):
        c = count[t]
        if c <= 0:
            continue
        kept = 0                       # top[0 .. kept - 1]: best routes so far, best first
        for r in range(type_start[t], type_start[t + 1]):
            v = value[r]
            if v <= 0.0 or (kept == c and v <= red[top[c - 1]]):
                break               # values fall: no later route reaches the best ones
            v -= track_price(&bits[r, 0], words, &y[0])
            red[r] = v
            if v <= 0.0 or (kept == c and v <= red[top[c - 1]]):
                continue
            m = kept if kept < c else c - 1
            while m > 0 and red[top[m - 1]] < v:
                top[m] = top[m - 1]
                m -= 1
            top[m] = r
            if kept < c:
                kept += 1
        for m in range(kept):
            r = top[m]
            total += red[r]
            for w in range(words):
                x = bits[r, w]
                while x:
                    grad[w * 64 + __builtin_ctzll(x)] -= 1.0
                    x &= x - 1
    return total


def prices(const uint64_t[:, ::1] bits, const int32_t[::1] type_start,
           const int64_t[::1] value, const int32_t[::1] count, double target,
           int rounds=150, double deadline=0.0, start=None, double step=2.0):
    """Resource prices (float64, one per bit of ``bits``) with a low L(y), that L(y), and
    the step size reached (to go on from these prices: ``start``, ``step``).

    ``target`` is the value of a known run (at most the optimum): the step is
    proportional to how far L(y) is above it, halved after 8 steps without a new
    lowest L(y); the search stops after ``rounds`` steps, once the step is tiny, or at
    ``deadline`` (``time.monotonic()`` seconds, 0 for none): any prices give a bound.
    """
    cdef int n = bits.shape[0], n_res = bits.shape[1] * 64
    cdef int i, k, stall = 0
    cdef double low, now, norm
    y_np = np.zeros(n_res, dtype=np.float64) if start is None else \
        np.array(start, dtype=np.float64)
    best_np = y_np.copy()
    cdef double[::1] y = y_np
    cdef double[::1] red = np.zeros(max(n, 1), dtype=np.float64)
    cdef double[::1] grad = np.zeros(n_res, dtype=np.float64)
    cdef int32_t[::1] top = np.zeros(max(int(np.max(count, initial=1)), 1), dtype=np.int32)
    low = _relaxation(bits, type_start, value, count, y, red, top, grad)
    now = low
    for i in range(rounds):
        norm = 0.0
        for k in range(n_res):
            norm += grad[k] * grad[k]
        if norm == 0.0 or now <= target or (deadline > 0 and time.monotonic() > deadline):
            break
        for k in range(n_res):
            y[k] -= step * (now - target) / norm * grad[k]
            if y[k] < 0.0:
                y[k] = 0.0
        now = _relaxation(bits, type_start, value, count, y, red, top, grad)
        if now < low - 1e-9:
            low = now
            best_np[:] = y_np
            stall = 0
        else:
            stall += 1
            if stall >= 8:
                step /= 2.0
                stall = 0
                if step < 1e-3:
                    break
    return best_np, low, step


def reduced_values(const uint64_t[:, ::1] bits, const int64_t[::1] value, int64_t scale,
                   const int64_t[::1] price):
    """``scale * value[r]`` less the integer prices of route r's resources (int64)."""
    cdef int n = bits.shape[0], words = bits.shape[1], r
    out_np = np.zeros(n, dtype=np.int64)
    cdef int64_t[::1] out = out_np
    for r in range(n):
        out[r] = scale * value[r] - track_price(&bits[r, 0], words, &price[0])
    return out_np
