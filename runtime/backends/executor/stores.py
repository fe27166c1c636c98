"""A ufunc whose result is only stored into a row writes into that row itself (`out=`).

In a loop filling an array row by row, `out[i] = m[i] * 2` is eagerly a new
row array, then a copy of it into `out`. When the executor stores in place
(`inplace`) the result of the ufunc emitted just before, which nothing else
reads, into a basic index (ints, slices, None, ...: a view) whose region has
the result's exact shape and dtype, the ufunc writes there:

    try:
        v6 = multiply(v6, 2, out=v5[v4])
    except IndexError:
        v6 = multiply(v6, 2)
        v5[v4] = v6

numpy computes the same values either way (the same loop; the store would
only copy them) when the ufunc's loop runs on the same memory layout as
eagerly: the row has the layout numpy would give the result, both C-contiguous
(`layout`), and an operand that may share the stored-to array's memory (a
view of it: `out[i - 1]`) is C-contiguous too, so it is either the row itself,
or lies apart from it, or overlaps it so that numpy copies it first. A
column `out[:, i]` is strided, and a column read beside it (`out[:, i - 1]`)
interleaves with it: numpy's SIMD kernels (exp, log, tanh, ...) then take
their scalar loop, whose last bits differ from the contiguous loop's. An index out of bounds fails before the ufunc runs, so then
the lines run as they were, the ufunc first (its warnings, its errors) and the
store's IndexError after it, as eagerly. Only in branches and loop bodies: at
the top level, scratch buffers and blocked runs rewrite a ufunc's line.
"""
from ... import graph_ops
from ...ir.core import Hole
from . import buffers, layout


def into_place(store, ufunc, last_use, at, layouts, views):
    """The `layout` (input bits) on which `store`, a `set_item` run in place at equation `at`,
    may have `ufunc` (emitted just before it, without `out=`) write its result into the
    stored-to region; None if it may not. `layouts`: the block's `layout.Layouts`; `views`:
    the values that may share the stored-to array's memory."""
    if store.primitive != 'set_item' or not buffers.takes_out(ufunc):
        return None
    value = ufunc.outputs[0]
    if store.inputs[1] is not value or last_use.get(value) != at:
        return None
    index, dynamic = store.params['index'], [a.aval for a in store.inputs[2:]]
    if not all(_basic(item, dynamic) for item in index):
        return None
    region = graph_ops.get('getitem').rule(store.inputs[0].aval, *dynamic, index=index)
    if not region.shape or None in region.shape or region != value.aval:
        return None
    target = store.inputs[0]
    sharing = [layouts.of(a) for a in ufunc.inputs if a is target or a in views]
    return layout.merge(layouts.result(ufunc),
                        layout.index_layout(target, index, store.inputs[2:], layouts), *sharing)


def lines(into_row, ufunc_line, store_line, ufunc, store):
    """The lines computing `ufunc` by `into_row` (its line writing into the stored-to row), or,
    when the row's index is out of bounds, as before: `ufunc_line`, then `store_line` raising
    numpy's IndexError. (text, equation) pairs."""
    return [('try:', None), (f'    {into_row}', ufunc),
            ('except IndexError:', None), (f'    {ufunc_line}', ufunc), (f'    {store_line}', store)]


def _basic(item, dynamic):
    """True if `item` of an index template picks a view: no array, bool or list index."""
    if isinstance(item, Hole):
        aval = dynamic[item.index]
        return aval is not None and aval.shape == () and aval.dtype.kind in 'iu'
    return item is None or item is Ellipsis or isinstance(item, slice) or (
        isinstance(item, int) and type(item) is not bool)
