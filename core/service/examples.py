"""The examples shipped in the package ``trainrun.examples``: positions, each named by its
file, and the declared runs beside them (``NAME-run.json`` belongs to ``NAME.json``)."""
from __future__ import annotations

import json
from importlib import resources

from trainrun.errors import InputError

RUN_SUFFIX = "-run"


def _files() -> dict:
    folder = resources.files("trainrun.examples")
    return {f.name[:-len(".json")]: f for f in folder.iterdir() if f.name.endswith(".json")}


def example_list() -> list[dict]:
    """``[{name, title, run}]`` for each example position, sorted by name."""
    files = _files()
    out = []
    for name in sorted(files):
        if name.endswith(RUN_SUFFIX):
            continue
        data = json.loads(files[name].read_text(encoding="utf-8"))
        run = name + RUN_SUFFIX
        out.append({"name": name, "title": data.get("title"),
                    "run": run if run in files else None})
    return out


def example(name: str) -> dict:
    """The JSON of the example (position or run) ``name``."""
    files = _files()
    if name not in files:
        raise InputError("example", f"no example named {name!r} "
                                    f"(known: {', '.join(sorted(files))})")
    return json.loads(files[name].read_text(encoding="utf-8"))
