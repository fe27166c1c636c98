"""The API ladder under the CLI: convert_source -> convert_file -> convert_tree, free of CLI concerns."""
from __future__ import annotations

import dataclasses
import difflib
import os
from collections.abc import Callable, Generator, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from typing import Any

from runtime.errors import ConversionError

from . import checked_conversion, interrupts, source_files
from .atomic_replace import write_atomic
from .diagnostics import Diagnostic
from .paths import PathConflict, check_paths, check_tree_outputs, find_sources
from .reports import FileReport, Status, Tally, WriteBack, failed

__all__ = ['convert_source', 'convert_file', 'convert_tree', 'decode_source', 'unified_diff',
           'write_atomic', 'find_sources', 'check_paths', 'PathConflict', 'FileReport', 'Status',
           'Tally', 'WriteBack', 'SourceResult', 'Run', 'STDIN', 'STDIN_NAME']

STDIN = source_files.STDIN
STDIN_NAME = '<stdin>'
# Files per task sent to a worker: more amortises the pickling, fewer keeps the progress bar
# moving and lets an interrupted run stop soon.
MAX_CHUNK = 8
decode_source = source_files.decode


@dataclasses.dataclass(frozen=True)
class SourceResult:
    """A converted module (code is None when conversion failed) and every problem found."""
    code: str | None
    diagnostics: tuple[Diagnostic, ...] = ()


def convert_source(source: str, path: str = '<string>', original_path: str | None = None,
                   strict: bool = False) -> SourceResult:
    """Convert module text (see checked_conversion.py); failures, and with strict every warning, come back
    as error diagnostics."""
    try:
        result = checked_conversion.convert(source, path, original_path)
    except ConversionError as e:
        return SourceResult(None, (e.diagnostic,))
    except Exception as e:  # a converter bug in one file must not end a whole tree run
        return SourceResult(None, (_error(path, f'internal converter error: {type(e).__name__}: {e}'),))
    diagnostics = tuple(result.diagnostics)
    if strict:
        diagnostics = tuple(_as_error(d) for d in diagnostics)
    failures = any(d.severity == 'error' for d in diagnostics)
    return SourceResult(None if failures else result.code, diagnostics)


def convert_file(src: str, dst: str | None = None, *, mode: WriteBack = WriteBack.STDOUT,
                 strict: bool = False) -> FileReport:
    """Convert one file (src '-' reads stdin); dst is needed by FILE and CHECK modes."""
    check_paths(src, dst)
    return _convert_path(src, dst, mode=mode, strict=strict)


def convert_tree(src_dir: str, out_dir: str | None = None, *, mode: WriteBack = WriteBack.FILE,
                 strict: bool = False, jobs: int = 1) -> Run:
    """Every .py file under src_dir, mirrored under out_dir; returns a lazy, sized Run of reports."""
    check_paths(src_dir, out_dir)
    entries = find_sources(src_dir, out_dir)
    if out_dir is not None:
        check_tree_outputs([e for e in entries if isinstance(e, tuple)], src_dir, out_dir)
    return Run(entries, partial(_convert_path, mode=mode, strict=strict), jobs)


class Run:
    """Reports of a multi-file conversion, produced on iteration in path order; len() is the count.

    `entries` are `(source, destination)` pairs to convert and FileReports of
    paths found unusable while looking for sources.
    """

    def __init__(self, entries: Sequence[tuple[str, str | None] | FileReport],
                 convert: Callable[[str, str | None], FileReport], jobs: int) -> None:
        self.entries = entries
        self._convert = convert
        self._jobs = jobs

    def __len__(self) -> int:
        return len(self.entries)

    def __iter__(self) -> Iterator[FileReport]:
        pairs = [e for e in self.entries if isinstance(e, tuple)]
        converted = self._reports([src for src, _ in pairs], [dst for _, dst in pairs])
        try:
            for entry in self.entries:
                yield next(converted) if isinstance(entry, tuple) else entry
            for _ in converted:  # nothing is left: this lets a pool shut down normally
                pass
        finally:
            converted.close()  # a run left early: stop the pool now

    def _reports(self, srcs: list[str],
                 dsts: list[str | None]) -> Generator[FileReport, None, None]:
        workers = min(self._jobs, len(srcs))
        if workers <= 1:
            yield from map(self._convert, srcs, dsts)
            return
        chunksize = max(1, min(MAX_CHUNK, len(srcs) // (workers * 16)))
        with ProcessPoolExecutor(workers, initializer=interrupts.worker_started,
                                 initargs=(os.getpid(),)) as pool:
            try:
                yield from pool.map(self._convert, srcs, dsts, chunksize=chunksize)
            except BaseException:  # interrupted, or abandoned: no worker may go on converting
                interrupts.stop_pool(pool)
                raise


def unified_diff(original: str, converted: str, name: str) -> str:
    """A unified diff without timestamps (deterministic), marking a missing final newline as patch does."""
    lines = []
    diff = difflib.unified_diff(_lines(original), _lines(converted), name, name, '(original)', '(converted)')
    for line in diff:
        lines.append(line if line.endswith('\n') else line + '\n\\ No newline at end of file\n')
    return ''.join(lines)


def _convert_path(src: str, dst: str | None, *, mode: WriteBack, strict: bool) -> FileReport:
    """convert_file without the path checks; never raises for a bad input, it reports it."""
    name = STDIN_NAME if src == STDIN else src
    try:
        source, encoding = source_files.decode(source_files.read(src), name)
    except OSError as e:
        return failed(name, f'cannot read: {e.strerror or e}', dst)
    except ConversionError as e:
        return FileReport(name, dst, Status.FAILED, (e.diagnostic,))
    result = convert_source(source, name, _original_path(name, dst, mode), strict)
    if result.code is None:
        return FileReport(name, dst, Status.FAILED, result.diagnostics)
    try:
        status, output, detail = _write_back(mode, name, dst, source, result.code, encoding)
    except ConversionError as e:
        return FileReport(name, dst, Status.FAILED, result.diagnostics + (e.diagnostic,))
    except OSError as e:
        verb = 'cannot check' if mode is WriteBack.CHECK else 'cannot write'
        problem = _error(dst, f'{verb}: {e.strerror or e}')
        return FileReport(name, dst, Status.FAILED, result.diagnostics + (problem,))
    return FileReport(name, dst, status, result.diagnostics, output, detail)


def _write_back(mode: WriteBack, name: str, dst: Any, source: str, code: str,
                encoding: str) -> tuple[Status, bytes, str]:
    """`(status, output, detail)` after handling the converted code as mode says (`dst`: a
    path in the FILE and CHECK modes, the ones that read it)."""
    if mode is WriteBack.DIFF:
        # the diff's headers name the path, which the source's encoding may not hold
        diff = unified_diff(source, code, name)
        return Status.CONVERTED, source_files.encode(diff, encoding, name, 'backslashreplace'), ''
    new = source_files.encode(code, encoding, name)
    if mode is WriteBack.STDOUT:
        return Status.CONVERTED, new, ''
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


def _original_path(name: str, dst: Any, mode: WriteBack) -> str:  # dst: as in _write_back
    """What the source map records: relative to the output's directory when a file is written."""
    if mode in (WriteBack.FILE, WriteBack.CHECK) and name != STDIN_NAME:
        # relative, so a converted tree still finds its sources after both are moved together
        return os.path.relpath(os.path.abspath(name), os.path.dirname(os.path.abspath(dst)))
    return name


def _lines(text: str) -> list[str]:
    # str.splitlines would also split at form feeds and other separators that may sit inside a line
    lines = text.split('\n')
    last = lines.pop()
    return [line + '\n' for line in lines] + ([last] if last else [])


def _error(path: Any, message: str) -> Diagnostic:  # path: a str (dst where one is written)
    return Diagnostic(path, 1, 1, 'error', message)


def _as_error(diagnostic: Diagnostic) -> Diagnostic:
    if diagnostic.severity == 'warning':
        return dataclasses.replace(diagnostic, severity='error')
    return diagnostic
