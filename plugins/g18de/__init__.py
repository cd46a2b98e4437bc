"""18DE: a map of the 1817 family, on the 1817 plugin's rules (``trainrun.plugins.g1817``;
docs/rules/1817.md); compiled from the 18xx.games engine, its runs checked against its
recorded games where tests/data has them, its legal lays and tokens at every recorded
moment (tests/test_moves_compiled.py; the one rule not followed is in ``trainrun titles``).

The engine's 18DE is 1817's game class with its own map, companies and privates
(``G1817::Game#revenue_for`` unchanged), so its runs follow 1817's route rules, taken
here from the 1817 plugin: coal mines and ranches +$10 per marked hex the route uses,
bridges +$10 per stop on a bridge hex (the hexes its bridge company names, privates.json),
one city of a hex with two, the option ``modern_trains``, mail contracts beside the run;
and its turn rules: two lays, free tokens, a home chosen among the free cities, the mine
and ranch privates' lays.

Game logs replay (``import``, ``audit``) with 1817's replay (``trainrun.plugins.g1817.replay``:
rounds, sizes, mergers, acquisitions, liquidations), which reads the privates from this
title's data: the Train Station's token more (its ``additional_token``), the Bridge
Company's bridges (the hexes it assigns: D16, J14), the Minor and Major Coal Mines' mines
(engine ``MINE_COMPANIES``, which ``G1817DE::Game`` inherits). 18DE's own rules change no
board: no short selling (``G1817DE::Step::BuySellParShares#can_short?``; a ``short`` is
skipped as 1817's is), and a home token may be placed in an operating round too (its
operating round's ``HomeToken`` step: a corporation's first ``place_token`` places it
wherever the log does); every run of its two recorded games replays equal to the engine's
position (tests/test_gamelog_compiled.py).

Data: ``data/`` is ``tools/compile_title.py`` output for the 18xx.games engine's 18DE
(folders ``g_1817 g_1817_de``), a new game with no optional rules;
``python tools/compile_title.py ENGINE_DIR "18DE" --check`` shows what a newer engine
changes.
"""
from pathlib import Path

from trainrun.plugins.api import TitleInfo, hookimpl
from trainrun.plugins.g1817 import (  # noqa: F401  (registered as this title's hooks)
    trainrun_company_income,
    trainrun_exclusive_stops,
    trainrun_home_token_hexes,
    trainrun_lay_refusal,
    trainrun_lay_rules,
    trainrun_prepare_board,
    trainrun_replay_action,
    trainrun_replay_round,
    trainrun_replay_rules,
    trainrun_rotation_refusal,
    trainrun_route_bonuses,
    trainrun_special_lay_markers,
    trainrun_special_lay_reached_sides,
    trainrun_tile_lays,
    trainrun_token_cost,
)


@hookimpl
def trainrun_title() -> TitleInfo:
    return TitleInfo(name="18DE", data=Path(__file__).parent / "data",
                     description="Germany; trains 2, 2+, 3, 4, 5, 6, 7, 8")
