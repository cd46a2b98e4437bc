# cython: language_level=3, boundscheck=False, wraparound=False
"""Walk the board's tile paths into segments: stop-to-stop track touching no third stop.

Takes only arrays (see ``trainrun.routes.graph`` for the Python API). Vertices are
numbered stops first, then hex sides and junctions. From every stop the walk
follows paths, never reusing a vertex, crossing into the other hex at each
side vertex (only onto track whose gauge meets: ``path_gauge`` bits overlap),
and records a segment on reaching another stop with a higher number (so each
segment is found once).
"""
import numpy as np

from libc.stdint cimport int32_t, uint8_t
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
    n = seg_a.size()
    np_a = np.array([seg_a[i] for i in range(n)], dtype=np.int32)
    np_b = np.array([seg_b[i] for i in range(n)], dtype=np.int32)
    np_off = np.array([path_off[i] for i in range(n + 1)], dtype=np.int32)
    np_paths = np.array([paths[i] for i in range(paths.size())], dtype=np.int32)
    return np_a, np_b, np_off, np_paths
