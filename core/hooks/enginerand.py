"""The 18xx.games engine's random numbers, as a title's setup draws them from a game's seed.

The engine draws every random choice of a game (a setup's shuffles, 1882's North West
Rebellion train) from one linear congruential generator, x <- (1103515245 x + 12345) mod
2^31, starting from the seed mod 2^31 (engine game/base.rb ``initialize_seed``, ``rand``);
a game without a seed (or with ``""``) starts from the first number in its id.
"""
from __future__ import annotations

import re
from collections.abc import Iterator, Mapping

from trainrun.errors import InputError

LCG_A, LCG_C, LCG_M = 1103515245, 12345, 2 ** 31


def game_seed(settings: Mapping, game_id: object) -> object:
    """The game's seed: its settings' ``seed``, else the first number in its id (0 if
    none), as the engine takes it."""
    seed = settings.get("seed")
    if seed not in (None, ""):
        return seed
    digits = re.search(r"\d+", str(game_id or ""))
    return int(digits.group()) if digits else 0


def engine_numbers(seed: object, drawn: str) -> Iterator[int]:
    """The engine's random numbers of a game with ``seed``, in the order it draws them;
    ``InputError`` on ``settings.seed`` naming what is ``drawn`` from it where the seed is
    not a whole number."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InputError("settings.seed", f"{drawn} is drawn from the game's seed: expected "
                                          f"a whole number, got {seed!r}")
    return _numbers(seed % LCG_M)


def _numbers(x: int) -> Iterator[int]:
    while True:
        x = (LCG_A * x + LCG_C) % LCG_M
        yield x
