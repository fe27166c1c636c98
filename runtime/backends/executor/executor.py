"""The compiled executor: a graph becomes the source of one Python function of numpy calls.

Generated once per graph, e.g. for `power(x, 3)`:

    def power(v0):
        try:
            v1 = matmul(v0, k)
            v1 = matmul(v0, v1)
            v1 = matmul(v0, v1)
            return (v1,)
        except Exception as exc:
            _note(exc)
            raise

numpy functions, constants and resources are globals of the generated code and
literals are inlined, so an op costs what the numpy call costs; on numpy
scalars, ufuncs are written as Python operators (`scalar_ops`), and `cond`
and `while` become Python `if` and `while` statements with their sub-graphs'
ops inlined (`control`). Only live equations are emitted (non-strict
execution); a dead value's local is reused by the next output, and a big one
is deleted at once. Big temporaries go into buffers kept between calls
(`scratch`), and runs of elementwise ops on big arrays go block by block
through a helper function (`blocking`). Every `out=` array (a dying input's,
a scratch buffer, a row) is C-contiguous, so a ufunc writes into one only where
numpy would lay its result out in C order too (`layout`); the inputs that
relies on are checked once on entry. A `try` costs nothing until
something raises; then `_note` maps the failing line to its equation and notes
the original source line on the exception, whose type is kept.
"""
import builtins
import itertools
import keyword
import linecache
import math
import re
import weakref

import numpy as np

from ... import graph_ops
from ...graph_ops.emitters import call_source
from ...ir.core import Literal, Var
from ...ir.liveness import live_equations
from ...ir.lowerings import EXECUTOR
from ...ir.nesting import recursion_room
from ...ir.shapes import size
from . import blocking, buffers, control, inplace, layout, outlining, scalar_ops, scratch, stores  # noqa: F401  (registers the cond, while and errstate it writes in EXECUTOR)
from .op_calls import note_op_location, with_callables

_BIG = 1 << 12  # elements: a dead value at least this big is deleted at once
_counter = itertools.count()


def compile_graph(graph, name='graph', contiguous_inputs=True):
    """`graph` as a function `f(*inputs) -> tuple of outputs`. Compile once; call many times.

    With `contiguous_inputs`, the code is planned for C-contiguous array inputs (`layout`):
    a call with an input whose layout its plan relies on that is not runs another version,
    compiled without that assumption at the first such call.
    """
    codegen = _Codegen(contiguous_inputs)
    with recursion_room(graph, f'compiling graph {name!r}'):
        source = codegen.function(graph, name)
    filename = f'<graph {name} #{next(_counter)}>'
    codegen.namespace['_note'] = _noter(filename, codegen.line_equations)
    if codegen.checked:
        codegen.namespace[codegen.general] = _Deferred(
            codegen.namespace, codegen.general,
            lambda: compile_graph(graph, name, contiguous_inputs=False))
    exec(compile(source, filename, 'exec'), codegen.namespace)
    function = codegen.namespace[codegen.function_name]
    function.__source__ = source
    # tracebacks show the source while the function lives; the finaliser first, so an
    # interrupt between the two leaves no source registered for good
    weakref.finalize(function, linecache.cache.pop, filename, None)
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    return function


# ops whose outputs may be values of their sub-graphs' constants as they are
_PASSING = frozenset(('cond', 'while', 'call', 'while_saving', 'errstate'))


def _writeable(value):
    """`value`, or a copy of it if it is a read-only array (a constant of the graph)."""
    if value.__class__ is np.ndarray and not value.flags.writeable:
        return value.copy()
    return value


class _Deferred:
    """Stands for a function the generated code calls that is compiled only when first called
    (`make()`): the version of a graph's function planned for inputs of any layout, or an
    equation nested too deep to inline. Then puts it in its place."""

    def __init__(self, namespace, name, make):
        self.namespace, self.name, self.make = namespace, name, make

    def __call__(self, *args):
        function = self.make()
        self.namespace[self.name] = function
        return function(*args)


def _noter(filename, line_equations):
    def note(exc):
        tb, equation = exc.__traceback__, None
        while tb is not None:
            if tb.tb_frame.f_code.co_filename == filename:
                equation = line_equations.get(tb.tb_lineno, equation)
            tb = tb.tb_next
        if equation is not None:
            note_op_location(exc, equation)
    return note


def literal_source(value):
    """Python source evaluating to `value` (Python scalars, strings, tuples of them), or None."""
    kind = type(value)
    if value is None or kind in (bool, int, str):
        return repr(value)
    if kind in (float, complex):
        finite = all(math.isfinite(p) for p in (value.real, value.imag))
        return repr(value) if finite else None
    if kind is tuple:
        parts = [literal_source(v) for v in value]
        if None in parts:
            return None
        return f"({', '.join(parts)}{',' if len(parts) == 1 else ''})"
    return None


class _Codegen:
    def __init__(self, contiguous_inputs=True):
        self.namespace = {'__builtins__': builtins}
        self.contiguous_inputs = contiguous_inputs
        self.required = 0  # the inputs whose C-contiguity the plan relies on (`layout`): bits
        self.checked = []  # their names, checked when the function is called
        self.general = None  # the global naming the version for inputs of any layout
        self._layouts = []  # the `layout.Layouts` of each block being emitted, innermost last
        self._layout_memo = {}
        self.top_layouts = None  # the `layout.Layouts` of the top-level block, once emitted
        self.emitted = []  # the top-level block's (equation, target it wrote into or None)
        self.line_equations = {}
        self._globals = {}  # id(object) -> its global name
        self._names = {}    # Var -> source name (a local slot or a global)
        self._scalars = {}  # (dtype, repr) -> the numpy scalar constant bound as a global
        self._slots = 0
        self.function_name = None
        self.graph_name = 'graph'  # the name the graph is compiled under
        self._blocks = []  # the Ownership of each block being emitted, innermost last
        # (indentation, loops) of each block being emitted, innermost last: the function's own
        # lines are inside its `def` and `try` (`outlining`)
        self._nesting = [(2, 1)]
        self.finished = None  # the Ownership of the block emitted last
        self.owned_results = set()  # outputs of the cond or loop emitted last that it owns
        self._constant_vars = set()  # the graphs' constants (frozen arrays)
        self._made_by = {}  # top-level value -> the primitive making it

    def src(self, value, hint=None):
        """Source for a value: inline when it is a literal, else a global of the generated code."""
        text = literal_source(value)
        if text is not None:
            return text
        name = self._globals.get(id(value))
        if name is None:
            name = self._global_name(hint or _hint(value))
            self._globals[id(value)] = name
            self.namespace[name] = value
        return name

    def numpy_scalar(self, scalar):
        """The global naming a numpy scalar (one per dtype and value, -0.0 apart from 0.0)."""
        key = (scalar.dtype.str, repr(scalar))
        value = self._scalars.setdefault(key, scalar)
        return self.src(value, f'{scalar.dtype.name}_{value}')

    def _global_name(self, hint):
        base = re.sub(r'\W', '_', hint)
        if not base.isidentifier() or re.fullmatch(r'v\d+|_s\d+', base):
            base = f'g_{base}'  # never a local slot's name
        if keyword.iskeyword(base) or hasattr(builtins, base):
            base += '_'
        name, n = base, 0
        while name in self.namespace:
            n += 1
            name = f'{base}{n}'
        return name

    def slot(self):
        """A fresh local name (never reused by the code generated so far)."""
        self._slots += 1
        return f'v{self._slots - 1}'

    def atom(self, atom):
        """Source for an equation input: a literal inlined, or the name holding a variable."""
        return self.src(atom.value) if isinstance(atom, Literal) else self._names[atom]

    def function(self, graph, name):
        self.graph_name = name
        params = [self.slot() for _ in graph.inputs]
        inputs = [_input_layout(i, var.aval, self.contiguous_inputs)
                  for i, var in enumerate(graph.inputs)]
        body, outputs = self.block(graph, params, reuse_inputs=True, layouts=inputs)
        self.function_name = self._global_name(name)
        pooled = scratch.pooled_results(self.emitted, graph.outputs, self.top_layouts)
        for var in pooled:
            self.rely_on(self.top_layouts.of(var))
        body, kept = self._into_scratch(body, pooled)
        helpers = []  # (def line, body lines) of the functions running runs block by block
        for run in blocking.runs(self.emitted, graph.outputs, kept):
            body = self._blocked(body, run, helpers)
        body = self._with_scratch(body, pooled)
        lines = [f"def {self.function_name}({', '.join(params)}):"]
        self.checked = [params[i] for i in range(len(params)) if self.required >> i & 1]
        if self.checked:  # the plan relies on these inputs being C-contiguous
            self.general = self._global_name('_general')
            self.namespace[self.general] = None  # reserved: compile_graph binds it
            test = ' and '.join(f'{p}.flags.c_contiguous' for p in self.checked)
            lines += [f'    if not ({test}):', f"        return {self.general}({', '.join(params)})"]
        lines.append('    try:')
        self._add_lines(lines, body, '        ')
        outputs = [self._fresh(var, out) for var, out in zip(graph.outputs, outputs)]
        lines.append(f"        return ({', '.join(outputs)}{',' if len(outputs) == 1 else ''})")
        lines += ['    except Exception as exc:', '        _note(exc)', '        raise']
        for header, helper in helpers:
            lines += ['', header]
            self._add_lines(lines, helper, '    ')
        return '\n'.join(lines) + '\n'

    def _add_lines(self, lines, body, indent):
        for text, equation in body:
            if equation is not None:
                self.line_equations[len(lines) + 1] = equation
            lines.append(indent + text)

    def _fresh(self, var, source):
        """An output's source, made a new writeable array where it may be one of the graph's
        frozen constants (passed through by a cond or a loop), as eager numpy gives a new one."""
        if not isinstance(var, Var) or not var.aval.shape and var.aval.shape is not None:
            return source
        made_by = self._made_by.get(var)
        if var in self._constant_vars or made_by in _PASSING:
            return f"{self.src(_writeable, '_writeable')}({source})"
        return source

    def rely_on(self, bits):
        """Note that the plan relies on the inputs `bits` (a `layout`) being C-contiguous."""
        self.required |= bits

    def layouts(self):
        """The `layout.Layouts` of the block being emitted."""
        return self._layouts[-1]

    def block(self, graph, input_names, reuse_inputs=False, owned=(), result_names=(),
              layouts=None, nested=(0, 0)):
        """(lines, output sources) computing `graph` on inputs named `input_names`.

        Lines are (text, equation) pairs, indented relative to the block. A nested
        block (a branch, a loop body) never reuses its inputs' names: they belong
        to the enclosing code, which may read them again. Inputs at indices
        `owned` hold arrays the block may update in place (`inplace`). An output
        computed here goes straight into its name in `result_names` (where the
        enclosing code wants it) once no input of that name is read any more. `layouts`:
        the `layout` of each input (default: none surely C-contiguous). `nested`: how much
        deeper than the enclosing block its lines go (indentation, loops: `outlining`).
        """
        if layouts is None:
            layouts = [None] * len(graph.inputs)
        values = layout.analyse(graph, layouts, _const_layout, self._layout_memo)
        self._layouts.append(values)
        self._nesting.append(outlining.nested(self._nesting[-1], nested))
        for var, value in graph.consts:
            self._names[var] = self.src(value, 'k')
            self._constant_vars.add(var)
        for var, obj in graph.resources:
            self._names[var] = self.src(obj, 'ref')
        self._names.update(zip(graph.inputs, input_names))
        live = live_equations(graph)
        if not self._blocks:  # the top level: which op makes each value
            self._made_by = {v: eq.primitive for eq in live for v in eq.outputs}
        last_use = {a: i for i, eq in enumerate(live) for a in eq.inputs if isinstance(a, Var)}
        last_use.update((a, len(live)) for a in graph.outputs if isinstance(a, Var))
        ownership = inplace.Ownership(last_use, [graph.inputs[i] for i in owned])
        self._blocks.append(ownership)
        top_level = len(self._blocks) == 1
        local = set(graph.inputs) if reuse_inputs else set()
        result_name, read_until = _result_names(graph, input_names, result_names, last_use)
        body, free = [], []
        plain_ufunc = None  # (equation, its line) when the last one emitted was a plain ufunc
        for i, eq in enumerate(live):
            ownership.at = i
            update = self._inplace(eq) if ownership.can_update(eq) else None
            target = eq.inputs[0] if update is not None else None
            into = None  # an input whose array takes the result of a ufunc
            if update is None:
                target = into = buffers.out_buffer(eq, ownership, values)
                if into is not None:
                    self.rely_on(values.result(eq) | values.of(into))
                    update = self._into(eq, into)
                    ownership.updated.add(into)  # a loop then copies such a carried array once
            dying = [v for v in dict.fromkeys(eq.inputs) if v in local and last_use[v] == i
                     and not (update and v is target)]
            free += [self._names[v] for v in dying]
            stored = None
            if update is not None and into is None and not top_level and plain_ufunc:
                stored = stores.into_place(eq, plain_ufunc[0], last_use, i, values,
                                           ownership.aliases.get(eq.inputs[0], ()))
            if stored is not None:  # the ufunc's line writes into the stored-to row itself
                self.rely_on(stored)
                ufunc, line = plain_ufunc
                row = update.partition(' = ')[0]  # the store's `target[index]`
                into_row = f'{self._names[ufunc.outputs[0]]} = {self._call_into(ufunc, row)}'
                body[line:line + 1] = stores.lines(into_row, body[line][0], update, ufunc, eq)
            if update is not None:
                plain_ufunc = None
                if stored is None:
                    body.append((update, eq))
                name = self._names[eq.outputs[0]] = self._names[target]
                # the name now holds the result: no other result goes into it while it is read
                read_until[name] = max(read_until.get(name, -1), last_use.get(eq.outputs[0], -1))
                if target in local:
                    local.add(eq.outputs[0])
            else:
                self.owned_results = set()
                lines = self._equation(eq, last_use, local, free, result_name(i))
                plain_ufunc = (eq, len(body)) if len(lines) == 1 and buffers.takes_out(eq) \
                    else None
                body += lines
            ownership.step(eq, update is not None and into is None, self.owned_results)
            if top_level:
                self.emitted.append((eq, target if update is not None else None))
            body += [(f'del {self._names[v]}', None) for v in dying
                     if self._names[v] in free and _is_big(v.aval)]
        self.finished = self._blocks.pop()
        self._layouts.pop()
        self._nesting.pop()
        if top_level:
            self.top_layouts = values
        return body, [self.atom(a) for a in graph.outputs]

    def _equation(self, eq, last_use, local, free, result_name):
        """The lines computing `eq` into its result names, else fresh (or freed) locals."""
        emit_block = EXECUTOR.get(eq.primitive)
        rhs = None if emit_block else self._rhs(eq)
        targets = []
        for var in eq.outputs:
            if var in last_use:
                name = result_name(var)
                self._names[var] = name or (free.pop() if free else self.slot())
                if name is None:
                    local.add(var)
            targets.append(self._names.get(var, '_'))
        if emit_block and outlining.too_deep(self._nesting[-1]):
            return self._outlined(eq, targets)
        if emit_block:
            return emit_block(self, eq, targets)
        return [(_assignment(targets, rhs, graph_ops.get(eq.primitive).multiple_results), eq)]

    def _outlined(self, eq, targets):
        """`eq`, nested too deep to inline, as a call of a function of its own (`outlining`)."""
        graph, inputs, kept = outlining.equation_graph(eq, targets)
        name = self._global_name(f'_{eq.primitive}_outlined')
        label = f'{self.graph_name}/{eq.primitive}'
        self.namespace[name] = _Deferred(self.namespace, name, lambda: compile_graph(graph, label))
        call = f"{name}({', '.join(self.atom(v) for v in inputs)})"
        return [(_assignment(kept, call, True), eq)]

    def _inplace(self, eq):
        """The statement updating `eq`'s target itself, or None when the op has none here."""
        op = graph_ops.get(eq.primitive)
        params = with_callables(eq.params, lambda g: compile_graph(g, f'{eq.primitive}_graph'))
        return op.inplace([self.atom(a) for a in eq.inputs], params, self.src)

    def _into(self, eq, target):
        """`eq`, a ufunc, computed into the array of its input `target` (`buffers`)."""
        name = self._names[target]
        return f'{name} = ' + self._call_into(eq, name)

    def _into_scratch(self, body, pooled):
        """(The top-level `body` with the lines computing `pooled` results writing into scratch
        buffers the function keeps (`scratch`), {pooled result: its buffer's name})."""
        body, buffer_of = list(body), {var: f'_s{i}' for i, var in enumerate(pooled)}
        for index, (_, eq) in enumerate(body):  # a pooled result's equation is one line
            buffer = buffer_of.get(eq.outputs[0]) if eq is not None and eq.outputs else None
            if buffer is not None:
                body[index] = (f'{self._names[eq.outputs[0]]} = {self._call_into(eq, buffer)}', eq)
        return body, buffer_of

    def _with_scratch(self, body, pooled):
        """`body` taking the scratch buffers of `pooled` results first, giving them back last."""
        if not pooled:
            return body
        self.namespace['_scratch'] = scratch.Scratch([var.aval for var in pooled])
        taken = ', '.join(f'_s{i}' for i in range(len(pooled))) + (',' if len(pooled) == 1 else '')
        return [(f'{taken} = _scratch.take()', None), *body, (f'_scratch.give(({taken}))', None)]

    def _blocked(self, body, run, helpers):
        """`body` with the lines of `run` (`blocking`) run block by block by a new helper
        function, and again as they are when that reports floating-point errors."""
        name = self._global_name('_in_blocks')
        self.namespace[name] = None  # reserved: the helper's definition binds it
        params, lines = blocking.function_lines(
            run, self.src(blocking.block_slices(run), '_blocks'), self.atom,
            lambda eq: self.src(graph_ops.get(eq.primitive).impl, eq.primitive), self.src)
        helpers.append((f"def {name}({', '.join(params)}):", lines))
        call = f"{name}({', '.join([*map(self.atom, run.inputs), *run.kept.values()])})"
        dying = [self._names[v] for v in run.inputs if v not in run.used_after and _is_big(v.aval)]
        return blocking.splice(body, run, call, [self._names[v] for v in run.results], dying)

    def _call_into(self, eq, buffer):
        """The call of `eq`, a ufunc, writing into the array named `buffer`."""
        callee = self.src(graph_ops.get(eq.primitive).impl, eq.primitive)
        return buffers.call_into(callee, [self.atom(a) for a in eq.inputs], buffer)

    def free_array(self, atom, others=()):
        """True if the enclosing block may let a branch or loop body update `atom` in place."""
        ownership = self._blocks[-1]
        if not ownership.free(atom, others):
            return False
        ownership.updated.add(atom)  # it may be: an enclosing loop must then own it first
        return True

    def _rhs(self, eq):
        op = graph_ops.get(eq.primitive)
        args = [self.atom(a) for a in eq.inputs]
        scalar = scalar_ops.operator_source(eq, args, self.numpy_scalar)
        if scalar is not None:
            return scalar
        params = with_callables(eq.params, lambda g: compile_graph(g, f'{eq.primitive}_graph'))
        if op.emit is not None:
            return op.emit(args, params, self.src)
        if op.packed:
            args = [f"({', '.join(args)}{',' if len(args) == 1 else ''})"]
        return call_source(self.src(op.impl, op.name), args, params, self.src)


def _result_names(graph, input_names, result_names, last_use):
    """(`result_name(i)(var)`: the name of `result_names` equation `i` may write output `var`
    into (no value of that name read after equation `i`), or None; the equation reading each
    name last, which the caller extends when an input's array takes a result in place)."""
    wanted = {}
    for var, name in zip(graph.outputs, result_names):
        if isinstance(var, Var) and var not in graph.inputs:
            wanted.setdefault(var, name)
    read_until = {}  # name -> the last equation reading an input of that name
    for var, name in zip(graph.inputs, input_names):
        read_until[name] = max(read_until.get(name, -1), last_use.get(var, -1))

    def at(i):
        def result_name(var):
            name = wanted.get(var)
            return name if name is not None and read_until.get(name, -1) <= i else None
        return result_name
    return at, read_until


def _input_layout(index, aval, contiguous):
    """The `layout` of a graph input: a 0-d value's is always C; an array's of known rank, its
    own bit when the plan assumes C-contiguous inputs."""
    shape = getattr(aval, 'shape', None)
    if shape == ():
        return 0
    if shape is None or not contiguous:
        return None
    return 1 << index


def _const_layout(value):
    """The `layout` of a constant: known when the graph is compiled."""
    if isinstance(value, np.generic):
        return 0
    if isinstance(value, np.ndarray) and value.flags.c_contiguous:
        return 0
    return None


def _hint(value):
    """A readable global name for a value: its own name, a dtype's name, else 'k'."""
    for attribute in ('__name__', 'name'):
        name = getattr(value, attribute, None)
        if isinstance(name, str) and name:
            return name
    return 'k'


def _assignment(targets, rhs, multiple):
    if not targets:
        return rhs
    comma = ',' if multiple and len(targets) == 1 else ''
    return f"{', '.join(targets)}{comma} = {rhs}"


def _is_big(aval):
    n = size(aval.shape)
    return n is None or n >= _BIG
