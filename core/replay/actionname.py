"""A logged action as a game-log replay reads it: how its errors name the action, a value it
logs, unchecked, and the steps it is replayed in."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, overload

Step = tuple[str, dict]   # ("begin" or "apply", the action or one of its automatic actions)


def where(action: dict) -> str:
    """``action 63 (lay_tile)``."""
    return f"action {action.get('id')} ({action.get('type')})"


def unchecked(action: dict, key: str) -> Any:
    """What ``action`` logs under ``key`` (None: nothing), as the game file has it:
    unchecked."""
    return action.get(key)


class Steps(Sequence[Step]):
    """How ``action`` is replayed, step by step (each settled on its own when it forks,
    ``trainrun.replay.replayfork``): ``("begin", action)``, ``("apply", action)``, then
    ``("apply", automatic action)`` for each the engine recorded with it (numbered ``auto``
    from 1, with the action's id). Each step is made when asked for, so taking the steps of
    an action with many automatic actions one by one takes time linear in their number."""

    def __init__(self, action: dict):
        self.action, self.autos = action, action.get("auto_actions") or ()

    def __len__(self) -> int:
        return 2 + len(self.autos)

    @overload
    def __getitem__(self, k: int) -> Step: ...

    @overload
    def __getitem__(self, k: slice) -> list[Step]: ...

    def __getitem__(self, k: int | slice) -> Step | list[Step]:
        if isinstance(k, slice):
            return [self[i] for i in range(len(self))[k]]
        if not -len(self) <= k < len(self):
            raise IndexError(k)
        k %= len(self)
        if k < 2:
            return ("begin" if k == 0 else "apply", self.action)
        return ("apply", {**self.autos[k - 2], "id": self.action["id"], "auto": k - 1})
