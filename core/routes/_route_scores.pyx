# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Per-route scoring passes over a RouteSet's arrays, after the enumerator.

Each hex's stops paying once (docs/rules/common.md §9.7) and the end distance bonus
(docs/rules/common.md §9.9). Takes only arrays (see ``hex_once_loss`` and
``end_distance_gain`` of ``trainrun.routes.enumeration`` for the Python API): one pass over
each route's stops, in its order, without a Python object per route.
"""
import numpy as np

from libc.stdint cimport int32_t, int64_t, uint8_t


def hex_once_loss(const int32_t[::1] offsets, const int32_t[::1] stops,
                  const int64_t[::1] value, const int64_t[::1] hexes, int n_hexes):
    """int64 per route: what the shared scoring pays it beyond what it earns where each
    hex's stops pay once, the first of them in the route's order (``HexOnce``), the route
    run the way that loses less: the positive ``value`` of every stop but the first of its
    hex (``hexes``: stop -> hex index below ``n_hexes``), or but the last, the smaller."""
    cdef Py_ssize_t nr = offsets.shape[0] - 1
    loss_arr = np.zeros(nr, dtype=np.int64)
    cdef int64_t[::1] loss = loss_arr
    # the last route (+ 1) that met each hex, going forward and going backward
    cdef int64_t[::1] met_forward = np.zeros(max(n_hexes, 1), dtype=np.int64)
    cdef int64_t[::1] met_backward = np.zeros(max(n_hexes, 1), dtype=np.int64)
    cdef Py_ssize_t r, i
    cdef int64_t forward, backward, v, h
    for r in range(nr):
        forward = 0
        backward = 0
        for i in range(offsets[r], offsets[r + 1]):
            h = hexes[stops[i]]
            if met_forward[h] == r + 1:
                v = value[stops[i]]
                if v > 0:
                    forward += v
            met_forward[h] = r + 1
        for i in range(offsets[r + 1] - 1, offsets[r] - 1, -1):
            h = hexes[stops[i]]
            if met_backward[h] == r + 1:
                v = value[stops[i]]
                if v > 0:
                    backward += v
            met_backward[h] = r + 1
        loss[r] = forward if forward < backward else backward
    return loss_arr


def end_distance_gain(const int32_t[::1] offsets, const int32_t[::1] stops,
                      const uint8_t[::1] counted, const int64_t[:, ::1] xy, int64_t per_hex):
    """int64 per route: ``per_hex`` times the hexes as the crow flies (dx + max(0,
    (dy - dx) / 2)) between the (x, y) ``xy`` of its first and last stops that are
    ``counted`` (``EndDistance``); 0 for a route with none."""
    cdef Py_ssize_t nr = offsets.shape[0] - 1
    gain_arr = np.zeros(nr, dtype=np.int64)
    cdef int64_t[::1] gain = gain_arr
    cdef Py_ssize_t r, i
    cdef int first, last
    cdef int64_t dx, dy
    for r in range(nr):
        first = -1
        last = -1
        for i in range(offsets[r], offsets[r + 1]):
            if counted[stops[i]]:
                if first < 0:
                    first = stops[i]
                last = stops[i]
        if first < 0:
            continue
        dx = xy[first, 0] - xy[last, 0]
        dy = xy[first, 1] - xy[last, 1]
        dx = -dx if dx < 0 else dx
        dy = -dy if dy < 0 else dy
        gain[r] = per_hex * (dx + ((dy - dx) // 2 if dy > dx else 0))
    return gain_arr
