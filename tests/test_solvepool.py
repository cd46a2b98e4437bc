"""The service's worker pool at its edges: a worker that has died, a replacement that
cannot start, a pool closed while a replacement starts."""
import pytest

from trainrun.service import pool as solvepool
from trainrun.service.pool import SolvePool, _context, _Worker


@pytest.fixture(scope="module")
def ctx():
    return _context()


def test_a_dead_worker_reads_as_its_last_cpu_time_and_lowering_it_is_harmless(ctx):
    worker = _Worker(ctx)
    seen = worker.cpu_seconds()
    worker.kill()
    worker.join()
    # no /proc entry any more: not wall time (which would make its task look long)
    assert worker.cpu_seconds() == seen < 60
    worker.yield_to_short_tasks()   # no error for a process that is gone
    assert worker.lowered


class _Gone:
    lowered = False

    def join(self):
        pass


def test_a_replacement_that_cannot_start_leaves_the_pool_one_worker_short(monkeypatch,
                                                                            capsys):
    pool = SolvePool(jobs=2, queue=1, long_jobs=1, long_queue=1)
    pool._busy, pool._long = 1, 1

    def broken(ctx):
        raise OSError("no fork server")
    monkeypatch.setattr(solvepool, "_Worker", broken)
    pool._replace(_Gone(), freed_long=True)
    assert (pool.jobs, pool._busy, pool._long) == (1, 0, 0)
    assert "a worker could not be started (OSError: no fork server); 1 left" in \
        capsys.readouterr().err


def test_a_worker_started_after_close_is_not_handed_out(monkeypatch):
    pool = SolvePool(jobs=1, queue=1, long_jobs=1, long_queue=1)
    killed = []

    class Fresh(_Gone):
        def kill(self):
            killed.append(self)
    monkeypatch.setattr(solvepool, "_Worker", lambda ctx: Fresh())
    pool.close()
    pool._replace(_Gone(), freed_long=False)
    assert killed and pool._idle == []
