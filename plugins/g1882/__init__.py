"""1882: compiled from the 18xx.games engine; its runs checked against its recorded games,
the turn's moves not yet (``trainrun titles`` says so).

Runs are scored by the shared rules (``plugins/defaults.py``, ``docs/rules/common.md``) and
the bonus families (docs/rules/common.md §9) its ``data/bonuses.json`` declares: the
East–Hudson bonus, +$100 for a route paying an east off-board (I1 or B2) and Hudson (B12)
(engine ``G1882::Game#revenue_for``), a pair bonus.

Neutral tokens (engine ``G1882::Game#init_corporations``): every corporation but CPR and CN
holds one token of CN's, of type neutral, which it places as its own; it never blocks a
train (a position names it ``neutral``, the shared rule), and it is a station of CN, whose
token it is (engine ``City#tokened_by?``): ``trainrun_company_stations``.

Private companies' abilities are data (``privates.json``) the shared rules read
(``trainrun.turn.abilities``); optional rules (``options.json``) are not applied; its game
logs are not replayed (no replay rules).

Data: ``data/`` is ``tools/compile_title.py`` output for the 18xx.games engine's 1882
(folders ``g_1882``), a new game with no optional rules;
``python tools/compile_title.py ENGINE_DIR "1882" --check`` shows what a newer engine
changes.
"""
from pathlib import Path

from trainrun.plugins.api import Position, TitleInfo, default_company_stations, hookimpl

UNCHECKED = ("moves", "apply", "advise")   # the turn's rules, not yet compared with the engine
NEUTRAL_OWNER = "CN"     # the corporation the neutral tokens belong to
NEUTRAL = "neutral"      # their holder as a position names it


@hookimpl
def trainrun_title() -> TitleInfo:
    return TitleInfo(name="1882", data=Path(__file__).parent / "data",
                     description="Assiniboia, Canada; trains 2, 3, 4, 5, 6, D",
                     unchecked=UNCHECKED)


@hookimpl
def trainrun_company_stations(position: Position) -> set[str] | None:
    """CN's stations: its own tokens and the neutral ones, which are CN's too."""
    if position.company != NEUTRAL_OWNER:
        return None
    return default_company_stations(position) | {
        position.node_id(hex_id, index) for hex_id, placed in position.board.items()
        for index, city in placed.tokens.items() if NEUTRAL in city.holders()}
