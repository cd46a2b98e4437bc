"""The README and the pages under docs/ stay true: their position example reads and solves,
their error example is real, every printed run is what the command prints, their Python
examples run and print what they say, the import example works, and every command and
option of the CLI is written down (the one-line table in the README, the options in
docs/cli.md)."""
import contextlib
import io
import json
import re
import textwrap
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from trainrun import read_position, solve
from trainrun.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
CLI = ROOT / "docs" / "cli.md"
# the README and the pages beside it in docs/ (docs/rules/ holds the rules, tested in
# tests/test_docs.py)
PAGES = [README, *sorted((ROOT / "docs").glob("*.md"))]


def _where(path: Path) -> str:
    return str(path.relative_to(ROOT))


def _blocks(path: Path, lang: str) -> list[str]:
    """The ``lang`` code blocks of ``path``, a block indented in a list item too."""
    return [textwrap.dedent(b) for b in
            re.findall(rf"^ *```{lang}\n(.*?)^ *```", path.read_text(), re.S | re.M)]


def test_position_examples_solve():
    """The own-format position written out in the README and in docs/cli.md (the same
    one) reads and solves; so does any other position a page writes out."""
    found = []
    for path in PAGES:
        for block in _blocks(path, "json"):
            try:
                data = json.loads(block)
            except ValueError:
                continue
            if isinstance(data, dict) and {"title", "company", "trains"} <= set(data):
                found.append((path, data))
                run = solve(read_position(data))
                assert run.status == "optimal", _where(path)
    assert {README, CLI} <= {path for path, _ in found}
    for path, data in found:
        if data["title"] == "18Chesapeake" and data["trains"] == [{"id": "3-0", "name": "3"}]:
            # F2 Harrisburg (#57, 20) and E3 Hagerstown (#57, 20) joined across their
            # shared side, a 3-train of PRR, phase 3: 20 + 20 = 40
            # (docs/rules/18chesapeake.md §3.3, §2)
            assert solve(read_position(data)).total == 40, _where(path)


def test_error_example_is_what_trainrun_prints(tmp_path):
    lines = {m.group(0): path for path in PAGES
             for m in re.finditer(r"^trainrun: error: .*$", path.read_text(), re.M)}
    data = {"title": "18Chesapeake", "phase": "2", "company": "B&O", "trains": ["2"],
            "tiles": [{"hex": "G7", "tile": "9", "rotation": 1},
                      {"hex": "F8", "tile": "X1", "rotation": 4},
                      {"hex": "E7", "tile": "58", "rotation": 5},
                      {"hex": "D6", "tile": "9", "rotation": 7}]}
    f = tmp_path / "p.json"
    f.write_text(json.dumps(data))
    res = CliRunner().invoke(main, ["solve", str(f)])
    assert res.exit_code == 2
    assert lines.get(res.output.strip()) == CLI, (res.output, lines)


def _output_examples(path: Path):
    """(command, printed lines) of every output block of ``path``: one starting with a
    run's "title · company · phase" line or an audit's "… runs audited" line, the command
    being the last `trainrun solve|verify|advise|audit ...` quoted in the prose before it."""
    out, prose, block = [], [], None
    for line in path.read_text().splitlines():
        if line.startswith("```"):
            if block is None:
                block = []
                continue
            commands = re.findall(r"`(trainrun (?:solve|verify|advise|audit) [^`]*)`",
                                  "\n".join(prose))
            if block and (" · phase " in block[0] or block[0].endswith(" runs audited")):
                out.append((" ".join(commands[-1].split()), block))
            prose, block = [], None
        elif block is None:
            prose.append(line)
        else:
            block.append(line)
    return out


def _shown(printed: list[str], expected: list[str]) -> bool:
    """``expected`` is ``printed``, where a "  …" line stands for lines left out: the part
    before the first "  …" opens the output, the part after the last ends it (none: the
    output goes on), and the parts between come in order in what is left."""
    if "  …" not in expected:
        return printed == expected
    parts, part = [], []
    for line in expected:
        if line == "  …":
            parts.append(part)
            part = []
        else:
            part.append(line)
    first, *middle, last = parts + [part]
    if printed[:len(first)] != first:
        return False
    at, end = len(first), len(printed) - len(last)
    if last and printed[end:] != last:
        return False
    for part in middle:
        starts = [i for i in range(at, end - len(part) + 1) if printed[i:i + len(part)] == part]
        if not starts:
            return False
        at = starts[0] + len(part)
    return at <= end


@pytest.mark.parametrize("path", PAGES, ids=_where)
def test_output_examples_are_what_trainrun_prints(monkeypatch, path):
    """Each output a page shows is the command's real output (up to the solve time, and up
    to the "  …" lines where the page cuts it short)."""
    monkeypatch.chdir(ROOT)
    examples = _output_examples(path)
    # the README: the sample solve, the PRR president's verify and the 1905 audit; the
    # Commands page: solve, both verify examples and advise
    least = {README: 3, CLI: 4}.get(path, 0)
    assert len(examples) >= least, _where(path)
    for command, expected in examples:
        res = CliRunner().invoke(main, command.split()[1:])
        assert res.exit_code in (0, 1), (command, res.output)
        printed = [re.sub(r"— \d+ ms$|solved, [\d.]+ s", "— N ms", ln)
                   for ln in res.output.splitlines()]
        expected = [re.sub(r"— [\d.]+ ms$|solved, [\d.]+ s", "— N ms", ln) for ln in expected]
        assert _shown(printed, expected), command


def test_shown_reads_the_cuts():
    out = ["a", "b", "c", "d", "e"]
    assert _shown(out, ["a", "b", "  …"]) and _shown(out, ["a", "  …", "c", "  …", "e"])
    assert _shown(out, out) and not _shown(out, ["a", "b"])
    assert not _shown(out, ["a", "  …", "d"])
    assert not _shown(out, ["a", "  …", "b", "  …", "b"])


@pytest.mark.parametrize("path", [README, CLI], ids=_where)
def test_python_examples_run(monkeypatch, path):
    """The Python examples (the README's and docs/cli.md's; docs/plugins.md's blocks are
    hook signatures) run in order from the repository root, and each top-level
    `print(...)   # WHAT` prints WHAT."""
    monkeypatch.chdir(ROOT)
    namespace: dict = {}
    for block in _blocks(path, "python"):
        said = re.findall(r"^print\(.*\)\s+# (.+)$", block, re.M)
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(block, f"<a Python example of {_where(path)}>", "exec"), namespace)
        printed = out.getvalue().splitlines()
        for what in said:
            assert what.strip() in printed, (_where(path), what, printed)


def test_import_example_gives_the_position_the_audit_names(monkeypatch, tmp_path):
    """The README's import example writes the position before the action it names, and
    solving it gives the best the README's audit shows for that action."""
    text = README.read_text()
    block = next(b for b in _blocks(README, "bash") if "trainrun import" in b)
    monkeypatch.chdir(tmp_path)
    outputs = []
    for line in block.strip().splitlines():
        command, _, target = line.partition(" > ")
        args = [str(ROOT / a) if a.startswith(("tests/", "examples/")) else a
                for a in command.split()[1:]]
        res = CliRunner().invoke(main, args)
        assert res.exit_code == 0, (line, res.output)
        if target:
            Path(target.strip()).write_text(res.output)
        outputs.append((args, res.output))
    (imported, _), (solved, printed) = outputs
    action = imported[imported.index("--action") + 1]
    row = re.search(rf"^  OR \S+\s+action {action}\s+(\S+)\s+declared \$\d+\s+best \$(\d+)",
                    text, re.M)
    assert row, f"the README's audit shows no row of action {action}"
    assert printed.splitlines()[0].startswith(f"18Chesapeake · {row.group(1)} · ")
    assert f"Total ${row.group(2)} — optimal (proven)" in printed


def _section(text: str, heading: str) -> str:
    m = re.search(rf"^## {re.escape(heading)}\n(.*?)(?=^## |\Z)", text, re.S | re.M)
    return m.group(1) if m else ""


@pytest.mark.parametrize("name", sorted(main.commands))
def test_every_command_and_option_is_written_down(name):
    """Each command has its one line in the README's table and its section in
    docs/cli.md, which names every option the command takes."""
    command = main.commands[name]
    assert re.search(rf"^\| `trainrun {name}\b[^|]*` \| \S", README.read_text(), re.M), \
        f"README's Commands table has no line for {name}"
    section = _section(CLI.read_text(), name)
    assert section, f"docs/cli.md has no section '## {name}'"
    options = [o for p in command.params if isinstance(p, click.Option)
               for o in p.opts + p.secondary_opts if o.startswith("--") and o != "--help"]
    missing = [o for o in options if not re.search(rf"`{re.escape(o)}\b", section)]
    assert not missing, f"docs/cli.md's {name} section does not name {missing}"


def test_example_names_tell_positions_from_runs():
    """examples/NAME-run.json is a declared run, legal on examples/NAME.json; every other
    example is a position."""
    from trainrun.routes.verify import verify
    root = ROOT / "examples"
    runs = sorted(root.glob("*-run.json"))
    assert len(runs) >= 2
    for f in sorted(root.glob("*.json")):
        if f in runs:
            position = read_position((root / f.name.replace("-run.json", ".json")).read_text())
            assert verify(position, f.read_text(), best=False).legal, f.name
        else:
            assert read_position(f.read_text()).title.name, f.name
