"""A private company's own lays (step ``SpecialTrack``, ``trainrun.special_track``) against
the 18xx.games engine's legal sets.

Every ``SpecialTrack`` line of ``tests/data/moves`` lists every lay the engine accepts for
the private using its ability, with the cost the operating company pays. ``legal_lays`` must
give exactly that set, on every line: 18Chesapeake's two connected lays, 1817's city-tile
private (any side of its hex) and its mine and ranch privates (only the sides the company
reaches, an exit pointing at a neighbouring stop: ``plugins/g1817/special_lays.py``), 18NY's
Albany Iron Works (only lays paying for water, up to $80 off it: docs/rules/18ny.md §8).
"""

import pytest

from lay_moments import engine_lays, lay_lines, our_lays, read_moment

LINES = lay_lines("SpecialTrack")


def _read(name):
    return read_moment(LINES[name])


def test_every_title_with_special_lays_is_covered():
    assert len(LINES) == 21


@pytest.mark.parametrize("name", sorted(LINES))
def test_special_lays_equal_the_engines(name):
    assert our_lays(_read(name)) == engine_lays(LINES[name])
