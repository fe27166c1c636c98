"""Problems found while converting, reported as `path:line:col: severity: message`."""
from dataclasses import dataclass


@dataclass(frozen=True)
class Diagnostic:
    path: str
    line: int | None  # None for a problem with a whole path (a directory that cannot be read)
    col: int | None
    severity: str  # 'error' or 'warning'
    message: str

    def __str__(self):
        if self.line is None:
            return f'{self.path}: {self.severity}: {self.message}'
        return f'{self.path}:{self.line}:{self.col}: {self.severity}: {self.message}'


class ConversionError(Exception):
    """A module cannot be converted at all (syntax error, already converted, ...)."""

    def __init__(self, diagnostic):
        super().__init__(str(diagnostic))
        self.diagnostic = diagnostic
