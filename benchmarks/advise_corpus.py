"""The lay advisor over every lay moment of tests/data/moves: how often, and by how much, the
lay players made fell short of the best this turn's run allows.

    python benchmarks/advise_corpus.py [--title 1817] [--out advise.jsonl] [--time-limit 10]

For each moment of a company's lay step (``kind: lay_tile``, ``step: Track``; a private's
SpecialTrack lays are left out) it runs ``advise`` and compares the proven-best run after
the best plan and after the best single lay with the proven run after the recorded lay alone
(solved on its own, not taken from the advisor's cache). Prints per title the moments, how
many recorded lays were below the best single lay and the best plan, the mean and largest
shortfall, the candidates and boards solved, and the advisor's median time. The run only
scores this turn: a lay made for later turns shows as a shortfall here.
"""
import argparse
import json
import statistics
from pathlib import Path

from trainrun import read_position, solve
from trainrun.errors import InputError
from trainrun.turn.advise import advise
from trainrun.turn.moves import Lay, apply

MOVES = Path(__file__).parent.parent / "tests" / "data" / "moves"


def lay_moments(title: str | None = None) -> list[dict]:
    """The company lay moments of the legal-move set, in file order."""
    return [d for path in sorted(MOVES.glob("*/*.jsonl"))
            for d in map(json.loads, path.read_text().splitlines())
            if d["kind"] == "lay_tile" and d["step"] == "Track"
            and (title is None or d["title"] == title)]


def measure(line: dict, time_limit: float) -> dict:
    """One moment: the advisor's best plan and best single lay, the recorded lay's run."""
    position = read_position(line)
    advice = advise(position, top=0, time_limit=time_limit)
    rec = line["recorded"]
    singles = [p for p in advice.plans if len(p.moves) == 1 and isinstance(p.moves[0], Lay)]
    mine = next((p for p in singles if (p.moves[0].hex, p.moves[0].tile, p.moves[0].rotation)
                 == (rec["hex"], rec["tile"], rec["rotation"])), None)
    out = {"title": line["title"], "fixture": line["fixture"], "action": line["action"],
           "candidates": len(advice.plans), "boards_solved": advice.boards_solved,
           "seconds": advice.seconds, "proven": advice.proven,
           "no_lay": advice.no_lay.total,
           "best_plan": advice.plans[0].run.total if advice.plans else None,
           "best_lay": max((p.run.total for p in singles), default=None),
           "recorded_in_advice": mine is not None}
    try:
        run = solve(apply(position, {k: rec[k] for k in ("hex", "tile", "rotation")}),
                    time_limit=time_limit)
    except InputError as exc:   # a known difference with the engine (tests/test_lays*.py)
        out["recorded_refused"] = str(exc)
        return out
    out.update(recorded=run.total, recorded_status=run.status,
               advisor_recorded=None if mine is None else mine.run.total)
    return out


def summary(rows: list[dict]) -> str:
    lines = []
    for title in sorted({r["title"] for r in rows}):
        mine = [r for r in rows if r["title"] == title and "recorded" in r]
        if not mine:
            continue
        short_lay = [r["best_lay"] - r["recorded"] for r in mine if r["best_lay"] > r["recorded"]]
        short_plan = [r["best_plan"] - r["recorded"] for r in mine
                      if r["best_plan"] > r["recorded"]]
        lines.append(
            f"{title}: {len(mine)} moments; recorded lay below the best single lay "
            f"{len(short_lay)} times (mean ${statistics.mean(short_lay or [0]):.0f}, "
            f"max ${max(short_lay, default=0)}), below the best plan {len(short_plan)} times "
            f"(mean ${statistics.mean(short_plan or [0]):.0f}, max ${max(short_plan, default=0)}); "
            f"candidates median {statistics.median(r['candidates'] for r in mine):.0f} "
            f"(max {max(r['candidates'] for r in mine)}), boards solved median "
            f"{statistics.median(r['boards_solved'] for r in mine):.0f}; advise median "
            f"{statistics.median(r['seconds'] for r in mine):.2f} s, max "
            f"{max(r['seconds'] for r in mine):.1f} s; all proven: "
            f"{all(r['proven'] for r in mine)}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--title")
    parser.add_argument("--out", help="also write one JSON line per moment here (an "
                                      "existing file is resumed)")
    parser.add_argument("--time-limit", type=float, default=10.0)
    args = parser.parse_args()
    rows = []
    if args.out and Path(args.out).exists():    # resume: keep the moments measured
        rows = [json.loads(ln) for ln in Path(args.out).read_text().splitlines()]
    done = {(r["fixture"], r["action"]) for r in rows}
    out = open(args.out, "a") if args.out else None
    for line in lay_moments(args.title):
        if (line["fixture"], line["action"]) in done:
            continue
        rows.append(measure(line, args.time_limit))
        if out:
            out.write(json.dumps(rows[-1]) + "\n")
            out.flush()
    print(summary(rows))


if __name__ == "__main__":
    main()
