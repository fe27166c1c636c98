"""TEMPORARY STUB until the converter lands: `convert_module(source, path) -> ConversionResult`."""
from dataclasses import dataclass, field

from .diagnostics import ConversionError, Diagnostic

MARKER = '# Converted by agconvert'


@dataclass
class ConversionResult:
    code: str
    diagnostics: list = field(default_factory=list)


def convert_module(source, path='<string>', *, original_path=None):
    """Convert one module's source text; raises ConversionError when it cannot."""
    if MARKER in source:
        raise ConversionError(Diagnostic(path, 1, 1, 'error', 'already converted by agconvert'))
    try:
        compile(source, path, 'exec', dont_inherit=True)
    except SyntaxError as e:
        raise ConversionError(Diagnostic(path, e.lineno or 1, e.offset or 1, 'error', e.msg))
    return ConversionResult(MARKER + '\n' + source)
