"""18GB's scenarios: what the number of players (and the two- and four-player optional
rules) sets of a game (engine g_18_gb/scenarios.rb ``SCENARIOS``, game.rb
``init_scenario``; docs/rules/18gb.md §1), and the corporations' charters beyond the
title's data (engine entities.rb; docs/rules/18gb.md §4).

The title's data is that of the six-player game; a scenario plays with fewer trains, and
with some of the corporations and privates only: the 3-player game adds one of three
corporations, drawn with the engine's first random numbers (game.rb
``game_corporations``: ``sort_by { rand }.take(1)``).
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from trainrun.plugins.api import InputError, engine_numbers


@dataclass(frozen=True)
class Scenario:
    """One of the engine's scenarios: its name, train counts, corporations (the extra ones
    of which one is drawn), privates, and the hexes of the title's map it has not (the
    two-player maps, engine map.rb ``HEXES_2P_NS``, ``HEXES_2P_EW``)."""

    name: str
    train_counts: Mapping[str, int]
    corporations: tuple[str, ...]
    extra: tuple[str, ...]
    privates: tuple[str, ...]
    off_map: frozenset[str] = frozenset()


def _counts(*numbers: int) -> dict[str, int]:
    return dict(zip(("2+1", "3+1", "4+2", "5+2", "4X", "5X", "6X"), numbers, strict=True))


_SMALL = ("CR", "LNWR", "LYR", "MR", "NBR", "NER")
_ALL = ("CR", "GER", "GSWR", "GWR", "LNWR", "LSWR", "LYR", "MR", "MSLR", "NBR", "NER", "SWR")
_SIX = ("LB", "AF", "GN", "SD", "LM", "LS")
_OFF_2NS = frozenset({"A18", "A20", "A22", "A24", "B17", "B19", "B21", "B23", "B25", "C14",
                     "C16", "C18", "C20", "C22", "C24", "C26", "D15", "a19", "a25"})
_OFF_2EW = frozenset({"E6", "F3", "F5", "F7", "G0", "G2", "G4", "G6", "G8", "H3", "H5", "H7",
                     "I0", "I2", "I4", "I6", "I8", "J1", "J3", "J5", "J7", "J9", "K0", "K10",
                     "K2", "K4", "L1"})
SCENARIOS = {
    "2NS": Scenario("2NS", _counts(4, 3, 3, 1, 2, 2, 6), _SMALL, (), _SIX, _OFF_2NS),
    "2EW": Scenario("2EW", _counts(4, 3, 3, 1, 2, 2, 6),
                    ("GER", "GWR", "LNWR", "LSWR", "MR", "SWR"), (),
                    ("LB", "GN", "LM", "LS", "TV", "CH"), _OFF_2EW),
    "3": Scenario("3", _counts(5, 4, 4, 1, 2, 2, 7), _SMALL, ("GSWR", "GWR", "MSLR"), _SIX),
    "4Std": Scenario("4Std", _counts(7, 5, 5, 2, 3, 2, 7),
                     ("CR", "GWR", "LNWR", "LSWR", "LYR", "MR", "NBR", "NER", "SWR"), (),
                     (*_SIX, "TV", "CH")),
    "4Alt": Scenario("4Alt", _counts(7, 5, 5, 2, 3, 2, 7),
                     ("CR", "GSWR", "GWR", "LNWR", "LYR", "MR", "MSLR", "NBR", "NER"), (),
                     (*_SIX, "MC", "CH")),
    "5": Scenario("5", _counts(9, 6, 5, 3, 3, 3, 8), _ALL, (), (*_SIX, "TV", "MC", "CH")),
    "6": Scenario("6", _counts(10, 7, 6, 3, 3, 3, 8), _ALL, (), (*_SIX, "TV", "MC", "CH")),
}

# engine entities.rb: each corporation's 'Conversion tokens: n' ability (£50 tokens it
# gains on becoming a 10-share corporation) and its 'tile_lay' ability (a green tile in its
# home ahead of the phase)
CONVERSION_TOKENS = {c: 1 if c == "NBR" else 2 for c in _ALL}
GREEN_HOMES = {"GER": "J25", "GSWR": "F5", "MR": "H19", "NER": "J13", "SWR": "A20"}


def scenario_of(players: Sequence[object], settings: Mapping) -> Scenario:
    """The scenario of a game of ``players`` with ``settings`` (engine ``init_scenario``:
    ``two_player_ew`` and ``four_player_alt`` count only with two and four players)."""
    rules = settings.get("optional_rules") or ()
    count = len(players)
    if count == 2:
        return SCENARIOS["2EW" if "two_player_ew" in rules else "2NS"]
    if count == 3:
        return SCENARIOS["3"]
    if count == 4:
        return SCENARIOS["4Alt" if "four_player_alt" in rules else "4Std"]
    if count == 5:
        return SCENARIOS["5"]
    if count == 6:
        return SCENARIOS["6"]
    raise InputError("players", f"18GB is played by 2 to 6 players, the game names {count}")


def corporations(scenario: Scenario, seed: object) -> tuple[str, ...]:
    """The scenario's corporations in play: its own, and the first of its extra ones once
    sorted by the engine's first random numbers (``sort_by { rand }``)."""
    if not scenario.extra:
        return scenario.corporations
    drawn: Iterator[int] = engine_numbers(seed, "18GB's extra corporation")
    keys = sorted((next(drawn), i) for i in range(len(scenario.extra)))
    return (*scenario.corporations, scenario.extra[keys[0][1]])
