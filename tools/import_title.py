"""Convert an 18xx.games title export into a trainrun plugin's data files.

The second half of compiling a title (``tools/compile_title.py`` runs both halves; the
first is ``tools/engine_export.rb``, which asks the engine and prints the export).
Developer tool, not used at run or test time:

    python tools/import_title.py TITLE.json plugins/<module>/data

writes ``map.json``, ``tiles.json``, ``trains.json``, ``phases.json``, ``companies.json``
and, where the title has them, ``privates.json`` and ``options.json``. It made the data of
every title in ``plugins/``; where a title's data departs from it by hand (1871's map lacks
the setup tokens of the export's game, ``docs/rules/1871.md`` §7),
``tools/compile_title.py --check`` lists the difference.

The input is one JSON object holding the title's static facts as the 18xx.games engine
(github.com/tobymao/18xx) defines them in ``lib/engine/game/g_<title>/`` (its map, tile,
train, phase and company constants), with every tile code written out as the engine
parses it into nodes and paths; ``tools/engine_export.rb`` prints it. Keys:

``title``         the title's name.
``layout``        ``"flat"`` or ``"pointy"``; ``axes`` (optional) how hex ids map to the
                  grid where the engine's default does not apply.
``track_restriction`` (optional) the engine's ``TRACK_RESTRICTION`` (what a lay's new track
                  must do, ``trainrun.plugins.api.LayRules``); written into ``map.json`` only
                  where it is not the engine's default ``semi_restrictive``.
``tile_lays``     (optional) the engine's ``TILE_LAYS`` where it is not one lay, yellow or
                  upgrade (``lay``, ``upgrade``: true, false or ``not_if_upgraded``;
                  ``cost``, ``upgrade_cost``, ``cannot_reuse_same_hex``).
``tile_reservation_blocks`` (optional) the engine's ``TILE_RESERVATION_BLOCKS_OTHERS``
                  where a title sets it (default ``never``): whom a home reserving a
                  whole hex blocks (``trainrun.turn.hex_reservations``).
``impassable_hex_colors`` (optional) the engine's ``IMPASSABLE_HEX_COLORS`` where a title
                  sets its own (default blue, gray, red): hexes not linked at set-up.
``hexes``         every hex: ``id``, grid ``x``/``y``, ``location`` (name, optional),
                  ``neighbors`` (board edge number as a string -> neighbouring hex id),
                  ``unlinked`` (optional: board edge -> the hex of the map it faces, which
                  the engine does not link at set-up: an impassable-coloured one whose
                  track does not point back; a tile laid on an impassable-coloured hex
                  with track to such a side links it, ``trainrun.board.linking``),
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
                  ``multiplier``, ``variants`` where a card has two faces.
``phases``        ``name``, ``on`` (the train that starts it), ``tiles`` (the colours
                  allowed, oldest first), ``train_limit``, ``operating_rounds``, ``status``.
``corporations``, ``minors``  ``sym``, ``name``, ``type``, ``tokens`` (prices),
                  ``token_types`` (where a token is of another type than ``normal``: each
                  token's type, as ``tokens`` lists them; 1882's ``neutral``),
                  ``token_owners`` (where a token is another company's: each token's
                  owner; 1882's neutral tokens are CN's), ``home``
                  hex(es) and ``city`` (which city of the hex, where the engine says), a
                  ``destination`` where the title has one, optionally ``color`` and
                  ``text_color`` (the token's colour and its symbol's, for drawing), and
                  ``removed_at_setup`` for one a game's set-up may take out.
``neutral``       (optional) the holders of the neutral tokens printed on the map (engine
                  token type ``neutral``: they fill a slot, block no route), written into
                  ``companies.json``.
``companies``     (optional) the private companies as the engine's ``COMPANIES`` constant
                  writes them: ``sym``, ``name``, ``value``, ``revenue``, ``desc``,
                  ``abilities`` (each ability with all its fields: ``type``, ``hexes``,
                  ``tiles``, ``when``, ``owner_type``, ``count``, ...) and any other field
                  the constant gives; ``removed_at_setup`` as for corporations.
``optional_rules`` (optional) the engine's ``OPTIONAL_RULES``: ``sym``, ``short_name``,
                  ``desc``, and ``tiles`` where the rule changes tile counts (a game set
                  up with it alone: tile name -> count), ``trains`` and ``phases`` (the
                  whole lists, as ``trains.json`` and ``phases.json``) where it changes
                  them.
``meta``          (optional, not converted) where the title is set, its player range, its
                  engine folder and the engine's route methods it redefines;
                  ``tools/compile_title.py`` writes the plugin stub from it.

A tile: ``color``; ``nodes``, each with ``index`` (the ``i`` of node ids ``HEX-i``),
``kind`` (``city``, ``town``, ``offboard``, ``junction``), ``revenue`` (a number, or an
object colour -> value), ``slots`` (cities), ``groups`` (locations that count once per
route), ``visit_cost`` (when not 1), ``hidden``; ``paths``, each ``{a, b}`` with an end
an edge ``eN`` or a node ``nI``, and ``terminal``, ``track`` (gauge, when not broad),
``a_lane``/``b_lane`` (``"width.index"``: which of parallel lanes the path takes at each
end; the engine's ``lanes:n`` comes written out as its n paths); ``labels``,
``upgrade_costs``, ``borders`` (``edge``, ``type`` impassable or water, ``cost``),
``stubs``, ``icons`` as the engine has them. Edges are
numbered 0-5 as in the engine; a tile at rotation r puts its edge e on board edge
(e + r) mod 6.

Printed tiles stay inline on their hex (``printed_tile``); catalogue tiles are keyed by
name. Hex fields other than those above are not carried over. ``privates.json`` is the
list of companies (``core/board/title.py`` reads it into ``Title.privates``),
``options.json`` the list of optional rules.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

SHARED_TRACK_RULE = "semi_restrictive"   # the engine's TRACK_RESTRICTION unless a title sets one
SHARED_IMPASSABLE = ["blue", "gray", "red"]   # the engine's IMPASSABLE_HEX_COLORS, likewise
ONE_LAY = [{"lay": True, "upgrade": True}]     # the engine's TILE_LAYS, likewise


def _lays(rows: list[dict]) -> list[dict]:
    """The engine's TILE_LAYS entries, a fee of 0 left out."""
    return [{k: v for k, v in r.items() if not (k == "cost" and v == 0)} for r in rows]
FILES = ("map.json", "tiles.json", "trains.json", "phases.json", "companies.json",
         "privates.json", "options.json")


def convert_hex(h: dict) -> dict:
    """One hex of map.json: its printed tile inline, or the catalogue tile it starts with."""
    entry = {"id": h["id"], "x": h["x"], "y": h["y"]}
    if h.get("location"):
        entry["location"] = h["location"]
    tile = {k: v for k, v in h["tile"].items() if k != "rotation"}
    if tile["name"] == h["id"]:
        entry["printed_tile"] = tile
    else:
        entry["tile"] = tile["name"]
        if h["tile"].get("rotation"):
            entry["rotation"] = h["tile"]["rotation"]
    entry["neighbors"] = h["neighbors"]
    if h.get("unlinked"):
        entry["unlinked"] = h["unlinked"]
    if h.get("tokens"):
        entry["tokens"] = h["tokens"]
    if h.get("future_label"):
        entry["future_label"] = h["future_label"]
    return entry


def convert_private(c: dict) -> dict:
    """A private company as the engine's constant writes it (``abilities`` always there)."""
    return c if "abilities" in c else {**c, "abilities": []}


def convert(export: dict) -> dict:
    """The data files of one title, by file name. ``privates.json`` and ``options.json``
    appear only where the title has private companies or optional rules."""
    tiles = {t["name"]: {k: v for k, v in t.items() if k != "name"} for t in export["tiles"]}
    files = {
        "map.json": {"title": export["title"], "layout": export["layout"],
                     "axes": export.get("axes"),
                     **({"track_restriction": export["track_restriction"]}
                        if export.get("track_restriction", SHARED_TRACK_RULE)
                        != SHARED_TRACK_RULE else {}),
                     **({"impassable_hex_colors": export["impassable_hex_colors"]}
                        if export.get("impassable_hex_colors", SHARED_IMPASSABLE)
                        != SHARED_IMPASSABLE else {}),
                     **({"tile_reservation_blocks": export["tile_reservation_blocks"]}
                        if export.get("tile_reservation_blocks", "never") != "never"
                        else {}),
                     **({"tile_lays": _lays(export["tile_lays"])}
                        if _lays(export.get("tile_lays") or []) not in ([], ONE_LAY) else {}),
                     "hexes": [convert_hex(h) for h in export["hexes"]]},
        "tiles.json": tiles,
        "trains.json": export["trains"],
        "phases.json": export["phases"],
        "companies.json": {"corporations": export.get("corporations", []),
                           "minors": export.get("minors", [])},
    }
    if export.get("neutral"):
        files["companies.json"]["neutral"] = export["neutral"]
    if export.get("companies"):
        files["privates.json"] = [convert_private(c) for c in export["companies"]]
    if export.get("optional_rules"):
        files["options.json"] = [{**{k: r.get(k) for k in ("sym", "short_name", "desc")},
                                  **{k: r[k] for k in ("tiles", "trains", "phases")
                                     if r.get(k)}}
                                 for r in export["optional_rules"]]
    return files


def dumps(data) -> str:
    """A data file's text, as every title's data is written."""
    return json.dumps(data, indent=1, sort_keys=False) + "\n"


def write(files: dict, dest: str | Path) -> list[Path]:
    """Write converted files into ``dest``; the paths written."""
    out = Path(dest)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, data in files.items():
        (out / name).write_text(dumps(data))
        written.append(out / name)
    return written


def main(src: str, dest: str) -> None:
    write(convert(json.loads(Path(src).read_text())), dest)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: python tools/import_title.py TITLE.json plugins/<module>/data")
    main(*sys.argv[1:3])
