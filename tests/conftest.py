"""Shared test fixtures (shared helpers live in corpus_checks.py and boards.py)."""
import pytest


@pytest.fixture(scope="session")
def chesapeake():
    from trainrun.plugins import load_title
    return load_title("18Chesapeake")
