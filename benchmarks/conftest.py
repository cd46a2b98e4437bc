"""Corpus positions for the benchmarks: the tests' own loader over the same files."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent.parent / "tests"))
from corpus_checks import corpus_lines  # noqa: E402, F401  (benchmarks import it from here)
