"""The errors trainrun raises: bad input, and a title plugin that breaks the hook contract."""
import unicodedata

MAX_PART = 240   # characters of the field and of the message kept in an InputError


def one_line(text: str, limit: int = MAX_PART) -> str:
    """``text`` fit for one line of output: line breaks, other control and format characters
    and lone surrogates written as ``\\uXXXX``, cut to ``limit`` characters with "…"."""
    out = []
    for ch in text[:limit + 1]:
        kind = unicodedata.category(ch)
        out.append(f"\\u{ord(ch):04x}" if kind[0] == "C" or kind in ("Zl", "Zp") else ch)
    line = "".join(out)
    return line if len(text) <= limit and len(line) <= limit else line[:limit] + "…"


class InputError(ValueError):
    """Bad input, reported as one line naming the field, hex, tile or train at fault (both
    made safe by ``one_line``: whatever the input held, the report is one short line)."""

    def __init__(self, where: str, message: str):
        self.where = one_line(str(where))
        self.message = one_line(str(message), 2 * MAX_PART)
        super().__init__(f"{self.where}: {self.message}")


class TitlePluginError(Exception):
    """A title plugin that breaks the hook contract (a hook name that no hookspec declares,
    e.g. a misspelling), raised when the title is loaded, never silently ignored."""
