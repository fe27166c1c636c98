"""Which values of a graph are surely C-contiguous: where an `out=` array has numpy's own layout.

numpy gives a ufunc's result the memory order closest to its operands (order
'K'): `0.1 * X.T` is Fortran-ordered. The executor's `out=` arrays (a scratch
buffer, a dying temporary, a row of an array) have a layout of their own, and
a result in another layout than eager numpy's has the same values but not the
same behaviour: matmul (BLAS takes another path), reductions (pairwise sums
follow memory order), `strides` and `flags`, even a kernel's choice between
its contiguous and strided loops differ. So the executor writes into `out=`
only where numpy's own result would be C-contiguous, as its `out=` arrays are.

A value's *layout* here is None (not surely C-contiguous) or an int: the set of
the function's inputs (a bit per input index) that must be C-contiguous when
the function is called for the value to be C-contiguous; 0 when it always is.
`analyse` computes it for every value of one block, in program order, from
the layouts of the block's inputs (each op declares which of these it is: `Op.layout`):

- new arrays numpy makes in C order: `zeros`, `ones`, `full`, `empty`, `eye`,
  `arange`, 2-d (and vector) products, and any ufunc, reduction or product
  result with at most one axis longer than 1; a variable's value (always kept
  C-contiguous);
- results numpy lays out like their operands (ufuncs, `where`, `clip`,
  reductions, scans, joins, `astype`, `copy`, `zeros_like`, sorts, updates):
  C when every operand is; an operand with at most one axis longer than 1
  (a row, a column, a scalar, a broadcast vector) takes no part in numpy's
  choice of the order;
- views that stay C: `reshape`, `ravel`, `squeeze` and `expand_dims` of a C
  array, and indexing it with integers on its first axes, then at most one
  slice of step 1, then whole axes;
- a branch's result when both branches' are; a loop's carried value when its
  value on entry and the body's result are (a fixed point).

The compiled function is generated assuming its array inputs C-contiguous
(their bits); the bits its `out=` decisions used are checked once on entry,
and a call with another input runs a version compiled without that
assumption (`executor.compile_graph`).
"""
from ...ir import registry
from ...ir.core import Hole, Literal, Var


def merge(*layouts):
    """The layout of a value that is one of values of these layouts (None if any is None)."""
    bits = 0
    for layout in layouts:
        if layout is None:
            return None
        bits |= layout
    return bits


def effective_rank(aval):
    """How many axes of `aval` may be longer than 1 (None: rank unknown)."""
    shape = getattr(aval, 'shape', None)
    if shape is None:
        return None
    return sum(d != 1 for d in shape)


def _neutral(aval):
    """True if an operand of this type takes no part in numpy's choice of memory order: a
    scalar, or an array with at most one axis longer than 1 (broadcast axes have stride 0)."""
    rank = effective_rank(aval)
    return rank is not None and rank <= 1


class Layouts:
    """The layouts of one block's values (`analyse`), and the input bits the code relies on."""

    def __init__(self, values, analyse_block):
        self.values = values  # Var -> layout
        self.analyse_block = analyse_block  # (graph, input layouts) -> Layouts of a nested block

    def of(self, atom):
        if isinstance(atom, Literal):
            return 0
        return self.values.get(atom)

    def operands(self, eq):
        """The input bits under which numpy lays out `eq`'s result like a C array's, or None:
        every operand is C-contiguous or takes no part in the choice."""
        bits = 0
        for atom in eq.inputs:
            if isinstance(atom, Literal) or _neutral(atom.aval):
                continue
            layout = self.values.get(atom)
            if layout is None:
                return None
            bits |= layout
        return bits

    def result(self, eq):
        """The layout of `eq`'s first result (None: not surely C-contiguous)."""
        return self.values.get(eq.outputs[0]) if eq.outputs else None


def analyse(graph, inputs, consts_layout, memo=None):
    """`Layouts` of the values of `graph` (one block; nested blocks are analysed when asked),
    given the layouts `inputs` of its inputs. `consts_layout(value)` gives a constant's."""
    memo = {} if memo is None else memo
    key = (id(graph), tuple(inputs))
    found = memo.get(key)
    if found is not None and found[0] is graph:
        return found[1]

    def nested(sub, layouts):
        return analyse(sub, layouts, consts_layout, memo)

    values = dict(zip(graph.inputs, inputs))
    for var, value in graph.consts:
        values[var] = consts_layout(value)
    layouts = Layouts(values, nested)
    for eq in graph.equations:
        for var, layout in zip(eq.outputs, _results(eq, layouts)):
            if layout is not None and getattr(var.aval, 'shape', None) is not None:
                values[var] = layout
    memo[key] = (graph, layouts)
    return layouts


def _results(eq, layouts):
    """The layouts of `eq`'s results."""
    name, outs = eq.primitive, eq.outputs
    if name == 'cond':
        return cond_results(eq, layouts)
    if name == 'while':
        return while_results(eq, layouts)[1]
    if name == 'errstate':  # one op under np.errstate: its results' layouts
        graph = eq.params['graph']
        inner = layouts.analyse_block(graph, [layouts.of(a) for a in eq.inputs])
        return [inner.of(a) for a in graph.outputs]
    return [_made(eq, layouts, out) for out in outs]


def _made(eq, layouts, out):
    name, params = eq.primitive, eq.params
    rank = effective_rank(out.aval)
    if rank is None:
        return None
    op = registry.get(name)
    kind = op.layout  # declared with the op (`Op.layout`)
    if kind == 'operands':
        if name == 'where' and len(eq.inputs) != 3:
            return None  # np.where(c): nonzero's index arrays, views of one array
        return 0 if rank <= 1 else layouts.operands(eq)
    if kind == 'product':
        return _product(eq, layouts, out)
    if kind == 'c':  # a variable's value is always C-contiguous (`graph_ops/state.py`)
        return 0 if params.get('order', 'C') == 'C' else None
    if kind == 'first':
        order = params.get('order', 'K')
        if order == 'C' and not op.view:
            return 0  # a new array in C order (`copy`, `astype` of order='C')
        if order not in ('K', 'A', 'C') or params.get('copy', True) is False:
            return None
        return layouts.of(eq.inputs[0])
    if kind == 'update' or (name == 'ufunc_out' and params['given'] == (True,)):
        return layouts.of(eq.inputs[0])
    if name == 'getitem':
        return _indexed(eq, layouts)
    return None


def _product(eq, layouts, out):
    """matmul & co: numpy's new array is C up to two dims; batched, it follows the operands."""
    if len(out.aval.shape) <= 2:
        return 0
    return layouts.operands(eq)


def _indexed(eq, layouts):
    """`x[index]`: C when `x` is and the index keeps the view C-contiguous."""
    return index_layout(eq.inputs[0], eq.params['index'], eq.inputs[1:], layouts)


def index_layout(x, index, dynamic, layouts):
    """The layout of the view `x[index]` (`index` a template, `dynamic` its holes' atoms): `x`'s
    when the view stays C-contiguous: integers on the first axes, then at most one slice of step
    1, then whole axes (anything goes on an axis of length 1); else None."""
    layout = layouts.of(x)
    shape = getattr(x.aval, 'shape', None)
    if layout is None or shape is None:
        return None
    consumed = []
    for item in index:
        if isinstance(item, Hole):
            atom = dynamic[item.index]
            aval = atom.aval if isinstance(atom, Var) else None
            if aval is None or aval.shape != () or aval.dtype.kind not in 'iu':
                return None  # an index array (advanced indexing: a copy in its own order)
        elif type(item) is bool:
            return None
        if item is not None:
            consumed.append(item)
    if consumed.count(Ellipsis) > 1 or len(consumed) - (Ellipsis in consumed) > len(shape):
        return None
    if Ellipsis in consumed:
        at = consumed.index(Ellipsis)
        consumed[at:at + 1] = [slice(None)] * (len(shape) - len(consumed) + 1)
    sliced = False  # a slice was taken: only whole axes may follow
    for item, length in zip(consumed, shape):
        if length == 1:
            continue
        if isinstance(item, slice):
            if item.step not in (None, 1):
                return None
            if sliced and not (item.start is None and item.stop is None):
                return None
            sliced = True
        elif sliced:
            return None  # an integer after a slice: a strided view
    return layout


def cond_results(eq, layouts):
    """The layouts of a `cond`'s results: those both branches give."""
    args = [layouts.of(a) for a in eq.inputs[1:]]
    result = None
    for key in ('true_branch', 'false_branch'):
        branch = eq.params[key]
        inner = layouts.analyse_block(branch, args)
        outs = [inner.of(a) for a in branch.outputs]
        result = outs if result is None else [merge(a, b) for a, b in zip(result, outs)]
    return result


def while_results(eq, layouts):
    """(the layouts of the body's inputs, of the loop's results): a carried value is C if it is
    on entry and the body gives it back C whenever its carried values are (a fixed point)."""
    n, body = eq.params['carried'], eq.params['body']
    outer = [layouts.of(a) for a in eq.inputs]
    carried = outer[:n]
    while True:
        inner = layouts.analyse_block(body, carried + outer[n:])
        again = [merge(c, inner.of(o)) for c, o in zip(carried, body.outputs)]
        if again == carried:
            return carried + outer[n:], carried
        carried = again
