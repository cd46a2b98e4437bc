"""Type stub of the compiled route enumerator (``_enumerate.pyx``): what Python calls."""
import numpy as np

class BestOnly:
    """The scoring after the enumerator, for listing only the routes that can be the best."""

    def __init__(self, first: np.ndarray, second: np.ndarray, amount: np.ndarray,
                 need: np.ndarray, pay_limit: int, per_hex: int, counted: np.ndarray,
                 xy: np.ndarray, stop_hex: np.ndarray, slack: int) -> None: ...

def enumerate_routes(adj_off: np.ndarray, adj_seg: np.ndarray, adj_to: np.ndarray,
                     seg_a: np.ndarray, seg_bits: np.ndarray, seg_sides: np.ndarray,
                     seg_hex_off: np.ndarray, seg_hex: np.ndarray, seg_term_a: np.ndarray,
                     seg_term_b: np.ndarray, passable: np.ndarray, station: np.ndarray,
                     groups: np.ndarray, stop_cost: np.ndarray, cap_cost: np.ndarray,
                     stop_value: np.ndarray, hex_value: np.ndarray, hex_touch: np.ndarray,
                     mode: int, limit: int, cap: int, pay_limit: int, requires_token: bool,
                     min_stops: int, paid_station: bool, max_routes: int, deadline: float,
                     best_only: BestOnly | None = None
                     ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                                bool, int]:
    """(values, offsets, stops, segs, bits, complete, found)."""
