"""Positions: a board (printed map + laid tiles + tokens + markers), a phase, the
operating company and its trains, plus title state and the title's rules.

The model only. Positions are read by ``trainrun.formats.reading`` from trainrun's own format
(``trainrun.formats.own_format``, which also writes it) or a corpus line
(``trainrun.formats.corpus_format``), both checked against the title data
(``trainrun.board.board_input``). Node ids ``HEX-i`` are made and parsed here.
"""
from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeVar

from trainrun.board.linking import linked_title
from trainrun.board.tiles import Node, Tile
from trainrun.board.title import Phase, Title
from trainrun.board.turnstate import Turn

if TYPE_CHECKING:
    from trainrun.registry import Ruleset

T = TypeVar("T")
_UNSET = object()   # a derived value not computed yet


def node_id(hex_id: str, index: int) -> str:
    """The id of node ``index`` of the tile on ``hex_id``: ``HEX-i`` (18xx.games form)."""
    return f"{hex_id}-{index}"


def parse_node_id(text) -> tuple[str, int] | None:
    """(hex id, node index) of a node id ``HEX-i``; None when ``text`` is not one."""
    if not isinstance(text, str) or "-" not in text:
        return None
    hex_id, _, index = text.rpartition("-")
    try:
        return hex_id, int(index)
    except ValueError:
        return None


def split_node_id(text: str) -> tuple[str, int]:
    """(hex id, node index) of ``text``, known to be a node id ``HEX-i`` (a station, a
    checked stop)."""
    parsed = parse_node_id(text)
    assert parsed is not None, f"not a node id: {text!r}"
    return parsed


def node_hex(text) -> str | None:
    """The hex id of node id ``text``; None when it is not one."""
    parsed = parse_node_id(text)
    return parsed[0] if parsed else None


@dataclass
class CityTokens:
    """Tokens in one city: one entry per slot (company or None), extras, reservations."""

    slots: list
    extra: list = field(default_factory=list)
    reserved: list = field(default_factory=list)

    def holders(self) -> list[str]:
        return [s for s in self.slots if s] + list(self.extra)


@dataclass
class PlacedHex:
    """A hex as it lies on the board now."""

    id: str
    tile: Tile
    rotation: int
    tokens: dict[int, CityTokens] = field(default_factory=dict)
    markers: tuple[str, ...] = ()
    icons: tuple[str, ...] = ()    # the icons on the hex now (board state: engine Hex#lay
                                   # keeps sticky ones, events remove some)


def copy_board(board: dict[str, PlacedHex]) -> dict[str, PlacedHex]:
    """A copy of ``board`` whose hexes and tokens may be changed; the tiles stay the
    title's own objects (a laid tile is known from a printed one by identity)."""
    return {h: dataclasses.replace(p, tokens={i: copy.deepcopy(c) for i, c in p.tokens.items()})
            for h, p in board.items()}


@dataclass(frozen=True)
class Train:
    """One of the company's trains: ``id`` unique in the position, ``name`` its card."""

    id: str
    name: str
    distance: int | list
    multiplier: int = 1


@dataclass
class Position:
    """Everything a run depends on, and the title's rules that decide it: ``ruleset``
    (its hooks, asked through ``trainrun.hooks.answers``) is given when the position is made."""

    title: Title
    phase: Phase
    company: str
    trains: list[Train]
    board: dict[str, PlacedHex]
    title_state: dict = field(default_factory=dict)
    options: dict = field(default_factory=dict)
    source: dict = field(default_factory=dict)
    ruleset: Ruleset = field(kw_only=True, repr=False, compare=False)
    turn: Turn = field(default_factory=Turn)
    tokens_left: int | None = None   # unplaced tokens of the company (None: from its charter)
    abilities: tuple = ()   # abilities of the privates the company owns ({type, count, ...})
    privates: dict = field(default_factory=dict)   # open private -> who holds it (HOLDERS)
    # what is assigned to the operating company (engine Corporation#assigned?: 1846's
    # Steamboat, Meat Packing and Boomtown bonuses); a hex's assignments are its markers
    company_assignments: tuple = ()
    _derived: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # the map's neighbours as the board's laid tiles have linked them
        self.title = linked_title(self.title, self.board)

    @property
    def colours(self) -> list[str]:
        return list(self.phase.colours)

    def derived(self, key, compute: Callable[[], T]) -> T:
        """``compute()``, called the first time ``key`` is asked for on this position and kept.

        For answers derived from a read position (board prepared by
        ``trainrun_prepare_board``) that would otherwise be recomputed per stop or per
        route (``trainrun.hooks.answers`` keeps the title's answers here). Name keys after their
        user (``("answers", "stations")``) and keep only what the board,
        company, phase, ``title_state`` and ``options`` decide: a position is not changed
        once read, and ``dataclasses.replace`` (another phase or trains) starts empty."""
        value = self._derived.get(key, _UNSET)
        if value is _UNSET:
            value = self._derived[key] = compute()
        return value

    def node_id(self, hex_id: str, index: int) -> str:
        return node_id(hex_id, index)

    def closed_edges(self, hex_id: str) -> set[int]:
        """Board edges of ``hex_id`` no track crosses: impassable borders of the printed
        map and of the tile laid there."""
        placed = self.board[hex_id]
        return placed.tile.impassable_at(placed.rotation) | self.title.hexes[hex_id].closed_edges

    def node_groups(self, hex_id: str, node: Node) -> tuple[str, ...]:
        """The ``groups`` tags of ``node`` lying in ``hex_id``: its tile's, or for a city on
        a tile laid over the printed one those of the printed city it replaced (engine
        ``Hex#lay``: a new city takes the old city's groups; 1846's Chicago)."""
        if node.groups or node.kind != "city":
            return node.groups
        printed = self.title.hexes[hex_id].printed
        old = next((n for n in printed.nodes if n.index == node.index and n.kind == "city"),
                   None)
        return old.groups if old is not None else ()

    def location(self, node_id: str) -> str:
        """The place name of the hex of ``node_id`` (``HEX-i``); "" if it has none."""
        hex_id = node_hex(node_id)
        mh = self.title.hexes.get(hex_id) if hex_id is not None else None
        return mh.location if mh is not None else ""

    def node_kind(self, node_id: str) -> str:
        """"city", "town" or "offboard": the kind of node ``node_id`` (``HEX-i``) on the
        board; "" if the board has no such node."""
        parsed = parse_node_id(node_id)
        placed = self.board.get(parsed[0]) if parsed else None
        kinds = {n.index: n.kind for n in placed.tile.nodes} if placed else {}
        return kinds.get(parsed[1], "") if parsed else ""
