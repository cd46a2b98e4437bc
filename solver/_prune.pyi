"""Type stub of the compiled pruning bounds and greedy runs (``_prune.pyx``)."""
import numpy as np

def partner_bounds(bits: np.ndarray, type_start: np.ndarray, value: np.ndarray,
                   count: np.ndarray, alive: np.ndarray, deadline: float = 0.0) -> np.ndarray:
    """Upper bound of the best run containing each alive route (-1 for dead routes)."""

def greedy_runs(bits: np.ndarray, kind: np.ndarray, value: np.ndarray, count: np.ndarray,
                order: np.ndarray, firsts: np.ndarray,
                deadline: float = 0.0) -> tuple[int, np.ndarray]:
    """(total of route values, chosen route indices) of the best greedy run."""
