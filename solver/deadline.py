"""The wall-clock promise of one call: a ``Deadline`` every phase of a solve looks at.

``--time-limit T`` means the whole call answers by ``T`` seconds after it started:
reading, graph, enumeration, the greedy run, the branch and bound, pruning, building the
CP-SAT model and CP-SAT itself. One ``Deadline`` is made where the call starts and
passed down; each phase stops at ``at`` (the compiled loops look at the clock every
few thousand steps) or at an earlier point it asks for with ``share``. Times are
``time.monotonic()`` seconds (the compiled loops read the same clock,
``CLOCK_MONOTONIC``).
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field


@dataclass
class Deadline:
    """``seconds`` after ``start`` (default: now)."""

    seconds: float
    start: float = field(default_factory=time.monotonic)

    @property
    def at(self) -> float:
        """The monotonic time by which the call answers."""
        return self.start + self.seconds

    def left(self) -> float:
        """Seconds until the deadline (0 once it has passed)."""
        return max(self.at - time.monotonic(), 0.0)

    def elapsed(self) -> float:
        return time.monotonic() - self.start

    def expired(self) -> bool:
        return time.monotonic() >= self.at

    def first_of(self, n: int) -> Deadline:
        """A deadline for the first of ``n`` calls sharing the time left equally (the
        solves of ``--buy-next-train``); it stops no later than this one."""
        now = time.monotonic()
        return Deadline(max(self.at - now, 0.0) / max(n, 1), now)

    def share(self, fraction: float) -> float:
        """The monotonic time ``fraction`` of the time left from now: where a phase
        that must leave the rest to later phases stops."""
        now = time.monotonic()
        return now + max(self.at - now, 0.0) * fraction
