"""Any JSON at all: reading a position either works or raises InputError (one line) —
never another exception, so the CLI and the service never show a traceback or a 500; a
position read solves, and its drawing with the run is well-formed XML."""
import json
import xml.etree.ElementTree as ET

from corpus_checks import corpus_lines
from hypothesis import given, settings
from hypothesis import strategies as st
from test_cli import EXAMPLE

from trainrun import read_position, solve
from trainrun.draw import draw_position
from trainrun.errors import InputError

# text of any characters, those XML cannot carry among them (a drawing must still parse)
texts = st.text(st.characters() | st.sampled_from("\x01\x0b\x1f\ufffe\uffff<&"), max_size=4)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 10) | texts
    | st.sampled_from(["H6", "G7", "9", "57", "B&O", "D", "2", "e0", "n0"]),
    lambda children: st.lists(children, max_size=3)
    | st.dictionaries(st.sampled_from(["hex", "tile", "rotation", "city", "company", "name",
                                       "id", "slots", "extra", "marker"]), children, max_size=4),
    max_leaves=8)


def _paths(obj, prefix=()):
    yield prefix
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from _paths(v, prefix + (i,))


PATHS = [p for p in _paths(EXAMPLE) if p]


def _replace_and_solve(original: dict, path: tuple, value) -> None:
    """Put ``value`` at ``path``; reading must then work and solve, or fail with one line."""
    data = json.loads(json.dumps(original))
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    try:
        position = read_position(data)
    except InputError as exc:
        assert "\n" not in str(exc)
        return
    run = solve(position, time_limit=5)
    assert run.status == "optimal"
    ET.fromstring(draw_position(position, run).encode("utf-8"))


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(PATHS), json_values)
def test_any_field_replaced(path, value):
    _replace_and_solve(EXAMPLE, path, value)


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.sampled_from(["title", "phase", "company", "trains", "tiles",
                                        "tokens", "markers", "board", "entity"]),
                       json_values, max_size=6))
def test_any_object(data):
    data.setdefault("title", "18Chesapeake")
    try:
        read_position(data)
    except InputError as exc:
        assert "\n" not in str(exc)


CORPUS_LINE = corpus_lines("18Chesapeake")[0]
CORPUS_PATHS = [p for p in _paths({k: v for k, v in CORPUS_LINE.items()
                                   if k in ("phase", "entity", "trains", "board")})
                if p and (p[0] != "board" or (len(p) > 1 and p[1] in (0, 1, 11, 46)))]


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(CORPUS_PATHS), json_values)
def test_any_corpus_field_replaced(path, value):
    _replace_and_solve(CORPUS_LINE, path, value)
