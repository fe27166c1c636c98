"""What a run reports: the write-back mode, one FileReport per input, and the closing tally."""
import dataclasses
import enum
from collections import Counter

from .diagnostics import Diagnostic


class WriteBack(enum.Enum):
    """What happens to a converted module; chosen once per run."""
    STDOUT = 'stdout'  # the converted module becomes the report's output
    FILE = 'file'  # written atomically to the destination
    DIFF = 'diff'  # a unified diff, original -> converted, becomes the report's output
    CHECK = 'check'  # compared with the destination; nothing is written


class Status(enum.Enum):
    CONVERTED = 'converted'
    UNCHANGED = 'unchanged'  # the destination already holds exactly the fresh conversion
    STALE = 'stale'  # --check: the destination is missing or differs
    FAILED = 'failed'


@dataclasses.dataclass(frozen=True)
class FileReport:
    """The outcome for one input file; picklable, so parallel workers can return it."""
    src: str
    dst: str | None
    status: Status
    diagnostics: tuple = ()
    output: bytes = b''  # what STDOUT and DIFF modes print, in the source's encoding
    detail: str = ''  # why CHECK found the destination stale

    def messages(self):
        """The lines to print on stderr for this file."""
        lines = [str(d) for d in self.diagnostics]
        if self.status is Status.STALE:
            lines.append(f'would reconvert {self.dst} ({self.detail})')
        return lines


def failed(path, message, dst=None, whole=False):
    """The report of an input that failed with one error: at `path:1:1`, or on the whole path."""
    where = (None, None) if whole else (1, 1)
    return FileReport(path, dst, Status.FAILED, (Diagnostic(path, *where, 'error', message),))


class Tally:
    """Counts reports by status and phrases the closing summary, black-style."""
    _PHRASES = {  # per mode, the statuses in summary order with their wording
        WriteBack.FILE: {Status.CONVERTED: 'converted', Status.UNCHANGED: 'left unchanged',
                         Status.FAILED: 'failed'},
        WriteBack.CHECK: {Status.STALE: 'would be reconverted', Status.UNCHANGED: 'up to date',
                          Status.FAILED: 'failed'},
        WriteBack.DIFF: {Status.CONVERTED: 'would be converted', Status.FAILED: 'failed'},
        WriteBack.STDOUT: {Status.CONVERTED: 'converted', Status.FAILED: 'failed'},
    }

    def __init__(self, mode):
        self.mode = mode
        self.counts = Counter()

    def add(self, report):
        self.counts[report.status] += 1

    @property
    def exit_code(self):
        return 1 if self.counts[Status.FAILED] or self.counts[Status.STALE] else 0

    def __str__(self):
        phrases = self._PHRASES[self.mode]
        parts = [(self.counts[s], p) for s, p in phrases.items() if self.counts[s]]
        (count, phrase), rest = (parts or [(0, next(iter(phrases.values())))])[0], parts[1:]
        head = f"{count} file{'' if count == 1 else 's'} {phrase}"
        return ', '.join([head] + [f'{n} {p}' for n, p in rest])
