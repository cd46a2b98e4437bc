"""1882: compiled from the 18xx.games engine; its runs, legal lays and tokens checked
against its recorded games.

Runs are scored by the shared rules (``plugins/defaults.py``, ``docs/rules/common.md``) and
the bonus families (docs/rules/common.md §9) its ``data/bonuses.json`` declares: the
East–Hudson bonus, +$100 for a route paying an east off-board (I1 or B2) and Hudson (B12)
(engine ``G1882::Game#revenue_for``), a pair bonus.

Neutral tokens (engine ``G1882::Game#init_corporations``): every corporation but CPR and CN
holds one token of CN's, of type neutral, which it places as its own, free, in any order
with its others; data (``token_types``, ``token_owners``, compiled), placed by the shared
rule (``trainrun.turn.token_stock``). It never blocks a train (a position names it
``neutral``), and it is a station of CN, whose token it is (engine ``City#tokened_by?``):
``trainrun_company_stations``. A home token takes the place of one of CN's where its city
is full, and SC chooses its home among the hexes with a free slot or a token of CN's:
``trainrun_home_token_replaces``, ``trainrun_home_token_hexes``.

QLL's home reserves all of J10, a hex of two cities, until it floats (the shared rule,
``trainrun.turn.hex_reservations``). The North West Rebellion private's move (the engine's
``SpecialNWR`` step: one of the company's tokens taken off the board, placed again free on
an NWR hex, then an extra lay on that hex) is a step of the title's own
(``TitleInfo.private_steps``): a moment at its token is read as the private's
``SpecialToken`` (its token ability), one at its lay as its ``SpecialTrack`` on the hex the
token went to (the moment's ability names it, by Tracker's upgrade rules: not
``special``). The turn engine does not offer the move itself (``trainrun titles``).

Private companies' abilities are data (``privates.json``) the shared rules read
(``trainrun.turn.abilities``); optional rules (``options.json``) are not applied. Its game
logs replay by the shared replay's rules and the North West Rebellion's (``replay``): the
private's token taken off, and the rebellion taking the yellow tiles off the NWR hexes when
the train the game's seed drew is first bought.

Data: ``data/`` is ``tools/compile_title.py`` output for the 18xx.games engine's 1882
(folders ``g_1882``), a new game with no optional rules;
``python tools/compile_title.py ENGINE_DIR "1882" --check`` shows what a newer engine
changes.
"""
from pathlib import Path

from trainrun.plugins.api import (
    CityTokens,
    PlacedHex,
    Position,
    ReplayRules,
    ReplayState,
    TitleInfo,
    default_company_stations,
    free_slot,
    hookimpl,
)

from . import replay as _replay

NEUTRAL_OWNER = "CN"     # the corporation the neutral tokens belong to
NEUTRAL = "neutral"      # their holder as a position names it
CN_TOKENS = frozenset({NEUTRAL_OWNER, NEUTRAL})   # a token of CN's, as a position names it
CHOOSES_HOME = "SC"      # Saskatchewan Central: no home hex, chosen as it floats


@hookimpl
def trainrun_title() -> TitleInfo:
    return TitleInfo(name="1882", data=Path(__file__).parent / "data",
                     description="Assiniboia, Canada; trains 2, 3, 4, 5, 6, D",
                     private_steps=(("SpecialNWR", "NWR"),),
                     not_modelled=(
                         "moves: the North West Rebellion private's move (step SpecialNWR: "
                         "a token taken off the board, then placed on an NWR hex, then a "
                         "lay there) is not offered by the turn engine; a position at its "
                         "token or its lay is answered",))


@hookimpl
def trainrun_company_stations(position: Position) -> set[str] | None:
    """CN's stations: its own tokens and the neutral ones, which are CN's too."""
    if position.company != NEUTRAL_OWNER:
        return None
    return default_company_stations(position) | {
        position.node_id(hex_id, index) for hex_id, placed in position.board.items()
        for index, city in placed.tokens.items() if NEUTRAL in city.holders()}


@hookimpl
def trainrun_home_token_hexes(position: Position) -> list[str] | None:
    """SC's home: any hex with a city it may take a free slot in, or with a token of CN's
    (engine ``G1882::Game#home_token_locations``)."""
    if position.company != CHOOSES_HOME:
        return None
    return sorted(hex_id for hex_id, placed in position.board.items()
                  if any(free_slot(city, CHOOSES_HOME) is not None
                         or CN_TOKENS & set(city.holders()) for city in _cities(placed)))


def _cities(placed: PlacedHex) -> list[CityTokens]:
    """The tokens of each city of a hex, an untokened one's slots empty."""
    return [placed.tokens.get(n.index) or CityTokens([None] * n.slots)
            for n in placed.tile.nodes if n.kind == "city"]


@hookimpl
def trainrun_home_token_replaces(position: Position) -> frozenset[str]:
    """A home token takes the place of one of CN's, its own or a neutral one, in a city
    with no free slot (engine ``G1882::Step::HomeToken#can_replace_token?``)."""
    return CN_TOKENS


@hookimpl
def trainrun_replay_rules() -> ReplayRules:
    """The shared replay's rules: home tokens as each corporation first operates (QLL and SC
    choosing theirs with their first token), the neutral tokens placed as logged, no train
    exported (engine ``G1882::Game``)."""
    return ReplayRules()


@hookimpl
def trainrun_replay_action(replay: ReplayState, action: dict) -> bool | None:
    """The NWR private's token taken off; the rebellion taking the yellow tiles off the
    NWR hexes (``replay``)."""
    return _replay.replay_action(replay, action)
