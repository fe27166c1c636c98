"""Source maps of converted modules: converted line -> original line, and the notes that use them.

A converted module ends with
`__ag_source_map__ = ag__.SourceMap(path, encoded, digest)`.
`encoded` is a comma-separated list of segments in increasing converted line:
`C:O` starts a run in which converted line C+k is original line O+k (code
copied verbatim), `C=O` one in which every line maps to O (generated code).
`path` is the original file, relative to the converted file's directory unless
it is absolute; `digest` (`source_digest`) tells whether that file is still
the one that was converted.

Code objects of converted modules get the original positions themselves
(`code_positions`); the map serves code that runs before that, and the notes
of graph errors (an exception of the graph's own, where a note is fine).
"""
import ast
import bisect
import hashlib
import linecache
import os

from . import code_positions
from .frames import RUNTIME_DIR, user_frame


def source_digest(text):
    """16 hex digits of the SHA-256 of source text, whatever its newlines."""
    text = text.replace('\r\n', '\n').replace('\r', '\n')
    return hashlib.sha256(text.encode('utf-8', 'surrogatepass')).hexdigest()[:16]


class SourceMap:
    __slots__ = ('path', 'encoded', 'digest', '_starts', '_segments')

    def __init__(self, path, encoded, digest=None):
        self.path = path
        self.encoded = encoded
        self.digest = digest
        self._starts = None
        self._segments = None

    def _decode(self):
        starts, segments = [], []
        for item in self.encoded.split(',') if self.encoded else ():
            if ':' in item:
                c, o = item.split(':')
                segments.append((int(o), True))
            else:
                c, o = item.split('=')
                segments.append((int(o), False))
            starts.append(int(c))
        self._starts, self._segments = starts, segments

    def original_line(self, converted_line):
        """The original line of a converted line, or None before the first mapped line."""
        if self._starts is None:
            self._decode()
        i = bisect.bisect_right(self._starts, converted_line) - 1
        if i < 0:
            return None
        original, advancing = self._segments[i]
        return original + (converted_line - self._starts[i]) if advancing else original

    def original_path(self, converted_file=None):
        if os.path.isabs(self.path) or not converted_file:
            return self.path
        return os.path.normpath(os.path.join(os.path.dirname(converted_file), self.path))


# code filename -> SourceMap, for functions converted at run time (`runtime.converted_code.conversion`):
# they run with their original module's globals, which hold no `__ag_source_map__`.
_registered = {}


def register(code_filename, source_map):
    """Map the converted code compiled under `code_filename` back to its original source."""
    _registered[code_filename] = source_map


def original_location(frame, lineno):
    """`(path, line)` in the original source for a frame of converted code, else None.

    Code that carries original positions (rewritten converted code, and the
    original code a converted module runs on Python values) needs no map.
    """
    code = frame.f_code
    if code_positions.converted_info(code) is not None:
        return code.co_filename, lineno
    code_file = code.co_filename
    source_map = _registered.get(code_file)
    converted_file = None
    if source_map is None:
        if code_file.startswith(RUNTIME_DIR):
            return None
        source_map = frame.f_globals.get('__ag_source_map__')
        if source_map is None:
            source_map = map_in_source(frame)
        if source_map is None or source_map.__class__ is not SourceMap:
            return None
        converted_file = frame.f_globals.get('__file__')
    path = source_map.original_path(converted_file)
    if code_file == path:
        return path, lineno
    line = source_map.original_line(lineno)
    if line is None:
        return None
    return path, line


_MAP_PREFIX = '__ag_source_map__ = ag__.SourceMap('
_read_from_source = {}  # code filename -> SourceMap or None


def map_in_source(frame):
    """The map of a converted module that is still being imported: read from its last line.

    The map is the module's last statement; code running during the import
    (module-level calls) runs before it is assigned.
    """
    filename = frame.f_code.co_filename
    if filename in _read_from_source:
        return _read_from_source[filename]
    found = None
    if '__ag_source_map__' not in frame.f_globals and 'ag__' in frame.f_globals:
        for line in reversed(linecache.getlines(filename, frame.f_globals)[-3:]):
            if line.startswith(_MAP_PREFIX):
                try:
                    found = SourceMap(*ast.literal_eval(line[len(_MAP_PREFIX) - 1:].strip()))
                except (ValueError, SyntaxError, TypeError):
                    pass
                break
    _read_from_source[filename] = found
    return found


def note_original_location(exc, tb):
    """Add one note naming the original file:line of the innermost converted frame.

    For exceptions a graph raises at run time (a `raise` staged as an op);
    exceptions of converted code on Python values are never changed.
    """
    if getattr(exc, '__ag_noted__', False):
        return
    location = None
    while tb is not None:
        found = original_location(tb.tb_frame, tb.tb_lineno)
        if found is not None:
            location = found
        tb = tb.tb_next
    if location is not None:
        add_note_once(exc, f'(agconvert) raised from original source {location[0]}:{location[1]}')


def add_note_once(exc, note):
    """Add `note` to `exc` unless agconvert noted it already: one location note per exception."""
    if getattr(exc, '__ag_noted__', False):
        return
    try:
        exc.__ag_noted__ = True
    except AttributeError:
        return
    if hasattr(exc, 'add_note'):
        exc.add_note(note)
    else:  # Python 3.10: PEP 678 notes by hand
        exc.__notes__ = [*getattr(exc, '__notes__', ()), note]


def is_converted(frame):
    """True for a frame of converted code (its module maps it back to the original source)."""
    return original_location(frame, frame.f_lineno) is not None


def source_location(frame=None):
    """'path:line' of the user code staging the current op (or of `frame`); the ORIGINAL line
    for converted code."""
    frame = frame or user_frame()
    if frame is None:
        return None
    original = original_location(frame, frame.f_lineno)
    if original is not None:
        return f'{original[0]}:{original[1]}'
    return f'{frame.f_code.co_filename}:{frame.f_lineno}'
