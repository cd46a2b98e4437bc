# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Depth-first enumeration of legal single-train routes over a TrackGraph's arrays.

Takes only arrays (see ``trainrun.routes.enumeration.enumerate_routes`` for the Python API).
A route is a sequence of distinct stops joined by resource-disjoint segments;
each route is produced once, in the orientation whose first stop has the
smaller index. Where only the best route matters (a run of one train, ``BestOnly``), only
the routes that can still be the best are listed.
"""
import time

import numpy as np

from cpython.exc cimport PyErr_CheckSignals
from libc.stdint cimport int32_t, int64_t, uint8_t, uint64_t
from libcpp.vector cimport vector

from _bits cimport add_track, remove_track, shares_track

DEF MODE_STOPS = 0
DEF MODE_EDGES = 1
DEF MODE_UNLIMITED = 2


cdef int64_t _best_k(int32_t[::1] path_stops, int n, const int64_t[::1] value, int k,
                     int64_t[::1] top, const uint8_t[::1] station, bint paid_station):
    """What the n path stops pay under a pay limit k: the sum of the k largest stop values;
    with ``paid_station`` (``TrainRules.paid_station``), the paid stops must hold a station
    (engine ``compute_stops``), so when the best station's value is below the k-th largest
    that one is swapped for the station (the k - 1 largest plus the best station). ``top``
    is scratch space of at least min(k, n) entries (insertion into a sorted top list)."""
    cdef int i, j, m = 0
    cdef int64_t v
    cdef int64_t total = 0
    cdef int64_t best_station = -1
    cdef bint any_station = False
    if k >= n:
        for i in range(n):
            total += value[path_stops[i]]
        return total
    for i in range(n):
        v = value[path_stops[i]]
        if paid_station and station[path_stops[i]] and (not any_station or v > best_station):
            best_station = v
            any_station = True
        if m < k:
            j = m
            m += 1
        elif v > top[m - 1]:
            j = m - 1
        else:
            continue
        while j > 0 and top[j - 1] < v:
            top[j] = top[j - 1]
            j -= 1
        top[j] = v
    for i in range(m):
        total += top[i]
    if any_station and best_station < top[m - 1]:
        total += best_station - top[m - 1]
    return total


cdef class BestOnly:
    """What the scoring after the enumerator does to a route's value, for listing only the
    routes that can be the best (a run of one train): the pair bonuses (``first`` and
    ``second`` [pairs, stops] each stop's part, -1 where not in the set; ``amount``,
    ``need`` its ``min_second``; ``pay_limit``), the end distance bonus (``per_hex`` 0 for
    none; ``counted`` per stop, ``xy`` its hex), each hex's stops paying once
    (``stop_hex`` the hex index of each stop, empty for none), and ``slack``, the most
    they add to any route. Every amount and part at least 0, no port rule."""

    cdef const int64_t[:, ::1] first
    cdef const int64_t[:, ::1] second
    cdef const int64_t[::1] amount
    cdef const int64_t[::1] need
    cdef int pay_limit
    cdef int64_t per_hex
    cdef const uint8_t[::1] counted
    cdef const int64_t[:, ::1] xy
    cdef const int64_t[::1] stop_hex
    cdef int64_t slack
    cdef int64_t[::1] met     # per hex: the stamp of the last pass that met it
    cdef int64_t stamp

    def __init__(self, const int64_t[:, ::1] first, const int64_t[:, ::1] second,
                 const int64_t[::1] amount, const int64_t[::1] need, int pay_limit,
                 int64_t per_hex, const uint8_t[::1] counted, const int64_t[:, ::1] xy,
                 const int64_t[::1] stop_hex, int64_t slack):
        self.first, self.second, self.amount, self.need = first, second, amount, need
        self.pay_limit, self.per_hex, self.counted, self.xy = pay_limit, per_hex, counted, xy
        self.stop_hex, self.slack = stop_hex, slack
        self.met = np.full(int(np.max(stop_hex, initial=0)) + 1, -1, dtype=np.int64)
        self.stamp = 0

    cdef int64_t hex_once_loss(self, const int32_t* path, int n,
                               const int64_t* value) noexcept:
        """What the n path stops lose where each hex's stops pay once, the first in the
        route's order, run the way that loses less
        (``trainrun.routes.enumeration.hex_once_loss``)."""
        cdef int i
        cdef int64_t h, forward = 0, backward = 0
        cdef int64_t ahead = self.stamp, back = self.stamp + 1
        self.stamp += 2
        for i in range(n):
            h = self.stop_hex[path[i]]
            if self.met[h] == ahead and value[path[i]] > 0:
                forward += value[path[i]]
            self.met[h] = ahead
        for i in range(n - 1, -1, -1):
            h = self.stop_hex[path[i]]
            if self.met[h] == back and value[path[i]] > 0:
                backward += value[path[i]]
            self.met[h] = back
        return forward if forward < backward else backward

    cdef int64_t end_gain(self, const int32_t* path, int n) noexcept:
        """The end distance bonus of the n path stops
        (``trainrun.routes.enumeration.end_distance_gain``)."""
        cdef int i, a = -1, b = -1
        cdef int64_t dx, dy
        for i in range(n):
            if self.counted[path[i]]:
                if a < 0:
                    a = path[i]
                b = path[i]
        if a < 0:
            return 0
        dx = self.xy[a, 0] - self.xy[b, 0]
        dy = self.xy[a, 1] - self.xy[b, 1]
        dx = -dx if dx < 0 else dx
        dy = -dy if dy < 0 else dy
        return self.per_hex * (dx + ((dy - dx) // 2 if dy > dx else 0))

    cdef int64_t pair_most(self, const int32_t* path, int n) noexcept:
        """The most the pair bonuses add to the n path stops: each pair a stop of each set
        reaches (``need`` of the second), its amount and best parts
        (``trainrun.routes._pairs.pair_gains``, exact where every stop pays)."""
        cdef int p, i
        cdef int64_t fa, fb, nb, most = 0
        for p in range(self.first.shape[0]):
            fa = -1
            fb = -1
            nb = 0
            for i in range(n):
                if self.first[p, path[i]] > fa:
                    fa = self.first[p, path[i]]
                if self.second[p, path[i]] >= 0:
                    nb += 1
                    if self.second[p, path[i]] > fb:
                        fb = self.second[p, path[i]]
            if fa >= 0 and nb >= 1 and nb >= self.need[p]:
                most += self.amount[p] + fa + fb
        return most

    cdef bint listed(self, const int32_t* path, int n, int64_t total, const int64_t* value,
                     int64_t* floor) noexcept:
        """Can the route (n path stops, worth ``total`` to the enumerator) be the best, no
        route listed before surely earning more than it can (``floor``, raised here to
        what this one surely earns)?"""
        cdef int64_t most, least, pairs
        if total + self.slack < floor[0]:
            return False
        least = total
        if self.stop_hex.shape[0]:
            least -= self.hex_once_loss(path, n, value)
        if self.per_hex:
            least += self.end_gain(path, n)
        most = least
        if self.first.shape[0]:
            pairs = self.pair_most(path, n)
            most += pairs
            if self.pay_limit <= 0 or n <= self.pay_limit:   # every stop pays: exact
                least += pairs
        if most < floor[0]:
            return False
        if least > floor[0]:
            floor[0] = least
        return True


def enumerate_routes(const int32_t[::1] adj_off, const int32_t[::1] adj_seg,
                     const int32_t[::1] adj_to, const int32_t[::1] seg_a,
                     const uint64_t[:, ::1] seg_bits, const int32_t[::1] seg_sides,
                     const int32_t[::1] seg_hex_off, const int32_t[::1] seg_hex,
                     const uint8_t[::1] seg_term_a, const uint8_t[::1] seg_term_b,
                     const uint8_t[::1] passable, const uint8_t[::1] station,
                     const uint64_t[:, ::1] groups,
                     const int32_t[::1] stop_cost, const int32_t[::1] cap_cost,
                     const int64_t[::1] stop_value,
                     const int64_t[::1] hex_value, const int32_t[::1] hex_touch,
                     int mode, int limit, int cap, int pay_limit, bint requires_token, int min_stops,
                     bint paid_station, int64_t max_routes, double deadline,
                     BestOnly best_only=None):
    """Enumerate routes; returns (values, offsets, stops, segs, bits, complete, found).
    ``cap`` >= 0: in MODE_STOPS the visits' ``cap_cost`` sum to at most ``cap`` too.
    ``paid_station``: under the pay limit the paid stops hold a station (``_best_k``).
    ``best_only`` (a run of one train): list only the routes that can be the best
    (``BestOnly.listed``), every route of the best final value among them, in order.
    ``found`` counts every legal route met, listed or not."""
    cdef int n = passable.shape[0]
    cdef int words = seg_bits.shape[1]
    cdef int gwords = groups.shape[1]
    cdef int n_hex = hex_value.shape[0]
    cdef bint track_hexes = False
    cdef int i, w, h, s, k, u, v, depth, pos, ok
    cdef int64_t steps = 0
    cdef int min_touch = 0
    for h in range(n_hex):
        if hex_value[h] != 0 or hex_touch[h] != 0:
            track_hexes = True
        if hex_touch[h] < 0:
            min_touch += hex_touch[h]

    path_stops_np = np.zeros(n + 1, dtype=np.int32)
    path_segs_np = np.zeros(n + 1, dtype=np.int32)
    iter_np = np.zeros(n + 1, dtype=np.int32)
    cdef int32_t[::1] path_stops = path_stops_np
    cdef int32_t[::1] path_segs = path_segs_np
    cdef int32_t[::1] it = iter_np
    cdef int64_t[::1] top = np.zeros(n + 1, dtype=np.int64)   # _best_k's scratch
    cdef uint8_t[::1] visited = np.zeros(n, dtype=np.uint8)
    cdef uint64_t[::1] used = np.zeros(words, dtype=np.uint64)
    cdef int32_t[::1] hex_count = np.zeros(max(n_hex, 1), dtype=np.int32)
    cdef int64_t[::1] cost = np.zeros(n + 1, dtype=np.int64)
    cdef int64_t[::1] capped = np.zeros(n + 1, dtype=np.int64)
    cdef bint use_cap = mode == MODE_STOPS and cap >= 0
    cdef int64_t[::1] value = np.zeros(n + 1, dtype=np.int64)
    cdef int64_t[::1] sides = np.zeros(n + 1, dtype=np.int64)
    cdef int64_t[::1] stations = np.zeros(n + 1, dtype=np.int64)
    cdef uint64_t[:, ::1] gmask = np.zeros((n + 1, gwords), dtype=np.uint64)
    cdef int64_t hex_sum = 0, touch_sum = 0, total
    cdef int64_t found = 0
    cdef int64_t floor = -(1 << 62)   # best_only: what a route listed surely earns, at most
    cdef bint term_from, term_to, complete = True

    cdef vector[int64_t] out_value
    cdef vector[int32_t] out_off
    cdef vector[int32_t] out_stops
    cdef vector[int32_t] out_segs
    cdef vector[uint64_t] out_bits
    out_off.push_back(0)

    if deadline > 0 and time.monotonic() > deadline:
        complete = False            # no time left to list any route
    for s in range(n):
        if not complete:
            break
        depth = 0
        path_stops[0] = s
        visited[s] = 1
        it[0] = adj_off[s]
        cost[0] = stop_cost[s]
        capped[0] = cap_cost[s] if use_cap else 0
        value[0] = stop_value[s]
        sides[0] = 0
        stations[0] = station[s]
        for w in range(gwords):
            gmask[0, w] = groups[s, w]
        if mode == MODE_STOPS and (cost[0] > limit or (use_cap and capped[0] > cap)):
            visited[s] = 0
            continue
        while depth >= 0:
            u = path_stops[depth]
            pos = it[depth]
            if pos >= adj_off[u + 1] or (depth > 0 and not passable[u]):
                # backtrack: undo the segment that led here
                visited[u] = 0
                if depth > 0:
                    k = path_segs[depth]
                    remove_track(&used[0], &seg_bits[k, 0], words)
                    if track_hexes:
                        for i in range(seg_hex_off[k], seg_hex_off[k + 1]):
                            h = seg_hex[i]
                            hex_count[h] -= 1
                            if hex_count[h] == 0:
                                hex_sum -= hex_value[h]
                                touch_sum -= hex_touch[h]
                depth -= 1
                continue
            it[depth] = pos + 1
            k = adj_seg[pos]
            v = adj_to[pos]
            steps += 1
            if (steps & 0x3FFF) == 0:
                PyErr_CheckSignals()   # Ctrl-C stops a long enumeration at once
                if deadline > 0 and time.monotonic() > deadline:
                    complete = False
                    break
            if visited[v] or shares_track(&gmask[depth, 0], &groups[v, 0], gwords):
                continue
            if seg_a[k] == u:
                term_from = seg_term_a[k]
                term_to = seg_term_b[k]
            else:
                term_from = seg_term_b[k]
                term_to = seg_term_a[k]
            if term_from and depth > 0:
                continue
            if mode == MODE_STOPS and cost[depth] + stop_cost[v] > limit:
                continue
            if use_cap and capped[depth] + cap_cost[v] > cap:
                continue
            if mode == MODE_EDGES and sides[depth] + seg_sides[k] + min_touch > limit:
                continue
            if shares_track(&used[0], &seg_bits[k, 0], words):
                continue
            # step onto v
            add_track(&used[0], &seg_bits[k, 0], words)
            if track_hexes:
                for i in range(seg_hex_off[k], seg_hex_off[k + 1]):
                    h = seg_hex[i]
                    if hex_count[h] == 0:
                        hex_sum += hex_value[h]
                        touch_sum += hex_touch[h]
                    hex_count[h] += 1
            depth += 1
            path_stops[depth] = v
            path_segs[depth] = k
            visited[v] = 1
            it[depth] = adj_off[v + 1] if term_to else adj_off[v]
            cost[depth] = cost[depth - 1] + stop_cost[v]
            if use_cap:
                capped[depth] = capped[depth - 1] + cap_cost[v]
            value[depth] = value[depth - 1] + stop_value[v]
            sides[depth] = sides[depth - 1] + seg_sides[k]
            stations[depth] = stations[depth - 1] + station[v]
            for w in range(gwords):
                gmask[depth, w] = gmask[depth - 1, w] | groups[v, w]
            # record the route ending at v
            ok = (depth + 1 >= min_stops and path_stops[0] < v
                  and (stations[depth] > 0 or not requires_token))
            if ok and mode == MODE_EDGES and sides[depth] + touch_sum > limit:
                ok = False
            if ok:
                if pay_limit > 0:
                    total = _best_k(path_stops, depth + 1, stop_value, pay_limit, top,
                                    station, paid_station)
                else:
                    total = value[depth]
                total += hex_sum
                found += 1
                if best_only is None or best_only.listed(
                        &path_stops[0], depth + 1, total, &stop_value[0], &floor):
                    out_value.push_back(total)
                    for i in range(depth + 1):
                        out_stops.push_back(path_stops[i])
                    for i in range(1, depth + 1):
                        out_segs.push_back(path_segs[i])
                    for w in range(words):
                        out_bits.push_back(used[w])
                    out_off.push_back(out_stops.size())
                # the budget counts every legal route met, listed or not
                if found >= max_routes:
                    complete = False
                    break
        # clean up after an early stop
        if not complete:
            break
    nr = out_value.size()
    values = np.asarray(<int64_t[:nr]>out_value.data()).copy() if nr else np.zeros(0, np.int64)
    offsets = np.asarray(<int32_t[:nr + 1]>out_off.data()).copy()
    ns = out_stops.size()
    stops = np.asarray(<int32_t[:ns]>out_stops.data()).copy() if ns else np.zeros(0, np.int32)
    ng = out_segs.size()
    segs = np.asarray(<int32_t[:ng]>out_segs.data()).copy() if ng else np.zeros(0, np.int32)
    nb = out_bits.size()
    bits = (np.asarray(<uint64_t[:nb]>out_bits.data()).copy() if nb
            else np.zeros(0, np.uint64)).reshape(nr, words)
    return values, offsets, stops, segs, bits, complete, found
