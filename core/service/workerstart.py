"""What the service's worker processes start with: imported once by the pool's fork server
(``trainrun.service.pool``), so every worker forked from it has the solver imported (OR-Tools'
CP-SAT too, which the solver itself loads only when its CP-SAT stage first runs) and every
installed title already parsed (a fresh worker answers its first request as fast as its
hundredth). The heap is then frozen (``gc.freeze``): a worker's garbage collector leaves
these objects alone, so the memory pages the workers share are not copied into each."""
import gc

import ortools.sat.python.cp_model  # noqa: F401

import trainrun.routes.solve  # noqa: F401
import trainrun.service.tasks  # noqa: F401
from trainrun.registry import installed_titles, load_title

for _name in installed_titles():
    load_title(_name)

gc.freeze()
