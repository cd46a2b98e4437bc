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
import re
from collections.abc import Callable

from trainrun.errors import InputError

MAX_DEPTH = 64
MAX_INT = 2 ** 53 - 1


def _real(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _Refused(f"number {text[:24]} is too large")
    return value


def _constant(text: str):
    raise _Refused(f"{text} is not a JSON number")


class _Refused(Exception):
    """A number the reader's hooks refuse (turned into an ``InputError`` on the field)."""


def load_json(text, field: str, max_int: int = MAX_INT,
              stop: Callable[[], None] | None = None):
    """The JSON value of ``text`` (str or UTF-8 bytes); an ``InputError`` on ``field``
    naming what is wrong (with line and column for malformed JSON). ``max_int``: the
    largest integer magnitude accepted (a game file's random seed is beyond ``MAX_INT``).
    ``stop``: called once the text is parsed and then every ``STOP_EVERY`` values of the
    walk that checks it (about a millisecond's work), to raise where a caller's time is up;
    the parse itself (about 15 ms a megabyte) and the check in bulk that spares most texts
    the walk (``_plain``, about 6 ms a megabyte) do not look at it."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InputError(field, f"not UTF-8 text (byte {exc.start})") from None
    try:
        data = json.loads(text, parse_float=_real, parse_constant=_constant)
    except json.JSONDecodeError as exc:
        raise InputError(field, f"malformed JSON ({exc.msg} at line {exc.lineno} "
                                f"column {exc.colno})") from None
    except _Refused as exc:
        raise InputError(field, str(exc)) from None
    except RecursionError:
        raise InputError(field, f"nested deeper than {MAX_DEPTH} levels") from None
    except ValueError:   # Python's limit on the digits of an integer read (4300)
        raise InputError(field, f"an integer of over 4300 digits is beyond ±{max_int}") from None
    if not _plain(text, max_int):
        check_value(data, field, stop, max_int)
    elif stop is not None:
        stop()
    return data


_NOT_STRUCTURE = bytes(b for b in range(256) if b not in b'"[]{}')
_BRACKETS = bytes.maketrans(b"{}", b"[]")
_DIGITS = bytes.maketrans(b"0123456789", b"0" * 10)
_STRING = re.compile(rb'"[^"]*"')


def _plain(text: str, max_int: int) -> bool:
    """Does the JSON ``text`` (parsed without error) prove in bulk what ``check_value``
    checks value by value? True only when it holds no backslash (so no escaped surrogate,
    and every string is a ``"`` to the next ``"``) and encodes as UTF-8 (no raw surrogate),
    no run of as many digits as ``max_int`` has (so no integer beyond it), and its brackets
    outside strings nest at most ``MAX_DEPTH`` deep. False sends it to the exact walk."""
    if "\\" in text or max_int < 0:
        return False
    try:
        raw = text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    if b"0" * len(str(max_int)) in raw.translate(_DIGITS):
        return False
    # the brackets outside strings: ``""`` is an empty string, or two strings' quotes
    # with nothing outside between them; either way removing it leaves what is outside
    nesting = raw.translate(_BRACKETS, _NOT_STRUCTURE).replace(b'""', b"")
    if b'"' in nesting:   # strings holding brackets
        nesting = _STRING.sub(b"", nesting)
    for _ in range(MAX_DEPTH):   # each pass removes the innermost level, and only it
        if not nesting:
            return True
        nesting = nesting.replace(b"[]", b"")
    return not nesting


STOP_EVERY = 4096   # values walked between two calls of ``stop``


def check_value(data, field: str, stop: Callable[[], None] | None = None,
                max_int: int = MAX_INT) -> None:
    """Walk ``data`` (a parsed JSON value, without recursion): refuse nesting deeper than
    ``MAX_DEPTH``, strings that are not valid Unicode text and integers beyond ``max_int``
    (checked here, not as the text is parsed, so that the parse runs at the C reader's
    speed); ``stop`` as in ``load_json``."""
    stack = [(data, 1)]
    walked = 0
    while stack:
        if stop is not None and walked % STOP_EVERY == 0:
            stop()
        walked += 1
        value, depth = stack.pop()
        if isinstance(value, str):
            _text(value, field)
        elif type(value) is int and not -max_int <= value <= max_int:
            digits = str(value)
            raise InputError(field, f"integer {digits[:24]}{'…' if len(digits) > 24 else ''} "
                                    f"is beyond ±{max_int}")
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
