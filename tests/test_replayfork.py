"""Forks in a replay (trainrun.replayfork), on a stand-in replay whose log is a list of
steps: ``choose`` asks for a choice (as a title's hook asks ``Replay.decide``), ``need``
refuses unless the choices made so far are those it names. The 1817 case on a real log is
in test_gamelog (1817_game_end_bankrupt#1374)."""
import copy

import pytest

from trainrun.errors import InputError
from trainrun.replayfork import Fork, settled


class Log:
    def __init__(self, actions):
        self.actions = [{"id": i + 1, **a} for i, a in enumerate(actions)]


class Stand:
    """Just what replayfork uses of a ``trainrun.gamelog.Replay``."""

    def __init__(self, actions):
        self.game, self.decisions, self.taken = Log(actions), {}, {}   # id: way taken

    def copy(self):
        twin = copy.copy(self)
        twin.decisions, twin.taken = dict(self.decisions), dict(self.taken)
        return twin

    def begin(self, action):
        if action["type"] == "choose":
            key = (action["id"], "way")
            if key not in self.decisions:
                raise Fork("way", tuple(action["ways"]), "the log does not say")
            self.taken[action["id"]] = self.decisions[key]   # begin comes twice, as in a Replay

    def apply(self, action):
        self.begin(action)
        if action["type"] == "need" and list(self.taken.values()) != action["ways"]:
            raise InputError(f"action {action['id']} (need)", "refused")


def walk(actions):
    state = Stand(actions)
    for index in range(len(state.game.actions)):
        settled(state, index, state.begin)
        settled(state, index, state.apply)
    return state


def test_the_one_way_the_rest_of_the_log_allows_is_kept():
    state = walk([{"type": "choose", "ways": ["a", "b"]}, {"type": "need", "ways": ["b"]}])
    assert state.decisions == {(1, "way"): "b"} and state.taken == {1: "b"}


def test_a_later_fork_in_a_branch_stands_if_any_of_its_ways_does():
    # way b at 1 stands only with way y at 2; 2 is settled in its turn
    state = walk([{"type": "choose", "ways": ["a", "b"]}, {"type": "choose", "ways": ["x", "y"]},
                  {"type": "need", "ways": ["b", "y"]}])
    assert state.decisions == {(1, "way"): "b", (2, "way"): "y"}


def test_ways_the_log_cannot_tell_apart_stop_the_replay():
    with pytest.raises(InputError, match=r"^action 1 \(choose\): way: the log does not say; "
                                         r"the rest of the log contradicts none of a, b$"):
        walk([{"type": "choose", "ways": ["a", "b"]}, {"type": "pass"}])


def test_ways_the_log_contradicts_each_stop_the_replay():
    with pytest.raises(InputError, match=r"^action 1 \(choose\): way: the log does not say; "
                                         r"the rest of the log contradicts each \(a by action 2 "
                                         r"\(need\); b by action 2 \(need\)\)$"):
        walk([{"type": "choose", "ways": ["a", "b"]}, {"type": "need", "ways": ["c"]}])
