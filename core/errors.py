"""The one error type trainrun raises for bad input."""


class InputError(ValueError):
    """Bad input, reported as one line naming the field, hex, tile or train at fault."""

    def __init__(self, where: str, message: str):
        self.where = where
        self.message = message
        super().__init__(f"{where}: {message}")
