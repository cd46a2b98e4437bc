"""The rules the code cites are in the repository: every ``docs/rules/<file>.md §N`` cited
in the code, tests, benchmarks, tools, README, the pages of ``docs/`` or the rules themselves
names a file of ``docs/rules`` and a section heading in it, every ``§`` in the code belongs
to such a citation, and no citation of a document outside the repository is left. Every
relative link of the README and of the pages under ``docs/`` points to a file that exists
(and to a heading of it, where it names one), and every test they name
(``tests/FILE.py::test_name``, the promises' backing) is a test of that file."""
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
    files = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
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


# [text](target) and ![alt](target); a target with a scheme (https:, mailto:) is not checked
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def _anchors(path: Path) -> set[str]:
    """The anchors GitHub gives the headings of a Markdown file: lower case, punctuation
    dropped, spaces as hyphens, a repeated one numbered."""
    seen: dict[str, int] = {}
    text = re.sub(r"^```.*?^```", "", path.read_text(), flags=re.S | re.M)
    for heading in re.findall(r"^#{1,6} +(.+?) *#* *$", text, re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        if n:
            seen[f"{slug}-{n}"] = 1
    return set(seen)


@pytest.mark.parametrize("path", PAGES, ids=_where)
def test_every_relative_link_points_to_what_exists(path):
    text = re.sub(r"^```.*?^```", "", path.read_text(), flags=re.S | re.M)
    text = re.sub(r"`[^`\n]*`", "", text)   # a link written in code is not a link
    broken = []
    for target in LINK.findall(text):
        if re.match(r"[a-z][a-z0-9+.-]*:", target):
            continue
        file, _, anchor = target.partition("#")
        where = (path.parent / file).resolve() if file else path
        if not where.exists():
            broken.append(target)
        elif anchor and where.suffix == ".md" and anchor not in _anchors(where):
            broken.append(target)
    assert not broken, f"{_where(path)} links to what does not exist: {broken}"


NAMED_TEST = re.compile(r"(tests/[\w/]+\.py)::(test_\w+)")


@pytest.mark.parametrize("path", PAGES, ids=_where)
def test_every_test_a_page_names_exists(path):
    missing = [f"{file}::{name}" for file, name in NAMED_TEST.findall(path.read_text())
               if not (ROOT / file).exists()
               or not re.search(rf"^def {name}\(", (ROOT / file).read_text(), re.M)]
    assert not missing, f"{_where(path)} names tests that do not exist: {missing}"
