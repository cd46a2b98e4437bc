"""Core asks the title its questions in one place (``trainrun.answers``, issue 15).

No module of ``core/`` or ``solver/`` but ``core/answers.py`` reaches the plugin hooks
(``ruleset.hook``, ``.hook.trainrun_…``), and every hook of
``trainrun.plugins.hookspecs`` but the registry's ``trainrun_title`` (asked when the
titles are loaded, in ``trainrun.plugins``) has its function there.
"""
from __future__ import annotations

import re
from pathlib import Path

from trainrun.plugins import hookspecs

ROOT = Path(__file__).resolve().parents[1]
SOURCES = sorted(p for folder in ("core", "solver") for p in (ROOT / folder).iterdir()
                 if p.suffix in (".py", ".pyx", ".pxd"))
REACHES_HOOKS = re.compile(r"ruleset\.hook\b|\.hook\.trainrun_")


def test_only_answers_reaches_the_hooks():
    assert any(p.name == "answers.py" for p in SOURCES)
    offenders = [f"{p.relative_to(ROOT)}:{n}" for p in SOURCES if p.name != "answers.py"
                 for n, line in enumerate(p.read_text().splitlines(), 1)
                 if REACHES_HOOKS.search(line)]
    assert offenders == []


def test_answers_asks_every_hook():
    text = (ROOT / "core" / "answers.py").read_text()
    hooks = [name for name in dir(hookspecs) if name.startswith("trainrun_")]
    assert "trainrun_tile_lays" in hooks
    assert [h for h in hooks if f".{h}(" not in text] == ["trainrun_title"]
