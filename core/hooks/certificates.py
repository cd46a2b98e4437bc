"""Share certificates as an 18xx.games game log names them: ``<corporation>_<index>``, the
president's certificate index 0 (engine share.rb ``id``), for the shared replay's follower
of shares and the titles' replay hooks."""
from __future__ import annotations


def corporation_of(share: str) -> str:
    """The corporation of certificate id ``share`` (``B&O_3``: ``B&O``; ``S_E_1``: ``S_E``)."""
    return share.rpartition("_")[0]
