"""Type stub of the compiled route enumerator (``_enumerate.pyx``): what Python calls."""
import numpy as np

def enumerate_routes(adj_off: np.ndarray, adj_seg: np.ndarray, adj_to: np.ndarray,
                     seg_a: np.ndarray, seg_bits: np.ndarray, seg_sides: np.ndarray,
                     seg_hex_off: np.ndarray, seg_hex: np.ndarray, seg_term_a: np.ndarray,
                     seg_term_b: np.ndarray, passable: np.ndarray, station: np.ndarray,
                     groups: np.ndarray, stop_cost: np.ndarray, cap_cost: np.ndarray,
                     stop_value: np.ndarray, hex_value: np.ndarray, hex_touch: np.ndarray,
                     mode: int, limit: int, cap: int, pay_limit: int, requires_token: bool,
                     min_stops: int, paid_station: bool, max_routes: int, deadline: float
                     ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                                bool]:
    """(values, offsets, stops, segs, bits, complete)."""
