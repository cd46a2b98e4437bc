"""The rules the code cites are in the repository: every ``docs/rules/<file>.md §N`` cited
in the code, tests, benchmarks, tools, README or the rules themselves names a file of
``docs/rules`` and a section heading in it, every ``§`` in the code belongs to such a
citation, and no citation of a document outside the repository is left."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "docs" / "rules"
CODE = ("core", "solver", "plugins", "tests", "benchmarks", "tools")
SUFFIXES = {".py", ".pyx", ".pxd", ".md", ".toml"}
CITATION = re.compile(r"docs/rules/([A-Za-z0-9_-]+)\.md`*((?:,? §\d+(?:\.\d+)*)*)")
SECTION = re.compile(r"§(\d+(?:\.\d+)*)")
HEADING = re.compile(r"^#{2,4} §(\d+(?:\.\d+)*) ", re.M)
# the rules digest and the rulebook tags it used (R-PA 6.8, R-NY L426, ...), and paths of
# one machine: not in the repository
FOREIGN = re.compile(r"DIGEST|\bR-(?:PA|NY|17|71|CH)\b|\.\./rules/|/work/")


def _code_files() -> list[Path]:
    """Every file that may cite a rule, this one excepted (it spells the patterns)."""
    files = [ROOT / "README.md"]
    for folder in CODE:
        files += [p for p in sorted((ROOT / folder).rglob("*"))
                  if p.suffix in SUFFIXES and p != Path(__file__).resolve()]
    return files


def _sections(name: str) -> set[str]:
    return set(HEADING.findall((RULES / f"{name}.md").read_text()))


def _citations(text: str):
    for m in CITATION.finditer(text):
        yield m.group(1), SECTION.findall(m.group(2))


def _where(path: Path) -> str:
    return str(path.relative_to(ROOT))


def test_the_rules_folder_has_a_file_per_title():
    assert {p.stem for p in RULES.glob("*.md")} >= {
        "common", "18chesapeake", "1817", "1871", "18ny", "18pa"}


@pytest.mark.parametrize("path", _code_files() + sorted(RULES.glob("*.md")), ids=_where)
def test_every_cited_section_exists(path):
    missing = []
    for name, numbers in _citations(path.read_text()):
        if not (RULES / f"{name}.md").exists():
            missing.append(f"docs/rules/{name}.md")
            continue
        missing += [f"docs/rules/{name}.md §{n}" for n in numbers if n not in _sections(name)]
    assert not missing, f"{_where(path)} cites what docs/rules does not have: {missing}"


@pytest.mark.parametrize("path", sorted(RULES.glob("*.md")), ids=_where)
def test_every_section_a_rules_file_names_of_itself_exists(path):
    text = path.read_text()
    own = SECTION.findall(CITATION.sub("", text))
    missing = sorted(set(own) - _sections(path.stem))
    assert not missing, f"{_where(path)} refers to sections it does not have: {missing}"


@pytest.mark.parametrize("path", _code_files(), ids=_where)
def test_every_section_sign_is_a_docs_citation(path):
    text = path.read_text()
    cited = sum(len(numbers) for _, numbers in _citations(text))
    assert text.count("§") == cited, f"{_where(path)} has a § that names no docs/rules file"


@pytest.mark.parametrize("path", _code_files(), ids=_where)
def test_no_citation_of_a_document_outside_the_repository(path):
    found = FOREIGN.findall(path.read_text())
    assert not found, f"{_where(path)} still cites {found}"


@pytest.mark.parametrize("path", sorted(RULES.glob("*.md")), ids=_where)
def test_sections_are_numbered_under_their_parent(path):
    numbers = HEADING.findall(path.read_text())
    assert len(numbers) == len(set(numbers)), f"{_where(path)} repeats a section number"
    for n in numbers:
        parent = n.rpartition(".")[0]
        assert not parent or parent in numbers, f"{_where(path)} §{n} has no §{parent}"
