"""Core asks the title its questions in one place (``trainrun.hooks.answers``, issue 15).

No module of ``core/`` or ``solver/`` (sub-folders included) but ``core/hooks/answers.py``
reaches the plugin hooks
(``ruleset.hook``, ``.hook.trainrun_…``), and every hook of
``trainrun.plugins.hookspecs`` but the registry's ``trainrun_title`` (asked when the
titles are loaded, in ``trainrun.registry``) has its function there.
"""
from __future__ import annotations

import re
from pathlib import Path

from trainrun.plugins import hookspecs

ROOT = Path(__file__).resolve().parents[1]
SOURCES = sorted(p for folder in ("core", "solver") for p in (ROOT / folder).rglob("*")
                 if p.suffix in (".py", ".pyx", ".pxd"))
ANSWERS = ROOT / "core" / "hooks" / "answers.py"
REACHES_HOOKS = re.compile(r"ruleset\.hook\b|\.hook\.trainrun_")


def test_only_answers_reaches_the_hooks():
    assert ANSWERS in SOURCES
    assert any(p.parent.name == "service" for p in SOURCES)   # sub-folders are looked into
    offenders = [f"{p.relative_to(ROOT)}:{n}" for p in SOURCES if p != ANSWERS
                 for n, line in enumerate(p.read_text().splitlines(), 1)
                 if REACHES_HOOKS.search(line) and not asks_title(p, line)]
    assert offenders == []


def asks_title(path: Path, line: str) -> bool:
    """The registry asks ``trainrun_title`` as it loads a title, before any position."""
    return path == ROOT / "core" / "registry.py" and ".hook.trainrun_title()" in line


def test_answers_asks_every_hook():
    text = ANSWERS.read_text()
    hooks = [name for name in dir(hookspecs) if name.startswith("trainrun_")]
    assert "trainrun_tile_lays" in hooks
    assert [h for h in hooks if f".{h}(" not in text] == ["trainrun_title"]
