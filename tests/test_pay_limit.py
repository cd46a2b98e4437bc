"""A pay limit above any fixed size: the best k stops of a long route all count.

An unlimited train scoring its best 18 stops (a test-only rule answered by a plugin
registered after 18PA's own) runs on ``examples/18pa-late-game.json``. Its best route
visits 20 stops, so two of them do not score. The total must be the same from the
compiled enumerator and from the CP-SAT path model (``route_budget=1``, which scores
the pay limit with its own constraints), and the route's revenue must be the sum of its
18 largest stop values (hand rule of ``TrainRules.pay_limit``), as the independent
checker also finds.
"""
from __future__ import annotations

import json
from pathlib import Path

import pluggy

from trainrun import solve
from trainrun.formats.reading import position_of
from trainrun.hooks.rules import TrainRules
from trainrun.plugins import defaults, g18pa, hookspecs
from trainrun.plugins.hookspecs import hookimpl
from trainrun.registry import Ruleset, load_title
from trainrun.routes.legality import check_run

EXAMPLE = Path(__file__).parent.parent / "examples" / "18pa-late-game.json"
PAY_LIMIT = 18


class LongTrain:
    """The "5" train runs any distance and scores its best ``PAY_LIMIT`` stops."""

    @hookimpl
    def trainrun_train_rules(self, position, train):
        if train.name == "5":
            return TrainRules("unlimited", pay_limit=PAY_LIMIT)
        return None


def _position():
    pm = pluggy.PluginManager("trainrun")
    pm.add_hookspecs(hookspecs)
    pm.register(defaults, name="defaults")
    pm.register(g18pa, name="title")
    pm.register(LongTrain(), name="test")
    base = load_title("18PA")
    data = json.loads(EXAMPLE.read_text())
    data["trains"] = [{"id": "5-0", "name": "5"}]
    return position_of(Ruleset(base.info, base.title, pm.hook), data)


def test_pay_limit_above_sixteen():
    position = _position()
    run = solve(position)
    assert run.status == "optimal"
    (route,) = run.routes
    values = [s["value"] for s in route.stops]
    assert len(values) > PAY_LIMIT           # the limit really drops stops here
    best = sum(sorted(values, reverse=True)[:PAY_LIMIT])
    assert route.revenue == best == 700
    # + $40 mining rights (18PA company bonus): 700 + 40; a cap at 16 gave 720
    assert run.total == best + sum(b["amount"] for b in run.company_bonuses) == 740
    path_model = solve(position, route_budget=1)
    assert path_model.status == "optimal" and path_model.total == run.total
    check = check_run(position, [(route.train, route.visited, route.chains)])
    assert check.routes[0].legal and check.routes[0].revenue == route.revenue
