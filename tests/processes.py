"""The processes below a process, and whether one lives, read from ``/proc`` (Linux): for
the tests that end a real process and look at what it left."""
from __future__ import annotations

from pathlib import Path


def _stat(pid: int | str) -> list[str] | None:
    """The fields of ``/proc/PID/stat`` after the command's name (state first), or None
    when the process is gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            stat = _stat(entry.name)
            if stat is not None and int(stat[1]) == pid:
                found.append(int(entry.name))
    return found


def tree(pid: int) -> list[int]:
    """Every process below ``pid``."""
    found, todo = [], [pid]
    while todo:
        kids = children(todo.pop())
        found += kids
        todo += kids
    return found


def alive(pid: int) -> bool:
    """``pid`` runs (a zombie, ended and not yet reaped, does not)."""
    stat = _stat(pid)
    return stat is not None and stat[0] != "Z"
