"""Converted code objects that carry the original's positions: file, lines and function names.

A converted module's code objects are rewritten once, when the module has run
(`python_mode.module_end`), or when a function is converted at run time: each
gets the original file name, the original line of every instruction (from the
source map; columns are dropped) and the name of the original function it
belongs to. Tracebacks, `pdb`, `sys.settrace`, `inspect` and warnings then show
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


class _CodeTable:
    """code object -> value by identity (equal code objects of two modules stay apart), weakly."""

    def __init__(self):
        self._entries = {}

    def add(self, code, value):
        key, entries = id(code), self._entries
        entries[key] = (weakref.ref(code, lambda _, key=key: entries.pop(key, None)), value)

    def get(self, code):
        entry = self._entries.get(id(code))
        return entry[1] if entry is not None and entry[0]() is code else None


_converted = _CodeTable()  # rewritten code -> ConvertedCode
_originals = _CodeTable()  # original code -> its rewritten converted code


def converted_info(code):
    """The ConvertedCode of a rewritten code object, or None for any other code."""
    return _converted.get(code)


def converted_for(original):
    """The rewritten converted code that stands for an original code object, or None."""
    return _originals.get(original)


def plain_converted(code):
    """The code as compiled from the converted text, for an original or rewritten code object."""
    info = _converted.get(_originals.get(code) or code)
    return None if info is None else info.plain


def rewrite(original, plain, original_line, pairs):
    """`plain` (converted code standing for `original`) and all code nested in it, rewritten.

    `original_line(converted line)` gives the original line, or None. Fills
    `pairs`: id(plain code) -> (plain code, rewritten code, original code or
    None for generated code). On Python 3.10 the "rewritten" code is the plain
    code: only the pairing is done.
    """
    last = max((line for _, _, line in plain.co_lines() if line is not None), default=0)
    return _Rewrite([None] + [original_line(line) for line in range(1, last + 1)],
                    original_line, pairs).pair(original, plain)


class _Rewrite:
    def __init__(self, lines, original_line, pairs):
        self.lines = lines  # converted line -> original line, up to the outermost code's last
        self.original_line, self.pairs = original_line, pairs

    def line_of(self, line):
        if line is None:
            return None
        return self.lines[line] if line < len(self.lines) else self.original_line(line)

    def pair(self, original, plain):
        invocation = object()
        consts = self.consts(plain, original, invocation, _nested(original))
        code = self.replace(plain, consts, original, original.co_firstlineno)
        scoped = 'FunctionScope' in plain.co_names
        self.register(plain, code, original, ConvertedCode(plain, invocation, False, scoped))
        _originals.add(original, code)
        return code

    def generated(self, plain, owner, invocation, pending):
        consts = self.consts(plain, owner, invocation, pending)
        code = self.replace(plain, consts, owner,
                            self.line_of(plain.co_firstlineno) or owner.co_firstlineno)
        self.register(plain, code, None, ConvertedCode(plain, invocation, True, False))
        return code

    def register(self, plain, code, original, info):
        self.pairs[id(plain)] = (plain, code, original)
        if code is not plain:
            _converted.add(code, info)

    def consts(self, plain, owner, invocation, pending):
        """`plain`'s constants, code rewritten; `pending`: `owner`'s nested code not paired yet."""
        if not any(c.__class__ is types.CodeType for c in plain.co_consts):
            return plain.co_consts
        consts = []
        for const in plain.co_consts:
            if const.__class__ is types.CodeType:
                original = _take_pair(const, pending, self.line_of)
                const = (self.generated(const, owner, invocation, pending) if original is None
                         else self.pair(original, const))
            consts.append(const)
        return tuple(consts)

    def replace(self, plain, consts, named_as, first_line):
        if not REWRITES:  # nothing nested was rewritten either
            return plain
        runs, lines, known = [], self.lines, len(self.lines)  # runs: (code units, line)
        last, size = 0, 0
        for start, end, line in plain.co_lines():
            if line is not None:
                line = lines[line] if line < known else self.original_line(line)
            if line != last:
                if size:
                    runs.append((size >> 1, last))
                last, size = line, 0
            size += end - start
        runs.append((size >> 1, last))
        return plain.replace(
            co_consts=consts, co_filename=named_as.co_filename, co_name=named_as.co_name,
            co_qualname=named_as.co_qualname, co_firstlineno=first_line,
            co_linetable=location_table(runs, first_line))


def _take_pair(plain, pending, line_of):
    """The original code `plain` stands for, taken out of `pending`; None if it was generated."""
    name, signature = plain.co_name, _signature(plain)
    candidates = [c for c in pending if c.co_name == name and _signature(c) == signature]
    if len(candidates) > 1 or name.startswith('<'):
        line = line_of(plain.co_firstlineno)
        candidates = [c for c in candidates if c.co_firstlineno == line]
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
