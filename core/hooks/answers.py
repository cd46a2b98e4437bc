"""The one place in core that asks the title its questions.

Every hook of ``trainrun.plugins.hookspecs`` that core needs is asked through a
function here, never through ``position.ruleset.hook`` elsewhere. Each is asked once
per position (once per position and train type where a train is passed, once per
stop for stop values and city blocking, once per hex for lay colours) and its answer
kept on the position (``Position.derived``), so the track graph, the train tables, the
legality checker and the turn engine see the same answers however many routes or lays
they check. Questions about one tile, rotation, token or terrain are asked each time
(their arguments are the answer's key). Hooks without ``firstresult`` collect one
answer per plugin; they are flattened here (lists joined, amounts summed, the first
reason given). The replay rules belong to the title, not a position: they are asked
of the ruleset.

A position is not changed once read, its turn included; ``dataclasses.replace``
(another phase, other trains, the turn after a lay or token) starts with no answers
kept.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from trainrun.board.position import PlacedHex, Position, Train
from trainrun.board.tiles import Node, Tile
from trainrun.hooks.rules import CompanyBonus, LayRules, RouteBonus, TrainRules

if TYPE_CHECKING:
    from trainrun.board.turnstate import LayRight
    from trainrun.hooks.replayrules import ReplayRules
    from trainrun.hooks.replaystate import ReplayState
    from trainrun.registry import Ruleset


def train_type(train: Train) -> tuple:
    """What makes trains identical for the hooks: card name, distance and multiplier.
    Answers asked with a ``train`` are kept per train type."""
    return (train.name, repr(train.distance), train.multiplier)


def _hook(position: Position):
    return position.ruleset.hook


def _kept(position: Position, key, compute):
    return position.derived(("answers",) + key, compute)


def prepare_board(position: Position) -> None:
    """Let the title bring the board to its state for this run and check its part of the
    position (``trainrun_prepare_board``); asked when a position is made, before any
    other question."""
    _hook(position).trainrun_prepare_board(position=position)


def train_rules(position: Position, train: Train) -> TrainRules:
    """How ``train`` runs (``trainrun_train_rules``)."""
    return _kept(position, ("train_rules", train_type(train)), lambda: _hook(
        position).trainrun_train_rules(position=position, train=train))


def stop_value(position: Position, train: Train, hex_id: str, node: Node) -> int:
    """What ``node`` on ``hex_id`` scores for ``train``, multipliers applied
    (``trainrun_stop_value``)."""
    return stop_values(position, train, [(hex_id, node)])[0]


def stop_values(position: Position, train: Train, stops: list[tuple[str, Node]]) -> list[int]:
    """``stop_value`` of each (hex id, node) of ``stops``, in their order."""
    values = _kept(position, ("stop_values", train_type(train)), dict)
    rules = train_rules(position, train)
    hook = _hook(position)
    out = []
    for hex_id, node in stops:
        key = (hex_id, node.index)
        if key not in values:
            values[key] = int(hook.trainrun_stop_value(position=position, train=train,
                                                       rules=rules, hex_id=hex_id, node=node))
        out.append(values[key])
    return out


def route_bonuses(position: Position, train: Train) -> tuple[RouteBonus, ...]:
    """Every plugin's route bonuses for ``train`` (``trainrun_route_bonuses``)."""
    return _kept(position, ("route_bonuses", train_type(train)), lambda: tuple(
        b for answer in _hook(position).trainrun_route_bonuses(position=position, train=train)
        for b in answer))


def company_bonuses(position: Position) -> tuple[CompanyBonus, ...]:
    """Every plugin's company bonuses (``trainrun_company_bonuses``), in plugin order."""
    return _kept(position, ("company_bonuses",), lambda: tuple(
        b for answer in _hook(position).trainrun_company_bonuses(position=position)
        for b in answer))


def fixed_income(position: Position) -> int:
    """Income added once to the run total, summed over the plugins
    (``trainrun_fixed_income``)."""
    return _kept(position, ("fixed_income",), lambda: sum(
        _hook(position).trainrun_fixed_income(position=position)))


def company_income(position: Position) -> tuple[tuple[str, int], ...]:
    """(name, amount) of income outside the run, every plugin's
    (``trainrun_company_income``)."""
    return _kept(position, ("company_income",), lambda: tuple(
        item for answer in _hook(position).trainrun_company_income(position=position)
        for item in answer))


def board_marks(position: Position) -> tuple[tuple[str, str], ...]:
    """(hex id, label) of every plugin's marks for the drawn board
    (``trainrun_board_marks``)."""
    return _kept(position, ("board_marks",), lambda: tuple(
        item for answer in _hook(position).trainrun_board_marks(position=position)
        for item in answer))


def stations(position: Position) -> frozenset[str]:
    """Node ids of the operating company's stations (``trainrun_company_stations``)."""
    return _kept(position, ("stations",), lambda: frozenset(
        _hook(position).trainrun_company_stations(position=position) or ()))


def city_blocks(position: Position, hex_id: str, node: Node,
                placed: PlacedHex | None = None) -> bool:
    """Whether the company's trains may not pass through ``node`` on ``hex_id``
    (``trainrun_city_blocks``); never for a stop that is not a city or holds no tokens.
    ``placed``: the hex as a tile lay would leave it (asked afresh each time), instead of
    the hex on the board (asked once)."""
    if node.kind != "city":
        return False
    if placed is not None and placed is not position.board.get(hex_id):
        tokens = placed.tokens.get(node.index)
        return tokens is not None and bool(_hook(position).trainrun_city_blocks(
            position=position, hex_id=hex_id, node=node, tokens=tokens))
    tokens = position.board[hex_id].tokens.get(node.index)
    if tokens is None:
        return False
    blocks = _kept(position, ("city_blocks",), dict)
    key = (hex_id, node.index)
    if key not in blocks:
        blocks[key] = bool(_hook(position).trainrun_city_blocks(
            position=position, hex_id=hex_id, node=node, tokens=tokens))
    return blocks[key]


def passes_through(position: Position, hex_id: str, node: Node, passes: frozenset) -> bool:
    """Whether a train whose ``TrainRules.passes`` is ``passes`` goes through the city
    ``node`` on ``hex_id`` however ``city_blocks`` answers: a slot of it holds a token of
    one of ``passes``, which lets that train through as a neutral token would (18SJ's E
    trains and the state railway's tokens)."""
    if not passes or node.kind != "city":
        return False
    tokens = position.board[hex_id].tokens.get(node.index)
    return tokens is not None and not passes.isdisjoint(tokens.slots)


def ends_routes(position: Position, hex_id: str, node: Node,
                placed: PlacedHex | None = None) -> bool:
    """Whether the company's routes (and its track walks) may reach this stop but not go
    on through it: an off-board, or a city that blocks the company (``city_blocks``;
    ``placed`` as there)."""
    return node.kind == "offboard" or city_blocks(position, hex_id, node, placed)


def exclusive_stops(position: Position) -> tuple[frozenset[str], ...]:
    """Every plugin's sets of node ids of which a route visits at most one, beyond the
    tiles' ``groups`` tags (``trainrun_exclusive_stops``)."""
    return _kept(position, ("exclusive_stops",), lambda: tuple(
        frozenset(s) for answer in _hook(position).trainrun_exclusive_stops(position=position)
        for s in answer))


def runs_not_modelled(position: Position) -> list[str]:
    """The rules of the title's runs not modelled that can change this position's run
    (docs/rules/common.md §9.5): ``TitleInfo.runs_not_modelled_for`` the company's trains,
    then every plugin's ``trainrun_runs_not_modelled``, each once."""
    def ask() -> tuple[str, ...]:
        info = position.ruleset.info
        found = info.runs_not_modelled_for(t.name for t in position.trains)
        for answer in _hook(position).trainrun_runs_not_modelled(position=position):
            found += list(answer)
        return tuple(dict.fromkeys(found))
    return list(_kept(position, ("runs_not_modelled",), ask))


def next_train(position: Position) -> str:
    """The train the company would buy from the bank before running
    (``trainrun_next_train``; raises ``InputError`` when it may not buy one)."""
    return _hook(position).trainrun_next_train(position=position)


# ---- the turn: tile lays and tokens ---------------------------------------------------

def _first_reason(reasons) -> str | None:
    return next((reason for reason in reasons if reason), None)


def tile_lays(position: Position) -> list[LayRight]:
    """The lays the company is granted per turn, in order (``trainrun_tile_lays``)."""
    return _kept(position, ("tile_lays",), lambda: _hook(position).trainrun_tile_lays(
        position=position))


def lay_rules(position: Position) -> LayRules:
    """The title's track rules for lays (``trainrun_lay_rules``)."""
    return _kept(position, ("lay_rules",), lambda: _hook(position).trainrun_lay_rules(
        position=position))


def lay_budget(position: Position) -> float:
    """The most the company may pay for a lay now (``trainrun_lay_budget``)."""
    return _kept(position, ("lay_budget",), lambda: _hook(position).trainrun_lay_budget(
        position=position))


def lay_refusal(position: Position, hex_id: str) -> str | None:
    """Why the title lets no tile be laid on ``hex_id``, the first plugin's reason
    (``trainrun_lay_refusal``), or None."""
    return _first_reason(_hook(position).trainrun_lay_refusal(position=position,
                                                              hex_id=hex_id))


def lay_colours(position: Position, hex_id: str) -> tuple[str, ...]:
    """The tile colours that may be laid on ``hex_id`` (``trainrun_lay_colours``), asked
    once per hex."""
    colours = _kept(position, ("lay_colours",), dict)
    if hex_id not in colours:
        colours[hex_id] = _hook(position).trainrun_lay_colours(position=position,
                                                               hex_id=hex_id)
    return colours[hex_id]


def upgrades_to(position: Position, hex_id: str, old: Tile, tiles: list[Tile]) -> list[Tile]:
    """Those of ``tiles`` the title lets replace ``old`` on ``hex_id``
    (``trainrun_upgrades_to``)."""
    return _hook(position).trainrun_upgrades_to(position=position, hex_id=hex_id, old=old,
                                                tiles=tiles)


def track_kept(position: Position, hex_id: str, old: Tile, old_rotation: int, new: Tile,
               rotation: int) -> bool | None:
    """Whether ``new`` at ``rotation`` keeps the track of ``old`` (``trainrun_track_kept``;
    None: the title leaves it to the default check)."""
    return _hook(position).trainrun_track_kept(position=position, hex_id=hex_id, old=old,
                                               old_rotation=old_rotation, new=new,
                                               rotation=rotation)


def rotation_refusal(position: Position, hex_id: str, tile: Tile, rotation: int) -> str | None:
    """Why the title refuses ``tile`` at ``rotation`` on ``hex_id``, the first plugin's
    reason (``trainrun_rotation_refusal``), or None."""
    return _first_reason(_hook(position).trainrun_rotation_refusal(
        position=position, hex_id=hex_id, tile=tile, rotation=rotation))


def special_lay_connects(position: Position) -> bool:
    """Whether the private using its ability lays tiles that must connect to one another
    (``trainrun_special_lay_connects``)."""
    return bool(_kept(position, ("special_lay_connects",), lambda: _hook(
        position).trainrun_special_lay_connects(position=position)))


def special_lay_reached_sides(position: Position) -> bool:
    """Whether the private using its ability starts new track on its hexes only from the
    sides the company reaches (``trainrun_special_lay_reached_sides``)."""
    return bool(_kept(position, ("special_lay_reached_sides",), lambda: _hook(
        position).trainrun_special_lay_reached_sides(position=position)))


def special_lay_markers(position: Position, hex_id: str) -> dict[str, tuple[str, ...]]:
    """The hexes whose markers the private's lay on ``hex_id`` changes, with their markers
    after (``trainrun_special_lay_markers``)."""
    return dict(_hook(position).trainrun_special_lay_markers(position=position, hex_id=hex_id))


def border_cost(position: Position, hex_id: str, edge: int, cost: int) -> int:
    """What first crossing the border at ``edge`` of ``hex_id`` costs the lay
    (``trainrun_border_cost``)."""
    return _hook(position).trainrun_border_cost(position=position, hex_id=hex_id, edge=edge,
                                                cost=cost)


def terrain_cost(position: Position, hex_id: str, old: Tile) -> int:
    """What replacing ``old`` on ``hex_id`` costs for its terrain
    (``trainrun_terrain_cost``)."""
    return _hook(position).trainrun_terrain_cost(position=position, hex_id=hex_id, old=old)


def token_cost(position: Position, hex_id: str, city: int) -> int:
    """What a token in city ``city`` of ``hex_id`` costs (``trainrun_token_cost``)."""
    return _hook(position).trainrun_token_cost(position=position, hex_id=hex_id, city=city)


def charter_tokens_placed(position: Position) -> int:
    """The company's tokens on the board that came from its charter
    (``trainrun_charter_tokens_placed``)."""
    return _kept(position, ("charter_tokens_placed",), lambda: _hook(
        position).trainrun_charter_tokens_placed(position=position))


def token_unreached(position: Position) -> dict[str, int]:
    """The hexes the company may token unreached, with their prices
    (``trainrun_token_unreached``)."""
    return _kept(position, ("token_unreached",), lambda: _hook(
        position).trainrun_token_unreached(position=position))


def special_token_refusal(position: Position, hex_id: str) -> str | None:
    """Why the title refuses the private's token on ``hex_id``, the first plugin's reason
    (``trainrun_special_token_refusal``), or None."""
    return _first_reason(_hook(position).trainrun_special_token_refusal(
        position=position, hex_id=hex_id))


def special_token_own(position: Position) -> bool:
    """Whether the private's token is one of the company's own
    (``trainrun_special_token_own``)."""
    return bool(_kept(position, ("special_token_own",), lambda: _hook(
        position).trainrun_special_token_own(position=position)))


def home_token_replaces(position: Position) -> frozenset[str]:
    """The holders whose token a home token may take the place of
    (``trainrun_home_token_replaces``)."""
    return _kept(position, ("home_token_replaces",), lambda: _hook(
        position).trainrun_home_token_replaces(position=position))


def home_token_hexes(position: Position) -> list[str]:
    """The hexes where the company may place its home token
    (``trainrun_home_token_hexes``)."""
    return _kept(position, ("home_token_hexes",), lambda: _hook(
        position).trainrun_home_token_hexes(position=position))


def replay_rules(ruleset: Ruleset, settings: dict) -> ReplayRules | None:
    """How the title's game logs, with these optional-rule ``settings``, are replayed
    (``trainrun_replay_rules``; None: they are not); asked of the ruleset, as no position
    is read yet."""
    return ruleset.hook.trainrun_replay_rules(settings=settings)


def gives_replay_rules(ruleset: Ruleset) -> bool:
    """Does the title answer ``trainrun_replay_rules`` itself (not only the shared
    default, which replays nothing)? For ``trainrun titles``: asked without settings, as
    the answer may need a game's."""
    return any(impl.plugin_name == "title"
               for impl in ruleset.hook.trainrun_replay_rules.get_hookimpls())


def replay_round(ruleset: Ruleset, replay: ReplayState, action: dict) -> str | None:
    """The kind of round logged ``action`` belongs to, if the title says
    (``trainrun_replay_round``, asked with what the title sees of the replay)."""
    return ruleset.hook.trainrun_replay_round(replay=replay, action=action)


def replay_action(ruleset: Ruleset, replay: ReplayState, action: dict) -> bool:
    """Whether the title took logged ``action`` itself (``trainrun_replay_action``, asked
    with what the title sees of the replay)."""
    return bool(ruleset.hook.trainrun_replay_action(replay=replay, action=action))
