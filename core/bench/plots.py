"""The plots of the ``trainrun bench`` report (matplotlib, PNG), one point per solve,
coloured by strategy; file names and captions in ``trainrun.bench.report.PLOTS``."""
from __future__ import annotations

import random
from pathlib import Path

from trainrun.errors import InputError


def _pyplot():
    try:
        import matplotlib  # lazy: optional (the bench extra), for the report's plots only
    except ImportError:
        raise InputError("--report", "the plots need matplotlib: "
                                     "pip install 'trainrun[bench]'") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # lazy: optional (the bench extra), for the report's plots only
    return plt


def _by_strategy(rows: list[dict]) -> dict[str, list[dict]]:
    groups: dict[str, list[dict]] = {}
    for row in rows:
        groups.setdefault(row["strategy"], []).append(row)
    return groups


def _save(fig, path: Path) -> None:
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def draw_plots(rows: list[dict], folder: Path) -> None:
    """Write every plot of ``PLOTS`` into ``folder`` (an empty frame when no row fits)."""
    plt = _pyplot()
    groups = _by_strategy(rows)
    try:
        _log_scatter(plt, groups, "reference_seconds", folder / "time_vs_reference.png",
                     "18xx.games auto-router, recorded (s)", diagonals=True)
        _log_scatter(plt, groups, "routes_enumerated", folder / "time_vs_routes.png",
                     "routes enumerated (all trains)", diagonals=False)
        _time_vs_trains(plt, groups, folder / "time_vs_trains.png")
        _gain_over_declared(plt, rows, folder / "gain_over_declared.png")
    finally:
        plt.close("all")


def _log_scatter(plt, groups, x_key: str, path: Path, xlabel: str, diagonals: bool) -> None:
    """Time against ``x_key`` of each row that has it, log-log, one colour per strategy;
    with ``diagonals`` the equal-time and 100x-faster lines."""
    fig, ax = plt.subplots(figsize=(6, 4.5))
    points = []
    for strategy, rows in groups.items():
        pairs = [(r[x_key], r["seconds"]) for r in rows if r[x_key]]
        points += pairs
        ax.scatter([p[0] for p in pairs], [p[1] for p in pairs], s=9, label=strategy)
    if points:
        if diagonals:
            lo, hi = min(min(p) for p in points), max(max(p) for p in points)
            ax.plot([lo, hi], [lo, hi], "k:", lw=0.8, label="equal")
            ax.plot([lo, hi], [lo / 100, hi / 100], "k--", lw=0.8, label="100x faster")
        ax.set_xscale("log")
        ax.set_yscale("log")
    ax.set_xlabel(xlabel)
    ax.set_ylabel("trainrun (s)")
    ax.legend(fontsize=8)
    _save(fig, path)


def _time_vs_trains(plt, groups, path: Path) -> None:
    fig, (left, right) = plt.subplots(1, 2, figsize=(9, 4.5), sharey=True)
    jitter = random.Random(0)
    longest_seen = 0
    for strategy, rows in groups.items():
        left.scatter([len(r["trains"]) + jitter.uniform(-0.15, 0.15) for r in rows],
                     [r["seconds"] for r in rows], s=9, label=strategy)
        lengths = [max((d for d in r["distances"] if d is not None), default=0) for r in rows]
        longest_seen = max([longest_seen, *lengths])
    unlimited_at = longest_seen + 2
    for strategy, rows in groups.items():
        x = [unlimited_at if None in r["distances"] else
             max((d for d in r["distances"] if d is not None), default=0) for r in rows]
        right.scatter([v + jitter.uniform(-0.2, 0.2) for v in x],
                      [r["seconds"] for r in rows], s=9, label=strategy)
    left.set_xlabel("number of trains")
    right.set_xlabel(f"longest train (cities; {unlimited_at} = unlimited)")
    left.set_ylabel("time (s)")
    if any(groups.values()):
        left.set_yscale("log")
    left.legend(fontsize=8)
    _save(fig, path)


def _gain_over_declared(plt, rows: list[dict], path: Path) -> None:
    fig, ax = plt.subplots(figsize=(6, 4.5))
    first = rows[0]["strategy"] if rows else None  # one strategy: the totals are the same
    gains = [r["total"] - r["declared"] for r in rows
             if r["declared"] is not None and r["strategy"] == first]
    ax.hist(gains, bins=30)
    ax.set_xlabel("proven best minus declared total ($)")
    ax.set_ylabel("positions")
    _save(fig, path)
