# cython: language_level=3, boundscheck=False, wraparound=False
"""Exact depth-first branch and bound over listed routes (compiled; arrays only).

Picks at most ``count[t]`` routes of each train type t, no two sharing a track
resource, with the largest total value: the routes' values plus, once each, the
amount of every company bonus (at most 64, each >= 0) that a chosen route reaches.
Routes come grouped by type and sorted by value from high to low within a type.
The trains are filled as slots in type order; identical trains take routes in
increasing index order (non-increasing value), so each set of routes is met once.
A branch is cut when its value plus a bound on the slots still open cannot beat
the best run known: first the best values of each open type (a static bound, which
also ends the scan of a slot since values fall), then the best values among the
routes that share no track with the routes already chosen (mutual conflicts of the
open slots ignored). Each bound adds, once, the amounts of the bonuses not yet
earned (a bitmask of the earned ones goes down the search): a run earns each bonus
at most once, so this stays a bound however the remaining bonuses fall to the
routes, and the value order keeps ending the scans.

With resource prices (``bound``, ``room``: see ``pricing``) a node with two open
slots or more is also cut by the priced bound: its value with the open bonuses, the
prices of the track still free, and per open slot the best reduced values among the
routes that fit. That bound sees the conflicts between the open slots that the other
ignores. The same scan bounds the slots after the first open one, so a route whose
reduced value cannot lift that bound above the best run is not taken there (nor
searched below). Every bound is exact, so a search that finishes has proven its best
run optimal. The last two slots, once no bonus is left to earn, are searched at once:
the routes that fit and could beat the best run are listed, then each pair is checked
against each other's track only. The next route of a type that shares no track with
the routes chosen is found 64 routes at a time, from bitmaps (per block of 64 routes,
one word per track resource) of the routes that use each resource, in value order and,
with prices, in bound order.
"""
import numpy as np

from libc.stdint cimport int32_t, int64_t, uint64_t
from posix.time cimport CLOCK_MONOTONIC, clock_gettime, timespec

from _bits cimport shares_track


cdef struct Search:
    const uint64_t* bits
    const int64_t* value
    const uint64_t* reach      # per route: bit k set when it reaches company bonus k
    const int64_t* amount      # per company bonus (>= 0)
    uint64_t required          # bonuses a run must earn to count
    const int32_t* start       # type t owns routes start[t] .. start[t + 1] - 1
    const int32_t* slot_type   # per slot
    const int32_t* slot_next   # first later slot of another type (n_slots if none)
    const int64_t* suffix      # static bound of slots s .. n_slots - 1
    const uint64_t* users      # [block][resource]: bit i set when the block's route i uses it
    const int32_t* block_off   # first block of each type
    const int64_t* bound       # per route, in 1/scale units: its reduced value (or NULL)
    const int64_t* by_bound    # the same, each type's in falling order
    const uint64_t* bound_users  # as ``users``, for that order
    int64_t scale
    int words
    int n_types
    int n_slots
    int64_t best
    int64_t steps
    int64_t next_check         # look at the clock when steps reach this
    int64_t max_steps          # stop once steps reach this; 0 = no limit
    double deadline            # CLOCK_MONOTONIC seconds; 0 = none
    bint stopped
    int32_t* picks             # current picks per slot (-1 = empty)
    int32_t* best_picks


cdef extern from *:
    int __builtin_ctzll(unsigned long long) nogil


cdef enum:
    PAIR_LIST = 2048           # the longest list of routes the last two slots search


cdef int _resources(const uint64_t* mask, int words, int32_t* out) noexcept nogil:
    """The resource indices set in ``mask``; returns how many."""
    cdef int w, k = 0
    cdef uint64_t x
    for w in range(words):
        x = mask[w]
        while x:
            out[k] = w * 64 + __builtin_ctzll(x)
            k += 1
            x &= x - 1
    return k


cdef int _useful_end(const int64_t* key, int i, int hi, int64_t floor) noexcept nogil:
    """The first position in ``i .. hi - 1`` whose ``key`` (falling) is at most ``floor``,
    or ``hi``."""
    cdef int mid
    while i < hi:
        mid = (i + hi) >> 1
        if key[mid] <= floor:
            hi = mid
        else:
            i = mid + 1
    return i


cdef int _first_free(Search* S, const uint64_t* users, int rel, int end,
                     const int32_t* res, int k) noexcept nogil:
    """The first position >= ``rel`` of a run of bitmap blocks (``users``: per block of
    64 positions one word per resource) that uses none of the ``k`` resources ``res``,
    64 at a time, looking no further than the block holding ``end``; if there is none,
    a position at or past ``end`` before which none is free."""
    cdef int b, j
    cdef uint64_t acc
    cdef const uint64_t* column
    while rel < end:
        S.steps += 1
        b = rel >> 6
        acc = ((<uint64_t>1) << (rel & 63)) - 1     # positions before rel do not count
        column = users + b * S.words * 64
        for j in range(k):
            acc |= column[res[j]]
            if acc == <uint64_t>0xFFFFFFFFFFFFFFFF:
                break
        if acc != <uint64_t>0xFFFFFFFFFFFFFFFF:
            return b * 64 + __builtin_ctzll(~acc)
        rel = (b + 1) * 64
    return rel


cdef int _next_fit(Search* S, int t, int i, const int32_t* res, int k, int limit) noexcept nogil:
    """The first route of type t at index >= i that uses none of the ``k`` resources
    ``res``, looking no further than the block holding ``limit``; if there is none, a
    position at or past ``limit`` before which none fits."""
    cdef int end = S.start[t + 1] if S.start[t + 1] < limit else limit
    i = S.start[t] + _first_free(S, S.users + S.block_off[t] * S.words * 64, i - S.start[t],
                                 end - S.start[t], res, k)
    return i if i < S.start[t + 1] else S.start[t + 1]


cdef inline int64_t _worth(Search* S, uint64_t bonuses) noexcept nogil:
    """The total amount of the company bonuses in ``bonuses``."""
    cdef int64_t total = 0
    while bonuses:
        total += S.amount[__builtin_ctzll(bonuses)]
        bonuses &= bonuses - 1
    return total


cdef inline bint _out_of_time(Search* S) noexcept nogil:
    cdef timespec now
    if S.deadline <= 0:
        return False
    clock_gettime(CLOCK_MONOTONIC, &now)
    return now.tv_sec + now.tv_nsec * 1e-9 > S.deadline


cdef int64_t _rest(Search* S, int g, const int32_t* first) noexcept nogil:
    """A bound on the slots from ``g`` on: each takes at most the value of its type's
    first route not ruled out by ``first``."""
    cdef int64_t total = 0
    cdef int t
    while g < S.n_slots:
        t = S.slot_type[g]
        if first[t] < S.start[t + 1]:
            total += (S.slot_next[g] - g) * S.value[first[t]]
        g = S.slot_next[g]
    return total


cdef int64_t _open_bound(Search* S, int s, int q, const uint64_t* mask, const int32_t* first,
                         int32_t* child_first, int64_t enough) noexcept nogil:
    """A bound on the slots after ``s`` (whose route is ``q``) under ``mask``: per open
    slot the next route sharing no track with ``mask`` (their mutual conflicts ignored).
    Fills ``child_first[t]``: no route of type t before it fits ``mask``. Returns as
    soon as the bound exceeds ``enough`` (then the later pointers are the parent's), or
    at most ``enough`` as soon as it cannot exceed it."""
    cdef int64_t total = 0, later, spare
    cdef int t, end, stop, need, g, i, k
    cdef bint found
    cdef int32_t res[4096]
    for i in range(S.n_types):
        child_first[i] = first[i]
    k = _resources(mask, S.words, res)
    g = s + 1                       # first open slot
    while g < S.n_slots:
        t = S.slot_type[g]
        need = S.slot_next[g] - g
        i = q + 1 if t == S.slot_type[s] else first[t]
        end = S.start[t + 1]
        found = False
        later = _rest(S, S.slot_next[g], first)
        spare = enough - total - later
        # from ``stop`` on the routes are worth too little to lift the bound above
        # ``enough``: if none before it fits, the bound stays within ``enough``
        stop = _useful_end(S.value, i, end, spare // need) if spare >= 0 else end
        while need > 0:
            i = _next_fit(S, t, i, res, k, stop)
            if not found:
                child_first[t] = i
                found = True
            if i >= stop:
                if stop < end:      # the rest of the type is worth at most stop's value
                    if total + need * S.value[stop] + later <= enough:
                        return total + need * S.value[stop] + later
                    # only once some slots are filled; then continue past stop
                    i = _next_fit(S, t, i, res, k, end)
                    if i >= end:
                        break
                else:
                    break
            if total + need * S.value[i] + later <= enough:
                # every route left is worth too little: the bound stays within ``enough``
                return total + need * S.value[i] + later
            total += S.value[i]
            need -= 1
            i += 1
        if total > enough:
            return total
        g = S.slot_next[g]
    return total


cdef bint _priced_cut(Search* S, int s, const uint64_t* mask, int64_t head,
                      int64_t* rest) noexcept nogil:
    """Is the priced bound of the slots from ``s`` on (``head``: the value so far with
    every open bonus and the prices of the free track, scaled) at most the best run?
    Per open slot the best positive reduced values of its type among the routes that
    fit ``mask``; the order of identical trains is not used (it follows the values).
    Sets ``rest`` to the part of that bound (less ``head``) that the slots after ``s``
    add: a route r taken at ``s`` leads to no better run when ``head + bound[r] + rest``
    is at most the best run."""
    cdef int64_t total = head, cut = S.best * S.scale, static_rest, last = 0
    cdef int g, t, need, i, n, stop, k, h
    cdef int32_t res[4096]
    cdef const int64_t* key
    k = _resources(mask, S.words, res)
    g = s
    while g < S.n_slots:
        t = S.slot_type[g]
        need = S.slot_next[g] - g
        n = S.start[t + 1] - S.start[t]
        key = S.by_bound + S.start[t]
        # the later slots add at most their types' best reduced values
        static_rest = 0
        h = S.slot_next[g]
        while h < S.n_slots:
            if S.start[S.slot_type[h] + 1] > S.start[S.slot_type[h]] and \
                    S.by_bound[S.start[S.slot_type[h]]] > 0:
                static_rest += (S.slot_next[h] - h) * S.by_bound[S.start[S.slot_type[h]]]
            h = S.slot_next[h]
        # routes of bound at most ``stop``'s cannot lift the total above the cut
        if cut - total - static_rest >= 0:
            stop = _useful_end(key, 0, n, (cut - total - static_rest) // need)
        else:
            stop = _useful_end(key, 0, n, 0)
        i = 0
        while need > 0:
            i = _first_free(S, S.bound_users + S.block_off[t] * S.words * 64, i, stop, res, k)
            if i >= stop:
                if stop < n and key[stop] > 0:
                    total += need * key[stop]
                    if g == s:
                        last = key[stop]
                elif g == s:
                    last = 0        # the slot stays empty
                break
            total += key[i]
            if g == s:
                last = key[i]
            need -= 1
            i += 1
        g = S.slot_next[g]
    rest[0] = total - head - last
    return total <= cut


cdef int _fitting(Search* S, int t, int i, const int32_t* res, int k, int64_t floor,
                  int32_t* out) noexcept nogil:
    """The routes of type t from index ``i`` on that use none of the ``k`` resources
    ``res`` and are worth more than ``floor``, in order, into ``out``; how many, or -1
    when more than ``PAIR_LIST`` are."""
    cdef int end = S.start[t + 1], n = 0
    cdef int stop = _useful_end(S.value, i, end, floor)
    while True:
        i = _next_fit(S, t, i, res, k, stop)
        if i >= stop:
            return n
        if n == PAIR_LIST:
            return -1
        out[n] = i
        n += 1
        i += 1


cdef void _keep(Search* S, int s, int a, int b, int64_t total) noexcept nogil:
    """A better run: the picks so far, ``a`` at slot s and ``b`` at s + 1 (-1: none)."""
    cdef int w
    S.best = total
    for w in range(s):
        S.best_picks[w] = S.picks[w]
    S.best_picks[s] = a
    S.best_picks[s + 1] = b


cdef bint _last_two(Search* S, int s, int q_from, const uint64_t* mask, const int32_t* first,
                    int64_t total) noexcept nogil:
    """The two last slots (s and s + 1) searched at once, when no bonus is left to earn:
    the routes that fit ``mask`` and could beat the best run are listed once, then each
    pair is checked against the other route's track only. False (nothing done) when a
    list would be longer than ``PAIR_LIST``."""
    cdef int32_t one[PAIR_LIST]
    cdef int32_t two[PAIR_LIST]
    cdef int32_t res[4096]
    cdef int t1 = S.slot_type[s], t2 = S.slot_type[s + 1], k, n1, n2, i, j, a, b, j0
    cdef const int32_t* other
    cdef bint same = t1 == t2
    cdef int64_t cap
    k = _resources(mask, S.words, res)
    a = q_from if q_from > first[t1] else first[t1]
    if same:
        # the partner of a route is a later one, worth no more than the first that fits
        a = _next_fit(S, t1, a, res, k, S.start[t1 + 1])
        if a >= S.start[t1 + 1]:
            return True          # nothing fits: the best run stands
        cap = S.value[a]
        n1 = _fitting(S, t1, a, res, k, S.best - total - cap, one)
        if n1 < 0:
            return False
        other, n2 = one, n1
    else:
        b = _next_fit(S, t2, first[t2], res, k, S.start[t2 + 1])
        cap = S.value[b] if b < S.start[t2 + 1] else 0
        n1 = _fitting(S, t1, a, res, k, S.best - total - cap, one)
        if n1 < 0:
            return False
        cap = S.value[one[0]] if n1 else 0
        n2 = _fitting(S, t2, first[t2], res, k, S.best - total - cap, two)
        if n2 < 0:
            return False
        other = two
        if n2 and total + S.value[two[0]] > S.best:
            _keep(S, s, -1, two[0], total + S.value[two[0]])
    if n1 and total + S.value[one[0]] > S.best:
        _keep(S, s, one[0], -1, total + S.value[one[0]])
    for i in range(n1):
        a = one[i]
        j0 = i + 1 if same else 0
        if j0 >= n2 or total + S.value[a] + S.value[other[j0]] <= S.best:
            break               # values fall: no later route makes a better pair
        for j in range(j0, n2):
            b = other[j]
            if total + S.value[a] + S.value[b] <= S.best:
                break
            if not shares_track(S.bits + a * S.words, S.bits + b * S.words, S.words):
                _keep(S, s, a, b, total + S.value[a] + S.value[b])
                break
        S.steps += n2 - j0
        if S.steps >= S.next_check:
            S.next_check = S.steps + 0x4000
            if _out_of_time(S) or (S.max_steps and S.steps >= S.max_steps):
                S.stopped = True
                return True
    return True


cdef void _dfs(Search* S, int s, int q_from, uint64_t* mask, const int32_t* first,
               int64_t total, int64_t room, uint64_t earned, int64_t unearned) noexcept nogil:
    """Fill slots from ``s`` on; ``total`` is the value of the picks so far (bonuses in
    ``earned`` included), ``room`` the prices of the track still free (scaled) and
    ``unearned`` the amount of the bonuses still open."""
    cdef int t, q, end, stop, w, nxt, same, k
    cdef int64_t rest, gain, bonus, spare
    cdef uint64_t fresh
    cdef int32_t res[4096]
    cdef const uint64_t* row
    cdef uint64_t* child = mask + S.words
    cdef int32_t* child_first = <int32_t*>first + S.n_types
    if total > S.best and (earned & S.required) == S.required:
        S.best = total
        for w in range(S.n_slots):
            S.best_picks[w] = S.picks[w]
    if s >= S.n_slots or S.stopped:
        return
    # with prices, ``head`` + a route's bound: the priced bound of taking it here
    cdef int64_t head = (total + unearned) * S.scale + room, rest_priced = 0
    cdef bint priced = S.bound != NULL and s < S.n_slots - 1
    if priced:
        if _priced_cut(S, s, mask, head, &rest_priced):
            return
        head += rest_priced
    if s == S.n_slots - 2 and unearned == 0 and (earned & S.required) == S.required \
            and _last_two(S, s, q_from, mask, first, total):
        return
    t = S.slot_type[s]
    q = q_from if q_from > first[t] else first[t]
    end = S.start[t + 1]
    same = S.slot_next[s] - s - 1    # later slots of this type take routes after q
    rest = _rest(S, S.slot_next[s], first)
    k = _resources(mask, S.words, res)
    # from ``stop`` on no route (with the type's later slots) can beat the best run
    spare = S.best - total - rest - unearned
    stop = _useful_end(S.value, q, end, spare // (same + 1)) if spare >= 0 else end
    while True:
        q = _next_fit(S, t, q, res, k, stop)
        if q >= stop or total + S.value[q] + (same * S.value[q + 1] if q + 1 < end else 0) \
                + rest + unearned <= S.best:
            break
        if S.steps >= S.next_check:
            S.next_check = S.steps + 0x4000
            if _out_of_time(S) or (S.max_steps and S.steps >= S.max_steps):
                S.stopped = True
                return
        if priced and head + S.bound[q] <= S.best * S.scale:
            q += 1
            continue
        row = S.bits + q * S.words
        for w in range(S.words):
            child[w] = mask[w] | row[w]
        nxt = s + 1
        fresh = S.reach[q] & ~earned
        bonus = _worth(S, fresh) if fresh else 0
        gain = S.value[q] + bonus
        if nxt == S.n_slots or total + gain + unearned - bonus + _open_bound(
                S, s, q, child, first, child_first,
                S.best - total - gain - unearned + bonus) > S.best:
            S.picks[s] = q
            _dfs(S, nxt, q + 1 if nxt < S.n_slots and S.slot_type[nxt] == t else -1,
                 child, child_first, total + gain,
                 room - (S.value[q] * S.scale - S.bound[q] if S.bound != NULL else 0),
                 earned | fresh, unearned - bonus)
            S.picks[s] = -1
            if S.stopped:
                return
        q += 1
    # this slot and the type's later ones stay empty
    nxt = S.slot_next[s]
    if nxt < S.n_slots and total + S.suffix[nxt] + unearned > S.best:
        _dfs(S, nxt, -1, mask, first, total, room, earned, unearned)


cdef void _fill_users(const uint64_t[:, ::1] bits, const int32_t[::1] type_start,
                      const int32_t[::1] block_off, uint64_t[:, ::1] users) noexcept:
    """Bit i of ``users[block_off[t] + b, j]`` is set when route ``type_start[t] + 64 b + i``
    uses resource j, and for every j when that position is past the type's end."""
    cdef int t, i, w, rel, tail
    cdef uint64_t x, pad
    for t in range(type_start.shape[0] - 1):
        for i in range(type_start[t], type_start[t + 1]):
            rel = i - type_start[t]
            for w in range(bits.shape[1]):
                x = bits[i, w]
                while x:
                    users[block_off[t] + (rel >> 6), w * 64 + __builtin_ctzll(x)] |= \
                        (<uint64_t>1) << (rel & 63)
                    x &= x - 1
        tail = (type_start[t + 1] - type_start[t]) & 63
        if tail:                    # past the type's end every resource counts as used
            pad = ~(((<uint64_t>1) << tail) - 1)
            for w in range(users.shape[1]):
                users[block_off[t + 1] - 1, w] |= pad


def busiest_first(const uint64_t[:, ::1] bits):
    """``bits`` (uint64 [routes, words]) with the track resources renumbered by how many
    routes use them, most first. Renumbering changes no run; the scan for a route that
    shares no track with a partial run looks at the busiest resources first and so
    rules a block of 64 routes out sooner."""
    cdef int n = bits.shape[0], words = bits.shape[1], r, w, j
    cdef uint64_t x
    uses_np = np.zeros(words * 64, dtype=np.int64)
    cdef int64_t[::1] uses = uses_np
    for r in range(n):
        for w in range(words):
            x = bits[r, w]
            while x:
                uses[w * 64 + __builtin_ctzll(x)] += 1
                x &= x - 1
    rank_np = np.empty(words * 64, dtype=np.int64)
    rank_np[np.argsort(-uses_np, kind="stable")] = np.arange(words * 64)
    cdef int64_t[::1] rank = rank_np
    out_np = np.zeros((n, words), dtype=np.uint64)
    cdef uint64_t[:, ::1] out = out_np
    for r in range(n):
        for w in range(words):
            x = bits[r, w]
            while x:
                j = rank[w * 64 + __builtin_ctzll(x)]
                out[r, j >> 6] |= (<uint64_t>1) << (j & 63)
                x &= x - 1
    return out_np


def best_combination(const uint64_t[:, ::1] bits, const int32_t[::1] type_start,
                     const int64_t[::1] value, const int32_t[::1] count, int64_t lower,
                     double deadline=0.0, reach=None, amounts=None, bound=None,
                     int64_t room=0, int64_t scale=1, uint64_t required=0,
                     int64_t max_steps=0):
    """Best run above ``lower``: (total, route indices, finished).

    ``reach`` (uint64 per route, bit k for company bonus k) and ``amounts`` (int64 per
    bonus, each >= 0, at most 64) add company bonuses; by default there are none. A run
    counts only when it earns every bonus whose bit is set in ``required``.

    ``bound`` (int64 per route) and ``room`` add the priced bound: the routes' reduced
    values and the sum of resource prices ``y >= 0``, both in 1/``scale`` units
    (``pricing``), valid because a run is worth at most ``sum(y)`` plus its routes'
    reduced values. By default there is none.

    ``total`` is ``lower`` and the indices empty when no run beats ``lower``;
    ``finished`` is False when ``deadline`` (``time.monotonic()`` seconds) came first,
    or ``max_steps`` (scans of 64 routes, 0 for no limit; looked at every 16,384), and
    then ``total`` is only the best found.
    """
    cdef int n = bits.shape[0]
    cdef int words = bits.shape[1]
    cdef int n_types = count.shape[0]
    cdef int t, j, s
    bound_np = np.zeros(max(n, 1), dtype=np.int64) if bound is None else \
        np.ascontiguousarray(bound, dtype=np.int64)
    if bound is None:
        room, scale = 0, 1
    elif len(bound_np) != n or scale < 1 or room < 0:
        raise ValueError("bound: one per route, room >= 0, scale >= 1")
    cdef int64_t[::1] bound_v = bound_np
    slot_type_np = np.array([t for t in range(n_types) for _ in range(count[t])],
                            dtype=np.int32)
    cdef int n_slots = len(slot_type_np)
    slot_next_np = np.zeros(n_slots, dtype=np.int32)
    suffix_np = np.zeros(n_slots + 1, dtype=np.int64)
    for s in range(n_slots - 1, -1, -1):
        t = slot_type_np[s]
        slot_next_np[s] = slot_next_np[s + 1] if (s + 1 < n_slots
                                                  and slot_type_np[s + 1] == t) else s + 1
        j = s - int(np.searchsorted(slot_type_np, t))   # copy number of this slot
        suffix_np[s] = suffix_np[s + 1] + (value[type_start[t] + j]
                                           if type_start[t] + j < type_start[t + 1] else 0)
    if words > 64:
        raise ValueError("more than 4096 track resources")
    block_off_np = np.zeros(n_types + 1, dtype=np.int32)
    block_off_np[1:] = np.cumsum([(type_start[t + 1] - type_start[t] + 63) // 64
                                  for t in range(n_types)])
    n_blocks = int(block_off_np[-1])
    users_np = np.zeros((max(n_blocks, 1), words * 64), dtype=np.uint64)
    _fill_users(bits, type_start, block_off_np, users_np)
    # with prices, the routes of each type in bound order and their bitmaps
    by_bound_np = np.zeros(max(n, 1), dtype=np.int64)
    bound_users_np = np.zeros((1, 1), dtype=np.uint64)
    if bound is not None and n:
        in_order = np.zeros(n, dtype=np.int64)
        for t in range(n_types):
            in_order[type_start[t]:type_start[t + 1]] = type_start[t] + np.argsort(
                -bound_np[type_start[t]:type_start[t + 1]], kind="stable")
        by_bound_np[:n] = bound_np[in_order]
        bound_users_np = np.zeros_like(users_np)
        _fill_users(np.ascontiguousarray(np.asarray(bits)[in_order]), type_start,
                    block_off_np, bound_users_np)
    cdef int64_t[::1] by_bound = by_bound_np
    cdef uint64_t[:, ::1] bound_users = bound_users_np
    masks_np = np.zeros((n_slots + 1) * max(words, 1), dtype=np.uint64)
    firsts_np = np.zeros((n_slots + 1) * n_types, dtype=np.int32)
    firsts_np[:n_types] = np.asarray(type_start[:n_types])
    picks_np = np.full(max(n_slots, 1), -1, dtype=np.int32)
    best_np = np.full(max(n_slots, 1), -1, dtype=np.int32)
    cdef int32_t[::1] slot_type = slot_type_np
    cdef int32_t[::1] slot_next = slot_next_np
    cdef int64_t[::1] suffix = suffix_np
    cdef uint64_t[::1] masks = masks_np
    cdef uint64_t[:, ::1] users = users_np
    cdef int32_t[::1] block_off = block_off_np
    cdef int32_t[::1] firsts = firsts_np
    cdef int32_t[::1] picks = picks_np
    cdef int32_t[::1] best_picks = best_np
    reach_np = np.zeros(max(n, 1), dtype=np.uint64)
    if reach is not None and n:
        reach_np[:n] = reach
    amounts_np = np.zeros(64, dtype=np.int64)
    if amounts is not None:
        if len(amounts) > 64 or any(a < 0 for a in amounts):
            raise ValueError("company bonuses: at most 64, each worth >= 0")
        amounts_np[:len(amounts)] = amounts
    cdef uint64_t[::1] reach_v = reach_np
    cdef int64_t[::1] amount_v = amounts_np
    cdef uint64_t reachable = 0
    for j in range(n):
        reachable |= reach_v[j]
    cdef int64_t unearned = 0
    for j in range(64):
        if (reachable >> j) & 1:
            unearned += amount_v[j]
    cdef Search S
    if n == 0 or n_slots == 0:
        return lower, np.zeros(0, dtype=np.int32), True
    S.bits = &bits[0, 0]
    S.value = &value[0]
    S.bound = &bound_v[0] if bound is not None else NULL
    S.by_bound = &by_bound[0]
    S.bound_users = &bound_users[0, 0]
    S.scale = scale
    S.reach = &reach_v[0]
    S.amount = &amount_v[0]
    S.required = required
    S.start = &type_start[0]
    S.slot_type = &slot_type[0]
    S.slot_next = &slot_next[0]
    S.suffix = &suffix[0]
    S.words = words
    S.users = &users[0, 0]
    S.block_off = &block_off[0]
    S.n_types = n_types
    S.n_slots = n_slots
    S.best = lower
    S.steps = 0
    S.next_check = 0
    S.max_steps = max_steps
    S.deadline = deadline
    S.stopped = False
    S.picks = &picks[0]
    S.best_picks = &best_picks[0]
    with nogil:
        _dfs(&S, 0, -1, &masks[0], &firsts[0], 0, room, 0, unearned)
    chosen = best_np[best_np >= 0] if S.best > lower else np.zeros(0, dtype=np.int32)
    return S.best, chosen, not S.stopped
