"""Time every stress position (``test_stress.py``) once on one worker and print the
README table: per title and train set the slowest and the median board, and overall.

    taskset -c 0 python benchmarks/stress_report.py
"""
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from test_stress import CASES  # noqa: E402

from trainrun import read_position, solve  # noqa: E402


def main() -> None:
    rows: dict = {}
    every = []
    for case, data in CASES:
        position = read_position(data)
        start = time.perf_counter()
        run = solve(position, 600.0, 1)
        took = time.perf_counter() - start
        if run.status != "optimal":
            raise SystemExit(f"{case}: {run.status}")
        if "-v" in sys.argv:
            print(f"{case}: {took * 1000:.0f} ms", file=sys.stderr)
        trains = " + ".join(t["name"] for t in data["trains"])
        rows.setdefault((position.title.name, trains), []).append(took)
        every.append(took)
    print("| title | trains | boards | median | max |")
    print("|---|---|---|---|---|")
    for (title, trains), times in rows.items():
        print(f"| {title} | {trains} | {len(times)} | "
              f"{statistics.median(times) * 1000:.0f} ms | {max(times) * 1000:.0f} ms |")
    print(f"| all | | {len(every)} | {statistics.median(every) * 1000:.0f} ms | "
          f"{max(every) * 1000:.0f} ms |")


if __name__ == "__main__":
    main()
