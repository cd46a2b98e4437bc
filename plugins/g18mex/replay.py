"""18MEX game logs replayed (``trainrun.replay.gamelog``; docs/rules/18mex.md §6).

Engine ``G18MEX::Game`` (g_18_mex/game.rb) and its steps:

* Setup: the minors A, B and C hold the bank's first three 2 trains (``2-0`` to ``2-2``,
  ``setup``) and their tokens, printed on the map (``data/map.json``); every other home
  token goes down as its corporation first operates (base.rb ``HOME_TOKEN_TIMING``).
* A lay on Mexico City (O10) or Puebla (P11) lays the paired tile, its name with ``MC`` and
  ``P`` swapped, on the other hex at rotation 0 (step/track.rb
  ``lay_in_other_hex_of_double_hex``), with no action of its own.
* The first 3' closes the minors (``event_minors_closed!``, ``merge_and_close_minor``):
  their tokens leave the board and their trains the game.
* The first 5 starts the NdM merger (``event_ndm_merger!``) if NdM has floated (here: NdM
  has operated). The candidates decide in the log: a parred corporation's ``pass``
  declines, NdM's ``pass`` declines the first corporation not yet parred (while two or
  more are left), ``merge`` merges its ``corporation``. When the log goes on with no
  merger decided, the engine merged the one candidate left if it was not floated
  (``possible_auto_merge``): here the one corporation never parred; with none, no merger,
  unless a parred corporation has not operated yet (floated or not, which decides whether
  it was a candidate: not followed, the replay stops); with more, NdM had to choose and
  the log is inconsistent (it stops). A merger (``merge_major``): NdM gains two exchange
  tokens; the major's home token becomes NdM's (or, where NdM is already in that city,
  leaves; if never placed, NdM takes its home city); its tokens in cities NdM holds leave;
  the rest become NdM's while exchange tokens remain, else NdM's ``assign`` names the hex
  of the one kept (``select_ndm_city``) and the rest leave; its trains go to NdM and it
  closes. The merger's decisions open no turn.
* The 6' makes the 4s obsolete (engine TRAINS ``obsolete_on``): each runs once more and
  leaves the game after its company's dividend, paid or skipped (base.rb ``rust_trains!``,
  step/dividend.rb ``rust_obsolete_trains!``).
* The privates' closing on the first 5 changes neither the board nor any company's
  trains. No train is exported.

Optional rules that change what the replay follows (``delay_minor_close``,
``hard_rust_t4``, ``baja_variant``, ``triple_yellow_first_or``) are refused.
"""
from __future__ import annotations

from trainrun.plugins.api import InputError, ReplayRules, ReplayState

MINORS = ("A", "B", "C")
NDM = "NdM"
NEVER_MERGE = ("FCP", "TM")
MINORS_CLOSE_ON, MERGER_ON = "3'", "5"
DOUBLE_HEX = {"O10": "P11", "P11": "O10"}
EXCHANGE_TOKENS = 2
OBSOLETE, OBSOLETE_ON = ("4",), "6'"   # engine TRAINS: the 4 is obsolete on the 6'
UNFOLLOWED_OPTIONS = ("delay_minor_close", "hard_rust_t4", "baja_variant",
                      "triple_yellow_first_or")


def replay_rules(settings: dict) -> ReplayRules:
    options = settings.get("optional_rules") or ()
    refused = [o for o in UNFOLLOWED_OPTIONS if o in options]
    if refused:
        raise InputError("settings.optional_rules", f"trainrun does not replay 18MEX with "
                                                    f"{', '.join(refused)}")
    # the minors' reserved shares and the merged majors' presidents' NdM shares go out at
    # events the log does not show (engine g_18_mex/game.rb ``merge_and_close_minor``,
    # the NdM merger)
    return ReplayRules(shares_unlogged=("NdM", "UdY"))


class Game18MEX:
    """This title's bookkeeping on a replay (``ReplayState.books``)."""

    def __init__(self, replay: ReplayState):
        self.set_up = False
        self.parred: set[str] = set()
        self.minors_closed = False
        self.merger_done = False
        self.merging = False                  # the merger's decisions under way
        self.declined: set[str] = set()       # the candidates that declined
        self.declined_unparred: set[str] = set()
        self.six_prime = False                # the 6' has come: the 4s are obsolete
        self.ran: str | None = None           # the company that just ran
        self.assigning: str | None = None     # the major whose kept token NdM names


def _game(replay: ReplayState) -> Game18MEX:
    return replay.books(Game18MEX)


def replay_round(replay: ReplayState, action: dict) -> str | None:
    """The merger's decisions open no turn; a log going on past them settles the merger;
    a company that ran with no dividend to follow loses its obsolete trains; before the
    first action, the minors' trains."""
    game = _game(replay)
    if not game.set_up:
        game.set_up = True
        for n, minor in enumerate(MINORS):
            replay.buy_train({"type": "buy_train", "id": action["id"], "entity": minor,
                              "entity_type": "minor", "train": f"2-{n}"})
    if game.ran is not None and not (action["type"] == "dividend"
                                     and action.get("entity") == game.ran):
        _obsolete_trains_leave(replay, game)
    if game.merging:
        if _merger_decision(replay, game, action):
            return "none"
        _settle_merger(replay, game)
    if game.assigning is not None and action["type"] == "assign":
        return "none"
    return None


def _merger_decision(replay: ReplayState, game: Game18MEX, action: dict) -> bool:
    """Whether ``action`` decides the merger: a ``merge``; a ``pass`` by a corporation
    that may be a candidate (parred, not declined yet), or by NdM while two candidates not
    floated are left for it to choose from (engine ``merge_decider``)."""
    if action.get("entity_type") != "corporation" or action["type"] not in ("pass", "merge"):
        return False
    entity = action.get("entity")
    if action["type"] == "merge":
        return True
    if entity == NDM:
        return len(_unparred(replay, game)) > 1
    return entity in game.parred and entity not in NEVER_MERGE and entity not in game.declined


def replay_action(replay: ReplayState, action: dict) -> bool | None:
    game = _game(replay)
    kind = action["type"]
    if kind == "par" and isinstance(action.get("corporation"), str):
        game.parred.add(action["corporation"])
    elif game.merging and _merger_decision(replay, game, action):
        _decide(replay, game, action)
        return True
    elif game.assigning is not None and kind == "assign":
        _assign(replay, game, action)
        return True
    elif kind == "lay_tile" and action.get("hex") in DOUBLE_HEX:
        replay.lay_tile(action)
        _lay_paired(replay, action)
        return True
    elif kind == "buy_train":
        replay.buy_train(action)
        _train_events(replay, game, str(action.get("train", "")).rpartition("-")[0])
        return True
    elif kind == "run_routes" and game.six_prime:
        game.ran = replay.operator(action)
    elif kind == "dividend" and game.ran is not None:
        _obsolete_trains_leave(replay, game)
    return None


def _obsolete_trains_leave(replay: ReplayState, game: Game18MEX) -> None:
    """After its run, the dividend paid or skipped, the company's obsolete trains leave
    the game (engine step/dividend.rb ``rust_obsolete_trains!``)."""
    company, game.ran = game.ran, None
    assert company is not None
    replay.retire_trains(company, [t for t in replay.trains.get(company, ())
                                   if t.name in OBSOLETE])


def _lay_paired(replay: ReplayState, action: dict) -> None:
    laid = str(action["tile"]).rpartition("-")[0]
    paired = laid.removesuffix("P") + "MC" if laid.endswith("P") else laid.replace("MC", "P")
    if paired not in replay.title.tiles:
        raise InputError("tile", f"no tile {paired!r} pairs with {laid} on "
                                 f"{DOUBLE_HEX[action['hex']]}")
    replay.lay_as_logged(DOUBLE_HEX[action["hex"]], f"{paired}-0", 0)


def _train_events(replay: ReplayState, game: Game18MEX, name: str) -> None:
    if name == MINORS_CLOSE_ON and not game.minors_closed:
        game.minors_closed = True
        for minor in MINORS:
            replay.close(minor)
    if name == OBSOLETE_ON:
        game.six_prime = True
    if name == MERGER_ON and not game.merger_done:
        game.merger_done = True
        game.merging = NDM in replay.homed


# ---- the NdM merger -------------------------------------------------------------------

def _unparred(replay: ReplayState, game: Game18MEX) -> list[str]:
    """The corporations never parred that may merge, in charter order (engine
    ``mergeable_corporations``: the first choice among the non-floated ones)."""
    return [c for c in replay.title.companies if c not in MINORS and c != NDM
            and c not in NEVER_MERGE and c not in game.parred
            and c not in game.declined_unparred]


def _decide(replay: ReplayState, game: Game18MEX, action: dict) -> None:
    if action["type"] == "merge":
        major = action.get("corporation")
        if not isinstance(major, str) or major not in replay.title.companies or major in (
                NDM, *NEVER_MERGE, *MINORS):
            raise InputError("corporation", f"{major!r} cannot merge into NdM")
        game.merging = False
        _merge(replay, game, major)
    elif action["entity"] == NDM:   # NdM declines the first candidate not floated
        unparred = _unparred(replay, game)
        if not unparred:
            raise InputError("entity", "NdM declines a merger candidate trainrun does not know")
        game.declined_unparred.add(unparred[0])
    else:
        game.declined.add(action["entity"])


def _settle_merger(replay: ReplayState, game: Game18MEX) -> None:
    """The log goes on with the merger undecided: the engine merged the one candidate
    left if it was not floated, or none."""
    game.merging = False
    unparred = _unparred(replay, game)
    if len(unparred) > 1:
        raise InputError("merge", f"NdM chooses which of {', '.join(unparred)} merges into "
                                  "it, and the log does not say")
    if unparred:
        _merge(replay, game, unparred[0])
        return
    unsure = [c for c in sorted(game.parred) if c not in replay.homed and c != NDM
              and c not in NEVER_MERGE and c not in game.declined
              and c in replay.title.companies]
    if unsure:
        raise InputError("merge", f"whether {', '.join(unsure)} (parred, not yet operated) "
                                  "merged into NdM is not followed")


def _home_city(replay: ReplayState, major: str) -> tuple[str, int] | None:
    home = replay.title.companies[major].get("home")
    if not isinstance(home, str) or home not in replay.board:
        return None
    placed = replay.board[home]
    cities = [n.index for n in placed.tile.nodes if n.kind == "city"]
    reserved = [i for i in cities if i in placed.tokens and major in placed.tokens[i].reserved]
    return (home, (reserved or cities or [0])[0])


def _merge(replay: ReplayState, game: Game18MEX, major: str) -> None:
    """``major`` merges into NdM (engine ``merge_major``)."""
    exchange = EXCHANGE_TOKENS
    replay.set_extra_tokens(NDM, replay.extra_tokens.get(NDM, 0) + EXCHANGE_TOKENS)

    def ndm_holds(hex_id: str, city: int) -> bool:
        tokens = replay.board[hex_id].tokens.get(city)
        return tokens is not None and NDM in tokens.holders()

    home = _home_city(replay, major)
    placed_home = [hc for hc in replay.cities_of(major) if home and hc[0] == home[0]]
    replay.remove_reservations(major)
    if placed_home:
        hex_id, city = placed_home[0]
        if ndm_holds(hex_id, city):
            replay.replace_token(hex_id, city, major, None)
        else:
            replay.replace_token(hex_id, city, major, NDM)
            exchange -= 1
    elif home is not None and not ndm_holds(*home):
        replay.put_token(home[0], home[1], NDM)
        exchange -= 1
    for hex_id, city in replay.cities_of(major):
        if ndm_holds(hex_id, city):
            replay.replace_token(hex_id, city, major, None)
    remaining = replay.cities_of(major)
    replay.take_trains(major, NDM)
    if len(remaining) <= exchange:
        for hex_id, city in remaining:
            replay.replace_token(hex_id, city, major, NDM)
        replay.close(major)
    else:
        game.assigning = major


def _assign(replay: ReplayState, game: Game18MEX, action: dict) -> None:
    """NdM keeps the merged major's token in the hex it names; the others leave (engine
    ``select_ndm_city``)."""
    major = game.assigning
    assert major is not None
    kept = [hc for hc in replay.cities_of(major) if hc[0] == action.get("target")]
    if not kept:
        raise InputError("target", f"{major} has no token in {action.get('target')!r}")
    replay.replace_token(*kept[0], major, NDM)
    replay.close(major)
    game.assigning = None
