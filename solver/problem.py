"""The solver's data: the problem as given, how to solve it, and the answer.

A ``Problem`` is what the caller knows about a company's run, title-free: per train type
its listed routes (``Candidates``) or its path model (``PathTrain`` on a ``Network``),
the company bonuses and the fixed income. ``Options`` says how long and how to search.
Between the stages the best run found so far travels as a ``Run``; the caller gets a
``Choice``: the routes, their total and what is proven about it.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from .deadline import Deadline
    from .paths import Network, PathTrain

# how the combination is searched: "auto" (branch and bound first where it applies, then
# CP-SAT), "bnb" (branch and bound only), "cpsat" (CP-SAT only)
STRATEGIES = ("auto", "bnb", "cpsat")


class NoRunFound(Exception):
    """No run earning the required bonuses was found within the time limit (none is
    proven impossible either)."""


class StrategyUnfit(Exception):
    """The requested search strategy cannot solve this problem (its message says why)."""


@dataclass
class Candidates:
    """Routes of one train type offered to the model: per route its revenue, its track
    bitset (bit j: it uses track resource j) and the company bonuses it reaches."""

    count: int             # identical trains of this type
    values: np.ndarray     # int route revenue
    bits: np.ndarray       # uint64 [routes, words] track resources
    reach: np.ndarray      # bool [routes, bonuses] which company bonuses each route earns
    complete: bool = True  # False when the list was cut short (then only a bound is proven)
    upper: int = 0         # an upper bound on any route of this type (when incomplete)


@dataclass
class Problem:
    """The combination problem: at most ``count`` routes per train type, no two sharing
    track, most revenue plus the company bonuses earned plus ``fixed``.

    ``amounts[k]`` is the value of company bonus k (earned once, by any chosen route
    reaching it). ``required`` lists bonuses the run must earn (the best run among those
    that do). ``path_trains`` maps the index of a type whose route list is incomplete to
    its ``PathTrain``: that type is modelled as paths on ``net`` instead."""

    candidates: list[Candidates]
    amounts: list[int]
    fixed: int = 0
    required: tuple = ()
    net: Network | None = None
    path_trains: dict[int, PathTrain] = field(default_factory=dict)

    @property
    def complete(self) -> bool:
        """Every type's routes are listed (otherwise only a bound is proven)."""
        return all(c.complete for c in self.candidates)

    @property
    def routes(self) -> int:
        """The listed routes of all types."""
        return sum(len(c.values) for c in self.candidates)

    def earned(self, picks: list) -> list[int]:
        """The company bonuses the listed routes ``picks`` (type, index) reach, sorted."""
        if not self.amounts:
            return []
        cands = self.candidates
        return sorted({int(k) for t, i in picks for k in np.flatnonzero(cands[t].reach[i])})

    def earns_required(self, picks: list) -> bool:
        """The listed routes ``picks`` earn every required bonus."""
        return set(self.required) <= set(self.earned(picks))


@dataclass
class Options:
    """How to solve: every stage stops at ``deadline``; ``workers`` CP-SAT search workers;
    ``strategy`` one of ``STRATEGIES``; ``progress``, if given, is called with (best
    total, bound) as they improve (either may be None: not known yet)."""

    deadline: Deadline
    workers: int = 1
    strategy: str = "auto"
    progress: Callable[[int | None, int | None], None] | None = None


@dataclass(frozen=True)
class Run:
    """A run found: (type, route index) picks and their total, route values and earned
    bonuses without the fixed income. With required bonuses and none known yet: no picks
    and a total of -1."""

    picks: list
    total: int



@dataclass
class Choice:
    """The chosen routes: (type index, route index) pairs, and what is proven about them."""

    picks: list            # (type, route index) or, for path-modelled types, (type, (stops, segs))
    total: int
    bound: int
    status: str            # "optimal" or "feasible"
    bonuses: list = field(default_factory=list)   # indices of earned company bonuses
    kept: int = 0          # routes offered to CP-SAT after the exact cuts
