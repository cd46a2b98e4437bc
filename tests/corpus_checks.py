"""The corpus files, and the checks every title's corpus test runs on each line.

``CorpusChecks`` holds three tests, run once per corpus line of a subclass's ``TITLE``:

(a) each declared route is legal under ``trainrun.routes.legality`` and earns the revenue
    recorded for it; the declared run as a whole is legal and totals ``declared.total``;
(b) ``solve`` proves an optimum that equals the exhaustive engine search
    (``exact_oracle.total``) where that search finished — for a title compiled from the
    engine, whose lines have no such search, the total the engine itself gave trainrun's
    run (``tests/data/engine_scores/<title>.json``, by line id: ``score_routes.rb`` of the
    oracle harness) — and is never below the declared run, the 18xx.games auto-router or
    the oracle;
(c) every route ``solve`` returns passes the independent checker with the revenue, stop
    values and scored stops the solver recorded, and the run as a whole is legal with
    the same total;
(d) a line holding a rule the title's trainrun does not model (``refused``) is refused in
    one line naming it, and left out of (a)-(c);
(e) a line where a run rule the title does not model matters (``unproven``: 18GB's
    compass bonuses, ``trainrun_runs_not_modelled``) is answered "not proven", naming the
    rule, never "optimal" (docs/rules/common.md §9.5), and left out of (a)-(c).

A title whose rules depart from the engine's overrides one of the three small methods
below (``declared_visited``, ``engine_route_revenues``, ``expected_total``) in its own
test module, citing the section of docs/rules/ that says why.
"""
from __future__ import annotations

import dataclasses
import functools
import json
from pathlib import Path

import pytest

from trainrun import read_position
from trainrun.errors import InputError
from trainrun.hooks import answers
from trainrun.registry import load_title
from trainrun.routes.legality import check_route, check_run
from trainrun.routes.solve import solve

CORPUS = Path(__file__).parent / "data" / "corpus"
ENGINE_SCORES = Path(__file__).parent / "data" / "engine_scores"
FIXTURES = Path(__file__).parent / "data" / "fixtures"


def corpus_lines(title: str) -> list[dict]:
    """Every corpus position of ``title`` (the folder name under tests/data/corpus). A line
    records no optional rules: where the game's log (tests/data/fixtures) was played with
    some, the line gets them as its position's ``options`` (each rule true), as a player
    states them (18DE's ``modern_trains``)."""
    out = []
    for f in sorted((CORPUS / title).glob("*.jsonl")):
        rules = optional_rules(title, f.stem)
        for line in f.read_text().splitlines():
            if line.strip():
                data = json.loads(line)
                if rules and "options" not in data:
                    data["options"] = {rule: True for rule in rules}
                out.append(data)
    return out


def answered_lines(title: str) -> list[dict]:
    """The lines of ``title`` trainrun answers as the engine does: for a title whose runs
    the engine scored (tests/data/engine_scores), those it scored (a line of a rule not
    modelled is refused instead, ``CorpusChecks.refused``); none for a title whose run
    rules are not all modelled (every answer "not proven"); else every line."""
    lines = corpus_lines(title)
    path = ENGINE_SCORES / f"{title}.json"
    if path.exists():
        scores = engine_scores(title)
        return [d for d in lines if line_id(d) in scores]
    if lines and load_title(lines[0]["title"]).info.runs_not_modelled:
        return []
    return lines


def optional_rules(title: str, game: str) -> list[str]:
    """The optional rules the game's log (tests/data/fixtures) was played with."""
    path = FIXTURES / title / f"{game}.json"
    if not path.exists():
        return []
    return [r for r in json.loads(path.read_text()).get("settings", {}).get(
        "optional_rules", []) or [] if r]


def line_id(data: dict) -> str:
    """A corpus line's id, ``<game>-<action>``: the test ids of the corpus tests and the
    benchmarks."""
    return f"{data['fixture'].removesuffix('.json')}-{data['action']}"


@functools.cache
def lines(title: str) -> dict[str, dict]:
    """``title``'s corpus lines by id (``line_id``, the test ids); ids are unique."""
    out = {}
    for data in corpus_lines(title):
        key = line_id(data)
        assert key not in out, f"duplicate corpus id {key}"
        out[key] = data
    return out


@functools.cache
def engine_scores(title: str) -> dict[str, int]:
    """Line id -> the total the 18xx.games engine gave trainrun's best run there."""
    return json.loads((ENGINE_SCORES / f"{title}.json").read_text())


@functools.cache
def solved(title: str, key: str):
    """(position, run) of one corpus line, solved once per test session."""
    position = read_position(lines(title)[key])
    return position, solve(position, time_limit=30.0)


class CorpusChecks:
    """Checks (a), (b) and (c) of the module docstring, parametrized over ``TITLE``'s lines."""

    TITLE: str

    # the one-line refusal of the lines with a rule trainrun does not model (``refused``)
    REFUSAL: str | None = None

    def refused(self, data: dict) -> bool:
        """Does this line hold a rule of the title trainrun does not model, so that it is
        refused with ``REFUSAL`` (checked by ``test_refused_where_a_rule_is_not_modelled``)
        instead of being solved?"""
        return False

    def unproven(self, data: dict) -> bool:
        """Does a run rule the title does not model matter on this line, so that its run is
        answered "not proven" (checked by
        ``test_not_proven_where_a_rule_that_matters_is_not_modelled``) and held to no
        engine score?"""
        return False

    def pytest_generate_tests(self, metafunc):
        keys = sorted(lines(self.TITLE))
        refused = [k for k in keys if self.refused(lines(self.TITLE)[k])]
        if metafunc.function.__name__ == "test_refused_where_a_rule_is_not_modelled":
            metafunc.parametrize("key", refused)   # none: pytest skips the test
            return
        keys = [k for k in keys if k not in refused]
        unproven = [k for k in keys if self.unproven(lines(self.TITLE)[k])]
        if metafunc.function.__name__ == ("test_not_proven_where_a_rule_that_matters_is_not"
                                          "_modelled"):
            metafunc.parametrize("key", unproven)   # none: pytest skips the test
            return
        keys = [k for k in keys if k not in unproven]
        if metafunc.function.__name__ == "test_declared_run_is_legal_and_scores_as_recorded":
            # a line the current engine could not score has ``declared_error`` instead
            keys = [k for k in keys if "declared" in lines(self.TITLE)[k]]
        metafunc.parametrize("key", keys)

    def declared_visited(self, route: dict) -> list[str]:
        """The declared route's node ids in order, as the corpus line records them."""
        return route["visited"]

    def engine_route_revenues(self, position, checks, run) -> list[int]:
        """The revenue the engine records for each declared route, given the independent
        checker's results for the routes in declared order and for the run: each route's
        own revenue plus the company bonuses the engine credits to it (1846's Mail
        Contract, docs/rules/common.md §9.3)."""
        return [rc.revenue + sum(b["amount"] for b in run.company_bonuses if b["route"] == n)
                for n, rc in enumerate(checks, start=1)]

    def expected_total(self, key: str, data: dict) -> int | None:
        """The best total ``solve`` must prove, or None where no search finished."""
        if "exact_oracle" not in data:
            return engine_scores(self.TITLE)[key]
        oracle = data["exact_oracle"]
        return oracle["total"] if oracle["complete"] else None

    def test_declared_run_is_legal_and_scores_as_recorded(self, key):
        data = lines(self.TITLE)[key]
        position = read_position(data)
        declared = data["declared"]
        routes, checks = [], []
        for n, route in enumerate(declared["routes"], start=1):
            visited = self.declared_visited(route)
            rc = check_route(position, route["train"], visited, route["chains"])
            assert rc.violations == [], f"declared route {n} {visited}"
            routes.append((route["train"], visited, route["chains"]))
            checks.append(rc)
        run = check_run(position, routes)
        revenues = self.engine_route_revenues(position, checks, run)
        for n, (route, revenue) in enumerate(zip(declared["routes"], revenues), start=1):
            assert revenue == route["revenue"], f"declared route {n} {route['visited']}"
        assert run.violations == []
        assert run.total == declared["total"]

    def test_solve_matches_exhaustive_search(self, key):
        data = lines(self.TITLE)[key]
        _, run = solved(self.TITLE, key)
        assert run.status == "optimal"
        assert run.bound == run.total
        expected = self.expected_total(key, data)
        if expected is not None:
            assert run.total == expected
        assert run.total >= max(data.get(k, {}).get("total", 0)
                                for k in ("declared", "reference_router", "exact_oracle"))

    def test_solved_run_passes_the_independent_checker(self, key):
        position, run = solved(self.TITLE, key)
        for n, route in enumerate(run.routes, start=1):
            rc = check_route(position, route.train, route.visited, route.chains)
            assert rc.violations == [], f"solved route {n} {route.visited}"
            assert rc.revenue == route.revenue, f"solved route {n} {route.visited}"
            assert [s["value"] for s in route.stops] == rc.stop_values
            assert [s["scored"] for s in route.stops] == rc.scored
        checked = check_run(position, [(r.train, r.visited, r.chains) for r in run.routes])
        assert checked.violations == []
        assert checked.total == run.total

    def test_not_proven_where_a_rule_that_matters_is_not_modelled(self, key):
        """(e) a line where a run rule not modelled matters is answered "not proven",
        naming the rule (``unproven``)."""
        position, run = solved(self.TITLE, key)
        assert run.status == "not proven"
        assert run.not_modelled == answers.runs_not_modelled(position)
        assert run.not_modelled

    def test_refused_where_a_rule_is_not_modelled(self, key):
        """(d) a line holding a rule trainrun does not model is refused in one line naming
        it, never answered (``refused``, ``REFUSAL``)."""
        with pytest.raises(InputError, match=self.REFUSAL):
            solve(read_position(lines(self.TITLE)[key]))


def city_tokens(data: dict, hex_id: str, city: int = 0) -> dict:
    """The token entry (``slots``, ``extra``, ``reserved``) of ``city`` in ``hex_id`` on a
    corpus line's board: edit it before the line is read."""
    hex_entry = next(h for h in data["board"] if h["hex"] == hex_id)
    return next(t for t in hex_entry["tokens"] if t["city"] == city)


def with_tile(position, hex_id: str, tile):
    """A new position: ``position`` with ``tile`` (one no title's catalogue has, for a rule
    the real tiles never meet) lying in ``hex_id``; ``position`` stays as it was read."""
    placed = dataclasses.replace(position.board[hex_id], tile=tile)
    return dataclasses.replace(position, board={**position.board, hex_id: placed})
