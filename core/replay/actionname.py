"""A logged action as a game-log replay reads it: how its errors name the action, and a
value it logs, unchecked."""
from __future__ import annotations

from typing import Any


def where(action: dict) -> str:
    """``action 63 (lay_tile)``."""
    return f"action {action.get('id')} ({action.get('type')})"


def unchecked(action: dict, key: str) -> Any:
    """What ``action`` logs under ``key`` (None: nothing), as the game file has it:
    unchecked."""
    return action.get(key)
