"""Type stub of the compiled segment walker (``_segments.pyx``): what Python calls."""
import numpy as np

def walk_segments(n_stops: int, is_side: np.ndarray, path_u: np.ndarray, path_v: np.ndarray,
                  path_hex: np.ndarray, path_gauge: np.ndarray, at_off: np.ndarray,
                  at_path: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(seg_a, seg_b, path_off, paths): segment ends and CSR of path ids in walk order."""
