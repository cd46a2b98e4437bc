"""trainrun: exact best runs for 18xx railway games.

The Python API::

    from trainrun import read_position, solve
    run = solve(read_position(open("position.json").read()))
    print(run.total, run.status)

``read_position`` takes a dict or JSON text (trainrun's own format or an
18xx.games corpus line); ``solve`` returns a ``Run``. ``trainrun.verify.verify(position,
run)`` checks a declared run (trainrun routes or an 18xx.games run_routes action) and
compares it with the best; ``trainrun.legality.check_run`` is the checker under it.
"""
__version__ = "0.1.0"

from trainrun.plugins import read_position  # noqa: E402
from trainrun.run import Run, solve  # noqa: E402

__all__ = ["Run", "read_position", "solve", "__version__"]
