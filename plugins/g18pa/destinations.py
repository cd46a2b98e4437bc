"""18PA destination ("x2") tokens (docs/rules/18pa.md §5.1).

An x2 token is a token of its company in a slot of the destination city. It
turns active the first time an unblocked route links the company's home token
and the destination; ``destination_connected`` answers that question for a
position so the caller can list the company in ``title_state.destinations_active``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from trainrun.plugins.api import InputError, Position, track_network

if TYPE_CHECKING:
    import networkx as nx

# the x2 destination of each company (docs/rules/18pa.md §5.1)
DESTINATIONS = {"B&O": "K2", "B&A": "D17", "ERIE": "C2", "PRR": "I2"}


def _token_nodes(position: Position, company: str, hex_id: str) -> list[str]:
    return [position.node_id(hex_id, i) for i, city in sorted(position.board[hex_id].tokens.items())
            if company in city.holders()]


def active_destination(position: Position) -> str | None:
    """The node id of the operating company's active x2 token, or None."""
    hex_id = DESTINATIONS.get(position.company)
    if hex_id is None or position.company not in position.title_state.get(
            "destinations_active", []):
        return None
    nodes = _token_nodes(position, position.company, hex_id)
    return nodes[0] if nodes else None


def destination_connected(position: Position) -> bool:
    """Does an unblocked route now link the operating company's home token and its x2
    token's city (docs/rules/18pa.md §5.1)? A route here is any track walk from the home
    city to the destination that passes only cities the company may pass through (other
    companies' tokens block, the company's own inactive x2 token does not), visits no
    stop twice, uses no track twice and at most one city circle per hex; distance
    does not matter. Raises ``InputError`` for a company without a destination, or
    without its home or x2 token on the board."""
    company = position.company
    if company not in DESTINATIONS:
        raise InputError("company", f"{company} has no destination token (only "
                                    f"{', '.join(sorted(DESTINATIONS))})")
    home_hex = position.title.companies[company].get("home")
    homes = _token_nodes(position, company, home_hex) if home_hex else []
    targets = _token_nodes(position, company, DESTINATIONS[company])
    if not homes:
        raise InputError("tokens", f"{company} has no home token in {home_hex}")
    if not targets:
        raise InputError("tokens", f"{company} has no x2 token in {DESTINATIONS[company]}")
    return _linked(track_network(position), homes[0], targets[0])


def _linked(graph: nx.MultiGraph, start: str, goal: str) -> bool:
    """Is there one legal walk ``start`` -> ``goal`` over the track graph's segments
    (``track_network``)? First whether any walk through passable stops joins
    them at all, then a depth-first search for one that uses no stop, track resource or
    exclusive group twice."""
    import networkx as nx  # lazy: loading a title must not wait for networkx
    if start not in graph or goal not in graph:
        return False
    through = nx.subgraph_view(graph, filter_node=lambda s: s in (start, goal)
                               or graph.nodes[s]["passable"])
    if not nx.has_path(through, start, goal):
        return False
    groups = nx.get_node_attributes(graph, "groups")

    def search(stop: str, seen: set, used: frozenset, taken: int) -> bool:
        if stop == goal:
            return True
        if stop != start and not graph.nodes[stop]["passable"]:
            return False
        for other, segments in graph.adj[stop].items():
            if other in seen or groups[other] & taken:
                continue
            for segment in segments.values():
                resources = segment["resources"]
                if resources & used:
                    continue
                seen.add(other)
                if search(other, seen, used | resources, taken | groups[other]):
                    return True
                seen.discard(other)
        return False

    return search(start, {start}, frozenset(), groups[start])
