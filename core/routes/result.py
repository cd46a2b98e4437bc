"""What ``trainrun.routes.solve.solve`` answers: the run (``Run``), each train's route in it
(``RunRoute``) and each visited stop (``StopScore``), in 18xx.games terms (node ids
``HEX-i``, chains of tile paths) so any engine can replay them."""
from __future__ import annotations

from dataclasses import asdict, dataclass, field


@dataclass
class StopScore:
    """A visited stop: its node id, what it scores, the place's name on the map ("" for
    an unnamed one) and its kind ("city", "town", "offboard")."""

    node: str
    value: int
    scored: bool = True
    location: str = ""
    kind: str = ""

    def to_dict(self) -> dict:
        """``dataclasses.asdict`` of it, built directly (one per visited stop of a run)."""
        return {"node": self.node, "value": self.value, "scored": self.scored,
                "location": self.location, "kind": self.kind}


@dataclass
class RunRoute:
    """One train's route: stops in order, their values, and the track between them."""

    train: str
    train_name: str
    revenue: int
    visited: list
    stops: list
    chains: list
    bonuses: list = field(default_factory=list)   # name, where, value (stop bonuses are
                                                  # part of that stop's value)


@dataclass
class Run:
    """A company's run and what is proven about it."""

    title: str
    company: str
    phase: str
    total: int
    status: str               # "optimal", "feasible" (stopped at the time limit) or
    #                           "not proven" (a rule of the title's runs is not modelled)
    bound: int                # proven upper bound on the best total (== total when optimal)
    seconds: float
    routes: list
    company_bonuses: list = field(default_factory=list)
    fixed_income: int = 0
    # income outside the run, never in ``total`` (1817 mail contracts): {"name", "amount"}
    company_income: list = field(default_factory=list)
    idle_trains: list = field(default_factory=list)   # ids of trains that run no route
    routes_enumerated: dict = field(default_factory=dict)
    routes_kept: int = 0
    kept_trains: list = field(default_factory=list)   # trains whose routes were given (keep)
    # the title's run rules trainrun does not follow: the run is the best under the others
    not_modelled: list = field(default_factory=list)

    def to_dict(self) -> dict:
        return asdict(self)
