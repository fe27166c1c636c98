"""The builtins that `converted_call` overloads while tracing, and the ones it must not wrap.

Outside a trace every builtin is called as it is. While tracing, a call to one
of OVERLOADED goes to the graph runtime's method of that name, which stages
graph ops for tensor arguments and otherwise calls the builtin.
"""
import builtins

OVERLOADED = {
    getattr(builtins, name): name
    for name in ('range', 'len', 'print', 'abs', 'int', 'float', 'round', 'min', 'max',
                 'enumerate', 'zip', 'map', 'filter', 'any', 'all', 'sorted', 'next', 'isinstance',
                 'sum')
}

# Builtins that read the frame that calls them, and how many positional arguments make them
# read none (`eval(src, g)`, `vars(obj)`, `super(C, obj)`). The converter leaves their calls
# as written; `converted_call` runs them as if called where its `caller_fn_scope` is. Standard
# library only, so the converter imports it without the graph runtime.
FRAME_READERS = {'super': 1, 'globals': 1, 'locals': 1, 'vars': 1, 'dir': 1, 'eval': 2, 'exec': 2}
# Of those, the ones that read the caller's local variables, which a generated closure has not.
LOCALS_READERS = frozenset(('locals', 'vars', 'dir', 'eval', 'exec'))
