"""docs/plugins.md is what ``python -m trainrun.plugins.reference`` writes now: every
hookspec (by group, with its signature, firstresult and docstring) and every name of
``trainrun.plugins.api`` with its description."""
from __future__ import annotations

from pathlib import Path

from trainrun.plugins import api, hookspecs, reference

PAGE = Path(__file__).resolve().parents[1] / "docs" / "plugins.md"


def test_the_committed_page_is_current():
    assert PAGE.read_text() == reference.page(), (
        "docs/plugins.md is out of date: python -m trainrun.plugins.reference > docs/plugins.md")


def test_check_says_so(tmp_path, capsys):
    assert reference.main(["--check", str(PAGE)]) == 0
    stale = tmp_path / "plugins.md"
    stale.write_text(PAGE.read_text().replace("## The plugin API", "## An old API"))
    assert reference.main(["--check", str(stale)]) == 1
    assert "is out of date" in capsys.readouterr().err


def test_the_page_has_every_hook_and_every_name():
    text = reference.page()
    for group, (heading, names) in hookspecs.GROUPS.items():
        assert f"### {heading}\n" in text, group
        for name in names:
            spec = getattr(hookspecs, name)
            assert f"#### `{name}`\n" in text
            assert reference.signature(spec) in text
    for names in api.EXPORTS.values():
        for name, description in names.items():
            assert f"- `{name}`: {description}\n" in text
    assert 'entry-points."trainrun.titles"' in text          # third-party titles
    assert "def trainrun_title() -> TitleInfo:" in text      # the 18Chesapeake example


def test_the_headings_come_in_group_order():
    text = reference.page()
    places = [text.index(f"### {heading}\n") for heading, _ in hookspecs.GROUPS.values()]
    assert places == sorted(places)
    assert places[-1] < text.index("## The plugin API")


def test_signatures_are_the_hookspecs_own():
    assert (reference.signature(hookspecs.trainrun_city_blocks) ==
            "trainrun_city_blocks(position: Position, hex_id: str, node: Node, "
            "tokens: CityTokens) -> bool")
