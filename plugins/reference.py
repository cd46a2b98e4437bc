"""Write docs/plugins.md, the reference of the plugin hooks and the plugin API, from the
code: the hookspecs by group (``hookspecs.GROUPS``), each with its signature, whether
the first answer wins and its docstring, then the names of ``trainrun.plugins.api`` by
group (``api.EXPORTS``) with their descriptions.

    python -m trainrun.plugins.reference > docs/plugins.md   # write it (from the repository)
    python -m trainrun.plugins.reference --check             # is docs/plugins.md current?

``tests/test_plugin_reference.py`` fails when the committed page is not what this writes.
"""
from __future__ import annotations

import argparse
import importlib
import inspect
import sys
from pathlib import Path

from trainrun.plugins import api, hookspecs

PAGE = Path("docs") / "plugins.md"   # in the repository, where the command is run
EXAMPLE = "g18chesapeake"

INTRO = """\
# Plugins: writing a title

<!-- Written by `python -m trainrun.plugins.reference > docs/plugins.md` from
plugins/hookspecs.py and plugins/api.py: change those, not this page. -->

A title is a package under `plugins/` named `g` and the title in lower case, letters and
digits only (`trainrun.plugins.g18chesapeake`): a `data/` folder holding its `map.json`,
`tiles.json`, `trains.json`, `phases.json`, `companies.json` and, where it has them,
`privates.json` and `options.json` (compiled from the 18xx.games engine by
`tools/compile_title.py`: [development.md](development.md#adding-a-title)), and
module-level functions marked `@hookimpl`, each named after one of the hooks below. The
folder is its registration: trainrun finds every such package itself. A title published
in another distribution registers its module under the entry-point group
`trainrun.titles`:

```toml
[project.entry-points."trainrun.titles"]
"18XX" = "my_titles.g18xx"
```

`trainrun_title` names the title and its data folder. Every other hook falls back to
the shared engine rules (`trainrun.plugins.defaults`, registered before each title)
when the title leaves it out, or answers `None` where the first answer wins. A title
imports from trainrun only what `trainrun.plugins.api` exports (the end of this page);
its own modules may import each other. A hook name no hookspec declares is an error
when the title is loaded.

18Chesapeake plays by the shared rules and its compiled data (its privates too) but for its
replay rules; its whole plugin, `plugins/g18chesapeake/__init__.py`:
"""


def _annotation(value) -> str:
    return value if isinstance(value, str) else inspect.formatannotation(value)


def signature(spec) -> str:
    """``name(arg: type, ...) -> type`` as the hookspec spells it."""
    sig = inspect.signature(spec)
    args = ", ".join(f"{name}: {_annotation(p.annotation)}" for name, p in sig.parameters.items())
    return f"{spec.__name__}({args}) -> {_annotation(sig.return_annotation)}"


def _firstresult(spec) -> str:
    if spec.trainrun_spec["firstresult"]:
        return ("*firstresult*: the title's answer wins; `None` leaves the question to the "
                "shared rules.")
    return ("Every plugin implementing it is called, the title and the shared rules; core "
            "puts their answers together (`trainrun.hooks.answers`).")


def _hooks() -> list[str]:
    body = inspect.cleandoc(hookspecs.__doc__).split("\n\n", 1)[1]
    out = ["## Hooks", "", body, ""]
    for group, (heading, names) in hookspecs.GROUPS.items():
        out += [f"### {heading}", "", f"Group `{group}`.", ""]
        for name in names:
            spec = getattr(hookspecs, name)
            out += [f"#### `{name}`", "", "```python", signature(spec), "```", "",
                    _firstresult(spec), "", inspect.getdoc(spec) or "", ""]
    return out


def _api() -> list[str]:
    out = ["## The plugin API: `trainrun.plugins.api`", "",
           "Everything a title imports from trainrun, by group:", ""]
    for heading, names in api.EXPORTS.items():
        out += [f"### {heading}", ""]
        out += [f"- `{name}`: {description}" for name, description in names.items()]
        out.append("")
    return out


def page() -> str:
    """The text of docs/plugins.md as the code now makes it."""
    example = inspect.getsource(importlib.import_module(f"trainrun.plugins.{EXAMPLE}"))
    out = [INTRO, "```python", example.rstrip("\n"), "```", ""] + _hooks() + _api()
    return "\n".join(out).rstrip("\n") + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m trainrun.plugins.reference",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", nargs="?", const=PAGE, type=Path, metavar="FILE",
                        help=f"exit 1 if FILE (default {PAGE}) is not what would be written "
                             f"now")
    args = parser.parse_args(argv)
    text = page()
    if args.check is not None:
        if not args.check.exists() or args.check.read_text() != text:
            print(f"{args.check} is out of date: python -m trainrun.plugins.reference > "
                  f"docs/plugins.md", file=sys.stderr)
            return 1
        return 0
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
