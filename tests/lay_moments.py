"""The lay moments of ``tests/data/moves`` and the two sets the lay tests compare: the
18xx.games engine's legal lays and ``trainrun.turn.lay_moves.legal_lays``, each as
(hex, tile, rotation, cost)."""
import json
from functools import cache
from pathlib import Path

from fixture_privates import with_privates

from trainrun import read_position
from trainrun.turn.lay_moves import legal_lays

MOVES = Path(__file__).parent / "data" / "moves"
COMPILED_MOVES = Path(__file__).parent / "data" / "moves_compiled"
FIXTURES = Path(__file__).parent / "data" / "fixtures"
LOAN_TITLES = ("18NY",)   # titles whose replay follows the loans a company may still take


def lay_lines(step: str) -> dict[str, dict]:
    """Every ``lay_tile`` line of ``step`` (``Track``, ``SpecialTrack``), by
    ``title/game#action``."""
    return {f"{path.parent.name}/{path.stem}#{d['action']}": d
            for path in sorted(MOVES.glob("*/*.jsonl"))
            for d in map(json.loads, path.read_text().splitlines())
            if d["kind"] == "lay_tile" and d["step"] == step}


def compiled_moment(title: str, game: str, action: int) -> dict:
    """The moment before ``action`` of ``game`` in ``tests/data/moves_compiled/<title>/``."""
    lines = (COMPILED_MOVES / title / f"{game}.jsonl").read_text().splitlines()
    return next(d for d in map(json.loads, lines) if d["action"] == action)


@cache
def _loans_left(title: str, fixture: str) -> dict:
    """Action id -> the ``loans_left`` the game-log replay gives the company acting there."""
    from trainrun.replay.gamelog import read_game, replay
    game = read_game((FIXTURES / title / fixture).read_text(), name=fixture)
    out = {}
    for action, state in replay(game):
        if action.get("entity_type") in ("corporation", "company"):
            left = state.state.title_state.get(state.operator(action), {}).get("loans_left")
            if left is not None:
                out[action["id"]] = left
    return out


def with_loans(line: dict) -> dict:
    """The line with ``title_state.loans_left`` from the replay of its game log, where the
    title's replay follows loans (a moves line gives the cash, not the loans held)."""
    if line["title"] not in LOAN_TITLES:
        return line
    left = _loans_left(line["title"], line["fixture"]).get(line["action"])
    if left is None:
        return line
    return {**line, "title_state": {**line.get("title_state", {}), "loans_left": left}}


def read_moment(line: dict):
    """The moves line as a position, with the private companies' holders from its game log
    (``fixture_privates``) and the loans its company may still take (``with_loans``)."""
    return read_position(with_privates(with_loans(line)))


def engine_lays(line: dict) -> set:
    return {(m["hex"], m["tile"], m["rotation"], m["cost"]) for m in line["legal"]}


def our_lays(position) -> set:
    return {(m.hex, m.tile, m.rotation, m.cost) for m in legal_lays(position)}
