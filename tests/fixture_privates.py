"""Who holds the private companies at a moment of a recorded game, from its log
(``tests/data/fixtures``), for the position field ``privates`` a moves line lacks.

18Chesapeake: every private is sold to a player in the opening auction; a ``buy_company``
action moves it to the buying company; all privates close when the first 5-train is bought
(engine ``close_companies``), i.e. from phase 5 on. Undone actions are skipped (``undo``
takes back the last action not undone, or back to ``action_id``; ``redo`` restores the
last one taken back).

1871: the game-log replay (``trainrun.replay.gamelog``) follows the auction, the shares and the
presidencies; its position before the line's action carries the ``privates``.
"""
from __future__ import annotations

import json
from functools import cache
from pathlib import Path

FIXTURES = Path(__file__).parent / "data" / "fixtures"
CHESAPEAKE_PRIVATES = ("D&R", "C-P", "B&S", "C&OC", "B&OR")
CHESAPEAKE_CLOSING_PHASES = ("5", "6", "D")


@cache
def _log(title: str, fixture: str) -> tuple:
    """The log's actions; a line naming an older recording ``old_<game>.json`` comes from
    ``<game>.json`` (tests/data/README.md)."""
    return tuple(json.loads((FIXTURES / title / fixture.removeprefix("old_")).read_text())
                 ["actions"])


def actions_before(title: str, fixture: str, action: int) -> list[dict]:
    """The actions in effect just before action id ``action``."""
    done, undone = [], []
    for a in _log(title, fixture):
        if a["id"] >= action:
            break
        if a["type"] == "undo":
            if a.get("action_id") is not None:
                while done and done[-1]["id"] > a["action_id"]:
                    undone.append(done.pop())
            elif done:
                undone.append(done.pop())
        elif a["type"] == "redo":
            if undone:
                done.append(undone.pop())
        elif a["type"] != "message":
            done.append(a)
            undone.clear()
    return done


def chesapeake_privates(line: dict) -> dict:
    """The ``privates`` of an 18Chesapeake moves line: who holds each open private."""
    if line["phase"] in CHESAPEAKE_CLOSING_PHASES:
        return {}
    holders = dict.fromkeys(CHESAPEAKE_PRIVATES, "player")
    for a in actions_before(line["title"], line["fixture"], line["action"]):
        if a["type"] == "buy_company" and a.get("company") in holders:
            holders[a["company"]] = "company" if a["entity"] == line["entity"] else "other"
    return holders


@cache
def _replayed_privates(title: str, fixture: str) -> dict:
    """Per action id, the replay's ``privates`` of every company just before it."""
    from trainrun.replay.gamelog import read_game, replay
    text = (FIXTURES / title / fixture).read_text()
    return {action["id"]: {c: dict(p) for c, p in state.state.privates.items()}
            for action, state in replay(read_game(text, fixture))}


def with_privates(line: dict) -> dict:
    """The line with the ``privates`` its title's lay rules read, where the log tells."""
    if line["title"] == "18Chesapeake":
        return dict(line, privates=chesapeake_privates(line))
    if line["title"] == "The Old Prince 1871":
        replayed = _replayed_privates("1871", line["fixture"])[line["action"]]
        return dict(line, privates=replayed.get(line["entity"], {}))
    return line
