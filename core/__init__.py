"""trainrun: exact best runs for 18xx railway games.

The Python API in three calls::

    from trainrun import read_position, solve
    run = solve(read_position(open("position.json").read()))
    print(run.total, run.status)
"""
__version__ = "0.1.0"


def read_position(data):
    """Read a position (dict or JSON text, own format or corpus line) of any installed title."""
    from trainrun.plugins import read_position as _read
    return _read(data)


def solve(position, time_limit: float = 60.0, workers: int = 1):
    """The best run of the position's operating company (see ``trainrun.run.solve``)."""
    from trainrun.run import solve as _solve
    return _solve(position, time_limit=time_limit, workers=workers)
