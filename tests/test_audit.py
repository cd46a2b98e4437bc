"""Auditing recorded games: every declared run re-scored as the 18xx.games engine scored it
(the corpus line's ``declared.total``) and every best equal to trainrun's solve of the corpus
line itself (the position the engine had there)."""
import pytest
from test_gamelog import REPLAYED, corpus_lines, games, load

from trainrun import read_position
from trainrun.replay.audit import audit
from trainrun.routes.solve import solve


@pytest.mark.parametrize("title,game", games(REPLAYED))
def test_audit_matches_the_corpus(title, game):
    report = audit(load(title, game))
    lines = corpus_lines(title, game)
    # a stop past the last corpus line only (as in the replay's corpus test)
    assert report.stopped is None or int(report.stopped.split()[1]) > max(lines)
    audited = {r.action: r for r in report.runs}
    assert set(lines) <= set(audited)
    for action, line in lines.items():
        verdict = audited[action].verdict
        assert audited[action].company == line["entity"]
        assert audited[action].round.startswith(f"OR {line['turn']}."), action  # engine's turn
        assert verdict.declared_total == line["declared"]["total"], action
        assert verdict.best_total == solve(read_position(line)).total, action
        assert verdict.best_status == "optimal", action
    left = report.left_on_table()
    assert sum(left.values()) == sum(r.verdict.gap for r in report.runs)
    assert all(r.verdict.gap == max(r.verdict.best_total - r.verdict.declared_total, 0)
               for r in report.runs)


def test_the_runs_of_22383_in_order_with_their_rounds():
    report = audit(load("18Chesapeake", "22383"))
    assert [(r.round, r.action, r.company) for r in report.runs] == [
        ("OR 2.1", 44, "SRR"), ("OR 2.1", 53, "B&O"), ("OR 3.1", 64, "SRR"),
        ("OR 3.1", 70, "B&O"), ("OR 3.1", 75, "PRR")]
    assert report.stopped is None and report.left_on_table() == {"SRR": 0, "B&O": 0, "PRR": 0}
