"""JSON text from a user, read within bounds: any text gives a value or one ``InputError``.

``load_json`` refuses what the standard reader lets through or fails on with another
exception: nesting deeper than ``MAX_DEPTH`` (a ``RecursionError`` in the reader and in
everything that walks the value), integers beyond ``MAX_INT`` (exact in every JSON reader,
JavaScript's included, and far beyond any money or distance of a game; a game file's
seed may be larger), ``NaN`` and
``Infinity`` (not JSON; echoing them makes output that is not JSON either), and strings
holding a lone surrogate (``"\\ud800"``: no UTF-8 text can carry it back out).
"""
from __future__ import annotations

import json
import math

from trainrun.errors import InputError

MAX_DEPTH = 64
MAX_INT = 2 ** 53 - 1


def _integers(most: int):
    def read(text: str) -> int:
        if len(text.lstrip("-")) > len(str(most)) or abs(int(text)) > most:
            raise _Refused(f"integer {text[:24]}{'…' if len(text) > 24 else ''} is beyond "
                           f"±{most}")
        return int(text)
    return read


def _real(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _Refused(f"number {text[:24]} is too large")
    return value


def _constant(text: str):
    raise _Refused(f"{text} is not a JSON number")


class _Refused(Exception):
    """A number the reader's hooks refuse (turned into an ``InputError`` on the field)."""


def load_json(text, field: str, max_int: int = MAX_INT):
    """The JSON value of ``text`` (str or UTF-8 bytes); an ``InputError`` on ``field``
    naming what is wrong (with line and column for malformed JSON). ``max_int``: the
    largest integer magnitude accepted (a game file's random seed is beyond ``MAX_INT``)."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InputError(field, f"not UTF-8 text (byte {exc.start})") from None
    try:
        data = json.loads(text, parse_int=_integers(max_int), parse_float=_real,
                          parse_constant=_constant)
    except json.JSONDecodeError as exc:
        raise InputError(field, f"malformed JSON ({exc.msg} at line {exc.lineno} "
                                f"column {exc.colno})") from None
    except _Refused as exc:
        raise InputError(field, str(exc)) from None
    except RecursionError:
        raise InputError(field, f"nested deeper than {MAX_DEPTH} levels") from None
    check_value(data, field)
    return data


def check_value(data, field: str) -> None:
    """Walk ``data`` (a parsed JSON value, without recursion): refuse nesting deeper than
    ``MAX_DEPTH`` and strings that are not valid Unicode text."""
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, str):
            _text(value, field)
        elif isinstance(value, (dict, list)):
            if depth > MAX_DEPTH:
                raise InputError(field, f"nested deeper than {MAX_DEPTH} levels")
            items = value.items() if isinstance(value, dict) else enumerate(value)
            for key, item in items:
                if isinstance(key, str):
                    _text(key, field)
                stack.append((item, depth + 1))


def _text(value: str, field: str) -> None:
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise InputError(field, f"a string holds the lone surrogate "
                                f"U+{ord(value[exc.start]):04X}") from None
