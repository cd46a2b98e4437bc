"""The registry of titles: which are installed, and loading one.

Titles register under the entry-point group ``trainrun.titles``; the hooks they
may implement are in ``trainrun.plugins.hookspecs``. ``load_title`` gives a
``Ruleset``: the title's data and its plugin manager. Reading a position of a title
(which title, which input form) is ``trainrun.formats.reading``.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from importlib.metadata import entry_points

import pluggy

from trainrun.board.title import Title
from trainrun.errors import InputError, TitlePluginError
from trainrun.hooks.titleinfo import TitleInfo
from trainrun.plugins import defaults, hookspecs

__all__ = ["Ruleset", "installed_titles", "load_title", "title_manager"]

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


@functools.cache
def installed_titles() -> dict[str, tuple]:
    """Every installed title by name: (entry point, TitleInfo)."""
    found = {}
    for ep in entry_points(group=GROUP):
        info = title_manager(ep.load()).hook.trainrun_title()
        found[info.name] = (ep, info)
    return found


@functools.cache
def load_title(name: str) -> Ruleset:
    """The ruleset of title ``name`` (or one of its aliases). An entry point named
    ``name`` is tried first, alone: loading every title only to find one would spend a
    short time limit (``trainrun.solver.Deadline``) before the solve begins."""
    for ep in entry_points(group=GROUP, name=name):
        pm = title_manager(ep.load())
        info = pm.hook.trainrun_title()
        if name == info.name or name in info.aliases:
            return Ruleset(info, Title.load(info.data), pm.hook)
    for ep, info in installed_titles().values():
        if name == info.name or name in info.aliases:
            pm = title_manager(ep.load())
            return Ruleset(info, Title.load(info.data), pm.hook)
    known = ", ".join(sorted(installed_titles())) or "none"
    raise InputError("title", f"unknown title {name!r} (installed: {known})")
