"""Type stub of the compiled resource prices (``_prices.pyx``)."""
import numpy as np

def prices(bits: np.ndarray, type_start: np.ndarray, value: np.ndarray, count: np.ndarray,
           target: float, rounds: int = 150, deadline: float = 0.0,
           start: np.ndarray | None = None,
           step: float = 2.0) -> tuple[np.ndarray, float, float]:
    """(resource prices, their L(y), the step size reached)."""

def reduced_values(bits: np.ndarray, value: np.ndarray, scale: int,
                   price: np.ndarray) -> np.ndarray:
    """``scale * value[r]`` less the integer prices of route r's resources (int64)."""
