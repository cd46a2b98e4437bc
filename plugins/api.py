"""What a title plugin imports from trainrun: one module, the only one.

A title's modules import trainrun's names from here (and each other's relatively);
``tests/test_plugin_api.py`` holds every module under ``plugins/g*/`` to it, so the
rest of trainrun may change inside without a title noticing. ``EXPORTS`` gives each
name of ``__all__`` its group and a one-line description; the reference page
``docs/plugins.md`` is written from it and from the hookspecs
(``python -m trainrun.plugins.reference``).

The defaults are plain functions, not the hook answers of ``trainrun.plugins.defaults``
themselves: a function marked ``@hookimpl`` that a title imported would be registered as
one of the title's hooks, under the name it was imported as.
"""
from __future__ import annotations

from trainrun.board.hexgrid import opposite
from trainrun.board.position import CityTokens, PlacedHex, Position, Train, node_hex
from trainrun.board.tiles import Node, Tile, tile_from_dict
from trainrun.board.title import MapHex, Phase, Title
from trainrun.board.turnstate import LayRight, Turn
from trainrun.errors import InputError
from trainrun.hooks import answers
from trainrun.hooks.certificates import corporation_of
from trainrun.hooks.enginerand import engine_numbers, game_seed
from trainrun.hooks.presidency import nearest_after, seat_distance
from trainrun.hooks.replayrules import ReplayRules
from trainrun.hooks.replaystate import ReplayState
from trainrun.hooks.rules import CompanyBonus, LayRules, RouteBonus, TrainRules
from trainrun.hooks.titleinfo import TitleInfo
from trainrun.plugins.defaults import (
    charter_token_price,
    city_circles_by_hex,
    default_company_stations,
    default_lay_budget,
    default_lay_colours,
    default_stop_value,
    h_train_rules,
    is_h_train,
    shared_upgrades_to,
)
from trainrun.plugins.hookspecs import hookimpl
from trainrun.routes.declared import check_declared
from trainrun.routes.graph import build_graph, track_network
from trainrun.turn.abilities import blocking_refusal, private_sym
from trainrun.turn.lays import (
    crossed_borders,
    default_terrain_cost,
    default_upgrades_to,
    exits,
    future_label,
    path_exits,
    tiles_left_in_box,
)
from trainrun.turn.special_token import token_ability_of as special_token_ability
from trainrun.turn.tokens import free_slot, tokens_left, tokens_on_board
from trainrun.turn.walk import hexes_to_nearest

__all__ = [
    # marking hooks
    "hookimpl",
    # answer types
    "TitleInfo", "TrainRules", "RouteBonus", "CompanyBonus", "LayRules", "LayRight",
    "ReplayRules",
    # model
    "Position", "Train", "PlacedHex", "CityTokens", "Turn", "Title", "MapHex", "Phase",
    "Tile", "Node", "ReplayState",
    # errors
    "InputError",
    # shared helpers
    "answers", "node_hex", "tile_from_dict", "opposite", "exits", "path_exits",
    "crossed_borders", "tiles_left_in_box", "tokens_left", "tokens_on_board", "free_slot",
    "private_sym", "special_token_ability", "blocking_refusal", "hexes_to_nearest", "build_graph",
    "track_network",
    "game_seed", "engine_numbers", "check_declared", "seat_distance", "nearest_after",
    "corporation_of",
    # defaults
    "default_stop_value", "default_company_stations", "default_lay_colours",
    "default_lay_budget", "default_terrain_cost", "default_upgrades_to", "shared_upgrades_to",
    "future_label",
    "charter_token_price", "h_train_rules", "is_h_train", "city_circles_by_hex",
]

# Group heading -> {name: one-line description}, in the order of ``__all__``.
EXPORTS: dict[str, dict[str, str]] = {
    "Marking hooks": {
        "hookimpl": "Marks a module-level function, named after its hookspec, as the title's "
                    "answer to that hook.",
    },
    "Answer types: what hooks return": {
        "TitleInfo": "`trainrun_title`'s answer: the title's name, aliases, description, data "
                     "folder and corpus state keys.",
        "TrainRules": "`trainrun_train_rules`'s answer: a train's distance measure and limit, "
                      "pay limit, multipliers by stop kind, token and stop minimum.",
        "RouteBonus": "An amount a route earns per listed stop it scores or listed hex its "
                      "track touches (`trainrun_route_bonuses`).",
        "CompanyBonus": "An amount paid once per run when an eligible route reaches (or "
                        "scores) a listed stop or hex (`trainrun_company_bonuses`).",
        "LayRules": "`trainrun_lay_rules`'s answer: the new-track rule and where only the "
                    "tiles with the most exits may be laid.",
        "LayRight": "One lay a turn grants (`trainrun_tile_lays`): whether it may be yellow "
                    "or an upgrade, its fees, whether it may reuse a hex.",
        "ReplayRules": "`trainrun_replay_rules`'s answer: when home tokens go down, which "
                       "trains the bank exports, the markers and tokens at the start.",
    },
    "Model: what hooks read": {
        "Position": "Everything a run depends on: title, phase, company, trains, board, turn, "
                    "`title_state`, `options`, privates and abilities.",
        "Train": "One of the company's trains: its id, card name, engine distance and "
                 "multiplier.",
        "PlacedHex": "A hex as it lies on the board (`position.board`): tile, rotation, tokens "
                     "by city index, markers.",
        "CityTokens": "The tokens in one city: slot by slot, extra tokens, reservations; "
                      "`holders()` lists the companies.",
        "Turn": "The operating turn so far (`position.turn`): step, acting private and its "
                "ability, lays made, cash.",
        "Title": "A title's static data (`position.title`): hexes, tiles, trains, phases and "
                 "companies.",
        "MapHex": "A hex of the printed map (`position.title.hexes`): printed tile, "
                  "neighbours by edge, location name, future label.",
        "Phase": "A phase (`position.phase`): its name, tile colours (newest last), train "
                 "limit and the train that starts it.",
        "Tile": "A tile at rotation 0: colour, nodes, paths, labels, terrain cost and "
                "terrains, copies in the box.",
        "Node": "A place on a tile: a city, town, off-board or junction, with its index, "
                "values, slots and groups.",
        "ReplayState": "What the replay hooks see of a game-log replay: read it, change it "
                       "through its methods, keep the title's own records in `books`.",
    },
    "Errors": {
        "InputError": "Raise it for input the title's rules refuse, naming the field "
                      "(`InputError(\"title_state.key\", \"why\")`).",
    },
    "Shared helpers": {
        "answers": "The hooks' answers as core asks them, kept per position "
                   "(`answers.stations`, `answers.stop_value`, `answers.upgrades_to`, ...).",
        "node_hex": "The hex id of a node id `HEX-i` (None for text that is not one).",
        "tile_from_dict": "Builds a tile from the title-data form (a hex's own tile, such as "
                          "18PA's ferry track).",
        "opposite": "The edge of the neighbouring hex that faces board edge `edge`.",
        "exits": "The board edges a tile's track reaches at a rotation.",
        "path_exits": "The board edges of each path of a tile at a rotation.",
        "crossed_borders": "The costed (water) borders a lay first crosses, as (board edge, "
                           "printed cost).",
        "tiles_left_in_box": "The catalogue tiles with a copy left in the box (unlimited ones "
                             "always), whatever the phase.",
        "tokens_left": "The operating company's unplaced tokens (the position's, or its "
                       "charter's less those placed).",
        "tokens_on_board": "How many tokens of the operating company lie on the board.",
        "free_slot": "The slot of a city a company's token would take (its reservation's, or "
                     "a free one no other reservation holds), or None.",
        "private_sym": "The sym of a private company named by its sym or its name (a "
                       "position's turn names the private acting), or None.",
        "special_token_ability": "The token ability of the private using it (step "
                                 "`SpecialToken`): its hexes, prices, `from_owner`, "
                                 "`extra_slot`, ...",
        "blocking_refusal": "Why no tile may go on a hex: a private blocking it "
                            "(`blocks_hexes`) is held by a holder of its `owner_type`; or "
                            "None.",
        "hexes_to_nearest": "The fewest hexes, less one, a track walk from a node covers up "
                            "to a stop in one of `hexes`, those in `free` not counted.",
        "build_graph": "The company's track graph (`TrackGraph`): its stops (`stop_ids`), "
                       "track segments (`segments`, each with the `hexes` its track "
                       "touches) and arrays, without networkx (18GB's rules not modelled).",
        "track_network": "The company's track graph as a networkx graph: a node per stop, an "
                         "edge per track segment (18PA's destinations).",
        "game_seed": "A game file's seed as the engine takes it: its settings' `seed`, else "
                     "the first number in its id.",
        "engine_numbers": "The engine's random numbers of a seed, in the order it draws them "
                          "(its `rand`: 1846's setup, 1871's, 1882's rebellion train).",
        "check_declared": "A declared run (an 18xx.games `run_routes` action, ...) checked "
                          "and scored in a position, as `trainrun verify` does without the best "
                          "run (1846's dividends: the share price follows the revenue).",
        "seat_distance": "Seats from one player on round to another (engine share_pool.rb "
                         "`distance`), for presidency ties.",
        "nearest_after": "The one of the candidates for a presidency nearest after the "
                         "previous president in seat order (engine `transfer_shares`).",
        "corporation_of": "The corporation of a share certificate's id as a game log names "
                          "it (`B&O_3`: `B&O`).",
    },
    "Defaults: the shared rules a title falls back on": {
        "default_stop_value": "The shared `trainrun_stop_value`: the phase value times the "
                              "kind and train multipliers.",
        "default_company_stations": "The shared `trainrun_company_stations`: the cities "
                                    "holding the company's tokens.",
        "default_lay_colours": "The shared `trainrun_lay_colours`: the phase's colours.",
        "default_lay_budget": "The shared `trainrun_lay_budget`: the turn's cash, no limit "
                              "when the position states none.",
        "default_terrain_cost": "The shared `trainrun_terrain_cost`: the tile's printed "
                                "terrain costs less the company's terrain discounts.",
        "default_upgrades_to": "The shared test of `trainrun_upgrades_to` for one old and one "
                               "new tile (colour, track kept, labels, towns and cities).",
        "shared_upgrades_to": "The shared `trainrun_upgrades_to`: for a private's special lay "
                              "the colour order and the old track, else "
                              "`default_upgrades_to`.",
        "future_label": "The label a later colour's tile must carry on a hex while a tile "
                        "lies there (the third argument of `default_upgrades_to`).",
        "charter_token_price": "The price on the company's charter of its next unplaced "
                               "token (the shared `trainrun_token_cost`).",
        "h_train_rules": "The rules of an H train (n hex edges, every stop scoring), None for "
                         "any other train.",
        "is_h_train": "Whether a train's card name is a number followed by H (2H, 12H).",
        "city_circles_by_hex": "One set of node ids per hex with two or more city circles, "
                               "for `trainrun_exclusive_stops`.",
    },
}
