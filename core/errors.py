"""The errors trainrun raises: bad input, and a title plugin that breaks the hook contract."""


class InputError(ValueError):
    """Bad input, reported as one line naming the field, hex, tile or train at fault."""

    def __init__(self, where: str, message: str):
        self.where = where
        self.message = message
        super().__init__(f"{where}: {message}")


class TitlePluginError(Exception):
    """A title plugin that breaks the hook contract (a hook name that no hookspec declares,
    e.g. a misspelling), raised when the title is loaded, never silently ignored."""
