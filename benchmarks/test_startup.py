"""pytest-benchmark: the command line's start-up, as a player meets it — a whole process each.

    taskset -c 0 python -m pytest benchmarks/test_startup.py --benchmark-only

Each round starts a new interpreter: ``trainrun --help`` and ``trainrun titles`` load no
solver and no OR-Tools; ``trainrun solve`` on the 18Chesapeake example reads the position
and lets the compiled branch and bound prove it, so OR-Tools is not loaded either
(``trainrun.solver`` imports CP-SAT only when its stage runs). The assertions check the
answers, not the times (the times are the benchmark's).
"""
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).parent.parent / "examples" / "18chesapeake-late-game.json"
COMMANDS = {
    "help": (["--help"], "Exact best runs for 18xx railway games."),
    "titles": (["titles"], "18Chesapeake"),
    "solve": (["solve", str(EXAMPLE)], "$580"),
}


def run(args: list[str]) -> str:
    done = subprocess.run([sys.executable, "-m", "trainrun", *args], capture_output=True,
                          text=True, check=True)
    return done.stdout


@pytest.mark.parametrize("name", list(COMMANDS))
def test_start_up(benchmark, name):
    args, expected = COMMANDS[name]
    out = benchmark.pedantic(run, args=(args,), rounds=10, iterations=1, warmup_rounds=1)
    assert expected in out


def test_help_and_titles_load_no_solver():
    """``--help`` and ``titles`` import neither OR-Tools nor the solver's model."""
    probe = ("import sys, runpy; sys.argv = ['trainrun', '{}'];\n"
             "try: runpy.run_module('trainrun', run_name='__main__')\n"
             "except SystemExit: pass\n"
             "print(sorted(m for m in sys.modules if m.startswith(('ortools', 'pandas'))))")
    for arg in ("--help", "titles"):
        done = subprocess.run([sys.executable, "-c", probe.format(arg)], capture_output=True,
                              text=True, check=True)
        assert done.stdout.strip().splitlines()[-1] == "[]"
