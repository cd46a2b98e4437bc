"""A few helpers for writing SVG as text: one element with escaped attributes.

Every text and attribute value is written as well-formed XML whatever it holds: a
character XML 1.0 cannot carry at all (U+0000-U+001F but tab, newline and carriage
return; lone surrogates; U+FFFE, U+FFFF) is written ``\\uXXXX`` (``\\u0001``), as a
one-line error shows it (``trainrun.errors.one_line``), so a name stays recognisable."""
from __future__ import annotations

import re
from functools import lru_cache
from xml.sax.saxutils import escape

_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _xml_chars(value: str) -> str:
    """``value`` with each character XML 1.0 cannot hold written ``\\uXXXX``."""
    return _NOT_XML.sub(lambda m: f"\\u{ord(m.group()):04x}", value)


def _escaped(value: str, entities: dict) -> str:
    return escape(_xml_chars(value), entities)


@lru_cache(maxsize=256)
def _name(key: str) -> str:
    """An attribute's name from a keyword: ``data_hex`` is ``data-hex``, ``class_`` ``class``."""
    return key.rstrip("_").replace("_", "-")


# what an attribute value escapes beyond & < > (tab, newline and carriage return as
# references, which a parser keeps, where it would read the characters as spaces)
_IN_QUOTES = {'"': "&quot;", "\t": "&#9;", "\n": "&#10;", "\r": "&#13;"}
_IN_TEXT = {"\r": "&#13;"}   # a parser reads a bare carriage return as a newline


def _quoted(value) -> str:
    return '"' + _escaped(str(value), _IN_QUOTES) + '"'


def attrs(**kw) -> str:
    """``key="value"`` pairs, ``data_hex`` written ``data-hex``; None values left out."""
    return "".join(f" {_name(k)}={_quoted(v)}" for k, v in kw.items() if v is not None)


def el(tag: str, text: str | None = None, **kw) -> str:
    """One element; ``text`` is escaped content (None: an empty element)."""
    if text is None:
        return f"<{tag}{attrs(**kw)}/>"
    return f"<{tag}{attrs(**kw)}>{_escaped(text, _IN_TEXT)}</{tag}>"


def group(children: list[str], **kw) -> str:
    return f"<g{attrs(**kw)}>{''.join(children)}</g>"


def points(pts) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in pts)
