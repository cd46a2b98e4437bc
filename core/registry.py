"""The registry of titles: which are installed, and loading one.

A title is found in one of two ways, and registered nowhere else:

* a package ``trainrun.plugins.g<name>`` (a folder under ``plugins/``), the titles that
  come with trainrun: its folder is its registration;
* a module named under the entry-point group ``trainrun.titles`` of another
  distribution: third-party titles.

The hooks a title may implement are in ``trainrun.plugins.hookspecs``. ``load_title``
gives a ``Ruleset``: the title's data and its plugin manager. Reading a position of a
title (which title, which input form) is ``trainrun.formats.reading``.
"""
from __future__ import annotations

import functools
import importlib
import pkgutil
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from importlib.metadata import entry_points

import pluggy

import trainrun.plugins
from trainrun.board.title import Title
from trainrun.errors import InputError, TitlePluginError
from trainrun.hooks.titleinfo import TitleInfo
from trainrun.plugins import defaults, hookspecs

__all__ = ["Ruleset", "installed_titles", "load_title", "module_name", "title_manager"]

GROUP = "trainrun.titles"


@dataclass
class Ruleset:
    """One title: its static facts and the hooks that score it."""

    info: TitleInfo
    title: Title
    hook: pluggy.HookRelay


def title_manager(plugin) -> pluggy.PluginManager:
    """The plugin manager of one title: the shared rules (``defaults``) first, then
    ``plugin`` (a module or an object with ``@hookimpl`` methods). Every hook it
    implements must be a hookspec: a misspelt one raises ``TitlePluginError`` here
    instead of being silently ignored."""
    pm = pluggy.PluginManager("trainrun")
    pm.add_hookspecs(hookspecs)
    pm.register(defaults, name="defaults")
    pm.register(plugin, name="title")
    try:
        pm.check_pending()
    except pluggy.PluginValidationError as exc:
        name = getattr(plugin, "__name__", type(plugin).__name__)
        raise TitlePluginError(f"title plugin {name}: {exc.args[0].split(' in plugin ')[0]}, "
                               f"which no hookspec in trainrun.plugins.hookspecs declares "
                               f"(misspelt?)") from None
    return pm


def module_name(title: str) -> str:
    """The package of a title that comes with trainrun: ``g`` and the title's name in
    lower case, letters and digits only (``18Chesapeake: Off the Rails`` →
    ``g18chesapeakeofftherails``)."""
    return "g" + re.sub(r"[^a-z0-9]", "", title.lower())


Loader = Callable[[], object]


def _bundled() -> Iterator[tuple[str, Loader]]:
    """The title packages under ``trainrun.plugins``: (package name, loader)."""
    for found in pkgutil.iter_modules(trainrun.plugins.__path__):
        if found.ispkg and re.fullmatch(r"g[a-z0-9]+", found.name):
            path = f"trainrun.plugins.{found.name}"
            yield found.name, functools.partial(importlib.import_module, path)


def _registered(name: str | None = None) -> Iterator[Loader]:
    """Third-party titles of the entry-point group (those named ``name`` if given)."""
    eps = entry_points(group=GROUP) if name is None else entry_points(group=GROUP, name=name)
    for ep in eps:
        yield ep.load


@functools.cache
def installed_titles() -> dict[str, tuple[Loader, TitleInfo]]:
    """Every installed title by name: (loader of its module, TitleInfo). A bundled title
    wins over a third-party one of the same name."""
    found: dict[str, tuple[Loader, TitleInfo]] = {}
    for load in [loader for _, loader in _bundled()] + list(_registered()):
        info = title_manager(load()).hook.trainrun_title()
        found.setdefault(info.name, (load, info))
    return found


def _ruleset(load: Loader, name: str) -> Ruleset | None:
    pm = title_manager(load())
    info = pm.hook.trainrun_title()
    if name == info.name or name in info.aliases:
        return Ruleset(info, Title.load(info.data), pm.hook)
    return None


@functools.cache
def load_title(name: str) -> Ruleset:
    """The ruleset of title ``name`` (or one of its aliases). The bundled package named
    after ``name`` and an entry point named ``name`` are tried first, alone: loading
    every title only to find one would spend a short time limit
    (``trainrun.solver.Deadline``) before the solve begins."""
    first = [loader for module, loader in _bundled() if module == module_name(name)]
    for load in first + list(_registered(name)):
        if (ruleset := _ruleset(load, name)) is not None:
            return ruleset
    for load, info in installed_titles().values():
        if name == info.name or name in info.aliases:
            return Ruleset(info, Title.load(info.data), title_manager(load()).hook)
    known = ", ".join(sorted(installed_titles())) or "none"
    raise InputError("title", f"unknown title {name!r} (installed: {known})")
