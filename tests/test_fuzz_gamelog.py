"""A seeded mutator of the recorded game files (tests/data/fixtures; issue 26), beside the
position fuzzer (test_fuzz_positions.py): every mutant is read and replayed as ``trainrun
import`` does (each run's position made), the declared run of a mutated ``run_routes``
checked as ``trainrun audit`` does. Each gives either one line of ``InputError`` (exit 2,
HTTP 400) or a replay that matches the unmutated game's up to the first action standing
that the mutation changed (the same board, phase, trains and bank there); never another
exception, never a hang (``HANG_SECONDS``).

A mutant is one game whose log replays (the titles with replay rules) with one change at
an action drawn from its log, the actions some way after it cut off (what is left is a
game too, and shorter to replay): a field of the action or of something inside it (a route,
an automatic action, a share) replaced by an edge value (a wrong type, a huge or negative
number, an empty string...) or by a value of the same type from the same game (a plausible
mistake: another hex, tile or company), deleted or added; the action deleted, doubled
(its id twice), swapped with the next, its id changed; an ``undo`` or ``redo`` put before
it; or, one mutant in ten, a field of the game itself (title, id, settings and seed,
players, the actions list). 2,000 mutants in the suite (about a minute), 40 more through
``POST /import``; ``--nightly`` runs 40,000 more.
"""
from __future__ import annotations

import copy
import json
import random
import signal
from functools import cache
from pathlib import Path

import pytest
from mutator import places
from service_client import json_client

from trainrun.errors import InputError
from trainrun.replay.gamelog import Replay, read_game, replay
from trainrun.routes.declared import check_declared

FIXTURES = Path(__file__).parent / "data" / "fixtures"
HANG_SECONDS = 60     # a mutant replayed longer than this hangs (the longest game: 1 s)
EDGES = [0, -1, 1, 5, 6, -10 ** 9, 10 ** 9, 2 ** 53 - 1, 2 ** 53, 2 ** 64, 2 ** 300, 1e300,
         -1e300, 0.5, 3.0, float("nan"), None, True, False, "", "x", "Z99", "57-0", "2-0",
         "\u2028", "\ud800", [], {}, ["x"], [3], [[]], {"id": 1}, {"type": "pass"}]
GAME_FIELDS = ("title", "id", "settings", "players", "actions")


def _replays(data: dict) -> bool:
    try:
        Replay(read_game(data))
    except InputError:   # a title without replay rules, a setup it does not follow
        return False
    return True


POOL = [p for p in sorted(FIXTURES.glob("*/*.json")) if _replays(json.loads(p.read_text()))]


@cache
def _game(path: Path) -> dict:
    return json.loads(path.read_text())


def fingerprint(state: Replay) -> tuple:
    """What the replay holds at one point: every hex's tile, tokens and markers, the
    phase, each company's trains, the bank's, the owners of privates, who operates."""
    board = tuple((h, p.tile.name, p.rotation, tuple(sorted(p.markers)),
                   tuple((i, tuple(c.slots), tuple(c.extra), tuple(sorted(c.reserved)))
                         for i, c in sorted(p.tokens.items())))
                  for h, p in sorted(state.board.items()))
    trains = tuple((c, tuple(t.id for t in ts)) for c, ts in sorted(state.trains.items()))
    return (board, state.phase.name, trains, tuple(state.bank), tuple(state.discarded),
            tuple(sorted(state.owners.items())), state.operating, state.round_name)


@cache
def _reference(path: Path) -> tuple[list[dict], list[int], dict]:
    """The unmutated game: its actions standing, the hash of the replay's fingerprint
    as each comes up (as far as it replays) and the choices its forks settled."""
    game = read_game(_game(path))
    prints, decisions = [], {}
    try:
        for _, state in replay(game):
            prints.append(hash(fingerprint(state)))
            decisions = state.decisions
    except InputError:   # an action trainrun does not follow yet (a bankruptcy)
        pass
    return game.actions, prints, dict(decisions)


# ---- the mutator ------------------------------------------------------------------------

def _alike(rng: random.Random, actions: list[dict], value):
    """A value of the type of ``value`` from actions of the game (many: a plausible one)."""
    pool = [v for a in rng.sample(actions, min(len(actions), 20)) for _, v in places(a)
            if type(v) is type(value)]
    return copy.deepcopy(rng.choice(pool)) if pool else copy.deepcopy(rng.choice(EDGES))


def _value(rng: random.Random, actions: list[dict], like):
    return copy.deepcopy(rng.choice(EDGES)) if rng.random() < 0.5 else \
        _alike(rng, actions, like)


def _change_field(rng: random.Random, actions: list[dict], k: int) -> None:
    action = actions[k] = copy.deepcopy(actions[k])
    path, value = rng.choice(list(places(action))[1:])
    parent = action
    for key in path[:-1]:
        parent = parent[key]
    kind = rng.randrange(4)
    if kind == 0:
        del parent[path[-1]]
    elif kind == 1 and isinstance(parent, dict):   # a field of another action, added
        other = rng.choice(actions)
        key = rng.choice(list(other))
        parent[key] = _value(rng, actions, other[key])
    else:
        parent[path[-1]] = _value(rng, actions, value)


def _change_action(rng: random.Random, actions: list[dict], k: int) -> None:
    kind = rng.randrange(5)
    if kind == 0:
        del actions[k]
    elif kind == 1:
        actions.insert(k, copy.deepcopy(actions[k]))
    elif kind == 2 and k + 1 < len(actions):
        actions[k], actions[k + 1] = actions[k + 1], actions[k]
    elif kind == 3:
        actions[k] = {**actions[k], "id": rng.choice(
            [-1, 0, 0.5, "7", None, actions[k]["id"] + rng.choice((-1, 1)),
             actions[rng.randrange(len(actions))]["id"]])}
    else:
        undo = {"type": rng.choice(("undo", "redo")), "entity": actions[k]["entity"],
                "entity_type": actions[k]["entity_type"], "id": 10 ** 6 + k}
        if rng.random() < 0.5:
            undo["action_id"] = rng.choice([0, -1, "3", actions[rng.randrange(len(actions))]["id"]])
        actions.insert(k, undo)


def _change_game(rng: random.Random, data: dict) -> None:
    key = rng.choice(GAME_FIELDS)
    kind = rng.randrange(4)
    if key == "players" and kind == 0:
        data["players"] = [{"id": n, "name": f"p{n}"} for n in range(rng.choice((0, 17, 10 ** 5)))]
    elif key == "settings" and kind < 3:
        data["settings"] = {**(data.get("settings") or {}), rng.choice(
            ("seed", "seed", "optional_rules")): copy.deepcopy(rng.choice(EDGES + ["12", 1.5e38]))}
    elif kind == 1 and isinstance(data.get(key), list) and data[key]:
        listed = data[key] = list(data[key])
        i = rng.randrange(len(listed))
        listed.insert(i, copy.deepcopy(listed[i])) if rng.random() < 0.5 else listed.pop(i)
    elif kind == 2 and key in data:
        del data[key]
    else:
        data[key] = copy.deepcopy(rng.choice(EDGES))


def mutant(rng: random.Random) -> tuple[Path, dict, int | None]:
    """A game of ``POOL`` changed once, and the index of the first action changed (None: the
    game itself is)."""
    path = rng.choice(POOL)
    data = _game(path)
    k = rng.randrange(len(data["actions"]))
    actions = data["actions"][:k + 1 + rng.randrange(20)]
    out = {**data, "players": copy.deepcopy(data.get("players")),
           "settings": copy.deepcopy(data.get("settings")), "actions": actions}
    draw = rng.random()
    if draw < 0.1:
        _change_game(rng, out)
        return path, out, None
    (_change_field if draw < 0.7 else _change_action)(rng, actions, k)
    return path, out, k


# ---- the check --------------------------------------------------------------------------

def _common(a: list[dict], b: list[dict]) -> int:
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n


def _check(path: Path, data: dict, changed: int | None) -> bool:
    """Replay ``data`` (its first action changed: ``changed``); True where it replays to
    its end."""
    try:
        game = read_game(json.dumps(data))
    except InputError as exc:
        assert "\n" not in str(exc), str(exc)
        return False
    actions, prints, decisions = _reference(path)
    # the actions standing the mutant shares with the game (each before the change)
    same = -1 if changed is None else _common(game.actions, actions)
    seen = 0
    try:
        for action, state in replay(game):
            # before the last unchanged action (the next one's begin may see the change)
            if seen == same - 1 and seen < len(prints):
                settled = {k: v for k, v in state.decisions.items()
                           if k[0] in {a["id"] for a in actions[:same]}}
                if settled == {k: v for k, v in decisions.items() if k in settled}:
                    assert hash(fingerprint(state)) == prints[seen], f"differs before {seen}"
            seen += 1
            if action["type"] == "run_routes":
                position = state.position(state.operator(action), action["id"])
                if seen > same:
                    check_declared(position, action)
    except InputError as exc:
        assert "\n" not in str(exc), str(exc)
        # before the change only a fork the changed rest of the log no longer settles
        assert seen >= same or seen >= len(prints) or "the rest of the log" in str(exc), \
            f"stopped at action {seen} of the {same} unchanged: {exc}"
        return False
    return True


def _hang(signum, frame):
    raise TimeoutError(f"no answer in {HANG_SECONDS} s")


def fuzz(seed: int, count: int) -> int:
    """Check ``count`` mutants drawn with ``random.Random(seed)``; how many replay to their
    end."""
    rng = random.Random(seed)
    whole = 0
    before = signal.signal(signal.SIGALRM, _hang)
    try:
        for n in range(count):
            path, data, k = mutant(rng)
            signal.alarm(HANG_SECONDS)
            try:
                whole += _check(path, data, k)
            except Exception as exc:
                raise AssertionError(f"seed {seed}, mutant {n} ({path.parent.name}/{path.name}"
                                     f" at {k}): {type(exc).__name__}: {exc}") from exc
            finally:
                signal.alarm(0)
    finally:
        signal.signal(signal.SIGALRM, before)
    return whole


def test_the_pool_is_the_games_that_replay():
    assert len(POOL) >= 40 and {p.parent.name for p in POOL} >= {
        "18Chesapeake", "18NY", "1871", "1817", "1830", "1846", "18AL", "18MEX"}


@pytest.mark.parametrize("seed", range(10))
def test_mutated_game_files_replay_or_refuse(seed):
    assert fuzz(seed, 200) >= 10   # some mutants still replay to their end


@pytest.mark.nightly
@pytest.mark.parametrize("seed", range(100, 120))
def test_many_mutated_game_files(seed):
    assert fuzz(seed, 2000) > 0


def test_mutants_over_http_are_answers_or_one_line_400s():
    client, rng = json_client(), random.Random(7)
    for n in range(40):
        _, data, _ = mutant(rng)
        answer = client.post("/import?runs=true", content=json.dumps(data))
        assert answer.status_code in (200, 400), (n, answer.status_code, answer.text[:300])
        if answer.status_code == 400:
            assert "\n" not in answer.json()["error"], n
