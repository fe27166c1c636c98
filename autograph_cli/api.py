"""The API ladder under the CLI: convert_source -> convert_file -> convert_tree, free of CLI concerns."""
import contextlib
import dataclasses
import difflib
import enum
import io
import os
import secrets
import sys
import tokenize
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from functools import partial

from . import pipeline
from .diagnostics import ConversionError, Diagnostic

STDIN = '-'
STDIN_NAME = '<stdin>'


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


class PathConflict(ValueError):
    """The output would overwrite the input, or a tree would be written into itself."""


@dataclasses.dataclass(frozen=True)
class SourceResult:
    """A converted module (code is None when conversion failed) and every problem found."""
    code: str | None
    diagnostics: tuple = ()


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


def convert_source(source, path='<string>', original_path=None, strict=False):
    """Convert module text; failures, and with strict every warning, come back as error diagnostics."""
    try:
        result = pipeline.convert_module(source, path, original_path=original_path)
    except ConversionError as e:
        return SourceResult(None, (e.diagnostic,))
    except Exception as e:  # a converter bug in one file must not end a whole tree run
        return SourceResult(None, (_error(path, f'internal converter error: {type(e).__name__}: {e}'),))
    diagnostics = tuple(result.diagnostics)
    if strict:
        diagnostics = tuple(_as_error(d) for d in diagnostics)
    failed = any(d.severity == 'error' for d in diagnostics)
    return SourceResult(None if failed else result.code, diagnostics)


def decode_source(data, path):
    """`(text, encoding)` of source bytes per PEP 263 (default UTF-8); ConversionError if undecodable."""
    try:
        encoding = tokenize.detect_encoding(io.BytesIO(data).readline)[0]
    except SyntaxError as e:
        # detect_encoding also fails on bytes that are not UTF-8 in the first two lines
        encoding, cookie_problem = 'utf-8', e.msg
    else:
        cookie_problem = None
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as e:
        line = data.count(b'\n', 0, e.start) + 1
        raise ConversionError(_error(path, (
            f'not valid {encoding} (byte 0x{data[e.start]:02x} on line {line}); save the file as UTF-8 '
            'or declare its encoding with a PEP 263 coding comment'))) from None
    if cookie_problem:
        raise ConversionError(_error(path, f'bad encoding declaration: {cookie_problem}'))
    return text, encoding


def convert_file(src, dst=None, *, mode=WriteBack.STDOUT, strict=False):
    """Convert one file (src '-' reads stdin); dst is needed by FILE and CHECK modes."""
    check_paths(src, dst)
    return _convert_path(src, dst, mode=mode, strict=strict)


def convert_tree(src_dir, out_dir=None, *, mode=WriteBack.FILE, strict=False, jobs=1):
    """Every .py file under src_dir, mirrored under out_dir; returns a lazy, sized Run of reports."""
    check_paths(src_dir, out_dir)
    return Run(find_sources(src_dir, out_dir), partial(_convert_path, mode=mode, strict=strict), jobs)


class Run:
    """Reports of a multi-file conversion, produced on iteration in path order; len() is the file count."""

    def __init__(self, pairs, convert, jobs):
        self.pairs = pairs
        self._convert = convert
        self._jobs = jobs

    def __len__(self):
        return len(self.pairs)

    def __iter__(self):
        srcs = [src for src, _ in self.pairs]
        dsts = [dst for _, dst in self.pairs]
        workers = min(self._jobs, len(self.pairs))
        if workers <= 1:
            yield from map(self._convert, srcs, dsts)
            return
        # Small chunks keep the progress bar moving; more than one amortises the pickling per file.
        chunksize = max(1, len(srcs) // (workers * 16))
        with ProcessPoolExecutor(workers) as pool:
            yield from pool.map(self._convert, srcs, dsts, chunksize=chunksize)


def check_paths(src, dst):
    """Raise PathConflict when writing dst could clobber src or write a tree into itself."""
    if dst is None:
        return
    if os.path.isdir(src):
        if os.path.exists(dst) and not os.path.isdir(dst):
            raise PathConflict(f'{dst} is not a directory; a directory input needs an output directory')
        if _is_within(src, dst):
            raise PathConflict(f'the output directory {dst} must not be or contain the input directory {src}')
    elif os.path.isdir(dst):
        raise PathConflict(f'{dst} is a directory; give the path of the output file')
    elif src != STDIN and os.path.exists(dst) and os.path.samefile(src, dst):
        raise PathConflict(f'{dst} is the input file itself; converting in place is refused')


def find_sources(src_dir, out_dir=None):
    """`(source, destination)` for each .py file under src_dir; skips hidden, cache and output dirs."""
    output = os.path.realpath(out_dir) if out_dir else None
    pairs = []
    for root, dirs, files in os.walk(src_dir):
        dirs[:] = sorted(d for d in dirs if not _skip_dir(os.path.join(root, d), output))
        for name in sorted(files):
            if name.endswith('.py'):
                src = os.path.join(root, name)
                dst = os.path.join(out_dir, os.path.relpath(src, src_dir)) if out_dir else None
                pairs.append((src, dst))
    return pairs


def unified_diff(original, converted, name):
    """A unified diff without timestamps (deterministic), marking a missing final newline as patch does."""
    lines = []
    diff = difflib.unified_diff(_lines(original), _lines(converted), name, name, '(original)', '(converted)')
    for line in diff:
        lines.append(line if line.endswith('\n') else line + '\n\\ No newline at end of file\n')
    return ''.join(lines)


def write_atomic(path, data):
    """Replace path's contents with data in one step: readers see the old file or the new, never a mix."""
    directory = os.path.dirname(path) or '.'
    os.makedirs(directory, exist_ok=True)
    tmp = os.path.join(directory, f'.{os.path.basename(path)}.{secrets.token_hex(6)}.tmp')
    # 0o666 lets the umask decide the final permissions, as for any newly created file
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, 'O_BINARY', 0), 0o666)
    try:
        with os.fdopen(fd, 'wb') as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise


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


def _convert_path(src, dst, *, mode, strict):
    """convert_file without the path checks; never raises for a bad input, it reports it."""
    name = STDIN_NAME if src == STDIN else src
    try:
        source, encoding = decode_source(_read(src), name)
    except OSError as e:
        return FileReport(name, dst, Status.FAILED, (_error(name, f'cannot read: {e.strerror or e}'),))
    except ConversionError as e:
        return FileReport(name, dst, Status.FAILED, (e.diagnostic,))
    result = convert_source(source, name, _original_path(name, dst, mode), strict)
    if result.code is None:
        return FileReport(name, dst, Status.FAILED, result.diagnostics)
    try:
        status, output, detail = _write_back(mode, name, dst, source, result.code, encoding)
    except UnicodeEncodeError as e:
        problem = _error(name, f'converted code cannot be encoded as {encoding}: {e.reason}')
        return FileReport(name, dst, Status.FAILED, result.diagnostics + (problem,))
    except OSError as e:
        verb = 'cannot check' if mode is WriteBack.CHECK else 'cannot write'
        problem = _error(dst, f'{verb}: {e.strerror or e}')
        return FileReport(name, dst, Status.FAILED, result.diagnostics + (problem,))
    return FileReport(name, dst, status, result.diagnostics, output, detail)


def _write_back(mode, name, dst, source, code, encoding):
    """`(status, output, detail)` after handling the converted code as mode says."""
    if mode is WriteBack.STDOUT:
        return Status.CONVERTED, code.encode(encoding), ''
    if mode is WriteBack.DIFF:
        return Status.CONVERTED, unified_diff(source, code, name).encode(encoding), ''
    new = code.encode(encoding)
    try:
        with open(dst, 'rb') as f:
            old = f.read()
    except FileNotFoundError:
        old = None
    if old == new:
        return Status.UNCHANGED, b'', ''
    if mode is WriteBack.CHECK:
        return Status.STALE, b'', 'missing' if old is None else 'out of date'
    write_atomic(dst, new)
    return Status.CONVERTED, b'', ''


def _original_path(name, dst, mode):
    """What the source map records: relative to the output's directory when a file is written."""
    if mode in (WriteBack.FILE, WriteBack.CHECK) and name != STDIN_NAME:
        # relative, so a converted tree still finds its sources after both are moved together
        return os.path.relpath(os.path.abspath(name), os.path.dirname(os.path.abspath(dst)))
    return name


def _read(src):
    if src == STDIN:
        return sys.stdin.buffer.read()
    with open(src, 'rb') as f:
        return f.read()


def _lines(text):
    # str.splitlines would also split at form feeds and other separators that may sit inside a line
    lines = text.split('\n')
    last = lines.pop()
    return [line + '\n' for line in lines] + ([last] if last else [])


def _skip_dir(path, output):
    name = os.path.basename(path)
    return name.startswith('.') or name == '__pycache__' or os.path.realpath(path) == output


def _is_within(inner, outer):
    inner, outer = os.path.realpath(inner), os.path.realpath(outer)
    return os.path.commonpath([inner, outer]) == outer


def _error(path, message):
    return Diagnostic(path, 1, 1, 'error', message)


def _as_error(diagnostic):
    if diagnostic.severity == 'warning':
        return dataclasses.replace(diagnostic, severity='error')
    return diagnostic
