# cython: language_level=3
"""Bitsets for the compiled modules (``_enumerate``, ``solver._prune``, ``solver._prices``).

The track a segment, route or partial run uses is ``words`` uint64 words: bit r of word
r // 64 set when it uses track resource r (a hex side or a node-to-node path). Two
routes of one run, or two segments of one route, may share no set bit. A stop's
exclusive groups are bitsets of the same form (bit g for group g).
"""
from libc.stdint cimport int64_t, uint64_t


cdef extern from *:
    int __builtin_ctzll(unsigned long long) nogil


ctypedef fused price_t:
    double
    int64_t


cdef inline bint shares_track(const uint64_t* a, const uint64_t* b, int words) noexcept nogil:
    """Do bitsets ``a`` and ``b`` share a track resource?"""
    cdef int w
    for w in range(words):
        if a[w] & b[w]:
            return True
    return False


cdef inline void add_track(uint64_t* into, const uint64_t* b, int words) noexcept nogil:
    """Mark the resources of ``b`` used in ``into``."""
    cdef int w
    for w in range(words):
        into[w] |= b[w]


cdef inline void remove_track(uint64_t* into, const uint64_t* b, int words) noexcept nogil:
    """Mark the resources of ``b`` free again in ``into``."""
    cdef int w
    for w in range(words):
        into[w] &= ~b[w]


cdef inline price_t track_price(const uint64_t* bits, int words,
                                const price_t* price) noexcept nogil:
    """The sum of ``price[j]`` over the track resources j set in ``bits``."""
    cdef int w
    cdef uint64_t x
    cdef price_t total = 0
    for w in range(words):
        x = bits[w]
        while x:
            total += price[w * 64 + __builtin_ctzll(x)]
            x &= x - 1
    return total
