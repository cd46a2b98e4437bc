"""A game file checked before it is replayed (``trainrun.replay.gamelog.read_game``).

Every field the replay or a title's replay hooks read has the type the 18xx.games engine
writes it with, and each number lies within bounds no game reaches: a wrong one is refused
in one line naming the action and the field (``actions[12] (id 57): hex: expected a
string, got 3``), never met deep in the replay. An action has its ``type``, ``entity`` and
``entity_type`` and the fields the engine always writes for its type (``REQUIRED``); the
other fields named here may be missing or null. Fields named nowhere are not read and not
checked. Each action's ``id`` is a positive whole number; two actions may share one, as
the engine allows (1856's hotseat001 has two 30s: an ``undo`` naming it takes the first,
and ``--action 30`` is refused as ambiguous, ``GameLog.action``); each automatic action
the engine recorded with one (``auto_actions``) is checked as an action, without an id.
"""
from __future__ import annotations

import json
from collections.abc import Callable
from typing import TypeGuard, cast

from trainrun.errors import InputError
from trainrun.jsontext import MAX_INT

MAX_MONEY = 10 ** 6     # dollars: far beyond any price, cost or revenue of a game
MAX_PLAYERS = 16        # beyond the players of any 18xx title
SEED_LIMIT = 2 ** 256   # a game's random seed: the only number of a game file beyond MAX_INT

Check = Callable[[object, str], None]   # refuses a value at a path with ``_Refused``


class _Refused(Exception):
    """A value refused: where in its action (or game file), and why."""

    def __init__(self, path: str, message: str):
        self.path, self.message = path, message
        super().__init__(f"{path}: {message}")


def _got(value: object) -> str:
    """``value`` as JSON, or where that is long (or not JSON) what it is."""
    try:
        text = json.dumps(value, default=repr) if not isinstance(value, (list, dict)) or len(
            value) <= 8 else ""
    except (ValueError, RecursionError):   # a dict given from Python: circular, or deep
        text = ""
    if text and len(text) <= 40:
        return text
    if isinstance(value, (list, dict)):
        return f"a list of {len(value)}" if isinstance(value, list) else "an object"
    return text[:40] + "…"


def _kind(test: Callable[[object], bool], expected: str) -> Check:
    def check(value: object, path: str) -> None:
        if not test(value):
            raise _Refused(path, f"expected {expected}, got {_got(value)}")
    return check


def _is_whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _whole(low: int, high: int) -> Check:
    return _kind(lambda v: _is_whole(v) and low <= v <= high,
                 f"a whole number from {low} to {high}")


def _list_of(item: Check) -> Check:
    def check(value: object, path: str) -> None:
        if not isinstance(value, list):
            raise _Refused(path, f"expected a list, got {_got(value)}")
        for i, each in enumerate(value):
            item(each, f"{path}[{i}]")
    return check


def _object(fields: dict[str, Check], required: Callable[[dict], tuple] = lambda _: ()
            ) -> Check:
    """An object whose ``fields`` are checked where given (null: not given), those
    ``required(it)`` names being there and not null."""
    def check(value: object, path: str) -> None:
        if not isinstance(value, dict):
            raise _Refused(path, f"expected an object, got {_got(value)}")
        for key in required(value):
            if value.get(key) is None:
                raise _Refused(_join(path, key), "missing")
        for key, each in value.items():
            if key in fields and each is not None:
                fields[key](each, _join(path, key))
    return check


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


TEXT = _kind(lambda v: isinstance(v, str), "a string")
TEXTS = _list_of(TEXT)
FLAG = _kind(lambda v: isinstance(v, bool), "true or false")
COUNT = _whole(0, MAX_INT)
MONEY = _whole(0, MAX_MONEY)
# a player's id (a number, or a hotseat game's player name) or a company's name
ENTITY = _kind(lambda v: isinstance(v, str) or (_is_whole(v) and abs(v) <= MAX_INT),
               "a name or a whole-number id")

ROUTE = _object({"train": TEXT, "connections": _list_of(TEXTS), "hexes": TEXTS,
                 "nodes": TEXTS, "revenue": MONEY, "revenue_str": TEXT, "subsidy": MONEY},
                lambda _: ("train",))

ACTION_FIELDS: dict[str, Check] = {
    **dict.fromkeys(("type", "entity_type", "hex", "tile", "city", "train", "company",
                     "corporation", "variant", "exchange", "tokener", "target", "target_type",
                     "token_type", "kind", "message", "description", "swap", "original_type",
                     "borrow_from_type", "purchase_for_type"), TEXT),
    **dict.fromkeys(("entity", "borrow_from", "purchase_for"), ENTITY),
    **dict.fromkeys(("price", "cost", "subsidy", "extra_revenue"), MONEY),
    **dict.fromkeys(("skip", "indefinite", "unconditional", "auto_pass_after", "from_market"),
                    FLAG),
    "id": _whole(1, MAX_INT), "action_id": COUNT, "rotation": _whole(0, 5), "slot": COUNT,
    "loan": COUNT, "percent": _whole(0, 100), "shares": TEXTS, "corporations": TEXTS,
    "choice": _kind(lambda v: isinstance(v, str) or _is_whole(v), "a string or a whole number"),
    "routes": _list_of(ROUTE),
}

# what the engine always writes for an action of a type (its action class's arguments; a
# message's text, never read, aside)
REQUIRED: dict[str, tuple[str, ...]] = {
    "lay_tile": ("hex", "tile", "rotation"), "place_token": ("city", "slot"),
    "remove_token": ("city", "slot"), "buy_train": ("train", "price"),
    "discard_train": ("train",), "scrap_train": ("train",), "borrow_train": ("train",),
    "buy_company": ("company", "price"), "sell_company": ("company", "price"),
    "bid": ("price",), "par": ("corporation", "share_price"), "buy_shares": ("shares",),
    "sell_shares": ("shares", "percent"), "run_routes": ("routes",), "dividend": ("kind",),
    "merge": ("corporation",), "short": ("corporation",), "split": ("corporation",),
    "choose": ("choice",), "assign": ("target", "target_type"),
    "claim_hex_token": ("hex", "token_type"), "hex_token": ("hex", "cost"),
    "take_loan": ("loan",), "payoff_loan": ("loan",), "offer": ("company",),
    "special_buy": ("cost", "description"),
}


def _required(action: dict) -> tuple:
    kind = action.get("type")
    return ("type", "entity", "entity_type") + REQUIRED.get(kind, ()) if isinstance(
        kind, str) else ("type",)


AUTO = _object(ACTION_FIELDS, _required)
ACTION = _object({**ACTION_FIELDS, "auto_actions": _list_of(AUTO)},
                 lambda a: ("id",) + _required(a))


def _seed(value: object, path: str) -> None:
    """A whole number (18xx.games has written some as floats: 1817's 13707), or "" for
    none (a hotseat game's)."""
    if isinstance(value, (int, float)) and not isinstance(value, bool) and abs(
            value) <= SEED_LIMIT and (isinstance(value, int) or value.is_integer()):
        return
    if value != "":
        raise _Refused(path, f"expected a whole number within ±2^256, got {_got(value)}")


def _players(value: object, path: str) -> None:
    """At most ``MAX_PLAYERS``, each with an id (a hotseat game's: its name), no two alike."""
    if isinstance(value, list) and len(value) > MAX_PLAYERS:
        raise _Refused(path, f"{len(value)} players: no title seats more than {MAX_PLAYERS}")
    _list_of(_object({"id": ENTITY, "name": TEXT},
                     lambda p: () if p.get("id") is not None else ("name",)))(value, path)
    ids = [repr(p["name"] if p.get("id") is None else p["id"])
           for p in cast(list[dict], value)]
    if len(set(ids)) < len(ids):
        raise _Refused(path, "two players have one id")


GAME = _object({"title": TEXT, "id": ENTITY, "players": _players,
                "settings": _object({"seed": _seed, "optional_rules": TEXTS})},
               lambda _: ("title",))


STOP_EVERY = 512   # actions checked between two calls of ``stop``


def check_game(data: dict, stop: Callable[[], None] | None = None) -> list[dict]:
    """The actions of game file ``data``, each checked; an ``InputError`` naming the first
    field refused. ``stop``: called every ``STOP_EVERY`` actions, to raise where the
    caller's time is up."""
    try:
        GAME(data, "")
    except _Refused as exc:
        raise InputError(exc.path, exc.message) from None
    actions = data.get("actions")
    if not isinstance(actions, list):
        raise InputError("actions", f"expected the list of the game's actions, got "
                                    f"{_got(actions)}")
    for i, action in enumerate(actions):
        if stop is not None and i % STOP_EVERY == 0:
            stop()
        where = f"actions[{i}]"
        if isinstance(action, dict) and _is_whole(action.get("id")):
            where += f" (id {action['id']})"
        try:
            ACTION(action, "")
        except _Refused as exc:
            raise InputError(where, str(exc)) from None
    return actions
