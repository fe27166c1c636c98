"""Cache blocking in the numpy executor: a run of elementwise ops goes over big arrays block by block.

Eagerly, `np.tanh(x * a + b) * c + np.exp(-x)` on 1M float32 makes seven
passes over 4 MB arrays, each reading and writing memory the pass before has
pushed out of the core's cache. A compiled graph knows the whole chain, so,
as a fusing compiler would, the executor runs a run of consecutive ufuncs (and
`np.where`) of one big static shape one block of elements (256 KiB per array)
at a time, calling the same numpy functions; the block's temporaries stay in
the cache and only the run's results used after it become whole arrays:

    def _in_blocks(a0, a1, a2, a3):
        if not (a0.flags.c_contiguous):
            return None
        seen = _FloatErrors()
        with _errstate(all='call', call=seen):
            r0 = _empty((1000000,), float32)
            f0 = a0.reshape(-1)
            g0 = r0.reshape(-1)
            w0 = _empty((65536,), float32)
            for s, c in _blocks:
                x0 = f0[s]
                y0 = g0[s]
                t0 = w0[c]
                multiply(x0, a1, out=y0)
                add(y0, a2, out=y0)
                ...
        if seen.reported():
            return None
        return (r0,)

Each element goes through the same contiguous ufunc loop as unblocked, so the
values are bitwise the same. The order of floating-point errors is not: a later
op may overflow on the first block before an earlier op does on a later one.
So the blocks count the errors instead of reporting them, and when the caller's
`np.errstate` would report one (a warning, an exception, a callback), the
helper returns None and the executor runs the plain lines, which report them
as eager numpy does; it does the same for an input that is not C-contiguous
(a flat view would be a copy, and results would lose eager numpy's layout). A
rerun needs the inputs whole, so a run whose unblocked lines would write a
result into a dying input's array is left unblocked: blocked, it would need a
new big array, whose page faults cost about what the blocks save.
"""
from dataclasses import dataclass, field

import numpy as np

from ...ir.core import Var
from ...ir.shapes import size
from . import buffers

MIN_BYTES = 1 << 20  # smaller arrays stay in the cache anyway
BLOCK_BYTES = 1 << 18  # per array of a block: in the cache, and few blocks (a ufunc call per op each)
_KINDS = frozenset('biufc')  # dtypes whose ufuncs are plain numeric loops (no Python objects)
# numpy's floating-point error flags, by np.errstate's names
_FLAGS = {'divide': 1, 'over': 2, 'under': 4, 'invalid': 8}


class FloatErrors:
    """An `np.errstate` callback counting the floating-point errors seen, reporting none."""

    __slots__ = ('flags',)

    def __init__(self):
        self.flags = 0

    def __call__(self, kind, flag):
        self.flags |= flag

    def reported(self):
        """True if the caller's error handling would report one of the errors seen."""
        if not self.flags:
            return False
        modes = np.geterr()
        return any(self.flags & bit and modes[name] != 'ignore' for name, bit in _FLAGS.items())


@dataclass
class Run:
    """A run of consecutive top-level elementwise ops with one result shape, and its plan."""
    equations: list
    shape: tuple
    inputs: list = field(default_factory=list)   # outside Vars read: full-shaped or 0-d
    results: list = field(default_factory=list)  # values of the run read after it
    kept: dict = field(default_factory=dict)     # result -> the scratch buffer it goes into
    slots: dict = field(default_factory=dict)    # Var of the run -> ('result', i) or ('work', i)
    work: list = field(default_factory=list)     # dtype of each block-sized work buffer
    used_after: set = field(default_factory=set)  # Vars read after the run (or graph outputs)

    @property
    def itemsize(self):
        """The widest result's: it sets the bytes of a block and of the run."""
        return max(eq.outputs[0].aval.dtype.itemsize for eq in self.equations)

    @property
    def block(self):
        return max(1, min(BLOCK_BYTES // self.itemsize, size(self.shape)))

    @property
    def full_inputs(self):
        return [v for v in self.inputs if v.aval.shape == self.shape]


def _is_select(eq):
    """`np.where(condition, x, y)` on a boolean condition (it has no `out=`)."""
    return (eq.primitive == 'where' and len(eq.inputs) == 3 and not eq.params
            and isinstance(eq.inputs[0], Var) and eq.inputs[0].aval.dtype == np.bool_)


def _shape(eq):
    """The static shape of `eq`'s result if `eq` can run block by block, else None."""
    if not (buffers.takes_out(eq) or _is_select(eq)):
        return None
    aval = eq.outputs[0].aval
    if aval.weak or not aval.shape or None in aval.shape or aval.dtype.kind not in _KINDS:
        return None
    for atom in eq.inputs:
        if isinstance(atom, Var) and (getattr(atom.aval, 'dtype', None) is None  # a resource
                                      or atom.aval.shape not in ((), aval.shape)
                                      or atom.aval.dtype.kind not in _KINDS):
            return None
    return aval.shape


def runs(emitted, outputs, kept):
    """The runs worth blocking among `emitted`, the top-level (equation, array it wrote into
    or None) pairs in program order: at least two elementwise ops in a row with one static
    shape of `MIN_BYTES` or more. `outputs` are the graph's; `kept` maps a result pooled in a
    scratch buffer (`scratch`) to the buffer's name.
    """
    found, current, shape = [], [], None
    for eq in [eq for eq, _ in emitted] + [None]:
        this = None if eq is None else _shape(eq)
        if current and this != shape:
            found.append(Run(current, shape))
            current = []
        if this is not None:
            current.append(eq)
            shape = this
    target = {eq.outputs[0]: into for eq, into in emitted if into is not None and eq.outputs}
    position = {id(eq): i for i, (eq, _) in enumerate(emitted)}
    worth = []
    for run in found:
        if len(run.equations) < 2 or size(run.shape) * run.itemsize < MIN_BYTES:
            continue
        run.used_after = {a for a in outputs if isinstance(a, Var)}
        for eq, _ in emitted[position[id(run.equations[-1])] + 1:]:
            run.used_after.update(a for a in eq.inputs if isinstance(a, Var))
        if _plan(run, target, kept):
            worth.append(run)
    return worth


def _plan(run, target, kept):
    """Where each value of `run` lives in a block: a result's array, or a work buffer; False
    if the run is better left unblocked.

    A value occupies its place from the op writing it to the last op reading it; an op may
    write into the place of an operand it reads last (ufuncs allow exact overlap), and a
    result's place serves as a work buffer until the op writing the result.
    """
    made = {eq.outputs[0]: i for i, eq in enumerate(run.equations)}
    last_read = {}
    for i, eq in enumerate(run.equations):
        for atom in eq.inputs:
            if isinstance(atom, Var) and atom not in made and atom not in run.inputs:
                run.inputs.append(atom)
            if atom in made:
                last_read[atom] = i
    run.results = [var for var in made if var in run.used_after]
    for var in run.results:
        array = var  # where the unblocked lines put the result: follow their `out=` arrays
        while array in made and array not in kept:
            array = target.get(array)
        if array in run.inputs:
            # unblocked, the result takes over a dying input's array; blocked, it cannot (the
            # input must stay whole for a rerun), and a new big array costs page faults
            return False
        if array in kept:
            run.kept[var] = kept[array]
    end = len(run.equations)
    busy = {}  # place -> [(first, last)] spans it is occupied
    for index, var in enumerate(run.results):
        run.slots[var] = ('result', index)
        busy[run.slots[var]] = [(made[var], end)]
    for i, eq in enumerate(run.equations):
        var = eq.outputs[0]
        if var in run.slots:
            continue
        span = (i, last_read.get(var, i))
        dying = [run.slots[a] for a in eq.inputs if a in made and last_read[a] == i]
        places = [p for p in dying + list(busy) if _dtype(run, p) == var.aval.dtype]
        place = next((p for p in places if _fits(busy[p], span)), None)
        if place is None:
            place = ('work', len(run.work))
            run.work.append(var.aval.dtype)
            busy[place] = []
        busy[place].append(span)
        run.slots[var] = place
    return True


def _dtype(run, place):
    kind, index = place
    return run.results[index].aval.dtype if kind == 'result' else run.work[index]


def _fits(spans, span):
    """True if a value alive over `span` may share a place with values alive over `spans`
    (touching ends are fine: the op at the end reads one and writes the other)."""
    first, last = span
    return all(other_last <= first or last <= other_first for other_first, other_last in spans)


def function_lines(run, blocks_name, literal, callee, src):
    """(parameters, lines) of the function running `run` block by block.

    It takes the values of `run.inputs`, then the buffers of `run.kept`, and returns None
    unless every full-shaped input is C-contiguous (a flat view of it is then free, and
    results have eager numpy's layout). `literal(atom)` is the source of a literal input,
    `callee(eq)` names an equation's numpy function and `src(value, hint)` any other global.
    Lines are (text, equation) pairs, indented from the function's body.
    """
    params = [f'a{i}' for i in range(len(run.inputs))]
    given = list(run.kept)
    params += [f'b{i}' for i in range(len(given))]
    param_of = dict(zip(run.inputs, params)) | {v: f'b{i}' for i, v in enumerate(given)}
    empty, shape = src(np.empty, '_empty'), repr(run.shape)
    full = run.full_inputs
    setup = []
    for i, var in enumerate(run.results):
        setup.append(f'r{i} = ' + (param_of[var] if var in param_of else
                                   f'{empty}({shape}, {src(var.aval.dtype)})'))
    setup += [f'f{i} = {param_of[v]}.reshape(-1)' for i, v in enumerate(full)]
    setup += [f'g{i} = r{i}.reshape(-1)' for i in range(len(run.results))]
    first = {}  # work buffer -> the op first writing into it in each block
    for eq in run.equations:
        kind, index = run.slots[eq.outputs[0]]
        if kind == 'work':
            first.setdefault(index, eq)
    # a select first in its place makes each block's array itself: that place needs no buffer
    buffered = [i for i in range(len(run.work)) if not _is_select(first[i])]
    setup += [f'w{i} = {empty}(({run.block},), {src(run.work[i])})' for i in buffered]
    views = [f'x{i} = f{i}[s]' for i in range(len(full))]
    views += [f'y{i} = g{i}[s]' for i in range(len(run.results))]
    views += [f't{i} = w{i}[c]' for i in buffered]
    names = {v: f'x{i}' for i, v in enumerate(full)}
    names.update((v, param_of[v]) for v in run.inputs if v not in names)
    names.update((v, ('y' if kind == 'result' else 't') + str(index))
                 for v, (kind, index) in run.slots.items())
    loop = []
    for eq in run.equations:
        args = [names[a] if isinstance(a, Var) else literal(a) for a in eq.inputs]
        out = names[eq.outputs[0]]
        if _is_select(eq):  # np.copyto(..., where=) is 5x slower than a new block
            select = f"{callee(eq)}({', '.join(args)})"
            if run.slots[eq.outputs[0]][0] == 'result':
                select = f"{src(np.copyto, '_copyto')}({out}, {select})"
            else:  # the block's work buffer name holds the new block until the next block
                select = f'{out} = {select}'
            loop.append((select, eq))
        else:
            loop.append((buffers.call_into(callee(eq), args, out), eq))
    contiguous = ' and '.join(f'{param_of[v]}.flags.c_contiguous' for v in full)
    results = ', '.join(f'r{i}' for i in range(len(run.results)))
    lines = [(f'if not ({contiguous}):', None), ('    return None', None),
             (f"seen = {src(FloatErrors, '_FloatErrors')}()", None),
             (f"with {src(np.errstate, '_errstate')}(all='call', call=seen):", None),
             *((f'    {text}', None) for text in setup),
             (f'    for s, c in {blocks_name}:', None),
             *((f'        {text}', None) for text in views),
             *((f'        {text}', eq) for text, eq in loop),
             ('if seen.reported():', None), ('    return None', None),
             (f"return ({results}{',' if len(run.results) == 1 else ''})", None)]
    return params, lines


def splice(body, run, call, results, dying):
    """The lines `body` (top-level (text, equation) pairs) with those of `run` kept for when
    the helper `call` returns None, else its results bound to the names `results`.

    Names the plain lines leave deleted, or holding a big input the run reads last (`dying`),
    let their arrays go either way (set to None: the plain lines may never have bound them).
    """
    line_of = {id(eq): i for i, (_, eq) in enumerate(body) if eq is not None}
    first, last = line_of[id(run.equations[0])], line_of[id(run.equations[-1])]
    while last + 1 < len(body) and body[last + 1][1] is None \
            and body[last + 1][0].startswith('del '):
        last += 1  # the values dying at the run's last op
    span = body[first:last + 1]
    dropped = {text[4:] for text, eq in span if eq is None and text.startswith('del ')}
    dropped = sorted(dropped.union(dying).difference(results))
    return [*body[:first],
            (f'_blocked = {call}', None),
            ('if _blocked is None:', None),
            *((f'    {text}', eq) for text, eq in span),
            ('else:', None),
            (f"    {', '.join(results)}{',' if len(results) == 1 else ''} = _blocked", None),
            *((f'    {name} = None', None) for name in dropped),
            ('    _blocked = None', None),
            *body[last + 1:]]


def block_slices(run):
    """(slice of the flat arrays, slice of the work buffers) for each block of `run`."""
    n, step = size(run.shape), run.block
    return tuple((slice(start, min(start + step, n)),
                  slice(None) if start + step <= n else slice(0, n - start))
                 for start in range(0, n, step))
