"""``trainrun bench``: solve positions, check every answer, time it, for a report.

Inputs are JSON-lines files (corpus lines or own-format positions), own-format position
files and 18xx.games game files (every ``run_routes`` of the game, replayed). Each position
is solved once per strategy (``trainrun.routes.solve.SOLVE_STRATEGIES``), best of ``repeat`` timed
runs, reading included. Every answer is checked: each route by the independent checker
(``trainrun.routes.legality``) and the total it re-scores; against the recorded exhaustive optimum
(``exact_oracle``) where the line has one; never below the declared run or the 18xx.games
auto-router's run where the line records them. A row says what failed in ``failures``.
"""
from __future__ import annotations

import json
import time
from pathlib import Path

from trainrun.bench.batch import Line, read_lines
from trainrun.errors import InputError
from trainrun.formats.reading import read_position
from trainrun.hooks.answers import train_rules
from trainrun.jsontext import load_json
from trainrun.replay.gamelog import SEED_LIMIT, own_record, read_game, run_positions
from trainrun.routes.legality import check_run
from trainrun.routes.solve import solve


def bench_lines(paths: list[str]) -> tuple[list[Line], list[str]]:
    """The positions of every input, one line of JSON text each, numbered in input order,
    and a note for each game file whose replay stopped early (its runs up to there count)."""
    texts: list[tuple[str, str]] = []   # (text, why unreadable: "" when readable)
    notes: list[str] = []
    for path in paths:
        try:
            data = Path(path).read_bytes()
        except OSError as exc:
            raise InputError(path, str(exc.strerror)) from None
        if path.endswith(".jsonl"):
            texts += [(line.text, line.unreadable) for line in read_lines(data)]
            continue
        obj = load_json(data, path, max_int=SEED_LIMIT)
        if isinstance(obj, dict) and "actions" in obj:
            texts += [(text, "") for text in _game_runs(obj, Path(path).name, notes)]
        else:
            texts.append((json.dumps(obj), ""))
    return [Line(n, text, unreadable)
            for n, (text, unreadable) in enumerate(texts, start=1)], notes


def _game_runs(game: dict, name: str, notes: list) -> list[str]:
    runs = []
    try:
        for position in run_positions(read_game(game, name)):
            runs.append(json.dumps(own_record(position)))
    except InputError as exc:
        notes.append(f"{name}: replay stopped after {len(runs)} runs: {exc}")
    return runs


def _reference(data: dict) -> dict:
    """What the line records to compare with: oracle, declared and auto-router totals."""
    oracle = data.get("exact_oracle") or {}
    router = data.get("reference_router") or {}
    declared = data.get("declared") or {}
    return {"oracle": oracle.get("total"), "oracle_complete": oracle.get("complete"),
            "declared": declared.get("total"), "reference_total": router.get("total"),
            "reference_seconds": (router["path_seconds"] + router["combo_seconds"]
                                  if "path_seconds" in router else None)}


def _failures(row: dict) -> list[str]:
    out = []
    if row["oracle"] is not None and row["oracle_complete"] and row["total"] < row["oracle"]:
        out.append(f"below the exhaustive optimum {row['oracle']}")
    for key, name in (("declared", "declared run"), ("reference_total", "auto-router's run")):
        if row[key] is not None and row["total"] < row[key]:
            out.append(f"below the {name} {row[key]}")
    return out


def bench_record(text: str, strategy: str = "auto", repeat: int = 1,
                 time_limit: float = 60.0) -> dict:
    """One position solved with ``strategy``: time (best of ``repeat``), answer, checks."""
    try:
        data = load_json(text, "position")
        best, run, position = float("inf"), None, None
        for _ in range(repeat):
            t0 = time.perf_counter()
            position = read_position(data)
            run = solve(position, time_limit=time_limit, workers=1, strategy=strategy)
            best = min(best, time.perf_counter() - t0)
    except InputError as exc:
        return {"strategy": strategy, "status": "error", "error": str(exc)}
    except Exception as exc:  # one bad position must not stop the bench
        return {"strategy": strategy, "status": "error",
                "error": f"internal error ({type(exc).__name__}: {exc})"}
    assert run is not None and position is not None     # repeat ≥ 1
    check = check_run(position, [(r.train, r.visited, r.chains) for r in run.routes])
    enumerated = list(run.routes_enumerated.values())
    row = {"id": f"{data.get('fixture', '')}#{data.get('action', '')}", "title": run.title,
           "company": run.company, "strategy": strategy, "status": run.status,
           "total": run.total, "bound": run.bound, "seconds": best,
           "routes_enumerated": (sum(enumerated) if all(isinstance(n, int) for n in enumerated)
                                 else None),
           "trains": [t.name for t in position.trains],
           "distances": [_length(position, t) for t in position.trains],
           "legal": check.legal and check.total == run.total, **_reference(data)}
    row["failures"] = ([] if row["legal"] else
                       [f"checker: {v}" for v in check.violations]
                       or [f"checker re-scores {check.total}, solver said {run.total}"])
    row["failures"] += _failures(row)
    return row


def _length(position, train) -> int | None:
    """How far ``train`` may run by its title's rules (cities, or hex edges for H trains);
    None when unlimited."""
    rules = train_rules(position, train)
    return None if rules.distance == "unlimited" else rules.limit
