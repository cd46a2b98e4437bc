"""Type stub of the compiled branch and bound (``_combine.pyx``): what Python calls."""
import numpy as np

def busiest_first(bits: np.ndarray) -> np.ndarray:
    """``bits`` with the track resources renumbered by how many routes use them."""

def best_combination(bits: np.ndarray, type_start: np.ndarray, value: np.ndarray,
                     count: np.ndarray, lower: int, deadline: float = 0.0,
                     reach: np.ndarray | None = None, amounts: np.ndarray | None = None,
                     bound: np.ndarray | None = None, room: int = 0, scale: int = 1,
                     required: int = 0, max_steps: int = 0) -> tuple[int, np.ndarray, bool]:
    """Best run above ``lower``: (total, route indices, finished)."""
