"""Every drawing is well-formed XML whatever the input's text fields hold (issue 26, item 8).

Hostile strings — each character XML 1.0 cannot carry (U+0000-U+001F but tab, newline
and carriage return; U+FFFE, U+FFFF; lone surrogates), markup, and generated mixes — go
into every text field of a position (own format and corpus line) and of a declared run.
Each input is either refused with one line naming the field, or every drawing of it (the
board, the board with its best run, the declared run, the verification) parses as XML
from its UTF-8 bytes; a train id or marker stays recognisable: what XML cannot carry is
shown ``\\uXXXX`` (``\\u0001``), as one-line errors show it, everything else as given.
"""
from __future__ import annotations

import copy
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from service_client import json_client
from test_hostile_input import CORPUS_EXAMPLE

from trainrun import read_position
from trainrun.draw import draw_input, draw_position, draw_verification
from trainrun.errors import InputError
from trainrun.routes.solve import solve
from trainrun.routes.verify import verify

EXAMPLES = Path(__file__).parent.parent / "examples"
POSITION = json.loads((EXAMPLES / "18chesapeake-two-trains.json").read_text())
RUN = json.loads((EXAMPLES / "18chesapeake-two-trains-run.json").read_text())
CORPUS = {**CORPUS_EXAMPLE, "trains": [{"id": "t1", "name": "2"}]}

NOT_XML = ([chr(c) for c in range(0x20) if chr(c) not in "\t\n\r"]
           + ["\ufffe", "\uffff", "\ud800", "\udbff", "\udc00", "\udfff"])
MARKUP = ["<script>alert(1)</script>", "&amp; &#1; &lt;", "\"'", "]]>", "<!-- x -->",
          "a\r\nb\tc", "\x7f\x85\u2028", "\U0001f682", " "]
HOSTILE = (["T" + "".join(NOT_XML) + "1"] + MARKUP
           + [f"T{c}1" for c in "\x00\x01\x0b\x1f\ufffe\uffff\ud800\udfff"])


def _train_id(position: dict, run: dict, s: str) -> None:
    position["trains"][0]["id"] = s
    run["routes"][0]["train"] = s


def _set(*path, as_list: bool = False):
    """A field setter: ``s`` (or ``[s]``) put at ``path`` of the position, or of the run
    when the path starts with "run"."""
    def put(position: dict, run: dict, s: str) -> None:
        target, keys = (run, path[1:]) if path[0] == "run" else (position, path)
        for key in keys[:-1]:
            target = target[key]
        target[keys[-1]] = [s] if as_list else s
    return put


# the text fields of an own-format position and of its declared run
OWN_FIELDS = {
    "trains[0].id (and the run's train)": _train_id,
    "trains[1].id": _set("trains", 1, "id"),
    "markers[0].marker": lambda p, r, s: p.update(markers=[{"hex": "G7", "marker": s}]),
    "tokens[0].company": _set("tokens", 0, "company"),
    "icons.G7": lambda p, r, s: p.update(icons={"G7": [s]}),
    "fixture": _set("fixture"),
    "action": _set("action"),
    "run routes[1].train": _set("run", "routes", 1, "train"),
    "run routes[0].hexes[0]": _set("run", "routes", 0, "hexes", 0),
    "run routes[0].connections[0][0]": _set("run", "routes", 0, "connections", 0, 0),
    "run entity": _set("run", "entity"),
}
# the text fields of a corpus line (board[0] is G7, board[2] H6 with its city)
CORPUS_FIELDS = {
    "trains[0].id": _set("trains", 0, "id"),
    "board[0].assignments": _set("board", 0, "assignments", as_list=True),
    "board[0].icons": _set("board", 0, "icons", as_list=True),
    "board[2].tokens[0].slots": _set("board", 2, "tokens", 0, "slots", as_list=True),
    "board[2].tokens[0].extra": _set("board", 2, "tokens", 0, "extra", as_list=True),
    "board[2].tokens[0].reserved": _set("board", 2, "tokens", 0, "reserved", as_list=True),
}


def _parsed(svg: str) -> ET.Element:
    """The drawing as an XML parser reads the bytes the CLI writes and the service sends."""
    return ET.fromstring(svg.encode("utf-8"))


def _unescaped(text: str) -> str:
    """``text`` with each escape ``\\uXXXX`` read back as its character."""
    return re.sub(r"\\u([0-9a-f]{4})", lambda m: chr(int(m.group(1), 16)), text)


def _shown(root: ET.Element, attribute: str) -> set[str]:
    return {_unescaped(e.get(attribute)) for e in root.iter() if e.get(attribute) is not None}


def _drawings(base: dict, fields: dict, name: str, s: str) -> list[ET.Element]:
    """Every drawing of ``base`` with ``s`` in field ``name``, parsed; none when the
    position or the run is refused (in one line naming a field)."""
    position_data, run = copy.deepcopy(base), copy.deepcopy(RUN)
    fields[name](position_data, run, s)
    try:
        position = read_position(position_data)
    except InputError as exc:
        assert "\n" not in str(exc)
        return []
    out = [_parsed(draw_position(position)),
           _parsed(draw_position(position, solve(position, time_limit=10)))]
    if base is POSITION:
        try:
            out += [_parsed(draw_input(position, run)),
                    _parsed(draw_verification(position, verify(position, run,
                                                               time_limit=10)))]
        except InputError as exc:
            assert "\n" not in str(exc)
    return out


# the fields whose string a drawing shows, and the attribute it is shown in
SHOWN = {"trains[0].id (and the run's train)": "data-train", "markers[0].marker": "data-marker"}


@pytest.mark.parametrize("name", OWN_FIELDS)
def test_every_own_format_field_draws_well_formed(name):
    for s in HOSTILE:
        drawings = _drawings(POSITION, OWN_FIELDS, name, s)
        if name in SHOWN:   # accepted, and shown in each drawing of a run as given
            assert len(drawings) == 4
            assert all(s in _shown(root, SHOWN[name]) for root in drawings[1:])


@pytest.mark.parametrize("name", CORPUS_FIELDS)
def test_every_corpus_field_draws_well_formed(name):
    for s in HOSTILE:
        _drawings(CORPUS, CORPUS_FIELDS, name, s)


def test_what_xml_cannot_carry_is_shown_as_its_escape():
    declared = _drawings(POSITION, OWN_FIELDS, "trains[0].id (and the run's train)", "T\x01")[2]
    assert "T\\u0001" in {e.get("data-train") for e in declared.iter()}
    legend = {e.text for e in declared.iter() if e.get("class") == "legend-route"}
    assert "4 train (T\\u0001): $150" in legend


HOSTILE_TEXT = st.text(st.sampled_from(NOT_XML + list("<>&\"'\t\n\r]-!x ")) | st.characters(),
                       min_size=1, max_size=6)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(OWN_FIELDS)), HOSTILE_TEXT)
def test_generated_strings_in_own_format_fields(name, s):
    _drawings(POSITION, OWN_FIELDS, name, s)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(sorted(CORPUS_FIELDS)), HOSTILE_TEXT)
def test_generated_strings_in_corpus_fields(name, s):
    _drawings(CORPUS, CORPUS_FIELDS, name, s)


def test_post_draw_with_control_characters_is_well_formed():
    position = copy.deepcopy(POSITION)
    position["trains"][0]["id"] = "4\x01\x1f"
    position["markers"] = [{"hex": "G7", "marker": "mine\x0b\ufffe"}]
    run = copy.deepcopy(RUN)
    run["routes"][0]["train"] = "4\x01\x1f"
    res = json_client().post("/draw?verify=true", json={"position": position, "run": run})
    assert res.status_code == 200, res.text
    root = ET.fromstring(res.content)
    assert "4\x01\x1f" in _shown(root, "data-train")
    assert "mine\x0b\ufffe" in _shown(root, "data-marker")
