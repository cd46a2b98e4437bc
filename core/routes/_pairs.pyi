"""Stub of the compiled pair-bonus pass (``_pairs.pyx``)."""
import numpy as np

def pair_gains(offsets: np.ndarray, stops: np.ndarray, value: np.ndarray,
               station: np.ndarray, first: np.ndarray, second: np.ndarray,
               amount: np.ndarray, pay_limit: int,
               paid_station: bool,
               min_second: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]: ...
