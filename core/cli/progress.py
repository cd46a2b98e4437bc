"""Progress of a long solve or advise on a terminal.

``SolveProgress`` is the ``progress`` callback of ``trainrun.routes.solve.solve`` (best run so
far, proven bound, time used); ``AdviseProgress`` that of ``trainrun.turn.advise.advise``
(plans settled of those listed, best gain so far, time used). While the call runs, a thread
redraws one stderr line every quarter second (the compiled searches release the
interpreter), from half a second on, and clears it at the end.
"""
from __future__ import annotations

import sys
import threading
import time
from typing import Self


class _StatusLine:
    """One stderr line redrawn by a thread while a call of ``limit`` seconds runs; a
    subclass says what it shows (``line``) and is the call's callback."""

    FIRST = 0.5      # seconds before the line first appears
    EVERY = 0.25     # seconds between redraws

    def __init__(self, limit: float, stream=None):
        self.limit = limit
        self.stream = stream or sys.stderr
        self.started = time.monotonic()
        self.shown = False
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def line(self) -> str:
        raise NotImplementedError

    def _used(self) -> str:
        return f"{time.monotonic() - self.started:.1f} s of {self.limit:g} s"

    def _run(self) -> None:
        if self._stop.wait(self.FIRST):
            return
        while True:
            self.stream.write("\r" + self.line() + "\033[K")
            self.stream.flush()
            self.shown = True
            if self._stop.wait(self.EVERY):
                return

    def __enter__(self) -> Self:
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()
        if self.shown:
            self.stream.write("\r\033[K")
            self.stream.flush()


class SolveProgress(_StatusLine):
    """Use as ``with SolveProgress(limit) as bar: solve(..., progress=bar)``."""

    def __init__(self, limit: float, stream=None):
        super().__init__(limit, stream)
        self.best = self.bound = None

    def __call__(self, best, bound, elapsed: float) -> None:
        if best is not None:
            self.best = best if self.best is None else max(self.best, best)
        if bound is not None:
            self.bound = bound if self.bound is None else min(self.bound, bound)

    def line(self) -> str:
        best = "—" if self.best is None else f"${self.best}"
        bound = "—" if self.bound is None else f"${self.bound}"
        return f"best so far {best} · proven at most {bound} · {self._used()}"


class AdviseProgress(_StatusLine):
    """Use as ``with AdviseProgress(limit) as bar: advise(..., progress=bar)``."""

    def __init__(self, limit: float, stream=None):
        super().__init__(limit, stream)
        self.solved = self.plans = 0
        self.best: int | None = None

    def __call__(self, solved: int, plans: int, best: int | None, elapsed: float) -> None:
        self.solved, self.plans, self.best = solved, plans, best

    def line(self) -> str:
        best = "—" if self.best is None else f"{'-' if self.best < 0 else '+'}${abs(self.best)}"
        return f"plans settled {self.solved} of {self.plans} · best gain so far {best} · " \
               f"{self._used()}"
