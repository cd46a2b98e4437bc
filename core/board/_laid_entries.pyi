"""Stub of the compiled reading of a corpus line's common board entries
(``_laid_entries.pyx``)."""
from trainrun.board.board_input import Holders, Placement
from trainrun.board.position import PlacedHex

def read_laid(placements: dict[tuple[str, str, int], Placement], entries: list, start: int,
              seen: set, laid: dict[str, PlacedHex], known: Holders) -> int: ...
