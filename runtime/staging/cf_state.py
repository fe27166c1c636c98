"""The variables a converted `if` or loop reads and writes: its declared state and hidden cells.

The converter declares a statement's state through `get_state`/`set_state`
(variables modified and live after it). Flags it reads only from a loop's
`extra_test` (`break_` when nothing after the loop reads it) are not
declared, yet a graph loop must see the value its body's `if` gave them. So
the closure cells that the statement's functions can reach (through nested
generated functions of the same file) are tracked too: those a trace
changes are *hidden* state, merged by a cond like declared state, and put
back as they were after a loop. Arrays the traced code made before the
statement are promoted when read as its state: the statement may update them
when the graph runs.
"""
import functools
import types

import numpy as np

from ..tracing.closures import EMPTY, content, reachable_cells
from ..tracing.memory import made_arrays
from ..tracing.trace_state import current_builder

BOTTOM = object()  # the values of a path that raised: they merge with anything


class State:
    """Reads and writes a statement's state as one flat list: declared values, then hidden cells."""

    def __init__(self, get_state, set_state, symbol_names, functions):
        self.get_state, self.set_state = get_state, set_state
        self.parent = current_builder()  # the graph the statement is staged in
        self.names = list(symbol_names)
        declared = _own_cells(set_state)
        self._functions = _python_functions(functions)
        self._cells = [(cell, name) for cell, name in reachable_cells(self._functions)
                       if id(cell) not in declared]
        self.hidden_names = []
        self._hidden = []

    @property
    def all_names(self):
        return self.names + self.hidden_names

    def snapshot(self):
        """The current contents of every reachable undeclared cell (to find hidden state)."""
        return [content(cell) for cell, _ in self._cells]

    def changed_since(self, snapshot):
        """Add the cells whose contents differ from `snapshot` to the hidden state."""
        known = {id(cell) for cell in self._hidden}
        for (cell, name), before in zip(self._cells, snapshot):
            if content(cell) is not before and id(cell) not in known:
                self._hidden.append(cell)
                self.hidden_names.append(name)
                known.add(id(cell))

    def restore(self, snapshot):
        for (cell, _), before in zip(self._cells, snapshot):
            _setcontent(cell, before)

    def read(self):
        """The values, made arrays from before the statement promoted (`made_arrays`)."""
        declared = list(self.get_state()) if self.get_state is not None else []
        return made_arrays.for_control_flow(declared + [content(cell) for cell in self._hidden],
                                            self.parent)

    def write(self, values):
        n = len(self.names)
        if n:
            self.set_state(tuple(values[:n]))
        for cell, value in zip(self._hidden, values[n:]):
            _setcontent(cell, value)

    def numpy_arrays(self, values):
        """(name, array) of the numpy arrays the traced code did not make that the statement's
        code reaches by name: in `values` (its state), in cells, and in the globals it names."""
        found = list(zip(self.names, values))
        for cell, name in self._cells:
            found.append((name, content(cell)))
        for fn in self._functions:
            for name in fn.__code__.co_names:
                found.append((name, fn.__globals__.get(name)))
        arrays = []
        for name, value in found:  # plain loops: this runs for every graph `if` and loop
            if isinstance(value, np.ndarray) and made_arrays.is_numpy_array(value):
                arrays.append((name, value))
        return arrays

    def hidden_values(self, snapshot):
        """The values the hidden cells had in `snapshot`."""
        index = {id(cell): i for i, (cell, _) in enumerate(self._cells)}
        return [snapshot[index[id(cell)]] for cell in self._hidden]


def is_empty(value):
    return value is EMPTY


def _setcontent(cell, value):
    if value is EMPTY:
        try:
            del cell.cell_contents
        except ValueError:
            pass
    else:
        cell.cell_contents = value


def _own_cells(fn):
    closure = getattr(fn, '__closure__', None) or ()
    return {id(cell) for cell in closure}


def _python_functions(functions):
    roots = [f.func if isinstance(f, functools.partial) else f for f in functions]
    return [f for f in roots if isinstance(f, types.FunctionType)]
