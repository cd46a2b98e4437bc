"""The ``trainrun bench`` report: ``report.md`` with one table per strategy and title, the
plots beside it (matplotlib, PNG) and the raw rows (``results.jsonl``)."""
from __future__ import annotations

import json
import statistics
from collections import defaultdict
from pathlib import Path

PLOTS = {
    "time_vs_reference.png": "Time per position against the 18xx.games auto-router's "
                             "recorded time (log-log; dotted: equal, dashed: 100x faster)",
    "time_vs_routes.png": "Time against routes enumerated",
    "time_vs_trains.png": "Time against the number of trains and the longest train",
    "gain_over_declared.png": "Revenue the proven best adds over the declared run",
}


def percentile(values: list[float], q: float) -> float:
    """The nearest-rank ``q`` quantile (0..1) of ``values``."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def summary_rows(rows: list[dict]) -> list[dict]:
    """One summary per (strategy, title): counts and median/p99/max milliseconds."""
    groups = defaultdict(list)
    for row in rows:
        groups[row.get("strategy", "auto"), row.get("title", "(unreadable)")].append(row)
    out = []
    for (strategy, title), group in sorted(groups.items()):
        solved = [r for r in group if r["status"] != "error"]
        times = [r["seconds"] * 1000 for r in solved]
        out.append({
            "strategy": strategy, "title": title, "positions": len(group),
            "errors": len(group) - len(solved),
            "proven": sum(r["status"] == "optimal" for r in solved),
            "legal": sum(r["legal"] for r in solved),
            "oracle_equal": sum(r["oracle"] is not None and r["total"] == r["oracle"]
                                for r in solved),
            "oracle_above": sum(r["oracle"] is not None and r["total"] > r["oracle"]
                                for r in solved),
            "not_below_reference": sum(not r["failures"] for r in solved),
            "median_ms": statistics.median(times) if times else None,
            "p99_ms": percentile(times, 0.99) if times else None,
            "max_ms": max(times) if times else None,
            "routes_median": statistics.median(
                [r["routes_enumerated"] for r in solved if r["routes_enumerated"] is not None]
                or [0]),
        })
    return out


def _ms(value) -> str:
    return "–" if value is None else f"{value:.1f}"


def markdown(rows: list[dict]) -> str:
    """The report's text: a table per strategy (one line per title), failures, plots."""
    lines = ["# trainrun bench", "",
             f"{len(rows)} solves. *proven*: optimal proven; *legal*: every route passes the "
             "independent checker and re-scores to the total; *= oracle* / *> oracle*: equal "
             "to / above the recorded exhaustive optimum (above: routes the engine allows but "
             "its search missed); *ok*: nothing below the oracle, the declared run or the "
             "auto-router's run.", ""]
    by_strategy = defaultdict(list)
    for summary in summary_rows(rows):
        by_strategy[summary["strategy"]].append(summary)
    for strategy, summaries in by_strategy.items():
        lines += [f"## Strategy `{strategy}`", "",
                  "| title | positions | errors | proven | legal | = oracle | > oracle | ok "
                  "| median ms | p99 ms | max ms | routes (median) |",
                  "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
        for s in summaries:
            lines.append(f"| {s['title']} | {s['positions']} | {s['errors']} | {s['proven']} "
                         f"| {s['legal']} | {s['oracle_equal']} | {s['oracle_above']} "
                         f"| {s['not_below_reference']} | {_ms(s['median_ms'])} "
                         f"| {_ms(s['p99_ms'])} | {_ms(s['max_ms'])} "
                         f"| {s['routes_median']:.0f} |")
        lines.append("")
    lines += _slow_for_the_router(rows)
    lines += _slower_than_the_router(rows)
    bad = [r for r in rows if r["status"] == "error" or r["failures"]]
    lines += ["## Failures", ""]
    lines += [f"- line {r['line']} {r.get('id', '')} ({r.get('strategy', '')}): "
              f"{r.get('error') or '; '.join(r['failures'])}" for r in bad] or ["None."]
    lines += ["", "## Plots", ""]
    lines += [f"![{caption}]({name})\n\n{caption}.\n" for name, caption in PLOTS.items()]
    return "\n".join(lines)


def _slow_for_the_router(rows: list[dict]) -> list[str]:
    """Positions where the 18xx.games auto-router took at least a second, slowest first."""
    slow = sorted((r for r in rows if r["status"] != "error"
                   and (r.get("reference_seconds") or 0) >= 1.0),
                  key=lambda r: -r["reference_seconds"])
    out = ["## Where the 18xx.games auto-router took 1 s or more", ""]
    out += [f"- {r['id']} ({r['strategy']}): auto-router {r['reference_seconds']:.2f} s, "
            f"trainrun {r['seconds'] * 1000:.1f} ms "
            f"({r['reference_seconds'] / r['seconds']:.0f}x)" for r in slow] or ["None."]
    return out + [""]


ROUTER_FLOOR = 2e-4   # seconds: the auto-router's recorded times below this are not compared


def slower_than_router(rows: list[dict]) -> list[dict]:
    """The solved rows where trainrun took longer than the 18xx.games auto-router's recorded
    time (both its phases), where that time is at least ``ROUTER_FLOOR``; slowest first by
    the ratio."""
    slower = [r for r in rows if r["status"] != "error"
              and (r.get("reference_seconds") or 0) >= ROUTER_FLOOR
              and r["seconds"] > r["reference_seconds"]]
    return sorted(slower, key=lambda r: -r["seconds"] / r["reference_seconds"])


def _slower_than_the_router(rows: list[dict], shown: int = 20) -> list[str]:
    slower = slower_than_router(rows)
    timed = sum(r["status"] != "error" and (r.get("reference_seconds") or 0) >= ROUTER_FLOOR
                for r in rows)
    out = ["## Where trainrun took longer than the 18xx.games auto-router", "",
           f"{len(slower)} of the {timed} solves where the auto-router's recorded time is "
           f"{ROUTER_FLOOR * 1000:.1f} ms or more (in the first plot, the points above the "
           f"dotted line); the {min(shown, len(slower))} furthest above it:", ""]
    out += [f"- {r['id']} ({r['strategy']}): auto-router {r['reference_seconds'] * 1000:.1f} ms, "
            f"trainrun {r['seconds'] * 1000:.1f} ms" for r in slower[:shown]]
    return out + [""]


def write_report(rows: list[dict], folder: str) -> Path:
    """``report.md``, the plots and ``results.jsonl`` in ``folder`` (made if missing)."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    with open(out / "results.jsonl", "w", encoding="utf-8") as fh:
        fh.writelines(json.dumps(row) + "\n" for row in rows)
    from trainrun.bench.plots import draw_plots  # lazy: matplotlib is optional (the bench extra)
    draw_plots([r for r in rows if r["status"] != "error"], out)
    (out / "report.md").write_text(markdown(rows), encoding="utf-8")
    return out / "report.md"
