"""How well ``--time-limit`` keeps its promise on the hardest boards we know: for each limit,
the whole call's time (reading included, the title already loaded), the run found, the
proven bound and the status.

    taskset -c 0 python benchmarks/time_limit_report.py
"""
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from corpus_checks import corpus_lines  # noqa: E402

from trainrun import read_position  # noqa: E402
from trainrun.routes.solve import solve  # noqa: E402
from trainrun.solver import Deadline  # noqa: E402

LIMITS = (0.05, 0.2, 1.0, 3.0)


def boards() -> list[tuple[str, str, str]]:
    """(name, position text, trains) of the hard boards."""
    late_18pa = (ROOT / "examples" / "18pa-late-game.json").read_text()
    last_1817 = json.dumps(next(d for d in reversed(corpus_lines("1817"))
                                if d["fixture"] == "15528.json"))
    return [("18PA late game, 4 + 4 + 5 + 5", late_18pa, "4,4,5,5"),
            ("18PA late game, 4 + 4 + 5 + 5 + 5", late_18pa, "4,4,5,5,5"),
            ("1817 15528's last board, 8 + 8 + 6 + 6", last_1817, "8,8,6,6")]


def main() -> None:
    print("| board | " + " | ".join(f"T = {t:g} s" for t in LIMITS) + " |")
    print("|---|" + "---|" * len(LIMITS))
    for name, text, trains in boards():
        read_position(text)   # the title loaded once, as in a running service
        cells = []
        for limit in LIMITS:
            start = time.monotonic()
            run = solve(read_position(text), trains=trains.split(","), deadline=Deadline(limit))
            took = time.monotonic() - start
            proof = "optimal" if run.status == "optimal" else f"≤ ${run.bound}"
            cells.append(f"{took:.2f} s: ${run.total}, {proof}")
        print(f"| {name} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
