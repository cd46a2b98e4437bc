"""Convert an 18xx.games title export into a trainrun plugin's data files.

Developer tool, not used at run or test time:

    python tools/import_title.py TITLE.json plugins/<module>/data

The export (one JSON object with ``layout``, ``hexes``, ``tiles``, ``trains``,
``phases``, ``corporations``, ``minors``) is split into ``map.json``,
``tiles.json``, ``trains.json``, ``phases.json`` and ``companies.json``.
Printed tiles stay inline on their hex; catalogue tiles are keyed by name.
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
