"""Draw a position's board, and a run on it, as SVG (PNG through a converter when one is
installed).

    from trainrun.draw import draw_position
    svg = draw_position(position, run)      # a solve() Run, a verify() Verification, or None

``draw_verification(position, verification)`` draws the declared run and the best side by
side, each broken rule marked where it happens; ``draw_input(position, run_json)`` draws a
run in any form ``trainrun verify`` reads. Each takes ``scale`` (the picture's size, times
its user units; text stays legible: ``trainrun.draw.board.LEGIBLE_PX``) and a drawn run is
captioned by what it is: best run, declared run, or the ``caption`` given ("plan 2").
Texts and badges are placed clear of the track and of each other
(``trainrun.draw.placing``). Element classes and ``data-`` attributes
(``data-hex``, ``data-city``, ``data-town``, ``data-train``, …) are described in
``trainrun.draw.board`` and ``trainrun.draw.routes``.
"""
from __future__ import annotations

import json
from collections.abc import Sequence

from trainrun.board.position import Position
from trainrun.draw.board import BoardFrame, draw_board
from trainrun.draw.png import convert_svg, svg_to_pdf, svg_to_png
from trainrun.draw.routes import (
    draw_legend,
    draw_routes,
    draw_violations,
    legend_height,
    ring_radii,
    route_dicts,
)
from trainrun.draw.svg import attrs, group
from trainrun.formats.text import run_summary
from trainrun.routes.declared import check_declared
from trainrun.routes.result import Run

__all__ = ["convert_svg", "draw_input", "draw_position", "draw_verification", "svg_to_pdf",
           "svg_to_png"]

GAP = 30.0   # between the two boards of a verification


def _document(width: float, height: float, body: list[str], scale: float = 1.0) -> str:
    head = attrs(xmlns="http://www.w3.org/2000/svg", width=f"{width * scale:.0f}",
                 height=f"{height * scale:.0f}", viewBox=f"0 0 {width:.0f} {height:.0f}",
                 font_family="DejaVu Sans, Arial, sans-serif")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<svg{head}>' \
           f'<rect width="100%" height="100%" fill="white"/>{"".join(body)}</svg>\n'


def _run_lines(run: Run) -> list:
    """The total and what it holds beyond the routes, as legend lines."""
    adds, total, outside = run_summary(run)
    return ([(line, "note") for line in adds] + [(total, "total")]
            + [(line, "note") for line in outside])


def _declared_lines(verification, word: str = "Declared") -> list:
    lines = [(f"+ fixed income: ${verification.fixed_income}", "note")] \
        if verification.fixed_income else []
    lines.append((f"{word} ${verification.declared_total}"
                  + ("" if verification.legal else " — illegal"), "total"))
    return lines + [(f"✗{n} {v}", "violation") for n, v in enumerate(verification.violations, 1)]


def _panel(position: Position, frame: BoardFrame, routes: list[dict], heading: str,
           lines: list, violations: Sequence[str] = (), board: list[str] | None = None
           ) -> tuple[list[str], float]:
    """One board with ``routes`` and their legend; ``board``: the board already drawn
    (``frame.room`` holding it)."""
    body = board or draw_board(position, frame, ring_radii(routes))
    room = frame.room.copy()
    body = body + draw_routes(position, frame, routes, room)
    body += draw_violations(position, frame, list(violations), room)
    body.append(draw_legend(routes, frame.height, heading, lines))
    return body, frame.height + legend_height(routes, lines)


def _heading(position: Position, what: str = "") -> str:
    return " · ".join(x for x in (position.title.name, position.company,
                                  f"phase {position.phase.name}", what) if x)


def draw_position(position: Position, run=None, scale: float = 1.0,
                  caption: str | None = None) -> str:
    """The board of ``position`` as an SVG document, ``scale`` times its user units in
    size; with ``run`` its routes drawn on it and the legend below: a ``Run``
    (``trainrun.routes.solve.solve``) with its total and proof, captioned "best run", or a
    ``Verification`` (``trainrun.routes.verify.verify``), captioned "declared run", with its
    declared total and each broken rule marked where it happens. ``caption`` says what
    the run is instead ("plan 2")."""
    frame = BoardFrame(position, scale)
    if run is None:
        body, height = _panel(position, frame, [], _heading(position, caption or ""), [])
    elif isinstance(run, Run):
        body, height = _panel(position, frame, route_dicts(run.routes, run.kept_trains),
                              _heading(position, caption or "best run"), _run_lines(run))
    else:
        body, height = _panel(position, frame, route_dicts(run.routes),
                              _heading(position, caption or "declared run"),
                              _declared_lines(run), run.violations)
    return _document(frame.width, height, [group(body, class_="board")], scale)


def _is_answer(run_input) -> bool:
    """Whether a run given to draw is a solve answer (``solve --json``, ``/solve``): it
    has the answer's ``status`` and ``total``."""
    if isinstance(run_input, (str, bytes)):
        try:
            run_input = json.loads(run_input)
        except ValueError:
            return False
    return isinstance(run_input, dict) and {"status", "total"} <= run_input.keys()


def draw_input(position: Position, run_input=None, scale: float = 1.0,
               caption: str | None = None) -> str:
    """The board with ``run_input`` (a run in any form ``trainrun verify`` reads: trainrun
    routes or a solve answer, an 18xx.games ``run_routes`` action, a corpus line) drawn as
    the checker reads it, broken rules marked; None: the board alone. It is captioned
    ``caption``, else "best run" for a solve answer and "declared run" for the rest."""
    if run_input is None:
        return draw_position(position, scale=scale, caption=caption)
    checked = check_declared(position, run_input)
    if caption is None and _is_answer(run_input):
        frame = BoardFrame(position, scale)
        body, height = _panel(position, frame, route_dicts(checked.routes),
                              _heading(position, "best run"), _declared_lines(checked, "Total"),
                              checked.violations)
        return _document(frame.width, height, [group(body, class_="board")], scale)
    return draw_position(position, checked, scale, caption)


def draw_verification(position: Position, verification, scale: float = 1.0) -> str:
    """The declared run (left, each broken rule marked where it happens and listed) and
    the best run (right) of a ``trainrun.routes.declared.Verification``, side by side,
    ``scale`` times their user units in size."""
    frame = BoardFrame(position, scale)
    rings = ring_radii(route_dicts(verification.routes))
    if verification.best is not None:   # the rings of either panel
        for node, r in ring_radii(route_dicts(verification.best.routes)).items():
            rings[node] = max(r, rings.get(node, 0.0))
    board = draw_board(position, frame, rings)
    left, lh = _panel(position, frame, route_dicts(verification.routes),
                      _heading(position, "declared run"), _declared_lines(verification),
                      verification.violations, board)
    best = verification.best
    if best is None:   # the declared run is the best, or the best was not asked for
        what = (f"Best ${verification.best_total}: the declared run"
                if verification.best_total is not None else "Best run not asked for")
        right, rh = _panel(position, frame, route_dicts(verification.routes),
                           _heading(position, "best run"), [(what, "total")], board=board)
    else:
        right, rh = _panel(position, frame, route_dicts(best.routes),
                           _heading(position, "best run"), _run_lines(best), board=board)
    body = [group(left, class_="board", data_panel="declared"),
            group(right, class_="board", data_panel="best",
                  transform=f"translate({frame.width + GAP:.0f},0)")]
    return _document(2 * frame.width + GAP, max(lh, rh), body, scale)
