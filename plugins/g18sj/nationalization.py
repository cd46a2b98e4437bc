"""18SJ's nationalisation (docs/rules/18sj.md §1.5; engine g_18_sj/game.rb
``event_nationalization!``, ``perform_nationalization``, ``nationalize_major``;
step/buy_train_action.rb).

The first 4, 6 and D (bought as a D or an E) each call for a nationalisation once the
purchase is made (its trains rusted): the highest-valued corporation that has operated and
holds no train closes, the bot's corporations of the two-player variant aside. Its tokens
become the state railway's (SJ): each in the slot the engine gives SJ's new token
(``City#get_slot``: the first free one no reservation holds), or none where SJ already has
a token on the hex; its home's reservation goes, its privates close, it leaves the game
(an action of it later is refused: a choice that took it is contradicted). Share prices are not
followed: where several corporations qualify, the one the rest of the log allows is kept
(``ReplayState.decide``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from trainrun.plugins.api import InputError, ReplayState

if TYPE_CHECKING:
    from .replay import Game

SJ = "SJ"                                   # the state railway (engine ``@sj``)
NATIONALIZING = ("4-0", "6-0", "D-0")       # engine TRAINS: the trains with the event


def victim(replay: ReplayState, game: Game, action: dict, train: str,
           automatic: bool = False) -> str | None:
    """The corporation the purchase of ``train`` in ``action`` nationalises, or None. Asked
    before the purchase changes anything: the trains its type rusts are counted gone."""
    if train not in NATIONALIZING or train in game.fired:
        return None
    name = train.rpartition("-")[0]
    buyer = replay.operator(action)
    rusted = {n for n, t in replay.title.trains.items() if t.rusts_on == name}
    candidates = sorted(
        c for c in game.operated
        if c not in game.gone and c != buyer and not game.bot.owns(c)
        and not [t for t in replay.trains.get(c, ()) if t.name not in rusted])
    if len(candidates) > 1 and automatic:
        raise InputError("nationalization", f"cannot tell which of {', '.join(candidates)} "
                                            "is nationalised (share prices not followed)")
    if not candidates:
        return None
    return replay.decide(action, f"nationalised on {train}", candidates,
                         "the highest-valued trainless corporation, by share prices trainrun "
                         "does not follow")


def nationalize(replay: ReplayState, game: Game, major: str) -> None:
    """``major``'s tokens become SJ's, its privates close, it leaves the game."""
    home = replay.title.companies[major].get("home")
    for hex_id, city in sorted(replay.cities_of(major), key=lambda c: c[0] != home):
        transfer_token(replay, hex_id, city, major, SJ)
    for private, owner in list(replay.owners.items()):
        if owner == major:
            game.closed.add(private)
            replay.release_private(private)
    game.gone.add(major)
    replay.close(major)


def transfer_token(replay: ReplayState, hex_id: str, city: int, old: str, new: str) -> bool:
    """The token of ``old`` in that city becomes ``new``'s, in the slot the engine gives a
    new token (``City#get_slot``: the first free one no waiting home holds), or leaves where
    ``new`` has a token on the hex already (engine g_18_sj/game.rb ``transfer_token``):
    True if it became ``new``'s."""
    if any(new in c.holders() for c in replay.board[hex_id].tokens.values()):
        replay.replace_token(hex_id, city, old, None)
        return False
    tokens = replay.board[hex_id].tokens[city]
    held = tokens.slots.index(old) if old in tokens.slots else None
    waiting = sum(1 for r in tokens.reserved if r not in tokens.slots and r != old)
    empty = [i for i, s in enumerate(tokens.slots) if s is None or i == held]
    replay.replace_token(hex_id, city, old, new)
    if held is not None and len(empty) > waiting and empty[waiting] != held:
        replay.move_token(hex_id, city, new, empty[waiting])
    return True
