"""The ``trainrun`` command: solve a position, verify a declared run, solve a batch, list a
turn's legal moves, advise the best lay, list titles.

Lazy imports: each subcommand imports what it uses inside its function, so that
``trainrun --help`` and ``trainrun titles`` start without the solver, the replay or the
service (``benchmarks/test_startup.py`` measures it).
"""
from __future__ import annotations

import json
import math
import os
import signal
import sys
from contextlib import contextmanager
from typing import NoReturn

import click

from trainrun.errors import InputError
from trainrun.formats.text import format_purchase, format_run, format_verification
from trainrun.jsontext import load_json
from trainrun.turn.advise_budget import ADVISE_TIME_LIMIT

EXIT_STOPPED = 1      # solve: the run is the best found by the time limit, not proven
EXIT_BAD_INPUT = 2
EXIT_INTERNAL = 3


class FiniteSeconds(click.ParamType):
    """A time limit: a finite number of seconds of at least 0.01 (``nan`` and ``inf``
    would never stop)."""

    name = "seconds"

    def convert(self, value, param, ctx):
        try:
            seconds = float(value)
        except (TypeError, ValueError):
            self.fail(f"{value!r} is not a number of seconds", param, ctx)
        if not math.isfinite(seconds) or seconds < 0.01:
            self.fail(f"{value!r} is not a finite number of seconds of at least 0.01",
                      param, ctx)
        return seconds


FINITE_SECONDS = FiniteSeconds()


def _fail(message: str, code: int = EXIT_BAD_INPUT) -> NoReturn:
    click.echo(f"trainrun: error: {message}", err=True)
    sys.exit(code)


def _internal(exc: Exception) -> NoReturn:
    _fail(f"internal error ({type(exc).__name__}: {exc}); please report it with the input",
          EXIT_INTERNAL)


@contextmanager
def _reported():
    """A command's work: bad input ends it with its one line (exit 2), any other error
    with one line saying it is trainrun's fault (exit 3); never a traceback."""
    try:
        yield
    except InputError as exc:
        _fail(str(exc))
    except BrokenPipeError:
        raise   # stdout closed: ``_Commands.invoke`` ends the command quietly
    except Exception as exc:
        _internal(exc)


def _end_on_closed_stdout() -> NoReturn:
    """Stdout was closed by its reader (``trainrun import --runs | head -1``): end at once
    and quietly, killed by SIGPIPE as other command-line tools are (exit status 141 in a
    shell), with nothing left to flush."""
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    os.kill(os.getpid(), signal.SIGPIPE)
    sys.exit(128 + signal.SIGPIPE)   # not reached where SIGPIPE kills


class _Commands(click.Group):
    """The command group; a subcommand whose stdout is closed ends quietly
    (``_end_on_closed_stdout``)."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except BrokenPipeError:
            _end_on_closed_stdout()


def _show(progress: bool | None) -> bool:
    """Whether to draw a progress bar: as asked, else when stderr is a terminal."""
    return sys.stderr.isatty() if progress is None else progress


def _read_bytes(path: str) -> bytes:
    try:
        with open(path, "rb") as fh:
            return fh.read()
    except OSError as exc:
        _fail(f"{path}: {exc.strerror}")


def _read_file(path: str) -> str:
    try:
        with open(path, encoding="utf-8") as fh:
            return fh.read()
    except OSError as exc:
        _fail(f"{path}: {exc.strerror}")
    except UnicodeDecodeError:
        _fail(f"{path}: not UTF-8 text")


def _deadline(time_limit: float):
    """The call's deadline, started now: reading the input counts."""
    from trainrun.solver import Deadline
    return Deadline(time_limit)


def _purchase_text(text: str, deadline, workers: int, trains=None):
    from trainrun.board.trainset import with_trains
    from trainrun.formats.reading import read_position
    from trainrun.turn.purchase import solve_buying_next_train
    position = read_position(text)
    if trains is not None:
        position = with_trains(position, trains)
    return solve_buying_next_train(position, workers=workers, deadline=deadline)


_TRAINS_HELP = ("Run these trains instead of the company's (names, e.g. 8,8,6): a subset, or "
                "a train set it does not hold (what if it bought one).")


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="trainrun")
@click.pass_context
def main(ctx: click.Context) -> None:
    """Exact best runs for 18xx railway games."""
    if ctx.invoked_subcommand != "serve":
        # Ctrl-C ends the command at once, even inside a compiled search or CP-SAT (a
        # Python handler would wait for them to come back); the service stops itself
        signal.signal(signal.SIGINT, signal.SIG_DFL)


@main.command()
@click.argument("position", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print the run as JSON.")
@click.option("--time-limit", default=60.0, show_default=True, type=FINITE_SECONDS,
              help="Seconds before stopping with the best run found and a proven bound.")
@click.option("--workers", default=1, show_default=True, type=click.IntRange(min=1),
              help="CP-SAT search workers.")
@click.option("--buy-next-train", is_flag=True,
              help="Also give the best run if the company first buys the next train from "
                   "the bank (1871's Hunslet), beside the run without.")
@click.option("--format", "fmt", type=click.Choice(["trainrun", "18xx.games"]),
              default="trainrun", show_default=True,
              help="18xx.games: print the run as a run_routes action that engine accepts.")
@click.option("--claim", multiple=True, metavar="BONUS",
              help="Best run that earns this company bonus (its name, or a hex it lists).")
@click.option("--svg", "svg_out", type=click.Path(dir_okay=False), metavar="FILE",
              help="Also draw the board with the best run to FILE (.svg; .png or .pdf where "
                   "a converter is installed).")
@click.option("--scale", default=1.0, show_default=True, type=click.FloatRange(0.1, 10),
              help="Size of the --svg drawing, times its default.")
@click.option("--keep", "keep", type=click.Path(dir_okay=False), metavar="RUN.json",
              help="Keep these trains' routes (any run form verify reads) and find the best "
                   "for the other trains.")
@click.option("--trains", metavar="NAMES", help=_TRAINS_HELP)
@click.option("--progress/--no-progress", default=None,
              help="Best so far, bound and time used on stderr while solving (default: "
                   "when stderr is a terminal).")
def solve(position: str, as_json: bool, time_limit: float, workers: int,
          buy_next_train: bool, fmt: str, claim: tuple, svg_out: str | None, scale: float,
          keep: str | None, trains: str | None, progress: bool | None) -> None:
    """Best run of the operating company in POSITION (own format or a corpus line).

    The whole call answers within --time-limit (reading included). Exit code 0: the run
    is proven optimal; 1: stopped at the time limit, the best run found and a proven
    bound; 2: bad input."""
    deadline = _deadline(time_limit)
    if buy_next_train and fmt != "trainrun":
        _fail("--format: 18xx.games exports one run, not the two of --buy-next-train")
    if buy_next_train and claim:
        _fail("--claim: not with --buy-next-train")
    if buy_next_train and svg_out:
        _fail("--svg: draws one run, not the two of --buy-next-train")
    if svg_out:
        _check_drawing_file(svg_out, "--svg")
    if buy_next_train and keep:
        _fail("--keep: not with --buy-next-train")
    from trainrun.cli.progress import SolveProgress
    show = _show(progress)
    with _reported():
        if buy_next_train:
            result = _purchase_text(_read_file(position), deadline, workers, trains)
            proven = (result.without.status == "optimal"
                      and result.with_train.status == "optimal")
        else:
            from contextlib import nullcontext

            from trainrun.formats.reading import read_position
            from trainrun.routes.solve import solve as solve_position
            board = read_position(_read_file(position))
            kept = _read_file(keep) if keep else None
            bar = SolveProgress(time_limit) if show else None
            with bar or nullcontext():
                result = solve_position(board, workers=workers, claim=claim, trains=trains,
                                        keep=kept, deadline=deadline, progress=bar)
            proven = result.status == "optimal"
            if svg_out:
                from trainrun.draw import draw_position
                _write_drawing(svg_out, draw_position(board, result, scale))
            if fmt == "18xx.games":
                from trainrun.routes.runformat import export_run_routes
                click.echo(json.dumps(export_run_routes(board, result), indent=2))
                sys.exit(0 if proven else EXIT_STOPPED)
    if as_json:
        click.echo(json.dumps(result.to_dict(), indent=2))
    else:
        click.echo(format_purchase(result) if buy_next_train else format_run(result))
    sys.exit(0 if proven else EXIT_STOPPED)


@main.command()
@click.argument("position", type=click.Path(dir_okay=False))
@click.argument("run", required=False, type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print the verdict as JSON.")
@click.option("--time-limit", default=60.0, show_default=True, type=FINITE_SECONDS,
              help="Seconds for finding the best run to compare with.")
@click.option("--workers", default=1, show_default=True, type=click.IntRange(min=1),
              help="CP-SAT search workers.")
@click.option("--svg", "svg_out", type=click.Path(dir_okay=False), metavar="FILE",
              help="Also draw the declared run and the best side by side to FILE (.svg; "
                   ".png or .pdf where a converter is installed), broken rules marked where "
                   "they happen.")
def verify(position: str, run: str | None, as_json: bool, time_limit: float,
           workers: int, svg_out: str | None) -> None:
    """Check the run declared in RUN against POSITION: each route legal or not (every rule
    it breaks, with the place), revenue per stop and bonus, and the gap to the best run.

    RUN is trainrun's own routes, an 18xx.games run_routes action, or a corpus line
    (its declared run); without RUN, POSITION's own declared run is checked. Exit code 0:
    legal and optimal; 1: legal but below the best; 2: illegal or bad input.
    """
    from trainrun.formats.reading import read_position
    from trainrun.routes.verify import verify as verify_run
    if svg_out:
        _check_drawing_file(svg_out, "--svg")
    with _reported():
        text = _read_file(position)
        board = read_position(text)
        declared = _read_file(run) if run is not None else text
        result = verify_run(board, declared, time_limit=time_limit, workers=workers)
        if svg_out:
            from trainrun.draw import draw_verification
            _write_drawing(svg_out, draw_verification(board, result))
    click.echo(json.dumps(result.to_json(), indent=2) if as_json
               else format_verification(result))
    sys.exit(result.exit_code)


DRAWING_SUFFIXES = (".svg", ".png", ".pdf")


def _check_drawing_file(path: str, option: str) -> None:
    """Refuse, in one line, a drawing file whose suffix names no format it is written in."""
    if path != "-" and not path.lower().endswith(DRAWING_SUFFIXES):
        _fail(f"{option}: {path}: a drawing is written as .svg, .png or .pdf (or - for the "
              "SVG on stdout)")


def _write_drawing(path: str, svg: str) -> None:
    """Write ``svg`` to ``path``: as PNG or PDF when it ends in .png or .pdf (through a
    converter), else as SVG; ``-`` is stdout."""
    if path == "-":
        click.echo(svg, nl=False)
        return
    data: str | bytes
    if path.lower().endswith((".png", ".pdf")):
        from trainrun.draw import convert_svg
        data, mode = convert_svg(svg, path.lower()[-3:]), "wb"
    else:
        data, mode = svg, "w"
    try:
        with open(path, mode, encoding=None if mode == "wb" else "utf-8") as fh:
            fh.write(data)
    except OSError as exc:
        raise InputError(path, str(exc.strerror)) from None


@main.command()
@click.argument("position", type=click.Path(dir_okay=False))
@click.argument("run", required=False, type=click.Path(dir_okay=False))
@click.option("-o", "--output", default="-", show_default=True, metavar="FILE",
              help="Where to write the drawing: .svg, .png or .pdf (where a converter is "
                   "installed), or - for the SVG on stdout.")
@click.option("--scale", default=1.0, show_default=True, type=click.FloatRange(0.1, 10),
              help="Size of the drawing, times its default (text stays legible: it is kept "
                   "at 2 pixels or more).")
def draw(position: str, run: str | None, output: str, scale: float) -> None:
    """Draw the board of POSITION as players know it and, with RUN (any form verify
    reads: a solve --json answer, trainrun routes, an 18xx.games run_routes action), that
    run on it: each train's route in its colour, stops with their values, the legend."""
    from trainrun.draw import draw_input
    from trainrun.formats.reading import read_position
    _check_drawing_file(output, "--output")
    with _reported():
        board = read_position(_read_file(position))
        svg = draw_input(board, _read_file(run) if run is not None else None, scale)
        _write_drawing(output, svg)


def _jobs_options(command):
    """``--jobs``, ``--dask`` and ``--progress``: how a many-position command runs."""
    command = click.option("--progress/--no-progress", default=None,
                           help="Progress bar on stderr (default: when stderr is a terminal, "
                                "also with the results redirected to a file).")(command)
    command = click.option("--dask", metavar="ADDRESS",
                           help="Run on the Dask scheduler at ADDRESS (tcp://host:8786); "
                                "needs pip install 'trainrun[dask]'.")(command)
    return click.option("--jobs", default=1, show_default=True, type=click.IntRange(min=0),
                        help="Worker processes, 0: one per core (output stays in input "
                             "order).")(command)


def _write_records(records, total: int, out, progress: bool | None, skip: int = 0) -> None:
    """Write each record as one JSON line as it comes, under a progress bar on a terminal."""
    from tqdm import tqdm
    show = _show(progress)
    with tqdm(total=total, initial=skip, disable=not show, unit="pos", file=sys.stderr) as bar:
        for record in records:
            text = json.dumps(record)
            if show and out is sys.stdout:
                bar.write(text, file=sys.stdout)  # keeps the bar below the results
            else:
                out.write(text + "\n")
                out.flush()
            bar.update()


@main.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--time-limit", default=60.0, show_default=True, type=FINITE_SECONDS,
              help="Seconds per position, reading it included.")
@click.option("--workers", default=1, show_default=True, type=click.IntRange(min=1),
              help="CP-SAT search workers per position.")
@click.option("--trains", metavar="NAMES", help=_TRAINS_HELP + " Applies to every line.")
@click.option("-o", "--output", type=click.Path(dir_okay=False),
              help="Write the results to this file instead of printing them.")
@click.option("--resume", is_flag=True,
              help="Keep the records already in --output (an interrupted batch) and solve "
                   "the rest.")
@_jobs_options
def batch(file: str, time_limit: float, workers: int, trains: str | None, output: str | None,
          resume: bool, jobs: int, dask: str | None, progress: bool | None) -> None:
    """Solve one position per line of FILE (JSON lines); one JSON result per line, in order,
    each with its input ``line`` number."""
    from functools import partial

    from trainrun.bench.batch import (
        completed_records,
        identified,
        read_lines,
        run_lines,
        solve_record,
    )
    lines = read_lines(_read_bytes(file))
    if resume and not output:
        _fail("--resume: needs --output, the file of the interrupted batch")
    with _reported():
        skip = completed_records(output, lines) if resume and output else 0
        records = identified(run_lines(partial(solve_record, time_limit=time_limit,
                                               workers=workers, trains=trains),
                                       lines[skip:], jobs, dask), lines[skip:])
        if not output:
            _write_records(records, len(lines), sys.stdout, progress)
            return
        try:
            with open(output, "a" if resume else "w", encoding="utf-8") as out:
                _write_records(records, len(lines), out, progress, skip)
        except OSError as exc:
            raise InputError(output, str(exc.strerror)) from None


@main.command()
@click.argument("inputs", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--report", "folder", type=click.Path(file_okay=False),
              help="Write report.md, its plots (PNG) and results.jsonl into this folder.")
@click.option("--strategy", "strategies", multiple=True, default=("auto",), show_default=True,
              type=click.Choice(["auto", "bnb", "cpsat", "path"]),
              help="Solve with this strategy (repeat to compare): auto, the compiled branch "
                   "and bound alone, CP-SAT on the enumerated routes, CP-SAT's path model.")
@click.option("--repeat", default=1, show_default=True, type=click.IntRange(min=1),
              help="Timed solves per position; the best counts.")
@click.option("--time-limit", default=60.0, show_default=True, type=FINITE_SECONDS,
              help="Seconds per solve.")
@_jobs_options
def bench(inputs: tuple, folder: str | None, strategies: tuple, repeat: int,
          time_limit: float, jobs: int, dask: str | None, progress: bool | None) -> None:
    """Solve and check every position of INPUTS (JSON lines, positions, 18xx.games game
    files); one JSON row per solve, and with --report a report with plots."""
    from functools import partial

    from trainrun.bench.batch import run_lines
    from trainrun.bench.corpus import bench_lines, bench_record
    from trainrun.bench.report import write_report
    with _reported():
        lines, notes = bench_lines(list(inputs))
        for note in notes:
            click.echo(f"trainrun: note: {note}", err=True)
        rows = []
        for strategy in strategies:
            task = partial(bench_record, strategy=strategy, repeat=repeat,
                           time_limit=time_limit)
            records = run_lines(task, lines, jobs, dask)
            rows += _collected(records, len(lines), progress, echo=folder is None)
        if folder:
            try:
                click.echo(f"report: {write_report(rows, folder)}")
            except OSError as exc:
                raise InputError("--report", f"{folder}: {exc.strerror}") from None


def _collected(records, total: int, progress: bool | None, echo: bool) -> list[dict]:
    """The records, each printed as a JSON line when ``echo``, under a progress bar."""
    from tqdm import tqdm
    show = _show(progress)
    out = []
    for record in tqdm(records, total=total, disable=not show, unit="pos", file=sys.stderr):
        out.append(record)
        if echo:
            click.echo(json.dumps(record))
    return out


def _rows(text: str) -> list[str]:
    """The lines of ``text``, ended by ``\n`` only (JSON text may hold U+2028 or U+0085;
    a last newline ends the last line)."""
    return [ln.removesuffix("\r") for ln in text.removesuffix("\n").split("\n")]


def _legal_moves_record(data) -> dict:
    from trainrun import read_position
    from trainrun.turn.moves import legal_moves
    return legal_moves(read_position(data))


@main.command()
@click.argument("position", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True,
              help='Print {"lays": [{hex, tile, rotation, cost}], "tokens": [{hex, city, cost}]}.')
def moves(position: str, as_json: bool) -> None:
    """Every legal tile lay and token placement of the operating company in POSITION, with
    its cost. A .jsonl file gives one JSON result per line, with its fixture and action."""
    from trainrun import read_position
    from trainrun.turn.moves import legal_moves
    if position.endswith(".jsonl"):
        from functools import partial

        from trainrun.bench.batch import position_record, read_lines, run_lines
        lines = read_lines(_read_bytes(position))
        records = run_lines(partial(position_record, answer=_legal_moves_record), lines)
        _write_records(records, len(lines), sys.stdout, progress=False)
        return
    with _reported():
        board = read_position(_read_file(position))
        found = legal_moves(board)
    if as_json:
        click.echo(json.dumps(found, indent=2))
    else:
        from trainrun.formats.text import format_moves
        click.echo(format_moves(board, found))


@main.command("import")
@click.argument("game", type=click.Path(dir_okay=False))
@click.option("--action", type=int, default=None,
              help="The position just before this action id (default: after the last).")
@click.option("--company", default=None, help="This company's position (default: the one "
                                                "acting there).")
@click.option("--json", "as_json", is_flag=True, help="One line of JSON.")
@click.option("--runs", is_flag=True, help="One position per run_routes of the game (JSON "
                                           "lines with fixture and action, for trainrun batch).")
@click.option("--time-limit", default=60.0, show_default=True, type=FINITE_SECONDS,
              help="Seconds for the whole call, reading included (then exit 1).")
def import_game(game: str, action: int | None, company: str | None, as_json: bool,
                runs: bool, time_limit: float) -> None:
    """Replay an 18xx.games game file (GAME.json) and print a position of it in trainrun's
    own format: the board, the phase and the company's trains, the turn state there (lays
    made this turn, the step, the cash the title's replay follows) and, before a run, the
    run declared there (``declared``, which ``trainrun verify`` checks). Exit code 1:
    stopped at the time limit (with --runs, after the positions replayed by then)."""
    from trainrun.formats.own_format import dump_own
    from trainrun.replay.gamelog import Overran, own_record, position_at, read_game, run_positions
    deadline = _deadline(time_limit)
    with _reported():
        try:
            log = read_game(_read_file(game), os.path.basename(game), deadline)
            if runs:
                for position in run_positions(log, deadline):
                    click.echo(json.dumps(own_record(position)))
                return
            record = own_record(position_at(log, action, company, deadline))
        except Overran as exc:
            _fail(str(exc), EXIT_STOPPED)
    click.echo(json.dumps(record) if as_json else dump_own(record))


@main.command()
@click.argument("game", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print the audit as JSON.")
@click.option("--time-limit", default=60.0, show_default=True, type=FINITE_SECONDS,
              help="Seconds per run for finding the best.")
@click.option("--progress/--no-progress", default=None,
              help="Progress bar (default: on a terminal, not when output is piped).")
def audit(game: str, as_json: bool, time_limit: float, progress: bool | None) -> None:
    """Every run declared in the 18xx.games game file GAME.json, re-scored and checked,
    against the proven best; then per company the sum left on the table."""
    from tqdm import tqdm

    from trainrun.formats.text import format_audit
    from trainrun.replay.audit import audit as audit_game
    from trainrun.replay.audit import run_count
    from trainrun.replay.gamelog import read_game
    with _reported():
        log = read_game(_read_file(game), os.path.basename(game))
        show = _show(progress)
        with tqdm(total=run_count(log), disable=not show, unit="run", file=sys.stderr) as bar:
            report = audit_game(log, time_limit=time_limit, progress=lambda _: bar.update())
    click.echo(json.dumps(report.to_json(), indent=2) if as_json else format_audit(report))
    if report.stopped:
        _fail(f"the replay stopped at {report.stopped}")


def _one_line(path: str, text: str, line: int | None, action: int | None) -> str:
    """The position in ``text``: the whole file, or with ``line`` (1-based) or ``action``
    (the corpus ``action`` field) one line of a JSON-lines file (one that must be chosen
    when a .jsonl file holds several)."""
    rows = _rows(text)
    filled = [row for row in rows if row.strip()]
    if line is not None and action is not None:
        _fail("--line, --action: give one of them, not both")
    if line is None and action is None:
        if path.endswith(".jsonl") and len(filled) != 1:
            _fail(f"{path}: {len(filled)} positions, one per line; "
                  "choose one with --line N or --action N")
        return text
    if line is not None:
        if not 1 <= line <= len(rows) or not rows[line - 1].strip():
            _fail(f"--line: {path} has no position on line {line} ({len(rows)} lines)")
        return rows[line - 1]
    found = []
    for k, row in enumerate(rows, 1):
        if row.strip():
            try:
                data = load_json(row, f"{path} line {k}")
            except InputError as exc:
                _fail(str(exc))
            if isinstance(data, dict) and data.get("action") == action:
                found.append(row)
    if len(found) != 1:
        _fail(f"--action: {len(found)} lines of {path} are action {action}, not one")
    return found[0]


@main.command()
@click.argument("position", type=click.Path(dir_okay=False))
@click.option("--top", default=3, show_default=True, type=click.IntRange(min=0),
              help="How many of the best plans to show with their runs.")
@click.option("--json", "as_json", is_flag=True, help="Print the advice as JSON.")
@click.option("--time-limit", default=ADVISE_TIME_LIMIT, show_default=True,
              type=FINITE_SECONDS,
              help="Seconds for the whole call (reading included); then the ranking so far, "
                   "each plan with its proof status.")
@click.option("--exhaustive", is_flag=True,
              help="Solve every plan's board, even one whose bound cannot beat a run found.")
@click.option("--workers", default=1, show_default=True, type=click.IntRange(min=1),
              help="CP-SAT search workers.")
@click.option("--progress/--no-progress", default=None,
              help="Plans settled, best gain so far and time used on stderr (default: on a "
                   "terminal).")
def advise(position: str, top: int, as_json: bool, time_limit: float, exhaustive: bool,
           workers: int, progress: bool | None) -> None:
    """Rank every plan of the turn in POSITION (each legal lay; a lay then a second lay or a
    token; a token alone) by the best run after it, with the gain over not laying.

    The whole call answers within --time-limit. Exit code 0: the ranking is proven (the
    top plan is proven best); 1: the time limit ended it first, the ranking so far with
    each plan's proof status; 2: bad input."""
    from contextlib import nullcontext

    from trainrun import read_position
    from trainrun.cli.progress import AdviseProgress
    from trainrun.turn.advise import advise as advise_turn
    deadline = _deadline(time_limit)
    bar = AdviseProgress(time_limit) if _show(progress) else None
    with _reported(), bar or nullcontext():
        result = advise_turn(read_position(_read_file(position)), top=top,
                             time_limit=time_limit, workers=workers, progress=bar,
                             exhaustive=exhaustive, deadline=deadline)
    if as_json:
        click.echo(json.dumps(result.to_dict(), indent=2))
    else:
        from trainrun.formats.text import format_advice
        click.echo(format_advice(result))
    sys.exit(0 if result.proven else EXIT_STOPPED)


@main.command()
@click.argument("position", type=click.Path(dir_okay=False))
@click.option("--line", type=click.IntRange(min=1), metavar="N",
              help="Convert line N (from 1) of a JSON-lines file such as a corpus file.")
@click.option("--action", type=int, metavar="N",
              help="Convert the line of a JSON-lines file whose 'action' is N.")
def convert(position: str, line: int | None, action: int | None) -> None:
    """Print POSITION (e.g. a corpus line) in trainrun's own position format."""
    from trainrun.formats.own_format import dump_own, position_to_own
    from trainrun.formats.reading import read_position
    text = _one_line(position, _read_file(position), line, action)
    with _reported():
        own = dump_own(position_to_own(read_position(text)))
    click.echo(own)


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8018, show_default=True, type=int)
@click.option("--jobs", type=click.IntRange(min=1), default=None,
              help="Worker processes solving at once  [default: the cores]")
@click.option("--queue", type=click.IntRange(min=1), default=None,
              help="Requests waiting for a worker before 503  [default: 4 per job]")
@click.option("--long-jobs", type=click.IntRange(min=1), default=None,
              help="Workers that tasks past 0.1 s of CPU may hold; the others are kept "
                   "for short ones  [default: half the jobs, at least 1]")
@click.option("--long-queue", type=click.IntRange(min=1), default=None,
              help="Long tasks waiting for one of those before 503  [default: 2 per "
                   "long job]")
@click.option("--max-time-limit", type=FINITE_SECONDS, default=60.0, show_default=True,
              help="Most seconds a request may ask for (and its default).")
@click.option("--max-workers", type=click.IntRange(min=1), default=1, show_default=True,
              help="Most CP-SAT workers a request may ask for.")
@click.option("--max-body", type=click.IntRange(min=1), default=8 << 20, show_default=True,
              help="Most bytes of a request body.")
@click.option("--read-timeout", type=FINITE_SECONDS, default=10.0, show_default=True,
              help="Seconds to receive a request's head, and again its body.")
@click.option("--max-connections", type=click.IntRange(min=1), default=256,
              show_default=True, help="Requests in progress before 503 (idle connections "
                                      "beyond it are closed).")
@click.option("--api-key", envvar="TRAINRUN_API_KEY", default=None,
              help="Require this key in X-API-Key (also from $TRAINRUN_API_KEY).")
@click.option("--allowed-hosts", default="127.0.0.1,localhost,[::1]", show_default=True,
              help="Host headers served, comma-separated ('*': any).")
def serve(host: str, port: int, jobs: int | None, queue: int | None, long_jobs: int | None,
          long_queue: int | None, max_time_limit: float, max_workers: int, max_body: int,
          read_timeout: float, max_connections: int, api_key: str | None,
          allowed_hosts: str) -> None:
    """Run the HTTP revenue service (POST /solve, /verify, /moves, /advise, /apply,
    /import, /audit, /draw; GET /titles, /healthz, /readyz; docs at /docs) and its web
    page at /."""
    if not 0 <= port <= 65535:
        _fail(f"--port: {port} is not a port (0-65535)")
    import uvicorn

    from trainrun.service import app as service
    from trainrun.service.guard import Limits, protocol_for
    limits = Limits(**({"jobs": jobs} if jobs else {}), queue=queue or 0,
                    long_jobs=long_jobs or 0, long_queue=long_queue or 0,
                    max_time_limit=max_time_limit, max_workers=max_workers,
                    max_body=max_body, body_timeout=read_timeout, head_timeout=read_timeout,
                    api_key=api_key or None, max_connections=max_connections,
                    allowed_hosts=tuple(h.strip().lower() for h in allowed_hosts.split(",")))
    service.configure(limits)
    service.POOL.start()
    uvicorn.run(service.app, host=host, port=port, http=protocol_for(limits),
                timeout_keep_alive=5)


@main.command()
@click.option("--json", "as_json", is_flag=True, help="One JSON object per title.")
def titles(as_json: bool) -> None:
    """List the installed titles and what trainrun does for each: the commands that work,
    those that do not yet, rules not modelled, and how its private companies' abilities
    are read."""
    from trainrun.coverage import title_coverage
    from trainrun.registry import installed_titles
    for name in sorted(installed_titles()):
        cov = title_coverage(name)
        if as_json:
            click.echo(json.dumps(cov.to_dict()))
        else:
            click.echo("\n".join(cov.lines()))


