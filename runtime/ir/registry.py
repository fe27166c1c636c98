"""The op registry: each op registered once, its numpy implementation beside its type rule.

The ops themselves live in `runtime.graph_ops`, one family per module.
"""
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Op:
    """An op: `impl(*inputs, **params)` computes it, `rule(*input_types, **params)` types it.

    `rule` returns an AbstractValue, a list of them (`multiple_results`) or None
    (no outputs); it raises the error eager numpy would raise for those types.
    `stateful` ops are never eliminated and keep their program order. A `packed`
    impl takes its inputs as one tuple, like `np.concatenate(arrays)`.
    `emit(args, params, src)`, when given, is the Python expression the compiled
    executor uses instead of calling `impl`; it must compute the same value.
    `inplace(args, params, src)`, for update ops (`updates.py`), is a statement
    that updates the first input itself to that value (or None when it cannot).

    What numpy calls stage it and how its results hold memory (the tracer and the
    executor derive their tables from these; `tests/runtime/graph_ops/test_op_table.py`
    checks them against numpy):
    `numpy`: the numpy functions staging it; `numpy_inputs` of their leading
    parameters are its inputs, the others its params (None: a handler of its own in
    `tracing/numpy_functions.py` stages it). `methods`: the ndarray methods staging
    it, as `np.<method>(x, ...)` does. `fresh`: its results are new arrays sharing
    memory with nothing (for rank >= 1). `array_result`: a 0-d result is a 0-d
    array, not a numpy scalar. `view`: numpy's function returns a view of its first
    input (where it can). `in_place_method`: the ndarray method doing the op on the array
    itself (`x.sort()` is `x[...] = np.sort(x)`). `view_when_strides_allow`: the view is a
    copy when the input's strides do not allow one (reshape, ravel). `undo`, for a view op: how
    a write into the view reaches its base (`tracing.memory.views`): 'reshape' (the view keeps
    the base's elements in C order: reshape it back), 'itself' (the op with the same params).

    `layout`: how numpy lays out its result (`runtime.backends.executor.layout`): 'operands' in the
    memory order of its operands (order 'K', as a ufunc's), 'first' as its first input (a
    copy in order 'K', or a view that stays C), 'c' a new C array (given order='C'),
    'product' a new C array up to two dims (batched: as 'operands'), 'update' as the target
    it updates; None: not known to be C-contiguous. `fp_quiet`: numpy reports no
    floating-point error from it (no numbers computed, or none that can err): staged as is
    under a traced `np.errstate`, not wrapped in a region (`tracing.errstate_regions`).
    """
    name: str
    impl: Callable
    rule: Callable
    stateful: bool = False
    multiple_results: bool = False
    packed: bool = False
    emit: Callable | None = None
    inplace: Callable | None = None
    numpy: tuple = ()
    numpy_inputs: int | None = 1
    methods: tuple = ()
    fresh: bool = False
    array_result: bool = False
    view: bool = False
    in_place_method: str | None = None
    view_when_strides_allow: bool = False
    undo: str | None = None
    layout: str | None = None
    fp_quiet: bool = False

    def evaluate(self, inputs, params):
        if self.packed:
            return self.impl(tuple(inputs), **params)
        return self.impl(*inputs, **params)


_OPS = {}
GRADIENTS = {}  # op name -> vjp(needed, g, out, inputs, params): one cotangent (or None) per input
NO_GRADIENT = {}  # op name -> why it has none (differentiation stops there: see runtime.autodiff)


def register(op):
    if op.name in _OPS:
        raise ValueError(f'graph op {op.name!r} is registered twice')
    if op.layout is not None and op.layout not in LAYOUTS:
        raise ValueError(f'graph op {op.name!r}: layout {op.layout!r} is none of {LAYOUTS}')
    _OPS[op.name] = op
    return op


def defop(name, impl, **flags):
    """Decorator: the decorated function is the type rule of op `name`, computed by `impl`."""
    def decorate(rule):
        register(Op(name, impl, rule, **flags))
        return rule
    return decorate


def defvjp(name, *input_rules):
    """The gradient of one-output op `name`: `input_rules[i](g, out, *inputs, **params)` gives
    the cotangent of input i from the output's cotangent `g`; a missing rule or None: none."""
    def vjp(needed, g, out, inputs, params):
        return [rule(g, out, *inputs, **params) if need and rule is not None else None
                for need, rule in zip(needed, input_rules + (None,) * len(inputs))]
    GRADIENTS[name] = vjp


def defvjp_all(*names):
    """Decorator: `rule(needed, g, out, *inputs, **params)` gives every input's cotangent at once
    (None where `needed[i]` is false or there is none); `g`, `out` are lists for multiple outputs."""
    def decorate(rule):
        for name in names:
            GRADIENTS[name] = lambda needed, g, out, inputs, params: rule(
                needed, g, out, *inputs, **params)
        return rule
    return decorate


def no_gradient(reason, *names):
    """Ops `names` have no gradient, because of `reason` (they are never differentiated)."""
    for name in names:
        NO_GRADIENT[name] = reason


def get(name):
    op = _OPS.get(name)
    if op is None:
        raise KeyError(f'unknown graph op {name!r}')
    return op


def is_registered(name):
    return name in _OPS


def names():
    """The names of every registered op, in registration order."""
    return list(_OPS)


def all_ops():
    """Every registered op, in registration order."""
    return list(_OPS.values())


def names_where(flag):
    """The names of the ops whose field `flag` is set (`fresh`, `array_result`, `view`...)."""
    return frozenset(op.name for op in _OPS.values() if getattr(op, flag))


LAYOUTS = ('operands', 'first', 'c', 'product', 'update')


def method_names():
    """The ndarray methods the ops declare (`Op.methods`): `x.<name>(...)` is `np.<name>(x, ...)`."""
    return sorted(name for op in _OPS.values() for name in op.methods)


def in_place_methods():
    """The ndarray methods that do an op on the array itself (`Op.in_place_method`)."""
    return frozenset(op.in_place_method for op in _OPS.values() if op.in_place_method)


def numpy_functions():
    """numpy function -> the op it stages, for every function an op declares (`Op.numpy`)."""
    return {function: op for op in _OPS.values() for function in op.numpy}
