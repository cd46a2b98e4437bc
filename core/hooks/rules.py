"""Title-free descriptions of how a train runs, what a run earns and how track is laid.

Title plugins answer the hooks in ``trainrun.plugins.hookspecs`` with these
objects; the graph builder turns them into arrays for the enumerator and the
solver. Nothing here knows a title.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field


@dataclass(frozen=True)
class TrainRules:
    """How one train counts distance and which of its stops score.

    distance     ``"stops"``: sum of ``stop_cost`` over visited stops <= limit;
                 ``"edges"``: hex edges crossed plus ``hex_touch_cost`` of each
                 hex the route's track touches <= limit (H trains);
                 ``"unlimited"``.
    stop_cost    cost of a visit by node kind (kinds absent cost 1; 0 = free).
    pay_limit    score only the best ``pay_limit`` stops (1846's 4/6, 18NY's DE trains;
                 a station among them, ``station_paid``); None = all. A stop
                 that may not score (a DE train's untokened city) has value 0 from
                 ``trainrun_stop_value``, so it is never among the best. Among stops of
                 equal value, stops of a ``scored_only`` company bonus are chosen first,
                 then stops in board order (hex id, node index): see ``scoring_order``.
    multiplier   value multiplier by node kind (3D doubles cities, DE doubles all).
    requires_token  the route must include a city with one of the company's stations.
    station_paid    with a pay limit and ``requires_token``: the stops that pay must
                 include a station (the engine's ``compute_stops``: of the visited stops
                 the largest set that pays, at most ``pay_limit`` of them, holding a
                 token; 1846's 4/6). False: a station anywhere on the route will do
                 (18NY's DE trains, whose engine ``compute_stops`` checks the visited
                 stops). See ``paid_stops``.
    min_stops    fewest visited stops a route may have.
    cap, cap_kinds  with ``"stops"``, a second limit: the visits to stops of ``cap_kinds``
                 cost at most ``cap`` of the ``limit`` (1847 AE's 3+3: six stops, at most
                 three of them cities or off-boards; engine ``check_distance`` over two
                 rows of the train's distance). None = no second limit.
    passes       holders (companies) whose token in a slot of a city lets this train through
                 that city, as a neutral token lets every train through (18SJ's E trains and
                 the state railway's tokens: engine
                 ``G18SJ::Game#make_sj_tokens_passable_for_electric_trains``); the company's
                 other trains are blocked there as ``trainrun_city_blocks`` says.
    """

    distance: str
    limit: int = 0
    stop_cost: dict = field(default_factory=dict)
    hex_touch_cost: dict = field(default_factory=dict)
    pay_limit: int | None = None
    multiplier: dict = field(default_factory=dict)
    requires_token: bool = True
    min_stops: int = 2
    station_paid: bool = True
    cap: int | None = None
    cap_kinds: frozenset = frozenset()
    passes: frozenset = frozenset()

    @property
    def paid_station(self) -> bool:
        """Must the stops that pay include a station (a pay limit, a station required and
        ``station_paid``)?"""
        return bool(self.pay_limit) and self.requires_token and self.station_paid


@dataclass(frozen=True)
class RouteBonus:
    """An amount a route earns for each listed stop it scores or hex its track uses.

    Exactly one of ``stops`` (node ids ``HEX-i``) and ``hexes`` is set. A stop bonus is
    paid only where the stop scores: its value for this train is above 0 (or,
    ``on_worthless``, any value) and, for a train with a pay limit, it is among the
    stops chosen (the bonus counts in that choice, as in the engine). A hex bonus is
    paid once for each listed hex the route's track touches; with ``track`` (a path's
    track kind: ``broad``, ``narrow``, ``dual``) only where the route uses a path of that
    kind on the hex (18GB's estuary crossings: engine ``G18GB::Game#estuary_bonuses``).
    """

    name: str
    amount: int
    stops: frozenset = frozenset()
    hexes: frozenset = frozenset()
    on_worthless: bool = False   # paid at a listed stop worth $0 too (18FL's hotels at the
    #                              towns a 3E visits: engine ``revenue_for`` counts its stops)
    track: str | None = None     # with ``hexes``: only over a path of this track kind


@dataclass(frozen=True)
class PairBonus:
    """An amount a route earns when the stops it pays include one of ``first`` and one of
    ``second`` (docs/rules/common.md §9.1: 1846's east–west, 1882's East–Hudson): ``amount``
    plus the listed amount of the best such stop of each set (1846: each end's icon values).

    ``first`` and ``second`` map node ids (``HEX-i``) to that stop's own part of the bonus.
    ``min_second`` stops of ``second`` must pay, not one (18SJ's Bergslagen: +$50 more
    with two "b" stops). The stops that pay are those the engine's ``compute_stops``
    chooses with the bonus counted: under a pay limit, the best set of the stops visited
    with the bonus in its value (``best_paid``). Earned once per route; several pair
    bonuses add up.
    """

    name: str
    first: dict
    second: dict
    amount: int = 0
    trains: frozenset | None = None  # train names that can earn it; None = all
    min_second: int = 1

    def earned(self, paid: list[str]) -> int | None:
        """What a route whose paid stops are ``paid`` (node ids) earns of it, None if not."""
        ends = self.ends(paid)
        return None if ends is None else self.amount + self.first[ends[0]] + self.second[ends[1]]

    def ends(self, paid: list[str]) -> tuple[str, str] | None:
        """The stops of ``paid`` that earn it, one of each set (the first of the best),
        or None."""
        a = [s for s in paid if s in self.first]
        b = [s for s in paid if s in self.second]
        if not a or len(b) < max(1, self.min_second):
            return None
        return (max(a, key=lambda s: self.first[s]), max(b, key=lambda s: self.second[s]))

    def where(self, paid: list[str]) -> str:
        """The stops that earn it, as the breakdown names them: one of each set, or with
        ``min_second`` the first set's and every one of the second's."""
        ends = self.ends(paid)
        if ends is None:
            return ""
        if self.min_second > 1:   # every stop of the second set that counts
            return f"{ends[0]} & {', '.join(s for s in paid if s in self.second)}"
        return f"{ends[0]} & {ends[1]}"


@dataclass(frozen=True)
class PortRule:
    """A port stop's rule (docs/rules/common.md §9.6): a route visiting one of ``stops``
    (node ids) must visit at least ``min_stops`` stops, and its revenue changes by
    ``pays``: ``half`` adds half the route's revenue rounded down to $10 (1850Jr);
    ``per_token`` pays the port's value once per city on the route holding the company's
    token instead of once (1836Jr). Of two ports on one route the better counts."""

    name: str
    stops: frozenset
    min_stops: int = 3
    pays: str = "half"

    def revenue(self, revenue: int, port_values: list[int], tokened: int) -> int:
        """The route's revenue with the rule applied: ``revenue`` without it, the values
        of the ports it visits, ``tokened`` its cities holding the company's token."""
        if not port_values:
            return revenue
        if self.pays == "half":
            return revenue + revenue // 2 // 10 * 10
        return revenue + max(port_values) * (tokened - 1)

    def refusal(self, stops: int) -> str | None:
        """Why a route visiting a port and ``stops`` stops in all breaks the rule, or None."""
        if stops < self.min_stops:
            return (f"a route with a port ({self.name}) must visit {self.min_stops - 1} "
                    f"other stops")
        return None


@dataclass(frozen=True)
class HexOnce:
    """Each hex's stops pay once a route (docs/rules/common.md §9.7: 18GB, engine
    ``G18GB::Game#revenue_for``, ``stops.uniq { |s| s.hex.name }``): of the stops a route
    pays on one hex, only the first in the route's order does (``first_on_hex``). A route
    may be run either way, so the route search takes the better order. For trains with
    neither a pay limit nor pair bonuses (``trainrun.routes.enumeration`` refuses others).
    """

    name: str


@dataclass(frozen=True)
class EndDistance:
    """A route earns ``per_hex`` for each hex as the crow flies between the hexes of its
    first and last visited stops among ``ends`` (docs/rules/common.md §9.9: 18GB's express
    trains, engine ``G18GB::Game#distance_bonus``, ``hex_crow_distance``). ``ends`` maps
    each such stop (node id: a stop on a hex whose tile has a city or an off-board) to its
    hex's engine (x, y). Symmetric in the two ends, so the route's order does not matter;
    a route visiting fewer than two such stops on different hexes earns nothing."""

    name: str
    per_hex: int
    ends: dict = field(default_factory=dict)

    def where(self, visited: list[str]) -> tuple[str, str] | None:
        """(first, last) of the route's visited stops (node ids, in order) among ``ends``."""
        counted = [v for v in visited if v in self.ends]
        return (counted[0], counted[-1]) if counted else None

    def earned(self, visited: list[str]) -> int:
        """What the route visiting ``visited`` (node ids, in order) earns."""
        ends = self.where(visited)
        if ends is None:
            return 0
        return self.per_hex * crow_distance(self.ends[ends[0]], self.ends[ends[1]])


def end_distance_bonus(bonus: EndDistance, visited: list[str]) -> list[dict]:
    """The breakdown's entry of ``bonus`` for a route visiting ``visited`` (node ids, in
    order): its name, the two ends' hexes and the amount, none where it earns nothing."""
    amount = bonus.earned(visited)
    ends = bonus.where(visited)
    if not amount or ends is None:
        return []
    hexes = "-".join(v.rsplit("-", 1)[0] for v in ends)
    return [{"name": bonus.name, "where": hexes, "value": amount}]


def crow_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Hexes as the crow flies between hexes at engine (x, y) ``a`` and ``b`` (engine
    ``G18GB::Game#hex_crow_distance``: dx + max(0, (dy - dx) / 2), the division rounded
    down as Ruby's integer division of a non-negative number)."""
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    return dx + max(0, (dy - dx) // 2)


def first_on_hex(hexes: list[str], paid: list[bool]) -> list[bool]:
    """``paid`` (per stop of one route, in its order) with only the first paid stop of each
    hex (``hexes``, each stop's hex id) left paying (``HexOnce``)."""
    seen: set[str] = set()
    out = []
    for h, p in zip(hexes, paid):
        out.append(p and h not in seen)
        if p:
            seen.add(h)
    return out


@dataclass(frozen=True)
class CompanyBonus:
    """An amount paid once per run if any route of an eligible train visits a listed stop
    or runs through a listed hex (mining rights, connection bonuses).

    ``scored_only``: a listed stop counts only where it *scores* on the route: its value
    for the train is above 0 and, for a train with a pay limit, it is among the chosen
    stops (18NY connection bonuses on DE trains).
    ``all_hexes``: the route must visit a stop on every listed hex
    (docs/rules/common.md §9.2: 18AL's named trains); ``min_visited``: it must visit at
    least that many stops (docs/rules/common.md §9.3: one step of a best-route bonus such
    as 1846's Mail Contract). A bonus with neither ``stops`` nor ``hexes`` asks only these.
    """

    name: str
    amount: int
    stops: frozenset = frozenset()
    hexes: frozenset = frozenset()
    trains: frozenset | None = None  # train names that can earn it; None = all
    scored_only: bool = False
    all_hexes: frozenset = frozenset()
    min_visited: int = 0

    def earned_by(self, visited: list[str], scored: set[str], touched: set[str],
                  stop_hexes: set[str]) -> bool:
        """Does a route earn it: ``visited`` its stops (node ids), ``scored`` those that
        score, ``touched`` the hexes its track touches, ``stop_hexes`` its stops' hexes
        (the train's eligibility aside)."""
        if self.stops or self.hexes:
            stops = scored if self.scored_only else set(visited)
            if not (stops & self.stops or touched & self.hexes):
                return False
        return self.all_hexes <= stop_hexes and len(visited) >= self.min_visited

    @property
    def any_of(self) -> bool:
        """Is it earned by one listed stop or hex alone (no ``all_hexes``, no
        ``min_visited``)? The path model routes only these."""
        return not self.all_hexes and not self.min_visited


def scoring_order(value: int, prefer: bool, hex_id: str, index: int) -> tuple:
    """Sort key (ascending = chosen first) of a stop for a train with a pay limit: higher
    value first; among equal values, stops of a ``scored_only`` company bonus
    (``prefer``), then board order (hex id, node index). The route's value does not
    depend on the tie-break, only which bonus stops count as scored. The one statement
    of this rule: ``scored_stops`` applies it to one route,
    ``trainrun.routes.enumeration.scoring_rank`` encodes it for arrays."""
    return (-value, not prefer, hex_id, index)


def paid_stops(values: list[int], order: list[tuple], pay_limit: int | None,
               station: list[bool] | None = None) -> list[bool]:
    """Which stops of one route pay (zero-valued ones included; ``scored_stops`` says which
    of them score): all of them without a pay limit; with a pay limit k, the first k by
    ``order`` (each stop's ``scoring_order`` key), and where ``station`` is given (the
    train's ``TrainRules.paid_station``; True per stop holding one of the company's
    stations) and none of those k is a station, the first k - 1 and the first station by
    ``order``.

    That is the 18xx.games engine's choice (``compute_stops`` in lib/engine/game/base.rb):
    of the largest size that pays more than nothing, at most k, the set of visited stops
    that earns the most among those holding a token. With values of 0 or more the best
    such set of k stops is the best station and the best k - 1 others, and a route that
    earns nothing with k stops earns nothing with fewer; among sets of equal value this
    one is the first by ``order``, as ``scoring_order`` chooses without a station rule."""
    n = len(values)
    if not pay_limit or n <= pay_limit:
        return [True] * n
    ranked = sorted(range(n), key=order.__getitem__)
    best = ranked[:pay_limit]
    if station is not None and not any(station[j] for j in best):
        first = next((j for j in ranked if station[j]), None)
        if first is not None:
            best[-1] = first
    chosen = set(best)
    return [j in chosen for j in range(n)]


def scored_stops(values: list[int], order: list[tuple], pay_limit: int | None,
                 station: list[bool] | None = None) -> list[bool]:
    """Which stops of one route score: those worth more than 0 and, for a train with a
    pay limit, only among those that pay (``paid_stops``: the first ``pay_limit`` by
    ``order``, each stop's ``scoring_order`` key, with a station among them where
    ``station`` is given)."""
    paid = paid_stops(values, order, pay_limit, station)
    return [p and v > 0 for p, v in zip(paid, values)]


def best_paid(values: list[int], order: list[tuple], pay_limit: int | None,
              station: list[bool] | None, pairs: list[tuple]) -> list[bool]:
    """``paid_stops`` with pair bonuses counted in the choice (docs/rules/common.md §9.1):
    ``pairs`` holds per pair bonus (first, second, amount) or (first, second, amount,
    min_second), ``first`` and ``second`` each stop's own part of the bonus or None where
    the stop is not in that set, ``min_second`` how many stops of ``second`` must pay
    (default 1). Under a pay limit k binding a route that could earn a pair, every set of
    k visited stops (holding a station where ``station`` is given) is tried, its value the
    paid stops worth more than 0 plus the pairs it earns, and the first best one by
    ``order`` is taken, as the engine's ``compute_stops`` takes the best combination with
    ``revenue_for``."""
    plain = paid_stops(values, order, pay_limit, station)
    n = len(values)
    if not pay_limit or n <= pay_limit or not any(
            any(f is not None for f in first) and any(s is not None for s in second)
            for first, second, *_ in pairs):
        return plain

    def worth(chosen) -> int:
        total = sum(values[j] for j in chosen if values[j] > 0)
        for first, second, amount, *need in pairs:
            a = [first[j] for j in chosen if first[j] is not None]
            b = [second[j] for j in chosen if second[j] is not None]
            if a and len(b) >= max([1, *need]):
                total += amount + max(a) + max(b)
        return total

    best = [j for j in range(n) if plain[j]]
    best_worth = worth(best)
    for combo in itertools.combinations(sorted(range(n), key=order.__getitem__), pay_limit):
        if station is not None and not any(station[j] for j in combo):
            continue
        w = worth(combo)
        if w > best_worth:
            best, best_worth = list(combo), w
    chosen = set(best)
    return [j in chosen for j in range(n)]


def paid_value(values: list[int], pay_limit: int | None,
               station: list[bool] | None = None) -> int:
    """What the stops of one route (``values``, each stop's value for the train) earn under
    ``paid_stops``; ties do not change it, so stops are taken in value order."""
    order = [(-v, j) for j, v in enumerate(values)]
    paid = paid_stops(values, order, pay_limit, station)
    return sum(v for v, p in zip(values, paid) if p and v > 0)


@dataclass(frozen=True)
class LayRules:
    """A title's track rules for lays: ``track_restriction`` as the 18xx.games engine names
    them (``permissive``; ``semi_restrictive``: new track or a changed city value;
    ``restrictive``: new track; ``city_permissive``: a city tile or new track), and
    ``max_exits``: on which hexes only the tiles with the most exits of each colour may be
    laid (``cities``, ``unlabeled_cities``, ``track``); ``unchecked_upgrades``: the old tiles
    whose upgrade neither rule of the track step checks (old stops kept, new track), as 1847
    AE's double towns (engine g_1847_ae/step/track.rb ``check_track_restrictions!``);
    ``unlinked_sides``: the lay's track may also face sides the map does not link yet
    (docs/rules/common.md §2.4), as 1888's ferry tiles do (engine
    ``G1888::Step::SpecialTrack#legal_tile_rotation?`` asks only their rotation);
    ``borders_paid_alone``: a costed border is paid by the first lay of the hex whose track
    crosses it, whatever lies beyond it, and stays on the hex beyond, as in 18GB (engine
    ``G18GB::Step::TrackAndToken#remove_border_calculate_cost!``), rather than by the lay
    that joins track on both of its sides (the engine's ``Tracker``); ``unblocked``: the
    privates (by sym) whose ``blocks_hexes`` ability blocks no lay now though the position
    holds them open, as 18GB's closed privates, which stay in the game, and all of them
    from its blue phase (engine ``G18GB::Game#abilities``, ``hex_blocked_by_ability?``)."""

    track_restriction: str = "semi_restrictive"
    max_exits: tuple[str, ...] = ()
    unchecked_upgrades: tuple[str, ...] = ()
    unlinked_sides: bool = False
    borders_paid_alone: bool = False
    unblocked: frozenset[str] = frozenset()
