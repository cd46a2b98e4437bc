"""Shared test helpers."""
import json
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"
CORPUS = DATA / "corpus"


def corpus_lines(title: str) -> list[dict]:
    """Every corpus position of ``title`` (the folder name under tests/data/corpus)."""
    out = []
    for f in sorted((CORPUS / title).glob("*.jsonl")):
        out += [json.loads(line) for line in f.read_text().splitlines() if line.strip()]
    return out


@pytest.fixture(scope="session")
def chesapeake():
    from trainrun.plugins import load_title
    return load_title("18Chesapeake")
