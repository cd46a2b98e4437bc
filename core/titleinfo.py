"""What a title plugin says about itself."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class TitleInfo:
    """A title's name as positions spell it, other spellings, and its data folder."""

    name: str
    data: Path
    aliases: tuple[str, ...] = field(default_factory=tuple)
    description: str = ""
