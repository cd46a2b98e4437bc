"""Forks in a replay (trainrun.replay.replayfork), on a stand-in replay whose log is a list of
steps: ``choose`` asks for a choice (as a title's hook asks ``Replay.decide``), ``need``
refuses unless the choices made so far are those it names. The 1817 cases on a real log are
in test_gamelog (1817_game_end_bankrupt#1374)."""
import copy

import pytest

from trainrun.errors import InputError
from trainrun.replay.replayfork import Fork, agreed, settled


class Log:
    def __init__(self, actions):
        self.actions = [{"id": i + 1, **a} for i, a in enumerate(actions)]


class Stand:
    """Just what replayfork uses of a ``trainrun.replay.gamelog.Replay``."""

    def __init__(self, actions):
        self.game, self.decisions, self.taken = Log(actions), {}, {}   # key: way taken
        self.twins = ()
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
                list(self.taken.values()) not in _allowed(what["ways"]):
            raise InputError(f"action {what['id']} (need)", "refused")
        if kind == "apply":
            self.applied.append((what["id"], what.get("auto", 0)))


def _allowed(ways):
    """A ``need``'s ways: one list of choices, or several lists any of which does."""
    return ways if ways and isinstance(ways[0], list) else [ways]


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


def test_ways_the_log_cannot_tell_apart_are_carried_forward():
    # the replay goes on with a, a twin with b takes every later step beside it
    state = walk([{"type": "choose", "ways": ["a", "b"]}, {"type": "pass"}])
    assert state.decisions == {(1, 0, "way"): "a"}
    [twin] = state.twins
    assert (twin.choice, twin.standing) == ("b", ("a", "b"))
    assert twin.replay.decisions == {(1, 0, "way"): "b"}
    assert twin.replay.applied == state.applied == [(1, 0), (2, 0)]


def test_a_position_all_ways_agree_on_is_handed_out():
    state = walk([{"type": "choose", "ways": ["a", "b", "c"]}, {"type": "pass"}])
    assert len(state.twins) == 2
    made = agreed(state, "action 2 (pass)", dict, lambda s, n: {"applied": s.applied[:n]}, 1)
    assert made == {"applied": [(1, 0)]}


def test_a_position_that_depends_on_an_unsettled_way_stops_the_replay():
    state = walk([{"type": "choose", "ways": ["a", "b"]}, {"type": "pass"}])
    with pytest.raises(InputError, match=r"^action 2 \(pass\): this position depends on way at "
                                         r"action 1 \(choose\) \(the log does not say; the "
                                         r"rest of the log contradicts none of a, b\): with b "
                                         r"its taken differ$"):
        agreed(state, "action 2 (pass)", dict, lambda s: {"applied": s.applied,
                                                          "taken": dict(s.taken)})


def test_a_twin_settles_its_own_later_forks():
    # 1 may go a or b; then 2 must go x after a, y after b: each replay keeps its own
    state = walk([{"type": "choose", "ways": ["a", "b"]}, {"type": "choose", "ways": ["x", "y"]},
                  {"type": "need", "ways": [["a", "x"], ["b", "y"]]}])
    [twin] = state.twins
    assert state.decisions == {(1, 0, "way"): "a", (2, 0, "way"): "x"}
    assert twin.replay.decisions == {(1, 0, "way"): "b", (2, 0, "way"): "y"}
    assert twin.replay.twins == ()


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
