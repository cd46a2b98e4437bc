"""The turn engine's public module (``trainrun.turn.moves``), ``trainrun moves`` and ``POST /moves``
on recorded moments of tests/data/moves."""
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from service_client import json_client

from trainrun import read_position
from trainrun.cli.main import main
from trainrun.errors import InputError
from trainrun.turn.moves import BuyTrain, TokenMove, apply, legal_moves

MOVES = Path(__file__).parent / "data" / "moves"
LINES = {f"{p.parent.name}/{p.stem}#{d['action']}": d for p in sorted(MOVES.glob("*/*.jsonl"))
         for d in map(json.loads, p.read_text().splitlines())}
TOKEN = LINES["18NY/108746#512"]      # D&H: 14 legal cities, $20-$160
LAY = next(d for d in LINES.values() if d["kind"] == "lay_tile" and d["step"] == "Track"
           and d["title"] == "18Chesapeake")


def test_moves_of_a_token_moment_are_the_engines():
    assert legal_moves(read_position(TOKEN)) == {"lays": [], "tokens": TOKEN["legal"]}


def test_apply_takes_dicts_and_moves_alike():
    position = read_position(TOKEN)
    rec = TOKEN["recorded"]
    one = apply(position, {"hex": rec["hex"], "city": rec["city"]})
    two = apply(position, TokenMove(rec["hex"], rec["city"]))
    assert one.turn.cash == two.turn.cash == TOKEN["cash"] - rec["cost"]
    assert position.turn.cash == TOKEN["cash"]          # the position given is unchanged


def test_apply_lays_the_recorded_tile_with_its_cost_worked_out():
    rec = LAY["recorded"]
    after = apply(read_position(LAY), {"hex": rec["hex"], "tile": rec["tile"],
                                       "rotation": rec["rotation"]})
    assert after.board[rec["hex"]].tile.name == rec["tile"]
    assert after.turn.cash == LAY["cash"] - rec["cost"]


def test_apply_buys_the_next_train_and_pays_for_it():
    # an 18Chesapeake lay moment: the bank's next train and its price from the title data
    position = read_position(LAY)
    after = apply(position, BuyTrain())
    bought = after.trains[-1].name
    price = position.title.trains[bought].price
    assert price > 0 and after.turn.cash == LAY["cash"] - price
    assert len(after.trains) == len(position.trains) + 1
    with pytest.raises(InputError, match=rf"^move.train: the bank sells a {bought} next"):
        apply(position, {"train": "nope"})


@pytest.mark.parametrize("move,message", [
    ({"hex": "J20", "city": "x"}, r"^move.city: expected a whole number"),
    ({"city": 0}, r"^move.hex: expected a hex id"),
    ({"hex": "J20"}, r"^move: expected \{hex, tile, rotation\}"),
    ([1], r"^move: expected a JSON object"),
])
def test_bad_moves_get_one_line(move, message):
    with pytest.raises(InputError, match=message):
        apply(read_position(TOKEN), move)


def test_cli_moves_json_and_text(tmp_path):
    f = tmp_path / "pos.json"
    f.write_text(json.dumps(TOKEN))
    res = CliRunner().invoke(main, ["moves", "--json", str(f)])
    assert res.exit_code == 0, res.output
    assert json.loads(res.output) == {"lays": [], "tokens": TOKEN["legal"]}
    res = CliRunner().invoke(main, ["moves", str(f)])
    assert "Token placements (14):" in res.output
    assert any(ln.split()[:3] == ["E15", "city", "0"] and ln.split()[-1] == "$40"
               for ln in res.output.splitlines())


def test_cli_moves_jsonl_one_result_per_line(tmp_path):
    lines = [d for d in LINES.values() if d["kind"] == "place_token"][:5]
    f = tmp_path / "moves.jsonl"
    f.write_text("\n".join(json.dumps(d) for d in lines) + "\n{broken\n")
    res = CliRunner().invoke(main, ["moves", str(f)])
    out = [json.loads(ln) for ln in res.output.splitlines()]
    assert [(o.get("fixture"), o.get("action")) for o in out[:5]] == \
        [(d["fixture"], d["action"]) for d in lines]
    for o, d in zip(out, lines):
        assert o["tokens"] == d["legal"]
    assert out[5]["error"].startswith("position: malformed JSON")


def test_cli_moves_bad_input_is_one_line(tmp_path):
    f = tmp_path / "pos.json"
    f.write_text(json.dumps(dict(TOKEN, tokens_left="two")))
    res = CliRunner().invoke(main, ["moves", str(f)])
    assert res.exit_code == 2
    assert res.output.strip() == "trainrun: error: tokens_left: expected a whole number of " \
                                 "at least 0, got 'two'"


def test_http_moves():
    client = json_client()
    res = client.post("/moves", content=json.dumps(TOKEN))
    assert res.status_code == 200
    assert res.json() == {"lays": [], "tokens": TOKEN["legal"]}
    bad = client.post("/moves", content=json.dumps(dict(TOKEN, tokens_left=-3)))
    assert bad.status_code == 400
    assert bad.json() == {"error": "tokens_left: expected a whole number of at least 0, got -3"}
