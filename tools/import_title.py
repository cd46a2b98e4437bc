"""Convert an 18xx.games title export into a trainrun plugin's data files.

Developer tool, not used at run or test time:

    python tools/import_title.py TITLE.json plugins/<module>/data

writes ``map.json``, ``tiles.json``, ``trains.json``, ``phases.json`` and
``companies.json``; it made the data of every title in ``plugins/`` (1871's map less
the setup tokens of the export's game, see ``docs/rules/1871.md`` §7).

The input is one JSON object holding the title's static facts as the 18xx.games engine
(github.com/tobymao/18xx) defines them in ``lib/engine/game/g_<title>/`` (its map, tile,
train, phase and company constants), with every tile code written out as the engine
parses it into nodes and paths. Nothing in this repository produces it: a contributor
writes it for a new title, from the engine's definitions (e.g. a short script run in the
engine that loads the title and writes these fields) or by hand. Keys:

``title``         the title's name.
``layout``        ``"flat"`` or ``"pointy"``; ``axes`` (optional) how hex ids map to the
                  grid where the engine's default does not apply.
``hexes``         every hex: ``id``, grid ``x``/``y``, ``location`` (name, optional),
                  ``neighbors`` (board edge number as a string -> neighbouring hex id),
                  ``tokens`` (optional: tokens printed at the start, home tokens,
                  reservations, neutral tokens), ``future_label`` (optional: a label the
                  map prints for a later colour, ``{"label", "color"}``: the tile of that
                  colour must carry it; engine ``future_label``) and ``tile``: the tile
                  printed there. A
                  printed tile is named after its hex (``name`` = the hex id) and is
                  written out in full (below); a hex that starts with a catalogue tile
                  gives that tile's ``name`` and its ``rotation``.
``tiles``         the tile catalogue, each tile at rotation 0 with ``name`` and ``count``
                  (a number or ``"unlimited"``).
``trains``        ``name``, ``distance`` (a number, 99 or more meaning unlimited, or rows
                  ``{nodes, pay, visit, multiplier}``: ``docs/rules/common.md`` §4),
                  ``price``, ``count``, ``rusts_on``, ``obsolete_on``, ``available_on``,
                  ``variants`` where a card has two faces.
``phases``        ``name``, ``on`` (the train that starts it), ``tiles`` (the colours
                  allowed, oldest first), ``train_limit``, ``operating_rounds``, ``status``.
``corporations``, ``minors``  ``sym``, ``name``, ``tokens`` (prices), ``home`` hex(es),
                  a destination where the title has one, and optionally ``color`` and
                  ``text_color`` (the token's colour and its symbol's, for drawing).

A tile: ``color``; ``nodes``, each with ``index`` (the ``i`` of node ids ``HEX-i``),
``kind`` (``city``, ``town``, ``offboard``, ``junction``), ``revenue`` (a number, or an
object colour -> value), ``slots`` (cities), ``groups`` (locations that count once per
route), ``visit_cost`` (when not 1), ``hidden``; ``paths``, each ``{a, b}`` with an end
an edge ``eN`` or a node ``nI``, and ``terminal``, ``track`` (gauge, when not broad),
``lanes`` where set; ``labels``, ``upgrade_costs``, ``borders`` (``edge``, ``type``
impassable or water, ``cost``), ``stubs``, ``icons`` as the engine has them. Edges are
numbered 0-5 as in the engine; a tile at rotation r puts its edge e on board edge
(e + r) mod 6.

Printed tiles stay inline on their hex (``printed_tile``); catalogue tiles are keyed by
name. Hex fields other than those above are not carried over.
"""
import json
import sys
from pathlib import Path


def convert(export: dict) -> dict:
    hexes = []
    for h in export["hexes"]:
        entry = {"id": h["id"], "x": h["x"], "y": h["y"]}
        if h.get("location"):
            entry["location"] = h["location"]
        tile = dict(h["tile"])
        if tile["name"] == h["id"]:
            entry["printed_tile"] = tile
        else:
            entry["tile"] = tile["name"]
            if tile.get("rotation"):
                entry["rotation"] = tile["rotation"]
        entry["neighbors"] = h["neighbors"]
        if h.get("tokens"):
            entry["tokens"] = h["tokens"]
        if h.get("future_label"):
            entry["future_label"] = h["future_label"]
        hexes.append(entry)
    tiles = {t["name"]: {k: v for k, v in t.items() if k != "name"} for t in export["tiles"]}
    return {
        "map.json": {"title": export["title"], "layout": export["layout"],
                     "axes": export.get("axes"), "hexes": hexes},
        "tiles.json": tiles,
        "trains.json": export["trains"],
        "phases.json": export["phases"],
        "companies.json": {"corporations": export.get("corporations", []),
                           "minors": export.get("minors", [])},
    }


def main(src: str, dest: str) -> None:
    out = Path(dest)
    out.mkdir(parents=True, exist_ok=True)
    for name, data in convert(json.loads(Path(src).read_text())).items():
        (out / name).write_text(json.dumps(data, indent=1, sort_keys=False) + "\n")


if __name__ == "__main__":
    main(*sys.argv[1:3])
