"""A TitleSolver (trainrun.title_solver) answers every position as a fresh ``solve`` does,
whatever it solved before: a board it answers from a kept run is one the solver is given
the same input for, and the answer is that board's own."""
import json
from pathlib import Path

import pytest
from corpus_checks import corpus_lines

from trainrun import TitleSolver, read_position, solve
from trainrun.errors import InputError
from trainrun.turn.lay_moves import legal_lays
from trainrun.turn.moves import apply

EXAMPLES = Path(__file__).parent.parent / "examples"


def _answer(run) -> dict:
    return {k: v for k, v in run.to_dict().items() if k != "seconds"}


def test_a_whole_title_in_a_loop_answers_as_fresh_solves():
    # 1830's 166 recorded runs repeat boards (a company running the same track in the
    # same phase with the same trains, the rest of the board changed elsewhere)
    lines = corpus_lines("1830")
    solver = TitleSolver("1830")
    looped = list(solver.solve_many(lines))
    assert solver.reused > 0 and solver.solved + solver.reused == len(lines)
    for data, run in zip(lines, looped):
        assert _answer(run) == _answer(solve(read_position(data))), data["action"]


def test_the_seed_corpus_optimum_in_a_loop():
    lines = corpus_lines("18Chesapeake")
    runs = TitleSolver("18Chesapeake").solve_many(json.dumps(d) for d in lines)
    for data, run in zip(lines, runs):
        assert run.status == "optimal"
        assert run.total == data["exact_oracle"]["total"], data["action"]


def test_a_repeated_board_is_the_kept_run_timed_anew():
    data = corpus_lines("1830")[0]
    solver = TitleSolver("1830")
    first, again = solver.solve(data), solver.solve(data)
    assert (solver.solved, solver.reused) == (1, 1)
    assert _answer(first) == _answer(again)


def test_another_company_on_the_same_board_is_solved_for_itself():
    data = corpus_lines("1830")[0]
    solver = TitleSolver("1830")
    solver.solve(data)
    other = {**data, "entity": "B&O" if data["entity"] != "B&O" else "PRR"}
    run = solver.solve(other)
    assert solver.reused == 0 and run.company == other["entity"]
    assert _answer(run) == _answer(solve(read_position(other)))


def test_without_memo_nothing_is_kept_and_the_memo_is_bounded():
    data = corpus_lines("1830")[:3]
    none = TitleSolver("1830", memo=0)
    list(none.solve_many(data + data))
    assert none.reused == 0 and not none.runs
    small = TitleSolver("1830", memo=2)
    list(small.solve_many(data))
    assert len(small.runs) == 2


def test_a_position_of_another_title_is_refused_naming_it():
    solver = TitleSolver("1830")
    with pytest.raises(InputError, match=r"^position 2: title: '18Chesapeake' given to "
                                         r"the solver of 1830$"):
        list(solver.solve_many([corpus_lines("1830")[0], corpus_lines("18Chesapeake")[0]]))
    with pytest.raises(InputError, match=r"^title: '18Chesapeake' given to the solver"):
        solver.solve(read_position(corpus_lines("18Chesapeake")[0]))


def test_an_unknown_title_is_one_line():
    with pytest.raises(InputError, match=r"^title: unknown title 'Nope'"):
        TitleSolver("Nope")


@pytest.mark.parametrize("example", ["18chesapeake-late-game.json", "1817-mines-and-bridge.json"])
def test_every_lay_of_a_bots_loop_answers_as_a_fresh_solve(example):
    # examples/bot_inner_loop.py: most lays leave the company's track as it was, so their
    # boards are answered from kept runs; each answer is still that board's own
    from examples.bot_inner_loop import best_lay  # lazy: the example script, only here
    position = read_position((EXAMPLES / example).read_text())
    solver = TitleSolver(position.title.name)
    lays = legal_lays(position)
    fresh = [solve(apply(position, lay)) for lay in lays]
    looped = list(solver.solve_many(apply(position, lay) for lay in lays))
    assert solver.reused > 0
    assert [_answer(r) for r in looped] == [_answer(r) for r in fresh]
    lay, run = best_lay(position, TitleSolver(position.title.name))
    assert run.total == max(r.total for r in fresh)
    assert lay == lays[[r.total for r in fresh].index(run.total)]


def _with_icons(data: dict, change) -> dict:
    board = [{**h, "icons": change(h["icons"])} if "icons" in h else h for h in data["board"]]
    return {**data, "board": board}


def _earning(title: str, bonus: str) -> dict:
    """The first recorded line of ``title`` whose best run earns ``bonus``."""
    return next(d for d in corpus_lines(title)
                if any(b["name"] == bonus for r in solve(read_position(d)).routes
                       for b in r.bonuses))


@pytest.mark.parametrize("title, bonus, change", [
    # 1846's east–west bonus: the icons' values are each end's part (docs/rules/1846.md §2.1)
    ("1846", "E/W", lambda icons: [str(int(i) + 100) if i.isdigit() else i for i in icons]),
    # 18SJ's Orefields m/M pair: without its icons it is not earned (docs/rules/common.md §9.1)
    ("18SJ", "m/M", lambda icons: [i for i in icons if i not in ("M", "m_lower_case")]),
])
def test_a_board_whose_pair_bonuses_changed_is_not_the_kept_one(title, bonus, change):
    # same track, values and trains; only the board's icons differ, and with them the
    # pair bonuses of the train tables (review of issue 27: they were not in the key)
    data = _earning(title, bonus)
    changed = _with_icons(data, change)
    fresh = solve(read_position(changed))
    assert fresh.total != solve(read_position(data)).total
    solver = TitleSolver(title)
    solver.solve(data)
    assert _answer(solver.solve(changed)) == _answer(fresh) and solver.reused == 0
