"""18FL: compiled from the 18xx.games engine; its runs, legal lays and tokens checked against
its recorded games (a token costs the charter's price per hex to the nearest own station).

Runs (engine ``G18FL::Game#revenue_for``) are the shared rules (``plugins/defaults.py``,
``docs/rules/common.md``) with:

* hotels: a stop bonus family (docs/rules/common.md §9.4, ``data/bonuses.json``): each
  stop a route pays on a hex showing the company's icon +$10, +$20 once the phase doubles
  hotels (``hotels_doubled``), a stop worth $0 to the train (a 3E's towns) too;
* the Steamboat (POSC): +$20 to a route paying the hex it is assigned to, where it is
  assigned to the company too (docs/rules/common.md §9.4);
* no hex visited twice: a route visits one of Jacksonville's (B23) two cities
  (``trainrun_exclusive_stops``);
* a 3E train pays 3 cities double and no towns (its distance rows). The engine's
  ``revenue_for`` means to leave a 3E's hotels out and to ask it two paying cities, but
  reads the train's variant by a string key its variants do not have (``variant['name']``
  of a hash with symbol keys), so neither applies, in its recorded runs and its
  auto-router alike; trainrun follows the engine.

Private companies' abilities are data (``privates.json``) the shared rules read
(``trainrun.turn.abilities``), with one change of the engine's step: the Terminal
Company's token (an ``extra_action`` token ability, held by a player) is a new token of
the operating company, not one of its charter (``trainrun_special_token_own``); optional
rules (``options.json``) are not applied. Its game logs replay by the shared replay's rules
and its own (``replay``): home tokens at setup, hotels, the Steamboat's assignment, the
Terminal Company's token beside a city's slots, the port's closing and the hurricane; a
replayed position carries no ``privates`` or private abilities (``trainrun titles``).

Data: ``data/`` is ``tools/compile_title.py`` output for the 18xx.games engine's 18FL
(folders ``g_18_fl``), a new game with no optional rules;
``python tools/compile_title.py ENGINE_DIR "18FL" --check`` shows what a newer engine
changes.
"""
from pathlib import Path

from trainrun.plugins.api import (
    InputError,
    Position,
    ReplayRules,
    ReplayState,
    TitleInfo,
    charter_token_price,
    city_circles_by_hex,
    hexes_to_nearest,
    hookimpl,
    special_token_ability,
)

from . import replay as _replay


@hookimpl
def trainrun_title() -> TitleInfo:
    return TitleInfo(name="18FL", data=Path(__file__).parent / "data",
                     description="Florida, USA; trains 2, 3, 4, 5, 6",
                     not_modelled=(
                         "import: a replayed position does not say who holds each private "
                         "(privates) nor the Tallahassee Railroad's lay ability its holder's "
                         "corporation may use",))


@hookimpl
def trainrun_special_token_own(position: Position) -> bool:
    """A private's ``extra_action`` token (the Terminal Company's) is a new token of the
    operating company, beside its charter's (engine g_18_fl/step/special_token.rb
    ``available_tokens``, ``adjust_token_price_ability!``); another private's is as its
    ability says."""
    ability = special_token_ability(position)
    return not ability.extra_action and ability.from_owner


@hookimpl
def trainrun_exclusive_stops(position: Position) -> list[frozenset[str]]:
    """No hex visited twice (engine ``revenue_for``): one city of a hex with two."""
    return city_circles_by_hex(position)


@hookimpl
def trainrun_token_cost(position: Position, hex_id: str, city: int) -> int:
    """The charter's token price times the hexes from the city to the nearest city holding
    the company's token, the city's own hex not counted (engine g_18_fl/step/token.rb
    ``token_cost_override``)."""
    tokened = {h for h, placed in position.board.items()
               if any(position.company in c.holders() for c in placed.tokens.values())}
    hexes = hexes_to_nearest(position, position.node_id(hex_id, city), tokened)
    if hexes is None:
        raise InputError("token", f"{hex_id} has no track to a token of {position.company}")
    return charter_token_price(position) * hexes


@hookimpl
def trainrun_replay_rules() -> ReplayRules:
    """The shared replay's rules, no train exported; every home token is placed at the
    game's start by ``replay`` (``trainrun_replay_round``)."""
    return ReplayRules()


@hookimpl
def trainrun_replay_round(replay: ReplayState, action: dict) -> str | None:
    """Every home token on the board from the game's start (``replay``)."""
    return _replay.replay_round(replay, action)


@hookimpl
def trainrun_replay_action(replay: ReplayState, action: dict) -> bool | None:
    """Hotels, the Steamboat, the Terminal Company's token, the port's closing and the
    hurricane (``replay``)."""
    return _replay.replay_action(replay, action)
