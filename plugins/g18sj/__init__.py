"""18SJ: compiled from the 18xx.games engine; runs checked against its recorded games
where tests/data has them, its legal lays and tokens too (all 473 recorded moments of its
five games equal the engine's).

Runs are scored by the shared rules (``plugins/defaults.py``, ``docs/rules/common.md``) and
the shared bonus families its ``data/bonuses.json`` declares (docs/rules/common.md §9;
engine ``G18SJ::Game#revenue_for``):

* pair bonuses selected by the icons of the stops' hexes (docs/rules/common.md §9.1):
  Lapplandspilen, N and S +100; Ö/V, O on Stockholms hamn (H9) and V on Malmö (A2) or
  Göteborg (A10) +120; Bergslagen, B and one b +50, two or more +100, and the
  Orefields, M and m, likewise: each tier an entry, the second asking two stops of the
  "b" (or "m") set (``min_second``), so two "b" stops earn $50 + $50;
* stop bonuses on a hex assigned by a private, paid to the company holding it
  (docs/rules/common.md §9.4, ``hex_assignment``): Sveabolaget, +30 per port icon of the
  hex its token marks (one hex at a time: the token is shifted, never doubled), and
  Göta kanalbolag's GKB50, GKB30 and GKB20, +50, +30 and +20 at a stop on the hex each
  marks. A stop worth $0 earns them too (the engine counts every visited stop).

E trains (docs/rules/common.md §9.4, §9.5; engine ``revenue_for``, ``friendly_city?``):

* an E train doubles each stop on a hex where a city holds the company's token: a stop
  bonus with ``tokened`` and ``doubles`` for the E trains, each such stop paying its value
  again (only the company's own tokens count: ``friendly_city?`` asks
  ``tokened_by?(corporation)``, never the state railway);
* the state railway's (SJ) tokens do not block an E train (engine
  ``make_sj_tokens_passable_for_electric_trains``, at the end of the company's token step,
  so at its run: ``TitleInfo.trains_passing``, ``TrainRules.passes``), while its other
  trains are still blocked by a city whose slots are all held by others, SJ's included
  (``ensure_route_does_not_passthrough_blocked_city``: the shared blocking rule). A train
  bought before running (Motala Verkstad) would leave SJ's tokens blocking, but the
  private closes with the first 5 train, before any E train can be bought.

Lays and tokens (``lays.py``; engine ``G18SJ::Game``, ``G18SJ::Step::Track``,
``G18SJ::Step::Token``):

* two lays or upgrades a turn, the second only if the first or the second improves a main
  line (``process_lay_tile``): a lay on a hex still showing its main-line icon whose tile
  joins the hex's two main-line edges (``MAIN_LINE_ORIENTATION``, ``connects_main_line?``),
  the icon then going (``main_line_improvement``); a private's lay is not counted. Whether
  the first lay improved is read from its hex; for an upgrade, which improved only if the
  tile before did not connect the line, ``title_state.main_line_improved`` says so;
* a corporation requisitioned by the two-player variant's bot (its own free ``tile_lay``
  ability, ``requisit_corporation``) lays free of terrain and borders, and places its
  tokens free (``bot_corporation?``, ``G18SJ::Step::Token#place_token``).

Not modelled in the moves (``not_modelled``): without ``title_state.main_line_improved`` a
first lay that upgrades a main-line hex is taken as no improvement.

Private companies' abilities are data (``privates.json``) the shared rules read
(``trainrun.turn.abilities``); optional rules (``options.json``) are not applied.

Game logs are replayed (``replay.py``, docs/rules/18sj.md §1): the setup drawn from the
seed, the privates' assignments, main lines, nationalisation by the state railway, the KHJ
merger, the first 5's closings and the two-player variant's bot (``bot.py``), its trains
taken from the bank in the engine's order (``depot.py``; ``nationalization.py``).

Data: ``data/`` is ``tools/compile_title.py`` output for the 18xx.games engine's 18SJ
(folders ``g_18_sj``), a new game with no optional rules; ``bonuses.json`` is written by
hand from the engine's ``revenue_for``. ``python tools/compile_title.py ENGINE_DIR "18SJ"
--check`` shows what a newer engine changes.
"""
from pathlib import Path

from trainrun.plugins.api import (
    InputError,
    Position,
    ReplayRules,
    ReplayState,
    Tile,
    TitleInfo,
    hookimpl,
)

from . import lays as _lays
from . import replay as _replay


@hookimpl
def trainrun_title() -> TitleInfo:
    return TitleInfo(name="18SJ", data=Path(__file__).parent / "data",
                     description="Sweden; trains 2, 3, 4, 5, 6, D",
                     not_modelled=(_lays.UPGRADE_IMPROVING,),
                     trains_passing=(("E", "SJ"),),   # SJ's tokens never block an E train
                     token_holders=("SJ",))   # the state railway (engine G18SJ::Game @sj)


@hookimpl
def trainrun_rotation_refusal(position: Position, hex_id: str, tile: Tile,
                              rotation: int) -> str | None:
    return _lays.rotation_refusal(position, hex_id, tile, rotation)


@hookimpl
def trainrun_terrain_cost(position: Position, hex_id: str, old: Tile) -> int | None:
    return _lays.terrain_cost(position, hex_id, old)


@hookimpl
def trainrun_border_cost(position: Position, hex_id: str, edge: int, cost: int) -> int | None:
    return _lays.border_cost(position, hex_id, edge, cost)


@hookimpl
def trainrun_token_cost(position: Position, hex_id: str, city: int) -> int | None:
    return _lays.token_cost(position, hex_id, city)


@hookimpl
def trainrun_prepare_board(position: Position) -> None:
    """Check ``title_state``: only ``main_line_improved``, true or false."""
    unknown = set(position.title_state) - {_lays.IMPROVED_KEY}
    if unknown:
        raise InputError(f"title_state.{sorted(unknown)[0]}",
                         f"unknown field (expected {_lays.IMPROVED_KEY})")
    stated = position.title_state.get(_lays.IMPROVED_KEY)
    if stated is not None and not isinstance(stated, bool):
        raise InputError(f"title_state.{_lays.IMPROVED_KEY}", f"expected true or false, got "
                                                              f"{stated!r}")


@hookimpl
def trainrun_replay_rules(settings: dict) -> ReplayRules:
    """Home tokens as each corporation first operates; the optional corporations' homes
    reserved, the drawn one's taken off at the setup (``replay``)."""
    return _replay.replay_rules(settings)


@hookimpl
def trainrun_replay_action(replay: ReplayState, action: dict) -> bool | None:
    """18SJ's choices, assignments, main lines, trains and their events (``replay``)."""
    return _replay.replay_action(replay, action)


@hookimpl
def trainrun_replay_round(replay: ReplayState, action: dict) -> str | None:
    """The setup as the log begins, the end of a turn's lays, the bot's trains after its
    dividend step (``replay``); the rounds are the shared replay's."""
    return _replay.replay_round(replay, action)
