# cython: language_level=3, boundscheck=False, wraparound=False
"""Walk the board's tile paths into segments: stop-to-stop track touching no third stop.

Takes only arrays (see ``trainrun.routes.graph`` for the Python API). Vertices are
numbered stops first, then hex sides and junctions. From every stop the walk
follows paths, never reusing a vertex, crossing into the other hex at each
side vertex (only onto track whose gauge meets: ``path_gauge`` bits overlap),
and records a segment on reaching another stop with a higher number (so each
segment is found once). ``segment_resources`` then gives the segments between the stops
the company reaches their track resources and hexes.
"""
import numpy as np

from libc.stdint cimport int32_t, uint8_t, uint64_t
from libcpp.algorithm cimport sort
from libcpp.vector cimport vector


def walk_segments(int n_stops, const uint8_t[::1] is_side,
                  const int32_t[::1] path_u, const int32_t[::1] path_v,
                  const int32_t[::1] path_hex, const uint8_t[::1] path_gauge,
                  const int32_t[::1] at_off, const int32_t[::1] at_path):
    """Return (seg_a, seg_b, path_off, paths): segment ends and CSR of path ids in walk order."""
    cdef int n_vertices = is_side.shape[0]
    cdef uint8_t[::1] seen = np.zeros(n_vertices, dtype=np.uint8)
    cdef int32_t[::1] vstack = np.zeros(n_vertices + 1, dtype=np.int32)
    cdef int32_t[::1] pstack = np.zeros(n_vertices + 1, dtype=np.int32)  # path taken to reach
    cdef int32_t[::1] it = np.zeros(n_vertices + 1, dtype=np.int32)
    cdef vector[int32_t] seg_a, seg_b, path_off, paths
    cdef int s, depth, vertex, pos, pid, nxt, i, came_hex
    path_off.push_back(0)
    for s in range(n_stops):
        depth = 0
        vstack[0] = s
        it[0] = at_off[s]
        seen[s] = 1
        while depth >= 0:
            vertex = vstack[depth]
            pos = it[depth]
            if pos >= at_off[vertex + 1]:
                seen[vertex] = 0
                depth -= 1
                continue
            it[depth] = pos + 1
            pid = at_path[pos]
            if depth > 0 and pid == pstack[depth]:
                continue
            if depth > 0 and is_side[vertex] and path_hex[pid] == path_hex[pstack[depth]]:
                continue  # at a hex side the walk crosses into the other hex
            if depth > 0 and is_side[vertex] and not (path_gauge[pid] & path_gauge[pstack[depth]]):
                continue  # onto track of a gauge that does not meet this one
            nxt = path_v[pid] if path_u[pid] == vertex else path_u[pid]
            if seen[nxt]:
                continue
            if nxt < n_stops:
                if nxt > s:
                    seg_a.push_back(s)
                    seg_b.push_back(nxt)
                    for i in range(1, depth + 1):
                        paths.push_back(pstack[i])
                    paths.push_back(pid)
                    path_off.push_back(paths.size())
                continue
            depth += 1
            vstack[depth] = nxt
            pstack[depth] = pid
            it[depth] = at_off[nxt]
            seen[nxt] = 1
    return _array(seg_a), _array(seg_b), _array(path_off), _array(paths)


def segment_resources(const int32_t[::1] seg_a, const int32_t[::1] seg_b,
                      const int32_t[::1] path_off, const int32_t[::1] seg_paths,
                      const uint8_t[::1] keep, const uint8_t[::1] is_side,
                      const int32_t[::1] path_u, const int32_t[::1] path_v,
                      const int32_t[::1] path_hex, const int32_t[::1] path_kind,
                      const int32_t[::1] path_spot, const uint8_t[::1] path_terminal,
                      int n_spots, int n_hex_keys):
    """The facts of the segments between kept stops (``keep``), numbering resources and
    hexes in the order the walks first use them.

    A resource is keyed: a side vertex x as x, node-to-node path p as vertices + p, town
    spot t as vertices + paths + t. A hex is keyed: board hex h as h, or ``path_kind[p]``
    (>= 0) for the track of a path that a route bonus asks. A segment with a terminal path
    touching neither end is dropped (its resources still numbered). Return (kept segment
    indices, forward flags per entry of ``seg_paths``, terminal at a, at b, sides, CSR of
    resource numbers, CSR of hex numbers (sorted), resource bits [kept, words], key of each
    resource number, key of each hex number)."""
    cdef int n_vertices = is_side.shape[0], n_paths = path_u.shape[0]
    cdef int n_segs = seg_a.shape[0], n_res_keys = n_vertices + n_paths + n_spots
    cdef int32_t[::1] res_num = np.full(n_res_keys, -1, dtype=np.int32)
    cdef int32_t[::1] hex_num = np.full(n_hex_keys, -1, dtype=np.int32)
    cdef int32_t[::1] res_seen = np.full(n_res_keys, -1, dtype=np.int32)
    cdef int32_t[::1] hex_seen = np.full(n_hex_keys, -1, dtype=np.int32)
    cdef uint8_t[::1] forward = np.zeros(seg_paths.shape[0], dtype=np.uint8)
    cdef vector[int32_t] kept, sides, res_off, res, hex_off, hexes, res_keys, hex_keys
    cdef vector[uint8_t] term_a, term_b
    cdef vector[int32_t] seg_res, seg_hexes
    cdef int j, e, a, b, cur, pid, u, v, x, side_count, key, r, h, n_keys, ta, tb, dropped
    cdef int32_t[2] ends
    res_off.push_back(0)
    hex_off.push_back(0)
    for j in range(n_segs):
        a, b = seg_a[j], seg_b[j]
        if not keep[a] or not keep[b]:
            continue
        seg_res.clear()
        seg_hexes.clear()
        side_count = 0
        ta = tb = dropped = 0
        cur = a
        for e in range(path_off[j], path_off[j + 1]):
            pid = seg_paths[e]
            u, v = path_u[pid], path_v[pid]
            forward[e] = u == cur
            for n_keys in range(2):
                key = path_hex[pid] if n_keys == 0 else path_kind[pid]
                if key < 0:
                    continue
                if hex_num[key] < 0:
                    hex_num[key] = hex_keys.size()
                    hex_keys.push_back(key)
                if hex_seen[key] != j:
                    hex_seen[key] = j
                    seg_hexes.push_back(hex_num[key])
            ends[0], ends[1] = u, v
            x = 0
            for n_keys in range(2):
                if is_side[ends[n_keys]]:
                    x += 1
                    key = ends[n_keys]
                    if res_seen[key] != j:
                        side_count += 1
                    _use(key, j, res_num, res_seen, res_keys, seg_res)
            if x == 0:  # node-to-node track inside a tile
                _use(n_vertices + pid, j, res_num, res_seen, res_keys, seg_res)
            if path_spot[pid] >= 0:  # past a town drawn by an edge (board.townspots)
                _use(n_vertices + n_paths + path_spot[pid], j, res_num, res_seen, res_keys,
                     seg_res)
            if path_terminal[pid]:
                if a == u or a == v:
                    ta = 1
                elif b == u or b == v:
                    tb = 1
                else:
                    dropped = 1  # a terminal path inside a chain is never at a route end
                    break
            cur = v if u == cur else u
        if dropped:
            continue
        kept.push_back(j)
        term_a.push_back(ta)
        term_b.push_back(tb)
        sides.push_back(side_count)
        for r in seg_res:
            res.push_back(r)
        res_off.push_back(res.size())
        sort(seg_hexes.begin(), seg_hexes.end())
        for h in seg_hexes:
            hexes.push_back(h)
        hex_off.push_back(hexes.size())
    cdef int n_kept = kept.size(), words = max(1, (res_keys.size() + 63) // 64)
    bits_np = np.zeros((n_kept, words), dtype=np.uint64)
    cdef uint64_t[:, ::1] bits = bits_np
    for j in range(n_kept):
        for e in range(res_off[j], res_off[j + 1]):
            r = res[e]
            bits[j, r >> 6] |= (<uint64_t>1) << (r & 63)
    return (_array(kept), np.asarray(forward), _bytes(term_a), _bytes(term_b), _array(sides),
            _array(res_off), _array(res), _array(hex_off), _array(hexes), bits_np,
            _array(res_keys), _array(hex_keys))


cdef inline void _use(int key, int j, int32_t[::1] num, int32_t[::1] seen,
                      vector[int32_t]& keys, vector[int32_t]& out):
    """Resource ``key`` used by segment ``j``: numbered on first use, listed once."""
    if num[key] < 0:
        num[key] = keys.size()
        keys.push_back(key)
    if seen[key] != j:
        seen[key] = j
        out.push_back(num[key])


cdef _array(vector[int32_t]& values):
    """``values`` as a numpy int32 array (a copy)."""
    if values.empty():
        return np.zeros(0, np.int32)
    return np.asarray(<int32_t[:values.size()]>values.data()).copy()


cdef _bytes(vector[uint8_t]& values):
    """``values`` as a numpy uint8 array (a copy)."""
    if values.empty():
        return np.zeros(0, np.uint8)
    return np.asarray(<uint8_t[:values.size()]>values.data()).copy()
