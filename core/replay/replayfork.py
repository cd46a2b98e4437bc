"""Forks in a game's replay (``trainrun.replay.gamelog``): where a log leaves out a choice the
18xx.games engine made from something trainrun does not follow (a corporation's money),
each possible choice is replayed on its own copy of the replay to the end of the log, and
the replay keeps the one choice the rest of the log does not contradict (on every other,
some later action is illegal).

A title's replay hook asks for such a choice with ``ReplayState.decide`` (the replay's
``Replay.decide``) before it changes anything; ``decide`` raises ``Fork`` the first time,
and ``settled`` answers it: it tries each choice, keeps the survivor in
``Replay.decisions`` and takes the step again (an action is replayed in steps,
``Replay.steps``: its begin, itself, and each automatic action recorded with it, so a fork
in an automatic action does not replay the action). A fork
met while a branch is tried is a branch of its own: a branch stands if any of its ways
reaches the end of the log. If no choice or more than one stands, the replay stops at the
action with one line naming the choices: the board is never a guess.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, Self, TypeVar

from trainrun.errors import InputError
from trainrun.replay.actionname import Step, where

# where a choice is kept: (action id, automatic action number or 0, the choice's name)
DecisionKey = tuple[int, int, str]


class _Log(Protocol):
    @property
    def actions(self) -> list[dict]: ...


class Forking(Protocol):
    """What a fork needs of a replay (``trainrun.replay.gamelog.Replay``): its log, the
    choices kept, its steps, a copy going on on its own."""

    decisions: dict[DecisionKey, object]

    @property
    def game(self) -> _Log: ...

    def steps(self, action: dict) -> Sequence[Step]: ...

    def take(self, action: dict, step: Step) -> None: ...

    def copy(self) -> Self: ...


Replaying = TypeVar("Replaying", bound=Forking)


class Fork(Exception):
    """A choice ``Replay.decide`` cannot make alone: ``key`` is where it is kept in
    ``Replay.decisions`` (its last item the choice's name, ``field``), ``choices`` are what
    the engine may have chosen, ``why`` says what the engine decides it by. Never
    reported: ``settled`` answers it (not an ``InputError``, so no action names it on the
    way)."""

    def __init__(self, key: DecisionKey, choices: tuple, why: str):
        self.key, self.field, self.choices, self.why = key, key[-1], choices, why
        super().__init__(f"{self.field}: {why}")


def settled(state: Forking, index: int, step: int) -> None:
    """Step ``step`` of the log's action number ``index`` (``state.steps``: its begin,
    itself, each automatic action recorded with it), each fork it raises settled by the
    rest of the log. A fork is raised before its step changes anything, so the step is
    taken again once the choice is known; the steps before it are not."""
    action = state.game.actions[index]
    while True:
        try:
            state.take(action, state.steps(action)[step])
            return
        except Fork as fork:
            state.decisions[fork.key] = _survivor(state, index, step, fork)


def _survivor(state: Forking, index: int, step: int, fork: Fork) -> object:
    """The one choice of ``fork`` (raised at that step of action number ``index``) whose
    branch replays to the end of the log; else one line naming the branches and where
    each broke."""
    action = state.game.actions[index]
    standing, broken = [], []
    for choice in fork.choices:
        error = _contradiction(_branch(state, fork, choice), index, step)
        if error is None:
            standing.append(choice)
        else:
            broken.append(f"{choice} by {error.where}")
    if len(standing) == 1:
        return standing[0]
    if standing:
        said = f"the rest of the log contradicts none of {', '.join(map(str, standing))}"
    else:
        said = f"the rest of the log contradicts each ({'; '.join(broken)})"
    raise InputError(where(action), f"{fork.field}: {fork.why}; {said}")


def _branch(state: Replaying, fork: Fork, choice: object) -> Replaying:
    branch = state.copy()
    branch.decisions[fork.key] = choice
    return branch


def _contradiction(state: Forking, index: int, step: int) -> InputError | None:
    """None if the log from that step of action number ``index`` on replays on ``state``
    to its end in at least one way (each fork met tried every way), else the first action
    refused."""
    actions = state.game.actions
    for at in range(index, len(actions)):
        steps = state.steps(actions[at])
        for k in range(step if at == index else 0, len(steps)):
            try:
                state.take(actions[at], steps[k])
            except InputError as exc:
                return exc
            except Fork as fork:
                first = None
                for choice in fork.choices:
                    error = _contradiction(_branch(state, fork, choice), at, k)
                    if error is None:
                        return None
                    first = first or error
                return first
    return None
