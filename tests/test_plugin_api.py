"""Titles import trainrun through one module, ``trainrun.plugins.api``.

Every module under ``plugins/g*/`` imports no trainrun module but ``trainrun.plugins.api``
and its own title's package (relatively or by name), at the top or inside a function; every
name of ``api.__all__`` exists, is described in ``api.EXPORTS`` and is safe to import into
a title (no hook marker rides along).
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from trainrun.plugins import api

ROOT = Path(__file__).resolve().parents[1]
PLUGINS = ROOT / "plugins"
TITLE_MODULES = sorted(p for folder in PLUGINS.glob("g*") if folder.is_dir()
                       for p in folder.rglob("*.py"))
API = "trainrun.plugins.api"


def _where(path: Path) -> str:
    return str(path.relative_to(ROOT))


def imported_modules(path: Path) -> list[tuple[int, str]]:
    """(line, absolute module name) of every import in ``path``, relative ones resolved
    against the module's own package."""
    package = ["trainrun", "plugins", *path.relative_to(PLUGINS).parent.parts]
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[:len(package) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            if module in ("trainrun", "trainrun.plugins") or not node.module:
                # ``from trainrun.plugins import api``, ``from . import money``: modules
                found += [(node.lineno, f"{module}.{alias.name}") for alias in node.names]
            else:
                found.append((node.lineno, module))
    return found


# a title built on another's rules (the engine's game class is that title's): it may take
# that title's hooks as its own
BUILT_ON = {"g1817na": "g1817", "g1817wo": "g1817", "g18de": "g1817", "g1836jr56": "g1856"}


def allowed(path: Path, module: str) -> bool:
    folder = path.relative_to(PLUGINS).parts[0]
    own = "trainrun.plugins." + folder
    base = "trainrun.plugins." + BUILT_ON[folder] if folder in BUILT_ON else None
    return (not (module == "trainrun" or module.startswith("trainrun."))
            or module == API or module == own or module.startswith(own + ".")
            or module == base)


def test_every_title_module_is_looked_at():
    names = {p.relative_to(PLUGINS).parts[0] for p in TITLE_MODULES}
    assert {"g18chesapeake", "g1817", "g1871", "g18ny", "g18pa"} <= names
    assert PLUGINS / "g1871" / "auction.py" in TITLE_MODULES


@pytest.mark.parametrize("path", TITLE_MODULES, ids=_where)
def test_a_title_imports_trainrun_only_through_the_api(path):
    offenders = [f"{_where(path)}:{line} imports {module}"
                 for line, module in imported_modules(path) if not allowed(path, module)]
    assert offenders == [], f"import these names from {API} instead"


def test_the_import_scan_resolves_relative_imports():
    title = PLUGINS / "g18ny" / "replay.py"
    modules = {m for _, m in imported_modules(title)}
    assert "trainrun.plugins.g18ny.money" in modules and API in modules
    assert allowed(title, "trainrun.plugins.g18ny.markers")
    assert not allowed(title, "trainrun.plugins.g1817")
    assert not allowed(title, "trainrun.turn.lays")
    assert not allowed(title, "trainrun.plugins.defaults")
    assert allowed(title, "networkx")


def test_all_is_exactly_the_described_names_in_order():
    described = [name for names in api.EXPORTS.values() for name in names]
    assert described == api.__all__
    assert len(set(api.__all__)) == len(api.__all__)


@pytest.mark.parametrize("name", api.__all__)
def test_every_exported_name_exists_and_is_described(name):
    assert hasattr(api, name), f"api.__all__ names {name}, which api does not define"
    description = next(names[name] for names in api.EXPORTS.values() if name in names)
    assert description.strip() and "\n" not in description, name
    assert description.endswith("."), f"{name}: a one-line description ends with a full stop"


@pytest.mark.parametrize("name", api.__all__)
def test_no_export_is_a_hook_answer(name):
    """A title that imported a function marked ``@hookimpl`` would register it as its own
    hook under that name (pluggy looks at every module attribute)."""
    value = getattr(api, name)
    assert not name.startswith("trainrun_")
    assert getattr(value, "trainrun_impl", None) is None
    assert getattr(value, "trainrun_spec", None) is None


def test_the_groups_are_the_documented_ones():
    headings = [h.split(":")[0] for h in api.EXPORTS]
    assert headings == ["Marking hooks", "Answer types", "Model", "Errors", "Shared helpers",
                        "Defaults"]
