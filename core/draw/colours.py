"""Colours of the drawing: tile colours as 18xx maps print them, each company's token
colours (from the title data), one colour per train of a run."""
from __future__ import annotations

TILE = {"white": "#f2efe4", "yellow": "#fde900", "green": "#71bf44", "brown": "#cb7745",
        "gray": "#bcbdc0", "grey": "#bcbdc0", "red": "#e0401f", "blue": "#35a7ff",
        "purple": "#8e6bb8", "black": "#333333"}
# distinct colours for company tokens (title order) and for the trains of a run
COMPANY = ("#1f4e9c", "#c4161c", "#0a7d3b", "#f28c00", "#6b2c91", "#00a3b4", "#8c5a2b",
           "#d6338f", "#2f2f2f", "#7aa800", "#b8860b", "#4b6cb7", "#9e1f63", "#3f8f8f",
           "#e0642e", "#5a5aa8", "#6f8f2f", "#a0522d", "#2e6f9e", "#8b1a1a")
TRAIN = ("#e6194b", "#3c7dd9", "#f58231", "#911eb4", "#1aa35a", "#f032e6", "#008080",
         "#9a6324")


def tile_colour(name: str) -> str:
    return TILE.get(name, "#dddddd")


def company_colours(companies: dict, sym: str) -> tuple[str, str]:
    """(token colour, symbol colour) of company ``sym``: the title data's ``color`` and
    ``text_color`` (white when not given); a company without a colour gets one of the
    palette by its place in the title's list."""
    info = companies.get(sym) or {}
    text = str(info.get("text_color") or "white")
    if info.get("color"):
        return str(info["color"]), text
    order = list(companies)
    return (COMPANY[order.index(sym) % len(COMPANY)] if sym in companies else "#555555"), text


def train_colour(k: int) -> str:
    return TRAIN[k % len(TRAIN)]
