"""1871 (The Old Prince): H trains by hex edges, + trains, the PEIR (docs/rules/1871.md).

* 2H-6H cross at most n hex edges; sea and gray track hexes count like any hex;
  every visited location scores (docs/rules/1871.md §2.1).
* 2+, 3+, 4+ visit at most n cities or off-boards plus any towns; everything scores.
  The engine's distance rows already say so (read by the shared rules).
* 7 counts every stop, D is unlimited (docs/rules/1871.md §2.3).
* "A route needs two revenue centers — a city among them for a + train": every route
  needs a company station (docs/rules/1871.md §2.4), which is a city, and at least two
  stops, so the shared rules already enforce it.
* The PEIR runs from any of its tokens and its tokens block like any token: the shared
  station and blocking rules. The neutral token ``N`` printed on Malpeque Shipyard G11
  blocks token placement, never running (docs/rules/1871.md §4.2): data (``neutral`` in
  ``data/companies.json``), read by the shared blocking rule.
* Off-boards pay the newest colour they define (``Node.value_in``, docs/rules/common.md §5.1).
* Data: ``data/`` is ``tools/import_title.py`` output of the 18xx.games export, less the
  setup tokens of the export's game (PEIR tokens, Mainline and Shortline homes): they
  depend on the draw (docs/rules/1871.md §7), so positions list them. Only G11's neutral token
  is printed on the map.
* Hunslet (P7, docs/rules/1871.md §5): ``trainrun_next_train`` names the train the bank
  sells next, for ``trainrun.turn.purchase.solve_buying_next_train``.
"""
from __future__ import annotations

from pathlib import Path

from trainrun.plugins.api import (
    InputError,
    LayRight,
    Position,
    ReplayRules,
    ReplayState,
    TitleInfo,
    Train,
    TrainRules,
    default_upgrades_to,
    h_train_rules,
    hookimpl,
)

from . import replay as _replay
from . import setup

PEIR = "PEIR"
HUNSLET_FROM = "4H"      # the first phase in which a company may own the Hunslet


@hookimpl
def trainrun_title() -> TitleInfo:
    return TitleInfo(name="The Old Prince 1871", data=Path(__file__).parent / "data",
                     aliases=("1871", "The Old Prince"),
                     description="Prince Edward Island; H trains by hex edges, + trains, "
                                 "7 and D; the PEIR")


@hookimpl
def trainrun_train_rules(position: Position, train: Train) -> TrainRules | None:
    # 2H-6H by hex edges; + rows, 7 and D (None): the engine's distance as the shared
    # rules read it
    return h_train_rules(train)


@hookimpl
def trainrun_next_train(position: Position) -> str | None:
    """The Hunslet buys the next train from the bank; the PEIR may never own it, and
    nobody may before phase 4H (docs/rules/1871.md §5)."""
    if position.company == PEIR:
        raise InputError("company", "the PEIR may not buy the Hunslet")
    phases = list(position.title.phases)
    if phases.index(position.phase.name) < phases.index(HUNSLET_FROM):
        raise InputError("phase", f"the Hunslet can be bought from phase {HUNSLET_FROM}, "
                                  f"this is phase {position.phase.name}")
    return None   # which train: the shared rule (title_state.next_train or the phase's train)


# Lays (engine ``TILE_LAYS``): the first lay may be an upgrade; a second, yellow only and
# $20, only when the first was not an upgrade. Tile 9 (straight track) needs the SBC
# private, which the president must hold (``privates``: ``{"SBC": "president"}``).
LAYS = [LayRight(True, True), LayRight("not_if_upgraded", False, cost=20)]


@hookimpl
def trainrun_tile_lays(position: Position) -> list[LayRight]:
    return LAYS


@hookimpl
def trainrun_upgrades_to(position: Position, hex_id: str, old, tiles) -> list:
    sbc = position.privates.get("SBC") == "president"
    return [new for new in tiles if (new.name != "9" or sbc)
            and default_upgrades_to(old, new, position.title.hexes[hex_id].future_label)]


@hookimpl
def trainrun_replay_rules(settings: dict) -> ReplayRules:
    """The setup drawn from the game's seed (``setup``): the Mainline's and Shortline's home
    tokens from the start, PEIR tokens in the other homes (each gives way to its railroad's
    as it floats: ``replay``); the players seated in the order they passed
    (``first_to_pass``: docs/rules/1871.md §9)."""
    tokens, reserved = setup.setup_tokens(setup.draw(settings.get("seed")))
    return ReplayRules(tokens=tokens, reserved=reserved, seat_order="first_to_pass")


@hookimpl
def trainrun_replay_action(replay: ReplayState, action: dict) -> bool | None:
    """The auction, shares and presidencies, floats (the PEIR token in a home gives way to
    its railroad's), the PEIR and splits (``replay``)."""
    return _replay.replay_action(replay, action)
