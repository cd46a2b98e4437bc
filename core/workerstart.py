"""What the service's worker processes start with: imported once by the pool's fork server
(``trainrun.solvepool``), so every worker forked from it has the solver imported and every
installed title already parsed (a fresh worker answers its first request as fast as its
hundredth). The heap is then frozen (``gc.freeze``): a worker's garbage collector leaves
these objects alone, so the memory pages the workers share are not copied into each."""
import gc

import trainrun.run  # noqa: F401
import trainrun.servicetasks  # noqa: F401
from trainrun.plugins import installed_titles, load_title

for _name in installed_titles():
    load_title(_name)

gc.freeze()
