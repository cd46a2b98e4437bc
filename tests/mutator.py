"""A seeded mutator of real positions (corpus lines and the examples), for fuzzing.

``mutants(seed, count, pool)`` gives ``count`` positions, each one of ``pool`` changed in
one to three places: a value replaced (most often by another value of the same type from
the same position, so hex ids, tile and train names stay plausible; else by an edge
value: 0, -1, 2^31, 2^63, 10^7, NaN, empty, U+2028, a wrong type), a key or list item
deleted, an item duplicated, two items swapped, or an integer moved by one. Half the
changes fall off a corpus line's board (trains, tokens, phase, company, title state).
"""
from __future__ import annotations

import copy
import json
import random
from pathlib import Path

from corpus_checks import CORPUS, corpus_lines

from trainrun import read_position
from trainrun.errors import InputError

ROOT = Path(__file__).parent.parent
EDGES = [0, -1, 1, 2, 2 ** 31, -2 ** 31, 2 ** 63, 10 ** 7, 0.0, 0.5, float("nan"), None,
         True, False, "", "\u2028", "x\ny", "\ud800", [], {}, [[]], {"hex": "A1"}]


def sources() -> list[dict]:
    """Every corpus line trainrun reads (without the runs recorded beside it; a line of a
    rule its title does not compile, such as 1836jr56's diesel variant, is left out) and
    every example position."""
    out = []
    for folder in sorted(p for p in CORPUS.iterdir() if p.is_dir()):
        for line in corpus_lines(folder.name):
            try:
                read_position(line)
            except InputError:
                continue
            out.append({k: v for k, v in line.items()
                        if k not in ("declared", "reference_router", "exact_oracle")})
    for path in sorted((ROOT / "examples").glob("*.json")):
        data = json.loads(path.read_text())
        if "title" in data:
            out.append(data)
    for path in sorted((ROOT / "tests" / "data" / "18pa").glob("*.json")):
        out.append(json.loads(path.read_text()))
    return out


def places(node, path=()):
    """Every (path, value) in ``node``, the root first."""
    yield path, node
    items = node.items() if isinstance(node, dict) else \
        enumerate(node) if isinstance(node, list) else ()
    for key, value in items:
        yield from places(value, path + (key,))


def _at(root, path):
    for key in path:
        root = root[key]
    return root


def _mutate(rng: random.Random, data) -> None:
    found = list(places(data))[1:]
    # half the time off a corpus line's board, which else draws most changes to itself
    off_board = [p for p in found if p[0][0] != "board"]
    path, value = rng.choice(off_board if rng.random() < 0.5 else found)
    parent, key = _at(data, path[:-1]), path[-1]
    kind = rng.randrange(7)
    if kind == 0:
        parent[key] = copy.deepcopy(rng.choice(EDGES))
    elif kind in (1, 6):   # most often a value of the same type: a plausible mistake
        alike = [v for _, v in found if type(v) is type(value)]
        parent[key] = copy.deepcopy(rng.choice(alike))
    elif kind == 2:
        del parent[key]
    elif kind == 3 and isinstance(value, list) and value:
        value.insert(rng.randrange(len(value) + 1), copy.deepcopy(rng.choice(value)))
    elif kind == 4 and isinstance(value, list) and len(value) > 1:
        i, j = rng.sample(range(len(value)), 2)
        value[i], value[j] = value[j], value[i]
    elif isinstance(value, int) and not isinstance(value, bool):
        parent[key] = value + rng.choice((-1, 1))
    else:
        parent[key] = copy.deepcopy(rng.choice(EDGES))


def mutants(seed: int, count: int, pool: list[dict]):
    """``count`` mutated positions of ``pool`` drawn with ``random.Random(seed)``."""
    rng = random.Random(seed)
    for _ in range(count):
        data = copy.deepcopy(rng.choice(pool))
        for _ in range(rng.randint(1, 3)):
            _mutate(rng, data)
        yield data
