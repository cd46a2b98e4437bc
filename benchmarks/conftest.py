"""Corpus positions for the benchmarks (the same files the tests use)."""
import json
from pathlib import Path

CORPUS = Path(__file__).parent.parent / "tests" / "data" / "corpus"


def corpus_lines(title: str) -> list[dict]:
    out = []
    for f in sorted((CORPUS / title).glob("*.jsonl")):
        out += [json.loads(line) for line in f.read_text().splitlines() if line.strip()]
    return out
