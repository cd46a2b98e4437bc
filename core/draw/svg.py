"""A few helpers for writing SVG as text: one element with escaped attributes."""
from __future__ import annotations

from functools import lru_cache
from xml.sax.saxutils import escape


@lru_cache(maxsize=256)
def _name(key: str) -> str:
    """An attribute's name from a keyword: ``data_hex`` is ``data-hex``, ``class_`` ``class``."""
    return key.rstrip("_").replace("_", "-")


_IN_QUOTES = {'"': "&quot;"}   # what an attribute value escapes beyond & < >


def _quoted(value) -> str:
    return '"' + escape(str(value), _IN_QUOTES) + '"'


def attrs(**kw) -> str:
    """``key="value"`` pairs, ``data_hex`` written ``data-hex``; None values left out."""
    return "".join(f" {_name(k)}={_quoted(v)}" for k, v in kw.items() if v is not None)


def el(tag: str, text: str | None = None, **kw) -> str:
    """One element; ``text`` is escaped content (None: an empty element)."""
    if text is None:
        return f"<{tag}{attrs(**kw)}/>"
    return f"<{tag}{attrs(**kw)}>{escape(text)}</{tag}>"


def group(children: list[str], **kw) -> str:
    return f"<g{attrs(**kw)}>{''.join(children)}</g>"


def points(pts) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in pts)
