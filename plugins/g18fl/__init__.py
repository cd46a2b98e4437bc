"""18FL: compiled from the 18xx.games engine; its runs checked against its recorded games,
the turn's moves not yet (``trainrun titles`` says so).

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
(``trainrun.turn.abilities``); optional rules (``options.json``) are not applied; its game
logs are not replayed (no replay rules).

Data: ``data/`` is ``tools/compile_title.py`` output for the 18xx.games engine's 18FL
(folders ``g_18_fl``), a new game with no optional rules;
``python tools/compile_title.py ENGINE_DIR "18FL" --check`` shows what a newer engine
changes.
"""
from pathlib import Path

from trainrun.plugins.api import Position, TitleInfo, city_circles_by_hex, hookimpl

UNCHECKED = ("moves", "apply", "advise")   # the turn's rules, not yet compared with the engine


@hookimpl
def trainrun_title() -> TitleInfo:
    return TitleInfo(name="18FL", data=Path(__file__).parent / "data",
                     description="Florida, USA; trains 2, 3, 4, 5, 6",
                     unchecked=UNCHECKED)


@hookimpl
def trainrun_exclusive_stops(position: Position) -> list[frozenset[str]]:
    """No hex visited twice (engine ``revenue_for``): one city of a hex with two."""
    return city_circles_by_hex(position)
