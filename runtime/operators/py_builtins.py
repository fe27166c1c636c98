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

# Calls the converter leaves alone: they read the caller's frame or scope.
FRAME_DEPENDENT = frozenset(('super', 'locals', 'globals', 'vars', 'dir', 'eval', 'exec'))
