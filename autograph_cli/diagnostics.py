"""Problems found while converting, reported as `path:line:col: severity: message`."""
from dataclasses import dataclass

# The one ConversionError (it carries a Diagnostic) is the runtime's, so `except rt.errors.AgError`
# catches conversion failures too; named here as well for code that imports it from the converter.
from runtime.errors import ConversionError  # noqa: F401


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
