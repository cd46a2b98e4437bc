"""What a title plugin says about itself."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class TitleInfo:
    """A title's name as positions spell it, other spellings, and its data folder.

    ``corpus_state`` names top-level keys of a corpus line that hold title-specific
    company state (e.g. 18NY's ``coal_revenue``); reading a corpus line copies them
    into ``Position.title_state``, where the title's hooks find them as they would
    in the own format.

    ``not_modelled`` names the title's rules trainrun does not follow (``trainrun titles``
    lists them); a title with such a rule touching runs says so in every answer.
    """

    name: str
    data: Path
    aliases: tuple[str, ...] = field(default_factory=tuple)
    description: str = ""
    corpus_state: tuple[str, ...] = ()
    not_modelled: tuple[str, ...] = ()
