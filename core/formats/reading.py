"""Reading a position: choosing its title and its input form.

``read_position`` takes a dict or JSON text, finds the title it names among the
installed ones (``trainrun.plugins.load_title``) and reads it with ``position_of``: a
corpus line (it has a ``board``) or trainrun's own format. The title then prepares the
board (``trainrun_prepare_board``) before anything else looks at it.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable

from trainrun.board.position import Position
from trainrun.errors import InputError
from trainrun.formats.corpus_format import position_from_corpus
from trainrun.formats.own_format import position_from_own
from trainrun.hooks import answers
from trainrun.jsontext import MAX_INT, load_json
from trainrun.registry import Ruleset, load_title


def position_of(ruleset: Ruleset, data: dict) -> Position:
    """Read ``data`` (own format or corpus line) as a position of ``ruleset``'s title."""
    read = position_from_corpus if "board" in data else position_from_own
    options = data.get("options")
    if isinstance(options, dict):   # the trains and phases its optional rules set
        ruled = ruleset.title.with_options(options)
        if ruled is not ruleset.title:
            ruleset = dataclasses.replace(ruleset, title=ruled)
    position = read(ruleset, data)
    answers.prepare_board(position)
    return position


def read_position(data) -> Position:
    """Read a position from a dict or JSON text, choosing the title it names."""
    data = titled_object(data, "position", "expected a JSON object")
    return position_of(load_title(str(data["title"])), data)


def titled_object(data, field: str, expected: str, max_int: int = MAX_INT,
                  stop: Callable[[], None] | None = None) -> dict:
    """``data`` (a dict, or JSON text of one) that names its title; an ``InputError`` on
    ``field`` (``expected`` says what it should be) otherwise. ``max_int``, ``stop``: as in
    ``trainrun.jsontext.load_json``."""
    if isinstance(data, (str, bytes)):
        data = load_json(data, field, max_int, stop)
    if not isinstance(data, dict):
        raise InputError(field, expected)
    if "title" not in data:
        raise InputError("title", "missing")
    return data
