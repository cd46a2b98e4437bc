"""1871's setup, drawn from the game's seed as the 18xx.games engine draws it.

The engine's random numbers are those of ``engine_numbers`` (``Engine::Game::Base#rand``). Its
``setup_preround`` gives each of the seven railroads, in charter order, the next number
and sorts them by it: the first is the Mainline, the second the Shortline; each of these
starts with its token in its home city (still reserved for it), and each of the other five
homes holds a PEIR token instead, its reservation dropped.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TypeVar

from trainrun.plugins.api import engine_numbers

RAILROADS = ("So", "A", "MS", "MR", "S", "Gt", "C")   # the engine's charter order
HOMES = {"So": "T12", "A": "D6", "MS": "M13", "MR": "Q21", "S": "F14", "Gt": "R16", "C": "L16"}
NUMBERS = {r: i + 1 for i, r in enumerate(RAILROADS)}   # So 1 ... C 7: their PEIR companies
PEIR = "PEIR"

Item = TypeVar("Item")


def numbers(seed: object) -> Iterator[int]:
    """The engine's random numbers of a game with ``seed``, in the order it draws them."""
    return engine_numbers(seed, "1871's setup (Mainline, Shortline, PEIR tokens)")


def shuffled(items: Sequence[Item], drawn: Iterator[int]) -> list[Item]:
    """``items`` sorted by the next number drawn for each, in order (Ruby's
    ``sort_by { rand }``)."""
    keys = [(next(drawn), i) for i in range(len(items))]
    return [items[i] for _, i in sorted(keys)]


def draw(seed: object) -> tuple[str, ...]:
    """The railroads in the order the setup sorts them (Mainline, Shortline, then the rest)."""
    return tuple(shuffled(RAILROADS, numbers(seed)))


def setup_tokens(order: tuple[str, ...]) -> tuple[dict[str, tuple[str, ...]],
                                                 dict[str, tuple[str, ...]]]:
    """(tokens, reserved) per home hex after the draw ``order``."""
    mainline, shortline, *others = order
    tokens: dict[str, tuple[str, ...]] = {HOMES[mainline]: (mainline,),
                                          HOMES[shortline]: (shortline,)}
    reserved: dict[str, tuple[str, ...]] = {HOMES[mainline]: (mainline,),
                                            HOMES[shortline]: (shortline,)}
    tokens.update({HOMES[r]: (PEIR,) for r in others})
    return tokens, reserved
