"""Progress of a long solve on a terminal: best run so far, proven bound, time used.

``SolveProgress`` is the ``progress`` callback of ``trainrun.routes.solve.solve``; while the solve
runs, a thread redraws one stderr line every quarter second (the compiled searches
release the interpreter), from half a second on, and clears it at the end.
"""
from __future__ import annotations

import sys
import threading
import time


class SolveProgress:
    """Use as ``with SolveProgress(limit) as bar: solve(..., progress=bar)``."""

    FIRST = 0.5      # seconds before the line first appears
    EVERY = 0.25     # seconds between redraws

    def __init__(self, limit: float, stream=None):
        self.limit = limit
        self.stream = stream or sys.stderr
        self.best = self.bound = None
        self.started = time.monotonic()
        self.shown = False
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __call__(self, best, bound, elapsed: float) -> None:
        if best is not None:
            self.best = best if self.best is None else max(self.best, best)
        if bound is not None:
            self.bound = bound if self.bound is None else min(self.bound, bound)

    def line(self) -> str:
        best = "—" if self.best is None else f"${self.best}"
        bound = "—" if self.bound is None else f"${self.bound}"
        return (f"best so far {best} · proven at most {bound} · "
                f"{time.monotonic() - self.started:.1f} s of {self.limit:g} s")

    def _run(self) -> None:
        if self._stop.wait(self.FIRST):
            return
        while True:
            self.stream.write("\r" + self.line() + "\033[K")
            self.stream.flush()
            self.shown = True
            if self._stop.wait(self.EVERY):
                return

    def __enter__(self) -> SolveProgress:
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()
        if self.shown:
            self.stream.write("\r\033[K")
            self.stream.flush()
