"""18GB: compiled from the 18xx.games engine; runs checked against its recorded games
where tests/data has them, its legal lays and tokens too (667 of their 670 recorded
moments equal the engine's, the other three named below).

Runs are scored by the shared rules (``plugins/defaults.py``, ``docs/rules/common.md``) and
the shared families its ``data/bonuses.json`` declares (docs/rules/common.md §9; engine
``G18GB::Game#revenue_for``):

* each hex's stops pay once a route (``hex_once``, docs/rules/common.md §9.7: engine
  ``stops.uniq { |s| s.hex.name }``): a route through both cities of an OO tile pays one;
* the plus trains (2+1 to 5+2: n cities, off-boards or towns and m more towns, every stop
  paying) are the shared rule of two limited rows (docs/rules/common.md §4.2), and the
  express trains' towns (4X to 6X: free, paying nothing) a row of pay 0;
* the express trains' bonus (engine ``distance_bonus``, ``hex_crow_distance``): +10 per
  hex as the crow flies between the hexes of the route's first and last visited stops on
  a hex with a city or off-board, the trains whose name ends in X (``end_distance``,
  docs/rules/common.md §9.9; the hexes' x and y are the engine's, map.json);
* the estuary crossings (engine ``estuary_bonuses``: each path of the route on I4 or C22
  whose track is dual): hex bonuses over one kind of track (``hex_bonus`` with ``track``,
  docs/rules/common.md §9.8), FT +40 on I4 and S +30 on C22. Only the estuary tiles (FT's
  G32 and S's G33) have dual track there, one path each, so a route earns each once.

Not modelled, each mattering only on some positions, which are answered "not proven"
naming it (``trainrun_runs_not_modelled``, docs/rules/common.md §9.5); every other
position is answered as any title's:

* the compass bonuses (engine ``compass_bonuses``, ``route_sets``): a set of the run's
  routes that meet at a stop other than an off-board, whose track touches both a north
  and a south hex (or an east and a west one: the hexes showing those icons), earns the
  value of the NS (or EW) bonus off-board, the engine choosing the sets that earn the
  most. A run-wide rule over the routes' meetings no family expresses; it can matter
  only where the company's track network touches hexes of both icons of a pair;
* the hex bonuses of the privates SD (J13, +10), LM (E14, +30) and CH (C14, +20) paid to
  the trains of every company the private's holder presides once it is closed (engine
  ``revenue_bonuses``: value 0): a position does not say whether a private is closed, so
  it can matter wherever the president holds one and the network reaches its hex;
* a company with no train leases the bank's cheapest while it is insolvent (engine
  ``route_trains``): a position does not say whether the company is insolvent, so it can
  matter wherever the company holds no train.

Lays and tokens (``lays.py``; engine ``G18GB::Game``, ``G18GB::Step::TrackAndToken``):

* two lays a turn, each a yellow lay or an upgrade (data: ``tile_lays``), on restrictive
  track; a mountain border is paid (£50) by the lay whose track first crosses it, whatever
  lies beyond (``LayRules.borders_paid_alone``: ``remove_border_calculate_cost!``);
* the company's own lays lay no second city tile in a turn (``@laid_city``; a private's
  extra lay on its hex is not counted);
* a corporation's ``tile_lay`` ability (GER's home, the hex of a GN or MC token) lets it
  lay G36-G38 there ahead of green (``special_green_hexes``, ``upgrades_to?``,
  ``potential_tile_colors``);
* the blue estuary hexes take the blue tile of their label, at rotation 0
  (``upgrades_to_correct_color?``, ``legal_tile_rotation?``); the gray tiles are in the
  box only in the 5- and 6-player scenarios (``game_tiles``: read from the privates the
  position names, TV and MC both in the game only there);
* a private blocks its hex only while open, and none from the blue phase
  (``abilities``, ``hex_blocked_by_ability?``; ``LayRules.unblocked``). A closed private
  stays in the game, value 0, so a position names it still: ``title_state.closed_privates``
  lists the privates closed (by their owner's choice), and one whose blocked hex holds a
  laid tile is closed (``close_company_in_hex``);
* a 5-share corporation converted to 10-share has its conversion tokens, £50 each, after
  its charter's (``convert_to_ten_share``: a ``tokens_left`` beyond the charter's).

Not modelled in the moves (``not_modelled``), each named at the recorded moments it
changes (tests/test_moves_compiled.py ``KNOWN``):

* the two-player scenario maps (engine ``HEXES_2P_NS``, ``HEXES_2P_EW``): the data is the
  standard map, so a hex the scenario prints otherwise (2EW's J11 and H9 off-boards) is
  the standard one's;
* the scenario's corporations: every home is tokened at the start (``HOME_TOKEN_TIMING``
  ``:start``), but a corporation not in the game still reserves its home hex here.

Private companies' abilities are data (``privates.json``) the shared rules read
(``trainrun.turn.abilities``); optional rules (``options.json``) are not applied (a
position gives the board of its scenario, 2EW's included).

Game logs replay by the shared replay's rules and the title's own (``replay``,
``scenarios``, ``shares``; docs/rules/18gb.md §1, §2, §3, §4, §5): the scenario's trains,
corporations, privates and map, the exports, the privates closed and their tokens,
presidents, conversions and the trains' events, insolvent corporations' leased trains. Cash is not
followed: the train an insolvent corporation in receivership buys, unlogged, is the one
the rest of the log allows, and where it allows several a run depending on it stops the
replay in one line naming the choice (``IMPORT_CASH``).

Data: ``data/`` is ``tools/compile_title.py`` output for the 18xx.games engine's 18GB
(folders ``g_18_gb``), a new game with no optional rules; ``bonuses.json`` is written by
hand from the engine's ``revenue_for``. ``python tools/compile_title.py ENGINE_DIR "18GB"
--check`` shows what a newer engine changes.
"""
from pathlib import Path

from trainrun.plugins.api import (
    InputError,
    LayRules,
    Position,
    ReplayRules,
    ReplayState,
    Tile,
    TitleInfo,
    build_graph,
    hookimpl,
)

from . import lays as _lays
from . import replay as _replay

SCENARIO_MAPS = ("moves: the two-player scenario maps (engine G18GB::Map HEXES_2P_NS, "
                 "HEXES_2P_EW): the title's data is the standard map")
SCENARIO_CORPORATIONS = ("moves: the scenario's corporations: one not in the game still "
                         "reserves its home hex (engine HOME_TOKEN_TIMING :start tokens "
                         "every home at the start)")
COMPASS = ("compass bonuses of a set of the run's routes meeting at a stop, whose track "
           "touches north and south (or east and west) hexes (engine "
           "G18GB::Game#compass_bonuses, route_sets)")
PRIVATE_BONUS = ("hex bonuses of a closed private the president holds (SD J13 +10, LM E14 "
                 "+30, CH C14 +20; engine G18GB::Game#revenue_bonuses): whether it is "
                 "closed is not in the position")
LEASED = ("an insolvent company's train leased from the bank (engine "
          "G18GB::Game#route_trains): whether the company is insolvent is not in the "
          "position")
IMPORT_CASH = ("import: cash is not followed: the train an insolvent corporation in "
               "receivership buys unlogged is the one the rest of the log allows, else the "
               "replay stops at the first run depending on it")
COMPASS_PAIRS = (("north", "south"), ("east", "west"))
PRIVATE_HEXES = {"SD": "J13", "LM": "E14", "CH": "C14"}
_TRAINS = ("2+1", "3+1", "4+2", "5+2", "4X", "5X", "6X")   # every train is exported


@hookimpl
def trainrun_title() -> TitleInfo:
    return TitleInfo(name="18GB", data=Path(__file__).parent / "data",
                     description="Great Britain; trains 2+1, 3+1, 4+2, 5+2, 4X, 5X, 6X",
                     lays_and_tokens_one_step=True,
                     not_modelled=(COMPASS, PRIVATE_BONUS, LEASED, SCENARIO_MAPS,
                                   SCENARIO_CORPORATIONS, IMPORT_CASH))


@hookimpl
def trainrun_runs_not_modelled(position: Position) -> list[str]:
    """The rules of 18GB's runs not modelled that can change this position's run (the
    module docstring): each only where the company's track network could earn it."""
    graph = build_graph(position)
    touched = {graph.hex_ids[h] for seg in graph.segments for h in seg.hexes
               if h not in graph.track_hexes}
    stop_hexes = {stop.rsplit("-", 1)[0] for stop in graph.stop_ids}
    out = []
    icons = {icon for h in touched for icon in position.board[h].icons}
    if any(a in icons and b in icons for a, b in COMPASS_PAIRS):
        out.append(COMPASS)
    if any(position.privates.get(sym) == "president" and h in stop_hexes
           for sym, h in PRIVATE_HEXES.items()):
        out.append(PRIVATE_BONUS)
    if not position.trains:
        out.append(LEASED)
    return out


@hookimpl
def trainrun_prepare_board(position: Position) -> None:
    """Check ``title_state``: only ``closed_privates``, a list of the title's privates."""
    unknown = set(position.title_state) - {_lays.CLOSED_KEY}
    if unknown:
        raise InputError(f"title_state.{sorted(unknown)[0]}",
                         f"unknown field (expected {_lays.CLOSED_KEY})")
    closed = position.title_state.get(_lays.CLOSED_KEY, [])
    if not isinstance(closed, list) or any(c not in position.title.privates for c in closed):
        raise InputError(f"title_state.{_lays.CLOSED_KEY}",
                         f"expected a list of the title's privates "
                         f"({', '.join(position.title.privates)}), got {closed!r}")


@hookimpl
def trainrun_lay_rules(position: Position) -> LayRules:
    return _lays.lay_rules(position)


@hookimpl
def trainrun_lay_colours(position: Position, hex_id: str) -> tuple[str, ...]:
    return _lays.lay_colours(position, hex_id)


@hookimpl
def trainrun_upgrades_to(position: Position, hex_id: str, old: Tile,
                         tiles: list[Tile]) -> list[Tile]:
    return _lays.upgrades_to(position, hex_id, old, tiles)


@hookimpl
def trainrun_rotation_refusal(position: Position, hex_id: str, tile: Tile,
                              rotation: int) -> str | None:
    return _lays.rotation_refusal(position, hex_id, tile, rotation)


@hookimpl
def trainrun_token_cost(position: Position, hex_id: str, city: int) -> int | None:
    return _lays.token_cost(position, hex_id, city)


@hookimpl
def trainrun_replay_rules() -> ReplayRules:
    """A train exported after each operating round in which none was bought from the bank
    (engine ``or_round_finished``); the scenario's home tokens are placed at the game's
    start by ``replay`` (``trainrun_replay_round``); the players seated in the order they
    passed (engine ``NEXT_SR_PLAYER_ORDER = :first_to_pass``)."""
    return ReplayRules(exported=tuple(_TRAINS), export_each="round", export_unless_bought=True,
                       seat_order="first_to_pass")


@hookimpl
def trainrun_replay_round(replay: ReplayState, action: dict) -> str | None:
    """The scenario set up at the game's start; the events of a phase begun (``replay``)."""
    return _replay.replay_round(replay, action)


@hookimpl
def trainrun_replay_action(replay: ReplayState, action: dict) -> bool | None:
    """Privates closed, conversions, the private's tokens, the trains' events (``replay``)."""
    return _replay.replay_action(replay, action)
