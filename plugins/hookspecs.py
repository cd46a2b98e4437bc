"""Every hook a title plugin can implement, in one place, in four groups.

A title is a package under ``trainrun.plugins`` (or a module a third-party distribution
registers under the entry-point group ``trainrun.titles``: ``trainrun.registry``). For
each title trainrun builds its own plugin manager holding the shared engine rules
(``trainrun.plugins.defaults``, registered first) and the title module; so for a
``firstresult`` hook the title's answer wins and returning ``None`` falls back to the
shared rule. Hooks without ``firstresult`` collect an answer from every plugin.

The groups (``GROUPS``, in this order in the file) say when core asks a hook:

* title: ``trainrun_title`` when the title is loaded (``trainrun.registry``; a hook
  name no spec here declares is an error then); ``trainrun_prepare_board`` once for each
  position made (read, handed out by the game-log replay, or given a new phase by a
  train bought), before any other question about it.
* scoring (``trainrun_train_rules`` to ``trainrun_board_marks``): how a run scores,
  asked by the track graph, the route search and the legality checker
  (``trainrun.routes``) and the turn's advice, and ``trainrun_board_marks`` by the drawn
  board (``trainrun.draw``), each the first time it needs the answer: once per position,
  once per position and train type where a ``train`` is passed, once per stop and train
  type for ``trainrun_stop_value`` and once per city for ``trainrun_city_blocks``. The
  turn's track walks (``trainrun.turn.walk``) ask the stations and the city blocking too.
* turn (``trainrun_next_train`` to ``trainrun_lay_budget``): the operating company's
  moves, asked by ``trainrun.turn`` as it lists or checks them: the train it would buy
  (``purchase``, only for that question), station tokens (``tokens``), tile lays
  (``lays``) and a private's special lays (``special_track``). What depends on the
  position alone is asked once per position (the lays granted, the lay rules and
  budget, the special lays' rules, the charter's tokens placed, the home hexes; the lay
  colours once per hex); questions about one hex, tile, rotation, border or city are
  asked each time core needs them.
* replay (``trainrun_replay_rules`` to ``trainrun_replay_round``): asked by the game-log
  replay (``trainrun.replay.gamelog``): ``trainrun_replay_rules`` of the title once per
  log, before its first action (no position is read yet); the other two as each action
  comes up.

Core asks every hook but ``trainrun_title`` through ``trainrun.hooks.answers``, the one
place that does. An answer kept on the position is not asked again, so checking many
routes asks nothing again; no hook is asked inside the route search, so hooks may be
plain Python. A position is not changed once read, so answers may depend on anything in
it.
"""
from __future__ import annotations

import pluggy

from trainrun.board.position import CityTokens, Position, Train
from trainrun.board.tiles import Node, Tile
from trainrun.board.turnstate import LayRight
from trainrun.hooks.replayrules import ReplayRules
from trainrun.hooks.replaystate import ReplayState
from trainrun.hooks.rules import CompanyBonus, LayRules, RouteBonus, TrainRules
from trainrun.hooks.titleinfo import TitleInfo

hookspec = pluggy.HookspecMarker("trainrun")
hookimpl = pluggy.HookimplMarker("trainrun")

# Each group's heading and its hooks, in file order (the module docstring says when core
# asks them); docs/plugins.md is written from it (``trainrun.plugins.reference``).
GROUPS: dict[str, tuple[str, tuple[str, ...]]] = {
    "title": ("The title and its positions", (
        "trainrun_title", "trainrun_prepare_board")),
    "scoring": ("Scoring: how a run scores", (
        "trainrun_train_rules", "trainrun_stop_value", "trainrun_route_bonuses",
        "trainrun_company_bonuses", "trainrun_fixed_income", "trainrun_company_income",
        "trainrun_company_stations", "trainrun_city_blocks", "trainrun_exclusive_stops",
        "trainrun_runs_not_modelled", "trainrun_board_marks")),
    "turn": ("The turn: trains, tokens and tile lays", (
        "trainrun_next_train", "trainrun_token_cost", "trainrun_token_unreached",
        "trainrun_charter_tokens_placed",
        "trainrun_home_token_hexes", "trainrun_home_token_replaces",
        "trainrun_special_token_refusal", "trainrun_special_token_own", "trainrun_tile_lays",
        "trainrun_lay_rules",
        "trainrun_lay_colours", "trainrun_upgrades_to", "trainrun_lay_refusal",
        "trainrun_rotation_refusal", "trainrun_track_kept", "trainrun_special_lay_connects",
        "trainrun_special_lay_reached_sides", "trainrun_special_lay_markers",
        "trainrun_border_cost", "trainrun_terrain_cost", "trainrun_lay_budget")),
    "replay": ("The replay of a game log", (
        "trainrun_replay_rules", "trainrun_replay_action", "trainrun_replay_round")),
}


# ---- title: the title and its positions --------------------------------------------------

@hookspec(firstresult=True)
def trainrun_title() -> TitleInfo:
    """Name the title: its name as positions spell it, aliases, and the folder of its data
    files (map.json, tiles.json, trains.json, phases.json, companies.json)."""


@hookspec
def trainrun_prepare_board(position: Position) -> None:
    """Bring ``position.board`` to the state the title's rules give it for this run, in
    place, and check the title's part of the position (``title_state``, ``options``,
    markers), raising ``InputError`` for bad input, so the other hooks may read it
    unchecked. Called once for each position made (read, handed out by the game-log
    replay, or given a new phase by a train bought), before anything looks at its board,
    so the track graph, the legality checker and the brute force all see the same board:
    a title may replace a hex's tile (18PA: the Fall River ferry hex becomes plain track
    while the ferry is open, no track once it closes). Default: nothing."""


# ---- scoring: how a run scores -----------------------------------------------------------

@hookspec(firstresult=True)
def trainrun_train_rules(position: Position, train: Train) -> TrainRules:
    """Say how ``train`` runs: its distance measure and limit (stops with per-kind costs,
    hex edges with per-hex touch costs, or unlimited), pay limit (DE best-k), multipliers
    by stop kind, token requirement and minimum stops. Default: read from the train's
    engine distance (a number or rows)."""


@hookspec(firstresult=True)
def trainrun_stop_value(position: Position, train: Train, rules: TrainRules, hex_id: str,
                        node: Node) -> int:
    """Give what ``node`` on ``hex_id`` scores for ``train`` in this phase with every
    multiplier applied (x2 tokens, 3D doubling); 0 for a stop that may be visited but never
    scores. Default: the phase value (docs/rules/common.md §5.1) times the kind and train
    multipliers."""


@hookspec
def trainrun_route_bonuses(position: Position, train: Train) -> list[RouteBonus]:
    """List the per-route bonuses ``train`` can earn: an amount per scored listed stop
    (bridges, D +100 per red area, station-token bonus) or per listed hex its track
    touches (coal mines, ferry). Default: none."""


@hookspec
def trainrun_company_bonuses(position: Position) -> list[CompanyBonus]:
    """List bonuses paid once per run when any eligible route reaches a listed stop or hex
    (mining rights), or with ``scored_only`` scores a listed stop (18NY connection bonuses:
    a DE train only among its chosen stops). Default: none."""


@hookspec
def trainrun_fixed_income(position: Position) -> int:
    """Give income added once to the run total whatever the routes (bonus tokens already
    held). Default: 0."""


@hookspec
def trainrun_company_income(position: Position) -> list[tuple[str, int]]:
    """List income the company receives this operating round outside its run, as
    (name, amount) pairs (1817 mail contracts): reported beside the run, never part of
    its total or of the optimisation. Default: none."""


@hookspec(firstresult=True)
def trainrun_company_stations(position: Position) -> set[str]:
    """Give the node ids (``HEX-i``) of cities where the operating company has a station
    (a route must include one). Default: cities holding its tokens; a title may add a
    Stagecoach or PEIR token, or leave out an inactive destination token."""


@hookspec(firstresult=True)
def trainrun_city_blocks(position: Position, hex_id: str, node: Node, tokens: CityTokens) -> bool:
    """Say whether the operating company's trains may not pass through this city (they may
    still end there). Default: all slots held by other companies and none neutral."""


@hookspec
def trainrun_exclusive_stops(position: Position) -> list[frozenset[str]]:
    """List sets of node ids of which one route may visit at most one, beyond the tiles'
    ``groups`` tags (one city circle per hex, one of New York's cities). Default: none."""


@hookspec
def trainrun_runs_not_modelled(position: Position) -> list[str]:
    """List the title's run rules not modelled that can change this position's run, beyond
    ``TitleInfo.runs_not_modelled`` and the held trains' ``train_runs_not_modelled``: a
    rule that matters only where the company's network reaches some hexes or its president
    holds a private (18GB's compass bonuses). Its run is then answered "not proven",
    naming them (docs/rules/common.md §9.5). Default: none."""


@hookspec
def trainrun_board_marks(position: Position) -> list[tuple[str, str]]:
    """List (hex id, label) marks the drawn board shows beyond the position's hex markers:
    title facts a player sees on the table that the board model keeps elsewhere (18PA's
    x2 destination tokens, active or not). Only drawn, never part of a run. Default: none."""


# ---- turn: trains, tokens and tile lays --------------------------------------------------

@hookspec(firstresult=True)
def trainrun_next_train(position: Position) -> str:
    """Name the train the operating company would buy from the bank if it bought one before
    running (1871's Hunslet), for ``trainrun.turn.purchase.solve_buying_next_train``. Raise
    ``InputError`` when the company may not buy one now. Called only for that question.
    Default: ``title_state["next_train"]`` if the position gives it, else the train that
    started the current phase (the first train of the title in its opening phase)."""


@hookspec(firstresult=True)
def trainrun_token_cost(position: Position, hex_id: str, city: int) -> int:
    """Give what the operating company pays to place its next station token in city
    ``city`` (node index) of ``hex_id``, a city it may token (``trainrun.turn.tokens``). Called
    once per candidate city when the legal tokens are listed. Default: the price on the
    company's charter of its next unplaced token (``tokens`` of its entry in
    companies.json, the first of the last ``tokens_left`` of them); a title may price by
    distance (18NY) or make every token free (1817)."""


@hookspec(firstresult=True)
def trainrun_token_unreached(position: Position) -> dict[str, int]:
    """Give the hexes where the operating company may place a token in its operating step
    without its track reaching them, each with the price it pays there unreached (where its
    track does reach, ``trainrun_token_cost`` prices it). Called once when the legal tokens
    are listed. Default: none; 1846's PRR on E11 ($60) and B&O on H12 ($100) while they
    hold their token abilities (engine ``G1846::Step::TrackAndToken#tokener_available_hex``,
    the abilities' ``teleport_price``)."""


@hookspec(firstresult=True)
def trainrun_charter_tokens_placed(position: Position) -> int:
    """Count the operating company's tokens on the board that came from its charter, those
    its unplaced tokens (``trainrun.turn.tokens.tokens_left``) and their prices are counted
    against. Called when a position does not state ``tokens_left``. Default: every token of
    the company on the board; 18PA leaves out the x2 destination token, placed at setup
    beside the charter's."""


@hookspec(firstresult=True)
def trainrun_home_token_hexes(position: Position) -> list[str]:
    """List the hexes where the operating company may place its home token in the
    ``HomeToken`` step (any city there with a slot it may take). Called once when the
    legal tokens of that step are listed. Default: the company's ``home`` in
    companies.json; 1817 lets a new company choose any city with a free slot."""


@hookspec(firstresult=True)
def trainrun_home_token_replaces(position: Position) -> frozenset[str]:
    """Name the holders whose token the operating company's home token may take the place
    of in the ``HomeToken`` step, in a city with no slot free for it (that token leaves the
    board). Called once when the legal tokens of that step are listed. Default: none; 1882's
    home token replaces one of CN's, its own or a neutral one (engine
    ``G1882::Step::HomeToken#can_replace_token?``)."""


@hookspec
def trainrun_special_token_refusal(position: Position, hex_id: str) -> str | None:
    """Give the reason the private using its token ability (``turn.entity``, step
    ``SpecialToken``) may not place its token on ``hex_id``, beyond its ability's hexes
    and the shared token rules, or None. Called once per candidate hex when its legal
    tokens are listed. Default: none; 18NL's P2 tokens no hex with track nor one a
    player's private blocks (engine ``G18NL::Step::SpecialToken#available_hex``)."""


@hookspec(firstresult=True)
def trainrun_special_token_own(position: Position) -> bool:
    """Say whether the token the private using its token ability places (step
    ``SpecialToken``) is one of the operating company's own, from its charter, rather
    than one the ability brings. Called once when its legal tokens are listed. Default:
    the ability's ``from_owner``; 18FL's Terminal Company, held by a player, brings a
    token of its own (engine ``G18FL::Step::SpecialToken#available_tokens``)."""


@hookspec(firstresult=True)
def trainrun_tile_lays(position: Position) -> list[LayRight]:
    """List the lays the operating company is granted per turn, in order (the engine's
    ``TILE_LAYS``): which may be yellow lays or upgrades and the fee of each. The position's
    ``turn.lays`` picks the next one; a position stating ``turn.next_lay`` is not asked.
    Default: the title's ``tile_lays`` (map.json, compiled from the engine's ``TILE_LAYS``:
    1882's second, $20, yellow lay), else one lay, yellow or upgrade, no fee."""


@hookspec(firstresult=True)
def trainrun_lay_rules(position: Position) -> LayRules:
    """Give the title's track rules for lays: the new-track rule (``track_restriction``)
    and on which hexes only the tiles with the most exits may be laid (``max_exits``).
    Default: the title's ``track_restriction`` (map.json, compiled from the engine's
    ``TRACK_RESTRICTION``; without it new track or a changed city value); no exit rule."""


@hookspec(firstresult=True)
def trainrun_lay_colours(position: Position, hex_id: str) -> tuple[str, ...]:
    """Give the tile colours that may be laid on ``hex_id`` in this phase. Default: the
    phase's colours."""


@hookspec(firstresult=True)
def trainrun_upgrades_to(position: Position, hex_id: str, old: Tile,
                         tiles: list[Tile]) -> list[Tile]:
    """Give those of ``tiles`` that may replace tile ``old`` on ``hex_id`` (at some rotation):
    colour order, existing track kept, labels, towns and cities (asked once per hex, with
    every tile the phase and the box allow that fits the hex at some rotation). Default:
    each that ``trainrun.turn.lays.default_upgrades_to`` accepts."""


@hookspec
def trainrun_lay_refusal(position: Position, hex_id: str) -> str | None:
    """Give the reason no tile may be laid on ``hex_id`` now (1817: a mine or ranch hex is
    never upgraded), or None, beyond the privates blocking their hexes (``blocks_hexes`` of
    the title's privates data, a shared rule: ``trainrun.turn.abilities``). Default:
    none."""


@hookspec
def trainrun_rotation_refusal(position: Position, hex_id: str, tile: Tile,
                              rotation: int) -> str | None:
    """Give the reason ``tile`` may not lie on ``hex_id`` at ``rotation`` beyond the shared
    geometry rules (a tile printed for one orientation), or None. Default: none."""


@hookspec(firstresult=True)
def trainrun_track_kept(position: Position, hex_id: str, old: Tile, old_rotation: int, new: Tile,
                        rotation: int) -> bool | None:
    """Say whether ``new`` at ``rotation`` keeps the track of ``old`` (lying at
    ``old_rotation``) on ``hex_id``, in place of the shared test (every old path within a new
    one, old cities and towns keeping their exits), or None to leave it to that test. 18NY:
    a yellow town becoming a yellow city keeps each old path's exits. Default: None."""


@hookspec(firstresult=True)
def trainrun_special_lay_connects(position: Position) -> bool:
    """Say whether the tiles the private using its ability (``turn.entity``, step
    ``SpecialTrack``) lays this turn must connect to one another (engine ``tile_lay``
    ``connect``): each further lay then meets a path of a tile it laid before. Asked only
    when neither ``turn.ability`` states ``connect`` nor the title's privates data has the
    private (for one it has, the engine's default holds: they connect). Default: False."""


@hookspec(firstresult=True)
def trainrun_special_lay_reached_sides(position: Position) -> bool:
    """Say whether the private using its ability (``turn.entity``, step ``SpecialTrack``)
    may start new track on the hexes its ability lists only from the sides the operating
    company reaches (1817's mine and ranch privates: engine ``connected_hexes``), rather
    than from any side. Default: False (any side; with the ability's ``reachable``, any
    side of a hex the company reaches)."""


@hookspec(firstresult=True)
def trainrun_special_lay_markers(position: Position, hex_id: str) -> dict[str, tuple[str, ...]]:
    """Give the hexes whose markers change when the private using its ability
    (``turn.entity``, step ``SpecialTrack``) lays on ``hex_id``, each with its markers
    after (1817: a coal mine private leaves a ``mine`` on ``hex_id``, a ranch private a
    ``ranch``; the city-tile private takes the ranches off the hexes beside it). Asked
    when its lay is applied. Default: none change."""


@hookspec(firstresult=True)
def trainrun_border_cost(position: Position, hex_id: str, edge: int, cost: int) -> int:
    """Give what the lay on ``hex_id`` pays for first crossing the costed border at board
    ``edge``, printed at ``cost`` (18NY: the Albany Iron Works private takes up to $80 off
    during its own lay). Default: ``cost`` less the first ``tile_discount`` of the privates
    the company holds for the border's terrain (water, or as the map names it: 1846's
    mountain borders and the Tunnel Blasting Company;
    ``trainrun.turn.abilities.border_discount``)."""


@hookspec(firstresult=True)
def trainrun_terrain_cost(position: Position, hex_id: str, old: Tile) -> int:
    """Give the terrain cost of laying over tile ``old`` on ``hex_id`` (before water borders
    and the lay's fee). Default: the tile's printed terrain costs (``upgrade_costs``) less
    the ``tile_discount`` abilities of the privates the company holds, each on a tile of
    only its terrain (1817's bridge companies, 1889's Sumitomo Mines:
    ``trainrun.turn.abilities.terrain_discount``)."""


@hookspec(firstresult=True)
def trainrun_lay_budget(position: Position) -> float:
    """Give the most the company may pay for a lay now (``math.inf``: no limit). Default: the
    position's ``cash``, no limit when it states none."""


# ---- replay: the replay of a game log ----------------------------------------------------

@hookspec(firstresult=True)
def trainrun_replay_rules(settings: dict) -> ReplayRules | None:
    """Say how the title's game moves tokens and trains beyond what its log's actions say,
    for replaying an 18xx.games game log (``trainrun.replay.gamelog``) whose ``settings`` (optional
    rules, the seed of its random setup) are given: when a home token goes on the board,
    which trains the bank exports after a set of operating rounds (or after each), the markers and
    tokens on the board at the start. Raise ``InputError`` naming the setting when the
    setup cannot be derived from them.
    Default: None, the title's logs are not replayed (its setup or board state would be
    missing: a wrong board is never given)."""


@hookspec(firstresult=True)
def trainrun_replay_action(replay: ReplayState, action: dict) -> bool | None:
    """Replay ``action`` of a game log where the title's game does more than (or other than)
    the shared replay: an action of the title's own (18NY's NYC formation ``merge``) or a
    logged action's title effect (18NY: the connection bonuses a ``run_routes`` claims, the
    coal a ``claim_hex_token`` takes). ``replay`` is what a title sees of the replay
    (``trainrun.hooks.replaystate.ReplayState``, never the ``Replay`` itself): change it
    through its methods only, keep the title's own bookkeeping in its ``books``, and
    return True when the action is done, None to let the shared replay take it; raise
    ``InputError`` for what cannot be replayed faithfully. Called for every action standing
    in the log and each of its automatic actions. Default: None."""


@hookspec(firstresult=True)
def trainrun_replay_round(replay: ReplayState, action: dict) -> str | None:
    """Say which kind of round logged ``action`` belongs to, where the shared replay cannot
    tell from its entity and type (1817: corporations take loans in stock rounds, and merger
    and acquisition rounds lie between operating rounds): ``operating`` (a company's
    operating turn), ``stock`` (the set of operating rounds is over), ``between`` (the
    operating round is over, the next one belongs to the same set) or ``none`` (no round
    change, no turn). Called as the action comes up, before the replay hands out its
    position: the title may settle there what the actions before it left open (1817: the
    acquisition an auction's last bid decided; a choice the log does not show through
    ``replay.decide``, before changing anything), through ``replay``, the same
    ``ReplayState`` as ``trainrun_replay_action``'s. Default: None, the shared replay
    decides."""
