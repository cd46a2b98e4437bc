"""Drawing boards and runs (``trainrun.draw``): every hex of each title's map drawn once
with the tile lying there; each route drawn through exactly the tile paths its chains name,
its track meeting across the hex sides the title's map data names; valid XML that renders;
verify's drawing marks the broken rule where it happens; the CLI and POST /draw."""
from __future__ import annotations

import json
import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner
from service_client import json_client

from trainrun import read_position
from trainrun.cli.main import main
from trainrun.draw import draw_input, draw_position, draw_verification
from trainrun.draw.geometry import R
from trainrun.routes.solve import solve
from trainrun.routes.verify import verify

EXAMPLES = Path(__file__).parent.parent / "examples"
POSITIONS = sorted(p for p in EXAMPLES.glob("*.json") if not p.stem.endswith("-run"))
NS = {"s": "http://www.w3.org/2000/svg"}
TWO_TRAINS = EXAMPLES / "18chesapeake-two-trains.json"


def _position(path: Path):
    return read_position(path.read_text())


def _hex_groups(root) -> list:
    return root.findall(".//s:g[@class='hex']", NS)


def _centre(hex_group) -> tuple[float, float]:
    """The centre of a drawn hex: the mean of its polygon's corners."""
    pts = [tuple(map(float, p.split(","))) for p in
           hex_group.find("s:polygon", NS).get("points").split()]
    return (sum(x for x, _ in pts) / len(pts), sum(y for _, y in pts) / len(pts))


def _ends(d: str) -> tuple[tuple[float, float], tuple[float, float]]:
    nums = [tuple(map(float, xy.split(","))) for xy in re.findall(r"-?\d+\.?\d*,-?\d+\.?\d*", d)]
    return nums[0], nums[-1]


def _close(p, q, tol=0.2) -> bool:
    return math.dist(p, q) <= tol


@pytest.mark.parametrize("path", POSITIONS, ids=lambda p: p.stem)
def test_every_hex_drawn_once_with_its_tile(path):
    position = _position(path)
    root = ET.fromstring(draw_position(position))
    groups = _hex_groups(root)
    drawn = [g.get("data-hex") for g in groups]
    assert sorted(drawn) == sorted(position.title.hexes)          # each hex once
    for g in groups:
        placed = position.board[g.get("data-hex")]
        assert g.get("data-tile") == placed.tile.name
        assert int(g.get("data-rotation")) == placed.rotation
        # one drawn piece of track per path of the tile, and every city/town of it
        tracks = [p for p in g.iter() if (p.get("class") or "").startswith("track")]
        assert len(tracks) == len(placed.tile.paths)
        cities = {c.get("data-city") for c in g.findall(".//s:g[@class='city']", NS)}
        towns = {t.get("data-town") for t in g.findall(".//*[@class='town']", NS)}
        assert cities == {f"{placed.id}.{n.index}" for n in placed.tile.nodes if n.kind == "city"}
        assert towns == {f"{placed.id}.{n.index}" for n in placed.tile.nodes if n.kind == "town"}
        # the tokens in each city, slot by slot, in their company's name
        for n, tokens in placed.tokens.items():
            city = g.find(f".//s:g[@data-city='{placed.id}.{n}']", NS)
            held = [t.get("data-company") for t in city.findall("s:g[@class='token']", NS)]
            assert held == [s for s in tokens.slots if s] + list(tokens.extra)


@pytest.mark.parametrize("path", POSITIONS, ids=lambda p: p.stem)
def test_neighbours_meet_across_the_side_the_map_names(path):
    """Hexes the title's map data names as neighbours are drawn side by side (one hex
    apart; that track leaves by the side facing the named neighbour is checked with the
    routes)."""
    position = _position(path)
    centres = {g.get("data-hex"): _centre(g) for g in
               _hex_groups(ET.fromstring(draw_position(position)))}
    spacing = R * math.sqrt(3)   # centre to centre of neighbouring hexes
    for hex_id, map_hex in position.title.hexes.items():
        for edge, other in map_hex.neighbors.items():
            if other in centres:
                assert abs(math.dist(centres[hex_id], centres[other]) - spacing) < 0.5, \
                    (hex_id, edge, other)


@pytest.mark.parametrize("path", POSITIONS, ids=lambda p: p.stem)
def test_routes_drawn_through_exactly_their_chains(path):
    position = _position(path)
    run = solve(position, time_limit=30)
    root = ET.fromstring(draw_position(position, run))
    hexes = {g.get("data-hex"): g for g in _hex_groups(root)}
    centres = {h: _centre(g) for h, g in hexes.items()}
    assert run.routes
    for route in run.routes:
        group = root.find(f".//s:g[@class='route'][@data-train='{route.train}']", NS)
        steps = group.findall("s:path[@class='route-track']", NS)
        named = [(p["hex"], p["a"], p["b"]) for c in route.chains for p in c["paths"]]
        assert [(s.get("data-route-hex"), s.get("data-a"), s.get("data-b")) for s in steps] == named
        stops = {c.get("data-node"): (float(c.get("cx")), float(c.get("cy")))
                 for c in group.findall("s:circle[@class='stop']", NS)}
        assert list(stops) == route.visited
        for step, (hex_id, a, b) in zip(steps, named):
            ends = _ends(step.get("d"))
            for end, at in zip((a, b), ends):
                base, _, lane = end.partition(".")
                if base[0] == "e":   # on the side towards the neighbour the map names
                    other = position.title.hexes[hex_id].neighbors[int(base[1:])]
                    mid = tuple((u + v) / 2 for u, v in zip(centres[hex_id], centres[other]))
                    assert _close(at, mid, R / 2 if lane else 0.2), (hex_id, end)
                elif f"{hex_id}-{base[1:]}" in stops:   # at the stop it names
                    assert _close(at, stops[f"{hex_id}-{base[1:]}"]), (hex_id, end)
        # each chain is one line: consecutive steps meet
        for chain in route.chains:
            k0 = sum(len(c["paths"]) for c in route.chains[:route.chains.index(chain)])
            pts = [_ends(s.get("d")) for s in steps[k0:k0 + len(chain["paths"])]]
            for (_, end1), (start2, end2) in zip(pts, pts[1:]):
                assert _close(end1, start2) or _close(end1, end2)
        values = {v.get("data-node"): int(v.get("data-value"))
                  for v in group.findall("s:g[@class='stop-value']", NS)}
        assert values == {s["node"]: s["value"] for s in route.stops}
    legend = " ".join(t.text for t in root.findall(".//s:g[@class='legend']/s:text", NS))
    assert f"Total ${run.total}" in legend


def test_renders_to_png():
    pytest.importorskip("cairosvg")
    from trainrun.draw import svg_to_png
    data = svg_to_png(draw_position(_position(TWO_TRAINS)))
    assert data[:8] == b"\x89PNG\r\n\x1a\n"


def _shared_track_run(position) -> dict:
    """The best run with the 5-train given the 4-train's route as well: the second route
    reuses every hex side of the first (docs/rules/common.md §3.7)."""
    best = solve(position, time_limit=30).to_dict()
    first = best["routes"][0]
    return {"routes": [first, {**first, "train": best["routes"][1]["train"]}]}


def test_verify_drawing_marks_the_reused_side_where_it_is():
    position = _position(TWO_TRAINS)
    result = verify(position, _shared_track_run(position), time_limit=30)
    assert not result.legal
    root = ET.fromstring(draw_verification(position, result))
    declared, best = root.findall("s:g[@class='board']", NS)
    assert (declared.get("data-panel"), best.get("data-panel")) == ("declared", "best")
    centres = {g.get("data-hex"): _centre(g) for g in _hex_groups(declared)}
    marks = declared.findall(".//s:g[@class='violation']", NS)
    assert len(marks) == len(result.violations)
    side = re.compile(r"between ([A-Z]+\d+) and ([A-Z]+\d+)")
    for mark in marks:
        text = mark.find("s:title", NS).text
        sides = side.findall(text)
        circles = mark.findall("s:circle", NS) if sides else []
        for (h1, h2), circle in zip(sides, circles, strict=True):
            mid = tuple((u + v) / 2 for u, v in zip(centres[h1], centres[h2]))
            assert _close((float(circle.get("cx")), float(circle.get("cy"))), mid)
    assert any(side.search(m.find("s:title", NS).text) for m in marks)
    legend = " ".join(t.text for t in best.findall(".//s:g[@class='legend']/s:text", NS))
    assert f"Total ${result.best_total}" in legend


def test_a_declared_run_in_engine_form_is_drawn_as_the_checker_reads_it():
    position = _position(TWO_TRAINS)
    text = (EXAMPLES / "18chesapeake-two-trains-run.json").read_text()
    result = verify(position, text, best=False)
    root = ET.fromstring(draw_input(position, text))
    for route in result.routes:
        steps = root.findall(f".//s:g[@data-train='{route.train}']/s:path", NS)
        assert [(s.get("data-route-hex"), s.get("data-a"), s.get("data-b")) for s in steps] == \
            [(p["hex"], p["a"], p["b"]) for c in route.chains for p in c["paths"]]
    legend = " ".join(t.text for t in root.findall(".//s:g[@class='legend']/s:text", NS))
    assert "Declared $360" in legend   # the PRR president's run (README, verify example)


def test_cli_draw_svg_and_png(tmp_path):
    out = tmp_path / "board.svg"
    res = CliRunner().invoke(main, ["draw", str(TWO_TRAINS),
                                    str(EXAMPLES / "18chesapeake-two-trains-run.json"),
                                    "-o", str(out)])
    assert res.exit_code == 0, res.output
    assert len(_hex_groups(ET.parse(out).getroot())) == 63   # 18Chesapeake's map
    res = CliRunner().invoke(main, ["solve", str(TWO_TRAINS), "--svg", str(tmp_path / "s.svg")])
    assert res.exit_code == 0 and "Total $390" in ET.parse(tmp_path / "s.svg").getroot() \
        .find(".//s:text[@class='legend-total']", NS).text
    try:
        import cairosvg  # noqa: F401
    except ImportError:
        return
    res = CliRunner().invoke(main, ["draw", str(TWO_TRAINS), "-o", str(tmp_path / "b.png")])
    assert res.exit_code == 0 and (tmp_path / "b.png").read_bytes()[:4] == b"\x89PNG"


def test_cli_verify_svg_draws_both_runs(tmp_path):
    out = tmp_path / "v.svg"
    res = CliRunner().invoke(main, ["verify", str(TWO_TRAINS),
                                    str(EXAMPLES / "18chesapeake-two-trains-run.json"),
                                    "--svg", str(out)])
    assert res.exit_code == 1, res.output   # legal, $30 below the best (README)
    panels = ET.parse(out).getroot().findall("s:g[@class='board']", NS)
    assert [p.get("data-panel") for p in panels] == ["declared", "best"]
    totals = [p.find(".//s:text[@class='legend-total']", NS).text for p in panels]
    assert totals[0].startswith("Declared $360") and totals[1].startswith("Total $390")


@pytest.mark.parametrize("run", sorted(EXAMPLES.glob("*-run.json")), ids=lambda p: p.stem)
def test_every_example_run_draws(run):
    position = _position(EXAMPLES / f"{run.stem.removesuffix('-run')}.json")
    result = verify(position, run.read_text(), best=False)
    root = ET.fromstring(draw_input(position, run.read_text()))
    assert [g.get("data-train") for g in root.findall(".//s:g[@class='route']", NS)] == \
        [r.train for r in result.routes]
    legend = root.find(".//s:text[@class='legend-total']", NS).text
    assert legend.startswith(f"Declared ${result.declared_total}")


def test_cli_draw_bad_run_is_one_line(tmp_path):
    bad = tmp_path / "run.json"
    bad.write_text(json.dumps({"routes": [{"train": "4-0", "visited": ["F2-0", "H6-0"],
                                           "chains": [{"left": "F2-0", "right": "H6-0",
                                                       "paths": [{"hex": "Z99", "a": "e0",
                                                                  "b": "e3"}]}]}]}))
    res = CliRunner().invoke(main, ["draw", str(TWO_TRAINS), str(bad),
                                    "-o", str(tmp_path / "x.svg")])
    assert res.exit_code == 2
    assert len(res.output.strip().splitlines()) == 1 and "Z99" in res.output


def test_post_draw():
    client = json_client()
    position = json.loads(TWO_TRAINS.read_text())
    run = client.post("/solve", content=json.dumps(position)).json()
    res = client.post("/draw", json={"position": position, "run": run})
    assert res.status_code == 200 and res.headers["content-type"].startswith("image/svg+xml")
    root = ET.fromstring(res.text)
    assert {g.get("data-train") for g in root.findall(".//s:g[@class='route']", NS)} == \
        {r["train"] for r in run["routes"]}
    assert root.find(".//s:g[@data-city='H6.0']", NS) is not None
    res = client.post("/draw?verify=true", json={"position": position,
                                                 "run": _shared_track_run(_position(TWO_TRAINS))})
    assert res.status_code == 200
    assert ET.fromstring(res.text).find(".//s:g[@class='violation']", NS) is not None
    res = client.post("/draw", json={"run": run})
    assert res.status_code == 400 and res.json()["error"].startswith("position")


def test_post_draw_after_moves_is_the_board_apply_gives():
    client = json_client()
    moment = json.loads((Path(__file__).parent.parent / "examples" /
                         "18chesapeake-lay-moment.json").read_text())
    lay = client.post("/moves", json=moment).json()["lays"][0]
    move = {k: lay[k] for k in ("hex", "tile", "rotation")}
    after = client.post("/apply", json={"position": moment, "moves": [move]}).json()
    drawn = client.post("/draw", json={"position": moment, "moves": [move]})
    assert drawn.status_code == 200
    assert drawn.text == client.post("/draw", json={"position": after}).text
    assert drawn.text != client.post("/draw", json={"position": moment}).text
    bad = client.post("/draw", json={"position": moment, "moves": [dict(move, rotation=9)]})
    assert bad.status_code == 400 and bad.json()["error"].startswith("moves[0]")


@pytest.mark.parametrize("page", ["README.md", "docs/cli.md"])
def test_readme_board_is_what_the_command_draws(tmp_path, page):
    """The board shown in the README (and again in docs/cli.md's Drawing) is what the
    command written above it draws, and the picture links to that file."""
    root = Path(__file__).resolve().parent.parent
    text = (root / page).read_text()
    command = re.search(r"`trainrun (solve [^`]* --svg docs/board\.svg)` drew this", text)
    image = re.search(r"!\[[^\]]*\]\(([^)]*board\.svg)\)", text)
    assert command and image, f"{page}: no drawing command or picture"
    assert ((root / page).parent / image.group(1)).resolve() == root / "docs" / "board.svg"
    args = command.group(1).replace("docs/board.svg", str(tmp_path / "b.svg")).split()
    args = [str(root / a) if a.startswith("examples/") else a for a in args]
    res = CliRunner().invoke(main, args)
    assert res.exit_code == 0, res.output
    assert (tmp_path / "b.svg").read_text() == (root / "docs" / "board.svg").read_text(), \
        "docs/board.svg is stale: run the README's command again"


def test_verify_drawing_marks_the_blocked_city_where_it_is():
    # Camden (J6, tile 611, two slots) filled by C&A and SRR: PRR's best route
    # F2-J4-J6-H6 runs through a city whose slots are all held by other companies
    # (docs/rules/common.md §3.6)
    data = json.loads(TWO_TRAINS.read_text())
    data["tokens"].append({"hex": "J6", "city": 0, "company": "SRR"})
    before = _position(TWO_TRAINS)
    position = read_position(data)
    best = solve(before, time_limit=30).to_dict()
    result = verify(position, {"routes": best["routes"][:1]}, best=False)
    blocked = [v for v in result.violations if "J6-0" in v]
    assert blocked and not result.legal
    root = ET.fromstring(draw_verification(position, result))
    declared = root.find("s:g[@data-panel='declared']", NS)
    centre = _centre(declared.find(".//s:g[@data-hex='J6']", NS))
    marks = [m for m in declared.findall(".//s:g[@class='violation']", NS)
             if "J6-0" in m.find("s:title", NS).text]
    circle = marks[0].find("s:circle", NS)
    assert _close((float(circle.get("cx")), float(circle.get("cy"))), centre)
    texts = [t.text for t in declared.findall(".//s:text[@class='legend-violation']", NS)]
    assert any("J6-0" in t for t in texts)


def test_track_a_chain_names_but_the_tile_lacks_is_drawn_dashed_where_named():
    position = _position(TWO_TRAINS)
    route = solve(position, time_limit=30).to_dict()["routes"][0]
    step = route["chains"][0]["paths"][0]
    tile_ends = {frozenset(p.ends()) for p in position.board[step["hex"]].tile.paths_at(
        position.board[step["hex"]].rotation)}
    a, b = next((f"e{i}", f"e{j}") for i in range(6) for j in range(6)
                if i != j and frozenset((f"e{i}", f"e{j}")) not in tile_ends)
    route["chains"][0]["paths"][0] = {"hex": step["hex"], "a": a, "b": b}
    root = ET.fromstring(draw_input(position, {"routes": [route]}))
    drawn = root.find(f".//s:path[@data-route-hex='{step['hex']}'][@data-a='{a}']", NS)
    assert drawn is not None and drawn.get("stroke-dasharray")
    assert root.find(".//s:text[@class='legend-violation']", NS) is not None
    assert root.find(".//s:g[@data-node='H6-0']", NS).get("data-city") == "H6.0"


def test_hex_markers_and_title_marks_are_drawn_on_their_hexes():
    # 1817: the position's mine markers; 18PA: PRR's active x2 token in Pittsburgh I2
    # (docs/rules/18pa.md §5.1), a mark of the title's trainrun_board_marks
    mines = _position(EXAMPLES / "1817-mines-and-bridge.json")
    root = ET.fromstring(draw_position(mines))
    drawn = {(m.get("data-marker"), hex_group.get("data-hex")) for hex_group in _hex_groups(root)
             for m in hex_group.findall("s:g[@class='marker']", NS)}
    assert drawn == {(m, h) for h, placed in mines.board.items() for m in placed.markers}
    root = ET.fromstring(draw_position(_position(EXAMPLES / "18pa-x2-3d-mining.json")))
    pittsburgh = root.find(".//s:g[@data-hex='I2']", NS)
    assert [m.get("data-marker") for m in pittsburgh.findall("s:g[@class='marker']", NS)] == \
        ["x2 PRR"]


def test_png_without_a_converter_is_one_line(tmp_path, monkeypatch):
    import shutil
    import sys
    monkeypatch.setitem(sys.modules, "cairosvg", None)   # import fails
    monkeypatch.setattr(shutil, "which", lambda name: None)
    res = CliRunner().invoke(main, ["draw", str(TWO_TRAINS), "-o", str(tmp_path / "b.png")])
    assert res.exit_code == 2
    assert res.output.strip().splitlines() == [res.output.strip()]
    assert "output: a .png needs a converter" in res.output and not (tmp_path / "b.png").exists()


def _heading(svg: str) -> str:
    return ET.fromstring(svg).find(".//s:text[@class='legend-heading']", NS).text


def test_a_drawn_run_is_captioned_by_what_it_is():
    """A solve answer is the best run, wherever it is drawn from (``draw`` of a ``solve
    --json`` answer included); a declared run is the declared run; a caption given (the
    page's "plan 2") says what the run is."""
    position = _position(TWO_TRAINS)
    run = solve(position, time_limit=30)
    answer = json.dumps(run.to_dict())
    declared = (EXAMPLES / "18chesapeake-two-trains-run.json").read_text()
    assert _heading(draw_position(position, run)).endswith("· best run")
    drawn = draw_input(position, answer)
    assert _heading(drawn).endswith("· best run")
    total = ET.fromstring(drawn).find(".//s:text[@class='legend-total']", NS).text
    assert total == "Total $390"   # the README's best run
    assert _heading(draw_input(position, declared)).endswith("· declared run")
    assert _heading(draw_input(position, answer, caption="plan 2")).endswith("· plan 2")
    assert _heading(draw_position(position)) == "18Chesapeake · PRR · phase 5"


def test_scale_sizes_the_picture_not_the_map():
    position = _position(TWO_TRAINS)
    full = ET.fromstring(draw_position(position))
    half = ET.fromstring(draw_position(position, scale=0.5))
    assert half.get("viewBox") == full.get("viewBox")
    assert float(half.get("width")) == pytest.approx(float(full.get("width")) / 2, abs=1)
    assert float(half.get("height")) == pytest.approx(float(full.get("height")) / 2, abs=1)


def test_cli_draw_scale_pdf_and_an_unknown_suffix(tmp_path):
    res = CliRunner().invoke(main, ["draw", str(TWO_TRAINS), "-o", str(tmp_path / "b.svg"),
                                    "--scale", "2"])
    assert res.exit_code == 0, res.output
    root = ET.parse(tmp_path / "b.svg").getroot()
    assert float(root.get("width")) == pytest.approx(2 * float(root.get("viewBox").split()[2]),
                                                     abs=1)
    res = CliRunner().invoke(main, ["draw", str(TWO_TRAINS), "-o", str(tmp_path / "b.jpg")])
    assert res.exit_code == 2 and not (tmp_path / "b.jpg").exists()
    assert res.output.strip().splitlines() == [
        f"trainrun: error: --output: {tmp_path / 'b.jpg'}: a drawing is written as .svg, .png "
        "or .pdf (or - for the SVG on stdout)"]
    res = CliRunner().invoke(main, ["solve", str(TWO_TRAINS), "--svg", str(tmp_path / "s.txt")])
    assert res.exit_code == 2 and "--svg" in res.output
    pytest.importorskip("cairosvg")
    res = CliRunner().invoke(main, ["solve", str(TWO_TRAINS), "--svg", str(tmp_path / "s.pdf"),
                                    "--scale", "0.5"])
    assert res.exit_code == 0, res.output
    assert (tmp_path / "s.pdf").read_bytes()[:5] == b"%PDF-"


def test_pdf_without_a_converter_is_one_line(tmp_path, monkeypatch):
    import shutil
    import sys
    monkeypatch.setitem(sys.modules, "cairosvg", None)   # import fails
    monkeypatch.setattr(shutil, "which", lambda name: None)
    res = CliRunner().invoke(main, ["draw", str(TWO_TRAINS), "-o", str(tmp_path / "b.pdf")])
    assert res.exit_code == 2 and not (tmp_path / "b.pdf").exists()
    assert res.output.strip().splitlines() == [res.output.strip()]
    assert "output: a .pdf needs a converter" in res.output


def test_post_draw_scale_and_caption():
    client = json_client()
    position = json.loads(TWO_TRAINS.read_text())
    run = client.post("/solve", content=json.dumps(position)).json()
    full = ET.fromstring(client.post("/draw", json={"position": position, "run": run}).text)
    res = client.post("/draw", json={"position": position, "run": run, "scale": 0.5,
                                     "caption": "plan 1"})
    assert res.status_code == 200
    half = ET.fromstring(res.text)
    assert float(half.get("width")) == pytest.approx(float(full.get("width")) / 2, abs=1)
    assert half.find(".//s:text[@class='legend-heading']", NS).text.endswith("· plan 1")
    assert full.find(".//s:text[@class='legend-heading']", NS).text.endswith("· best run")
    for bad, field in (({"scale": 0}, "scale"), ({"scale": "2"}, "scale"),
                       ({"caption": 3}, "caption")):
        res = client.post("/draw", json={"position": position, **bad})
        assert res.status_code == 400 and res.json()["error"].startswith(field), res.text


def _luminance(colour: str) -> float:
    """WCAG relative luminance of #rrggbb or a named colour of the drawing."""
    colour = {"white": "#ffffff", "black": "#000000"}.get(colour, colour)
    channels = [int(colour[k:k + 2], 16) / 255 for k in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def _contrast(a: str, b: str) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_broken_rule_numbers_are_readable_on_every_tile_colour():
    """A broken rule's number is white on its own opaque dark red badge (it was white on
    the tile, unreadable on yellow): WCAG contrast at least 4.5 whatever the tile."""
    position = _position(TWO_TRAINS)
    result = verify(position, _shared_track_run(position), time_limit=30)
    root = ET.fromstring(draw_verification(position, result))
    badges = root.findall(".//s:g[@class='violation-number']", NS)
    assert len(badges) >= len(result.violations)
    for badge in badges:
        rect = badge.find("s:rect", NS)
        assert rect.get("opacity") is None and rect.get("fill-opacity") is None
        assert _contrast(badge.find("s:text", NS).get("fill"), rect.get("fill")) >= 4.5


def test_token_names_fit_their_token():
    from trainrun.draw.board import token_text
    from trainrun.draw.placing import text_width
    for name in ("B&O", "NYSW", "Bess", "ERIE", "C&WI", "Lake Shore"):
        shown, size = token_text(name, 10.0)
        assert text_width(shown, size, True) <= 17.0
        assert shown == name[:len(shown)] and shown
    assert token_text("Lake Shore", 10.0)[0] != "Lake Shore"   # cut short, not unreadable


def test_a_lower_case_hex_id_is_drawn_before_column_a():
    """18GB's a19 and a25: a lower-case letter is the column before A, as the engine's
    ``Hex::NEGATIVE_LETTERS`` has it (18GB's map names them neighbours of A-column hexes)."""
    from trainrun.board.hexgrid import HexGrid
    grid = HexGrid("flat")
    assert grid.coords("a19") == (-1, 18) and grid.hex_id(-1, 18) == "a19"
    assert grid.neighbor("a19", 5) == "A20"
