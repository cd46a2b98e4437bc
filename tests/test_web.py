"""The web page's routes without a browser: the page and its files, offline; the examples
it offers; POST /apply, the turn engine's ``apply`` over HTTP."""
import json
import re
from pathlib import Path

from service_client import json_client

from trainrun.formats.reading import read_position
from trainrun.turn.moves import legal_moves

client = json_client()
EXAMPLES = Path(__file__).parent.parent / "examples"
LAY_MOMENT = json.loads((EXAMPLES / "18chesapeake-lay-moment.json").read_text())


def test_the_page_and_its_files_need_nothing_from_elsewhere():
    page = client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assets = re.findall(r'(?:src|href)="([^"]+)"', page.text)
    assert sorted(assets) == ["/static/app.js", "/static/style.css"]
    for asset in assets:
        res = client.get(asset)
        assert res.status_code == 200
        assert not re.search(r"https?://", res.text), asset   # no CDN, no remote font


def test_every_example_position_is_offered_with_its_declared_run():
    listed = {e["name"]: e for e in client.get("/examples").json()["examples"]}
    on_disk = {p.stem for p in EXAMPLES.glob("*.json")}
    assert set(listed) == {n for n in on_disk if not n.endswith("-run")}
    assert listed["18chesapeake-two-trains"]["run"] == "18chesapeake-two-trains-run"
    assert listed["18chesapeake-late-game"]["run"] is None
    for name in on_disk:
        assert client.get(f"/examples/{name}").json() == \
            json.loads((EXAMPLES / f"{name}.json").read_text())


def test_an_unknown_example_is_one_line():
    res = client.get("/examples/nope")
    assert res.status_code == 400 and res.json()["error"].startswith("example: no example named")


def test_apply_a_lay_then_a_token():
    # docs/cli.md's advise answer for this moment: lay 69 on K3 rotation 0, then a token in
    # J6 city 0 for $40 (LV has $220)
    moves = [{"hex": "K3", "tile": "69", "rotation": 0}, {"hex": "J6", "city": 0}]
    res = client.post("/apply", content=json.dumps({"position": LAY_MOMENT, "moves": moves}))
    assert res.status_code == 200
    after = res.json()
    # every tile laid before is still written (a token once dropped them all)
    assert sorted(after["tiles"], key=lambda t: t["hex"]) == \
        sorted(LAY_MOMENT["tiles"] + [moves[0]], key=lambda t: t["hex"])
    assert {"hex": "J6", "city": 0, "company": "LV"} in after["tokens"]
    assert after["cash"] == LAY_MOMENT["cash"] - 40
    assert legal_moves(read_position(after))["lays"] == []   # one lay a turn in 18Chesapeake


def test_apply_no_moves_gives_the_position_in_the_own_format():
    res = client.post("/apply", content=json.dumps({"position": LAY_MOMENT, "moves": []}))
    assert res.status_code == 200
    assert read_position(res.json()).board.keys() == read_position(LAY_MOMENT).board.keys()
    assert sorted(res.json()["tiles"], key=lambda t: t["hex"]) == \
        sorted(LAY_MOMENT["tiles"], key=lambda t: t["hex"])


def test_an_illegal_move_is_a_400_naming_the_move():
    # F2 is Harrisburg, PRR's home; LV's track does not reach it
    body = {"position": LAY_MOMENT, "moves": [{"hex": "F2", "city": 0}]}
    res = client.post("/apply", content=json.dumps(body))
    assert res.status_code == 400
    assert res.json()["error"].startswith("moves[0]: token:")


def test_apply_needs_a_list_of_moves():
    res = client.post("/apply", content=json.dumps({"position": LAY_MOMENT, "moves": {}}))
    assert res.status_code == 400 and res.json()["error"].startswith("moves: expected a list")
    res = client.post("/apply", content="not json")
    assert res.status_code == 400 and res.json()["error"].startswith("body:")
