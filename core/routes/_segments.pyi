"""Type stub of the compiled segment walker (``_segments.pyx``): what Python calls."""
import numpy as np

def walk_segments(n_stops: int, is_side: np.ndarray, path_u: np.ndarray, path_v: np.ndarray,
                  path_hex: np.ndarray, path_gauge: np.ndarray, at_off: np.ndarray,
                  at_path: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(seg_a, seg_b, path_off, paths): segment ends and CSR of path ids in walk order."""

def segment_resources(seg_a: np.ndarray, seg_b: np.ndarray, path_off: np.ndarray,
                      seg_paths: np.ndarray, keep: np.ndarray, is_side: np.ndarray,
                      path_u: np.ndarray, path_v: np.ndarray, path_hex: np.ndarray,
                      path_kind: np.ndarray, path_spot: np.ndarray, path_terminal: np.ndarray,
                      n_spots: int, n_hex_keys: int) -> tuple[np.ndarray, ...]:
    """(kept, forward, term_a, term_b, sides, res_off, res, hex_off, hexes, bits, res_keys,
    hex_keys): the facts of the segments between kept stops."""
