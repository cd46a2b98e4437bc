"""The bank's trains in the order 18SJ's engine sells them new (docs/rules/18sj.md §1.1;
engine depot.rb ``upcoming``): the 2s, 3s, 4s, 5s, 6s, then the Ds without end (engine
TRAINS: ``num`` ``unlimited``). ``trains.json`` counts what the bank held after its export
game's setup had given each minor its 2 train, so the 2s are that many more.
"""
from __future__ import annotations

import itertools
from collections.abc import Iterator

from trainrun.plugins.api import ReplayState

UNLIMITED = "D"            # engine TRAINS: the D's ``num`` is ``unlimited``
MINOR_TRAIN = "2"          # engine ``setup``: each minor takes the bank's first train, a 2


class Depot:
    """Which new trains have left the bank, which came back (the replay's books)."""

    def __init__(self, replay: ReplayState, minors: int):
        self.counts = {name: train.count + (minors if name == MINOR_TRAIN else 0)
                       for name, train in replay.title.trains.items() if train.count}
        self.taken: set[str] = set()
        self.discarded: set[str] = set()    # trains back in the bank, for sale again

    def _order(self) -> Iterator[str]:
        for name, count in self.counts.items():
            numbers = itertools.count() if name == UNLIMITED else range(count)
            yield from (f"{name}-{i}" for i in numbers)

    def upcoming(self) -> str:
        """The id of the next new train the bank sells."""
        return next(t for t in self._order() if t not in self.taken)

    def bought(self, train_id: str) -> None:
        """``train_id`` has left the bank (bought, or given)."""
        self.taken.add(train_id)
        self.discarded.discard(train_id)

    def returned(self, train_id: str) -> None:
        """``train_id`` is back in the bank (discarded)."""
        self.discarded.add(train_id)

    def in_bank(self, train_id: str) -> bool:
        """``train_id`` is for sale by the bank (engine train.rb ``from_depot?``)."""
        return train_id not in self.taken or train_id in self.discarded
