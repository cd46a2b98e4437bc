"""Shared test fixtures (shared helpers live in corpus_checks.py and boards.py)."""
import pytest


@pytest.fixture(scope="session")
def chesapeake():
    from trainrun.registry import load_title
    return load_title("18Chesapeake")


def pytest_addoption(parser):
    parser.addoption("--nightly", action="store_true",
                     help="also run the long tests marked nightly (more fuzzing)")


def pytest_configure(config):
    config.addinivalue_line("markers", "nightly: a long test run only with --nightly")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--nightly"):
        return
    skip = pytest.mark.skip(reason="long: run with --nightly")
    for item in items:
        if "nightly" in item.keywords:
            item.add_marker(skip)
