"""The lay step's moves: every legal lay, checking one, making one.

The checks are the company's own (``trainrun.turn.lays.LayCheck``) or, in a private's
``SpecialTrack`` step, its ability's (``trainrun.turn.special_track.SpecialLayCheck``).
"""
from __future__ import annotations

import dataclasses

from trainrun.board import hexedits
from trainrun.board.position import Position
from trainrun.board.turnstate import step_refusal
from trainrun.errors import InputError
from trainrun.turn.abilities import with_use
from trainrun.turn.lays import Lay, LayCheck
from trainrun.turn.special_track import SpecialLayCheck


def lay_check(position: Position) -> LayCheck:
    """The lay checks of the step acting: the company's own lay, or a private's ability."""
    if position.turn.step == "SpecialTrack":
        return SpecialLayCheck(position)
    return LayCheck(position)


def legal_lays(position: Position) -> list[Lay]:
    """Every legal lay of the operating company now (or of the private using its ability),
    sorted."""
    if step_refusal(position.turn, position.company, "lay") is not None:
        return []
    turn = lay_check(position)
    if turn.right is None:
        return []
    out = []
    for hex_id in sorted(turn.reach.sides):
        if turn.hex_refusal(hex_id) is not None:
            continue
        for name, rotations in turn.offered(hex_id).items():
            tile = position.title.tiles[name]
            for rotation in rotations:
                reason, cost = turn.final_refusal(hex_id, tile, rotation)
                if reason is None:
                    out.append(Lay(hex_id, name, rotation, cost))
    return sorted(out)


def _checked_cost(turn: LayCheck, hex_id: str, tile_name: str, rotation: int) -> int:
    """The cost of the lay on ``turn``; ``InputError`` naming the rule broken and the place
    when it is not legal."""
    where = f"lay {tile_name} on {hex_id} at rotation {rotation}"
    title = turn.position.title
    if hex_id not in title.hexes:
        raise InputError(where, f"unknown hex {hex_id!r}")
    if tile_name not in title.tiles:
        raise InputError(where, f"unknown tile {tile_name!r}")
    if isinstance(rotation, bool) or not isinstance(rotation, int) or not 0 <= rotation <= 5:
        raise InputError(where, f"rotation must be an integer 0-5, got {rotation!r}")
    tile = title.tiles[tile_name]
    position = turn.position
    reason = (step_refusal(position.turn, position.company, "lay") or turn.hex_refusal(hex_id)
              or turn.tile_refusal(hex_id, tile) or turn.rotation_refusal(hex_id, tile, rotation))
    if reason is None and tile_name not in turn.offered(hex_id):
        reason = f"on {hex_id} only the tiles with the most exits of their colour may be laid"
    cost = 0
    if reason is None:
        reason, cost = turn.final_refusal(hex_id, tile, rotation)
    if reason:
        raise InputError(where, reason)
    return cost


def check_lay(position: Position, hex_id: str, tile_name: str, rotation: int) -> int:
    """The cost of laying ``tile_name`` on ``hex_id`` at ``rotation``; ``InputError`` naming
    the rule broken and the place when it is not legal."""
    return _checked_cost(lay_check(position), hex_id, tile_name, rotation)


def _lifting(before: Position, after: Position, hex_id: str) -> Position:
    """``after`` with the tokens the lay on ``hex_id`` lifts off the board, waiting in the
    ``HomeToken`` step (``Turn.pending_tokens``; the operator's own back in its stock)."""
    placed, lifted = hexedits.with_tokens_lifted(before.board[hex_id].tile,
                                                 after.board[hex_id])
    if not lifted:
        return after
    own = lifted.count(after.company)
    return dataclasses.replace(
        after, board={**after.board, hex_id: placed},
        tokens_left=None if after.tokens_left is None else after.tokens_left + own,
        turn=dataclasses.replace(after.turn, step="HomeToken", pending_tokens=(
            *after.turn.pending_tokens, *((hex_id, holder) for holder in lifted))))


def apply_lay(position: Position, lay: Lay) -> Position:
    """The position after ``lay`` (its cost paid, the turn's allowance advanced, the tokens
    it lifts waiting to be placed again, ``_lifting``; a private's
    lay spends one of its ability's lays, ``trainrun.turn.special_track``, and the
    position's ``abilities`` say so, ``trainrun.turn.abilities.after_use``); the input is
    unchanged. ``InputError`` when the lay is not legal (see ``check_lay``), or when
    ``lay.cost`` is given and is not what the lay costs."""
    turn = lay_check(position)
    cost = _checked_cost(turn, lay.hex, lay.tile, lay.rotation)
    if lay.cost is not None and cost != lay.cost:
        raise InputError(f"lay {lay.tile} on {lay.hex} at rotation {lay.rotation}",
                         f"the lay costs {cost}, not {lay.cost}")
    board = turn.board_after(lay.hex, position.title.tiles[lay.tile], lay.rotation)
    upgrade = position.board[lay.hex].tile.color != "white"
    after = dataclasses.replace(position, board=board,
                                turn=turn.turn_after(lay.hex, upgrade, cost))
    after = _lifting(position, after, lay.hex)
    if isinstance(turn, SpecialLayCheck):
        after = with_use(position, after, turn.source.type, turn.count_after(),
                         used=True if turn.teleport else None)
    return after
