"""Type stub of the compiled per-route scoring passes (``_route_scores.pyx``)."""
import numpy as np

def hex_once_loss(offsets: np.ndarray, stops: np.ndarray, value: np.ndarray,
                  hexes: np.ndarray, n_hexes: int) -> np.ndarray:
    """int64 per route: the loss where each hex's stops pay once (the smaller way round)."""

def end_distance_gain(offsets: np.ndarray, stops: np.ndarray, counted: np.ndarray,
                      xy: np.ndarray, per_hex: int) -> np.ndarray:
    """int64 per route: ``per_hex`` times the crow-flies hexes between its counted ends."""
