"""The checks made in bulk where reading is fast prove what the value-by-value checks
prove: ``trainrun.jsontext._plain`` never passes a text ``check_value`` refuses, and a
corpus line's board read through ``_laid_entries.read_laid`` is the board (or the error)
read field by field."""
from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest

from trainrun import jsontext
from trainrun.errors import InputError
from trainrun.formats import corpus_format
from trainrun.formats.reading import read_position

CORPUS = Path(__file__).parent / "data" / "corpus"


def _value(rng: random.Random, depth: int):
    """A JSON value nested about ``depth`` deep, with brackets and quotes inside strings,
    integers near the bounds and non-ASCII text."""
    if depth > 70 or rng.random() < 0.3:
        kind = rng.random()
        if kind < 0.3:
            return rng.choice((1, -1)) * rng.randint(0, 10 ** rng.randint(0, 18))
        if kind < 0.7:
            return "".join(rng.choice('[]{}a"\u00e9') for _ in range(rng.randint(0, 5)))
        return rng.random() * 10 ** rng.randint(0, 20)
    if rng.random() < 0.6:
        return [_value(rng, depth + 1) for _ in range(rng.randint(0, 3))]
    return {"".join(rng.choice("[]{}a") for _ in range(rng.randint(0, 3))): _value(rng, depth + 1)
            for _ in range(rng.randint(0, 2))}


def _refused(text: str) -> bool:
    try:
        jsontext.check_value(json.loads(text), "f")
    except InputError:
        return True
    return False


def test_the_bulk_check_passes_no_text_the_walk_refuses():
    rng = random.Random(27)
    passed = refused = 0
    for _ in range(3000):
        text = json.dumps(_value(rng, rng.choice((0, 0, 55, 60, 62, 63))), ensure_ascii=False)
        plain, wrong = jsontext._plain(text, jsontext.MAX_INT), _refused(text)
        assert not (plain and wrong), text
        passed, refused = passed + plain, refused + wrong
    assert passed > 1000 and refused > 50   # both paths are taken


@pytest.mark.parametrize("text", [
    "[" * 64 + "]" * 64, '["]]]",' + "[" * 63 + "]" * 63 + "]", '"\u00e9"', "[1, 2.5]"])
def test_plain_texts_pass_in_bulk(text):
    assert jsontext._plain(text, jsontext.MAX_INT) and not _refused(text)


@pytest.mark.parametrize("text", [
    "[" * 65 + "]" * 65, '["[[[",' + "[" * 64 + "]" * 64 + "]", '"\\ud800"',
    str(jsontext.MAX_INT + 1), "[" * 65 + '"]]"' + "]" * 65])
def test_texts_the_walk_must_see_are_not_passed(text):
    assert not jsontext._plain(text, jsontext.MAX_INT)


NAMES = [None, True, 1, -1, 2.0, "x", "PRR", [], [None], ["PRR"], [1], {}, 0, 6, [["a"]],
         "neutral", ["neutral"]]


def _mutated(rng: random.Random, line: dict) -> dict:
    line = copy.deepcopy(line)
    board = line["board"]
    for _ in range(rng.randint(1, 3)):
        entry = rng.choice(board)
        kind = rng.random()
        if kind < 0.15:
            board.append(copy.deepcopy(entry))
        elif kind < 0.6 and entry.get("tokens"):
            city = rng.choice(entry["tokens"])
            city[rng.choice(("city", "slots", "extra", "reserved", "other"))] = rng.choice(NAMES)
        else:
            key = rng.choice(("hex", "tile", "rotation", "tokens", "icons", "assignments"))
            entry[key] = rng.choice(NAMES + [rng.choice(board)["hex"]])
    return line


def _read(line: dict):
    try:
        position = read_position(copy.deepcopy(line))
    except InputError as exc:
        return str(exc)
    return [(h, p.tile, p.rotation, p.markers, p.icons,
             {i: (c.slots, c.extra, c.reserved) for i, c in p.tokens.items()})
            for h, p in position.board.items()]


def test_the_board_read_in_bulk_is_the_board_read_field_by_field(monkeypatch):
    rng = random.Random(27)
    files = sorted(CORPUS.glob("*/*.jsonl"))[::4]
    lines = [json.loads(text) for path in files for text in path.read_text().splitlines()[:2]
             if text.strip()]
    for _ in range(400):
        line = rng.choice(lines)
        if rng.random() < 0.7:
            line = _mutated(rng, line)
        fast = _read(line)
        with monkeypatch.context() as patch:
            patch.setattr(corpus_format, "read_laid", lambda _p, _e, start, *_: start)
            assert _read(line) == fast
