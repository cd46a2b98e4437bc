"""A.W. Edelswärd, the bot of 18SJ's two-player variant (docs/rules/18sj.md §1.6; engine
g_18_sj/game.rb ``two_player_variant``, ``requisit_corporation``,
``require_automa_trains``; step/requisition.rb).

Between a stock round and the operating rounds, every second turn, a player picks an
unparred corporation (``choose``) that the bot requisitions: it lays track free and places
tokens free (its ``tile_lay`` and ``token`` abilities, ``lays.requisitioned``; the token
ability gone with its first token), buys no train, and after
each dividend step, logged or skipped, takes the bank's next new trains free until it holds
two, or one not due to rust (an E where the next is a D), each purchase with its events
(``replay.buy``). Its corporations are never nationalised.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from trainrun.plugins.api import InputError, ReplayState

if TYPE_CHECKING:
    from .replay import Game

# the free lay and token abilities the engine gives the bot's corporation
BOT_ABILITIES = ({"type": "tile_lay"}, {"type": "token"})
AUTOMA_LIMIT = 2                  # engine ``automa_needs_to_require_trains?``
ELECTRIC = {"D": "E"}             # engine: the automa takes an E where the next is a D


class Bot:
    """The bot's corporations and the one whose dividend step is still to come."""

    def __init__(self, replay: ReplayState):
        self.playing = len(replay.players) == 2
        self.corporations: list[str] = []
        self.due: str | None = None
        self.tokened: set[str] = set()     # its corporations that used their token ability

    def owns(self, corporation: str) -> bool:
        return corporation in self.corporations

    def abilities(self, company: str) -> list[dict]:
        """The abilities the bot's corporation ``company`` holds of its own: the token
        ability gone once it placed a token (engine step/tokener.rb ``place_token``)."""
        if company not in self.corporations:
            return []
        return [dict(a) for a in BOT_ABILITIES
                if a["type"] != "token" or company not in self.tokened]

    def placed_token(self, company: str) -> None:
        """``company`` placed a token (its home aside)."""
        if company in self.corporations:
            self.tokened.add(company)

    def requisition(self, replay: ReplayState, game: Game, action: dict) -> None:
        """The bot takes the corporation the ``choose`` names."""
        choice = action.get("choice")
        if not self.playing:
            raise InputError("choice", f"{choice!r}: only the two-player variant's bot "
                                       "requisitions a corporation")
        if (not isinstance(choice, str) or choice not in replay.title.companies
                or choice in game.gone or choice in self.corporations):
            raise InputError("choice", f"the bot cannot requisition {choice!r}")
        self.corporations.append(choice)

    def turn_changes(self, acting: str | None) -> str | None:
        """An action of ``acting`` comes up: the bot's corporation whose turn it ends, to
        take its trains now (its dividend step skipped: nothing run), or None."""
        due = None
        if self.due is not None and acting != self.due:
            due, self.due = self.due, None
        if acting is not None and acting in self.corporations:
            self.due = acting
        return due

    def dividend(self, company: str) -> bool:
        """``company`` logged its dividend: True if it is the bot's, to take its trains."""
        if company not in self.corporations:
            return False
        self.due = None
        return True

    @staticmethod
    def needs_train(replay: ReplayState, corporation: str) -> bool:
        """The bot's ``corporation`` takes another train: it holds none, or one due to
        rust (engine ``automa_needs_to_require_trains?``)."""
        held = replay.trains.get(corporation, ())
        return len(held) < AUTOMA_LIMIT and (not held or bool(
            replay.title.trains[held[0].name].rusts_on))

    @staticmethod
    def variant(name: str) -> str:
        """The variant the bot takes of a train ``name``."""
        return ELECTRIC.get(name, name)
