"""The one place in core that asks the title its questions.

Every hook of ``trainrun.plugins.hookspecs`` that core needs is asked through a
function here, never through ``position.ruleset.hook`` elsewhere. Each is asked once
per position (once per position and train type where a train is passed, once per
stop for stop values and city blocking) and its answer kept on the position
(``Position.derived``), so the track graph, the train tables and the legality checker
see the same answers however many routes they check. Hooks without ``firstresult``
collect one answer per plugin; they are flattened here (lists joined, amounts summed).

A position is not changed once read; ``dataclasses.replace`` (another phase or other
trains) starts with no answers kept.
"""
from __future__ import annotations

from .position import PlacedHex, Position, Train
from .rules import CompanyBonus, RouteBonus, TrainRules
from .tiles import Node


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
    values = _kept(position, ("stop_values", train_type(train)), dict)
    key = (hex_id, node.index)
    if key not in values:
        values[key] = int(_hook(position).trainrun_stop_value(
            position=position, train=train, rules=train_rules(position, train),
            hex_id=hex_id, node=node))
    return values[key]


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


def next_train(position: Position) -> str:
    """The train the company would buy from the bank before running
    (``trainrun_next_train``; raises ``InputError`` when it may not buy one)."""
    return _hook(position).trainrun_next_train(position=position)
