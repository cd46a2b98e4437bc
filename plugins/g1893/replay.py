"""1893 game logs replayed (``trainrun.replay.gamelog``; docs/rules/1893.md §6).

Engine ``G1893::Game`` (g_1893/game.rb), its merger round (round/merger.rb) and steps:

* Setup: the minors' tokens, the neutral token on H5 and HGK's on J5 are printed on the
  map (``data/map.json``); DE, RSE and RAG place theirs as they first operate (base.rb
  ``HOME_TOKEN_TIMING``).
* AGV may be founded from the first 4 on (``agv_buyable``), HGK from the first 5
  (``hgk_buyable``), by a vote in a merger round: the players' ``special_buy`` ``yes`` or
  ``no``. Every vote moves its holder's percent to its side, the shares not voting count
  as no, and the vote ending the count (50% yes, more than 50% no) is the last of the
  round for that corporation: so the last of a run of votes says whether it was founded.
  A merger round offering both AGV and HGK runs both their votes on end: which vote ends
  AGV's count is not followed, and the replay stops there.
* Not founded by the first 5 (AGV) or the first 6 (HGK), it is founded as the next merger
  round begins, when the operating round bought in ends (``agv_founded``,
  ``hgk_founded``), with no action in the log.
* A founding (``form_mergable``): in turn (AGV: EKB, KSZ, BKB; HGK: KBE, the HdSK private,
  KFBE) each minor's token leaves its city and the new corporation's takes the first free
  slot there; the minor's trains go to it and it closes. The new corporation's president
  may then discard trains (``discard_train``, ``pass``: the merger round's, no turn).
* Players' votes and sales of bonds (``sell_company``) change neither the board nor any
  company's trains. No train is exported; no privates' closing changes the board.

The optional rules giving a board or tiles of their own (``optional_existing_track``,
``optional_grey_phase``) are refused.
"""
from __future__ import annotations

from trainrun.plugins.api import InputError, ReplayRules, ReplayState

AGV, HGK = "AGV", "HGK"
MERGING = {AGV: ("EKB", "KSZ", "BKB"), HGK: ("KBE", "KFBE")}   # engine mergers_agv, _hgk
BUYABLE_ON = {AGV: "4", HGK: "5"}          # engine TRAINS events agv_buyable, hgk_buyable
FOUNDED_ON = {AGV: "5", HGK: "6"}          # agv_founded, hgk_founded


# optional rules giving a board or tiles of their own (engine optional_hexes, optional_tiles)
UNFOLLOWED_OPTIONS = ("optional_existing_track", "optional_grey_phase")


def replay_rules(settings: dict) -> ReplayRules:
    options = settings.get("optional_rules") or ()
    refused = [o for o in UNFOLLOWED_OPTIONS if o in options]
    if refused:
        raise InputError("settings.optional_rules", f"trainrun does not replay 1893 with "
                                                    f"{', '.join(refused)}")
    # AGV's and HGK's shares go to the merged companies' owners at their formation, which
    # the log does not show (engine g_1893/game.rb ``form_mergable``)
    return ReplayRules(shares_unlogged=(AGV, HGK))


class Game1893:
    """This title's bookkeeping on a replay (``ReplayState.books``)."""

    def __init__(self, replay: ReplayState):
        self.mergeable: list[str] = []         # offered in merger rounds, in order
        self.founded: set[str] = set()
        self.due: list[str] = []               # founded as the next merger round begins
        self.due_round: tuple[int, int] | None = None   # the operating round they wait out
        self.votes: list[str] = []             # the merger round's votes so far
        self.discarding: str | None = None     # a new corporation choosing its trains
        self.trains_seen: set[str] = set()


def _game(replay: ReplayState) -> Game1893:
    return replay.books(Game1893)


def replay_round(replay: ReplayState, action: dict) -> str | None:
    """A run of votes ended founds or not; a merger round beginning founds what is due;
    the votes and the new corporation's discards open no turn."""
    game = _game(replay)
    kind = action["type"]
    if game.votes and kind != "special_buy":
        _count(replay, game)
    if game.due and _merger_round_begins(replay, game, action):
        for target in list(game.due):
            _found(replay, game, target)
        game.due = []
    if kind == "special_buy":
        return "none"
    if game.discarding is not None and action.get("entity") == game.discarding and kind in (
            "pass", "discard_train"):
        return "none"
    return None


def _merger_round_begins(replay: ReplayState, game: Game1893, action: dict) -> bool:
    """Whether ``action`` comes after the operating round the founding waits out: a
    player's action of a stock, merger or auction round, or a company operating again."""
    if action.get("entity_type") == "player":
        return action["type"] != "buy_company"
    if not replay.in_operating_rounds:
        return True
    if (replay.round_set, replay.round_in_set) != game.due_round:
        return True
    entity = action.get("entity")
    return entity in replay.operated and entity != replay.operating


def replay_action(replay: ReplayState, action: dict) -> bool | None:
    game = _game(replay)
    kind = action["type"]
    if kind == "special_buy":
        if action.get("description") not in ("yes", "no"):
            raise InputError("description", f"expected a vote yes or no, got "
                                            f"{action.get('description')!r}")
        game.votes.append(action["description"])
        return True
    if kind == "sell_company" and action.get("entity_type") == "player":
        return True
    if game.discarding is not None and action.get("entity") == game.discarding and (
            kind == "pass"):
        game.discarding = None
        return True
    if kind == "buy_train":
        replay.buy_train(action)
        _train_events(replay, game, str(action.get("train", "")).rpartition("-")[0])
        return True
    return None


def _train_events(replay: ReplayState, game: Game1893, name: str) -> None:
    if name in game.trains_seen:
        return
    game.trains_seen.add(name)
    for target, on in BUYABLE_ON.items():
        if name == on and target not in game.founded:
            game.mergeable.append(target)
    for target, on in FOUNDED_ON.items():
        if name == on and target not in game.founded:
            game.due.append(target)
            game.due_round = (replay.round_set, replay.round_in_set)


def _count(replay: ReplayState, game: Game1893) -> None:
    """A run of votes is over: its last vote ended the count of the one corporation
    offered (``handle_vote``)."""
    votes, game.votes = game.votes, []
    offered = [t for t in game.mergeable if t not in game.founded and t not in game.due]
    if len(offered) != 1:
        raise InputError("special_buy", "the votes of a merger round offering "
                                        f"{' and '.join(offered) or 'nothing'} are not followed")
    if votes[-1] == "yes":
        _found(replay, game, offered[0])


def _found(replay: ReplayState, game: Game1893, target: str) -> None:
    """``target`` is founded from its minors (engine ``form_mergable``)."""
    game.founded.add(target)
    for minor in MERGING[target]:
        for hex_id, city in replay.cities_of(minor):
            replay.replace_token(hex_id, city, minor, None)
            replay.put_token(hex_id, city, target)
        replay.take_trains(minor, target)
        replay.close(minor)
    if replay.trains.get(target):
        game.discarding = target
