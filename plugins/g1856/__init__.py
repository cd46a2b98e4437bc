"""1856: compiled from the 18xx.games engine; runs, legal lays and tokens checked against its
recorded games (docs/rules/1856.md; what is not modelled, ``trainrun titles`` says).

Runs are scored by the shared rules (``plugins/defaults.py``, ``docs/rules/common.md``)
and the bonus families (docs/rules/common.md §9) its ``data/bonuses.json`` declares: the
Great Lakes Shipping port (+$20 for a route paying the hex assigned GLSC, where GLSC is
assigned to the company) and the ``hex_bonus`` abilities (their amount at each stop on
their hexes: engine ``G1856::Game#revenue_for``) are stop bonuses of the shared
families.

Private companies' abilities are data (``privates.json``) the shared rules read
(``trainrun.turn.abilities``); optional rules (``options.json``) are not applied. The
Canadian Government Railway's tokens, all from the merger that forms it, cost $100 each
(``trainrun_token_cost``). Its game logs replay by the shared replay's rules and its own
(``replay``, docs/rules/1856.md §5): destinations, the GLSC port, the tunnel and bridge
rights, the CGR's formation (merges, tokens exchanged and taken off) and borrowed trains;
a replayed position does not say who holds each private nor their abilities
(``trainrun titles``).

Data: ``data/`` is ``tools/compile_title.py`` output for the 18xx.games engine's 1856
(folders ``g_1856``), a new game with no optional rules;
``python tools/compile_title.py ENGINE_DIR "1856" --check`` shows what a newer engine
changes.
"""
from pathlib import Path

from trainrun.plugins.api import (
    Position,
    ReplayRules,
    ReplayState,
    Tile,
    TitleInfo,
    default_upgrades_to,
    future_label,
    hookimpl,
    path_exits,
)

from . import replay as _replay

NEVER_UPGRADED = "470"
# brown Hamilton's hex by title (1836Jr56, on 1856's rules, has none on its map)
HAMILTON, HAMILTON_BROWN_TO = {"1856": "L15"}, "123"
# in a phase with gray tiles a town tile may become the city or the plain track of its shape
# (docs/rules/1856.md §3)
GRAY_PHASE_UPGRADES = {"55": {"14"}, "1": {"14"}, "56": {"15"}, "2": {"15"}, "3": {"5", "7"},
                       "4": {"57", "9"}, "58": {"6", "8"}}


@hookimpl
def trainrun_title() -> TitleInfo:
    return TitleInfo(name="1856", data=Path(__file__).parent / "data",
                     description="Ontario, Canada; trains 2, 3, 4, 5, 6, D",
                     not_modelled=NOT_MODELLED)


# what 1856 and 1836Jr56 (on 1856's rules) do not follow (``trainrun titles``)
NOT_MODELLED = (
    "import: a replayed position does not say who holds each private (privates) nor the "
    "private abilities its corporation may use",
    "game logs: a bankrupt (the replay stops at it)")


# the national (formed by the first 6's merger) and its tokens' price (engine ``national``,
# ``national_token_price``): it has no charter tokens, only those the merger gives it
NATIONALS, NATIONAL_TOKEN_PRICE = {"1856": "CGR", "1836Jr56": "MESS"}, 100


@hookimpl
def trainrun_token_cost(position: Position, hex_id: str, city: int) -> int | None:
    """The national's tokens cost $100 each, all from the merger (engine
    ``national_token_price``; its ``tokens_left`` the replay gives); others' their charter's
    price (the shared rule)."""
    if position.company == NATIONALS.get(position.title.name):
        return NATIONAL_TOKEN_PRICE
    return None


def _gray_phase(position: Position) -> bool:
    return "gray" in position.phase.colours


@hookimpl
def trainrun_upgrades_to(position: Position, hex_id: str, old: Tile,
                         tiles: list[Tile]) -> list[Tile]:
    """Tile 470 is never upgraded; brown Hamilton becomes only 123; with gray tiles in the
    phase a town tile becomes the city or the plain track of its shape (and not before);
    otherwise the shared rule (engine g_1856/game.rb ``upgrades_to?``;
    docs/rules/1856.md §3)."""
    if old.name == NEVER_UPGRADED:
        return []
    if hex_id == HAMILTON.get(position.title.name) and old.color == "brown":
        return [t for t in tiles if t.name == HAMILTON_BROWN_TO]
    special = GRAY_PHASE_UPGRADES.get(old.name, set())
    label = future_label(position, hex_id, old)
    return [t for t in tiles if (_gray_phase(position) if t.name in special
                                 else default_upgrades_to(old, t, label))]


@hookimpl
def trainrun_track_kept(position: Position, hex_id: str, old: Tile, old_rotation: int,
                        new: Tile, rotation: int) -> bool | None:
    """A town tile replaced in a gray phase keeps its track where each of its edges is an
    edge of the new tile (the town goes, so the shared test, which keeps towns, does not
    apply; docs/rules/1856.md §3)."""
    if new.name not in GRAY_PHASE_UPGRADES.get(old.name, ()):
        return None
    mine = set().union(*path_exits(new, rotation))
    return set().union(*path_exits(old, old_rotation)) <= mine


@hookimpl
def trainrun_replay_rules(settings: dict) -> ReplayRules:
    """The shared replay's rules: home tokens as each corporation first operates, no train
    exported (``replay``)."""
    return _replay.replay_rules(settings)


@hookimpl
def trainrun_replay_round(replay: ReplayState, action: dict) -> str | None:
    """The borrowed train back as the national's turn ends; the national formed once the
    merges are over (``replay``)."""
    return _replay.replay_round(replay, action)


@hookimpl
def trainrun_replay_action(replay: ReplayState, action: dict) -> bool | None:
    """Destinations, the port, the tunnel and bridge rights, the first 4's, 5's and 6's
    events, the national's merges, tokens and borrowed trains (``replay``)."""
    return _replay.replay_action(replay, action)
