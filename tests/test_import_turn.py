"""Imported positions carry the turn state (``trainrun.replay.turnmoment``).

The oracle is the legal-move set (tests/data/moves, tests/data/moves_compiled): each line is
a moment just before a lay or a token of a recorded game, with the 18xx.games engine's turn
state there (``step``, ``allowance``: the lays made this turn and the hexes laid, ``cash``)
and every move it accepts. Importing the same game at the same action (``--action``, with
``--company`` the line's company) must give the same turn state wherever trainrun follows
it: the step, the private acting, the lays and hexes laid (where the line states them),
the tokens a lay lifted (where the line states them) and the cash (where the replay follows
it: 18NY's minors). ``trainrun moves`` on that position then offers the engine's legal set
(with the moves the engine accepts that its harness does not list,
``test_moves_compiled.HARNESS_OMITS``), and beyond it only moves costing more than the
engine's cash where trainrun does not follow the cash (the engine refuses them), wherever
the imported position states what the line does of the privates: who holds each
(``privates``) and what is left of their abilities (``abilities``), which the replay of
most titles does not follow yet (those moments are counted, not compared).

A moment where the imported position differs for another reason is listed in ``KNOWN``
with that reason (the test fails when it is answered right, so a fix shows up as an entry
to remove).
"""
from __future__ import annotations

import dataclasses
import functools
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from corpus_checks import optional_rules
from fixture_privates import with_privates
from test_moves_compiled import HARNESS_OMITS
from test_moves_compiled import KNOWN as NOT_MODELLED

from trainrun import read_position
from trainrun.cli.main import main
from trainrun.errors import InputError
from trainrun.replay.gamelog import read_game, replay
from trainrun.turn.moves import apply, legal_moves

DATA = Path(__file__).parent / "data"


def _moves_file(title: str, game: str) -> Path | None:
    for folder in ("moves", "moves_compiled"):
        path = DATA / folder / title / f"{game}.jsonl"
        if path.exists():
            return path
    return None


GAMES = [(p.parent.name, p.stem) for p in sorted((DATA / "fixtures").glob("*/*.json"))
         if _moves_file(p.parent.name, p.stem) is not None]

# title/game#action -> why the imported turn state is not the engine's there
_PLAYER_PRIVATE = ("a private a player holds laid in the next company's turn before that "
                   "company acted: the replay cannot tell whose turn it is yet")
_MINE_PRIVATE = ("1817's mine and ranch privates (P22, P24) are not in its privates data: "
                 "the position names the private (sym), the engine its name, and trainrun "
                 "has not its ability")
_ROUND = ("the 1817 family's replay (round_of) counts a private's lay opening the operating "
          "round in no company's turn, so its owner's turn misses it")
KNOWN: dict[str, str] = {
    "1817/1817_game_end_bankrupt#222": _MINE_PRIVATE,
    "1817/1817_game_end_bankrupt#270": _MINE_PRIVATE,
    "1817NA/20584#912": _ROUND,
    "1817NA/25351#426": _ROUND,
    "18DE/18DE_game_end_final_phase#730": _ROUND,
    "1817WO/19926#266": "1817WO's home token placed after the corporation's first token "
                        "(its choose): the replay reads it as a token step",
    "1889/962#40": _PLAYER_PRIVATE + " (Mitsubishi Ferry, G10)",
    "1889/962#64": _PLAYER_PRIVATE + " (Mitsubishi Ferry, G10)",
    "18Texas/hs_hqrmcntr_1641188459#49": _PLAYER_PRIVATE + " (IGN, D13)",
    "18Texas/hs_hqrmcntr_1641188459#50": _PLAYER_PRIVATE + " (IGN, D13 and E12)",
    "18Texas/hs_hqrmcntr_1641188459#51": _PLAYER_PRIVATE + " (IGN, D13 and E12)",
}


def _line(title: str, game: str, data: dict):
    """The moves line as a position: the optional rules its game was played with as its
    ``options``, the privates' holders from the log (``fixture_privates``); a ``tokens_left``
    of null (a player's token: 18FL's Terminal Company) not stated."""
    rules = optional_rules(title, game)
    data = {**({"options": dict.fromkeys(rules, True)} if rules else {}),
            **{k: v for k, v in data.items() if not (k == "tokens_left" and v is None)}}
    return read_position(with_privates(data))


@functools.cache
def _moments(title: str, game: str) -> tuple[list, str | None]:
    """(moves line, imported position) of every line the replay reaches, and where the
    replay stopped (None: at the log's end)."""
    lines: dict[int, list[dict]] = {}
    for data in map(json.loads, _moves_file(title, game).read_text().splitlines()):
        lines.setdefault(data["action"], []).append(data)
    log = read_game((DATA / "fixtures" / title / f"{game}.json").read_text(), f"{game}.json")
    out, stop = [], None
    try:
        for action, state in replay(log):
            for data in lines.get(action["id"], ()):
                company = data.get("operator") or data["entity"]
                out.append((data, state.position_before(action, company)))
    except InputError as exc:
        if "gives no replay rules" in str(exc):
            pytest.skip(str(exc))
        stop = str(exc)
    return out, stop


def _sym(position, entity: str | None) -> str | None:
    """A private named by its sym or its name, as its sym."""
    names = {data.get("name"): sym for sym, data in position.title.privates.items()}
    return names.get(entity, entity)


def turn_differences(engine, imported, data: dict) -> list[str]:
    """Where the imported position's turn differs from the moves line's (``engine``, the
    line read), in what the line states."""
    ours, theirs = imported.turn, engine.turn
    ours = dataclasses.replace(ours, entity=_sym(imported, ours.entity))
    theirs = dataclasses.replace(theirs, entity=_sym(engine, theirs.entity))
    fields = ["step", "entity"]
    allowance = data.get("allowance") or {}
    fields += [f for f, key in (("lays", "laid_this_turn"), ("upgraded", "upgraded_this_turn"),
                                ("laid_hexes", "laid_hexes")) if key in allowance]
    fields += ["pending_tokens"] if "pending_token" in data else []
    fields += ["cash"] if ours.cash is not None else []
    return [f"{f} {getattr(ours, f)!r} vs {getattr(theirs, f)!r}" for f in fields
            if getattr(ours, f) != getattr(theirs, f)]


def _moves(position, data: dict) -> dict[str, int]:
    """The moves of the line's kind ``trainrun moves`` offers, each with its cost (a
    private's moment: those of its ability)."""
    kind = "lays" if data["kind"] == "lay_tile" else "tokens"
    found = legal_moves(position)
    if position.turn.step in ("SpecialTrack", "SpecialToken"):
        offered = [m for a in found.get("abilities", ())
                   if _sym(position, a["private"]) == _sym(position, position.turn.entity)
                   for m in a[kind]] + found[kind]
    else:
        offered = found[kind]
    return {json.dumps({k: v for k, v in m.items() if k not in ("cost", "private")},
                       sort_keys=True): m["cost"] for m in offered}


def move_differences(engine, imported, data: dict, name: str) -> list[str]:
    """Where ``trainrun moves`` on the imported position differs from the engine's legal
    set at moment ``name``: a move missing, or one beyond it that the engine's cash would
    have paid for (or any beyond it where the position states its cash)."""
    ours = _moves(imported, data)
    legal = data["legal"] + HARNESS_OMITS.get(name, [])
    theirs = {json.dumps({k: v for k, v in m.items() if k != "cost"}, sort_keys=True):
              m["cost"] for m in legal}
    cash = data.get("cash")
    payable = imported.turn.cash is not None or cash is None
    out = [f"missing {m}" for m in sorted(set(theirs) - set(ours))]
    out += [f"cost of {m}: {ours[m]} vs {theirs[m]}" for m in sorted(set(theirs) & set(ours))
            if ours[m] != theirs[m]]
    out += [f"beyond {m} (${ours[m]})" for m in sorted(set(ours) - set(theirs))
            if payable or ours[m] <= cash]
    return out


def _ids(games):
    return [f"{t}/{g}" for t, g in games]


# 18GB's engine never records an upgrade in its turn (G18GB::Step::TrackAndToken
# lay_tile_action sets no upgraded_track), trainrun's turn engine does
UPGRADES_UNRECORDED = {"18GB": "18GB's turn records no upgrade in the engine, and does in "
                               "trainrun's turn engine"}


@pytest.mark.parametrize("title,game", [
    pytest.param(t, g, marks=pytest.mark.xfail(reason=UPGRADES_UNRECORDED[t], strict=True))
    if t in UPGRADES_UNRECORDED else (t, g) for t, g in GAMES], ids=_ids(GAMES))
def test_the_imported_turn_state_is_the_engines(title, game):
    moments, _ = _moments(title, game)
    wrong = {}
    for data, imported in moments:
        name = f"{title}/{game}#{data['action']}"
        found = turn_differences(_line(title, game, data), imported, data)
        if found:
            wrong[name] = found
    assert {k: v for k, v in wrong.items() if k not in KNOWN} == {}
    reached = {f"{title}/{game}#{data['action']}" for data, _ in moments}
    assert sorted(k for k in KNOWN if k in reached and k not in wrong) == []


def _privates_stated(engine, imported) -> bool:
    """Whether the imported position states the line's privates and their abilities."""
    return (imported.privates, tuple(imported.abilities)) == (engine.privates,
                                                              tuple(engine.abilities))


@pytest.mark.parametrize("title,game", GAMES, ids=_ids(GAMES))
def test_moves_on_the_imported_position_are_the_engines(title, game):
    moments, _ = _moments(title, game)
    wrong, compared = {}, 0
    for data, imported in moments:
        name = f"{title}/{game}#{data['action']}"
        engine = _line(title, game, data)
        if not _privates_stated(engine, imported):
            continue
        compared += 1
        try:
            found = move_differences(engine, imported, data, name)
        except InputError as exc:
            found = [str(exc)]
        if found and name not in KNOWN and name not in NOT_MODELLED:
            wrong[name] = found
    if not compared:
        pytest.skip(f"none of its {len(moments)} moments states the line's privates")
    assert wrong == {}, f"{len(wrong)} of {compared} moments compared"


def test_moves_after_a_lay_offer_only_what_is_left_of_the_turn(tmp_path):
    # 1905#88: B&O has laid its one tile of the turn (F8, #86; 18Chesapeake grants one lay,
    # docs/rules/18chesapeake.md §8) and places a token next: imported there, the turn says
    # so and `trainrun moves` offers no lay, only the token the engine offered ($40 in F8)
    game = str(DATA / "fixtures" / "18Chesapeake" / "1905.json")
    imported = CliRunner().invoke(main, ["import", game, "--action", "88", "--json"])
    assert imported.exit_code == 0, imported.output
    assert json.loads(imported.output)["turn"] == {"lays": 1, "laid_hexes": ["F8"],
                                                   "step": "Token"}
    path = tmp_path / "bo.json"
    path.write_text(imported.output)
    moves = CliRunner().invoke(main, ["moves", str(path), "--json"])
    assert json.loads(moves.output) == {"lays": [], "tokens": [{"hex": "F8", "city": 0,
                                                                "cost": 40}]}


def _imported(tmp_path, action: int) -> tuple[dict, dict]:
    """1905.json imported at ``action`` (its own format) and `trainrun moves --json` on it."""
    game = str(DATA / "fixtures" / "18Chesapeake" / "1905.json")
    imported = CliRunner().invoke(main, ["import", game, "--action", str(action), "--json"])
    assert imported.exit_code == 0, imported.output
    path = tmp_path / f"at{action}.json"
    path.write_text(imported.output)
    moves = CliRunner().invoke(main, ["moves", str(path), "--json"])
    assert moves.exit_code == 0, moves.output
    return json.loads(imported.output), json.loads(moves.output)


def test_a_run_imported_after_a_pass_and_a_token_offers_no_lay_nor_token(tmp_path):
    # 1905 OR 6.3, N&W's turn from the log: #535 `pass` (its lay step, no tile laid), #536
    # `place_token` in X9 (its token step: step/token.rb passes it), #537 `run_routes`.
    # The engine is past Track and Token there (round/operating.rb): no lay, no token
    position, moves = _imported(tmp_path, 537)
    assert position["turn"] == {"step": "Route"}
    assert moves == {"lays": [], "tokens": [], "reason": "N&W is past its lay and token steps "
                     "this turn (step Route): no lay or token is left"}
    # and `apply` refuses one in one line (C5, Green Spring: a token the engine offered
    # N&W in its token step, before #536)
    with pytest.raises(InputError, match="past its lay and token steps"):
        apply(read_position(json.dumps(position)), {"hex": "C5", "city": 0})


def test_the_token_step_after_a_pass_of_the_lay_step_offers_no_lay(tmp_path):
    # 1905 OR 6.2, PRR's turn from the log: #486 `pass` (its lay step, no tile laid), #487
    # `pass` (its token step), #488 `run_routes`: before #487 PRR is in its token step
    # (no lay), before #488 past it
    position, moves = _imported(tmp_path, 487)
    assert position["turn"] == {"step": "Token"} and moves["lays"] == []
    assert "reason" not in moves
    position, moves = _imported(tmp_path, 488)
    assert position["turn"] == {"step": "Route"}
    assert (moves["lays"], moves["tokens"]) == ([], [])


def test_a_spent_lay_allowance_ends_the_lay_step(tmp_path):
    # 1905: C&A lays its one tile of the turn (#70; 18Chesapeake grants one lay,
    # docs/rules/18chesapeake.md §8: step/track.rb passes the lay step itself), `pass`es its
    # token step (#71) and runs (#72)
    position, moves = _imported(tmp_path, 71)
    assert position["turn"]["step"] == "Token" and position["turn"]["lays"] == 1
    assert moves["lays"] == []
    position, moves = _imported(tmp_path, 72)
    assert position["turn"]["step"] == "Route" and (moves["lays"], moves["tokens"]) == ([], [])


def test_a_token_in_a_lay_and_token_step_leaves_the_lays_and_no_token(tmp_path):
    # 1846 10264: PRR places its token in E11 (#50) in its one step of lays and tokens
    # (engine step/track_and_token.rb: ``@tokened``, no second token, its lays go on), then
    # lays E11 (#51): the 30 lays the engine's legal-move line lists there, no token
    game = str(DATA / "fixtures" / "1846" / "10264.json")
    imported = CliRunner().invoke(main, ["import", game, "--action", "51", "--json"])
    assert imported.exit_code == 0, imported.output
    assert json.loads(imported.output)["turn"] == {"tokened": True}
    path = tmp_path / "prr.json"
    path.write_text(imported.output)
    moves = json.loads(CliRunner().invoke(main, ["moves", str(path), "--json"]).output)
    assert (len(moves["lays"]), moves["tokens"]) == (30, [])
