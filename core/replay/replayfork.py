"""Forks in a game's replay (``trainrun.replay.gamelog``): where a log leaves out a choice the
18xx.games engine made from something trainrun does not follow (a corporation's money),
each possible choice is replayed on its own copy of the replay to the end of the log, and
the replay keeps the choices the rest of the log does not contradict (on every other, some
later action is illegal).

A title's replay hook asks for such a choice with ``ReplayState.decide`` (the replay's
``Replay.decide``) before it changes anything; ``decide`` raises ``Fork`` the first time,
and ``settled`` answers it: it tries each choice, keeps the first that stands in
``Replay.decisions`` and takes the step again (an action is replayed in steps,
``Replay.steps``: its begin, itself, and each automatic action recorded with it, so a fork
in an automatic action does not replay the action). A fork
met while a branch is tried is a branch of its own: a branch stands if any of its ways
reaches the end of the log. If no choice stands, the replay stops at the action with one
line naming the choices and where each broke.

Where several choices stand (1817: five corporations of one president, any of which could
have paid for an acquisition), the replay carries them all forward: it goes on with the
first, and a twin replay (``Forking.twins``) for each other takes every later step beside
it. A position handed out (``agreed``) is the one all of them give; where they give
different ones, the position depends on the choice the log does not settle, and the replay
stops there with one line naming the choice, where it was made and what differs: the board
is never a guess.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
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
    choices kept, its twins, its steps, a copy going on on its own."""

    decisions: dict[DecisionKey, object]
    # replays taking every step beside this one, each with another choice the log leaves (a
    # tuple: a copy shares it, and a branch starts with none)
    twins: tuple[Twin, ...]

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


class Twin:
    """A replay carried beside another (``Forking.twins``): it took ``choice`` where the
    other took its first standing choice of ``fork``, raised at ``action``; ``standing``
    are all the choices the log leaves there."""

    def __init__(self, replay: Forking, fork: Fork, choice: object, action: dict,
                 standing: Sequence[object]):
        self.replay, self.fork, self.choice = replay, fork, choice
        self.action, self.standing = action, tuple(standing)

    def unsettled(self) -> str:
        """The choice this twin stands for, as one clause naming it and where it was made."""
        return (f"{self.fork.field} at {where(self.action)} ({self.fork.why}; the rest of the "
                f"log contradicts none of {', '.join(map(str, self.standing))})")


def settled(state: Forking, index: int, step: int) -> None:
    """Step ``step`` of the log's action number ``index`` (``state.steps``: its begin,
    itself, each automatic action recorded with it), each fork it raises settled by the
    rest of the log, on ``state`` and on each of its twins. A fork is raised before its step
    changes anything, so the step is taken again once the choice is known; the steps before
    it are not. Where several choices stand, ``state`` takes the first and a new twin each
    other, from this step on."""
    action = state.game.actions[index]
    carried = list(state.twins)
    while True:
        try:
            state.take(action, state.steps(action)[step])
            break
        except Fork as fork:
            standing = _standing(state, index, step, fork)
            new = [Twin(_branch(state, fork, c), fork, c, action, standing)
                   for c in standing[1:]]
            state.decisions[fork.key] = standing[0]
            state.twins += tuple(new)
            carried += new
    for twin in carried:
        settled(twin.replay, index, step)


def _standing(state: Forking, index: int, step: int, fork: Fork) -> list[object]:
    """The choices of ``fork`` (raised at that step of action number ``index``) whose
    branch replays to the end of the log; if none, one line naming the branches and where
    each broke."""
    action = state.game.actions[index]
    standing, broken = [], []
    for choice in fork.choices:
        error = _contradiction(_branch(state, fork, choice), index, step)
        if error is None:
            standing.append(choice)
        else:
            broken.append(f"{choice} by {error.where}")
    if standing:
        return standing
    raise InputError(where(action), f"{fork.field}: {fork.why}; the rest of the log "
                                    f"contradicts each ({'; '.join(broken)})")


def _twins(state: Forking) -> Iterator[Twin]:
    """Every twin carried beside ``state``, and theirs."""
    for twin in state.twins:
        yield twin
        yield from _twins(twin.replay)


Made = TypeVar("Made")


def agreed(state: Replaying, at: str, record: Callable[[Made], dict],
           make: Callable[..., Made], *args: object) -> Made:
    """``make(state, *args)`` (a position of the replay standing here, handed out ``at``
    an action), which every twin carried beside ``state`` must make alike (``record``: what
    is compared, as JSON); where one makes it otherwise, one line naming the choice it
    depends on and what differs."""
    made = make(state, *args)
    twins = list(_twins(state))
    if twins:
        mine = record(made)
        for twin in twins:
            theirs = record(make(twin.replay, *args))
            if theirs != mine:
                differs = ", ".join(sorted(k for k in mine.keys() | theirs.keys()
                                           if mine.get(k) != theirs.get(k)))
                raise InputError(at, f"this position depends on {twin.unsettled()}: "
                                     f"with {twin.choice} its {differs} differ")
    return made


def _branch(state: Replaying, fork: Fork, choice: object) -> Replaying:
    branch = state.copy()
    branch.decisions[fork.key] = choice
    branch.twins = ()
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
