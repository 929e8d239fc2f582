"""One error type for everything a user can get wrong: it names the file and the problem."""


class PbemError(Exception):
    """A refusal. `str()` is the one-line message shown to the user."""

    def __init__(self, message: str, file: str | None = None, line: int | None = None):
        self.message = message
        self.file = file
        self.line = line
        super().__init__(self.one_line())

    def one_line(self) -> str:
        where = ""
        if self.file:
            where = f"{self.file}:{self.line}: " if self.line else f"{self.file}: "
        return (where + self.message).replace("\n", " ")


class BadHexId(PbemError, ValueError):
    """A hex id that is not on the game's grid (`13.12` where the grid writes `1312`): a refusal
    in one line wherever an order names it, and still a ValueError for the grid's own callers."""


class UnknownDataError(PbemError):
    """An order needs a value the rulebook text does not give (see docs/data-format.md)."""

    def __init__(self, path: str, what: str, printed_on: str | None, override_file: str):
        self.path = path
        where = f" (printed on: {printed_on})" if printed_on else ""
        super().__init__(
            f"needs {what}, which the rulebook text does not give{where}; "
            f"enter it as `{path}` in the campaign's data override ({override_file}) "
            f"— see `pbem data missing`; once the campaign has begun, every player signs it as a data "
            f"amendment (`pbem amend propose`)"
        )
