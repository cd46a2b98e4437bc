"""Compile a title from the 18xx.games engine into a trainrun plugin's data.

Developer tool, not used at run or test time. Given a checkout of the engine
(github.com/tobymao/18xx: its ``lib/`` is what is read) and the engine's name of a title:

    python tools/compile_title.py ENGINE_DIR TITLE [--module gNAME]

1. runs ``ruby tools/engine_export.rb ENGINE_DIR TITLE``, which loads the engine for that
   title's folders only (``lib/engine/game/g_*``, the title's and the titles it builds on),
   starts a game with the most players the title allows and prints its static facts as
   JSON;
2. converts them with ``tools/import_title.py`` (``convert``; its docstring gives every
   field) and writes ``plugins/<module>/data/``: ``map.json``, ``tiles.json``,
   ``trains.json``, ``phases.json``, ``companies.json``, and ``privates.json`` and
   ``options.json`` where the title has private companies or optional rules;
3. writes ``plugins/<module>/__init__.py``, a plugin stub of the shared rules only, if
   there is none.

TITLE is the engine's ``title`` (``1830``, ``18Chesapeake: Off the Rails``, ``The Old
Prince 1871``). The module is ``g`` and the title lowercased with everything but letters
and digits removed (``g18chesapeakeofftherails``) unless ``--module`` names it. Ruby 3.1
and the engine checkout are all it needs; an export takes about half a second.

A data file that exists and would change is left alone and named, and the command fails:
the seed titles keep their hand edits (1871's map lacks the export game's setup tokens,
``docs/rules/1871.md`` §7). Options:

``--check``          compile into a temporary folder and print what differs from the
                     plugin's data (exit 1 if anything does); nothing is written.
``--only FILE...``   write only these data files (e.g. ``--only privates.json options.json``
                     to add a seed title's new files).
``--force``          overwrite data files that differ.
``--folders G...``   the engine folders to load (``g_18_chesapeake g_18_chesapeake_off_the_rails``)
                     where finding them from the titles' ``meta.rb`` files is not enough.
``--export FILE``    keep the raw export too.

The stub is only a start: the title's rules beyond the shared ones (docs/development.md,
"Adding a title") are a plugin's hooks, its rules a ``docs/rules/`` file.
"""
from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import import_title  # noqa: E402  (tools/ is not a package)

ROOT = Path(__file__).resolve().parents[1]
EXPORTER = Path(__file__).resolve().parent / "engine_export.rb"
KEYS = ("id", "sym", "name", "city", "index")   # the field that names an entry of a list


def module_name(title: str) -> str:
    """``g`` and the title lowercased, only its letters and digits kept."""
    return "g" + re.sub(r"[^a-z0-9]", "", title.lower())


def export(engine_dir: str | Path, title: str, folders: tuple[str, ...] | list[str] = ()) -> dict:
    """The engine's facts of ``title`` (tools/engine_export.rb's JSON)."""
    ruby = shutil.which("ruby")
    if ruby is None:
        sys.exit("compile_title: ruby is not installed (Debian: apt-get install ruby)")
    done = subprocess.run([ruby, str(EXPORTER), str(engine_dir), title, *folders],
                          capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"compile_title: the export of {title!r} failed:\n{done.stderr.strip()}")
    print(done.stderr.strip(), file=sys.stderr)
    return json.loads(done.stdout)


# --- the plugin stub ----------------------------------------------------------------

def stub(facts: dict) -> str:
    """The text of a plugin module that gives the title and its data, and no rules."""
    title = facts["title"]
    meta = facts.get("meta") or {}
    trains = ", ".join(t["name"] for t in facts["trains"])
    description = "; ".join(x for x in (meta.get("location"), f"trains {trains}") if x)
    overrides = meta.get("route_overrides") or []
    if overrides:
        routes = (f"The engine's game class redefines {', '.join(overrides)} of its base: "
                  "those route rules are not implemented here, so runs may be scored "
                  "wrongly until hooks implement them.")
    else:
        routes = ("The engine's game class redefines none of its base's route and revenue "
                  "methods (``ROUTE_METHODS`` in ``tools/engine_export.rb``): the engine "
                  "scores this title's routes by its shared rules too.")
    doc = (f"{title}: the shared engine rules, nothing more (a compiled title, not yet "
           f"checked against recorded games).\n\n"
           f"Runs are scored by the shared rules (``plugins/defaults.py``, "
           f"``docs/rules/common.md``). {routes} Private companies' abilities, special lays "
           f"and the set-up are data here (``privates.json``), not rules; optional rules "
           f"(``options.json``, if any) are not applied.\n\n"
           f"Data: ``data/`` is ``tools/compile_title.py`` output for the 18xx.games engine's "
           f"{title} (folder ``{meta.get('folder', '?')}``), a new game with no optional "
           f"rules; ``python tools/compile_title.py ENGINE_DIR {json.dumps(title)} --check`` "
           f"shows what a newer engine changes.")
    name = json.dumps(title, ensure_ascii=False)
    desc = json.dumps(description, ensure_ascii=False)
    call = (f"    return TitleInfo(name={name}, data=Path(__file__).parent / \"data\",\n"
            f"                     description={desc})\n")
    if any(len(line) > 100 for line in call.splitlines()):
        call = (f"    return TitleInfo(\n        name={name},\n"
                f"        data=Path(__file__).parent / \"data\",\n"
                f"        description={desc})\n")
    return (f'"""{_wrap(doc)}\n"""\n'
            "from pathlib import Path\n\n"
            "from trainrun.plugins.api import TitleInfo, hookimpl\n\n\n"
            "@hookimpl\n"
            "def trainrun_title() -> TitleInfo:\n" + call)


def _wrap(text: str, width: int = 92) -> str:
    out = []
    for para in text.split("\n\n"):
        line = ""
        for word in para.split():
            if line and len(line) + 1 + len(word) > width:
                out.append(line)
                line = word
            else:
                line = f"{line} {word}" if line else word
        out += [line, ""]
    return "\n".join(out[:-1])


# --- the diff of --check --------------------------------------------------------------

def _key(items: list) -> str | None:
    """The field that identifies each entry of a list of objects, if one does."""
    if not items or not all(isinstance(x, dict) for x in items):
        return None
    for k in KEYS:
        values = [x.get(k) for x in items]
        if None not in values and len(set(map(str, values))) == len(values):
            return k
    return None


def _short(value) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 90 else text[:87] + "..."


def differences(old, new, path: tuple = (), entries: bool = False) -> list[tuple]:
    """(path, kind, detail) for every difference from ``old`` (the plugin's) to ``new`` (the
    compile's): a field ``added``, ``removed`` or ``changed``, or the same entries in another
    ``order``. A path step that picks an entry of a list (a hex by id, a train by name, a
    city's tokens by city) is written ``[key]``; ``entries``: the keys of this object are
    such entries too (the tile catalogue)."""
    if isinstance(old, list) and isinstance(new, list):
        key = _key(old) if _key(old) == _key(new) else None
        if key is None:
            if old == new:
                return []
            if sorted(map(_short, old)) == sorted(map(_short, new)):
                return [(path, "order", "same entries in another order")]
            return [(path, "changed", f"{_short(old)} -> {_short(new)}")]
        old = {str(x[key]): x for x in old}
        new = {str(x[key]): x for x in new}
        entries = True
    if not (isinstance(old, dict) and isinstance(new, dict)):
        return [] if old == new else [(path, "changed", f"{_short(old)} -> {_short(new)}")]
    found = []
    for k in sorted(old.keys() | new.keys(), key=str):
        step = path + (f"[{k}]" if entries else k,)
        if k not in new:
            found.append((step, "removed", _short(old[k])))
        elif k not in old:
            found.append((step, "added", _short(new[k])))
        else:
            found += differences(old[k], new[k], step)
    if not found and list(old) != list(new):
        found.append((path, "order", "same entries in another order"))
    return found


def _path(path: tuple) -> str:
    return ".".join(path).replace(".[", "[") or "(whole file)"


def compare(files: dict, folder: Path) -> list[str]:
    """The lines of a diff summary of compiled ``files`` against the data in ``folder``:
    one line per difference, then one per kind of difference with the entries it is in."""
    lines, kinds = [], {}
    for name in import_title.FILES:
        here = folder / name
        if name not in files and not here.exists():
            continue
        if name not in files:
            lines.append(f"{name}: only in the plugin")
            continue
        if not here.exists():
            lines.append(f"{name}: new ({len(files[name])} entries), not in the plugin")
            continue
        text = here.read_text()
        if text == import_title.dumps(files[name]):
            continue
        found = differences(json.loads(text), files[name], entries=name == "tiles.json")
        if not found:
            lines.append(f"{name}: same data, other formatting")
        for path, kind, detail in found:
            lines.append(f"{name} {_path(path)}: {kind} {detail}")
            pattern = tuple("[*]" if p.startswith("[") else p for p in path)
            kinds.setdefault((name, _path(pattern), kind), []).append(
                next((p for p in path if p.startswith("[")), ""))
    if kinds:
        lines.append("summary:")
    for (name, pattern, kind), where in kinds.items():
        named = list(dict.fromkeys(w.strip("[]") for w in where if w))
        shown = ", ".join(named[:12]) + (", ..." if len(named) > 12 else "")
        lines.append(f"  {name} {pattern}: {kind} x{len(where)}" + (f" ({shown})" if shown else ""))
    return lines


# --- writing --------------------------------------------------------------------------

def write(files: dict, folder: Path, only: list[str] | None, force: bool) -> list[str]:
    """Write those of ``files`` that are new or changed into ``folder`` (all, or ``only``
    those named); refuse, naming them, files that exist and would change, unless ``force``.
    The paths written."""
    chosen = {n: d for n, d in files.items() if not only or n in only}
    new = {n: d for n, d in chosen.items()
           if not (folder / n).exists() or (folder / n).read_text() != import_title.dumps(d)}
    changed = [n for n in new if (folder / n).exists()]
    if changed and not force:
        sys.exit(f"compile_title: {folder} has {', '.join(changed)}, which the compile would "
                 f"change; see --check, then --only or --force")
    return [str(p.relative_to(ROOT)) if p.is_relative_to(ROOT) else str(p)
            for p in import_title.write(new, folder)]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("engine_dir")
    ap.add_argument("title")
    ap.add_argument("--module", help="the plugin module, e.g. g18chesapeake")
    ap.add_argument("--check", action="store_true", help="compare, write nothing")
    ap.add_argument("--only", nargs="+", metavar="FILE", choices=import_title.FILES)
    ap.add_argument("--force", action="store_true")
    ap.add_argument("--folders", nargs="+", default=[], metavar="G")
    ap.add_argument("--export", metavar="FILE", help="also keep the raw export here")
    ap.add_argument("--plugins", default=str(ROOT / "plugins"), help=argparse.SUPPRESS)
    args = ap.parse_args(argv)

    facts = export(args.engine_dir, args.title, args.folders)
    if args.export:
        Path(args.export).write_text(json.dumps(facts, indent=1, ensure_ascii=False) + "\n")
    files = import_title.convert(facts)
    plugin = Path(args.plugins) / (args.module or module_name(args.title))
    if args.check:
        with tempfile.TemporaryDirectory() as tmp:
            import_title.write(files, tmp)   # the compile, as it would be written
            compiled = {n: json.loads((Path(tmp) / n).read_text()) for n in files}
        lines = compare(compiled, plugin / "data")
        count = sum(1 for line in lines if not line.startswith(" ")) - bool(lines)
        print(f"{args.title} against {plugin / 'data'}: "
              f"{f'{count} differences' if lines else 'no differences'}")
        for line in lines:
            print(line)
        return 1 if lines else 0
    written = write(files, plugin / "data", args.only, args.force)
    for path in written:
        print(f"wrote {path}")
    if not written:
        print(f"{plugin / 'data'}: up to date")
    init = plugin / "__init__.py"
    if not init.exists():
        init.write_text(stub(facts))
        print(f"wrote {init}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
