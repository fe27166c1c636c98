"""Helpers for ops' `emit`: the Python source the compiled executor runs for an equation."""


def call_source(callee, args, params, src):
    """`callee(arg, ..., key=value, ...)` as Python source, params through `src`."""
    parts = list(args) + [f'{k}={src(v)}' for k, v in params.items()]
    return f"{callee}({', '.join(parts)})"


def method_emitter(method):
    """An `emit` that calls a method of the first input (numpy scalars and arrays alike)."""
    def emit(args, params, src):
        return call_source(f'{args[0]}.{method}', args[1:], params, src)
    return emit


def ufunc_method_emitter(method):
    """An `emit` calling the bound method (e.g. `np.add.reduce`) of the op's `ufunc` param."""
    def emit(args, params, src):
        ufunc = params['ufunc']
        rest = {k: v for k, v in params.items() if k != 'ufunc'}
        callee = src(getattr(ufunc, method), f'{ufunc.__name__}_{method}')
        return call_source(callee, args, rest, src)
    return emit
