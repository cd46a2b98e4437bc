"""A bot's inner loop: try every legal lay of the operating company and keep the one whose
board runs for the most, every board solved by one ``TitleSolver`` (the title loaded once,
a board met twice solved once).

    python examples/bot_inner_loop.py examples/18chesapeake-lay-moment.json
"""
import sys

from trainrun import TitleSolver, read_position
from trainrun.turn.lay_moves import legal_lays
from trainrun.turn.moves import apply


def best_lay(position, solver: TitleSolver, time_limit: float = 1.0):
    """(lay, run) of the lay whose board's best run earns most (the first of equals)."""
    lays = legal_lays(position)
    runs = solver.solve_many((apply(position, lay) for lay in lays), time_limit=time_limit)
    return max(zip(lays, runs), key=lambda pair: pair[1].total)


if __name__ == "__main__":
    position = read_position(open(sys.argv[1]).read())
    solver = TitleSolver(position.title.name)
    lay, run = best_lay(position, solver)
    print(f"lay {lay.tile} on {lay.hex} turned {lay.rotation}: runs {run.total} ({run.status})")
    print(f"{solver.solved} boards solved, {solver.reused} answered from a kept run")
