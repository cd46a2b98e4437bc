"""A private company's own lays (step ``SpecialTrack``, ``trainrun.special_track``) against
the 18xx.games engine's legal sets.

Every ``SpecialTrack`` line of ``tests/data/moves`` lists every lay the engine accepts for
the private using its ability, with the cost the operating company pays. ``legal_lays`` must
give exactly that set, on every line: 18Chesapeake's two connected lays, 1817's city-tile
private (any side of its hex) and its mine and ranch privates (only the sides the company
reaches, an exit pointing at a neighbouring stop: ``plugins/g1817/special_lays.py``), 18NY's
Albany Iron Works (only lays paying for water, up to $80 off it: docs/rules/18ny.md §8).
"""

import dataclasses

import pytest

from trainrun.lays import Lay, apply_lay, next_right

from lay_moments import engine_lays, lay_lines, our_lays, read_moment

LINES = lay_lines("SpecialTrack")


def _read(name):
    return read_moment(LINES[name])


def test_every_title_with_special_lays_is_covered():
    assert len(LINES) == 21


@pytest.mark.parametrize("name", sorted(LINES))
def test_special_lays_equal_the_engines(name):
    assert our_lays(_read(name)) == engine_lays(LINES[name])


def _followed():
    """Each special lay whose game's next action is a lay moment too: (line, next line)."""
    lays = {**LINES, **lay_lines("Track")}
    out = {}
    for name, line in LINES.items():
        game, action = name.split("#")
        following = f"{game}#{int(action) + 1}"
        if following in lays:
            out[name] = (line, lays[following])
    return out


FOLLOWED = _followed()


def test_special_lays_followed_by_another_lay():
    # 18Chesapeake's two-tile privates (their second lay, then the company's), 1817 mines
    # laying once and twice in a row, the city-tile privates
    assert len(FOLLOWED) == 9


def _turn_state(position):
    turn = position.turn
    return (turn.lays, turn.upgraded, turn.laid_hexes, turn.step, turn.entity,
            (turn.ability or {}).get("count"), next_right(position))


@pytest.mark.parametrize("name", sorted(FOLLOWED))
def test_applying_a_special_lay_gives_the_next_moment(name):
    """The recorded lay applied: the ability has one lay fewer (the private keeps acting
    while it has lays left, unless the game's next lay is the company's own), the company's
    lay is spent where the ability consumes it, a mine's hex holds a mine, and the engine's
    legal lays of the next moment are ours after it."""
    line, following = FOLLOWED[name]
    rec = line["recorded"]
    after = apply_lay(_read(name), Lay(rec["hex"], rec["tile"], rec["rotation"], rec["cost"]))
    if following["step"] == "Track" and after.turn.step == "SpecialTrack":
        after = dataclasses.replace(after, turn=dataclasses.replace(
            after.turn, step="Track", entity=None, ability=None))
    expected = read_moment(following)
    assert _turn_state(after) == _turn_state(expected)
    if "cash_delta" not in rec:
        assert after.turn.cash == expected.turn.cash
    assert ({h: p.markers for h, p in after.board.items()}
            == {h: p.markers for h, p in expected.board.items()})
    assert our_lays(after) == engine_lays(following)
