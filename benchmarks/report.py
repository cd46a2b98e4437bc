"""Corpus benchmark report: solve every position of a title, one core, and summarise.

    python benchmarks/report.py [TITLE] [--repeat 3] [--plot times.png]
    python benchmarks/report.py --positions tests/data/18pa [--repeat 3]

TITLE is a title's name or alias as ``trainrun titles`` lists it (default 18Chesapeake);
its recorded positions are read from tests/data/corpus, whichever folder holds them.

Prints the median, p99 and max solve time (best of ``--repeat`` runs per
position, reading and solving included), how many positions were proven
optimal, and for positions where the 18xx.games auto-router took >= 1 s the
ratio of its recorded time (path_seconds + combo_seconds) to trainrun's.
``--positions FOLDER`` times the own-format positions ``FOLDER/*.json`` instead
(titles without a recorded corpus).
"""
import argparse
import statistics
import time
from pathlib import Path

from trainrun import read_position, solve
from trainrun.errors import InputError

from conftest import title_lines


def measure(lines: list[dict], repeat: int) -> list[dict]:
    rows = []
    for line in lines:
        best, run = float("inf"), None
        for _ in range(repeat):
            t0 = time.perf_counter()
            run = solve(read_position(line), time_limit=60.0, workers=1)
            best = min(best, time.perf_counter() - t0)
        ref = line["reference_router"]
        rows.append({"id": f"{line['fixture']}#{line['action']}", "seconds": best,
                     "status": run.status, "total": run.total,
                     "oracle": line["exact_oracle"]["total"],
                     "reference_seconds": ref["path_seconds"] + ref["combo_seconds"],
                     "reference_total": ref["total"]})
    return rows


def measure_files(folder: str, repeat: int) -> str:
    """Median, p99 and max solve time of the own-format positions in ``folder``."""
    times, optimal, paths = [], 0, sorted(Path(folder).glob("*.json"))
    for path in paths:
        text, best = path.read_text(), float("inf")
        for _ in range(repeat):
            t0 = time.perf_counter()
            run = solve(read_position(text), time_limit=60.0, workers=1)
            best = min(best, time.perf_counter() - t0)
        times.append(best)
        optimal += run.status == "optimal"
    times.sort()
    p99 = times[min(len(times) - 1, int(round(0.99 * (len(times) - 1))))]
    return (f"positions: {len(paths)}, proven optimal: {optimal}\n"
            f"median {statistics.median(times) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, "
            f"max {times[-1] * 1000:.1f} ms")


def summarise(rows: list[dict]) -> str:
    times = sorted(r["seconds"] for r in rows)
    p99 = times[min(len(times) - 1, int(round(0.99 * (len(times) - 1))))]
    optimal = sum(r["status"] == "optimal" for r in rows)
    above = sum(r["total"] > r["reference_total"] for r in rows)
    lines = [f"positions: {len(rows)}, proven optimal: {optimal}, "
             f"above the auto-router: {above}",
             f"median {statistics.median(times) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, "
             f"max {times[-1] * 1000:.1f} ms"]
    slow = [r for r in rows if r["reference_seconds"] >= 1.0]
    for r in slow:
        lines.append(f"  {r['id']}: auto-router {r['reference_seconds']:.2f} s, trainrun "
                     f"{r['seconds'] * 1000:.1f} ms, {r['reference_seconds'] / r['seconds']:.0f}x")
    if not slow:
        lines.append("  (no position where the auto-router took >= 1 s)")
    return "\n".join(lines)


def plot(rows: list[dict], path: str) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(6, 4))
    ax.scatter([r["reference_seconds"] for r in rows], [r["seconds"] for r in rows], s=8)
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("18xx.games auto-router (s)")
    ax.set_ylabel("trainrun, proven optimal (s)")
    lo = min(min(r["seconds"] for r in rows), min(r["reference_seconds"] or 1 for r in rows))
    ax.plot([lo, 100], [lo, 100], "k:", lw=0.8)
    fig.tight_layout()
    fig.savefig(path, dpi=120)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("title", nargs="?", default="18Chesapeake")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--plot", help="write a scatter plot (needs matplotlib)")
    ap.add_argument("--positions", help="time the own-format positions FOLDER/*.json")
    args = ap.parse_args()
    if args.positions:
        print(measure_files(args.positions, args.repeat))
        return
    try:
        lines = title_lines(args.title)
    except InputError as exc:
        ap.error(str(exc))
    if not lines:
        ap.error(f"no recorded positions of {args.title} in tests/data/corpus; "
                 "time own-format positions with --positions FOLDER")
    rows = measure(lines, args.repeat)
    print(summarise(rows))
    if args.plot:
        plot(rows, args.plot)


if __name__ == "__main__":
    main()
