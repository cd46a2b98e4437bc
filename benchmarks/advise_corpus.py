"""The lay advisor over every lay moment of tests/data/moves: within its default budget, how
long it takes and how much of each ranking it proves; exhaustively, how often, and by how
much, the lay players made fell short of the best this turn's run allows.

    python benchmarks/advise_corpus.py [--title 1817] [--out advise.jsonl]
                                       [--time-limit 5] [--exhaustive] [--compiled]

For each moment of a company's lay step (``kind: lay_tile``, ``step: Track``; a private's
SpecialTrack lays are left out) it runs ``advise`` within ``--time-limit`` seconds for the
whole call (default: its own default, ``ADVISE_TIME_LIMIT``) and prints per title and over
all: the moments, the advisor's median and largest time, the share of plans (move lists,
alternatives included) proven (their run proven optimal, or proven below a run found), the
moments whose ranking is proven and those where no lay improves the run.

With ``--compiled`` the moments are those of tests/data/moves_compiled (the titles compiled
from the engine), each position imported from its game log at that action
(``trainrun.replay.gamelog``: the board, privates and turn state the replay gives there),
as a player's would be.

With ``--exhaustive`` every board is solved and the best plan and best single lay are
compared with the proven run after the recorded lay alone (solved on its own, not taken
from the advisor's cache): how many recorded lays were below the best single lay and the
best plan, the mean and largest shortfall. The run only scores this turn: a lay made for
later turns shows as a shortfall here.
"""
import argparse
import json
import statistics
from pathlib import Path

from trainrun import read_position, solve
from trainrun.board.position import Position
from trainrun.errors import InputError
from trainrun.replay.gamelog import read_game, replay
from trainrun.turn.advice import NOT_BETTER, OPTIMAL
from trainrun.turn.advise import advise
from trainrun.turn.advise_budget import ADVISE_TIME_LIMIT
from trainrun.turn.moves import Lay, apply

DATA = Path(__file__).parent.parent / "tests" / "data"
MOVES = DATA / "moves"


def lay_moments(title: str | None = None) -> list[dict]:
    """The company lay moments of the legal-move set, in file order."""
    return [d for path in sorted(MOVES.glob("*/*.jsonl"))
            for d in map(json.loads, path.read_text().splitlines())
            if d["kind"] == "lay_tile" and d["step"] == "Track"
            and (title is None or d["title"] == title)]


def compiled_moments(title: str | None = None) -> list:
    """The company lay moments of tests/data/moves_compiled, each as the position its game
    log's import gives just before that action, in file order."""
    out = []
    for path in sorted((DATA / "moves_compiled").glob("*/*.jsonl")):
        wanted = {d["action"] for d in map(json.loads, path.read_text().splitlines())
                  if d["kind"] == "lay_tile" and d["step"] == "Track"
                  and (title is None or d["title"] == title)}
        log = DATA / "fixtures" / path.parent.name / f"{path.stem}.json"
        if not wanted or not log.exists():
            continue
        try:
            for logged, state in replay(read_game(log.read_text(), log.name)):
                if logged["id"] in wanted:
                    out.append(state.position_before(logged, state.operator(logged)))
        except InputError:   # a log stopping early (tests/data/README.md): its moments so far
            pass
    return out


def ways(plan) -> list[tuple]:
    """Every move list of a (merged) plan: its moves and its alternatives'."""
    return [plan.moves] + [moves for moves, _ in plan.alternatives]


def measure(line, time_limit: float, exhaustive: bool = False) -> dict:
    """One moment (a moves line, or a position imported there): the advisor's time, plans
    and proofs; with ``exhaustive``, its best plan and best single lay against the recorded
    lay's run (moves lines only)."""
    position = line if isinstance(line, Position) else read_position(line)
    line = position.source if isinstance(line, Position) else line
    advice = advise(position, top=0, time_limit=time_limit, exhaustive=exhaustive)
    proven = sum(len(ways(p)) for p in advice.plans if p.status in (OPTIMAL, NOT_BETTER))
    out = {"title": position.title.name, "fixture": line["fixture"], "action": line["action"],
           "candidates": advice.candidates, "plans": len(advice.plans),
           "plans_proven": proven, "boards_solved": advice.boards_solved,
           "seconds": advice.seconds, "proven": advice.proven,
           "lay_improves": advice.lay_improves, "no_lay": advice.no_lay.total,
           "best_plan": advice.plans[0].total if advice.plans else None}
    if not exhaustive or "recorded" not in line:
        return out
    rec = line["recorded"]
    singles = [(w[0], p) for p in advice.plans for w in ways(p)
               if len(w) == 1 and isinstance(w[0], Lay)]
    mine = next((p for lay, p in singles if (lay.hex, lay.tile, lay.rotation)
                 == (rec["hex"], rec["tile"], rec["rotation"])), None)
    out.update(best_lay=max((p.run.total for _, p in singles), default=None),
               recorded_in_advice=mine is not None)
    try:
        run = solve(apply(position, {k: rec[k] for k in ("hex", "tile", "rotation")}),
                    time_limit=time_limit)
    except InputError as exc:   # a known difference with the engine (tests/test_lays*.py)
        out["recorded_refused"] = str(exc)
        return out
    out.update(recorded=run.total, recorded_status=run.status,
               advisor_recorded=None if mine is None else mine.run.total)
    return out


def _budget_line(name: str, rows: list[dict]) -> str:
    seconds = [r["seconds"] for r in rows]
    plans = sum(r["candidates"] for r in rows)
    return (f"{name}: {len(rows)} moments; advise median {statistics.median(seconds):.2f} s, "
            f"max {max(seconds):.2f} s; plans proven {sum(r['plans_proven'] for r in rows)} "
            f"of {plans} ({100 * sum(r['plans_proven'] for r in rows) / max(plans, 1):.1f} %); "
            f"ranking proven at {sum(r['proven'] for r in rows)}; no lay improves at "
            f"{sum(r['lay_improves'] is False for r in rows)}")


def _shortfall_line(title: str, mine: list[dict]) -> str:
    short_lay = [r["best_lay"] - r["recorded"] for r in mine if r["best_lay"] > r["recorded"]]
    short_plan = [r["best_plan"] - r["recorded"] for r in mine if r["best_plan"] > r["recorded"]]
    return (f"{title}: recorded lay below the best single lay {len(short_lay)} times (mean "
            f"${statistics.mean(short_lay or [0]):.0f}, max ${max(short_lay, default=0)}), "
            f"below the best plan {len(short_plan)} times (mean "
            f"${statistics.mean(short_plan or [0]):.0f}, max ${max(short_plan, default=0)})")


def summary(rows: list[dict]) -> str:
    titles = sorted({r["title"] for r in rows})
    lines = [_budget_line(t, [r for r in rows if r["title"] == t]) for t in titles]
    lines.append(_budget_line("all", rows))
    for title in titles:
        mine = [r for r in rows if r["title"] == title and "recorded" in r]
        if mine:
            lines.append(_shortfall_line(title, mine))
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--title")
    parser.add_argument("--out", help="also write one JSON line per moment here (an "
                                      "existing file is resumed)")
    parser.add_argument("--time-limit", type=float, default=ADVISE_TIME_LIMIT)
    parser.add_argument("--compiled", action="store_true",
                        help="the compiled titles' moments, imported from their game logs")
    parser.add_argument("--exhaustive", action="store_true",
                        help="solve every board and compare with the recorded lay")
    args = parser.parse_args()
    rows = []
    if args.out and Path(args.out).exists():    # resume: keep the moments measured
        rows = [json.loads(ln) for ln in Path(args.out).read_text().splitlines()]
    done = {(r["fixture"], r["action"]) for r in rows}
    out = open(args.out, "a") if args.out else None
    for line in (compiled_moments if args.compiled else lay_moments)(args.title):
        source = line.source if isinstance(line, Position) else line
        if (source["fixture"], source["action"]) in done:
            continue
        rows.append(measure(line, args.time_limit, args.exhaustive))
        if out:
            out.write(json.dumps(rows[-1]) + "\n")
            out.flush()
    print(summary(rows))


if __name__ == "__main__":
    main()
