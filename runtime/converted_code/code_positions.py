"""Converted code objects that carry the original's positions: file, lines and function names.

A converted module's code objects are rewritten once, on first need after the
module has run (`Pairing.rewritten`), or when a function is converted at run
time: each gets the original file name, the original line of every
instruction (from the source map; columns are dropped) and the name of the
original function it belongs to. Tracebacks, `pdb`, `sys.settrace`, `inspect` and warnings then show
the user's source. Generated closures (`if_body`, `loop_body`, lazy operands'
lambdas) take the name of the function they were made for.

Code objects are paired with the original module's by walking both trees:
a converted code object stands for the original one nested in its original
parent with the same name and parameters (the same first line too, for
lambdas and comprehensions, and where names repeat); one that stands for none
is generated, and its nested code belongs to its parent. Both kinds are
registered here, by identity, for the traceback filter and for dispatch.
Python 3.10's line tables are not rewritten: there, converted code keeps the
converted file's positions.
"""
import sys
import threading
import types
import weakref

REWRITES = sys.version_info >= (3, 11)


class ConvertedCode:
    """What the runtime knows of one rewritten code object of converted code."""

    __slots__ = ('plain', 'invocation', 'generated', 'scoped')

    def __init__(self, plain, invocation, generated, scoped):
        self.plain = plain            # as compiled from the converted text (to show it)
        self.invocation = invocation  # shared by a function's code and its generated closures
        self.generated = generated    # a closure or lambda the converter made
        self.scoped = scoped          # runs in an ag__.FunctionScope, which filters tracebacks


class CodeTable:
    """code object -> value by identity (equal code objects of two modules stay apart), weakly."""

    def __init__(self):
        self._entries = {}

    def add(self, code, value):
        key, entries = id(code), self._entries
        entries[key] = (weakref.ref(code, lambda _, key=key: entries.pop(key, None)), value)

    def get(self, code):
        entry = self._entries.get(id(code))
        return entry[1] if entry is not None and entry[0]() is code else None


_converted = CodeTable()  # rewritten code -> ConvertedCode
_originals = CodeTable()  # original code -> (its Pairing, the plain converted code for it)


def converted_info(code):
    """The ConvertedCode of a rewritten code object, or None for any other code."""
    return _converted.get(code)


def converted_for(original):
    """The rewritten converted code that stands for an original code object, or None."""
    found = _originals.get(original)
    return None if found is None else found[0].rewritten(found[1])


def plain_converted(code):
    """The code as compiled from the converted text, for an original or rewritten code object."""
    found = _originals.get(code)
    if found is not None:
        return found[1]
    info = _converted.get(code)
    return None if info is None else info.plain


def rewrite(original, plain, original_line):
    """`plain` (converted code standing for `original`), with all code nested in it, rewritten."""
    return Pairing(original, plain, original_line).rewritten(plain)


class Pairing:
    """The code objects of a converted module (or function) paired with the original's.

    Pairing is cheap and done when the module has run; rewriting costs about
    three times as much and is done on first need (`rewritten`): the first
    trace, the switch to converted code, or an original code object's
    converted code asked for. `original(plain code)` is its original code
    object, None for generated code. Only the names and first lines of
    original code are kept, so the original code objects can be freed;
    `originals`, if given, receives id(plain code) -> (plain code, original code).
    """

    def __init__(self, original, plain, original_line, originals=None):
        self.original_line = original_line
        self.root = plain
        self._lines = {}
        self._parts = {}  # id(plain code) -> (plain code, origin, invocation token, generated)
        self._done = None  # id(plain code) -> rewritten code, once rewritten
        self._table = None  # converted line -> original line, while rewriting
        self._lock = threading.Lock()
        self._pair(original, plain, {} if originals is None else originals)

    def rewritten(self, plain):
        """The rewritten code for a plain code object of this pairing (everything rewritten once)."""
        if self._done is None:
            with self._lock:
                if self._done is None:
                    last = max((line for _, _, line in self.root.co_lines() if line), default=0)
                    self._table = [None] + [self.original_line(n) for n in range(1, last + 1)]
                    done = {}
                    self._rewrite(self.root, done)
                    self._done = done
        return self._done[id(plain)]

    def line_of(self, line):
        found = self._lines.get(line, self._lines)
        if found is self._lines:
            found = self._lines[line] = None if line is None else self.original_line(line)
        return found

    def _pair(self, original, plain, originals):
        invocation = object()
        origin = (original.co_filename, original.co_name, getattr(original, 'co_qualname', None),
                  original.co_firstlineno)
        self._parts[id(plain)] = (plain, origin, invocation, False)
        originals[id(plain)] = (plain, original)
        _originals.add(original, (self, plain))
        self._walk(plain, origin, invocation, _nested(original), originals)

    def _walk(self, plain, owner, invocation, pending, originals):
        """Pair the code nested in `plain`; `pending`: `owner`'s nested code not paired yet."""
        for const in plain.co_consts:
            if const.__class__ is types.CodeType:
                original = _take_pair(const, pending, self.line_of)
                if original is not None:
                    self._pair(original, const, originals)
                else:
                    self._parts[id(const)] = (const, owner, invocation, True)
                    self._walk(const, owner, invocation, pending, originals)

    def _rewrite(self, plain, done):
        consts = plain.co_consts
        if any(c.__class__ is types.CodeType for c in consts):
            consts = tuple(self._rewrite(c, done) if c.__class__ is types.CodeType else c
                           for c in consts)
        code = self._replace(plain, consts)
        done[id(plain)] = code
        return code

    def _replace(self, plain, consts):
        if not REWRITES:  # nothing nested was rewritten either
            return plain
        _, (filename, name, qualname, first), invocation, generated = self._parts[id(plain)]
        if generated:
            first = self.line_of(plain.co_firstlineno) or first
        code = plain.replace(co_consts=consts, co_filename=filename, co_name=name,
                             co_qualname=qualname, co_firstlineno=first,
                             co_linetable=location_table(self._runs(plain), first))
        scoped = not generated and 'FunctionScope' in plain.co_names
        _converted.add(code, ConvertedCode(plain, invocation, generated, scoped))
        return code

    def _runs(self, plain):
        """(code units, original line) of each stretch of `plain`'s code on one original line."""
        runs, last, size = [], 0, 0
        table, known = self._table, len(self._table)
        for start, end, line in plain.co_lines():
            if line is not None:
                line = table[line] if line < known else self.original_line(line)
            if line != last:
                if size:
                    runs.append((size >> 1, last))
                last, size = line, 0
            size += end - start
        runs.append((size >> 1, last))
        return runs


_COMPREHENSIONS = frozenset(('<listcomp>', '<setcomp>', '<dictcomp>', '<genexpr>'))


def _take_pair(plain, pending, line_of):
    """The original code `plain` stands for, taken out of `pending`; None if it was generated."""
    name = plain.co_name
    candidates = [c for c in pending if c.co_name == name]
    if candidates:
        signature = _signature(plain)
        candidates = [c for c in candidates if _signature(c) == signature]
    if len(candidates) > 1 or name.startswith('<'):
        line = line_of(plain.co_firstlineno)
        on_line = [c for c in candidates if c.co_firstlineno == line]
        # the converter makes no comprehension: one is always the user's, so one whose first
        # line pairs with none (a position the conversion moved) pairs in order rather than
        # pass for generated code, whose frames fold into their function's
        candidates = on_line or (candidates[:1] if name in _COMPREHENSIONS else [])
    if not candidates:
        return None
    pending.remove(candidates[0])
    return candidates[0]


def _nested(code):
    return [c for c in code.co_consts if c.__class__ is types.CodeType]


def _signature(code):
    count = (code.co_argcount + code.co_kwonlyargcount + bool(code.co_flags & 0x04)
             + bool(code.co_flags & 0x08))
    return code.co_argcount, code.co_kwonlyargcount, code.co_flags & 0x0c, code.co_varnames[:count]


def location_table(runs, first_line):
    """A location table (Python 3.11+, `Objects/locations.md`) from (code units, line) runs.

    Entries without columns (code 13), or without any location (code 15) for a
    line None, each for at most 8 code units.
    """
    table = bytearray()
    current = first_line
    for units, line in runs:
        while units > 0:
            length = min(units, 8)
            units -= length
            if line is None:
                table.append(0xf8 | (length - 1))
            else:
                table.append(0xe8 | (length - 1))
                _signed_varint(table, line - current)
                current = line
    return bytes(table)


def _signed_varint(table, value):
    value = (-value << 1) | 1 if value < 0 else value << 1
    while value >= 64:
        table.append(64 | (value & 63))
        value >>= 6
    table.append(value)
