"""How the lay advisor (``trainrun.turn.advise``) spends its one time budget.

A module of its own so the command line and the service's main process read the default
without loading the advisor."""

ADVISE_TIME_LIMIT = 5.0   # seconds for the whole call (benchmarks/advise_corpus.py)
ANSWER_SHARE = 0.05       # of the budget kept for writing the answer: the work stops before
NO_LAY_SHARE = 0.4        # of the budget, at most, for the run without laying
SOLVE_SHARE = 0.5         # of the time left, at most, for one board's solve
PROGRESS_EVERY = 0.25     # seconds at least between progress lines sent over HTTP
