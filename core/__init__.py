"""trainrun: exact best runs for 18xx railway games.

The Python API::

    from trainrun import read_position, solve
    run = solve(read_position(open("position.json").read()))
    print(run.total, run.status)

``read_position`` takes a dict or JSON text (trainrun's own format or an
18xx.games corpus line); ``solve`` returns a ``Run``. ``trainrun.verify.verify(position,
run)`` checks a declared run (trainrun routes or an 18xx.games run_routes action) and
compares it with the best; ``trainrun.legality.check_run`` is the checker under it. The
run after first buying the next train from the bank (1871's Hunslet), beside the run
without: ``solve_buying_next_train``.
"""
__version__ = "0.1.0"

from trainrun.plugins import read_position  # noqa: E402
from trainrun.purchase import Purchase, solve_buying_next_train  # noqa: E402
from trainrun.result import Run  # noqa: E402
from trainrun.run import solve  # noqa: E402

__all__ = ["Purchase", "Run", "read_position", "solve", "solve_buying_next_train",
           "__version__"]
