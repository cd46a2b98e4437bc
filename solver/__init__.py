"""Choose the best combination of routes across a company's trains (CP-SAT)."""
from .model import Candidates, Choice, choose_routes

__all__ = ["Candidates", "Choice", "choose_routes"]
