"""Forks in a replay (trainrun.replay.replayfork), on a stand-in replay whose log is a list of
steps: ``choose`` asks for a choice (as a title's hook asks ``Replay.decide``), ``need``
refuses unless the choices made so far are those it names. The 1817 case on a real log is
in test_gamelog (1817_game_end_bankrupt#1374)."""
import copy

import pytest

from trainrun.errors import InputError
from trainrun.replay.replayfork import Fork, settled


class Log:
    def __init__(self, actions):
        self.actions = [{"id": i + 1, **a} for i, a in enumerate(actions)]


class Stand:
    """Just what replayfork uses of a ``trainrun.replay.gamelog.Replay``."""

    def __init__(self, actions):
        self.game, self.decisions, self.taken = Log(actions), {}, {}   # key: way taken
        self.applied = []   # (id, automatic action number) of each step applied

    def copy(self):
        twin = copy.copy(self)
        twin.decisions, twin.taken = dict(self.decisions), dict(self.taken)
        twin.applied = list(self.applied)
        return twin

    @staticmethod
    def steps(action):
        return [("begin", action), ("apply", action)] + [
            ("apply", {**auto, "id": action["id"], "auto": n})
            for n, auto in enumerate(action.get("auto_actions", ()), start=1)]

    def take(self, action, step):
        kind, what = step
        if what["type"] == "choose":
            key = (what["id"], what.get("auto", 0), "way")
            if key not in self.decisions:
                raise Fork(key, tuple(what["ways"]), "the log does not say")
            self.taken[key] = self.decisions[key]   # begin comes twice, as in a Replay
        if kind == "apply" and what["type"] == "need" and \
                list(self.taken.values()) != what["ways"]:
            raise InputError(f"action {what['id']} (need)", "refused")
        if kind == "apply":
            self.applied.append((what["id"], what.get("auto", 0)))


def walk(actions):
    state = Stand(actions)
    for index, action in enumerate(state.game.actions):
        for step in range(len(state.steps(action))):
            settled(state, index, step)
    return state


def test_the_one_way_the_rest_of_the_log_allows_is_kept():
    state = walk([{"type": "choose", "ways": ["a", "b"]}, {"type": "need", "ways": ["b"]}])
    assert state.decisions == {(1, 0, "way"): "b"} and state.taken == {(1, 0, "way"): "b"}


def test_a_later_fork_in_a_branch_stands_if_any_of_its_ways_does():
    # way b at 1 stands only with way y at 2; 2 is settled in its turn
    state = walk([{"type": "choose", "ways": ["a", "b"]}, {"type": "choose", "ways": ["x", "y"]},
                  {"type": "need", "ways": ["b", "y"]}])
    assert state.decisions == {(1, 0, "way"): "b", (2, 0, "way"): "y"}


def test_ways_the_log_cannot_tell_apart_stop_the_replay():
    with pytest.raises(InputError, match=r"^action 1 \(choose\): way: the log does not say; "
                                         r"the rest of the log contradicts none of a, b$"):
        walk([{"type": "choose", "ways": ["a", "b"]}, {"type": "pass"}])


def test_ways_the_log_contradicts_each_stop_the_replay():
    with pytest.raises(InputError, match=r"^action 1 \(choose\): way: the log does not say; "
                                         r"the rest of the log contradicts each \(a by action 2 "
                                         r"\(need\); b by action 2 \(need\)\)$"):
        walk([{"type": "choose", "ways": ["a", "b"]}, {"type": "need", "ways": ["c"]}])


def test_a_fork_in_an_automatic_action_does_not_replay_the_action():
    # action 1 is applied, then its automatic action forks: settled takes only that step again
    state = walk([{"type": "plain", "auto_actions": [{"type": "choose", "ways": ["a", "b"]}]},
                  {"type": "need", "ways": ["b"]}])
    assert state.decisions == {(1, 1, "way"): "b"}
    assert state.applied == [(1, 0), (1, 1), (2, 0)]
