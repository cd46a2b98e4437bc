"""18GB: compiled from the 18xx.games engine; runs checked against its recorded games
where tests/data has them, the turn's moves not yet (``trainrun titles`` says so).

Runs are scored by the shared rules (``plugins/defaults.py``, ``docs/rules/common.md``) and
the shared families its ``data/bonuses.json`` declares (docs/rules/common.md §9; engine
``G18GB::Game#revenue_for``):

* each hex's stops pay once a route (``hex_once``, docs/rules/common.md §9.7: engine
  ``stops.uniq { |s| s.hex.name }``): a route through both cities of an OO tile pays one;
* the plus trains (2+1 to 5+2: n cities, off-boards or towns and m more towns, every stop
  paying) are the shared rule of two limited rows (docs/rules/common.md §4.2), and the
  express trains' towns (4X to 6X: free, paying nothing) a row of pay 0.

Not modelled, each mattering only on some positions, which are answered "not proven"
naming it (``trainrun_runs_not_modelled``, docs/rules/common.md §9.5); every other
position is answered as any title's:

* the compass bonuses (engine ``compass_bonuses``, ``route_sets``): a set of the run's
  routes that meet at a stop other than an off-board, whose track touches both a north
  and a south hex (or an east and a west one: the hexes showing those icons), earns the
  value of the NS (or EW) bonus off-board, the engine choosing the sets that earn the
  most. A run-wide rule over the routes' meetings no family expresses; it can matter
  only where the company's track network touches hexes of both icons of a pair;
* the estuary crossings (engine ``estuary_bonuses``): a route over the dual-gauge track
  of the FT tile in I4 earns +40, of the S tile in C22 +30, and not over their other
  track; it can matter only where the network touches I4 or C22 with such a tile laid;
* the express (X) trains' bonus (engine ``distance_bonus``): +10 per hex as the crow flies
  between the route's first and last stops on a hex with a city or off-board; it matters
  wherever the company holds an X train (``TitleInfo.train_runs_not_modelled``);
* the hex bonuses of the privates SD (J13, +10), LM (E14, +30) and CH (C14, +20) paid to
  the trains of every company the private's holder presides once it is closed (engine
  ``revenue_bonuses``: value 0): a position does not say whether a private is closed, so
  it can matter wherever the president holds one and the network reaches its hex;
* a company with no train leases the bank's cheapest while it is insolvent (engine
  ``route_trains``): a position does not say whether the company is insolvent, so it can
  matter wherever the company holds no train.

Private companies' abilities are data (``privates.json``) the shared rules read
(``trainrun.turn.abilities``); optional rules (``options.json``) are not applied (a
position gives the board of its scenario, 2EW's included); its game logs are not replayed
(no replay rules).

Data: ``data/`` is ``tools/compile_title.py`` output for the 18xx.games engine's 18GB
(folders ``g_18_gb``), a new game with no optional rules; ``bonuses.json`` is written by
hand from the engine's ``revenue_for``. ``python tools/compile_title.py ENGINE_DIR "18GB"
--check`` shows what a newer engine changes.
"""
from pathlib import Path

from trainrun.plugins.api import Position, TitleInfo, hookimpl, track_network

UNCHECKED = ("moves", "apply", "advise")   # the turn's rules, not yet compared with the engine
COMPASS = ("compass bonuses of a set of the run's routes meeting at a stop, whose track "
           "touches north and south (or east and west) hexes (engine "
           "G18GB::Game#compass_bonuses, route_sets)")
ESTUARY = ("estuary crossings: +40 over the dual track of I4's FT tile, +30 over C22's S "
           "tile (engine G18GB::Game#estuary_bonuses)")
EXPRESS = ("express trains' bonus of 10 per hex as the crow flies between the route's "
           "first and last city or off-board (engine G18GB::Game#distance_bonus)")
PRIVATE_BONUS = ("hex bonuses of a closed private the president holds (SD J13 +10, LM E14 "
                 "+30, CH C14 +20; engine G18GB::Game#revenue_bonuses): whether it is "
                 "closed is not in the position")
LEASED = ("an insolvent company's train leased from the bank (engine "
          "G18GB::Game#route_trains): whether the company is insolvent is not in the "
          "position")
COMPASS_PAIRS = (("north", "south"), ("east", "west"))
ESTUARIES = {"I4": "FT", "C22": "S"}            # hex -> label of the tile with the crossing
PRIVATE_HEXES = {"SD": "J13", "LM": "E14", "CH": "C14"}


@hookimpl
def trainrun_title() -> TitleInfo:
    return TitleInfo(name="18GB", data=Path(__file__).parent / "data",
                     description="Great Britain; trains 2+1, 3+1, 4+2, 5+2, 4X, 5X, 6X",
                     unchecked=UNCHECKED,
                     train_runs_not_modelled=tuple((name, EXPRESS)
                                                   for name in ("4X", "5X", "6X")),
                     not_modelled=(COMPASS, ESTUARY, PRIVATE_BONUS, LEASED))


@hookimpl
def trainrun_runs_not_modelled(position: Position) -> list[str]:
    """The rules of 18GB's runs not modelled that can change this position's run (the
    module docstring): each only where the company's track network could earn it."""
    network = track_network(position)
    touched: set[str] = set()
    for a, b, key in network.edges(keys=True):
        touched |= network.edges[a, b, key]["hexes"]
    stop_hexes = {node.rsplit("-", 1)[0] for node in network.nodes}
    out = []
    icons = {icon for h in touched for icon in position.board[h].icons}
    if any(a in icons and b in icons for a, b in COMPASS_PAIRS):
        out.append(COMPASS)
    if any(h in touched and label in position.board[h].tile.labels
           and any(p.track == "dual" for p in position.board[h].tile.paths)
           for h, label in ESTUARIES.items()):
        out.append(ESTUARY)
    if any(position.privates.get(sym) == "president" and h in stop_hexes
           for sym, h in PRIVATE_HEXES.items()):
        out.append(PRIVATE_BONUS)
    if not position.trains:
        out.append(LEASED)
    return out
