"""A title's replay hooks see the replay only as a ``ReplayState``
(``trainrun.hooks.replaystate``) and change it only through its named methods.

The scan: in every module under ``plugins/g*/``, a function's parameter that is the replay
state (annotated ``ReplayState``, or named ``replay``) is never assigned through (``replay.x
= ...``, ``replay.x[k] += ...``, ``del replay.x[k]``), never has a container it reads
changed in place (``replay.trains[c].remove(...)``), never has a name starting with ``_``
read, and names only members ``ReplayState`` has. The replay modules' functions are typed.
At run time the hooks are handed a ``ReplayState``, never the ``Replay``, and what it reads
out cannot be written to.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from trainrun.hooks import answers
from trainrun.hooks.replaystate import ReplayState
from trainrun.replay.gamelog import Replay, read_game, replay

ROOT = Path(__file__).resolve().parents[1]
PLUGINS = ROOT / "plugins"
FIXTURES = ROOT / "tests" / "data" / "fixtures"
TITLE_MODULES = sorted(p for folder in PLUGINS.glob("g*") if folder.is_dir()
                       for p in folder.rglob("*.py"))
# the modules that replay a title's game logs (the hooks' own, in __init__, call into them)
REPLAY_MODULES = [PLUGINS / m for m in (
    "g1817/replay.py", "g1871/replay.py", "g1871/auction.py", "g1871/shares.py",
    "g1871/setup.py", "g18ny/replay.py", "g18ny/money.py", "g18ny/markers.py",
    "g1830/replay.py", "g1889/replay.py", "g1893/replay.py", "g18chesapeakeofftherails/replay.py",
    "g18ga/replay.py", "g18mex/replay.py", "g18nl/replay.py", "g18texas/replay.py")]
# methods that change a list, dict or set in place
MUTATORS = frozenset({"append", "extend", "insert", "remove", "pop", "popitem", "clear",
                      "update", "setdefault", "add", "discard", "sort", "reverse",
                      "difference_update", "intersection_update",
                      "symmetric_difference_update", "__setitem__", "__delitem__"})
MEMBERS = frozenset(name for name in dir(ReplayState) if not name.startswith("_"))


def _where(path: Path) -> str:
    return str(path.relative_to(ROOT))


def _functions(tree: ast.AST) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    return [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]


def _arguments(function: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.arg]:
    a = function.args
    return [*a.posonlyargs, *a.args, *a.kwonlyargs,
            *(x for x in (a.vararg, a.kwarg) if x is not None)]


def _is_state_annotation(annotation: ast.expr | None) -> bool:
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        return annotation.value.rpartition(".")[2] == "ReplayState"
    if isinstance(annotation, ast.Attribute):
        return annotation.attr == "ReplayState"
    return isinstance(annotation, ast.Name) and annotation.id == "ReplayState"


def _state_parameters(function: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    return {a.arg for a in _arguments(function)
            if a.arg == "replay" or _is_state_annotation(a.annotation)}


def _root(node: ast.expr) -> tuple[str | None, int]:
    """The name an attribute or subscript chain starts from, and the chain's length."""
    depth = 0
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        node, depth = node.value, depth + 1
    return (node.id if isinstance(node, ast.Name) else None), depth


def _targets(node: ast.AST) -> list[ast.expr]:
    if isinstance(node, ast.Assign):
        found = list(node.targets)
    elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
        found = [node.target]
    elif isinstance(node, ast.Delete):
        found = list(node.targets)
    else:
        return []
    flat = []
    while found:
        target = found.pop()
        if isinstance(target, (ast.Tuple, ast.List)):
            found.extend(target.elts)
        elif isinstance(target, ast.Starred):
            found.append(target.value)
        else:
            flat.append(target)
    return flat


def offences(source: str, name: str = "module") -> list[str]:
    """Every way the functions of ``source`` change the replay state other than through its
    methods, or reach past its interface: ``name:line: what``."""
    found = []
    for function in _functions(ast.parse(source, name)):
        states = _state_parameters(function)
        for node in ast.walk(function):
            line = getattr(node, "lineno", function.lineno)
            for target in _targets(node):
                root, depth = _root(target)
                if root in states and depth:
                    found.append(f"{name}:{line}: writes {ast.unparse(target)}")
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                root, depth = _root(node.func.value)
                if root in states and depth and node.func.attr in MUTATORS:
                    found.append(f"{name}:{line}: changes {ast.unparse(node.func.value)} in "
                                 f"place ({node.func.attr})")
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                    and node.value.id in states):
                if node.attr.startswith("_"):
                    found.append(f"{name}:{line}: reads {node.value.id}.{node.attr}")
                elif node.attr not in MEMBERS:
                    found.append(f"{name}:{line}: {node.value.id}.{node.attr} is no member "
                                 "of ReplayState")
    return sorted(found, key=lambda f: int(f.split(":")[1]))


def untyped(source: str, name: str = "module") -> list[str]:
    """Every function of ``source`` with an argument (but ``self``, ``cls``) or its return
    not annotated (``__init__`` returns None, as PEP 484 lets it say by typing its
    arguments): ``name:line: function``."""
    found = []
    for function in _functions(ast.parse(source, name)):
        bare = [a.arg for i, a in enumerate(_arguments(function)) if a.annotation is None
                and not (i == 0 and a.arg in ("self", "cls"))]
        if bare or (function.returns is None and function.name != "__init__"):
            what = f"{', '.join(bare)} untyped" if bare else "no return type"
            found.append(f"{name}:{function.lineno}: {function.name} ({what})")
    return found


# ---- the scans --------------------------------------------------------------------------

def test_every_title_module_and_replay_module_is_looked_at():
    assert PLUGINS / "g1817" / "replay.py" in TITLE_MODULES
    assert all(m in TITLE_MODULES for m in REPLAY_MODULES)


@pytest.mark.parametrize("path", TITLE_MODULES, ids=_where)
def test_a_title_changes_the_replay_only_through_its_state_s_methods(path):
    assert offences(path.read_text(), _where(path)) == []


@pytest.mark.parametrize("path", REPLAY_MODULES, ids=_where)
def test_the_replay_modules_are_typed(path):
    assert untyped(path.read_text(), _where(path)) == []


@pytest.mark.parametrize("path", TITLE_MODULES, ids=_where)
def test_a_title_s_replay_parameter_is_a_replay_state(path):
    """The scan finds the state by name or by type: a parameter named ``replay`` is typed
    ``ReplayState``, and a function taking one is typed throughout."""
    tree = ast.parse(path.read_text(), str(path))
    for function in _functions(tree):
        for a in _arguments(function):
            if a.arg == "replay":
                assert _is_state_annotation(a.annotation), f"{_where(path)}:{function.lineno}"
        if _state_parameters(function):
            assert untyped(ast.unparse(function), _where(path)) == []


def test_the_scan_finds_each_way_around_the_interface():
    source = '''
def f(replay: ReplayState, state: dict) -> None:
    replay.turn = 1
    replay.cash["x"] += 5
    replay.trains["x"], other = [], 2
    del replay.owners["p"]
    replay.trains["x"].remove(t)
    replay.title_state.setdefault("x", {})["k"] = 0
    replay._replay.board = {}
    replay.notes
    state["x"] = 1                  # the title's own
    replay.set_cash("x", 5)         # the interface
    replay.books(start)["k"].clear()

def g(r: "ReplayState") -> None:
    r.gone.add("2-0")
'''
    found = [line.partition(": ")[2] for line in offences(source)]
    assert found == [
        "writes replay.turn", "replay.turn is no member of ReplayState",
        "writes replay.cash['x']", "writes replay.trains['x']", "writes replay.owners['p']",
        "changes replay.trains['x'] in place (remove)",
        "changes replay.title_state in place (setdefault)", "writes replay._replay.board",
        "reads replay._replay", "replay.notes is no member of ReplayState",
        "changes r.gone in place (add)", "r.gone is no member of ReplayState"]


def test_the_typing_scan_finds_what_is_not_annotated():
    source = '''
def f(replay, n: int):
    pass

class A:
    def __init__(self, x: int):
        pass

    def m(self, x: int) -> None:
        pass

    def n(self, x: int):
        pass
'''
    assert untyped(source) == ["module:2: f (replay untyped)", "module:12: n (no return type)"]


# ---- at run time ------------------------------------------------------------------------

def _game(title: str, name: str):
    return read_game((FIXTURES / title / f"{name}.json").read_text(), f"{name}.json")


def test_the_hooks_are_handed_the_replay_state_not_the_replay(monkeypatch):
    seen = []
    for hook in ("replay_round", "replay_action"):
        asked = getattr(answers, hook)

        def spy(ruleset, given, action, asked=asked):
            seen.append(type(given))
            return asked(ruleset, given, action)
        monkeypatch.setattr(answers, hook, spy)
    for _ in replay(_game("18NY", "108746")):
        pass
    assert seen and set(seen) == {ReplayState}


def _state_at(action_id: int) -> tuple[Replay, ReplayState]:
    for action, state in replay(_game("18NY", "108746")):
        if action["id"] == action_id:
            return state, state.state
    raise AssertionError(f"no action {action_id}")


def test_what_the_state_reads_out_cannot_be_written_to():
    whole, state = _state_at(90)
    for view in (state.board, state.trains, state.owners, state.cash, state.title_state,
                 state.privates, state.extra_tokens, state.settings):
        with pytest.raises(TypeError):
            view["X"] = None
    with pytest.raises(AttributeError):
        state.operated.add("X")
    assert state.board["A13"] is whole.board["A13"] and state.phase is whole.phase
    assert list(state.actions) == whole.game.actions


def test_the_state_s_methods_change_the_replay():
    whole, state = _state_at(90)
    company = next(iter(state.cash))
    before = state.cash[company]
    state.pay(company, 30)
    state.charge(company, 10)
    assert state.cash[company] == before + 20
    assert whole.position(company).turn.cash == before + 20
    state.set_title_state("X1", {"a": 1}, blank={"a": 0, "b": 0})
    state.set_title_state("X1", {"b": 2}, blank={"c": 9})
    assert state.title_state["X1"] == {"a": 1, "b": 2}
    assert state.drop_title_state("X1") == {"a": 1, "b": 2} and "X1" not in state.title_state
    holder = next(c for c, trains in state.trains.items() if trains)
    train = state.trains[holder][0]
    state.move_train(train, holder, "X2")
    assert whole.trains["X2"] == [train] and train not in whole.trains[holder]
    state.retire_trains("X2", [train])
    assert whole.trains["X2"] == [] and train.id in whole.gone
    state.retire_trains("X3", [])
    assert "X3" not in whole.trains
    turn = whole.turn
    state.count_lay("A13")
    assert whole.turn.lays == turn.lays + 1 and whole.turn.laid_hexes[-1] == "A13"
    state.set_extra_tokens("X4", 2)
    assert state.extra_tokens["X4"] == 2
    state.forget_extra_tokens("X4")
    assert "X4" not in state.extra_tokens


def _counted(state: ReplayState) -> dict:
    return {"n": 0}


def test_a_copy_of_the_replay_has_a_state_of_its_own():
    whole, state = _state_at(90)
    state.books(_counted)["n"] = 1
    twin = whole.copy()
    assert twin.state is not state and twin.state.books(_counted) == {"n": 1}
    company = next(iter(state.cash))
    twin.state.pay(company, 100)
    twin.state.books(_counted)["n"] = 2
    assert twin.state.cash[company] == state.cash[company] + 100
    assert twin.position(company).turn.cash == state.cash[company] + 100
    assert whole.position(company).turn.cash == state.cash[company]
    assert state.books(_counted) == {"n": 1} and state.books(_counted) is state.books(_counted)
