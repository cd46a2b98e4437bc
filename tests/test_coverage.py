"""What ``trainrun titles`` and ``GET /titles`` say a title does (``trainrun.coverage``)."""
import json
from pathlib import Path

from click.testing import CliRunner

from trainrun.cli.main import main
from trainrun.coverage import GAME_FILES, RUNS, TURN, title_coverage
from trainrun.registry import installed_titles, load_title

DATA = Path(__file__).parent / "data"


def test_every_title_answers_runs_and_says_what_is_not_checked():
    for name in installed_titles():
        cov = title_coverage(name)
        info = load_title(name).info
        assert set(RUNS) <= set(cov.works), name
        assert set(TURN) - set(info.unchecked) <= set(cov.works), name
        assert set(info.unchecked) <= set(cov.not_yet), name
        assert set(cov.works).isdisjoint(cov.not_yet), name
        assert ("proof" in cov.not_yet) == bool(info.all_runs_not_modelled()), name
        assert set(info.all_runs_not_modelled()) <= set(cov.not_modelled), name


def test_a_run_rule_not_modelled_makes_the_answers_where_it_matters_not_proven():
    """docs/rules/common.md §9.5: 18GB's compass bonuses are not modelled (plugins/g18gb),
    so a recorded 18GB board whose company's network touches hexes of both icons of a
    compass pair is answered with the best run under the other rules, "not proven" and
    naming the rule, and a declared run there is never called optimal; a board where no
    such rule can matter is answered as any other, its express (X) trains' distance bonus
    modelled (``end_distance``, docs/rules/common.md §9.9). A rule named with a train
    (``TitleInfo.train_runs_not_modelled``) counts only for a company holding that train.
    18SJ's E trains are modelled (a stop bonus and ``TrainRules.passes``): its title names
    no run rule."""
    from trainrun import read_position, solve
    from trainrun.formats.text import format_run
    from trainrun.hooks import answers
    from trainrun.hooks.titleinfo import TitleInfo
    from trainrun.routes.verify import verify
    info = load_title("18GB").info
    assert not info.all_runs_not_modelled() and "proof" not in title_coverage("18GB").not_yet
    path = DATA / "corpus" / "18GB" / "18gb-3p.jsonl"
    lines = [json.loads(text) for text in path.read_text().splitlines()]
    compass = next(d for d in lines
                   if any("compass" in r for r in answers.runs_not_modelled(read_position(d))))
    position = read_position(compass)
    run = solve(position)
    assert run.status == "not proven" and any("compass" in r for r in run.not_modelled)
    assert "not proven: compass bonuses" in format_run(run)
    result = verify(position, compass)
    assert result.best_status == "not proven" and not result.optimal
    # an X train's run: the distance bonus modelled, the run proven
    express = next(d for d in lines if d["action"] == 187)
    assert [t["name"] for t in express["trains"]] == ["4X"]
    run = solve(read_position(express))
    assert run.status == "optimal" and run.not_modelled == []
    assert [b["name"] for b in run.routes[0].bonuses] == ["X"]
    # the first run of the game: 2+1 trains, every rule that matters modelled
    first = read_position(lines[0])
    run = solve(first)
    assert run.status == "optimal" and run.not_modelled == []
    named = TitleInfo(name="T", data=DATA, train_runs_not_modelled=(("4X", "rule"),))
    assert named.runs_not_modelled_for(["4X", "2"]) == ["rule"]
    assert named.runs_not_modelled_for(["2"]) == [] and named.all_runs_not_modelled()
    sj = load_title("18SJ").info
    assert not sj.all_runs_not_modelled() and "proof" not in title_coverage("18SJ").not_yet


def test_game_files_only_where_the_title_gives_replay_rules():
    # 18Chesapeake replays its logs (plugins/g18chesapeake: trainrun_replay_rules); no
    # recorded 18PA game exists, so 18PA gives none (docs/rules/18pa.md)
    assert set(GAME_FILES) <= set(title_coverage("18Chesapeake").works)
    pa = title_coverage("18PA")
    assert set(GAME_FILES) == set(pa.not_yet)
    assert "no replay rules" in pa.not_yet["import"]


def test_a_private_ability_the_shared_rules_cannot_read_is_named():
    # 18MEX's MIR blocks K11 and J12 (engine g_18_mex/entities.rb), hexes its map lacks
    privates = {(sym, kind): (status, why) for sym, kind, status, why
                in title_coverage("18MEX").privates}
    status, why = privates[("MIR", "blocks_hexes")]
    assert status == "unreadable" and "K11" in why
    # 18Chesapeake's four blocking privates are followed by the shared rules
    chesapeake = title_coverage("18Chesapeake").privates
    assert sum(1 for _, kind, status, _ in chesapeake
               if kind == "blocks_hexes" and status == "applied") == 4


def test_the_command_prints_each_title_and_its_json():
    out = CliRunner().invoke(main, ["titles"]).output
    assert "18MEX — Mexico" in out and "    MIR blocks_hexes: unreadable" in out
    lines = CliRunner().invoke(main, ["titles", "--json"]).output.splitlines()
    by_name = {d["name"]: d for d in map(json.loads, lines)}
    assert set(by_name) == set(installed_titles())
    assert by_name["18PA"]["not_yet"]["audit"].startswith("trainrun does not replay")


def test_a_private_ability_not_read_is_refused_where_it_is_used():
    # 18NL 167050#144: P2 places its token (SpecialToken). Given a field the shared rules
    # do not follow (``cheater``: a token in a full city, engine City#tokenable?), every
    # answer there would be a guess: refused, naming the field
    import dataclasses
    import pathlib

    import pytest

    from trainrun import read_position
    from trainrun.errors import InputError
    from trainrun.turn.tokens import legal_tokens
    path = pathlib.Path(__file__).parent / "data" / "moves_compiled" / "18NL" / "167050.jsonl"
    line = next(d for d in map(json.loads, path.read_text().splitlines()) if d["action"] == 144)
    position = read_position(line)
    assert legal_tokens(position)            # followed as it is
    p2 = position.title.privates["P2"]
    cheating = {**p2, "abilities": [{**a, "cheater": True} if a["type"] == "token" else a
                                    for a in p2["abilities"]]}
    title = dataclasses.replace(position.title,
                                privates={**position.title.privates, "P2": cheating})
    with pytest.raises(InputError, match=r"P2's token ability is not followed by trainrun "
                                         r"\(cheater=True"):
        legal_tokens(dataclasses.replace(position, title=title))
