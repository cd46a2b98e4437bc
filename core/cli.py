"""The ``trainrun`` command: solve a position, solve a batch, list titles."""
from __future__ import annotations

import json
import sys

import click

from .errors import InputError

EXIT_BAD_INPUT = 2
EXIT_INTERNAL = 3


def _fail(message: str, code: int = EXIT_BAD_INPUT) -> None:
    click.echo(f"trainrun: error: {message}", err=True)
    sys.exit(code)


def _internal(exc: Exception) -> None:
    _fail(f"internal error ({type(exc).__name__}: {exc}); please report it with the input",
          EXIT_INTERNAL)


def _read_file(path: str) -> str:
    try:
        with open(path, encoding="utf-8") as fh:
            return fh.read()
    except OSError as exc:
        _fail(f"{path}: {exc.strerror}")
    except UnicodeDecodeError:
        _fail(f"{path}: not UTF-8 text")


def _solve_text(text: str, time_limit: float, workers: int):
    from trainrun.plugins import read_position
    from trainrun.run import solve
    return solve(read_position(text), time_limit=time_limit, workers=workers)


def format_run(run) -> str:
    """A run as a player reads it."""
    lines = [f"{run.title} · {run.company} · phase {run.phase}"]
    for r in run.routes:
        lines.append(f"  {r.train_name} train ({r.train}): ${r.revenue}")
        for s in r.stops:
            place = f"{s['node']:<6} {s['location']}".rstrip()
            value = f"{s['value']:>4}" if s["scored"] else "   -"
            lines.append(f"      {place:<32}{value}")
        for b in r.bonuses:
            lines.append(f"      + {b['name']} ({b['where']})")
    for train in run.idle_trains:
        lines.append(f"  {train}: no route")
    for b in run.company_bonuses:
        lines.append(f"  + {b['name']}: ${b['amount']}")
    if run.fixed_income:
        lines.append(f"  + fixed income: ${run.fixed_income}")
    proof = ("optimal (proven)" if run.status == "optimal"
             else f"best found at the time limit; the best run is at most ${run.bound}")
    lines.append(f"Total ${run.total} — {proof} — {run.seconds * 1000:.0f} ms")
    for income in run.company_income:
        lines.append(f"Not in the run: {income['name']} ${income['amount']} to the company")
    return "\n".join(lines)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="trainrun")
def main() -> None:
    """Exact best runs for 18xx railway games."""


@main.command()
@click.argument("position", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print the run as JSON.")
@click.option("--time-limit", default=60.0, show_default=True, type=click.FloatRange(min=0.01),
              help="Seconds before stopping with the best run found and a proven bound.")
@click.option("--workers", default=1, show_default=True, type=click.IntRange(min=1),
              help="CP-SAT search workers.")
def solve(position: str, as_json: bool, time_limit: float, workers: int) -> None:
    """Best run of the operating company in POSITION (own format or a corpus line)."""
    try:
        run = _solve_text(_read_file(position), time_limit, workers)
    except InputError as exc:
        _fail(str(exc))
    except Exception as exc:  # never a traceback for the user
        _internal(exc)
    click.echo(json.dumps(run.to_dict(), indent=2) if as_json else format_run(run))


def _batch_record(line: str, time_limit: float, workers: int) -> dict:
    record: dict = {}
    try:
        data = json.loads(line)
        if isinstance(data, dict):
            record = {k: data[k] for k in ("fixture", "action") if k in data}
        from trainrun.plugins import read_position
        from trainrun.run import solve
        run = solve(read_position(data), time_limit=time_limit, workers=workers)
    except json.JSONDecodeError as exc:
        return {**record, "status": "error", "error": f"position: malformed JSON ({exc.msg})"}
    except InputError as exc:
        return {**record, "status": "error", "error": str(exc)}
    except Exception as exc:  # one bad position must not stop the batch
        return {**record, "status": "error", "error": f"internal error ({type(exc).__name__}: {exc})"}
    return {**record, "title": run.title, "company": run.company, "total": run.total,
            "status": run.status, "bound": run.bound, "seconds": run.seconds,
            "routes": [{"train": r.train, "train_name": r.train_name, "revenue": r.revenue,
                        "visited": r.visited, "stops": r.stops, "chains": r.chains}
                       for r in run.routes]}


@main.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--time-limit", default=60.0, show_default=True, type=click.FloatRange(min=0.01),
              help="Seconds per position.")
@click.option("--workers", default=1, show_default=True, type=click.IntRange(min=1))
@click.option("--progress/--no-progress", default=None,
              help="Progress bar (default: on a terminal, not when output is piped).")
def batch(file: str, time_limit: float, workers: int, progress: bool | None) -> None:
    """Solve one position per line of FILE (JSON lines); print one JSON result per line."""
    from tqdm import tqdm
    lines = [ln for ln in _read_file(file).splitlines() if ln.strip()]
    show = sys.stdout.isatty() and sys.stderr.isatty() if progress is None else progress
    bar = tqdm(lines, disable=not show, unit="pos", file=sys.stderr)
    for line in bar:
        out = json.dumps(_batch_record(line, time_limit, workers))
        if show:
            bar.write(out, file=sys.stdout)  # keeps the bar below the results
        else:
            click.echo(out)


@main.command()
@click.argument("position", type=click.Path(dir_okay=False))
def convert(position: str) -> None:
    """Print POSITION (e.g. a corpus line) in trainrun's own position format."""
    from trainrun.plugins import read_position
    from trainrun.position import dump_own, position_to_own
    try:
        click.echo(dump_own(position_to_own(read_position(_read_file(position)))))
    except InputError as exc:
        _fail(str(exc))


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8018, show_default=True, type=int)
def serve(host: str, port: int) -> None:
    """Run the HTTP revenue service (POST /solve, GET /titles; docs at /docs)."""
    import uvicorn
    uvicorn.run("trainrun.service:app", host=host, port=port)


@main.command()
def titles() -> None:
    """List the installed titles."""
    from trainrun.plugins import installed_titles
    for name, (_, info) in sorted(installed_titles().items()):
        aliases = f" (also: {', '.join(info.aliases)})" if info.aliases else ""
        click.echo(f"{name}{aliases} — {info.description}")
