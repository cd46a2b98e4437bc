"""Choose the best combination of routes across a company's trains (CP-SAT).

``model.py`` holds the combination model over enumerated routes; ``paths.py``
the path model for trains whose routes are too many to list; ``deadline.py`` the
time limit every phase stops at.
"""
from .deadline import Deadline
from .model import STRATEGIES, Candidates, Choice, NoRunFound, StrategyUnfit, choose_routes
from .paths import Network, PathTrain

__all__ = ["STRATEGIES", "Candidates", "Choice", "Deadline", "Network", "NoRunFound",
           "PathTrain", "StrategyUnfit", "choose_routes"]
