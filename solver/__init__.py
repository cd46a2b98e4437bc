"""Choose the best combination of routes across a company's trains (CP-SAT).

``model.py`` holds the combination model over enumerated routes; ``paths.py``
the path model for trains whose routes are too many to list; ``deadline.py`` the
time limit every phase stops at.
"""
from .deadline import Deadline
from .model import Candidates, Choice, NoRunFound, choose_routes
from .paths import Network, PathTrain

__all__ = ["Candidates", "Choice", "Deadline", "Network", "NoRunFound", "PathTrain",
           "choose_routes"]
