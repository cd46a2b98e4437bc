"""What a title tells the game-log replay (``trainrun.replay.gamelog``) beyond its static data."""
from __future__ import annotations

from dataclasses import dataclass, field

from trainrun.hooks.seats import DEFAULT_ORDER


@dataclass(frozen=True)
class ReplayRules:
    """How a title's game moves trains and tokens outside the actions that say so.

    ``home_token_timing``: when a corporation's home token goes on the board, as the
    18xx.games engine names it: ``operate`` (when it first operates, the default),
    ``par`` (when its president sets its par price) or ``choose`` (the corporation places
    it, its first ``place_token``, in a city the title offers as home).
    ``exported``: the train names of which the bank's next one leaves the game at the end of
    each set of operating rounds, as if bought (18Chesapeake: 2, 3 and 4 trains); the phase
    changes and trains rust as for a purchase. ``export_each``: ``set`` (the default) or
    ``round`` (1817: after every operating round); ``export_all``: the train names whose
    every copy left in the bank is exported together (1817: the 2 trains);
    ``export_unless_bought``: no train is exported after an operating round in which a
    train was bought from the bank (18GB).
    ``markers``: the markers on the board when the game starts, per hex (18NY's connection
    bonuses and coal); the title's ``trainrun_replay_action`` takes them off as the game
    goes.
    ``tokens``: the tokens in the first city of a hex when the game starts, per hex, slot by
    slot (1871: the Mainline's and Shortline's homes, the PEIR's tokens), and ``reserved``
    the companies that city is reserved for; both may depend on the game's settings (the
    seed its setup is drawn from).
    ``shares_unlogged``: the corporations whose shares the title's rules move outside the
    logged share actions (a national formed, minors merged for shares; ``"*"``: every
    one), whose presidents the shared follower of shares (``trainrun.replay.shares``)
    leaves unknown.
    ``seat_order``: how the players are reordered after each stock round, which breaks
    presidency ties: the engine's ``NEXT_SR_PLAYER_ORDER`` (``after_last_to_act``, its
    default; 1871's and 18GB's ``first_to_pass``), followed as ``trainrun.hooks.seats``
    says."""

    home_token_timing: str = "operate"
    exported: tuple[str, ...] = ()
    export_each: str = "set"
    export_all: tuple[str, ...] = ()
    export_unless_bought: bool = False
    markers: dict[str, tuple[str, ...]] = field(default_factory=dict)
    tokens: dict[str, tuple[str, ...]] = field(default_factory=dict)
    reserved: dict[str, tuple[str, ...]] = field(default_factory=dict)
    shares_unlogged: tuple[str, ...] = ()
    seat_order: str = DEFAULT_ORDER
