"""1817WO: a map of the 1817 family, on the 1817 plugin's rules (``trainrun.plugins.g1817``;
docs/rules/1817.md); compiled from the 18xx.games engine, its runs, its legal lays and
tokens and its game logs checked against its recorded games.

The engine's 1817WO is 1817's game class with its own map, companies and privates
(``G1817::Game#revenue_for`` unchanged), so its runs follow 1817's route rules, taken
here from the 1817 plugin: coal mines and ranches +$10 per marked hex the route uses,
bridges +$10 per stop on a bridge hex (the hexes its bridge company names, privates.json),
one city of a hex with two, the option ``modern_trains``, mail contracts beside the run;
and its turn rules: two lays, free tokens, a home chosen among the free cities, the mine
and ranch privates' lays. Its game logs replay with 1817's replay and Nieuw Zeeland's
rules (``replay``): its green token until phase 3, a second token for a corporation homed
there. Nieuw Zeeland's interest (a corporation with a token there earns $20 or pays one
loan's interest less) is money, not followed.

Data: ``data/`` is ``tools/compile_title.py`` output for the 18xx.games engine's 1817WO
(folders ``g_1817 g_1817_wo``), a new game with no optional rules;
``python tools/compile_title.py ENGINE_DIR "1817WO" --check`` shows what a newer engine
changes.
"""
from pathlib import Path

from trainrun.plugins.api import ReplayRules, ReplayState, TitleInfo, hookimpl
from trainrun.plugins.g1817 import (  # noqa: F401  (registered as this title's hooks)
    trainrun_company_income,
    trainrun_exclusive_stops,
    trainrun_home_token_hexes,
    trainrun_lay_refusal,
    trainrun_lay_rules,
    trainrun_prepare_board,
    trainrun_rotation_refusal,
    trainrun_route_bonuses,
    trainrun_special_lay_markers,
    trainrun_special_lay_reached_sides,
    trainrun_tile_lays,
    trainrun_token_cost,
)

from . import replay as _replay


@hookimpl
def trainrun_title() -> TitleInfo:
    return TitleInfo(name="1817WO", data=Path(__file__).parent / "data",
                     description="Earth; trains 2, 2+, 3, 4, 5, 6, 7, 8")


@hookimpl
def trainrun_replay_rules() -> ReplayRules:
    """1817's, with the green token on Nieuw Zeeland (``replay``)."""
    return _replay.replay_rules()


@hookimpl
def trainrun_replay_round(replay: ReplayState, action: dict) -> str | None:
    """1817's rounds; Nieuw Zeeland opened once phase 3 begins (``replay``)."""
    return _replay.round_of(replay, action)


@hookimpl
def trainrun_replay_action(replay: ReplayState, action: dict) -> bool | None:
    """Nieuw Zeeland's opening and second tokens; 1817's replay for the rest (``replay``)."""
    return _replay.replay_action(replay, action)
